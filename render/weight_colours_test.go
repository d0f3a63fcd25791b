package render

import "testing"

// A designer could not tell weights 2, 3 and 5 apart (colours within
// 7–14 of each other): consecutive weights differ by at least 16 in some
// channel, and every step is darker than the one before.
func TestWeightColoursStepApart(t *testing.T) {
	abs := func(a, b uint8) int {
		if a > b {
			return int(a - b)
		}
		return int(b - a)
	}
	for w := uint8(1); w < 9; w++ {
		a, b := TerrainColor('.', w), TerrainColor('.', w+1)
		if d := max(abs(a.R, b.R), abs(a.G, b.G), abs(a.B, b.B)); d < 16 {
			t.Errorf("weights %d %v and %d %v differ by %d at most", w, a, w+1, b, d)
		}
		if int(b.R)+int(b.G)+int(b.B) >= int(a.R)+int(a.G)+int(a.B) {
			t.Errorf("weight %d %v is not darker than weight %d %v", w+1, b, w, a)
		}
	}
	if TerrainColor('.', 40) != TerrainColor('.', 9) {
		t.Error("weights above 9 do not take weight 9's colour")
	}
}
