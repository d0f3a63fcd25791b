// Package pathing is the headless pathfinding library of pathlens: the level-0
// grid, its neighbourhoods and heuristics, and resumable searches that can
// record a trace of what they did. It uses the standard library only and never
// touches the screen, so it can be tested and benchmarked anywhere.
package pathing

import (
	"fmt"
	"image"
	"math"
)

// MaxSide is the largest width or height a Grid may have. Larger maps are
// refused by NewGrid and by the readers in package maps.
const MaxSide = 16384

// Sqrt2 is the cost factor of a diagonal step.
const Sqrt2 = math.Sqrt2

// Blocked is the weight of a cell that cannot be entered.
const Blocked uint8 = 0

// Grid is the level-0 world: a rectangle of cells, each blocked (weight 0) or
// open with a move weight from 1 to 255. Entering an open cell costs its weight
// times 1 for a straight step or times √2 for a diagonal one. Cells outside the
// rectangle count as blocked.
//
// Storage is flat, indexed y*Width+x. A Grid is not safe for concurrent
// mutation; any number of searches may read it at once while nobody writes.
type Grid struct {
	w, h  int
	cells []uint8
	// open counts the cells that are not Blocked, kept by every write
	// (SetWeight, SetOpen, SetCells, Recount) so OpenCount is O(1): the
	// window's panel shows it after every edit, and a walk of the grid
	// took 2 ms at 2048² and 10 ms at 4096².
	open int
	// version advances with every write that may have changed a cell (see
	// Version).
	version uint64
}

// NewGrid returns a w×h grid with every cell open at weight 1. It returns an
// error when a side is not positive or exceeds MaxSide.
func NewGrid(w, h int) (*Grid, error) {
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("pathing: grid size %d×%d: sides must be positive", w, h)
	}
	if w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("pathing: grid size %d×%d exceeds the limit of %d×%d", w, h, MaxSide, MaxSide)
	}
	g := &Grid{w: w, h: h, cells: make([]uint8, w*h), open: w * h}
	for i := range g.cells {
		g.cells[i] = 1
	}
	return g, nil
}

// MustGrid is NewGrid for sizes known to be valid (tests, built-ins); it
// panics on a bad size.
func MustGrid(w, h int) *Grid {
	g, err := NewGrid(w, h)
	if err != nil {
		panic(err)
	}
	return g
}

// Width returns the number of columns.
func (g *Grid) Width() int { return g.w }

// Height returns the number of rows.
func (g *Grid) Height() int { return g.h }

// Len returns Width*Height, the number of cell indices.
func (g *Grid) Len() int { return len(g.cells) }

// Bounds returns the rectangle of valid cells, (0,0)-(Width,Height).
func (g *Grid) Bounds() image.Rectangle { return image.Rect(0, 0, g.w, g.h) }

// In reports whether p lies inside the grid.
func (g *Grid) In(p image.Point) bool {
	return uint(p.X) < uint(g.w) && uint(p.Y) < uint(g.h)
}

// Index returns the flat index of p, which must be inside the grid.
func (g *Grid) Index(p image.Point) int { return p.Y*g.w + p.X }

// Point returns the cell of flat index i.
func (g *Grid) Point(i int) image.Point { return image.Point{i % g.w, i / g.w} }

// Open reports whether p is inside the grid and not blocked.
func (g *Grid) Open(p image.Point) bool {
	return g.In(p) && g.cells[p.Y*g.w+p.X] != Blocked
}

// Weight returns the move weight of p: 0 when blocked or outside the grid.
func (g *Grid) Weight(p image.Point) uint8 {
	if !g.In(p) {
		return Blocked
	}
	return g.cells[p.Y*g.w+p.X]
}

// WeightAt returns the weight of flat index i (no range check beyond the slice's).
func (g *Grid) WeightAt(i int) uint8 { return g.cells[i] }

// SetWeight sets the weight of p (0 blocks it). It reports whether the cell
// changed; a point outside the grid is ignored and reports false.
func (g *Grid) SetWeight(p image.Point, w uint8) bool {
	if !g.In(p) {
		return false
	}
	i := p.Y*g.w + p.X
	old := g.cells[i]
	if old == w {
		return false
	}
	switch {
	case old == Blocked:
		g.open++
	case w == Blocked:
		g.open--
	}
	g.cells[i] = w
	g.version++
	return true
}

