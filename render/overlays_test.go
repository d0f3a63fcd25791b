package render

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Regression: stepping an HPA* query back to its start still drew every
// level's plan at full strength, so a class saw the answer before the
// abstract search found it. A plan is final once the last search at its
// level has run; before that it is not drawn.
func TestPlanFoundAfterItsLevelsLastSearch(t *testing.T) {
	var tr pathing.Trace
	add := func(level int, n int) {
		for range n {
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(level)})
		}
	}
	// insert S and G (searches on level 1), the abstract search on level 2,
	// refinement on level 1, then the cell searches.
	add(1, 4)  // events 0-3
	add(2, 5)  // 4-8
	add(1, 3)  // 9-11
	add(0, 10) // 12-21
	got := planFoundAt(&tr, 3, nil)
	if want := []int{22, 12, 9}; !slices.Equal(got, want) {
		t.Fatalf("planFoundAt = %v, want %v (level 2 after its search, level 1 after refinement)", got, want)
	}
	// A level no search ran at (a cached plan) is known from the start.
	if got := planFoundAt(&tr, 4, nil); got[3] != 0 {
		t.Errorf("level 3 without events: found at %d, want 0", got[3])
	}
	if got := planFoundAt(nil, 2, nil); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("no trace: %v", got)
	}
	// Regression (tester, a wall map under HPA*): level 1's refinement
	// followed stored paths, so level 1's last events were the insertion's,
	// before the abstract search; its plan showed while the top search was
	// still running. A plan is never found before the one it refines.
	var tr2 pathing.Trace
	for _, l := range []int{1, 1, 1, 2, 2, 2, 2, 0, 0} {
		tr2.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(l)})
	}
	if got, want := planFoundAt(&tr2, 3, nil), []int{9, 7, 7}; !slices.Equal(got, want) {
		t.Errorf("stored refinement at level 1: planFoundAt = %v, want %v", got, want)
	}
}

// Regression: region letters were drawn at the region's centroid, with the
// tints, so the closed set and the plan's nodes covered them, and a U- or
// comb-shaped region's letter fell on a wall or in another room. Each
// label now sits on one of its own region's cells, nearest the centroid.
func TestRegionLabelsSitOnTheirRegion(t *testing.T) {
	u := []string{
		"UUUUU.",
		"U###U.",
		"U###U.",
		"U###U.",
	}
	var layer []byte
	for _, r := range u {
		layer = append(layer, strings.ReplaceAll(r, ".", "V")...)
	}
	open := make([]uint8, len(layer))
	for i := range open {
		open[i] = 1
	}
	got := regionLabels(layer, 6, open, nil)
	want := []regionLabel{{'U', image.Pt(2, 0)}, {'V', image.Pt(5, 1)}}
	if !slices.Equal(got, want) {
		t.Errorf("U-shaped room: labels %v, want %v (the centroid (2,1.1) is wall)", got, want)
	}
	for _, name := range assets.Names() {
		w, err := world.Open(assets.Prefix + name)
		if err != nil {
			t.Fatal(err)
		}
		for l, layer := range w.Regions {
			seen := map[byte]bool{}
			for _, lb := range regionLabels(layer, w.Grid.Width(), w.Grid.Cells(), nil) {
				if c := layer[lb.Cell.Y*w.Grid.Width()+lb.Cell.X]; c != lb.Ch {
					t.Errorf("%s level %d: label %q at %v, a cell of %q", name, l+1, lb.Ch, lb.Cell, c)
				}
				if !w.Grid.Open(lb.Cell) && regionHasOpen(layer, w.Grid.Cells(), lb.Ch) {
					t.Errorf("%s level %d: label %q on the wall %v, its region has open cells", name, l+1, lb.Ch, lb.Cell)
				}
				seen[lb.Ch] = true
			}
			for _, c := range layer {
				if c != '#' && c != ' ' && c != 0 && !seen[c] {
					t.Errorf("%s level %d: region %q has no label", name, l+1, c)
				}
			}
		}
	}
}

// regionHasOpen reports whether region ch of layer has an open cell.
func regionHasOpen(layer []byte, cells []uint8, ch byte) bool {
	for i, c := range layer {
		if c == ch && cells[i] > 0 {
			return true
		}
	}
	return false
}

