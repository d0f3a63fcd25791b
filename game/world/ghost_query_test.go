package world

import (
	"testing"

	"pathlens/assets"
)

// Regression (usability test: F3 after M on textbook-groups showed query
// 1's path and cost as the ghost of query 2): the ghost compares one
// query under two switches, so another query drops it; a switch on the
// same query keeps making one.
func TestGhostBelongsToItsQuery(t *testing.T) {
	w, err := Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	if len(w.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs 2", len(w.Queries))
	}
	w.CycleCost()
	w.Wait()
	if w.Ghost == nil {
		t.Fatal("no ghost after a connection-cost switch")
	}
	q := w.Queries[1]
	w.SetEndpoints(q[0], q[1])
	if w.Ghost != nil {
		t.Errorf("query 2 opened with query 1's ghost %q (cost %v)", w.Ghost.Label, w.Ghost.Cost)
	}
	w.CycleCost()
	w.Wait()
	if w.Ghost == nil {
		t.Error("a switch on query 2 made no ghost")
	}
	w.SetEndpoints(q[0], q[1]) // the same query again (F3 round the list)
	if w.Ghost == nil {
		t.Error("reopening the same query dropped its ghost")
	}
	w.Pick(q[1])
	if w.Ghost != nil {
		t.Error("a click starting a new query kept the ghost")
	}
}
