package game

import (
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/render"
)

// batchGame is a drawn game on textbook-groups (two queries) with the
// group planner, its event log kept.
func batchGame(t *testing.T) *Game {
	t.Helper()
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	g := drawnOn(t, wd, 1280, 800)
	g.w.Log = world.NewEventLog(nil)
	t.Cleanup(func() { g.w.Close() })
	return g
}

// press runs one frame with key (and Ctrl or Shift) just pressed, then one
// with nothing held.
func press(g *Game, held *heldKeys, mod ebiten.Key, key ebiten.Key) {
	*held = heldKeys{key: 1}
	if mod >= 0 {
		(*held)[mod] = 5
	}
	g.Update()
	*held = heldKeys{}
	g.Update()
}

// panelRow returns the panel's switch row labelled label.
func (g *Game) panelRow(label string) (render.SwitchRow, bool) {
	for _, r := range g.switchRows() {
		if r.Label == label {
			return r, true
		}
	}
	return render.SwitchRow{}, false
}

// Ctrl+B runs the batch; the panel shows its progress, then its figures;
// F4 opens the worst row as Ctrl+G opens a query number (planned, traced,
// framed, the query row on it) with a note naming it, Shift+F4 goes back
// up the ranking; F4 before any batch says how to make one.
func TestBatchKeysRunAndOpenTheWorst(t *testing.T) {
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	if r, ok := g.panelRow("batch"); !ok || r.Value != "not run" || r.Keys != "Ctrl+B" {
		t.Fatalf("batch row before any batch: %+v %v", r, ok)
	}
	press(g, &held, -1, ebiten.KeyF4)
	if !strings.Contains(g.w.Message, "no batch has run: Ctrl+B") {
		t.Errorf("F4 with no batch: %q", g.w.Message)
	}
	g.w.SetAlgo(world.AlgoGroup)
	g.w.Wait()
	press(g, &held, ebiten.KeyControl, ebiten.KeyB)
	if !strings.Contains(strings.Join(logged(g), "\n"), "batch state=started rows=2") {
		t.Fatalf("Ctrl+B started no batch:\n%s", strings.Join(logged(g), "\n"))
	}
	g.w.WaitBatch()
	res := g.w.LastBatch()
	if res == nil || len(res.Rows) != 2 || len(res.Ranking) == 0 {
		t.Fatalf("batch result %+v (%s)", res, g.w.Message)
	}
	if r, _ := g.panelRow("batch"); !strings.HasPrefix(r.Value, "2 rows") || r.Keys != "F4" || r.Dim {
		t.Errorf("batch row when done: %+v", r)
	}
	// Away from the list first, so F4 visibly opens its row.
	g.w.SetEndpoints(g.w.Queries[0][1], g.w.Queries[0][0])
	g.w.Wait()
	press(g, &held, -1, ebiten.KeyF4)
	g.w.Wait()
	worst := res.Rows[res.Ranking[0]]
	q := g.w.Queries[worst.Query]
	if g.query != worst.Query || g.w.Start != q[0] || g.w.Goal != q[1] || !g.w.Outcome.Traced {
		t.Errorf("F4 opened query %d %v→%v (traced %v), want the worst, query %d", g.query+1, g.w.Start, g.w.Goal, g.w.Outcome.Traced, worst.Query+1)
	}
	if !strings.HasPrefix(g.w.Message, "worst 1 of ") || !strings.Contains(g.w.Message, "(batch: group hierarchy, heuristic octile, connection cost") {
		t.Errorf("F4's note %q", g.w.Message)
	}
	if !strings.Contains(strings.Join(logged(g), "\n"), "query index="+strconv.Itoa(worst.Query+1)) {
		t.Errorf("F4 logged no query line, as F3 and Ctrl+G do")
	}
	press(g, &held, ebiten.KeyShift, ebiten.KeyF4)
	if !strings.Contains(g.w.Message, "this is the worst row") {
		t.Errorf("Shift+F4 at the top: %q", g.w.Message)
	}
	if len(res.Ranking) > 1 {
		press(g, &held, -1, ebiten.KeyF4)
		if !strings.HasPrefix(g.w.Message, "worst 2 of ") || g.query != res.Rows[res.Ranking[1]].Query {
			t.Errorf("second F4: %q on query %d", g.w.Message, g.query+1)
		}
		press(g, &held, ebiten.KeyShift, ebiten.KeyF4)
		if !strings.HasPrefix(g.w.Message, "worst 1 of ") || g.query != worst.Query {
			t.Errorf("Shift+F4 back: %q on query %d", g.w.Message, g.query+1)
		}
	}
	// An edit since: the row dims and F4's note says the figures are old.
	var wall image.Point
	for y := 0; y < g.w.Grid.Height(); y++ {
		for x := 0; x < g.w.Grid.Width(); x++ {
			if p := image.Pt(x, y); !g.w.Grid.Open(p) {
				wall = p
			}
		}
	}
	g.w.BeginStroke(wall, 0)
	g.w.EndStroke()
	if r, _ := g.panelRow("batch"); !r.Dim {
		t.Errorf("batch row after an edit not dimmed: %+v", r)
	}
	g.w.Batch = world.Batch{} // forget F4's place
	g.w.StartBatch()
	g.w.WaitBatch()
	g.w.BeginStroke(wall, 0) // fill it again
	g.w.EndStroke()
	press(g, &held, -1, ebiten.KeyF4)
	if !strings.Contains(g.w.Message, "the batch ran before this: the map was edited since") {
		t.Errorf("F4 after an edit: %q", g.w.Message)
	}
}

