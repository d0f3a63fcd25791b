package render

import (
	"image/color"
	"math"
	"testing"
)

// hueColor takes its hue as x − Trunc(x) instead of math.Mod(x, 1) (Mod
// was half of the groups layer's bake on a big map): its colours must be
// the very ones the Mod version gave, for every id a bake reaches and for
// negative ones, so no map's tints change.
func TestHueColorIsTheModVersion(t *testing.T) {
	check := func(id int32) {
		if got, want := hueColor(id, 110), hueColorByMod(id, 110); got != want {
			t.Fatalf("hueColor(%d) = %v, the math.Mod version gives %v", id, got, want)
		}
	}
	for id := int32(-1 << 16); id < 1<<23; id++ {
		check(id)
	}
	for id := int64(math.MinInt32); id <= math.MaxInt32; id += 99991 {
		check(int32(id))
	}
	check(math.MaxInt32)
}

// hueColorByMod is hueColor as it was, with math.Mod: the reference.
func hueColorByMod(id int32, alpha uint8) color.RGBA {
	h := math.Mod(float64(id)*0.618033988749895, 1)
	s, v := 0.55, 0.95
	i := int(h * 6)
	fr := h*6 - float64(i)
	p, q, t := v*(1-s), v*(1-fr*s), v*(1-(1-fr)*s)
	var rr, gg, bb float64
	switch i % 6 {
	case 0:
		rr, gg, bb = v, t, p
	case 1:
		rr, gg, bb = q, v, p
	case 2:
		rr, gg, bb = p, v, t
	case 3:
		rr, gg, bb = p, q, v
	case 4:
		rr, gg, bb = t, p, v
	default:
		rr, gg, bb = v, p, q
	}
	return color.RGBA{uint8(rr * 255), uint8(gg * 255), uint8(bb * 255), alpha}
}