// SetOpen opens p at weight 1 (if it was blocked) or blocks it. It reports
// whether the cell changed. An open cell keeps its weight when opened again.
func (g *Grid) SetOpen(p image.Point, open bool) bool {
	if !g.In(p) {
		return false
	}
	i := p.Y*g.w + p.X
	switch {
	case open && g.cells[i] == Blocked:
		g.cells[i] = 1
		g.open++
		g.version++
		return true
	case !open && g.cells[i] != Blocked:
		g.cells[i] = Blocked
		g.open--
		g.version++
		return true
	}
	return false
}

// Cells returns the backing slice of weights, indexed y*Width+x. It is the
// grid's own storage: callers may read it freely but must not write it while
// searches or hierarchies depend on the grid. A caller that writes through
// it must call Recount afterwards (or use SetCells), or OpenCount and
// Version are wrong.
func (g *Grid) Cells() []uint8 { return g.cells }

// SetCells copies src, one weight per cell indexed y*Width+x, over the
// grid's cells and counts the open ones. It panics when len(src) is not
// Len().
func (g *Grid) SetCells(src []uint8) {
	if len(src) != len(g.cells) {
		panic(fmt.Sprintf("pathing: SetCells: %d weights for a %d×%d grid", len(src), g.w, g.h))
	}
	copy(g.cells, src)
	g.Recount()
}

// Recount counts the open cells again and advances Version: for a caller
// that wrote through Cells. It walks the grid.
func (g *Grid) Recount() {
	g.open = countOpen(g.cells)
	g.version++
}

// Version is a counter that every write which may have changed a cell
// advances: SetWeight and SetOpen when they change one, SetCells, CopyFrom
// and Recount (which must follow writes through Cells). Equal versions of one
// grid mean no cell changed in between through those methods. A structure
// built over the grid remembers the version it last saw, so that it can
// refuse to answer from outdated terrain: hpa's Querier.Find and groups'
// Planner return their ErrStale when cells changed since the Build or the
// last Update. A Clone starts again from 0; Equal ignores it.
func (g *Grid) Version() uint64 { return g.version }

// countOpen walks cells for the ones not Blocked.
func countOpen(cells []uint8) int {
	n := 0
	for _, c := range cells {
		if c != Blocked {
			n++
		}
	}
	return n
}

// Clone returns a deep copy.
func (g *Grid) Clone() *Grid {
	c := &Grid{w: g.w, h: g.h, cells: make([]uint8, len(g.cells)), open: g.open}
	copy(c.cells, g.cells)
	return c
}

// CopyFrom makes g a copy of src, which has g's size: its weights and
// its open count, without walking them or allocating. It panics when the
// sizes differ.
func (g *Grid) CopyFrom(src *Grid) {
	if g.w != src.w || g.h != src.h {
		panic(fmt.Sprintf("pathing: CopyFrom: a %d×%d grid into a %d×%d one", src.w, src.h, g.w, g.h))
	}
	copy(g.cells, src.cells)
	g.open = src.open
	g.version++
}

// Equal reports whether two grids have the same size and weights.
func (g *Grid) Equal(o *Grid) bool {
	if g.w != o.w || g.h != o.h {
		return false
	}
	for i := range g.cells {
		if g.cells[i] != o.cells[i] {
			return false
		}
	}
	return true
}

// OpenCount returns the number of open cells. It is kept by every write,
// so it costs nothing (see Recount for writes through Cells).
func (g *Grid) OpenCount() int { return g.open }

// Uniform reports whether every open cell has weight 1.
func (g *Grid) Uniform() bool {
	for _, c := range g.cells {
		if c > 1 {
			return false
		}
	}
	return true
}

// Neighborhood selects which steps a search may take.
type Neighborhood uint8

const (
	// Eight allows the four straight and four diagonal steps. A diagonal step
	// needs both cells it passes between to be open (no corner cutting: the
	// Moving AI rule). This is the zero value.
	Eight Neighborhood = iota
	// Four allows the straight steps only.
	Four
)