// Regression (a level designer, group_l2.png and r_dup_region.png): a
// room's letter went to its cell nearest the middle even where that cell
// is a wall: "W" (West wing, two rooms of one level-2 region with the wall
// row y=14 between them) and the merged "X" sat on that wall row. The
// letter now goes to the region's open cell nearest its middle (a region
// all walls keeps its nearest cell), and moves when an edit walls its
// cell or opens one nearer, but not for an edit elsewhere.
func TestRegionLabelsSitOnOpenCells(t *testing.T) {
	rows := []string{ // W: two rooms of one region across a wall row
		"WWWWW",
		"WWWWW",
		"WWWWW", // the wall row (y=2): the centroid's
		"WWWWW",
		"WWWWW",
		"ZZZZZ", // Z: walls only
	}
	walls := []string{
		".....",
		".....",
		"#####",
		".....",
		".....",
		"#####",
	}
	var layer []byte
	var cells []uint8
	for y := range rows {
		layer = append(layer, rows[y]...)
		for _, c := range walls[y] {
			cells = append(cells, map[rune]uint8{'.': 1, '#': 0}[c])
		}
	}
	got := regionLabels(layer, 5, cells, nil)
	want := []regionLabel{{'W', image.Pt(2, 1)}, {'Z', image.Pt(2, 5)}}
	if !slices.Equal(got, want) {
		t.Errorf("labels %v, want %v: W's middle (2,2) is wall, (2,1) the nearest open cell; Z is all walls", got, want)
	}
	labels, places := regionLabelsAt(layer, 5, cells, nil, nil)
	cells[1*5+2] = 0 // W's label cell walled: it moves
	if !labelsMoved(layer, cells, 5, labels, places, []int32{1*5 + 2}) {
		t.Error("walling the label's cell does not move it")
	}
	cells[1*5+2] = 1
	cells[2*5+2] = 1 // the middle dug: nearer
	if !labelsMoved(layer, cells, 5, labels, places, []int32{2*5 + 2}) {
		t.Error("digging a cell nearer the middle does not move the label")
	}
	cells[2*5+2] = 0
	cells[0] = 0 // a far corner filled: no move
	if labelsMoved(layer, cells, 5, labels, places, []int32{0}) {
		t.Error("filling a far corner of the region moves its label")
	}
	cells[5*5+0] = 1 // Z's first open cell: it leaves the wall
	if !labelsMoved(layer, cells, 5, labels, places, []int32{5 * 5}) {
		t.Error("opening a cell of an all-wall region does not move its label")
	}
}

// Regression: abstract edges were 1 (intra) and 2 (inter) pixels at every
// zoom, so on a projector they stayed hairlines however far the teacher
// zoomed in. They now grow with the cells, up to 3 and 5 pixels, inter
// always the thicker, and never thinner than before.
func TestEdgesThickenWithZoom(t *testing.T) {
	prevI, prevX := float32(0), float32(0)
	for _, z := range []float64{0.5, 2, 6, 10, 14, 20, 30, 60, 200} {
		wi, wx := edgeWidths(z)
		if wi < 1 || wx < 2 || wx <= wi || wi < prevI || wx < prevX {
			t.Errorf("zoom %g: intra %.2f, inter %.2f (previous %.2f, %.2f)", z, wi, wx, prevI, prevX)
		}
		prevI, prevX = wi, wx
	}
	if wi, wx := edgeWidths(30); wi < 2.5 || wx < 4.5 {
		t.Errorf("at 30 px a cell: intra %.2f, inter %.2f, want about 3 and 5", wi, wx)
	}
}

// Regression: the g / h / f numbers were 10 px in cells of any size, too
// small to read on a projector even in textbook-groups' 136 px cells. They
// grow with the cells, and their lines (three from 40 px) still fit in the
// cell.
func TestValueNumbersGrowAndFit(t *testing.T) {
	for z := float64(valuesMinZoom); z <= 400; z += 3 {
		size, step := valueFont(z)
		lines := 2.0
		if z >= 40 {
			lines = 3
		}
		if size < 10 || size > 24 {
			t.Errorf("zoom %g: size %g", z, size)
		}
		if bottom := 1 + (lines-1)*step + size*1.2; bottom > z+2 {
			t.Errorf("zoom %g: %g lines of %g px, step %g, end at %g, past the cell", z, lines, size, step, bottom)
		}
	}
	if size, _ := valueFont(136); size < 20 {
		t.Errorf("136 px cells: numbers %g px, want at least 20", size)
	}
}

