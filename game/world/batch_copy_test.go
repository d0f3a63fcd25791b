package world

import (
	"context"
	"image"
	"runtime"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// A batch started on a big map copies the grid on its own goroutine, from
// the last snapshot and the cells edited since, not on the window thread:
// StartBatch allocates far less than a copy of the grid, the batch's
// answers are those of a batch run on the grid as it was at the start
// (the edits made before it, after the snapshot, are in; those made
// before it has copied are not): the snapshot it copies is not reused
// for a later version meanwhile.
func TestBatchCopiesTheGridOnItsGoroutine(t *testing.T) {
	for _, c := range []struct {
		name  string
		older bool // edits after the snapshot, before the batch
	}{{"snapshot current", false}, {"snapshot older", true}} {
		t.Run(c.name, func(t *testing.T) {
			const n = 600
			w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
			defer w.Close()
			w.SetEndpoints(image.Pt(10, 300), image.Pt(590, 300))
			settleUntimed(w)
			base := w.snapshot()
			if c.older {
				wallEdit(w, 300, 0, 598) // a wall with a gap at the bottom
				w.snap = base            // as when no job has copied the edit yet
			}
			w.Queries = [][2]image.Point{
				{image.Pt(10, 300), image.Pt(590, 300)},
				{image.Pt(10, 10), image.Pt(590, 590)},
				{image.Pt(450, 300), image.Pt(590, 10)}, // on the wall painted during the batch
			}
			want := w.Grid.Clone()
			version := w.GridVersion()

			hold := make(chan struct{})
			batchGoHook = func() { <-hold }
			defer func() { batchGoHook = nil }()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			ok := w.StartBatch()
			runtime.ReadMemStats(&m1)
			if !ok {
				t.Fatalf("no batch: %s", w.Message)
			}
			if a := m1.TotalAlloc - m0.TotalAlloc; a > uint64(w.Grid.Len())/2 {
				t.Errorf("StartBatch allocated %d bytes on the window thread (the grid is %d cells): it copied the grid", a, w.Grid.Len())
			}
			// Edits before the batch has copied the grid: a second wall, and
			// a snapshot of it (the next job's), which must not be written
			// into the one the batch copies from.
			wallEdit(w, 450, 1, n-1) // a gap at the top
			w.snapshot()
			close(hold)
			w.WaitBatch()
			got := w.LastBatch()
			if got == nil || got.Err != nil {
				t.Fatalf("no batch result: %v (%s)", got, w.Message)
			}
			if got.Version != version {
				t.Errorf("the batch is for version %d, want %d", got.Version, version)
			}
			j := &batchJob{total: len(w.Queries), settings: got.Settings, config: got.Config}
			ref := runBatch(context.Background(), j, want, nil, got.Settings, w.Queries)
			if len(got.Rows) != len(ref.Rows) {
				t.Fatalf("%d rows, want %d", len(got.Rows), len(ref.Rows))
			}
			for i, r := range got.Rows {
				e := ref.Rows[i]
				if r.Wall != e.Wall || r.Found != e.Found || r.Cost != e.Cost || r.Optimal != e.Optimal || r.Problem != e.Problem {
					t.Errorf("row %d: wall %v found %v cost %.1f optimal %.1f %q; on the grid at the start: wall %v found %v cost %.1f optimal %.1f %q",
						i+1, r.Wall, r.Found, r.Cost, r.Optimal, r.Problem, e.Wall, e.Found, e.Cost, e.Optimal, e.Problem)
				}
			}
			if c.older && got.Rows[0].Optimal < 800 { // 580 straight through
				t.Errorf("row 1's optimum %.1f does not go round the wall painted before the batch", got.Rows[0].Optimal)
			}
		})
	}
}
