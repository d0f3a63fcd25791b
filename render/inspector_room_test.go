package render

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
)

// From a designer's report: the inspector named a cell's room only under
// the group hierarchy. It writes a region row under every algorithm while
// the map has rooms (one per region layer, "region L2" above the first
// when there are several), and none beside a group hierarchy level row
// that names the room already.
func TestInspectorWritesTheRoomRow(t *testing.T) {
	w := openWorld(t, 6, 2)
	w.Regions = [][]byte{[]byte("KKKAAAKKKAAA"), []byte("HHHHHHHHHHHH")}
	w.RegionNames = []map[byte]string{{'K': "Kitchen", 'A': "Armory"}, nil}
	r := New()
	ci := w.Inspect(image.Pt(1, 1))
	got := panelText(r, w, &ci)
	for _, want := range []string{"region L1 | 'K' Kitchen", "region L2 | 'H'"} {
		if !strings.Contains(got, want) {
			t.Errorf("inspector under %v lacks %q:\n%s", w.Settings.Algo, want, got)
		}
	}
	w.Regions, w.RegionNames = w.Regions[:1], w.RegionNames[:1]
	ci = w.Inspect(image.Pt(4, 0))
	if got := panelText(r, w, &ci); !strings.Contains(got, "region | 'A' Armory") {
		t.Errorf("one region layer: %s", got)
	}
	// A level row naming it already: no second row.
	ci.Levels = []world.LevelInfo{{Level: 1, Group: 1, Name: "region 'A' Armory"}}
	ci.Rooms[0].InLevel = true
	if got := panelText(r, w, &ci); strings.Contains(got, "region | 'A'") || !strings.Contains(got, "region 'A' Armory") {
		t.Errorf("with the level row naming the room: %s", got)
	}
}

// A component still being labelled in the background (a large map just
// edited, or its hierarchy building) reads "computing…", not nothing.
func TestInspectorSaysComponentComputing(t *testing.T) {
	w := openWorld(t, 6, 2)
	r := New()
	ci := w.Inspect(image.Pt(1, 1))
	if got := panelText(r, w, &ci); !strings.Contains(got, "component | 0") || strings.Contains(got, "computing") {
		t.Fatalf("labelled: %s", got)
	}
	ci.Component, ci.ComponentPending = -1, true
	if got := panelText(r, w, &ci); !strings.Contains(got, "component | computing…") {
		t.Fatalf("pending: %s", got)
	}
}