// Regression: entrance bars ran from the first cell's centre to the last
// cell's centre, half a cell inside one cluster, and a one-cell entrance
// had no length at all (invisible). A bar now lies on the shared border,
// spanning its run from edge to edge.
func TestEntranceBarsLieOnTheBorder(t *testing.T) {
	rows := []string{
		"....#...",
		"........",
		"........",
		"....#...",
		"#######.",
		"........",
		"........",
		"........",
	}
	m, err := maps.ReadASCII(strings.NewReader(strings.Join(rows, "\n")+"\n"), "bars.txt")
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	w.Settings.Algo = world.AlgoHPA
	w.Settings.ClusterSize = 4
	w.Settings.Levels = 1
	w.Begin()
	w.Wait()
	h := w.Hierarchy()
	if h == nil {
		t.Fatalf("no hierarchy: %v", w.HierarchyError())
	}
	v := h.Inspect(1)
	var got []string
	for i, e := range v.Entrances {
		x0, y0, x1, y1 := entranceBar(e[0], e[1], v.EntranceSides[i])
		got = append(got, fmt.Sprintf("(%g,%g)-(%g,%g)", x0, y0, x1, y1))
	}
	want := []string{
		"(4,1)-(4,3)", // rows 1-2 on the border x = 4
		"(7,4)-(8,4)", // the one open cell of the border y = 4: one cell long
		"(4,5)-(4,8)", // rows 5-7 below the wall
	}
	if !slices.Equal(got, want) {
		t.Fatalf("bars %v, want %v", got, want)
	}
	// Without a side the centre line is kept (views that give none).
	if x0, y0, x1, y1 := entranceBar(image.Pt(1, 2), image.Pt(1, 4), image.Point{}); x0 != 1.5 || y0 != 2.5 || x1 != 1.5 || y1 != 4.5 {
		t.Fatalf("no side: (%g,%g)-(%g,%g)", x0, y0, x1, y1)
	}
}

// Regression (user test: at "refine cells step 0" of an HPA* query on
// arena the whole smoothed path was drawn bright, since smoothing had
// merged it into segment 0, as if the answer were already found): until
// smoothing has finished the view draws the segments as refinement left
// them, the current one from S to the first plan node.
func TestRefinementShowsTheUnsmoothedSegments(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	w, err := world.Open(dir + "/arena.map")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.SetAlgo(world.AlgoHPA)
	w.SetEndpoints(image.Pt(1, 7), image.Pt(47, 46)) // the user's query (arena.map.scen's last row)
	w.Wait()
	o := &w.Outcome
	if len(o.Refined) < 2 || len(o.Refined) != len(o.Segments) {
		t.Fatalf("%d refined segments, %d smoothed: want one per plan step, several", len(o.Refined), len(o.Segments))
	}
	if o.Refined[0][0] != w.Start || o.Refined[len(o.Refined)-1][len(o.Refined[len(o.Refined)-1])-1] != w.Goal {
		t.Error("the refined segments do not run from the start to the goal")
	}
	if len(o.Refined[0]) >= len(o.Segments[0]) && len(o.Segments) > 1 && len(o.Segments[1]) > 1 {
		t.Skip("smoothing did not merge the first segment on this query: nothing to show")
	}
	tl := &w.Timeline
	k := tl.FindPhase("refine cells step 0")
	if k < 0 {
		t.Fatal("no phase refine cells step 0")
	}
	tl.Seek(tl.Trace().Phases[k].Start + 1)
	if smoothingDone(tl) {
		t.Error("in refine cells step 0: smoothing already done")
	}
	// Inside the smooth phase the answer is not known yet either (a helper
	// saw the whole smoothed path from the phase's first event).
	sm := tl.FindPhase("smooth")
	if sm < 0 {
		t.Fatal("no smooth phase")
	}
	tl.Seek(tl.Trace().Phases[sm].Start + 1)
	if smoothingDone(tl) {
		t.Error("at the smooth phase's first event: smoothing already done")
	}
	tl.Seek(tl.Len())
	if !smoothingDone(tl) {
		t.Error("at the end: smoothing not done")
	}
}

