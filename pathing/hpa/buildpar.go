package hpa

import (
	"image"
	"runtime"

	"pathlens/pathing/internal/chunks"
)

// A fresh build spends a fifth of its time outside the cluster searches:
// scanning the level-1 borders, choosing each cluster's nodes, setting
// their inter edges, and allocating a few small slices per cluster. Done
// one cluster after another (as a repair still does, in rebuildLevel),
// that work left the second core idle for 3–6 ms of a 20–40 ms build of a
// 512×512 map. The functions here do the same work for a fresh build on
// every core, with each cluster's slices cut from a few shared blocks, and
// give the same hierarchy: node ids are handed out in cluster order, then
// by cell, as rebuildLevel's alloc does on an empty level
// (TestParallelBuildMatchesSerial compares the two field by field).

// buildChunk is how many clusters (or rows of borders) a worker takes at a
// time: enough to make the hand-out's atomic add negligible, few enough to
// balance the cores at the end of a level.
const buildChunk = 16

// buildWorkers is how many goroutines a fresh build of n clusters uses: 1
// when the work is too small to split (or one core is all there is).
func buildWorkers(n int) int {
	w := min(runtime.GOMAXPROCS(0), 8)
	if n < parallelMin {
		return 1
	}
	return w
}

// forChunks calls f(w, k) for every k in [0, n) on workers goroutines
// until the build is cancelled (chunks.Run): a worker's panic is raised
// again here as a *WorkerPanic holding the worker's stack.
func (h *Hierarchy) forChunks(n, workers int, f func(w, k int)) {
	chunks.Run("hpa", n, workers, h.cancelled, f)
}

// WorkerPanic is a panic raised on one of a build's worker goroutines,
// raised again, as a *WorkerPanic, on the goroutine that called Build,
// BuildContext or an Update large enough to use several cores (a panic on another goroutine could not be recovered and
// would end the program). Its fields: Value, what the worker panicked with;
// Stack, the worker's stack; Pkg, "hpa". Error gives the value and the stack.
// It is a bug of this package, not a misuse: please report it.
type WorkerPanic = chunks.Panic

// scanBorders fills h.vb and h.hb (sized already) with every level-1
// border's runs, a row of clusters per task. Each task's runs share one
// block, every border getting a slice of it capped at its own length (a
// repair that rescans a border gives it a new slice).
func (h *Hierarchy) scanBorders(workers int) {
	l1 := h.lv[0]
	bufs := make([][]run, workers)
	h.forChunks(l1.ncy, workers, func(w, cy int) {
		buf := bufs[w][:0]
		var ends [2][]int32 // per cluster of the row: vertical, horizontal end in buf
		ends[0] = make([]int32, 0, l1.ncx)
		ends[1] = make([]int32, 0, l1.ncx)
		for cx := 0; cx < l1.ncx; cx++ {
			if cx+1 < l1.ncx {
				buf = h.scanBorder(true, cx, cy, buf)
			}
			ends[0] = append(ends[0], int32(len(buf)))
			if cy+1 < l1.ncy {
				buf = h.scanBorder(false, cx, cy, buf)
			}
			ends[1] = append(ends[1], int32(len(buf)))
		}
		block := make([]run, len(buf))
		copy(block, buf)
		bufs[w] = buf
		start := int32(0)
		for cx := 0; cx < l1.ncx; cx++ {
			if cx+1 < l1.ncx {
				b := cy*(l1.ncx-1) + cx
				h.vh[b] = h.borderHeight(cx + 1)
				h.vb[b] = block[start:ends[0][cx]:ends[0][cx]]
			}
			start = ends[0][cx]
			if cy+1 < l1.ncy {
				b := cy*l1.ncx + cx
				h.hh[b] = h.borderHeight(cy + 1)
				h.hb[b] = block[start:ends[1][cx]:ends[1][cx]]
			}
			start = ends[1][cx]
		}
	})
}

