package groups

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"pathlens/pathing"
)

// tripCtx is a context that reports itself cancelled from its trip-th look
// on (Err), and stays so: a cancellation at an exact point of the build,
// with no timing involved.
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

// cancelCase is a 120×120 random grid in clusters of 4, three levels: 900
// level-1 clusters, so level 1 costs its connections in many batches.
func cancelCase() (*pathing.Grid, Config) {
	return randomGrid(120, 120, 25, 5), Config{ClusterSize: 4, Levels: 3}
}

func wantStopped(t *testing.T, g *Graph, err error) {
	t.Helper()
	if g != nil {
		t.Fatal("a stopped build returned a graph")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "groups: build of the 120×120 grid (cluster 4, 3 levels) stopped") {
		t.Fatalf("stopped build: error %v, want one wrapping context.Canceled that names the build", err)
	}
}

func TestBuildContextCancelledBeforeStart(t *testing.T) {
	g, cfg := cancelCase()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gr, err := BuildContext(ctx, g, cfg, nil)
	wantStopped(t, gr, err)
	// The input is checked first: bad regions say so even when cancelled.
	if _, err := BuildContext(ctx, g, cfg, [][]byte{make([]byte, 3)}); err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("bad regions under a cancelled context: %v, want the regions' error", err)
	}
}

// A build cancelled while it costs a level's connections stops at its next
// look and returns nothing. Cancelled at every tenth of the way through.
func TestBuildContextStopsMidLevel(t *testing.T) {
	g, cfg := cancelCase()
	full := newTripCtx(1 << 30)
	if _, err := BuildContext(full, g, cfg, nil); err != nil {
		t.Fatal(err)
	}
	total, _ := full.counts()
	if total < 20 {
		t.Fatalf("a full build looked at its context %d times: too coarse to stop mid-level", total)
	}
	for k := 1; k <= 9; k++ {
		trip := 1 + total*k/10
		ctx := newTripCtx(trip)
		gr, err := BuildContext(ctx, g, cfg, nil)
		wantStopped(t, gr, err)
		// After the look that said cancelled: the level's after its
		// grouping, the level loop's and the error message's.
		if looks, after := ctx.counts(); after > 3 || looks >= total {
			t.Errorf("cancelled at look %d of %d: %d looks after it (want at most 3), %d in all", trip, total, after, looks)
		}
	}
}

// A build cancelled between levels (as soon as level 1 is built) builds no
// further level.
func TestBuildContextStopsBetweenLevels(t *testing.T) {
	g, cfg := cancelCase()
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
	gr, err := BuildContext(ctx, g, cfg, nil)
	wantStopped(t, gr, err)
	if len(built) != 1 {
		t.Fatalf("levels built after a cancellation at the end of level 1: %v, want [1]", built)
	}
}

// A cancellation from another goroutine, for the race detector: the build
// either finishes (equal to Build) or stops; either way nothing it shares
// is written.
func TestBuildContextCancelFromGoroutine(t *testing.T) {
	g, cfg := cancelCase()
	want, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		started := make(chan struct{})
		buildLevelHook = func(l int) {
			if l == 1 {
				close(started)
			}
		}
		go func() {
			<-started
			cancel()
		}()
		gr, err := BuildContext(ctx, g, cfg, nil)
		buildLevelHook = nil
		if err != nil {
			wantStopped(t, gr, err)
		} else if d := diffGraphs(gr, want); d != "" {
			t.Fatalf("a build that finished before its cancellation differs from Build: %s", d)
		}
		cancel()
	}
}

// An uncancelled BuildContext builds what Build builds, with a context that
// can be cancelled (looked at) and with one that cannot, regions included.
func TestBuildContextEqualsBuild(t *testing.T) {
	g := randomGrid(90, 70, 25, 9)
	rooms := make([]byte, g.Len())
	for i := range rooms {
		p := g.Point(i)
		rooms[i] = byte('A' + p.X/15 + 6*(p.Y/12))
	}
	for _, tc := range []struct {
		cfg     Config
		regions [][]byte
	}{
		{Config{}, nil},
		{Config{ClusterSize: 4, Levels: 3}, nil},
		{Config{ClusterSize: 5, Levels: 2, Neighborhood: pathing.Four}, nil},
		{Config{ClusterSize: 4, Levels: 2}, [][]byte{rooms}},
	} {
		want, err := Build(g, tc.cfg, tc.regions)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		for _, c := range []context.Context{ctx, context.Background()} {
			got, err := BuildContext(c, g, tc.cfg, tc.regions)
			if err != nil {
				t.Fatal(err)
			}
			if d := diffGraphs(got, want); d != "" {
				t.Fatalf("%+v: BuildContext differs from Build: %s", tc.cfg, d)
			}
		}
		cancel()
	}
}

// BenchmarkBuildContext512 is BenchmarkBuild512 with a context that can be
// cancelled (and is looked at), as the session's build worker does.
func BenchmarkBuildContext512(b *testing.B) {
	g := benchGrid(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BuildContext(ctx, g, Config{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A relevel from 1 to 4 levels cancelled as soon as level 2 is built
// finishes no further level (level 3 is begun and stops at its first look
// at the context, so the hook never reports it), returns no graph and says
// which levels it was making; the graph it came from still equals a fresh
// one-level build.
func TestRelevelStopsBetweenLevels(t *testing.T) {
	g, cfg := cancelCase()
	cfg.Levels = 1
	old, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	build, err := old.Relevel(4)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var built []int
	buildLevelHook = func(l int) {
		built = append(built, l)
		if l == 2 {
			cancel()
		}
	}
	t.Cleanup(func() { buildLevelHook = nil })
	gr, err := build(ctx, nil)
	if gr != nil {
		t.Fatal("a stopped relevel returned a graph")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "groups: build of levels 2 to 4 of the 120×120 grid (cluster 4) stopped") {
		t.Fatalf("stopped relevel: error %v, want one wrapping context.Canceled that names the levels", err)
	}
	if len(built) != 1 || built[0] != 2 {
		t.Fatalf("levels built by a relevel cancelled at the end of level 2: %v, want [2]", built)
	}
	want, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffGraphs(old, want); d != "" {
		t.Fatalf("the graph a cancelled relevel came from changed: %s", d)
	}
}
