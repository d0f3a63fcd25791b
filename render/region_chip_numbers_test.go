package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// myMaximin is a tester's scenario: room M's arm to dead end X, a
// one-cell region whose only cell shows numbers.
const myMaximin = `pathlens-scenario 1
name my-maximin
set algo group
set levels 1
set cost minimum
map inline
#########################
#####...................#
#####.###################
#####.###################
#.......................#
##.###################.##
##.###################.##
##.....................##
#########################
end
regions 1
#########################
#####MMMMMMMMMMMMMMMMMMX#
#####M###################
#####M###################
#WWWMMMMMMMMMMMMMMMMMEEE#
##r###################t##
##r###################t##
##sssssssssssssssssssss##
#########################
end
query 2,4 22,4
`

// Regression (new-user test, my-maximin with minimum costs, fitted to
// 1280×800): X's letter went into its only cell's corner on the smaller
// chip, over the "2.0" of "g 2.0", and M's under the card of the numbers
// it covered, washed out; with exclusion and 2 levels, r's and t's,
// whose corridor cells all show numbers, were hidden under them. A chip
// now takes a spot of its region's cells nearby that covers no cell's
// numbers (above the cell, on a cell without them, beside it) before one
// that does.
func TestRegionChipsKeepOffTheNumbers(t *testing.T) {
	for _, variant := range []string{"set levels 1", "set levels 2\nset exclusion on"} {
		t.Run(strings.ReplaceAll(variant, "\n", ", "), func(t *testing.T) {
			chipsOffNumbers(t, strings.Replace(myMaximin, "set levels 1", variant, 1))
		})
	}
}

func chipsOffNumbers(t *testing.T, src string) {
	t.Helper()
	sc, err := maps.ParseScenario(strings.NewReader(src), "mymaximin.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.FromScenario(sc, "mymaximin.pls")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len())
	for _, size := range [][2]int{{1280, 800}, {1600, 1000}} {
		l := ComputeLayout(size[0], size[1], true)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		if cam.Zoom < valuesMinZoom {
			t.Fatalf("%v: %.1f px a cell, no numbers: the test wants them", size, cam.Zoom)
		}
		layers := DefaultLayers.With(LayerRegions, true).With(LayerValues, true)
		f := &Frame{World: w, Cam: cam, Layout: l, Layers: layers, ViewLevel: 1}
		r := New()
		r.Draw(ebiten.NewImage(size[0], size[1]), f)
		if len(r.chips) != len(r.labels) || len(r.chips) < 6 {
			t.Fatalf("%v: %d chips for %d letters", size, len(r.chips), len(r.labels))
		}
		boxes := numbersBoxes(r, f)
		for k, c := range r.chips {
			if !r.chipClear(f, c) {
				t.Errorf("%v: %q's chip %v covers a node", size, r.labels[k].Ch, c)
			}
			for p, box := range boxes {
				if c.Overlaps(box) {
					t.Errorf("%v at %.1f px a cell: %q's chip %v covers the numbers of %v (%v)", size, cam.Zoom, r.labels[k].Ch, c, p, box)
				}
			}
		}
	}
}