// visibleSearchNodes counts the abstract nodes the timeline has touched inside
// the view, so the search layer draws all of them or none: it drew the
// first ones by id and stopped, a band along a 4000×4000 map's top edge
// under a note saying there were too many.
func TestTooManyAbstractNodesInView(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	touched := 0
	for l := 1; l < world.MaxLevels; l++ {
		for _, e := range w.Timeline.Last(l) {
			if e >= 0 {
				touched++
			}
		}
	}
	if touched < 10 {
		t.Fatalf("%d abstract nodes touched: the test wants more", touched)
	}
	tooManyInView := func(vis image.Rectangle, limit int) bool {
		_, over := visibleSearchNodes(w, vis, limit, nil)
		return over
	}
	all := w.Grid.Bounds()
	if !tooManyInView(all, touched-1) || tooManyInView(all, touched) {
		t.Errorf("the whole map: %d touched, limit %d and %d", touched, touched-1, touched)
	}
	if tooManyInView(image.Rect(-10, -10, -5, -5), 0) {
		t.Error("a view off the map counts nodes")
	}
}

// During playback a route's segments appear as their refinements finish:
// segment k after the last phase naming "step k" has ended, a segment no
// search made (no phase names it) once refinement begins, and everything
// at the end of a trace without refinement phases. The group planner's
// segments are its "cells" phases in order.
func TestSegmentsFoundAsRefinementFinishes(t *testing.T) {
	var tr pathing.Trace
	phase := func(name string, n int) {
		tr.Phases = append(tr.Phases, pathing.Phase{Name: name, Start: len(tr.Events)})
		for range n {
			tr.Add(pathing.Event{Kind: pathing.EventPop})
		}
	}
	phase("insert S L1", 3)         // 0-2
	phase("abstract L2", 4)         // 3-6
	phase("refine L1 step 1", 2)    // 7-8: step 0 has no search
	phase("refine cells step 1", 3) // 9-11
	phase("refine cells step 2", 2) // 12-13
	phase("smooth", 2)              // 14-15
	for _, c := range []struct {
		cursor int
		want   []bool
	}{
		{0, []bool{false, false, false}},
		{7, []bool{true, false, false}},  // refinement begun: step 0 known
		{11, []bool{true, false, false}}, // step 1's cell search still running
		{12, []bool{true, true, false}},
		{14, []bool{true, true, true}},
	} {
		if got := segmentsFound(&tr, c.cursor, 3, nil); !slices.Equal(got, c.want) {
			t.Errorf("cursor %d: %v, want %v", c.cursor, got, c.want)
		}
	}
	var flat pathing.Trace
	flat.Phases = []pathing.Phase{{Name: "search"}}
	for range 5 {
		flat.Add(pathing.Event{Kind: pathing.EventPop})
	}
	if got := segmentsFound(&flat, 4, 2, nil); !slices.Equal(got, []bool{false, false}) {
		t.Errorf("no refinement, before the end: %v", got)
	}
	if got := segmentsFound(&flat, 5, 2, nil); !slices.Equal(got, []bool{true, true}) {
		t.Errorf("no refinement, at the end: %v", got)
	}
	// HPA* with the path cache refines every step from it, with no
	// search: the cells are known once smoothing begins (stepping through
	// smoothing drew no path at all, a user's report).
	var cached pathing.Trace
	cached.Phases = []pathing.Phase{{Name: "abstract L2"}, {Name: "smooth", Start: 3}}
	for range 6 {
		cached.Add(pathing.Event{Kind: pathing.EventPop})
	}
	if got := segmentsFound(&cached, 2, 2, nil); !slices.Equal(got, []bool{false, false}) {
		t.Errorf("cached, abstract search: %v", got)
	}
	if got := segmentsFound(&cached, 3, 2, nil); !slices.Equal(got, []bool{true, true}) {
		t.Errorf("cached, smoothing begun: %v", got)
	}
	var grp pathing.Trace
	grp.Phases = []pathing.Phase{{Name: "plan L2"}, {Name: "cells", Start: 2}, {Name: "cells", Start: 4}}
	for range 6 {
		grp.Add(pathing.Event{Kind: pathing.EventPop})
	}
	if got := segmentsFound(&grp, 4, 2, nil); !slices.Equal(got, []bool{true, false}) {
		t.Errorf("group planner at 4: %v", got)
	}
}

// Users read "N nodes, M edges in view" as the whole hierarchy's count; it
// is the viewed level's, and the note now says which.
func TestCrowdedNoteNamesItsLevel(t *testing.T) {
	got := crowdedNote(2, 5100, 48000)
	if want := "level 2: 5,100 nodes, 48,000 edges in view"; !strings.HasPrefix(got, want) {
		t.Errorf("crowdedNote = %q, want it to start %q", got, want)
	}
}

