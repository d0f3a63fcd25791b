// Package preflight lets the app answer without a display. Ebiten's own
// package initialisation opens GLFW and panics when there is no X display,
// before main runs, so -h, -keys, a mistyped flag or a plain start on a
// headless machine would all end in a Go panic. main imports this package
// for its init, which the Go initialisation order (packages sorted by
// import path, each run once its imports are) runs before Ebiten's, because
// Ebiten waits on packages whose paths sort after "pathlens/..." (its GLFW
// binding needs runtime/cgo). TestNoDisplay in tests/e2e runs the built
// binary with DISPLAY unset to keep that true.
//
// The package holds nothing but this init (cli.Headless does the work and
// is tested there), so that no test binary ever runs it.
package preflight

import (
	"os"
	"runtime"

	"pathlens/internal/cli"
)

func init() {
	if cli.HasDisplay(runtime.GOOS, os.Getenv) {
		return
	}
	os.Exit(cli.Headless(os.Args[1:], os.Stdout, os.Stderr))
}
