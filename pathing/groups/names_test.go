package groups

import (
	"fmt"
	"math/rand"
	"testing"
)

// nameGroupsFmt is nameGroups as it was, with fmt and maps: the oracle
// for the one-string version.
func nameGroupsFmt(gs []Group, only func(i int) bool) {
	count := map[Key]int{}
	for i, g := range gs {
		if only == nil || only(i) {
			count[g.Key]++
		}
	}
	seen := map[Key]int{}
	for i := range gs {
		k := gs[i].Key
		if only != nil && !only(i) {
			continue
		}
		var base string
		if k.Region != 0 {
			base = string(rune(k.Region))
			if k.Region >= 0x80 {
				base = fmt.Sprintf("\\x%02x", k.Region)
			}
		} else {
			base = fmt.Sprintf("(%d,%d)", k.X, k.Y)
		}
		if count[k] > 1 {
			seen[k]++
			if k.Region != 0 {
				base += fmt.Sprint(seen[k])
			} else {
				base += fmt.Sprintf("/%d", seen[k])
			}
		}
		gs[i].Name = base
	}
}

// nameGroups names as nameGroupsFmt does: region bytes below and above
// 0x80, clusters, split keys of both kinds, with and without a filter.
func TestNameGroupsMatchesFmt(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for trial := 0; trial < 200; trial++ {
		gs := make([]Group, 1+r.Intn(60))
		for i := range gs {
			switch r.Intn(3) {
			case 0:
				gs[i].Key = Key{Region: byte([]int{'A', 'b', '7', 0x80, 0xfe, 0x9c}[r.Intn(6)])}
			default:
				gs[i].Key = Key{X: int32(r.Intn(4)), Y: int32(r.Intn(3) * 7)}
			}
		}
		var only func(int) bool
		if trial%2 == 1 {
			// Whole keys only, as Update passes them.
			pick := map[Key]bool{}
			for _, g := range gs {
				if r.Intn(2) == 0 {
					pick[g.Key] = true
				}
			}
			only = func(i int) bool { return pick[gs[i].Key] }
		}
		want := append([]Group(nil), gs...)
		for i := range gs {
			gs[i].Name, want[i].Name = "old", "old"
		}
		nameGroups(gs, only)
		nameGroupsFmt(want, only)
		for i := range gs {
			if gs[i].Name != want[i].Name {
				t.Fatalf("trial %d group %d key %+v: %q, want %q", trial, i, gs[i].Key, gs[i].Name, want[i].Name)
			}
		}
	}
}
