package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression (a user test): the regions layer tinted every region the
// same pink (its border cells a darker pink, which in rooms three cells
// tall was every cell), so where one room ended and the next began could
// be seen only with the groups layer. In every gallery scenario, at every
// region level, two cells side by side in different regions are tinted
// differently, and so are two regions facing each other across a one-cell
// wall.
func TestNeighbouringRegionsAreTintedApart(t *testing.T) {
	for _, name := range assets.Names() {
		w, err := world.Open(assets.Prefix + name)
		if err != nil {
			t.Fatal(err)
		}
		for l := 1; l <= len(w.Regions); l++ {
			layer := w.Regions[l-1]
			W, H := w.Grid.Width(), w.Grid.Height()
			r := New()
			cam := &Camera{}
			cam.Fit(W, H, ComputeLayout(1280, 800, true).Map)
			r.drawRegions(ebiten.NewImage(1280, 800), &Frame{World: w, Cam: cam, ViewLevel: l})
			pix := r.regions.pix
			at := func(i int) color.RGBA { return color.RGBA{pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3]} }
			for i, ch := range layer {
				if noRegion(ch) {
					continue
				}
				x := i % W
				for _, d := range []struct{ dx, dy int }{{1, 0}, {2, 0}, {0, 1}, {0, 2}} {
					if x+d.dx >= W || i/W+d.dy >= H {
						continue
					}
					j := i + d.dx + d.dy*W
					if o := layer[j]; o != ch && !noRegion(o) && at(i) == at(j) {
						t.Errorf("%s level %d: regions %c (%d,%d) and %c (%d,%d) both tinted %v", name, l, ch, x, i/W, o, j%W, j/W, at(i))
					}
				}
			}
			// Every cell of a region has its region's one tint: no
			// border band of another colour inside it.
			seen := map[byte]color.RGBA{}
			for i, ch := range layer {
				if noRegion(ch) {
					continue
				}
				if c, ok := seen[ch]; ok && c != at(i) {
					t.Errorf("%s level %d: region %c has tints %v and %v", name, l, ch, c, at(i))
					break
				}
				seen[ch] = at(i)
			}
		}
		w.Close()
	}
}

// The legend's regions swatch shows that regions get several tints.
func TestRegionsSwatchHasSeveralTints(t *testing.T) {
	parts := swatchFor(LayerRegions, 1)
	if len(parts) < 2 || parts[0] == parts[1] {
		t.Errorf("regions swatch %v: want the region tints side by side", parts)
	}
}

// Regions that meet only at a corner, or diagonally across a wall's corner,
// are tinted apart too (a reviewer saw that only rows and columns counted).
func TestRegionsMeetingAtACornerAreTintedApart(t *testing.T) {
	for _, rows := range [][]string{
		{"AA##", "AA##", "##BB", "##BB"},              // corners touching
		{"AA###", "AA###", "##.##", "###BB", "###BB"}, // across a cell diagonally
	} {
		var layer []byte
		for _, r := range rows {
			layer = append(layer, r...)
		}
		for i := range layer {
			if layer[i] == '.' {
				layer[i] = ' '
			}
		}
		cols := regionColours(layer, len(rows[0]))
		if cols['A'] == cols['B'] {
			t.Errorf("%q: A and B both tinted %v", rows, cols['A'])
		}
	}
}
