package world

import "strconv"

// Count writes a count for the window with its thousands grouped by commas
// ("233,264", "1,628,200", "-1,024"; "999" as it is), so the figures of a
// large map read at a glance. Every count the panel, the bars and the
// notes show goes through it; the event log keeps plain numbers for tools.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	if len(s) <= 3 {
		if neg {
			return "-" + s
		}
		return s
	}
	b := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		b = append(b, '-')
	}
	head := len(s) % 3
	if head == 0 {
		head = 3
	}
	b = append(b, s[:head]...)
	for i := head; i < len(s); i += 3 {
		b = append(b, ',')
		b = append(b, s[i:i+3]...)
	}
	return string(b)
}

// Plural writes a count with its noun for the window: "1 cluster",
// "12 clusters", "1,024 clusters" (Count's commas).
func Plural(n int, one, many string) string { return plural(n, one, many) }
