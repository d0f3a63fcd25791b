package groups

import (
	"runtime"
	"slices"

	"pathlens/pathing/internal/chunks"
)

// A fresh build spends most of its time costing the edges of level 1, one
// group after another, though every group's out-edges depend only on the
// grid, the level's group map and its own cells. computeEdges hands the
// groups of a fresh build out to every core in chunks; each worker has
// its own scratch (one builder each) and writes its chunk's edges to its
// own list, and the lists are joined in group order afterwards, so the
// level is the one a single worker makes (TestParallelEdgesMatchSerial).
// Update, which recomputes a handful of groups, stays on one goroutine.

// edgeChunk is how many groups a worker takes at a time: enough to make
// the hand-out's atomic add negligible, few enough to balance the cores
// at the end of a level.
const edgeChunk = 64

// edgeWorkers is how many goroutines cost the edges of n groups: 1 when
// the work is too small to split (or one core is all there is). A
// variable so that tests can force either.
var edgeWorkers = func(n int) int {
	if n < 4*edgeChunk {
		return 1
	}
	return min(runtime.GOMAXPROCS(0), 8)
}

// WorkerPanic is a panic raised on one of a build's worker goroutines,
// raised again, as a *WorkerPanic, on the goroutine that called Build,
// BuildContext, WithLevels or Relevel's build (a panic on another goroutine could not be recovered and
// would end the program). Its fields: Value, what the worker panicked with;
// Stack, the worker's stack; Pkg, "groups". Error gives the value and the stack.
// It is a bug of this package, not a misuse: please report it.
type WorkerPanic = chunks.Panic

// forChunks calls f(w, k) for every k in [0, n) on workers goroutines
// until stop reports true (chunks.Run).
func forChunks(n, workers int, stop func() bool, f func(w, k int)) {
	chunks.Run("groups", n, workers, stop, f)
}

// edgesParallel fills lv's edges (lv.edgeStart sized n+1) on workers
// goroutines. Worker 0 is b; the others are builders sharing b's graph,
// context and per-cell local index (each group writes and reads only its
// own cells' entries there, see cellEdges).
func (b *builder) edgesParallel(l int, lv *level, workers int) {
	n := len(lv.groups)
	b.ensureCloc()
	ws := make([]*builder, workers)
	ws[0] = b
	for i := 1; i < workers; i++ {
		ws[i] = &builder{g: b.g, ctx: b.ctx, cloc: b.cloc}
	}
	chunks := make([][]Edge, (n+edgeChunk-1)/edgeChunk)
	scratch := make([][]Edge, workers) // per worker, reused chunk after chunk
	forChunks(len(chunks), workers, b.cancelled, func(w, k int) {
		wb := ws[w]
		out := scratch[w][:0]
		for a := int32(k * edgeChunk); a < int32(min(n, (k+1)*edgeChunk)); a++ {
			if edgeHook != nil {
				edgeHook(l, a)
			}
			start := len(out)
			if l == 1 {
				out = wb.cellEdges(lv, a, out)
			} else {
				out = wb.unitEdges(l, lv, a, out)
			}
			lv.edgeStart[a] = int32(len(out) - start) // a count until joined
		}
		// Kept exactly sized (appends to a fresh list per chunk
		// allocated three times the level's edges).
		chunks[k] = slices.Clone(out)
		scratch[w] = out
	})
	if b.cancelled() {
		return
	}
	total := 0
	for _, c := range chunks {
		total += len(c)
	}
	lv.edges = grow(lv.edges, total)[:0]
	for _, c := range chunks {
		lv.edges = append(lv.edges, c...)
	}
	at := int32(0)
	for a := 0; a < n; a++ {
		cnt := lv.edgeStart[a]
		lv.edgeStart[a] = at
		at += cnt
	}
	lv.edgeStart[n] = at
}

// edgeHook, when not nil, is called before the edges of each group are
// computed by edgesParallel (tests: a worker's panic).
var edgeHook func(l int, a int32)
