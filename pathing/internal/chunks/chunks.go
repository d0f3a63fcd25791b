// Package chunks hands the parts of a build out to worker goroutines, for
// the hierarchies of package pathing (hpa's clusters, groups' edges): each
// worker takes the next part until none is left or the build is stopped,
// and a worker's panic comes back to the goroutine that started the work.
package chunks

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Panic is a panic raised on one of a build's worker goroutines, raised
// again on the goroutine that started the work (see Run). Pkg names the
// package whose build it was ("hpa", "groups"), for the message.
type Panic struct {
	Value any    // what the worker panicked with
	Stack []byte // the worker's stack when it did
	Pkg   string
}

// Error gives the value and the worker's stack: a caller that does not
// recover (a test, cmd/bench) prints only its own stack, which does not
// show where the worker failed.
func (p *Panic) Error() string {
	pkg := p.Pkg
	if pkg == "" {
		pkg = "pathing"
	}
	return fmt.Sprintf("%s: build worker panicked: %v\n\nworker goroutine stack:\n%s", pkg, p.Value, p.Stack)
}

// Run calls f(w, k) for every k in [0, n) on workers goroutines (w is the
// caller's worker index, for per-worker scratch): each takes the next k
// until none is left, stop reports true or a worker panicked. The calling
// goroutine is worker 0. It returns when every call has.
//
// A panic in f on another goroutine would end the program whatever the
// caller does (a recover works only on its own goroutine), taking an app's
// unsaved session with it. So the workers recover, stop handing out work,
// and the first panic is raised again on the calling goroutine once every
// worker has stopped (they share the build, which must be still before the
// caller's recover goes on with it), as a *Panic holding the worker's
// stack: the caller's recover sees it as it would a panic of its own.
func Run(pkg string, n, workers int, stop func() bool, f func(w, k int)) {
	var next atomic.Int64
	var failed atomic.Pointer[Panic]
	work := func(w int) {
		for {
			k := int(next.Add(1)) - 1
			if k >= n || stop() || failed.Load() != nil {
				return
			}
			f(w, k)
		}
	}
	catch := func() {
		if p := recover(); p != nil {
			failed.CompareAndSwap(nil, &Panic{Value: p, Stack: debug.Stack(), Pkg: pkg})
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer catch()
			work(w)
		}()
	}
	func() {
		// Worker 0's own panic stops the others too, and waits for them.
		defer wg.Wait()
		defer catch()
		work(0)
	}()
	if p := failed.Load(); p != nil {
		panic(p)
	}
}
