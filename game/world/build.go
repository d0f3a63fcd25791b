package world

import (
	"fmt"
	"time"

	"pathlens/pathing"
)

// hierKey is what a built hierarchy depends on: when any of it changes the
// hierarchy is rebuilt; other switches (connection cost, exclusion,
// smoothing) are passed per query.
type hierKey struct {
	algo    Algo
	cluster int
	levels  int
	nb      pathing.Neighborhood
	regions int // number of region layers
	grid    *pathing.Grid
}

// builder makes a hierarchy of one kind for the world's grid.
type builder func(w *World, s Settings) (Hierarchy, error)

// builders holds the hierarchy adapters by algorithm.
var builders = map[Algo]builder{}

func (w *World) keyFor(a Algo) hierKey {
	s := w.Settings
	return hierKey{algo: a, cluster: s.Cluster(), levels: s.LevelCount(), nb: s.Neighborhood, regions: len(w.Regions), grid: w.Grid}
}

// hierarchy returns the hierarchy of the current algorithm, building it
// when a structural switch changed.
func (w *World) hierarchy() (Hierarchy, error) {
	return w.hierarchyFor(w.Settings.Algo)
}

func (w *World) hierarchyFor(a Algo) (Hierarchy, error) {
	k := w.keyFor(a)
	if w.hier != nil && w.hierKey == k {
		return w.hier, nil
	}
	if w.hierErr != nil && w.hierKey == k {
		return nil, w.hierErr
	}
	b := builders[a]
	w.hierKey = k
	w.hier = nil
	if b == nil {
		w.hierErr = fmt.Errorf("%s is not available", a.Title())
		return nil, w.hierErr
	}
	t0 := time.Now()
	h, err := b(w, w.Settings)
	w.hierBuild = time.Since(t0)
	w.hierErr = err
	if err != nil {
		return nil, err
	}
	w.hier = h
	sz := h.Size()
	w.Log.Add("build", F{"hierarchy", a}, F{"cluster", k.cluster}, F{"levels", h.Levels()},
		F{"nodes", sz.Nodes}, F{"edges", sz.Edges}, F{"ms", w.hierBuild})
	return h, nil
}

// dropHierarchy forgets the built hierarchy (after the grid was replaced).
func (w *World) dropHierarchy() {
	w.hier = nil
	w.hierErr = nil
	w.hierKey = hierKey{}
}
