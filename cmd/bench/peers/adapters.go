package main

import (
	"image"
	"iter"
	"math"

	beefsack "github.com/beefsack/go-astar"
	fzipp "github.com/fzipp/astar"

	"pathlens/pathing"
)

// The adapters give each peer library the same problem pathlens solves: an
// 8-connected grid where a straight step into a cell costs its weight, a
// diagonal step costs weight·√2 and needs both cells it passes between open
// (no corner cutting, the Moving AI rule), with the octile heuristic. Both
// use legalSteps below, written straight on the grid's cells, so every
// contender sees exactly the same graph and pays about the same to learn it.

// Contender answers one query: the path cost and the path, or found false.
type Contender interface {
	Name() string
	Path(start, goal image.Point) (cost float64, path []image.Point, found bool)
}

// legalSteps writes into out the cells one legal step from p (8-connected,
// no corner cutting) and returns how many there are.
func legalSteps(g *pathing.Grid, p image.Point, out *[8]image.Point) int {
	w, h := g.Width(), g.Height()
	cells := g.Cells()
	open := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < w && y < h && cells[y*w+x] != pathing.Blocked
	}
	n := 0
	for _, s := range pathing.Eight.Steps() {
		x, y := p.X+s.DX, p.Y+s.DY
		if !open(x, y) {
			continue
		}
		if s.DX != 0 && s.DY != 0 && (!open(p.X+s.DX, p.Y) || !open(p.X, p.Y+s.DY)) {
			continue
		}
		out[n] = image.Point{x, y}
		n++
	}
	return n
}

// stepCost is the cost of a legal step from a to b.
func stepCost(g *pathing.Grid, a, b image.Point) float64 {
	w := float64(g.Cells()[b.Y*g.Width()+b.X])
	if a.X != b.X && a.Y != b.Y {
		return math.Sqrt2 * w
	}
	return w
}

// ---- pathlens ----

// Ours is pathlens' own A*: one Searcher reused across queries (its design:
// zero allocations per query once warm). The path is copied out so that the
// contenders return comparable values.
type Ours struct {
	s *pathing.Searcher
}

func NewOurs(g *pathing.Grid) *Ours { return &Ours{s: pathing.NewSearcher(g)} }

func (o *Ours) Name() string { return "pathlens" }

func (o *Ours) Path(start, goal image.Point) (float64, []image.Point, bool) {
	r, err := o.s.Search(pathing.Query{Start: start, Goal: goal})
	if err != nil || r.Status != pathing.Found {
		return math.Inf(1), nil, false
	}
	return r.Cost, r.Path, true
}

// ---- github.com/beefsack/go-astar ----

// Beefsack wraps github.com/beefsack/go-astar, whose nodes implement the
// Pather interface. One tile value per cell is made up front (untimed) so
// that tiles compare equal by pointer, as the library's map needs.
type Beefsack struct {
	g     *pathing.Grid
	tiles []bTile
}

type bTile struct {
	p image.Point
	b *Beefsack
}

func NewBeefsack(g *pathing.Grid) *Beefsack {
	b := &Beefsack{g: g, tiles: make([]bTile, g.Len())}
	for i := range b.tiles {
		b.tiles[i] = bTile{p: g.Point(i), b: b}
	}
	return b
}

func (b *Beefsack) Name() string { return "beefsack/go-astar" }

func (b *Beefsack) tile(p image.Point) *bTile { return &b.tiles[b.g.Index(p)] }

func (b *Beefsack) Path(start, goal image.Point) (float64, []image.Point, bool) {
	ps, cost, found := beefsack.Path(b.tile(start), b.tile(goal))
	if !found {
		return math.Inf(1), nil, false
	}
	// The library returns goal first.
	path := make([]image.Point, len(ps))
	for i, p := range ps {
		path[len(ps)-1-i] = p.(*bTile).p
	}
	return cost, path, true
}

// PathNeighbors implements beefsack.Pather.
func (t *bTile) PathNeighbors() []beefsack.Pather {
	var buf [8]image.Point
	n := legalSteps(t.b.g, t.p, &buf)
	out := make([]beefsack.Pather, n)
	for i := 0; i < n; i++ {
		out[i] = t.b.tile(buf[i])
	}
	return out
}

// PathNeighborCost implements beefsack.Pather.
func (t *bTile) PathNeighborCost(to beefsack.Pather) float64 {
	return stepCost(t.b.g, t.p, to.(*bTile).p)
}

// PathEstimatedCost implements beefsack.Pather (octile distance).
func (t *bTile) PathEstimatedCost(to beefsack.Pather) float64 {
	return pathing.OctileDistance(t.p, to.(*bTile).p)
}

// ---- github.com/fzipp/astar ----

// Fzipp wraps github.com/fzipp/astar (generic, nodes are image.Point).
type Fzipp struct {
	g *pathing.Grid
}

func NewFzipp(g *pathing.Grid) *Fzipp { return &Fzipp{g: g} }

func (f *Fzipp) Name() string { return "fzipp/astar" }

// Neighbours implements fzipp.Graph.
func (f *Fzipp) Neighbours(p image.Point) iter.Seq[image.Point] {
	return func(yield func(image.Point) bool) {
		var buf [8]image.Point
		n := legalSteps(f.g, p, &buf)
		for i := 0; i < n; i++ {
			if !yield(buf[i]) {
				return
			}
		}
	}
}

func (f *Fzipp) Path(start, goal image.Point) (float64, []image.Point, bool) {
	d := func(a, b image.Point) float64 { return stepCost(f.g, a, b) }
	p := fzipp.FindPath[image.Point](f, start, goal, d, pathing.OctileDistance)
	if p == nil {
		return math.Inf(1), nil, false
	}
	return p.Cost(d), p, true
}
