package world

import (
	"fmt"
	"runtime"

	"pathlens/internal/sysmem"
)

// Work sized by the map is checked against the memory the machine can
// still give before it starts: a session on a 16384×16384 map needs about
// 9 GB before any hierarchy, and an HPA* hierarchy with dense transitions
// hundreds of bytes per open cell. Past what is free the kernel's
// out-of-memory killer ends the process, unsaved edits with it; refusing
// with a message that names the need, what is free and what would need
// less keeps the session alive. Grids of asyncCells or fewer are never
// checked (their needs are tens of megabytes). Where the machine does not
// report its memory (sysmem.Read: Linux only) nothing is checked.

// memInfo reads the machine's memory and spareHeap the process's unused
// heap (tests replace both).
var (
	memInfo   = sysmem.Read
	spareHeap = heapIdle
)

// memShare is the part of the free memory one piece of work may plan on:
// the rest is headroom for the collector's garbage, the window's textures
// and the other programs' growth.
const memShare = 0.8

// sessionBytesPerCell is what opening a map costs per cell besides the
// hierarchy, measured on random512-10-0 (28 B): the map and its scenario
// copy, the flat searcher's state (19 B), the timeline's and the
// components' per-cell arrays (and, over asyncCells once a background
// job has run, the 1-byte grid snapshot the jobs read: see gridjob.go),
// the terrain texture's pixels.
const sessionBytesPerCell = 32

// hierBytes estimates the bytes the hierarchy of key k needs on a grid of
// cells cells, open of them open, the build's copy of the grid included
// (a cluster size of 0, regions making every level, counts as the
// default). The per-open-cell figures were fitted to live heap
// measured after builds on random512-10-0 (10% random walls, the densest
// abstract graphs of the benchmark maps) at cluster sizes 4 to 64 and 1, 2
// and 4 levels, and round up: HPA* 13 + (280 + 140·(L−1))/C bytes (cluster
// 10, 2 levels: 55, measured 52; AR0011SR needs a third of that), dense
// transitions L·(90 + 450/C) (266 measured at cluster 10, 2 levels); the
// group hierarchy 25 + 6·L + 200/C (peak during its build: it holds
// per-cell scratch).
func hierBytes(k hierKey, cells, open int) uint64 {
	s := Settings{ClusterSize: k.cluster, Levels: k.levels}
	c, l := float64(s.Cluster()), float64(s.LevelCount())
	var per float64
	switch {
	case k.algo == AlgoHPA && k.dense:
		per = l * (90 + 450/c)
	case k.algo == AlgoHPA:
		per = 13 + (280+140*(l-1))/c
	case k.algo == AlgoGroup:
		per = 25 + 6*l + 200/c
	default:
		return 0
	}
	return uint64(per*float64(open)*1.1) + uint64(cells)
}

// heapIdle is the memory the process holds for its heap but is not using
// (freed objects whose pages were not yet given back): new work reuses it
// before asking the machine. ReadMemStats stops the world for a moment, so
// this is only asked before big work.
func heapIdle() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapIdle - ms.HeapReleased
}

// errMemory says a piece of work was refused for want of memory.
type errMemory struct {
	what       string // "opening it", or "not built:" with the hierarchy's switches
	w, h       int
	need, free uint64
	less       string // what would need less, or ""
}

func (e *errMemory) Error() string {
	s := fmt.Sprintf("%s needs about %s on this %d×%d map, and %s of memory is free",
		e.what, sysmem.Format(e.need), e.w, e.h, sysmem.Format(e.free))
	if e.less != "" {
		s += ": " + e.less
	}
	return s
}

// freeMemory returns what the machine can still give plus the process's
// idle heap, and false when the machine does not say (nothing is checked).
func freeMemory() (uint64, bool) {
	in, ok := memInfo()
	if !ok {
		return 0, false
	}
	return in.Available + spareHeap(), true
}

// fits reports whether need is within the share of free memory one piece
// of work may plan on.
func fits(need, free uint64) bool { return float64(need) <= memShare*float64(free) }

