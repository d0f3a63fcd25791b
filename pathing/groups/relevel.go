package groups

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"pathlens/pathing"
)

// Relevel prepares a graph of n levels over the same cells, configuration
// and region layers as g, for a change of the number of levels alone.
// Level l is built from the grid and level l-1 only, never from the levels
// above it, so levels 1..min(n, Levels()) of g are what Build with n levels
// would make, except that the new top level's groups have no parent: they
// are copied now, and the returned build makes only the levels above them.
// Level 1 is most of a build's work (its connection costs search every
// group), so more levels cost what the new levels cost, and fewer levels
// a copy.
//
// The copy is made before Relevel returns, so g may be queried, repaired
// or dropped afterwards; build reads only the copy and grid, and may run on
// another goroutine. grid is the grid the new graph reads: g's own (nil)
// or a copy of it holding the same cells as g's grid did when Relevel was
// called (the world builds over a snapshot). build stops like BuildContext
// when ctx is cancelled, between and within the levels it makes, and
// returns what Build(grid, cfg with n levels, g's region layers) would.
// It may be called once.
//
// Relevel refuses what Build would refuse: n out of 1..MaxLevels, or fewer
// levels than g has region layers. It fails with ErrStale when g's grid
// changed since Build or the last Update: the copied levels would describe
// other cells than the new graph's grid, which would pass for current.
func (g *Graph) Relevel(n int) (build func(ctx context.Context, grid *pathing.Grid) (*Graph, error), err error) {
	if g.grid.Version() != g.seen {
		return nil, fmt.Errorf("%w: the grid changed since Build or the last Update (call Update with the changed cells before Relevel)", ErrStale)
	}
	c := g.cfg
	c.Levels = n
	if c, err = c.withDefaults(); err != nil || n == 0 {
		if err == nil {
			err = fmt.Errorf("groups: %d levels: want 1 to %d", n, MaxLevels)
		}
		return nil, err
	}
	if len(g.regions) > n {
		return nil, fmt.Errorf("groups: %d region layers for %d levels", len(g.regions), n)
	}
	keep := min(n, g.cfg.Levels)
	ng := &Graph{grid: g.grid, seen: g.seen, cfg: c, regions: g.regions, levels: make([]*level, n+1)}
	for l := 1; l <= keep; l++ {
		ng.levels[l] = g.levels[l].clone()
	}
	for i := range ng.levels[keep].groups {
		// Set again by the level above when there is one.
		ng.levels[keep].groups[i].Parent = -1
	}
	used := false
	return func(ctx context.Context, grid *pathing.Grid) (*Graph, error) {
		if used {
			return nil, errors.New("groups: a Relevel build was called twice")
		}
		used = true
		if grid != nil {
			if grid.Width() != g.grid.Width() || grid.Height() != g.grid.Height() {
				return nil, fmt.Errorf("groups: relevel onto a %d×%d grid, the graph's is %d×%d",
					grid.Width(), grid.Height(), g.grid.Width(), g.grid.Height())
			}
			ng.grid = grid
			ng.seen = grid.Version() // holds the cells g's grid had
		}
		stopped := func() error {
			return fmt.Errorf("groups: build of levels %d to %d of the %d×%d grid (cluster %d) stopped: %w",
				keep+1, n, ng.grid.Width(), ng.grid.Height(), c.ClusterSize, ctx.Err())
		}
		if ctx.Err() != nil {
			return nil, stopped()
		}
		b := newBuilder(ng)
		if ctx.Done() != nil {
			b.ctx = ctx
		}
		if !b.buildLevels(keep+1, n) {
			return nil, stopped()
		}
		return ng, nil
	}, nil
}

// WithLevels returns a graph of n levels over g's cells, configuration and
// region layers, reusing g's levels below the new top (see Relevel): what
// Build with n levels returns, in the time the levels above
// min(n, Levels()) take. g is left as it was.
func (g *Graph) WithLevels(n int) (*Graph, error) {
	build, err := g.Relevel(n)
	if err != nil {
		return nil, err
	}
	return build(context.Background(), nil)
}

// clone returns a copy of lv that shares no memory with it (Update
// rewrites a level's arrays in place).
func (lv *level) clone() *level {
	return &level{
		side:         lv.side,
		groupOf:      slices.Clone(lv.groupOf),
		groups:       slices.Clone(lv.groups),
		cellStart:    slices.Clone(lv.cellStart),
		cells:        slices.Clone(lv.cells),
		memStart:     slices.Clone(lv.memStart),
		members:      slices.Clone(lv.members),
		edgeStart:    slices.Clone(lv.edgeStart),
		edges:        slices.Clone(lv.edges),
		clustersOnly: lv.clustersOnly,
	}
}
