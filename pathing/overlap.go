package pathing

import (
	"fmt"
	"runtime/debug"
)

// OverlapPanic is the error of a query that an Update overlapped and that
// panicked meanwhile (hpa's Find, groups' PlanSegment and Walk). The torn
// data most likely caused the panic, so the query fails with Err (which
// wraps the package's ErrConcurrentUpdate: errors.Is still sees it) rather
// than taking the program down; but a panic of a real bug looks the same
// from here, so its value and stack are kept, not thrown away.
type OverlapPanic struct {
	Err   error  // the query's error without the panic
	Value any    // what the query panicked with
	Stack []byte // the query's goroutine stack at the panic
}

func (e *OverlapPanic) Error() string {
	return fmt.Sprintf("%v; the query panicked meanwhile (likely from the torn data, else a bug): %v", e.Err, e.Value)
}

func (e *OverlapPanic) Unwrap() error { return e.Err }

// WithPanic returns err unchanged when v (a recovered value) is nil, else
// an *OverlapPanic holding err, v and the current goroutine's stack. Call
// it from the deferred function that recovered, so that the stack still
// shows where the panic was raised.
func WithPanic(err error, v any) error {
	if v == nil {
		return err
	}
	return &OverlapPanic{Err: err, Value: v, Stack: debug.Stack()}
}
