package pathing

import (
	"slices"
	"unsafe"
)

// Components keeps the connected components of a grid's open cells
// labelled through edits: Build labels the grid, Update repairs the labels
// for the cells that changed. Under the no-corner-cutting rule a diagonal
// step needs both orthogonal cells open, so 8-connected components equal
// 4-connected ones and one labelling serves both neighbourhoods. The HPA*
// hierarchy and the agents' reachability test keep one each.
//
// Repair is local. Opening a cell merges the components around it by
// relabelling the smaller ones (a scanline flood fill, cost: their size).
// Blocking a cell runs scanline searches from its open neighbours in lock
// step; they stop as soon as all of them have met, and a search that runs
// dry first has found a piece split off, which gets a new label (cost:
// about the size of the smaller side times the number of neighbours).
// Scanning whole runs of a row, not a cell at a time, made the split of a
// 512×512 map into two halves over 20 times faster than a per-cell
// breadth-first search (BenchmarkComponentsHalves). Labels are not
// renumbered: they are equal to a fresh labelling's as a partition, not
// as numbers, and a label retired (its component filled or merged) is
// given to the next new component, so a label names a component only
// until the next Update.
type Components struct {
	w, h  int
	label []int32 // -1 for blocked cells
	size  []int32 // cells per label (0 for retired labels)
	free  []int32 // retired labels, given out again before new ones
	count int     // live Components
	// events counts partition changes (new labels, vanished or merged
	// components), so Update can report whether anything structural
	// happened.
	events int

	// repair working memory
	stamp  []uint32 // stamp[i] == gen: cell i is a seed already
	gen    uint32
	fills  []int32
	seeds  []int32
	group  []int32
	used   []bool
	todo   []compSpan   // relabel's rows to scan
	srch   []compSearch // split's searches, by seed
	parent []int        // split's union-find over the searches
	next   []int        // split: the next member of a search's set (a ring)
	active []int        // split: searches of a set (at its root) not yet dry
	sets   int          // split: sets still searching
}

// Build labels g from scratch (ComponentLabeler: a union-find over
// each row's runs of open cells, components numbered in raster order of
// their first cell). Memory: the labels, the sizes and, while building,
// two words per run; the repair buffers are allocated on first use.
func (c *Components) Build(g *Grid) {
	c.w, c.h = g.Width(), g.Height()
	c.stamp = nil
	c.free = c.free[:0]
	var lb ComponentLabeler // its sizes become c.size: not reused
	c.label, c.size = lb.Label(g, make([]int32, g.Len()))
	c.count = len(c.size)
}

// Labels returns the label of every cell (indexed y*Width+x), -1 for
// blocked cells: the Components' own slice, valid until the next Build or
// Update.
func (c *Components) Labels() []int32 { return c.label }

// Count returns the number of components.
func (c *Components) Count() int { return c.count }

// MemoryBytes is the capacity of the labels, the sizes and the retired
// labels.
func (c *Components) MemoryBytes() int { return cap(c.label)*4 + cap(c.size)*4 + cap(c.free)*4 }

// ScratchBytes is the capacity of the repair's working memory.
func (c *Components) ScratchBytes() int {
	b := cap(c.stamp)*4 + cap(c.fills)*4 + cap(c.seeds)*4 + cap(c.group)*4 + cap(c.used) +
		cap(c.todo)*int(unsafe.Sizeof(compSpan{})) + cap(c.srch)*int(unsafe.Sizeof(compSearch{})) +
		(cap(c.parent)+cap(c.next)+cap(c.active))*8
	for _, s := range c.srch {
		b += (cap(s.todo) + cap(s.runs)) * int(unsafe.Sizeof(compSpan{}))
	}
	return b
}

// eachOpen calls f with each open 4-neighbour j of cell i.
func (c *Components) eachOpen(i int32, cells []uint8, f func(j int32)) {
	x, y := int(i)%c.w, int(i)/c.w
	w := int32(c.w)
	if x+1 < c.w && cells[i+1] != Blocked {
		f(i + 1)
	}
	if x > 0 && cells[i-1] != Blocked {
		f(i - 1)
	}
	if y+1 < c.h && cells[i+w] != Blocked {
		f(i + w)
	}
	if y > 0 && cells[i-w] != Blocked {
		f(i - w)
	}
}

