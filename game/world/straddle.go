package world

import (
	"fmt"
	"slices"
	"strings"

	"pathlens/maps"
	"pathlens/pathing/groups"
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
		// room below → the regions above its cells lie in; 0 stands for
		// no room above, whose squares are a region of their own to the
		// planner (a designer painted a level-2 room over half of a
		// level-1 room whose representative cell lay outside it, and the
		// new room took none of it with no word).
		var in [256][]byte
		for i, c := range below {
			a := above[i]
			if maps.RegionNone(a) {
				a = 0
			}
			if maps.RegionNone(c) || slices.Contains(in[c], a) {
				continue
			}
			in[c] = append(in[c], a)
		}
		var rooms []string
		for c := range in {
			if len(in[c]) < 2 {
				continue
			}
			// "'A' lies partly in level-2 'A' and partly outside every
			// level-2 room": the level is named, as both levels' first
			// rooms take the letter A ("'A' lies in no room and 'A'"
			// puzzled a designer), and each part is said to be one ("lies
			// in level-2 'A' and outside every level-2 room" read as a
			// contradiction).
			var parts []string
			outside := false
			for _, a := range in[c] {
				if a == 0 {
					outside = true
					continue
				}
				in := "in "
				if len(parts) == 0 {
					in = fmt.Sprintf("in level-%d ", l+1)
				}
				parts = append(parts, in+roomName(byte(a), names, l+1))
			}
			if outside {
				parts = append(parts, fmt.Sprintf("outside every level-%d room", l+1))
			}
			where := "partly " + strings.Join(parts[:len(parts)-1], ", partly ") + " and partly " + parts[len(parts)-1]
			rooms = append(rooms, fmt.Sprintf("%s lies %s", roomName(byte(c), names, l), where))
		}
		if len(rooms) == 0 {
			continue
		}
		notes = append(notes, fmt.Sprintf("level-%d rooms cross level-%d regions: %s; the group planner puts each wholly in the region of its representative cell",
			l, l+1, firstThree(rooms, "more")))
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

// noteRoomsElsewhere gives roomsPlannedElsewhere's notes once after
// roomsCheck was set, when the group hierarchy plans (not the cluster
// heuristic's table, which reads level 1 alone: a review saw the note
// given under A* and then missing under the group hierarchy) and its
// hierarchy is the installed one. install and a switch to the group
// hierarchy call it.
func (w *World) noteRoomsElsewhere() {
	defer w.splitBaseline() // what terrain edits compare with (noteSplitChange)
	gh, ok := w.hier.(*groupHier)
	if !(w.roomsCheck || w.splitCheck) || !ok || w.Settings.Algo != AlgoGroup || w.hierKey != w.keyFor(AlgoGroup) {
		return
	}
	if w.splitCheck {
		w.splitCheck = false
		for _, n := range roomsSplit(gh.g, w.Regions, w.RegionNames) {
			w.NoteAfterError("%s", n)
			w.Log.Add("rooms_split", F{"msg", n})
		}
	}
	if w.roomsCheck {
		w.roomsCheck = false
		for _, n := range roomsPlannedElsewhere(gh.g, w.Regions, w.RegionNames) {
			w.NoteAfterError("%s", n)
			w.Log.Add("rooms_elsewhere", F{"msg", n})
		}
	}
}

// roomsSplit says which rooms the group hierarchy g makes several groups
// of, their open cells falling into parts not connected inside the room
// (8-connected without corner cutting, as the planner moves): a designer
// painted a room across walls and learnt it was four groups only from the
// note of a .tmx exported and opened again. At most three rooms a level
// are named, with a count of the rest.
func roomsSplit(g *groups.Graph, regions [][]byte, names []map[byte]string) []string {
	var notes []string
	parts := splitParts(g, regions)
	for l := 1; l <= min(len(regions), g.Config().Levels); l++ {
		var rooms []string
		for c := 0; c < 256; c++ {
			if n := parts[roomKey{byte(l), byte(c)}]; n > 1 {
				rooms = append(rooms, fmt.Sprintf("%s %d parts", roomName(byte(c), names, l), n))
			}
		}
		if len(rooms) > 0 {
			notes = append(notes, fmt.Sprintf("level-%d rooms fall into parts not connected inside them: %s; the group hierarchy makes each part a group of its own: join them with a door, or paint them as rooms of their own",
				l, firstThree(rooms, "more rooms")))
		}
	}
	return notes
}

// roomKey names a room: its level (from 1) and its letter.
type roomKey [2]byte

// splitParts counts the parts of every room the group hierarchy g makes
// more than one group of (roomsSplit), by level and letter.
func splitParts(g *groups.Graph, regions [][]byte) map[roomKey]int {
	parts := map[roomKey]int{}
	for l := 1; l <= min(len(regions), g.Config().Levels); l++ {
		for _, gr := range g.Groups(l) {
			if c := gr.Key.Region; c != 0 && !maps.RegionNone(c) {
				parts[roomKey{byte(l), c}]++
			}
		}
	}
	for k, n := range parts {
		if n < 2 {
			delete(parts, k)
		}
	}
	return parts
}

// roomsPlannedElsewhere says which rooms of levels 2 and up the group
// hierarchy g plans mostly in other groups: a group of a level goes wholly
// into the room of its representative cell, so a room painted over parts
// of lower rooms, or over the squares of cells in no lower room, may get
// few of its cells or none. A designer painted a level-2 room over level-1
// squares and saw it named and tinted, while the hierarchy planned every
// one of its cells in the squares' groups around it, with no word. A room
// is named when at least a quarter of its open cells are planned outside
// it; at most three are named per level, with a count of the rest.
func roomsPlannedElsewhere(g *groups.Graph, regions [][]byte, names []map[byte]string) []string {
	var notes []string
	for l := 2; l <= min(len(regions), g.Config().Levels); l++ {
		gm, gs, layer := g.GroupMap(l), g.Groups(l), regions[l-1]
		if len(gm) != len(layer) {
			continue
		}
		var cells, away [256]int
		for i, c := range layer {
			id := gm[i]
			if maps.RegionNone(c) || id < 0 || int(id) >= len(gs) {
				continue
			}
			cells[c]++
			if gs[id].Key.Region != c {
				away[c]++
			}
		}
		var rooms []string
		for c := range cells {
			if cells[c] > 0 && 4*away[c] >= cells[c] {
				rooms = append(rooms, fmt.Sprintf("%s %d of %d", roomName(byte(c), names, l), away[c], cells[c]))
			}
		}
		if len(rooms) == 0 {
			continue
		}
		notes = append(notes, fmt.Sprintf("level-%d rooms planned mostly outside themselves, cells: %s; a level-%d group goes wholly into the room of its representative cell, so paint level-%d rooms over whole level-%d rooms",
			l, firstThree(rooms, "more rooms"), l-1, l, l-1))
	}
	return notes
}

// firstThree joins the first three of items with "; " and counts the
// rest: "a; b; c (and 2 more rooms)" with rest "more rooms".
func firstThree(items []string, rest string) string {
	if len(items) <= 3 {
		return strings.Join(items, "; ")
	}
	return fmt.Sprintf("%s (and %d %s)", strings.Join(items[:3], "; "), len(items)-3, rest)
}