// checkHierMemory returns nil when the hierarchy of key k may be built,
// dropping the installed one first when only its memory makes room, or an
// *errMemory saying why not.
func (w *World) checkHierMemory(k hierKey) error {
	if w.Grid.Len() <= asyncCells {
		return nil
	}
	free, ok := freeMemory()
	if !ok {
		return nil
	}
	cells, open := w.Grid.Len(), w.Grid.OpenCount()
	need := hierBytes(k, cells, open)
	if fits(need, free) {
		return nil
	}
	// The installed hierarchy stays until the new one arrives (switching
	// back is then free); when its memory is what the new one lacks, it
	// goes now.
	if w.hier != nil && fits(need, free+hierBytes(w.hierKey, cells, open)) {
		w.dropHierarchy()
		return nil
	}
	what, less := w.hierWords(k)
	what = "not built: the " + what
	if k.dense {
		what += "," // "…, dense transitions, needs about"
	}
	return &errMemory{what: what, w: w.Grid.Width(), h: w.Grid.Height(), need: need, free: free, less: less}
}

// hierWords names the hierarchy of key k for a refusal ("HPA* hierarchy
// of cluster 10, 2 levels", with no article) and says which switches
// would make it need less.
func (w *World) hierWords(k hierKey) (what, less string) {
	s := Settings{ClusterSize: k.cluster, Levels: k.levels}
	what = fmt.Sprintf("%s of cluster %d, %s", hierName(k.algo), s.Cluster(), plural(s.LevelCount(), "level", "levels"))
	less = "larger clusters (]) or fewer levels (Shift+[) need less"
	if k.algo == AlgoGroup && w.Settings.UsesClusterHeuristic() {
		less = "larger clusters (]) need less" // its levels are not the switch's (keyFor)
	}
	if k.dense {
		what += ", dense transitions"
		less = "the paper's transitions (Shift+N) need far less"
	}
	return what, less
}

// searcherBytes is what a flat searcher holds per cell of its grid
// (pathing.NewSearcher).
const searcherBytes = 20

// checkBatchMemory returns nil when a batch with the current settings may
// start, or an *errMemory saying why not. Everything a batch holds is its
// own, on top of the session (which keeps its hierarchy: a batch never
// drops it): a copy of the grid and of the region layers, A*'s search
// state for the optimum of every row, and the planner's — a flat
// searcher's state, or a second hierarchy built from the copy (the group
// hierarchy for the cluster heuristic's table), sized as checkHierMemory
// sizes the session's.
func (w *World) checkBatchMemory() error {
	if w.Grid.Len() <= asyncCells {
		return nil
	}
	free, ok := freeMemory()
	if !ok {
		return nil
	}
	s := w.Settings
	cells, open := uint64(w.Grid.Len()), w.Grid.OpenCount()
	need := uint64(len(w.Regions))*cells + searcherBytes*cells // the layers' copies, A*
	what, less := fmt.Sprintf("a batch of %s with its own copy of the map and searches", s.Algo.Title()), ""
	switch {
	case s.Algo.Hierarchical():
		k := w.keyFor(s.Algo)
		need += hierBytes(k, int(cells), open) // the grid copy included
		hw, hl := w.hierWords(k)
		what, less = fmt.Sprintf("a batch with its own %s (a second one, beside the session's)", hw), hl
	default:
		need += cells + searcherBytes*cells // the grid copy, the planner's searcher
		if s.UsesClusterHeuristic() {
			k := w.keyFor(AlgoGroup)
			need += hierBytes(k, int(cells), open) - cells // the same grid copy
			hw, hl := w.hierWords(k)
			what, less = fmt.Sprintf("a batch of %s with its own %s for the cluster heuristic (a second one, beside the session's)", s.Algo.Title(), hw), hl
		}
	}
	if fits(need, free) {
		return nil
	}
	return &errMemory{what: "not run: " + what, w: w.Grid.Width(), h: w.Grid.Height(), need: need, free: free, less: less}
}

// checkOpenMemory returns an *errMemory when a session on a w×h map would
// not fit in the free memory, else nil.
func checkOpenMemory(w, h int) error {
	cells := w * h
	if cells <= asyncCells {
		return nil
	}
	free, ok := freeMemory()
	if !ok {
		return nil
	}
	need := uint64(cells) * sessionBytesPerCell
	if fits(need, free) {
		return nil
	}
	return &errMemory{what: "opening it", w: w, h: h, need: need, free: free}
}
