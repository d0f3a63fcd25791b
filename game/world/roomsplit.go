package world

import (
	"fmt"
	"slices"
	"strings"
)

// splitSeen is what the rooms' parts were when last looked at
// (noteSplitChange): the rooms the group hierarchy makes several groups
// of, by level and letter. nil until a group hierarchy is installed.
//
// Room strokes say which rooms fall into parts (roomsSplit, splitCheck);
// a dig or fill says what it changed: a designer filled a wall across a
// room and learnt it was two groups only from the inspector's "part 1 of
// 2".
func (w *World) splitBaseline() {
	gh, ok := w.hier.(*groupHier)
	if !ok || w.Settings.Algo != AlgoGroup || w.hierKey != w.keyFor(AlgoGroup) {
		return
	}
	w.splitSeen = splitParts(gh.g, w.Regions)
}

// noteSplitChange notes the rooms a terrain edit (a stroke, its undo or
// redo) split into parts, or into a different number of them, and those
// it joined into one again, when the group hierarchy plans and was
// repaired for the edit. The parts it finds become the baseline.
func (w *World) noteSplitChange() {
	gh, ok := w.hier.(*groupHier)
	if !ok || len(w.Regions) == 0 || w.splitSeen == nil || w.Settings.Algo != AlgoGroup || w.hierKey != w.keyFor(AlgoGroup) {
		return
	}
	now := splitParts(gh.g, w.Regions)
	keys := make([]roomKey, 0, len(now)+len(w.splitSeen))
	for k := range now {
		keys = append(keys, k)
	}
	for k := range w.splitSeen {
		if now[k] == 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b roomKey) int {
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		return int(a[1]) - int(b[1])
	})
	var more, fewer, whole []string
	for _, k := range keys {
		name := fmt.Sprintf("level-%d %s", k[0], roomName(k[1], w.RegionNames, int(k[0])))
		switch n, was := now[k], w.splitSeen[k]; {
		case n == was:
		case n == 0:
			whole = append(whole, name)
		case n > was:
			more = append(more, fmt.Sprintf("%s into %d parts", name, n))
		default:
			fewer = append(fewer, fmt.Sprintf("%s (%d parts now)", name, n))
		}
	}
	w.splitSeen = now
	var notes []string
	if len(more) > 0 {
		notes = append(notes, fmt.Sprintf("the edit splits room %s not connected inside it: the group hierarchy makes each part a group of its own (dig a door to join them)", firstThree(more, "more rooms")))
	}
	if len(fewer) > 0 {
		notes = append(notes, fmt.Sprintf("the edit joins parts of room %s", firstThree(fewer, "more rooms")))
	}
	if len(whole) > 0 {
		notes = append(notes, fmt.Sprintf("room %s is one part again", firstThree(whole, "more rooms")))
	}
	if len(notes) == 0 {
		return
	}
	n := strings.Join(notes, "; ")
	w.NoteAfterError("%s", n)
	kind := "rooms_split"
	if len(more) == 0 {
		kind = "rooms_joined"
	}
	w.Log.Add(kind, F{"msg", n})
}