// newLabel returns a label for a new component of size cells: a retired
// one when there is one, so the sizes grow with the most components the
// grid has had at once, not with the splits and lone digs of a session
// (a door opened and closed a million times left a million labels).
func (c *Components) newLabel(size int32) int32 {
	c.events++
	c.count++
	if n := len(c.free); n > 0 {
		l := c.free[n-1]
		c.free = c.free[:n-1]
		c.size[l] = size
		return l
	}
	c.size = append(c.size, size)
	return int32(len(c.size) - 1)
}

// retire counts label l gone: its last cell was filled or it merged into
// another. No cell has it; newLabel gives it out again.
func (c *Components) retire(l int32) {
	c.size[l] = 0
	c.count--
	c.events++
	c.free = append(c.free, l)
}

// Update brings the labels up to date after the given cells changed on g.
// Cells blocked now but labelled are fills; cells open now but unlabelled
// are digs. Fills are done first, together, so a batch of them is judged on
// the final terrain; then each dig merges finished labels. It reports
// whether the partition changed (a component appeared, vanished, split or
// merged), not merely a cell joining or leaving one.
func (c *Components) Update(g *Grid, changed []int32) bool {
	cells := g.Cells()
	if len(c.stamp) != len(c.label) {
		c.stamp = make([]uint32, len(c.label))
		c.gen = 0
	}
	before := c.events
	c.fills = c.fills[:0]
	for _, i := range changed {
		if cells[i] == Blocked && c.label[i] >= 0 {
			c.fills = append(c.fills, i)
		}
	}
	if len(c.fills) > 0 {
		c.fill(cells)
	}
	for _, i := range changed {
		if cells[i] != Blocked && c.label[i] < 0 {
			c.dig(cells, i)
		}
	}
	return c.events != before
}

func (c *Components) dig(cells []uint8, i int32) {
	var labs [4]int32
	n := 0
	c.eachOpen(i, cells, func(j int32) {
		if l := c.label[j]; l >= 0 && !slices.Contains(labs[:n], l) {
			labs[n] = l
			n++
		}
	})
	if n == 0 {
		c.label[i] = c.newLabel(1)
		return
	}
	best := labs[0]
	for k := 1; k < n; k++ {
		if c.size[labs[k]] > c.size[best] {
			best = labs[k]
		}
	}
	c.label[i] = best
	c.size[best]++
	for k := 0; k < n; k++ {
		old := labs[k]
		if old == best {
			continue
		}
		// Relabel the smaller component (scanline flood fill from a
		// neighbour of i that has its label).
		var from int32 = -1
		c.eachOpen(i, cells, func(j int32) {
			if from < 0 && c.label[j] == old {
				from = j
			}
		})
		c.size[best] += c.relabel(from, old, best)
		c.retire(old)
	}
}

// fill removes the cells of c.fills from their components and splits what
// they disconnected. The open neighbours of the filled cells are the seeds;
// seeds of one label run scanline searches in lock step (split), merging when
// they meet, and a group of searches that runs dry while another is still
// going is a piece split off and gets a new label. The last group keeps the
// old label, so the cost is about the size of the smaller pieces.
func (c *Components) fill(cells []uint8) {
	// A filled cell whose open neighbours are joined around it (along the
	// ring of its eight neighbours) splits nothing: the common case,
	// answered without a search. The fills are taken in turn, each tested
	// on the labels the ones before it left (the later ones still open),
	// as a stroke's cells filled one at a time would be; from the first
	// that may split, the rest are split together below.
	k := 0
	for ; k < len(c.fills); k++ {
		i := c.fills[k]
		lab := c.label[i]
		if lab < 0 { // listed twice
			continue
		}
		c.label[i] = -1
		if !c.ringJoined(i) {
			c.label[i] = lab
			break
		}
		if c.size[lab]--; c.size[lab] == 0 {
			c.retire(lab)
		}
	}
	fills := c.fills[k:]
	if len(fills) == 0 {
		return
	}
	c.gen++
	if c.gen == 0 {
		clear(c.stamp)
		c.gen = 1
	}
	for _, i := range fills {
		lab := c.label[i]
		if lab < 0 { // listed twice
			continue
		}
		c.label[i] = -1
		if c.size[lab]--; c.size[lab] == 0 {
			c.retire(lab)
		}
	}
	// Seeds: open labelled neighbours of the filled cells, each once.
	c.seeds = c.seeds[:0]
	for _, i := range fills {
		c.eachOpen(i, cells, func(j int32) {
			if c.label[j] >= 0 && c.stamp[j] != c.gen {
				c.stamp[j] = c.gen
				c.seeds = append(c.seeds, j)
			}
		})
	}
	// Group the seeds by label (few seeds: quadratic is fine).
	c.used = c.used[:0]
	for range c.seeds {
		c.used = append(c.used, false)
	}
	for a, sa := range c.seeds {
		if c.used[a] {
			continue
		}
		lab := c.label[sa]
		grp := c.group[:0]
		for b := a; b < len(c.seeds); b++ {
			if !c.used[b] && c.label[c.seeds[b]] == lab {
				c.used[b] = true
				grp = append(grp, c.seeds[b])
			}
		}
		c.group = grp
		if len(grp) > 1 {
			c.split(lab, grp)
		}
	}
}

