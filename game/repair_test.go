package game

import (
	"image"
	"testing"
	"time"

	"pathlens/game/world"
)

// Regression (review: HPA*, dig along the top border, `]` from cluster 10
// to 12, Shift+R drew the old 10×10 rectangles and still held them after
// switching to A*): Shift+R refuses a repair of a hierarchy that is gone,
// and a held highlight is let go when a switch replaces the hierarchy.
func TestShiftRShowsNoRepairOfAHierarchyThatIsGone(t *testing.T) {
	dig := func(t *testing.T) *Game {
		g := drawnGame(t, 1200, 760)
		w := g.w
		w.SetAlgo(world.AlgoHPA)
		w.Wait()
		w.BeginStroke(image.Pt(5, 0), 0) // along the top border (wall)
		w.StrokeTo(image.Pt(9, 0))
		w.EndStroke()
		w.Wait()
		g.Update()
		if len(w.LastRepair.Dirty) == 0 {
			t.Fatal("the dig repaired nothing; the test needs a repair")
		}
		return g
	}
	switches := []struct {
		name string
		sw   func(w *world.World)
	}{
		{"cluster 10 to 12", (*world.World).ClusterBigger},
		{"A*", func(w *world.World) { w.SetAlgo(world.AlgoAStar) }},
	}
	for _, c := range switches {
		t.Run("press after "+c.name, func(t *testing.T) {
			g := dig(t)
			c.sw(g.w)
			g.w.Wait()
			g.Update()
			g.toggleRepair(time.Now())
			if g.repairHeld {
				t.Errorf("Shift+R holds the repair of the old hierarchy: %v", g.w.LastRepair.Dirty)
			}
		})
		t.Run("held through "+c.name, func(t *testing.T) {
			g := dig(t)
			g.toggleRepair(time.Now())
			if !g.repairHeld {
				t.Fatal("Shift+R did not hold the fresh repair")
			}
			c.sw(g.w)
			g.w.Wait()
			g.Update()
			if g.repairHeld || g.flashAge(time.Now()) >= 0 && g.flashAge(time.Now()) < flashSecondsForTest {
				t.Errorf("after the switch the old repair is still drawn: held %v, age %.1f", g.repairHeld, g.flashAge(time.Now()))
			}
		})
	}
}
