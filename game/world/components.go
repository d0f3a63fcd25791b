package world

import (
	"context"
	"fmt"
	"image"
	"time"

	"pathlens/pathing"
)

// components labels the connected components of open cells. Under both
// neighbourhoods a diagonal step needs its two straight cells open, so the
// components are those of 4-connectivity. Labels are cached until the grid
// changes.
//
// On grids over asyncCells neither the inspector nor the components layer
// labels on the window thread: one labelling there took about 0.2 s on a
// 4096×4096 map, a stall on the first hover or frame after every edit, and
// on every hover's first frame while an HPA* hierarchy was being built in
// the background (the hierarchy's own labels are not there until it
// arrives). ComponentAt and ComponentLabels start a labelling on the
// components worker (a bgRunner: see gridjob.go), over the grid's
// snapshot, and say it is pending; Tick takes the labels in when they are
// done (ComponentsSeq counts that), and starts the labelling of the grid
// as it is when an edit made the one under way stale. The group
// hierarchy's Component still wants the labels at once: it waits for the
// labelling of the grid as it is.
type components struct {
	label []int32
	count int
	key   gridKey // the grid labelled (another map starts at version 0 too)
	valid bool
	runs  pathing.ComponentLabeler // labelling at once: its memory reused from labelling to labelling

	worker *compWorker
	job    *compJob // the labelling under way on the worker (nil: none)
	seq    uint64   // counts labels taken in from the worker (ComponentsSeq)
	// failed is the grid whose labelling failed with an internal error
	// (hasFailed): not started again for it.
	failed    gridKey
	hasFailed bool
}

// compRes is a labelling: the labels and the number of components.
type compRes struct {
	label []int32
	count int
}

// compJob is a labelling on the components worker, whose scratch is the
// labeler; a job's result buffer is the stale labels'.
type compJob = bgJob[gridKey, compRes, pathing.ComponentLabeler]

// compWorker labels the components of large grids on one goroutine.
type compWorker = bgRunner[gridKey, compRes, pathing.ComponentLabeler]

// compWhat is what a panic labelling the components says was under way.
const compWhat = "labelling the components"

// compWait is how long ComponentLabels waits for a labelling it asks for
// before it says the labels are pending: a 512×512 map's takes about
// 3 ms, and the layer need not blink at every edit there.
const compWait = 5 * time.Millisecond

// compHook, when not nil, runs on the components worker before it labels
// (tests: hold a labelling under way).
var compHook func()

func (c *components) current(w *World) bool {
	return c.valid && c.key == w.gridKey() && len(c.label) == w.Grid.Len()
}

func (c *components) failedFor(k gridKey) bool { return c.hasFailed && c.failed == k }

// components returns the world's component labels, recomputing them after
// edits. Cost: one labelling of the grid (pathing.ComponentLabeler): on a
// grid over asyncCells the wait for it on the worker.
func (w *World) components() *components {
	c := &w.comps
	w.pollComponents(false)
	if c.current(w) {
		return c
	}
	if w.Grid.Len() > asyncCells {
		if w.awaitComponents(); c.current(w) {
			return c
		}
	}
	// A small grid, or the worker failed for this grid: label here.
	w.dropComponentsJob()
	var sizes []int32
	c.label, sizes = c.runs.Label(w.Grid, c.label)
	c.count = len(sizes)
	c.key, c.valid = w.gridKey(), true
	return c
}

// pollComponents takes in the result of the labelling under way, if it is
// done (wait: waits for it), keeping the labels when they are for the grid
// as it is. It reports whether it took labels in.
func (w *World) pollComponents(wait bool) bool {
	if wait {
		return w.pollComponentsWithin(-1)
	}
	return w.pollComponentsWithin(0)
}

