package place

import (
	"image"
	"testing"
)

// disc is an agent's disc (weight 2) centred at x, y.
func disc(x, y int) Thing { return Thing{R: image.Rect(x-5, y-5, x+6, y+6), W: 2} }

// Regression (new-user test, 52-agents-walled.png, 58-agents-paused.png,
// 60-agents-replanned.png): the agents' replan panel kept to the map's
// lower-right quarter and sat over the agents and their routes. It goes to
// the corner that covers the fewest of them.
func TestPanelTakesTheCornerCoveringLeast(t *testing.T) {
	room := image.Rect(8, 38, 922, 730)
	size := image.Pt(360, 170)
	if got, k := Panel(room, size, -1, nil, nil); k != BottomRight || got != image.Rect(562, 560, 922, 730) {
		t.Fatalf("nothing under it: %v corner %d, want the bottom-right corner", got, k)
	}
	// Four agents and their routes in the bottom-right quarter (as in the
	// tester's pictures): the panel goes elsewhere, over none of them.
	var things []Thing
	for i := range 4 {
		things = append(things, disc(700+12*i, 640))
	}
	for x := 300; x < 900; x += 6 {
		things = append(things, Thing{R: image.Rect(x-2, 600, x+3, 605), W: 1})
	}
	got, k := Panel(room, size, -1, nil, things)
	if k == BottomRight || k == BottomLeft {
		t.Fatalf("agents and routes along the bottom: panel in corner %d at %v", k, got)
	}
	for _, th := range things {
		if th.R.Overlaps(got) {
			t.Errorf("panel %v covers %v", got, th.R)
		}
	}
}

// The panel stays in its corner while that is not worse than the best by a
// margin (agents walking under it do not make it jump), and moves when it
// is.
func TestPanelKeepsItsCornerWithinAMargin(t *testing.T) {
	room := image.Rect(0, 0, 900, 700)
	size := image.Pt(300, 150)
	one := []Thing{disc(880, 680)} // one agent in the bottom-right corner
	if _, k := Panel(room, size, BottomRight, nil, one); k != BottomRight {
		t.Errorf("one agent walking under the panel: moved to corner %d", k)
	}
	var crowd []Thing
	for i := range 10 {
		crowd = append(crowd, disc(640+20*i, 660))
	}
	if _, k := Panel(room, size, BottomRight, nil, crowd); k == BottomRight {
		t.Error("ten agents under the panel and clear corners elsewhere: it stayed")
	}
	// Once moved, it stays there though the first corner is clear again
	// and preferred on a tie.
	got, k := Panel(room, size, -1, nil, crowd)
	again, k2 := Panel(room, size, k, nil, nil)
	if k2 != k || again != got {
		t.Errorf("every corner clear: moved from corner %d %v to %d %v", k, got, k2, again)
	}
}

// Hard rectangles (legend, notes, the message line) are never covered when
// a place clear of them exists: a bottom corner slides up off the message
// line, a top one down off the map notes.
func TestPanelSlidesOffHardRectangles(t *testing.T) {
	room := image.Rect(0, 0, 900, 700)
	size := image.Pt(300, 150)
	band := image.Rect(0, 660, 900, 700)
	notes := image.Rect(300, 0, 900, 40)
	legend := image.Rect(0, 400, 420, 700)
	hard := []image.Rectangle{band, notes, legend}
	var spots [NumCorners]Spot
	Measure(room, size, hard, nil, &spots)
	for _, s := range spots {
		if s.Hard != 0 {
			t.Errorf("corner %d at %v covers %d px of hard rectangles", s.Corner, s.Rect, s.Hard)
		}
	}
	if r := spots[BottomRight].Rect; r.Max.Y > band.Min.Y || r.Max.Y < band.Min.Y-step {
		t.Errorf("bottom-right %v: want just above the message line %v", r, band)
	}
	if r := spots[TopRight].Rect; r.Min.Y < notes.Max.Y || r.Min.Y > notes.Max.Y+step {
		t.Errorf("top-right %v: want just under the notes %v", r, notes)
	}
	// Everything hard: the least covered, still in the room.
	all := []image.Rectangle{room}
	if got, _ := Panel(room, size, -1, all, nil); !got.In(room) || got.Size() != size {
		t.Errorf("all covered: %v", got)
	}
	// Many agents cannot push the panel over the legend.
	var crowd []Thing
	for x := 10; x < 900; x += 15 {
		for y := 10; y < 700; y += 15 {
			if !image.Pt(x, y).In(legend) {
				crowd = append(crowd, disc(x, y))
			}
		}
	}
	if got, _ := Panel(room, size, -1, hard, crowd); got.Overlaps(legend) || got.Overlaps(band) || got.Overlaps(notes) {
		t.Errorf("a crowd everywhere but under the legend: panel %v over a hard rectangle", got)
	}
	// A panel larger than the room is cut to it.
	if got, _ := Panel(room, image.Pt(1000, 1000), -1, nil, nil); got != room {
		t.Errorf("oversize panel: %v, want %v", got, room)
	}
}

// From a designer's report (a 40×24 map at 1280×800): the panel kept its
// corner over three idle agents spawned under it, or over a goal and an
// agent, while another corner covered nothing: the margin that keeps it
// still while agents walk under it held for agents standing still too. It
// keeps its corner over more than the best covers only for things that
// move.
func TestPanelLeavesThingsStandingStill(t *testing.T) {
	room := image.Rect(0, 0, 900, 700)
	size := image.Pt(300, 150)
	still := func(th Thing) Thing { th.Still = true; return th }
	for name, under := range map[string][]Thing{
		"three idle agents":   {still(disc(700, 640)), still(disc(760, 640)), still(disc(820, 640))},
		"a goal and an agent": {still(Thing{R: image.Rect(690, 630, 711, 651), W: 4}), still(disc(760, 640))},
	} {
		got, k := Panel(room, size, BottomRight, nil, under)
		if k == BottomRight {
			t.Errorf("%s under the panel, every other corner clear: it stayed at %v", name, got)
		}
		for _, th := range under {
			if th.R.Overlaps(got) {
				t.Errorf("%s: the panel at %v covers %v", name, got, th.R)
			}
		}
	}
	// Walking, the same three keep it where it is, as before.
	walking := []Thing{disc(700, 640), disc(760, 640), disc(820, 640)}
	if _, k := Panel(room, size, BottomRight, nil, walking); k != BottomRight {
		t.Errorf("three agents walking under the panel moved it to corner %d", k)
	}
	// Still things that every corner covers as much of do not move it.
	mixed := append([]Thing{still(disc(100, 50)), still(disc(800, 50)), still(disc(100, 650))}, walking...)
	mixed = append(mixed, still(disc(880, 690)))
	if _, k := Panel(room, size, BottomRight, nil, mixed); k != BottomRight {
		t.Errorf("no corner covers fewer still things, yet the panel moved to %d", k)
	}
}
