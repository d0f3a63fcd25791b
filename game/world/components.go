package world

import (
	"image"

	"pathlens/pathing"
)

// components labels the connected components of open cells. Under both
// neighbourhoods a diagonal step needs its two straight cells open, so the
// components are those of 4-connectivity. Labels are cached until the grid
// changes.
//
// On grids over asyncCells the inspector never labels on the window
// thread: one labelling there took about 0.2 s on a 4096×4096 map, a
// stall on the first hover after every edit, and on every hover's first
// frame while an HPA* hierarchy was being built in the background (the
// hierarchy's own labels are not there until it arrives). ComponentAt
// starts a labelling on a goroutine over a copy of the grid instead and
// says it is pending; Tick takes the labels in when they are done
// (ComponentsSeq counts that). The components layer (ComponentLabels) and
// the group hierarchy's Component still want the labels at once: they
// wait for a labelling under way for the grid as it is, else label.
type components struct {
	label   []int32
	count   int
	version uint64
	grid    *pathing.Grid // the grid labelled (another map starts at version 0 too)
	valid   bool
	runs    pathing.ComponentLabeler // its memory reused from labelling to labelling

	job  *compJob      // a labelling under way on a goroutine (nil: none)
	snap *pathing.Grid // the copy the goroutine labels, reused when no job holds it
	seq  uint64        // counts labels taken in from a goroutine (ComponentsSeq)
	err  *compJob      // the last job that failed, not started again for its grid
}

// compJob is a labelling of snap, a copy of the grid at key, on a
// goroutine. It owns runs and the buffer it labels into until it sends.
type compJob struct {
	key  cutKey
	snap *pathing.Grid
	runs pathing.ComponentLabeler
	done chan compRes // capacity 1: the goroutine never waits for the world
}

type compRes struct {
	label []int32
	count int
	err   error
}

// compHook, when not nil, runs on a labelling goroutine before it labels
// (tests: hold a labelling under way).
var compHook func()

func (c *components) current(w *World) bool {
	return c.valid && c.grid == w.Grid && c.version == w.GridVersion() && len(c.label) == w.Grid.Len()
}

// components returns the world's component labels, recomputing them after
// edits. Cost: one labelling of the grid (pathing.ComponentLabeler), or
// the wait for one under way on a goroutine for the grid as it is.
func (w *World) components() *components {
	c := &w.comps
	w.pollComponents(false)
	if c.current(w) {
		return c
	}
	if c.job != nil && c.job.key == w.cutKey() {
		if w.pollComponents(true); c.current(w) {
			return c
		}
	}
	w.pollComponents(true) // a stale labelling: its buffer and labeler come back
	c.build(w.Grid)
	c.grid, c.version = w.Grid, w.GridVersion()
	c.valid = true
	return c
}

func (c *components) build(g *pathing.Grid) {
	var sizes []int32
	c.label, sizes = c.runs.Label(g, c.label)
	c.count = len(sizes)
}

// pollComponents takes in the result of the labelling goroutine, if it is
// done (wait: waits for it), keeping the labels when they are for the grid
// as it is. It reports whether it took labels in.
func (w *World) pollComponents(wait bool) bool {
	c := &w.comps
	j := c.job
	if j == nil {
		return false
	}
	var r compRes
	if wait {
		r = <-j.done
	} else {
		select {
		case r = <-j.done:
		default:
			return false
		}
	}
	c.job = nil
	c.snap = j.snap // free again for the next job
	if r.err != nil {
		c.err = j
		w.Fail("inspector: %v", r.err)
		return false
	}
	c.runs = j.runs
	if j.key != w.cutKey() {
		if r.label != nil {
			c.label, c.valid = r.label, false // stale: its buffer serves the next labelling
		}
		return false
	}
	c.label, c.count = r.label, r.count
	c.grid, c.version, c.valid = j.key.grid, j.key.version, true
	c.seq++
	return true
}

