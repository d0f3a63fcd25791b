package groups

import (
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// TestUpdatePatchEqualsBuild toggles and reweights single cells (and now
// and then a few at once) and checks after each repair that the graph
// equals a fresh build, and that Update took each of its ways to lay a
// level out: patched in place (the fresh groups take the old ones'
// slots), laid out anew (a group added or dropped, or the order moved),
// and patched above a level laid out anew (members renumbered, parents
// set again).
func TestUpdatePatchEqualsBuild(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     Config
		regions bool
	}{
		{"clusters-L1", Config{ClusterSize: 4, Levels: 1}, false},
		{"clusters-L3", Config{ClusterSize: 4, Levels: 3}, false},
		{"four-L2", Config{ClusterSize: 5, Levels: 2, Neighborhood: pathing.Four}, false},
		{"regions-L3", Config{ClusterSize: 4, Levels: 3}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(8))
			g := randomGrid(41, 33, 22, 5)
			var regions [][]byte
			if tc.regions {
				l1 := make([]byte, g.Len())
				l2 := make([]byte, g.Len())
				for i := range l1 {
					p := g.Point(i)
					l1[i] = byte('A' + (p.X/9)%26 + 3*((p.Y/7)%3))
					if (p.X+p.Y)%11 == 0 {
						l1[i] = ' '
					}
					l2[i] = byte('a' + p.X/17 + 3*(p.Y/17))
				}
				regions = [][]byte{l1, l2}
			}
			gr, err := Build(g, tc.cfg, regions)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 300; step++ {
				// Mostly single cells; every fourth step a few cells
				// close together, which can move a border between two
				// groups of a key (the checked neighbours' case).
				n := 1
				if step%4 == 3 {
					n = 2 + r.Intn(10)
				}
				at := image.Point{r.Intn(g.Width()), r.Intn(g.Height())}
				var changed []image.Point
				for i := 0; i < n; i++ {
					p := at
					if i > 0 {
						p = at.Add(image.Pt(r.Intn(5)-2, r.Intn(5)-2))
						if !g.In(p) {
							continue
						}
					}
					switch {
					case !g.Open(p):
						g.SetWeight(p, 1)
					case r.Intn(3) == 0:
						g.SetWeight(p, uint8(1+r.Intn(4)))
					default:
						g.SetWeight(p, 0)
					}
					changed = append(changed, p)
				}
				gr.Update(changed)
				fresh, err := Build(g.Clone(), tc.cfg, regions)
				if err != nil {
					t.Fatal(err)
				}
				if err := Equal(gr, fresh); err != nil {
					t.Fatalf("step %d (%v): %v", step, changed, err)
				}
			}
			b := gr.upd
			t.Logf("levels patched %d, laid out anew %d, patched above one laid out anew %d", b.patched, b.rebuilt, b.patchedOnRebuilt)
			if b.patched == 0 || b.rebuilt == 0 {
				t.Errorf("patched %d levels and laid out %d anew: want both", b.patched, b.rebuilt)
			}
			if tc.cfg.Levels > 1 && b.patchedOnRebuilt == 0 {
				t.Errorf("no level patched above one laid out anew")
			}
		})
	}
}
