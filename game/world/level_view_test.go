package world

import (
	"testing"
	"unsafe"
)

// TestViewEdgeIsCompact guards the size of a listed edge: level 1 of an
// HPA* hierarchy on a 2048×2048 map lists 4.3 million of them on the frame
// that first shows the level, and the group edges' three costs and entry
// count carried in each (88 bytes) made that listing 377 MB. They live in
// the view's Terms now.
func TestViewEdgeIsCompact(t *testing.T) {
	if n := unsafe.Sizeof(ViewEdge{}); n > 56 {
		t.Errorf("ViewEdge is %d bytes, want at most 56", n)
	}
}
