package hpa

import (
	"context"
	"errors"
	"math/rand"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// tripCtx is a context that reports itself cancelled from its trip-th look
// on (Err), and stays so: a cancellation at an exact point of the build,
// wherever the build's goroutines happen to be, with no timing involved.
type tripCtx struct {
	context.Context // Background: no deadline, no values
	done            chan struct{}
	mu              sync.Mutex
	looks, trip     int
	after           int // looks made after the first that said cancelled
}

func newTripCtx(trip int) *tripCtx {
	return &tripCtx{Context: context.Background(), done: make(chan struct{}), trip: trip}
}

func (c *tripCtx) Done() <-chan struct{} { return c.done }

func (c *tripCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.looks++
	if c.looks < c.trip {
		return nil
	}
	if c.looks > c.trip {
		c.after++
	}
	return context.Canceled
}

func (c *tripCtx) counts() (looks, after int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.looks, c.after
}

// cancelGrid is a 160×160 random grid: 256 clusters of 10 at level 1, so
// level 1 is searched by parallel workers and level 2 (64 clusters) too.
func cancelGrid() (g *Hierarchy, cfg Config, err error) {
	cfg = Config{Levels: 3}
	g, err = Build(randomGrid(rand.New(rand.NewSource(7)), 160, 160, 0.3, true), cfg)
	return g, cfg, err
}

// noLeftovers fails unless the goroutines running when the test began are
// all that run (the build's workers and labelling have ended).
func noLeftovers(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // an ended goroutine may be counted a moment longer
	}
	if n := runtime.NumGoroutine() - base; n > 0 {
		t.Fatalf("%d goroutines left running by a stopped build", n)
	}
}

func wantStopped(t *testing.T, h *Hierarchy, err error) {
	t.Helper()
	if h != nil {
		t.Fatal("a stopped build returned a hierarchy")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "hpa: build of the 160×160 grid (cluster 10, 3 levels") {
		t.Fatalf("stopped build: error %v, want one wrapping context.Canceled that names the build", err)
	}
}

func TestBuildContextCancelledBeforeStart(t *testing.T) {
	ref, cfg, err := cancelGrid()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	base := runtime.NumGoroutine()
	h, err := BuildContext(ctx, ref.grid, cfg)
	wantStopped(t, h, err)
	noLeftovers(t, base)
	// The config is checked first: a bad one says so even when cancelled.
	if _, err := BuildContext(ctx, ref.grid, Config{ClusterSize: -1}); err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("bad config under a cancelled context: %v, want the config's error", err)
	}
}

// A build cancelled while level 1's clusters are searched stops at its
// workers' next look: each looks at most once more, nothing is returned,
// and no goroutine is left. Cancelled at every tenth of the way through.
func TestBuildContextStopsMidLevel(t *testing.T) {
	ref, cfg, err := cancelGrid()
	if err != nil {
		t.Fatal(err)
	}
	full := newTripCtx(1 << 30)
	if _, err := BuildContext(full, ref.grid, cfg); err != nil {
		t.Fatal(err)
	}
	total, _ := full.counts()
	if total < 20 {
		t.Fatalf("a full build looked at its context %d times: too coarse to stop mid-level", total)
	}
	workers := min(runtime.GOMAXPROCS(0), 8)
	for k := 1; k <= 9; k++ {
		trip := 1 + total*k/10
		ctx := newTripCtx(trip)
		base := runtime.NumGoroutine()
		h, err := BuildContext(ctx, ref.grid, cfg)
		wantStopped(t, h, err)
		looks, after := ctx.counts()
		// Each worker looks once more before it returns; the level loop
		// and the final check once each; the error message once.
		if limit := workers + 3; after > limit {
			t.Errorf("cancelled at look %d of %d: %d looks after it, want at most %d", trip, total, after, limit)
		}
		if looks >= total {
			t.Errorf("cancelled at look %d of %d: it went on to %d looks", trip, total, looks)
		}
		noLeftovers(t, base)
	}
}

// A build cancelled between levels (as soon as level 1 is built) builds no
// further level.
func TestBuildContextStopsBetweenLevels(t *testing.T) {
	ref, cfg, err := cancelGrid()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var built []int
	buildLevelHook = func(l int) {
		built = append(built, l)
		if l == 1 {
			cancel()
		}
	}
	t.Cleanup(func() { buildLevelHook = nil })
	h, err := BuildContext(ctx, ref.grid, cfg)
	wantStopped(t, h, err)
	if len(built) != 1 {
		t.Fatalf("levels built after a cancellation at the end of level 1: %v, want [1]", built)
	}
}

// An uncancelled BuildContext builds what Build builds, with a context that
// can be cancelled (looked at) and with one that cannot.
func TestBuildContextEqualsBuild(t *testing.T) {
	g := randomGrid(rand.New(rand.NewSource(11)), 160, 120, 0.25, true)
	for _, cfg := range []Config{{}, Fast, {ClusterSize: 8, Levels: 3}, {ClusterSize: 6, Levels: 2, Placement: Dense}} {
		want, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		for _, c := range []context.Context{ctx, context.Background()} {
			got, err := BuildContext(c, g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := Equal(got, want); err != nil {
				t.Fatalf("%v: BuildContext differs from Build: %v", cfg, err)
			}
			if got.ctx != nil {
				t.Fatalf("%v: the hierarchy keeps its build's context", cfg)
			}
		}
		cancel()
	}
}

// BenchmarkBuildContext is BenchmarkBuild's maps built with a context
// that can be cancelled (and is looked at), as the session's build worker
// does: compare with BenchmarkBuild for the cost of the looks.
func BenchmarkBuildContext(b *testing.B) {
	for _, name := range []string{"random512-10-0", "maze512-16-0"} {
		b.Run(name+"/default", func(b *testing.B) {
			m, _ := benchMap(b, name)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := BuildContext(ctx, m.Grid, Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
