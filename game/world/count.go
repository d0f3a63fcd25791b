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

// Bytes writes a byte count for people, in the one convention the window,
// cmd/bench's text report and the docs share: decimal units (1 MB is
// 10⁶ bytes), megabytes with two decimals from 0.1 MB ("3.21 MB",
// "0.28 MB", "472.12 MB"), kilobytes with one below that ("45.3 kB"),
// bytes under 1 kB ("812 B"). The window said "3.1 MiB" for what bench
// and the README call "3.21 MB", and a reader took them for two figures.
func Bytes(n int64) string {
	switch {
	case n >= 1e5:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 2, 64) + " MB"
	case n >= 1e3:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " kB"
	}
	return strconv.FormatInt(n, 10) + " B"
}
