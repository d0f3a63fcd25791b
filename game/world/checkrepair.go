package world

import (
	"fmt"

	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// CheckRepair compares the session's hierarchy, as its repairs after every
// edit and undo left it, with a fresh build of the grid now: nil when they
// are the same structure (hpa.Equal, groups.Equal) or when there is no
// built hierarchy to compare (a flat algorithm, a build still running).
// Cost: a full build. It is a check for tests and bug reports (a hierarchy
// that drifted from its grid answers wrongly without any error), not for
// the frame loop.
func (w *World) CheckRepair() error {
	if w.hier == nil || w.building != nil || w.stroke != nil {
		return nil // nothing built, or a stroke's repair deferred to its end
	}
	if !w.hierGrid.Equal(w.Grid) {
		return fmt.Errorf("the hierarchy's copy of the grid differs from the grid")
	}
	// Built again with the hierarchy's own configuration: the switches
	// may have moved on since (a hierarchy kept for a switch back to it,
	// a connection cost set on the graph).
	var diff error
	switch h := w.hier.(type) {
	case *hpaHier:
		fresh, err := hpa.Build(w.Grid.Clone(), h.h.Config())
		if err != nil {
			return fmt.Errorf("a fresh build of the grid: %w", err)
		}
		diff = hpa.Equal(h.h, fresh)
	case *groupHier:
		// The region layers it was built with: rooms painted since
		// rebuild it when it is next used (keyFor), not before.
		var regions [][]byte
		for l := 1; l <= h.g.Levels(); l++ {
			regions = append(regions, h.g.Regions(l)) // nil for a level without rooms
		}
		for len(regions) > 0 && regions[len(regions)-1] == nil {
			regions = regions[:len(regions)-1]
		}
		fresh, err := groups.Build(w.Grid.Clone(), h.g.Config(), regions)
		if err != nil {
			return fmt.Errorf("a fresh build of the grid: %w", err)
		}
		diff = groups.Equal(h.g, fresh)
	}
	if diff != nil {
		return fmt.Errorf("the repaired hierarchy differs from a fresh build: %w", diff)
	}
	return nil
}