// Ctrl+B again, or Esc, while a batch runs cancels it with a note; the
// panel shows its progress meanwhile. A list of many copies of a long
// query keeps it running long enough.
func TestBatchKeysCancel(t *testing.T) {
	for _, c := range []struct {
		name     string
		mod, key ebiten.Key
	}{{"Ctrl+B", ebiten.KeyControl, ebiten.KeyB}, {"Esc", -1, ebiten.KeyEscape}} {
		t.Run(c.name, func(t *testing.T) {
			g := batchGame(t)
			var held heldKeys
			fakeKeys(t, &held)
			longList(g)
			press(g, &held, ebiten.KeyControl, ebiten.KeyB)
			r, _ := g.panelRow("batch")
			if !strings.HasSuffix(r.Value, " of 200,000") || r.Keys != "Ctrl+B" {
				t.Fatalf("batch row while running: %+v", r)
			}
			press(g, &held, c.mod, c.key)
			if _, _, running := g.w.BatchRunning(); running || !strings.HasPrefix(g.w.Message, "batch cancelled after ") {
				t.Errorf("%s: running %v, note %q", c.name, running, g.w.Message)
			}
			if r, _ := g.panelRow("batch"); r.Value != "not run" {
				t.Errorf("batch row after cancel: %+v", r)
			}
		})
	}
}

// longList makes g's list 200,000 copies of its first query: a batch of
// it runs long enough for a key to cancel it.
func longList(g *Game) {
	q := g.w.Queries[0]
	g.w.Queries = make([][2]image.Point, 200000)
	for i := range g.w.Queries {
		g.w.Queries[i] = q
	}
}

// Ctrl+B on a session without a list says how to get one.
func TestBatchKeyWithoutAList(t *testing.T) {
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	g.w.Queries = nil
	press(g, &held, ebiten.KeyControl, ebiten.KeyB)
	if !strings.Contains(g.w.Message, "no query list: drop a Moving AI .scen") {
		t.Errorf("Ctrl+B without a list: %q", g.w.Message)
	}
	if _, ok := g.panelRow("batch"); ok {
		t.Error("a batch row without a list or a batch")
	}
}

// Esc over the map drops a new start, unpins the inspector and clears the
// agent selection; it cancels a running batch only when it has none of
// those to do, the last of its chain: a user unpinning a cell lost a long
// batch. Ctrl+B cancels at any time (TestBatchKeysCancel).
func TestEscStopsTheBatchOnlyWithNothingElseToDo(t *testing.T) {
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	q := g.w.Queries[0]
	longList(g)
	press(g, &held, ebiten.KeyControl, ebiten.KeyB)
	running := func() bool { _, _, r := g.w.BatchRunning(); return r }
	if !running() {
		t.Fatalf("no batch under way: %q", g.w.Message)
	}
	g.pinned, g.hasPinned = q[0], true
	press(g, &held, -1, ebiten.KeyEscape)
	if g.hasPinned || !running() {
		t.Errorf("Esc on a pinned cell: pinned %v, batch running %v", g.hasPinned, running())
	}
	id, err := g.w.SpawnAgent(q[0])
	if err != nil {
		t.Fatal(err)
	}
	g.w.Agents().Select([]int{id}, false)
	press(g, &held, -1, ebiten.KeyEscape)
	if sel := g.w.Agents().Selected(nil); len(sel) != 0 || !running() {
		t.Errorf("Esc on a selection: selected %v, batch running %v", sel, running())
	}
	g.w.Pick(q[1]) // a new start, the query put aside
	press(g, &held, -1, ebiten.KeyEscape)
	if g.w.Start != q[0] || g.w.Goal != q[1] || !running() {
		t.Errorf("Esc on a new start: query %v→%v, batch running %v", g.w.Start, g.w.Goal, running())
	}
	press(g, &held, -1, ebiten.KeyEscape)
	if running() || !strings.HasPrefix(g.w.Message, "batch cancelled after ") {
		t.Errorf("Esc with nothing else to do: running %v, note %q", running(), g.w.Message)
	}
}

// After a batch with rows on a wall, F4 said "worst 1 of 1,274" and the
// panel's row "1,280 rows": the row now counts the rows run, of all.
func TestBatchRowCountsTheRowsRun(t *testing.T) {
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	g.w.SetAlgo(world.AlgoGroup)
	g.w.Wait()
	q := g.w.Queries[1]
	g.w.ApplyEdit(world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: q[0], New: 0}}})
	g.w.Wait()
	if g.w.Grid.Open(q[0]) {
		t.Fatalf("query 2's start %v still open after the fill", q[0])
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyB)
	g.w.WaitBatch()
	res := g.w.LastBatch()
	if res == nil || res.Walls != 1 {
		t.Fatalf("batch result %+v: want one row on a wall", res)
	}
	if r, _ := g.panelRow("batch"); !strings.HasPrefix(r.Value, "1 of 2 rows") {
		t.Errorf("batch row %q, want it to start \"1 of 2 rows\"", r.Value)
	}
}