// pollComponentsWithin is pollComponents waiting up to d for the result
// (d < 0: as long as it takes).
func (w *World) pollComponentsWithin(d time.Duration) bool {
	c := &w.comps
	j := c.job
	if j == nil {
		return false
	}
	r, ok := j.pollWithin(d)
	if !ok {
		return false
	}
	c.job = nil
	if r.err != nil {
		c.failed, c.hasFailed = j.key, true
		w.Fail("inspector: %v", r.err)
		return false
	}
	if j.key != w.gridKey() {
		c.label, c.valid = r.val.label, false // stale: its buffer serves the next labelling
		return false
	}
	c.label, c.count, c.key, c.valid = r.val.label, r.val.count, j.key, true
	c.seq++
	return true
}

// ComponentAt returns the component label of p (-1 for blocked cells and
// cells off the grid) and true, or -1 and false while it is being worked
// out in the background: on a grid over asyncCells whose labels are stale.
// It never labels on the caller's thread there; it starts the labelling,
// and Tick takes it in. Cost on a large grid: at most one copy of the
// grid's cells (its snapshot, shared), else a lookup. The labels are the
// components layer's (ComponentLabels), numbered by each component's first
// cell: an HPA* hierarchy's, kept by its repairs, are not renumbered, and
// the inspector read "component 3" on a map of one component after a fill
// and its undo.
func (w *World) ComponentAt(p image.Point) (int32, bool) {
	if !w.Grid.Open(p) {
		return -1, true // blocked or off the grid: no labels needed
	}
	c := &w.comps
	w.pollComponents(false)
	if !c.current(w) && w.Grid.Len() > asyncCells {
		if c.failedFor(w.gridKey()) {
			return -1, true // failed for this grid (said once): no component shown
		}
		w.startComponents()
		return -1, false
	}
	return w.components().at(w.Grid, p), true
}

// startComponents starts labelling the grid as it is on the components
// worker, unless its labels are known, under way or failed already. A
// labelling of an earlier grid still under way (it cannot be stopped) is
// left to end first: the next Tick, or a wait, starts this one then, with
// its buffer. So edits faster than a labelling (a stroke) copy the grid
// once a labelling, not once an edit.
func (w *World) startComponents() {
	c := &w.comps
	k := w.gridKey()
	if c.current(w) || c.job != nil || c.failedFor(k) {
		return
	}
	j := newJob(k, w.snapshot(), func(_ context.Context, snap *pathing.Grid, lb *pathing.ComponentLabeler, dst compRes) (compRes, error) {
		if compHook != nil {
			compHook()
		}
		label, sizes := lb.Label(snap, dst.label)
		return compRes{label: label, count: len(sizes)}, nil
	})
	if c.label != nil {
		j.dst, j.hasDst = compRes{label: c.label}, true // stale labels: their buffer is filled again
	}
	c.label, c.valid = nil, false
	if c.worker == nil {
		c.worker = newRunner[gridKey, compRes, pathing.ComponentLabeler](compWhat)
	}
	c.job = j
	c.worker.submit(j)
}

// dropComponentsJob abandons the labelling under way, if any; a result
// already handed over gives back its buffer.
func (w *World) dropComponentsJob() {
	c := &w.comps
	if c.job == nil {
		return
	}
	r, ok := c.job.abandon()
	c.job = nil
	if ok && r.err == nil && c.label == nil {
		c.label, c.valid = r.val.label, false
	}
}

// syncComponents is Tick's part: it takes in a labelling that is done and,
// when the labels are stale and wanted (one was under way for an earlier
// grid, or the components layer is shown), starts the one for the grid as
// it is.
func (w *World) syncComponents() {
	c := &w.comps
	wanted := c.job != nil || w.cuts.want
	w.pollComponents(false)
	if !wanted || c.current(w) || w.Grid.Len() <= asyncCells {
		return
	}
	w.startComponents()
}

// waitComponents waits for the labels of the grid as it is when they are
// wanted (a labelling under way, or the components layer shown: Wait, a
// -shot's pinned cell shows its component, its layer its colours).
func (w *World) waitComponents() {
	c := &w.comps
	if c.job == nil && !w.cuts.want {
		return
	}
	if w.Grid.Len() <= asyncCells {
		w.pollComponents(true) // one of a larger map's: taken, stale
		return
	}
	w.awaitComponents()
}

