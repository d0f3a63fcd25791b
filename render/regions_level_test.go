package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// From a designer's report: with the regions layer on and the view level
// at 2 (L), every level-1 room kept its own tint over the groups layer's
// level-2 groups, though the inspector put Kitchen and East wing in one
// level-2 group. Where the view level has no region layer of its own, the
// regions layer draws no tints, only the rooms' borders, faint, so the
// groups show, and its legend row says it outlines level-1 rooms.
func TestRegionsDoNotPassForAnotherLevelsGroups(t *testing.T) {
	const src = `pathlens-scenario 1
set algo group
set levels 2
map inline
##########################
#.....#..........#.......#
#.....#..........#.......#
#................#.......#
#.....#..........#.......#
#.....######.#####.......#
#.....#..........#.......#
#.....#..........#.......#
#................#.......#
##########################
end
regions 1
##########################
#WWWWW#KKKKKKKKKK#EEEEEEE#
#WWWWW#KKKKKKKKKK#EEEEEEE#
#WWWWWWKKKKKKKKKK#EEEEEEE#
#WWWWW#KKKKKKKKKK#EEEEEEE#
#WWWWW######C#####EEEEEEE#
#WWWWW#CCCCCCCCCC#EEEEEEE#
#WWWWW#CCCCCCCCCC#EEEEEEE#
#WWWWWWCCCCCCCCCCCEEEEEEE#
##########################
end
query 1,1 24,8
`
	sc, err := maps.ParseScenario(strings.NewReader(src), "rooms.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.FromScenario(sc, "rooms.pls")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	if h := w.Hierarchy(); h == nil || h.Levels() != 2 {
		t.Fatal("no two-level group hierarchy")
	}
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), ComputeLayout(1280, 800, true).Map)
	row := LegendRow{Layer: LayerRegions, On: true}
	for _, c := range []struct {
		level    int
		outlined int
		tinted   bool
		name     string
	}{
		{1, 0, true, "regions"},
		{2, 1, false, "L1 room outlines"},
	} {
		r := New()
		f := &Frame{World: w, Cam: cam, ViewLevel: c.level, Layers: DefaultLayers.With(LayerGroups, true)}
		if got := regionsOutlined(f); got != c.outlined {
			t.Errorf("view level %d: outlined layer %d, want %d", c.level, got, c.outlined)
		}
		r.drawRegions(ebiten.NewImage(1280, 800), f)
		if tinted := r.regions.img != nil; tinted != c.tinted {
			t.Errorf("view level %d: rooms tinted %v, want %v", c.level, tinted, c.tinted)
		}
		if got := frameLegendName(row, f, cam.Zoom); got != c.name {
			t.Errorf("view level %d: legend row %q, want %q", c.level, got, c.name)
		}
		if sw := frameSwatch(LayerRegions, f); c.outlined > 0 && len(sw) != 1 {
			t.Errorf("view level %d: the outline's swatch shows %d tints", c.level, len(sw))
		}
		// The width the legend was measured with holds the outlined name.
		if _, nameX, cw := r.legendColumn([]LegendRow{row, {Layer: LayerNodes, On: true}}); r.fonts.Width(r.fonts.UI, c.name) > float64(cw-nameX-14) {
			t.Errorf("the row's name %q is wider than the legend's column", c.name)
		}
	}
	// A flat search shows no level: the rooms are the regions.
	w.Settings.Algo = world.AlgoAStar
	w.Replan()
	w.Wait()
	if got := regionsOutlined(&Frame{World: w, Cam: cam, ViewLevel: 2}); got != 0 {
		t.Errorf("under A* the regions are outlined as layer %d", got)
	}
}
