package world

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"pathlens/pathing"
)

// lookCtx is a build's context that counts the build's looks at it (Err)
// and can hold the build from its holdAt-th look on until released: every
// goroutine of the build waits at its next look, at a point inside the
// build's first level reached deterministically.
type lookCtx struct {
	context.Context
	hold     func() bool // asked once, at look holdAt: hold this build?
	decide   sync.Once
	holding  bool
	heldOnce sync.Once
	held     chan struct{} // closed when the build is held
	free     chan struct{} // closed to let it go on
	mu       sync.Mutex
	looks    int
}

const holdAt = 3 // look 1: before the start; 2: the first level's; 3: inside it

func (c *lookCtx) Err() error {
	c.mu.Lock()
	c.looks++
	n := c.looks
	c.mu.Unlock()
	if n >= holdAt {
		c.decide.Do(func() { c.holding = c.hold() })
		if c.holding {
			c.heldOnce.Do(func() { close(c.held) })
			<-c.free
		}
	}
	return c.Context.Err()
}

func (c *lookCtx) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.looks
}

// buildRecord is one build through the wrapped builder.
type buildRecord struct {
	cluster int
	looks   int
	err     error
	took    time.Duration
}

// holdFirstBuild replaces algo's builder, for the rest of the test, by one
// that records every build and holds the one whose context is the one
// target returns (read once the build reaches its look holdAt) at that
// look. held is closed when it is held; closing free lets it go on.
func holdFirstBuild(t *testing.T, algo Algo, target func() context.Context) (held, free chan struct{}, records func() []buildRecord) {
	t.Helper()
	orig := builders[algo]
	held, free = make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var recs []buildRecord
	var once sync.Once
	builders[algo] = func(ctx context.Context, g *pathing.Grid, regions [][]byte, s Settings) (Hierarchy, error) {
		lc := &lookCtx{Context: ctx, held: held, free: free}
		lc.hold = func() bool {
			hold := false
			once.Do(func() { hold = target() == ctx })
			return hold
		}
		t0 := time.Now()
		h, err := orig(lc, g, regions, s)
		mu.Lock()
		recs = append(recs, buildRecord{cluster: s.Cluster(), looks: lc.count(), err: err, took: time.Since(t0)})
		mu.Unlock()
		return h, err
	}
	t.Cleanup(func() { builders[algo] = orig })
	return held, free, func() []buildRecord {
		mu.Lock()
		defer mu.Unlock()
		return append([]buildRecord(nil), recs...)
	}
}

// countLooks returns how many looks at its context a full build of w's
// current hierarchy makes.
func countLooks(t *testing.T, w *World) int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background()) // looked at, never cancelled
	defer cancel()
	lc := &lookCtx{Context: ctx, hold: func() bool { return false }}
	if _, err := builders[w.Settings.Algo](lc, w.Grid.Clone(), w.Regions, w.Settings); err != nil {
		t.Fatal(err)
	}
	return lc.count()
}

// The build worker stops a build under way when a newer request replaces
// it (review: three cluster switches on a 512×512 map waited for three
// builds nobody wanted): the load's build, held inside its first level
// while the user switches the cluster size, returns the context's error
// after a handful of further looks instead of the thousands a full build
// makes; the worker reports it stale; the switch's build is installed and
// equals a fresh build.
func TestSupersededBuildStops(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		t.Run(algo.String(), func(t *testing.T) {
			w, _ := openMaze(t, algo)
			defer w.Close()
			full := countLooks(t, w)
			set := make(chan struct{})
			var target context.Context
			held, free, records := holdFirstBuild(t, algo, func() context.Context {
				<-set
				return target
			})
			var mu sync.Mutex
			var ends []buildRes
			setBuildHook(func(j *buildJob, r buildRes) {
				if j.key.grid == w.Grid {
					mu.Lock()
					ends = append(ends, r)
					mu.Unlock()
				}
			})
			t.Cleanup(func() { setBuildHook(nil) })

			w.Begin()
			pending(t, w, "building")
			target = w.building.ctx
			close(set)
			<-held // the load's build is inside its first level
			first := w.Settings.Cluster()
			w.SetCluster(first * 2)
			pending(t, w, "building")
			close(free)
			w.Wait()

			recs := records()
			if len(recs) != 2 {
				t.Fatalf("%d builds ran, want the load's and the switch's: %+v", len(recs), recs)
			}
			stopped, last := recs[0], recs[1]
			if stopped.cluster != first || !errors.Is(stopped.err, context.Canceled) {
				t.Fatalf("the superseded build (cluster %d): error %v, want it stopped (context.Canceled)", stopped.cluster, stopped.err)
			}
			// Held from look holdAt on, each of the (at most 8) workers of
			// the held level looks once more, the level loop and the final
			// check once each.
			if stopped.looks > holdAt+8+3 || stopped.looks*10 > full {
				t.Fatalf("the superseded build looked %d times at its context; a full build looks %d times: it went on", stopped.looks, full)
			}
			if last.cluster != first*2 || last.err != nil {
				t.Fatalf("the switch's build: cluster %d, error %v", last.cluster, last.err)
			}
			t.Logf("superseded build stopped after %d of %d looks (%v held included); the switch's took %v", stopped.looks, full, stopped.took, last.took)
			mu.Lock()
			if len(ends) != 2 || !ends[0].stale || ends[1].stale {
				t.Errorf("the worker's results: %+v, want the first stale and the second not", ends)
			}
			mu.Unlock()
			if w.hierKey.cluster != first*2 || w.Outcome.Status != pathing.Found {
				t.Fatalf("installed: cluster %d, status %v; want cluster %d's, found", w.hierKey.cluster, w.Outcome.Status, first*2)
			}
			sameAsFresh(t, w)
		})
	}
}

// Close stops a build under way: the held build returns the context's
// error as soon as it goes on, and nothing is installed.
func TestCloseStopsTheBuild(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	set := make(chan struct{})
	var target context.Context
	held, free, records := holdFirstBuild(t, AlgoHPA, func() context.Context {
		<-set
		return target
	})
	done := make(chan buildRes, 1)
	setBuildHook(func(j *buildJob, r buildRes) {
		if j.key.grid == w.Grid {
			done <- r
		}
	})
	t.Cleanup(func() { setBuildHook(nil) })
	w.Begin()
	target = w.building.ctx
	close(set)
	<-held
	w.Close()
	close(free)
	if r := <-done; !r.stale {
		t.Fatal("the build stopped by Close was reported as finished")
	}
	if recs := records(); len(recs) != 1 || !errors.Is(recs[0].err, context.Canceled) {
		t.Fatalf("builds: %+v, want one, stopped", recs)
	}
	if w.Hierarchy() != nil {
		t.Fatal("a hierarchy was installed after Close stopped its build")
	}
}