// ComponentAt returns the component label of p (-1 for blocked cells and
// cells off the grid) and true, or -1 and false while it is being worked
// out in the background: on a grid over asyncCells whose labels are stale
// and no hierarchy answers (an HPA* hierarchy does, in O(1), once it is
// built). It never labels on the caller's thread there; it starts the
// labelling, and Tick takes it in. Cost on a large grid: at most one copy
// of the grid's cells (a new labelling), else a lookup.
func (w *World) ComponentAt(p image.Point) (int32, bool) {
	if !w.Grid.Open(p) {
		return -1, true // blocked or off the grid: no labels needed
	}
	if h, ok := w.Hierarchy().(*hpaHier); ok && h != nil {
		return h.Component(p), true
	}
	c := &w.comps
	w.pollComponents(false)
	if !c.current(w) && w.Grid.Len() > asyncCells {
		if c.err != nil && c.err.key == w.cutKey() {
			return -1, true // failed for this grid (said once): no component shown
		}
		w.startComponents()
		if !c.current(w) {
			return -1, false
		}
	}
	return w.components().at(w.Grid, p), true
}

// startComponents starts labelling the grid as it is on a goroutine,
// unless that is under way or failed already. A labelling of an earlier
// grid still under way is left to end first (its copy is reused); the
// next ComponentAt or Tick after it starts this one.
func (w *World) startComponents() {
	c := &w.comps
	k := w.cutKey()
	if c.job != nil || (c.err != nil && c.err.key == k) {
		return
	}
	if c.snap == nil || c.snap.Width() != w.Grid.Width() || c.snap.Height() != w.Grid.Height() {
		c.snap = w.Grid.Clone()
	} else {
		// Copied here, counted on the goroutine (Recount walks the grid).
		copy(c.snap.Cells(), w.Grid.Cells())
	}
	j := &compJob{key: k, snap: c.snap, runs: c.runs, done: make(chan compRes, 1)}
	buf := c.label
	c.snap, c.runs, c.label, c.valid = nil, pathing.ComponentLabeler{}, nil, false
	c.job = j
	go func() {
		var r compRes
		defer func() {
			if p := recover(); p != nil {
				r = compRes{err: Recovered("labelling the components", p)}
			}
			j.done <- r
		}()
		if compHook != nil {
			compHook()
		}
		j.snap.Recount()
		label, sizes := j.runs.Label(j.snap, buf)
		r = compRes{label: label, count: len(sizes)}
	}()
}

// syncComponents is Tick's part: it takes in a labelling that is done and,
// when the labels are stale and one was wanted for an earlier grid, starts
// the one for the grid as it is.
func (w *World) syncComponents() {
	c := &w.comps
	if c.job == nil {
		return
	}
	if w.pollComponents(false) || c.job != nil || c.current(w) {
		return
	}
	w.startComponents() // the one taken in was stale: label the grid as it is
}

// waitComponents waits for a labelling under way (Wait: a -shot's pinned
// cell shows its component), and for the one it starts when that was of
// an earlier grid.
func (w *World) waitComponents() {
	for w.comps.job != nil {
		if w.pollComponents(true) || w.comps.current(w) {
			return
		}
		w.startComponents()
	}
}

// ComponentsSeq counts the labellings taken in from the background: the
// inspector asks again when it changes (its component was pending).
func (w *World) ComponentsSeq() uint64 { return w.comps.seq }

// LabelComponents labels the connected components of g's open cells into
// dst (grown to g.Len() as needed) and returns it: labels 0, 1, … in the
// order of each component's first cell, -1 for blocked cells (see
// pathing.ComponentLabeler).
func LabelComponents(g *pathing.Grid, dst []int32) []int32 {
	var lb pathing.ComponentLabeler
	label, _ := lb.Label(g, dst)
	return label
}

// at returns the label of p, -1 for blocked cells and cells off the grid.
func (c *components) at(g *pathing.Grid, p image.Point) int32 {
	if !g.In(p) {
		return -1
	}
	return c.label[g.Index(p)]
}

// Component returns the connected-component label of p (-1 for blocked
// cells), from the hierarchy when one is built, else from a flood fill
// (on the caller's thread: the inspector uses ComponentAt).
func (w *World) Component(p image.Point) int32 {
	if h := w.Hierarchy(); h != nil {
		return h.Component(p)
	}
	return w.components().at(w.Grid, p)
}

// ComponentLabels returns per-cell component labels (-1 blocked) and the
// number of components: the world's own slice, valid until the next edit.
func (w *World) ComponentLabels() ([]int32, int) {
	c := w.components()
	return c.label, c.count
}
