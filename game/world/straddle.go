package world

import (
	"fmt"
	"slices"
	"strings"

	"pathlens/maps"
)

// straddleNotes says, for each region layer above the first, which rooms
// of the layer below lie in more than one of its regions. The group
// hierarchy puts a lower room wholly into the region of its representative
// cell (docs/groups.md, design choices), so a level-2 room drawn across
// level-1 rooms is drawn one way and planned another: a designer's test
// found "West wing" covering half of rooms B and K while the planner put
// both wholly into "East wing", with no word. At most three rooms are
// named per layer, with a count of the rest.
func straddleNotes(regions [][]byte, names []map[byte]string) []string {
	var notes []string
	for l := 1; l < len(regions); l++ {
		below, above := regions[l-1], regions[l]
		if len(below) != len(above) {
			continue
		}
		var in [256][]byte // room below → the regions above its cells lie in
		for i, c := range below {
			a := above[i]
			if maps.RegionNone(c) || maps.RegionNone(a) || slices.Contains(in[c], a) {
				continue
			}
			in[c] = append(in[c], a)
		}
		var rooms []string
		for c := range in {
			if len(in[c]) < 2 {
				continue
			}
			var ups []string
			for _, a := range in[c] {
				ups = append(ups, roomName(byte(a), names, l+1))
			}
			rooms = append(rooms, fmt.Sprintf("%s lies in %s", roomName(byte(c), names, l), strings.Join(ups, " and ")))
		}
		if len(rooms) == 0 {
			continue
		}
		more := ""
		if len(rooms) > 3 {
			more = fmt.Sprintf(" (and %d more)", len(rooms)-3)
			rooms = rooms[:3]
		}
		notes = append(notes, fmt.Sprintf("level-%d rooms cross level-%d regions: %s%s; the group planner puts each wholly in the region of its representative cell",
			l, l+1, strings.Join(rooms, "; "), more))
	}
	return notes
}

// roomName names region character c of level l: 'K' Kitchen, or 'K'.
func roomName(c byte, names []map[byte]string, l int) string {
	s := fmt.Sprintf("%q", rune(c))
	if l >= 1 && l <= len(names) {
		if n := names[l-1][c]; n != "" && n != string(rune(c)) {
			s += " " + n
		}
	}
	return s
}

// StraddleNotes is straddleNotes for a caller with a scenario but no World
// (cmd/bench's -scenario), so a headless run says what the window does.
func StraddleNotes(regions [][]byte, names []map[byte]string) []string {
	return straddleNotes(regions, names)
}
