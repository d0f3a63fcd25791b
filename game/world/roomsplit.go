package world

import (
	"fmt"
	"slices"
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
	var split, whole []string
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
	for _, k := range keys {
		name := fmt.Sprintf("level-%d %s", k[0], roomName(k[1], w.RegionNames, int(k[0])))
		switch n, was := now[k], w.splitSeen[k]; {
		case n == was:
		case n == 0:
			whole = append(whole, name)
		default:
			split = append(split, fmt.Sprintf("%s into %d parts", name, n))
		}
	}
	w.splitSeen = now
	if len(split) > 0 {
		n := fmt.Sprintf("the edit splits room %s not connected inside it; the group hierarchy makes each part a group of its own (a door joins them)", firstThree(split, "more rooms"))
		w.NoteAfterError("%s", n)
		w.Log.Add("rooms_split", F{"msg", n})
	}
	if len(whole) > 0 {
		n := fmt.Sprintf("the edit joins room %s into one part again", firstThree(whole, "more rooms"))
		w.NoteAfterError("%s", n)
		w.Log.Add("rooms_joined", F{"msg", n})
	}
}
