package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A user's report: at level 2 the HPA* edge's tooltip read "intra edge
// (60,45)→(72,40) cost 15.24", worded as at level 1, so nothing said which
// level's edge it was. With more than one level it names the level as the
// panel does ("L2").
func TestEdgeTooltipNamesItsLevel(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	for _, l := range []int{1, 2} {
		f := fittedFrame(w, l)
		drawnTexts(r, screen, f)
		if _, ok := pointAtAnIntraEdge(r, f, h.Inspect(l), func(*world.ViewEdge) bool { return true }); !ok {
			t.Fatalf("level %d: no edge found to point at", l)
		}
		got := drawnTexts(r, screen, f)
		want := "L" + string(rune('0'+l)) + " intra edge ("
		if !strings.Contains(got, want) {
			t.Errorf("level %d: the edge's tip does not read %q:\n%s", l, want, got)
		}
	}
}
