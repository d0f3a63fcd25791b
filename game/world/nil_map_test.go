package world

import (
	"testing"

	"pathlens/maps"
)

// New(nil) panics naming the package, not with a nil dereference inside.
func TestNewNilMapPanicsByName(t *testing.T) {
	for _, m := range []*maps.Map{nil, {Name: "no grid"}} {
		func() {
			defer func() {
				if r := recover(); r != "world: New: nil map" {
					t.Errorf("New(%v): panic %v, want \"world: New: nil map\"", m, r)
				}
			}()
			New(m)
		}()
	}
}
