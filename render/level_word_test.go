package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A lecturer stepping HPA*'s refinement read "refine cells step 18
// (search on L0)" in the top bar and "last: pop L0 (124,70)" in the
// bottom bar, while the open list's title said "cells": level 0 is named
// nowhere else on screen. A search on cells says so in words everywhere.
func TestCellSearchesAreNamedCells(t *testing.T) {
	for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoHPA} {
		w := builtinWorld(t, algo)
		tr := w.Timeline.Trace()
		r := New()
		f := fittedFrame(w, 1)
		screen := ebiten.NewImage(1280, 800)
		seen := false
		for k, ph := range tr.Phases {
			if ph.Level != 0 || tr.PhaseEnd(k) <= ph.Start {
				continue
			}
			w.SeekTo((ph.Start + tr.PhaseEnd(k) + 1) / 2)
			seen = true
			got := drawnTexts(r, screen, f)
			if strings.Contains(got, "L0") {
				t.Errorf("%v, phase %q: the screen names level 0 as L0:\n%s", algo, ph.Name, got)
			}
			if !smoothingPhase(ph.Name) && !strings.Contains(got, "last: pop cell (") && !strings.Contains(got, "last: push cell (") && !strings.Contains(got, "last: relax cell (") {
				t.Errorf("%v, phase %q: the bottom bar's last event names no cell:\n%s", algo, ph.Name, got)
			}
			if tip := timelineTip(tr, len(tr.Events), (ph.Start+tr.PhaseEnd(k)+1)/2); strings.Contains(tip, "L0") || len(tr.Phases) > 1 && !smoothingPhase(ph.Name) && !strings.Contains(tip, "search on cells") {
				t.Errorf("%v, phase %q: the scrubber's tip reads %q", algo, ph.Name, tip)
			}
		}
		if !seen {
			t.Fatalf("%v: no phase searched cells", algo)
		}
	}
}

// The top bar read "phase: A* · phase 1 of 1" while a lecturer stepped A*
// or Dijkstra: a count of one says nothing (the bottom bar gives none for
// a one-phase search). A query of several phases keeps its count.
func TestOnePhaseIsNotCounted(t *testing.T) {
	for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoDijkstra, world.AlgoHPA} {
		w := builtinWorld(t, algo)
		w.SeekTo(w.Timeline.Len() / 2)
		got := New().phaseLabel(w)
		several := len(w.Timeline.Trace().Phases) > 1
		if strings.Contains(got, "of 1") || several != strings.Contains(got, " · phase ") {
			t.Errorf("%v (%d phases): the top bar's phase reads %q", algo, len(w.Timeline.Trace().Phases), got)
		}
	}
}