// compSpan is the cells x0..x1 (inclusive) of row y.
type compSpan struct{ y, x0, x1 int32 }

// compSearch is one of split's lock-step searches: a scanline flood fill that
// claims whole runs of its label's cells in a row at a time, marking them
// in the labels with compClaim(k) while it goes.
type compSearch struct {
	todo  []compSpan // rows still to scan for the label's cells
	runs  []compSpan // the runs it claimed
	cells int32      // cells it claimed
	work  int        // cells it looked at: the lock step's measure
	done  bool       // nothing left to scan
}

// compClaim is the mark of cells claimed by split's search k, in place of their
// label while it runs (labels are >= 0, blocked cells -1).
func compClaim(k int) int32 { return -2 - int32(k) }

// compQuantum is how many more cells each of split's searches looks at in
// a round: they keep within about this of one another.
const compQuantum = 256

// split runs the lock-step searches from the seeds of label lab. Each
// search claims runs of lab's cells (marking them compClaim(k)) and scans the
// rows above and below each run for more; a search that meets another's
// mark joins its set (a union-find over the searches). Rounds give every
// search compQuantum more cells to look at, so they advance at one pace
// in cells, and a set all of whose searches ran dry while another set
// still searches is a piece split off: its runs get a new label. When one
// set is left its runs get lab back. Cost: about the cells of the pieces
// split off (their scans look at a cell about three times) times the
// number of sets, plus that much of the side that keeps lab.
func (c *Components) split(lab int32, seeds []int32) {
	n := len(seeds)
	for len(c.srch) < n {
		c.srch = append(c.srch, compSearch{})
	}
	srch := c.srch[:n]
	c.parent, c.next, c.active = c.parent[:0], c.next[:0], c.active[:0]
	w := int32(c.w)
	for k, i := range seeds {
		// Each search starts owning its seed, so one that comes to it
		// later meets it (a set whose piece is found already would have
		// left it labelled, not claimed).
		y, x := i/w, i%w
		c.label[i] = compClaim(k)
		s := &srch[k]
		s.runs = append(s.runs[:0], compSpan{y, x, x})
		s.todo = append(s.todo[:0], compSpan{y, max(x-1, 0), min(x+1, w-1)})
		if y > 0 {
			s.todo = append(s.todo, compSpan{y - 1, x, x})
		}
		if int(y)+1 < c.h {
			s.todo = append(s.todo, compSpan{y + 1, x, x})
		}
		s.cells, s.work, s.done = 1, 0, false
		c.parent = append(c.parent, k)
		c.next = append(c.next, k) // members of k's set, a ring
		c.active = append(c.active, 1)
	}
	c.sets = n
	for target := compQuantum; c.sets > 1; target += compQuantum {
		progressed := false
		for k := 0; k < n && c.sets > 1; k++ {
			s := &srch[k]
			if s.done {
				continue
			}
			progressed = true
			for s.work < target && len(s.todo) > 0 && c.sets > 1 {
				c.scan(k, lab)
			}
			if len(s.todo) > 0 || c.sets <= 1 {
				continue
			}
			s.done = true
			r := c.find(k)
			if c.active[r]--; c.active[r] > 0 {
				continue
			}
			// Set r ran dry while others still search: a piece.
			var cnt int32
			m := r
			for {
				cnt += srch[m].cells
				if m = c.next[m]; m == r {
					break
				}
			}
			nl := c.newLabel(cnt)
			c.size[lab] -= cnt
			for {
				c.setRuns(srch[m].runs, nl)
				srch[m].runs = srch[m].runs[:0]
				if m = c.next[m]; m == r {
					break
				}
			}
			c.sets--
		}
		if !progressed {
			break
		}
	}
	for k := range srch { // the set left keeps lab
		c.setRuns(srch[k].runs, lab)
	}
}

// setRuns labels the cells of runs l.
func (c *Components) setRuns(runs []compSpan, l int32) {
	for _, r := range runs {
		row := int(r.y) * c.w
		lbl := c.label[row+int(r.x0) : row+int(r.x1)+1]
		for j := range lbl {
			lbl[j] = l
		}
	}
}

