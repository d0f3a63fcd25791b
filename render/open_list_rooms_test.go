package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Regression (new-user test, pathological-minimum stepped by stage): at the
// end of the plan over the rooms the open list read "still open (15,17)"
// and the bar "last: pop L1 (39,17)", representative cells, so which room
// each g belonged to (b, R) had to be found by hovering the map. The rows
// and the last event now lead with the room's letter, as does the
// inspector's parent of an abstract node; cells stay as they were.
func TestAbstractOpenListNamesTheRooms(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	// The plan over the rooms is the first phase: L, a, H, R popped, b
	// left open.
	end := 0
	for i := 1; i <= w.Timeline.Len(); i++ {
		w.ScrubTo(i)
		if e, ok := w.Timeline.Current(); ok && e.Level == 0 {
			break
		}
		end = i
	}
	w.ScrubTo(end)
	r := New()
	f := fittedFrame(w, 1)
	// The inspector on H's node names its parent by room too.
	ci := w.Inspect(w.Hierarchy().NodeCell(1, w.Hierarchy().GroupOf(1, image.Pt(20, 7))))
	f.Inspect = &ci
	got := drawnTexts(r, ebiten.NewImage(1280, 800), f)
	for _, want := range []string{"still open b (15,17)", "last: pop L1 R (39,17)", "parent L (3,17)"} {
		if !strings.Contains(got, want) {
			t.Errorf("at event %d the screen does not read %q:\n%s", end, want, got)
		}
	}
	// The cell search's rows keep their cells alone.
	w.SeekEnd()
	got = drawnTexts(r, ebiten.NewImage(1280, 800), f)
	if !strings.Contains(got, "still open (38,13)") || !strings.Contains(got, "last: pop cell (40,17)") {
		t.Errorf("at the end the cell search's rows changed:\n%s", got)
	}
}