// awaitComponents waits for the labelling of the grid as it is on the
// worker, starting it (after the one under way, if that is of an earlier
// grid) unless its labels are known or it failed.
func (w *World) awaitComponents() {
	c := &w.comps
	for !c.current(w) && !c.failedFor(w.gridKey()) {
		w.startComponents()
		w.pollComponents(true)
	}
}

// closeComponents stops the components worker (Close); the labels known
// stay, and a later labelling starts a worker again.
func (w *World) closeComponents() {
	w.dropComponentsJob()
	if c := &w.comps; c.worker != nil {
		c.worker.stop()
		c.worker = nil
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
// (waited for: the inspector uses ComponentAt, the layer ComponentLabels).
func (w *World) Component(p image.Point) int32 {
	if h := w.Hierarchy(); h != nil {
		return h.Component(p)
	}
	return w.components().at(w.Grid, p)
}

// ComponentLabels returns per-cell component labels (-1 blocked) and the
// number of components, and true: the world's own slice, valid until the
// next edit. On a grid over asyncCells whose labels are stale it starts
// labelling them in the background (see components), waits compWait for
// them, and returns nil, 0, false while they are not in: Tick takes them
// in (ComponentsSeq moves).
func (w *World) ComponentLabels() ([]int32, int, bool) {
	c := &w.comps
	w.pollComponents(false)
	if !c.current(w) && w.ComponentsFailed() {
		// Not labelled again here: a labelling that panicked on this
		// grid would panic again, on the window thread and unrecovered
		// (a review's probe labelled it synchronously). The next edit
		// tries again in the background.
		return nil, 0, false
	}
	if !c.current(w) && w.Grid.Len() > asyncCells { // (not failed: said above)
		w.startComponents()
		// compWait in all from the job's start, not at every call: the
		// layer asks every frame until it is baked, and a 4096² labelling
		// (0.2 s) cost each of its frames up to 5 ms and a timer.
		if c.job == nil || c.job.key != w.gridKey() || !w.pollComponentsWithin(max(0, compWait-time.Since(c.job.started))) {
			return nil, 0, false // (a stale labelling under way is not waited for)
		}
	}
	c = w.components()
	return c.label, c.count, true
}

// ComponentsFailed reports whether the background labelling of the grid as
// it is failed (an internal error, said once): the components layer then
// shows none until the next edit labels again.
func (w *World) ComponentsFailed() bool {
	return w.Grid.Len() > asyncCells && w.comps.failedFor(w.gridKey())
}

// walledIn says why the query has no path when its start and goal are in
// different connected areas: which of them is walled in (the one whose
// area is smaller) and how many cells that area has, "the start is walled
// in: its connected area has 2 cells (the goal's has 1,014)"; "" when
// they share an area, or the labels are not known (a grid over asyncCells
// whose labelling is not in: it is not labelled on the window thread for
// this). A teacher who filled the cells around S read only "no path".
// Cost: a scan of the labels.
func (w *World) walledIn() string {
	if !w.Grid.Open(w.Start) || !w.Grid.Open(w.Goal) {
		return ""
	}
	c := &w.comps
	w.pollComponents(false)
	if !c.current(w) && (w.Grid.Len() > asyncCells || w.ComponentsFailed()) {
		return ""
	}
	c = w.components()
	a, b := c.at(w.Grid, w.Start), c.at(w.Grid, w.Goal)
	if a < 0 || b < 0 || a == b {
		return ""
	}
	na, nb := 0, 0
	for _, l := range c.label {
		switch l {
		case a:
			na++
		case b:
			nb++
		}
	}
	end, n, other, on := "start", na, "goal", nb
	if nb < na {
		end, n, other, on = "goal", nb, "start", na
	}
	return fmt.Sprintf("the %s is walled in: its connected area has %s (the %s's has %s)", end, plural(n, "cell", "cells"), other, Count(on))
}