// find returns the set of split's search k (path halving).
func (c *Components) find(k int) int {
	for c.parent[k] != k {
		c.parent[k] = c.parent[c.parent[k]]
		k = c.parent[k]
	}
	return k
}

// meet joins the sets of split's search k and of the search whose claim
// mark is l, if l is another search's.
func (c *Components) meet(k int, l int32) {
	if l > -2 || l == compClaim(k) {
		return
	}
	a, b := c.find(k), c.find(int(-2-l))
	if a == b {
		return
	}
	c.parent[a] = b
	c.next[a], c.next[b] = c.next[b], c.next[a] // splice the member rings
	c.active[b] += c.active[a]
	c.sets--
}

// scan is one step of split's search k: it scans the last row compSpan on its
// list for cells of lab, claims each run of them it finds (however far the
// run reaches past the compSpan), and lists the run's rows above and below.
// Claimed cells of other searches it passes, or that end its runs, join
// their sets with k's.
func (c *Components) scan(k int, lab int32) {
	s := &c.srch[k]
	sp := s.todo[len(s.todo)-1]
	s.todo = s.todo[:len(s.todo)-1]
	w := c.w
	row := int(sp.y) * w
	lbl := c.label[row : row+w]
	mine := compClaim(k)
	s.work += int(sp.x1-sp.x0) + 1
	for x := int(sp.x0); x <= int(sp.x1); x++ {
		l := lbl[x]
		if l != lab {
			if l <= -2 && l != mine {
				c.meet(k, l)
			}
			continue
		}
		xl, xr := x, x
		for xl > 0 && lbl[xl-1] == lab {
			xl--
		}
		for xr+1 < w && lbl[xr+1] == lab {
			xr++
		}
		run := lbl[xl : xr+1]
		for j := range run {
			run[j] = mine
		}
		if xl > 0 {
			c.meet(k, lbl[xl-1])
		}
		if xr+1 < w {
			c.meet(k, lbl[xr+1])
		}
		r := compSpan{sp.y, int32(xl), int32(xr)}
		s.runs = append(s.runs, r)
		s.cells += int32(len(run))
		s.work += len(run)
		if sp.y > 0 {
			s.todo = append(s.todo, compSpan{sp.y - 1, r.x0, r.x1})
		}
		if int(sp.y)+1 < c.h {
			s.todo = append(s.todo, compSpan{sp.y + 1, r.x0, r.x1})
		}
		x = xr
	}
}

// relabel gives the cells of label from connected to cell i (which has
// it) the label to, by scanline flood fill, and returns how many it
// relabelled.
func (c *Components) relabel(i int32, from, to int32) int32 {
	w := int32(c.w)
	st := append(c.todo[:0], compSpan{i / w, i % w, i % w})
	var n int32
	for len(st) > 0 {
		sp := st[len(st)-1]
		st = st[:len(st)-1]
		row := int(sp.y) * c.w
		lbl := c.label[row : row+c.w]
		for x := int(sp.x0); x <= int(sp.x1); x++ {
			if lbl[x] != from {
				continue
			}
			xl, xr := x, x
			for xl > 0 && lbl[xl-1] == from {
				xl--
			}
			for xr+1 < c.w && lbl[xr+1] == from {
				xr++
			}
			run := lbl[xl : xr+1]
			for j := range run {
				run[j] = to
			}
			n += int32(len(run))
			if sp.y > 0 {
				st = append(st, compSpan{sp.y - 1, int32(xl), int32(xr)})
			}
			if int(sp.y)+1 < c.h {
				st = append(st, compSpan{sp.y + 1, int32(xl), int32(xr)})
			}
			x = xr
		}
	}
	c.todo = st
	return n
}

// ringJoined reports whether the labelled 4-neighbours of i are all
// connected through the labelled cells of the ring of i's eight neighbours
// (RingJoined). Labelled is open as the labels stand: a cell dug in the
// same batch is not yet part of any component, one filled in it and not
// yet taken out still is.
func (c *Components) ringJoined(i int32) bool {
	x, y := int(i)%c.w, int(i)/c.w
	var open [8]bool
	for k, d := range Ring8 {
		nx, ny := x+d.X, y+d.Y
		open[k] = nx >= 0 && ny >= 0 && nx < c.w && ny < c.h && c.label[ny*c.w+nx] >= 0
	}
	return RingJoined(open)
}