// String returns "8" or "4" (for a value that is neither constant,
// "neighborhood(N)", as Algorithm and Heuristic name theirs).
func (n Neighborhood) String() string {
	switch n {
	case Eight:
		return "8"
	case Four:
		return "4"
	}
	return fmt.Sprintf("neighborhood(%d)", uint8(n))
}

// ParseNeighborhood accepts "8" or "4".
func ParseNeighborhood(s string) (Neighborhood, error) {
	switch s {
	case "8", "eight":
		return Eight, nil
	case "4", "four":
		return Four, nil
	}
	return Eight, fmt.Errorf("pathing: unknown neighbourhood %q (want 4 or 8)", s)
}

// Step is one move of a neighbourhood: the offset and its length factor (1 or √2).
type Step struct {
	DX, DY int
	Len    float64
}

// Steps lists the moves in a fixed order: the four straight ones (E, S, W, N)
// then, for Eight, the diagonals (SE, SW, NW, NE).
var steps8 = [8]Step{
	{1, 0, 1}, {0, 1, 1}, {-1, 0, 1}, {0, -1, 1},
	{1, 1, Sqrt2}, {-1, 1, Sqrt2}, {-1, -1, Sqrt2}, {1, -1, Sqrt2},
}

// Steps returns the moves of n, straight ones first. The slice is shared; do
// not modify it.
func (n Neighborhood) Steps() []Step {
	if n == Four {
		return steps8[:4]
	}
	return steps8[:]
}

// CanStep reports whether a single step from a to b is legal on g under n:
// b adjacent to a, both open, and for a diagonal both orthogonal cells open.
func (g *Grid) CanStep(a, b image.Point, n Neighborhood) bool {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0) {
		return false
	}
	if !g.Open(a) || !g.Open(b) {
		return false
	}
	if dx != 0 && dy != 0 {
		if n == Four {
			return false
		}
		return g.Open(image.Point{a.X + dx, a.Y}) && g.Open(image.Point{a.X, a.Y + dy})
	}
	return true
}

// StepCost returns the cost of stepping from a to b (b's weight times 1 or
// √2), or +Inf when the step is not legal.
func (g *Grid) StepCost(a, b image.Point, n Neighborhood) float64 {
	if !g.CanStep(a, b, n) {
		return math.Inf(1)
	}
	w := float64(g.Weight(b))
	if a.X != b.X && a.Y != b.Y {
		return w * Sqrt2
	}
	return w
}

// NearestOpen returns the open cell nearest p by Euclidean distance among
// those at most r cells from it (p itself when open; ties go to the first
// in row order), and false when there is none. It scans square rings
// outward and stops at the first ring that cannot hold a nearer cell, so
// the cost is about the square of the distance found (r² when none is).
func (g *Grid) NearestOpen(p image.Point, r int) (image.Point, bool) {
	if g.Open(p) {
		return p, true
	}
	best, bd, found := p, 0, false
	try := func(q image.Point) {
		d := (q.X-p.X)*(q.X-p.X) + (q.Y-p.Y)*(q.Y-p.Y)
		if d > r*r || !g.Open(q) {
			return
		}
		if !found || d < bd || d == bd && (q.Y < best.Y || q.Y == best.Y && q.X < best.X) {
			best, bd, found = q, d, true
		}
	}
	// No cell of the grid lies beyond ring far (the Chebyshev distance to
	// its farthest corner), so a large r costs no empty rings.
	far := max(iabs(p.X), iabs(p.X-g.w+1), iabs(p.Y), iabs(p.Y-g.h+1))
	for k := 1; k <= min(r, far); k++ {
		if found && k*k > bd {
			break // every cell of ring k is at least k away
		}
		for dx := -k; dx <= k; dx++ {
			try(image.Pt(p.X+dx, p.Y-k))
			try(image.Pt(p.X+dx, p.Y+k))
		}
		for dy := -k + 1; dy < k; dy++ {
			try(image.Pt(p.X-k, p.Y+dy))
			try(image.Pt(p.X+k, p.Y+dy))
		}
	}
	return best, found
}
