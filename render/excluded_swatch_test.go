package render

import (
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// lum is a colour's luma (0..255).
func lum(c [3]float64) float64 { return 0.299*c[0] + 0.587*c[1] + 0.114*c[2] }

func rgb(c interface{ RGBA() (r, g, b, a uint32) }) [3]float64 {
	r, g, b, _ := c.RGBA()
	return [3]float64{float64(r >> 8), float64(g >> 8), float64(b >> 8)}
}

// From a user test (exclusion-shortcut, the excluded-area layer on): the
// legend's swatch for the excluded area was an empty black box (its tint,
// translucent dark, on the dark legend), and the tint over the hall, a
// flat darkening, came out dark brown, like the terrain weights. The area
// is now a veil with stripes drawn in screen space, a pattern no terrain
// has, and the swatch shows the veil and the stripe as they look over an
// open cell.
func TestExcludedAreaSwatchShowsItsTint(t *testing.T) {
	w, err := world.Open(assets.Prefix + "exclusion-shortcut")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	sw := frameSwatch(LayerExcluded, &Frame{World: w})
	if len(sw) != 2 {
		t.Fatalf("swatch %v: want the veil and the stripe", sw)
	}
	for i, want := range []interface{ RGBA() (r, g, b, a uint32) }{overOpaque(ColFloor, ColExcluded), overOpaque(ColFloor, ColExcludedHatch)} {
		if sw[i].A != 255 || sw[i] != want {
			t.Errorf("swatch part %d = %v, want %v (the colour over an open cell, opaque)", i, sw[i], want)
		}
	}
	if l := lum(rgb(sw[0])); l < 120 {
		t.Errorf("swatch's veil %v is dark (luma %.0f): it reads as an empty box on the legend", sw[0], l)
	}
	// The stripes stand out from the veil: the pattern, not a shade, says
	// "excluded".
	if d := lum(rgb(sw[0])) - lum(rgb(sw[1])); d < 50 {
		t.Errorf("stripe %v against veil %v: luma differs by %.0f, want a visible pattern", sw[1], sw[0], d)
	}
	if excludedStripe <= 0 || excludedStripe >= excludedPeriod/2 {
		t.Errorf("stripes %.1f px every %.1f px: want thin stripes with the veil between", excludedStripe, excludedPeriod)
	}
	// The veil over an open cell is cool grey, not a terrain weight's brown.
	v := rgb(sw[0])
	if v[2] < v[0] {
		t.Errorf("veil over an open cell %v is warm, like the weights' browns", sw[0])
	}
}
