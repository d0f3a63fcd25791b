package world

import "pathlens/pathing"

// phaseKind names the step of a hierarchical search phase k of phases is,
// in words HPA* and the group hierarchy share: "insert" (HPA*'s insertion
// of the start and goal), "abstract" (HPA*'s abstract search; the group
// hierarchy's first plan phase, its top-level search), "refine" (HPA*'s
// refinement of the plan's steps; every group phase after the top-level
// plan, the walk that refines it segment by segment), "smooth",
// "shortcut" (HPA*'s bounded A*); "" for a grid search's one phase.
func phaseKind(phases []pathing.Phase, k int) string {
	switch st := Stage(phases[k].Name); st {
	case "insert", "abstract", "refine", "smooth", "shortcut":
		return st
	case "plan":
		for i := range k {
			if Stage(phases[i].Name) == "plan" {
				return "refine"
			}
		}
		return "abstract"
	case "cells":
		return "refine"
	}
	return ""
}

// firstOf returns the cursor position that shows the first phase for
// which is(index) holds: its first event, or, when every such phase is
// empty, the first one's start; -1 when there is none.
func (t *Timeline) firstOf(is func(int) bool) int {
	first := -1
	for i, ph := range t.tr.Phases {
		if !is(i) {
			continue
		}
		if t.tr.PhaseEnd(i) > ph.Start {
			return ph.Start + 1
		}
		if first < 0 {
			first = ph.Start
		}
	}
	return first
}

// placeLostNote says that the trace a switch replaced was at p and the
// new one, of algo, has nothing like it, so it opens at its start: "HPA*
// has no step like A*'s event 314 of 12,927: shown from its start"; after
// an edit (the same algorithm) "the new plan has no step like the last
// one's ...".
func placeLostNote(p place, algo Algo) string {
	what := "event " + Count(p.cursor) + " of " + Count(p.of)
	if !p.flat {
		what = p.phase + ", " + what
	}
	if p.algo == algo {
		// An edit's plan: the same algorithm, on the grid as edited.
		return "the new plan has no step like the last one's " + what + ": shown from its start"
	}
	return the(algo) + " has no step like " + the(p.algo) + "'s " + what + ": shown from its start"
}

// the is algo's title as a sentence names it: "the group hierarchy",
// "HPA*".
func the(a Algo) string {
	if a == AlgoGroup {
		return "the " + a.Title()
	}
	return a.Title()
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
