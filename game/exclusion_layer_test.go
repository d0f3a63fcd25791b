package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// X turns exclusion on, and with it the excluded-area layer, only where
// exclusion is read: under HPA* the legend lit the layer with nothing to
// draw (a tester). The group hierarchy still gets it.
func TestExclusionKeyLightsTheLayerOnlyWhereRead(t *testing.T) {
	for _, c := range []struct {
		algo world.Algo
		want bool
	}{{world.AlgoHPA, false}, {world.AlgoGroup, true}} {
		g := drawnGame(t, 1200, 760)
		g.w.Settings.Algo = c.algo
		g.w.Replan()
		g.w.Wait()
		g.layers = g.layers.With(render.LayerExcluded, false)
		var held heldKeys
		fakeKeys(t, &held)
		press(g, &held, -1, ebiten.KeyX)
		if !g.w.Settings.Exclusion {
			t.Fatalf("%v: X did not turn exclusion on", c.algo)
		}
		if got := g.layers.Has(render.LayerExcluded); got != c.want {
			t.Errorf("%v: excluded-area layer on %v after X, want %v", c.algo, got, c.want)
		}
	}
}
