package world

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// A session could be exported as Moving AI or ASCII only, both of which
// drop the rooms: a designer who drew rooms in pathlens could not take
// them to Tiled. A name ending in .tmx writes a Tiled map that opens again
// with the terrain on screen (edits and weights included) and the
// session's rooms on every level, names and all; the note says so, and
// lists the rooms no more among what only a .pls keeps.
func TestExportTiledRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "case.pls", "pathlens-scenario 1\nmap inline\n"+
		"########\n#......#\n#..##..#\n#......#\n########\nend\n"+
		"regions 1\n########\n#WWWEEE#\n#WW##EE#\n#WWWEEE#\n########\nend\n"+
		"regions 2\n########\n#LLLLLL#\n#LL##LL#\n#LLLLLL#\n########\nend\n"+
		"query 1,1 6,3\n")
	drag(w, 0, image.Pt(3, 2), image.Pt(3, 2)) // dig one wall cell
	drag(w, 5, image.Pt(1, 3), image.Pt(2, 3)) // weight 5
	path := filepath.Join(dir, "Out.TMX")
	f := ExportFormat(path)
	if f != maps.FormatTiled {
		t.Fatalf("ExportFormat(%s) = %v, want Tiled", path, f)
	}
	if err := w.ExportMap(path, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Message, "(Tiled, 8×5)") || !strings.Contains(w.Message, "only a .pls keeps 1 query") || strings.Contains(w.Message, "regions") {
		t.Errorf("note %q", w.Message)
	}
	s, err := maps.LoadScenario(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Map.Format != maps.FormatTiled {
		t.Errorf("reads back as %v", s.Map.Format)
	}
	sameTerrain(t, "Out.TMX", w, s.Map)
	if len(s.Regions) != 2 {
		t.Fatalf("%d region layers read back, want 2", len(s.Regions))
	}
	for l := range s.Regions {
		for i, c := range s.Regions[l] {
			if want := w.Regions[l][i]; c != want && !(maps.RegionNone(c) && maps.RegionNone(want)) {
				t.Fatalf("level %d cell %d: %q, want %q", l+1, i, c, want)
			}
		}
	}

	// Reopened as a session, it is the same world: the rooms are the map's.
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w2.Close)
	if !w2.Grid.Equal(w.Grid) || len(w2.Regions) != 2 {
		t.Errorf("reopened: grid equal %v, %d region layers", w2.Grid.Equal(w.Grid), len(w2.Regions))
	}
}
