package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a level designer, r_dup_region.png and group_l2.png): the
// letter of a room whose middle is a wall was drawn on the wall: X, two
// rooms of one character with a wall row between them, sat on that row
// (its chip lifted from the cell under the wall, its middle's nearest),
// and W of the level-2 region went to its wall cell. Each chip is now centred on an open cell of its
// own region, at every window size.
func TestRegionChipsSitOnOpenCellsOfTheirRoom(t *testing.T) {
	var grid, rooms strings.Builder
	for y := range 16 {
		switch {
		case y == 0 || y == 15:
			grid.WriteString("############\n")
			rooms.WriteString("############\n")
		case y == 7: // the wall between X's two rooms, the lower one a row taller
			grid.WriteString("#.##########\n")
			rooms.WriteString("############\n")
		default:
			grid.WriteString("#..........#\n")
			rooms.WriteString("#XXXXXXXXXX#\n")
		}
	}
	src := "pathlens-scenario 1\nmap inline\n" + grid.String() + "end\nregions 1\n" + rooms.String() + "end\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "x.pls")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.Wait()
	r := New()
	for _, size := range [][2]int{{1280, 800}, {854, 534}, {731, 458}} {
		l := ComputeLayout(size[0], size[1], true)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(size[0], size[1])
		r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Layers: DefaultLayers})
		if len(r.chips) != 1 {
			t.Fatalf("%v: %d chips drawn, want X's", size, len(r.chips))
		}
		c := r.chips[0]
		p := cam.CellAt(float64(c.Min.X+c.Max.X)/2, float64(c.Min.Y+c.Max.Y)/2)
		if !w.Grid.In(p) || !w.Grid.Open(p) {
			t.Errorf("%v at %.1f px a cell: X's chip %v is centred on %v, a wall", size, cam.Zoom, c, p)
		}
	}
}
