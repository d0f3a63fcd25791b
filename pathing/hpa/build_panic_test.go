package hpa

import (
	"sync/atomic"
	"testing"
	"time"

	"pathlens/pathing"
)

// Review: a panic on BuildContext's own goroutine (building a level) must
// reach the caller only after the component labelling goroutine, which
// reads the grid and writes the hierarchy, has stopped, as forChunks
// promises for its workers.
func TestBuildPanicWaitsForTheLabelling(t *testing.T) {
	g := pathing.MustGrid(64, 64)
	var labelled atomic.Bool
	compBuildHook = func() {
		time.Sleep(100 * time.Millisecond)
		labelled.Store(true)
	}
	buildLevelHook = func(int) { panic("level failed") }
	t.Cleanup(func() { compBuildHook, buildLevelHook = nil, nil })
	func() {
		defer func() { recover() }()
		Build(g, Config{})
	}()
	if !labelled.Load() {
		t.Fatal("the build's panic reached the caller while its labelling goroutine still reads the grid")
	}
}
