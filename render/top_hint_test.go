package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// On a gallery case with a long name, the query tool's hint in the top bar
// was cut mid-word, "click start, then goal; drag S o…". A hint too long
// for the bar gives up its last clauses first, and is cut only when even
// its first clause does not fit.
func TestTopBarHintKeepsWholeClauses(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	const hint = "click start, then goal; drag S or G to move them"
	r := New()
	checked := false
	for _, width := range []int{1264, 1200, 1100, 1024} {
		f := fittedFrame(w, 1)
		f.Layout = ComputeLayout(width, 720, true)
		f.Cam.Fit(w.Grid.Width(), w.Grid.Height(), f.Layout.Map)
		f.Caption, f.CaptionIsHint, f.Tool = hint, true, "query"
		r.Draw(ebiten.NewImage(width, 720), f)
		got := r.TopBarShown()
		if strings.Contains(got, hint) || !strings.Contains(got, "click") {
			continue // whole, or left out for want of room
		}
		checked = true
		if strings.Contains(got, "drag S") || strings.Contains(got, "…  tool") {
			t.Errorf("width %d: the hint is cut mid-clause: %q", width, got)
		}
		if !strings.Contains(got, "click start, then goal  tool: query") {
			t.Errorf("width %d: the hint's first clause is not whole: %q", width, got)
		}
	}
	if !checked {
		t.Fatal("the hint fitted whole at every width: the test needs one where it does not")
	}
}