// buildLevel is rebuildLevel for a fresh build of level l (no nodes yet,
// every cluster to do, nothing to report), on workers goroutines:
//
//  1. each cluster's node cells, per chunk of clusters;
//  2. ids in cluster order (a prefix sum), then each cluster's nodes, cells
//     and matrix blocks;
//  3. each cluster's inter edges and intra edges, with a searcher per
//     worker (inter edges need every cluster's nodes, hence the step
//     between 2 and 3).
func (h *Hierarchy) buildLevel(l, workers int) {
	lv := h.lv[l-1]
	nc := len(lv.clusters)
	nch := (nc + buildChunk - 1) / buildChunk
	want := make([][]image.Point, nch)
	off := make([]int32, nc+1) // cluster ci's node count, then its first id
	tmps := make([][]image.Point, workers)
	h.forChunks(nch, workers, func(w, k int) {
		var buf []image.Point
		for ci := k * buildChunk; ci < min((k+1)*buildChunk, nc); ci++ {
			var ps []image.Point
			if l == 1 {
				ps = h.level1Desired(ci, tmps[w])
			} else {
				ps = h.levelDesired(l, ci, tmps[w])
			}
			tmps[w] = ps
			buf = append(buf, ps...)
			off[ci] = int32(len(ps))
		}
		want[k] = buf
	})
	if h.cancelled() {
		return
	}
	total, cells := 0, 0 // nodes, matrix cells
	for ci := 0; ci < nc; ci++ {
		n := int(off[ci])
		off[ci] = int32(total)
		total += n
		cells += n * n
	}
	off[nc] = int32(total)
	if cap(lv.nodes) < total {
		lv.nodes = make([]node, 0, total)
		lv.pts = make([][2]int32, 0, total)
	}
	lv.nodes = lv.nodes[:total]
	lv.pts = lv.pts[:total]
	lv.alive = total
	ids := make([]int32, 2*total)
	idBlock, cellBlock := ids[:total], ids[total:]
	dist := make([]float64, cells)
	var pidx []int32
	if h.cfg.CachePaths {
		pidx = make([]int32, 2*cells)
	}
	var low *level
	if l > 1 {
		low = h.lv[l-2]
	}
	h.forChunks(nch, workers, func(_, k int) {
		ps := want[k]
		for ci := k * buildChunk; ci < min((k+1)*buildChunk, nc); ci++ {
			b, e := int(off[ci]), int(off[ci+1])
			cl := &lv.clusters[ci]
			cl.nodes, cl.cells = idBlock[b:e:e], cellBlock[b:e:e]
			for s := range e - b {
				p := ps[s]
				id, c := int32(b+s), int32(p.Y*h.w+p.X)
				n := &lv.nodes[id]
				*n = node{pt: p, cell: c, cluster: int32(ci), slot: int32(s), down: -1}
				if low != nil {
					n.down = h.nodeAt(low, c)
				}
				lv.pts[id] = [2]int32{int32(p.X), int32(p.Y)}
				cl.nodes[s], cl.cells[s] = id, c
			}
			ps = ps[e-b:]
		}
	})
	if h.cancelled() {
		return
	}
	// Matrix blocks: cluster ci's n² entries start at the sum of the
	// squares before it (a serial pass: a few thousand additions).
	at := 0
	for ci := 0; ci < nc; ci++ {
		n := int(off[ci+1] - off[ci])
		cl := &lv.clusters[ci]
		cl.dist = dist[at : at+n*n : at+n*n]
		if pidx != nil {
			cl.pidx = pidx[2*at : 2*(at+n*n) : 2*(at+n*n)]
		}
		at += n * n
	}
	cs, ls := h.searchers(workers)
	h.forChunks(nch, workers, func(w, k int) {
		for ci := k * buildChunk; ci < min((k+1)*buildChunk, nc); ci++ {
			if l == 1 {
				h.level1Inter(ci)
			} else {
				h.levelInter(l, ci)
			}
			h.intraOne(l, ci, cs[w], ls[w])
		}
	})
}

// searchers returns a cell search and a local search per worker: the
// hierarchy's own for worker 0, new ones (their buffers grow on first use)
// for the others.
func (h *Hierarchy) searchers(workers int) ([]*cellSearch, []*localSearch) {
	cs := make([]*cellSearch, workers)
	ls := make([]*localSearch, workers)
	cs[0], ls[0] = h.cs, h.ls
	for w := 1; w < workers; w++ {
		cs[w], ls[w] = newCellSearch(h.grid, h.cfg.Neighborhood), &localSearch{}
	}
	return cs, ls
}
