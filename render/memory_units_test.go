package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// From a new-user trial: the panel wrote AR0011SR's HPA* hierarchy (with
// the path cache) as "3.1 MiB" where cmd/bench's report and the README
// write "3.21 MB", and an engineer took them for different figures. The
// panel now writes bytes as bench does.
func TestHierarchyMemoryInBenchsUnits(t *testing.T) {
	r := New()
	for _, c := range []struct {
		bytes int
		want  string
	}{{3_210_016, "3.21 MB"}, {279_450, "0.28 MB"}, {1_331, "1.3 kB"}} {
		var drawn []string
		r.fonts.drawn = &drawn
		r.hierarchyRows(ebiten.NewImage(PanelWidth, 200), 10, 0, world.Size{Nodes: 1239, Edges: 8496, Bytes: c.bytes}, 0, 0)
		r.fonts.drawn = nil
		all := strings.Join(drawn, " | ")
		if !strings.Contains(all, c.want) || strings.Contains(all, "iB") {
			t.Errorf("%d bytes: the hierarchy rows read %q, want %q", c.bytes, all, c.want)
		}
	}
}
