package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A lecturer stepping the built-in world's query (A* or HPA*) saw the
// legend, which named open green and closed blue at the end of the query,
// turn into the bare line of keys "Layers on W B R N S P Y …" as soon as
// she stepped: the magenta line it adds while stepping made the box cover
// more than an eighth of the map, only because of the amber footer under
// it. The footer gives way first; the layers stay listed.
func TestSteppingKeepsTheLegendsRows(t *testing.T) {
	for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoHPA} {
		w := builtinWorld(t, algo)
		lay := ComputeLayout(1264, 720, true)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
		legend := make([]LegendRow, NumLayers)
		for k := range legend {
			legend[k] = LegendRow{Layer: Layer(k), Keys: strings.ToUpper(layerShort[k][:1]), On: DefaultLayers.Has(Layer(k))}
		}
		legend[LayerExcluded].Keys = "Shift+X"
		f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, ViewLevel: 1, Legend: legend}
		r := New()
		screen := ebiten.NewImage(1264, 720)
		if got := drawnTexts(r, screen, f); !strings.Contains(got, "(click or key toggles · K hides)") {
			t.Fatalf("%v at the end: the legend is not the full box:\n%s", algo, got)
		}
		w.SeekTo(w.Timeline.Len() / 2)
		if currentNote(f) == "" {
			t.Fatalf("%v: no magenta line at event %d", algo, w.Timeline.Cursor())
		}
		got := drawnTexts(r, screen, f)
		if !strings.Contains(got, "(click or key toggles · K hides)") || strings.Contains(got, "Layers on") {
			t.Errorf("%v stepped to event %d: the legend folded into the line of keys:\n%s", algo, w.Timeline.Cursor(), got)
		}
	}
}