// Regression (a user): with the g / h / f numbers and the parent arrows
// both on, the arrows and the best path to the node at the cursor ran
// through the numbers, dark on dark, and made them unreadable. Where lines
// cross a cell (every reached cell with the arrows on; the cells of the
// best path without them) its numbers sit on a pale card drawn over the
// lines, inside the cell; elsewhere the numbers are drawn as before.
func TestValueNumbersStayLegibleOverArrows(t *testing.T) {
	w := openWorld(t, 12, 8)
	defer w.Close()
	w.Begin()
	w.SetEndpoints(image.Pt(0, 0), image.Pt(11, 7))
	w.Wait()
	tl := &w.Timeline
	mid := tl.Len() / 2
	for tl.Seek(mid); ; tl.Seek(mid) {
		if e, ok := tl.Current(); ok && e.Kind.Search() && e.Level == 0 {
			break
		}
		if mid++; mid >= tl.Len() {
			t.Fatal("no cell search event after the middle of the timeline")
		}
	}
	r := New()
	l := ComputeLayout(1280, 800, true)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	if cam.Zoom < valuesMinZoom || cam.Zoom < parentsMinZoom {
		t.Fatalf("zoom %v: the numbers or arrows are not drawn", cam.Zoom)
	}
	screen := ebiten.NewImage(1280, 800)
	numbered := func() (cells, arrows []image.Point) {
		for y := range w.Grid.Height() {
			for x := range w.Grid.Width() {
				st := tl.State(0, int32(w.Grid.Index(image.Pt(x, y))))
				if st.Seen {
					cells = append(cells, image.Pt(x, y))
					if st.Parent >= 0 {
						arrows = append(arrows, image.Pt(x, y))
					}
				}
			}
		}
		return cells, arrows
	}
	cardOn := func(p image.Point) bool {
		sx, sy := cam.ToScreen(float64(p.X), float64(p.Y))
		cell := image.Rect(int(sx), int(sy), int(sx+cam.Zoom)+1, int(sy+cam.Zoom)+1)
		for _, c := range r.valueCards {
			if image.Pt(int(sx)+4, int(sy)+4).In(c) {
				if !c.In(cell) {
					t.Errorf("the card %v of cell %v leaves the cell %v", c, p, cell)
				}
				return c.Dx() >= int(cam.Zoom/3) && c.Dy() >= int(cam.Zoom/2)
			}
		}
		return false
	}
	cells, arrows := numbered()
	if len(arrows) < 3 {
		t.Fatalf("%d cells with a parent at event %d: the test needs arrows", len(arrows), tl.Cursor())
	}
	frame := func(layers ...Layer) *Frame {
		var set LayerSet
		for _, ly := range layers {
			set = set.With(ly, true)
		}
		return &Frame{World: w, Cam: &cam, Layout: l, Layers: set}
	}
	// Arrows on: every cell with numbers and an arrow has its card.
	r.Draw(screen, frame(LayerValues, LayerParents, LayerSearch))
	for _, p := range arrows {
		if !cardOn(p) {
			t.Errorf("arrows on: the numbers of %v (its arrow under them) have no card", p)
		}
	}
	// Arrows off: the best path to the node at the cursor still crosses
	// numbers, which get cards; the other cells do not.
	r.Draw(screen, frame(LayerValues, LayerSearch))
	if !r.chainDrawn || len(r.chain) < 2 {
		t.Fatalf("no best path drawn at event %d", tl.Cursor())
	}
	onChain := map[image.Point]bool{}
	for _, p := range r.chain {
		onChain[p] = true
	}
	for _, p := range cells {
		if p == w.Start || p == w.Goal {
			continue // no numbers under their discs
		}
		if got := cardOn(p); got != onChain[p] {
			t.Errorf("arrows off: cell %v on the best path %v, card %v", p, onChain[p], got)
		}
	}
	// At the end (no best path drawn) and no arrows: no cards (the start
	// and goal discs cross no numbers: their cells show none).
	tl.Seek(tl.Len())
	r.Draw(screen, frame(LayerValues, LayerSearch))
	for _, c := range r.valueCards {
		p := cam.CellAt(float64(c.Min.X+1), float64(c.Min.Y+1))
		t.Errorf("a finished search without arrows: a card %v under the numbers of %v, want none", c, p)
	}
}
