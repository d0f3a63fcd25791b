package render

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// A tester's finding: README.md said the open list shows "the five it will
// pop next" while the panel showed four (fewer since 513f79a, so that the
// inspector stays in view: at 1280×800 HPA*'s and the group planner's
// panels already scroll). The panel draws openListRows entries, and
// README.md and docs/window.md say that number.
func TestOpenListRowsAsDocumented(t *testing.T) {
	word := map[int]string{3: "three", 4: "four", 5: "five", 6: "six"}[openListRows]
	for _, c := range []struct{ file, phrase string }{
		{"../README.md", "the " + word + " it will pop next"},
		{"../docs/window.md", "the " + word + " it pops next"},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), c.phrase) {
			t.Errorf("%s does not say %q (the panel shows %d entries)", c.file, c.phrase, openListRows)
		}
	}
	// An open 40×30 grid across: hundreds of open cells at the end.
	w := openWorld(t, 40, 30)
	defer w.Close()
	w.Begin()
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len() / 2)
	r := New()
	l := r.FitPanel(ComputeLayout(1280, 800, true), w)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	var drawn []string
	r.fonts.drawn = &drawn
	r.Draw(ebiten.NewImage(1280, 800), &Frame{World: w, Cam: &cam, Layout: l})
	r.fonts.drawn = nil
	rows := 0
	for _, s := range drawn {
		if strings.HasPrefix(s, "f ") && strings.Contains(s, " g ") && strings.Contains(s, " h ") {
			rows++
		}
	}
	if rows != openListRows {
		t.Errorf("the open list drew %d entries, want %d (drawn: %q)", rows, openListRows, drawn)
	}
}
