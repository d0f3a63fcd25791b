package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Opening another map with no query (a .map file, no scenario) left the
// last map's search fill in the renderer: its tiles' pixels and images,
// and through the fill's key the whole last session (grid, hierarchy,
// trace), none of it drawn again, until the new map's first query. A
// timeline with nothing to show lets the fill go.
func TestFillLetsGoWhenNoQueryIsShown(t *testing.T) {
	r := New()
	dst := ebiten.NewImage(200, 200)
	old := roomsGrid(t, 300, 200, world.AlgoDijkstra)
	r.drawFill(dst, &Frame{World: old, Cam: &Camera{Zoom: 0.5}})
	if !r.fill.drawn() {
		t.Fatal("Dijkstra's fill made no tile")
	}
	g, err := pathing.NewGrid(90, 70)
	if err != nil {
		t.Fatal(err)
	}
	next := world.New(&maps.Map{Name: "open", Grid: g})
	t.Cleanup(next.Close)
	if next.Timeline.Len() != 0 {
		t.Fatal("the new map has a query: the case needs none")
	}
	r.drawFill(dst, &Frame{World: next, Cam: &Camera{Zoom: 0.5}})
	if len(r.fill.pix) != 0 || r.fill.key != nil {
		t.Errorf("with no query shown the fill keeps %d tiles of the last map and its key %v", len(r.fill.pix), r.fill.key != nil)
	}
	// The new map's first query is filled as ever.
	next.SetEndpoints(image.Pt(2, 2), image.Pt(80, 60))
	next.Wait()
	r.drawFill(dst, &Frame{World: next, Cam: &Camera{Zoom: 0.5}})
	want := wholeMapFill(next)
	for y := 0; y < 70; y++ {
		for x := 0; x < 90; x++ {
			i := 4 * (y*90 + x)
			if got := r.fill.pixel(x, y); string(got[:]) != string(want[i:i+4]) {
				t.Fatalf("after the new map's query cell (%d,%d) is %v, want %v", x, y, got, want[i:i+4])
			}
		}
	}
}
