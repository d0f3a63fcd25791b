package world

import (
	"fmt"
	"image"
	"math"

	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// The switches. Each one changes one setting and logs a "switch" line;
// when the current algorithm reads the setting it rebuilds the hierarchy
// (a structural setting) and replans, else it keeps the setting for the
// algorithms that read it and says so, replanning nothing (switched).

// SetAlgo selects the algorithm answering the query.
func (w *World) SetAlgo(a Algo) {
	if a >= numAlgos {
		return
	}
	if a != w.Settings.Algo {
		w.keepSearchGhost("algo", w.Settings.Algo.Title())
	}
	w.Settings.Algo = a
	w.switched("algo", a)
	w.noteRoomsElsewhere() // a hierarchy the cluster heuristic built is the group planner's too
}

// CycleAlgo moves to the next algorithm (A*, Dijkstra, greedy, HPA*, group).
func (w *World) CycleAlgo() { w.SetAlgo((w.Settings.Algo + 1) % numAlgos) }

// CycleHeuristic moves to the next A* heuristic (octile, Euclidean,
// Manhattan, Chebyshev, zero, cluster table).
func (w *World) CycleHeuristic() { w.SetHeuristic((w.Settings.Heuristic + 1) % numHeurs) }

// SetHeuristic selects the A* heuristic.
func (w *World) SetHeuristic(h Heur) {
	if h >= numHeurs {
		return
	}
	if h != w.Settings.Heuristic && w.Settings.Uses("heuristic") {
		if g := w.Ghost; g != nil && g.Switch != "heuristic" && !g.readsHeuristic {
			// The comparison the user set up survives: a ghost whose
			// answer read no heuristic (Dijkstra's, after 2 then 1) is
			// the same under every heuristic, so it still differs from
			// the new answer by its own switch alone (each heuristic's
			// fill inside Dijkstra's). It is compared again, as made now.
			w.ghostNew = true
			w.ghostWhy = fmt.Sprintf("heuristic %s: the ghost of %s kept, as it reads no heuristic", h, g.Label)
		} else {
			w.keepSearchGhost("heuristic", "heuristic "+w.Settings.Heuristic.String())
		}
	}
	was := unusedHeuristicNote(w.Settings)
	w.Settings.Heuristic = h
	if !w.Settings.Uses("heuristic") && w.Outcome.Status != pathing.Running {
		// No replan (switched): the answer's note that the planner ignores
		// the cluster heuristic follows the setting, as a plan would.
		w.Outcome.Note = swapNote(w.Outcome.Note, was, unusedHeuristicNote(w.Settings))
	}
	w.switched("heuristic", h)
}

// CycleCost moves to the next connection cost (minimum, maximin, average
// minimum). The previous answer is kept as a ghost, labelled with the cost
// it was planned with, so the two plans and their costs can be compared.
func (w *World) CycleCost() { w.SetCost((w.Settings.Cost + 1) % numCosts) }

// SetCost selects the connection cost, keeping the previous answer as a
// ghost.
func (w *World) SetCost(c Cost) {
	if c >= numCosts {
		return
	}
	if w.Uses("cost") {
		w.keepGhost("cost", "cost "+w.Settings.Cost.Title())
	}
	w.Settings.Cost = c
	w.switched("cost", c)
}

// ToggleExclusion turns exclusion mode on or off, keeping the previous
// answer as a ghost.
func (w *World) ToggleExclusion() {
	if w.Uses("exclusion") {
		w.keepGhost("exclusion", fmt.Sprintf("exclusion %s", onOff(w.Settings.Exclusion)))
	}
	w.Settings.Exclusion = !w.Settings.Exclusion
	w.switched("exclusion", w.Settings.Exclusion)
}

// ToggleTarget switches where the group planner's refinements aim inside
// the next cluster of the plan: its representative cell, or the cell of
// it nearest the current position. The previous answer is kept as a
// ghost, as for the connection cost.
func (w *World) ToggleTarget() {
	if w.Uses("target") {
		w.keepGhost("target", "target "+w.Settings.Target.String())
	}
	if w.Settings.Target == groups.Nearest {
		w.Settings.Target = groups.Representative
	} else {
		w.Settings.Target = groups.Nearest
	}
	w.switched("target", w.Settings.Target)
}

// ToggleNeighborhood switches between 8- and 4-connected moves.
func (w *World) ToggleNeighborhood() {
	if w.Settings.Neighborhood == pathing.Eight {
		w.Settings.Neighborhood = pathing.Four
	} else {
		w.Settings.Neighborhood = pathing.Eight
	}
	w.switched("nb", w.Settings.Neighborhood.String())
	// A simulation walks with the neighbourhood it was made with: it is
	// made again, each agent planning anew from where it stands (the
	// agents were deleted, without a question or an undo).
	if n, lost := w.remakeAgents(); lost > 0 {
		w.Note("%s with %s-connected moves; %d lost their goals, now walls: send them again", plural(n, "agent replans", "agents replan"), w.Settings.Neighborhood, lost)
	} else if n > 0 {
		w.Note("%s with %s-connected moves", plural(n, "agent replans", "agents replan"), w.Settings.Neighborhood)
	} else if hint := weakHeuristicHint(w.Settings); hint != "" {
		w.NoteAfterError("%s", hint)
	}
}

// weakHeuristicHint says, for a search that reads the heuristic, when the
// one chosen is admissible but looser than another for the moves allowed:
// the panel warns of manhattan under 8-connected moves (inadmissible), and
// said nothing of octile under 4-connected ones, where manhattan is the
// exact distance of an open grid and A* expands far fewer cells with it.
func weakHeuristicHint(s Settings) string {
	if s.Neighborhood != pathing.Four || !s.Uses("heuristic") || s.UsesClusterHeuristic() {
		return ""
	}
	switch s.Heuristic {
	case HeurOctile, HeurEuclidean, HeurChebyshev:
		return fmt.Sprintf("4-connected moves: %s is admissible but looser than manhattan, the exact distance of an open grid here (H cycles the heuristic)", s.Heuristic)
	}
	return ""
}

// ToggleTransitions switches HPA*'s transition placement between the
// paper's rule (one transition in the middle of a short entrance, two at
// the ends of a long one) and dense (one on every open pair): a rebuild.
func (w *World) ToggleTransitions() {
	w.Settings.Dense = !w.Settings.Dense
	w.switched("transitions", TransitionsText(w.Settings.Dense))
}

// TransitionsText names a transition placement as the panel, the log and
// scenario files do: "sparse" or "dense".
func TransitionsText(dense bool) string {
	if dense {
		return "dense"
	}
	return "sparse"
}

// ToggleSmooth turns HPA*'s path smoothing on or off.
// The answer before it is kept as the ghost under HPA*, so the note and
// the panel say what smoothing saves and the grey path shows where (a
// teacher pressed Z and saw only the top bar's cost change).
func (w *World) ToggleSmooth() {
	if w.Uses("smooth") {
		w.keepGhost("smooth", "smoothing "+onOff(w.Settings.Smooth()))
	}
	w.Settings.NoSmooth = !w.Settings.NoSmooth
	w.switched("smooth", w.Settings.Smooth())
}

// ToggleShortcut lets HPA*'s short queries take the bounded A*, or sends
// every query through the hierarchy.
func (w *World) ToggleShortcut() {
	w.Settings.NoShortcut = !w.Settings.NoShortcut
	w.switched("shortcut", w.Settings.Shortcut())
}

// ClusterBigger and ClusterSmaller step the cluster size through 4..64.
func (w *World) ClusterBigger() { w.stepCluster(+1) }

// ClusterSmaller steps the cluster size down.
func (w *World) ClusterSmaller() { w.stepCluster(-1) }

func (w *World) stepCluster(d int) {
	// The next size in the list past the current one, which a scenario may
	// have set between two of them (5 goes down to 4 and up to 6).
	cur := w.Settings.Cluster()
	next := -1
	for k, c := range clusterSteps {
		if d > 0 && c > cur {
			next = k
			break
		}
		if d < 0 && c < cur {
			next = k
		}
	}
	if next < 0 {
		w.noteClusterLimit(cur, d > 0)
		return
	}
	w.SetCluster(clusterSteps[next])
}

// SetCluster sets the cluster size (clamped to 4..64). At a limit
// already, it says so and plans nothing.
func (w *World) SetCluster(n int) {
	c := max(MinClusterSize, min(n, MaxClusterSize))
	if c == w.Settings.Cluster() && c != n {
		w.noteClusterLimit(c, n > c)
		return
	}
	w.Settings.ClusterSize = c
	w.switched("cluster", w.Settings.Cluster())
}

// noteClusterLimit says that cluster size c is the end of its range (the
// top when most).
func (w *World) noteClusterLimit(c int, most bool) {
	w.Note("cluster size %d is the %s (%d to %d)", c, limitWord(most), MinClusterSize, MaxClusterSize)
}

// limitWord names the end of a range a switch ran into.
func limitWord(most bool) string {
	if most {
		return "most"
	}
	return "least"
}

// LevelsUp and LevelsDown step the number of abstract levels (1..4).
func (w *World) LevelsUp() { w.SetLevels(w.Settings.LevelCount() + 1) }

// LevelsDown removes an abstract level (down to 1).
func (w *World) LevelsDown() { w.SetLevels(w.Settings.LevelCount() - 1) }

// SetLevels sets the number of abstract levels (clamped to 1..4). At a
// limit already, it says so and plans nothing.
func (w *World) SetLevels(n int) {
	c := max(1, min(n, MaxAbstractLevels))
	if c == w.Settings.LevelCount() && c != n {
		verb := "levels are"
		if c == 1 {
			verb = "level is"
		}
		w.Note("%d %s the %s (1 to %d)", c, verb, limitWord(n > c), MaxAbstractLevels)
		return
	}
	if n := w.doneLayers(); c < n && c < w.Settings.LevelCount() && w.Settings.Algo == AlgoGroup {
		// The group hierarchy cannot be built over fewer levels than the
		// region layers (layersError): applied, the switch left the
		// query "not run (error)". Refused as cmd/bench refuses it; a
		// step up from such a state (reached under HPA*, or set by a
		// file) is the way out the build's error names, never refused.
		where := w.regionsWhere(c + 1)
		if where != "" {
			where = " (" + where + ")"
		}
		w.Note("%s refused: this scenario's regions are drawn for %d levels%s, and the group hierarchy needs a level for each; levels stay %d (HPA*, algorithm 4, reads no regions)",
			plural(c, "level", "levels"), n, where, w.Settings.LevelCount())
		return
	}
	w.Settings.Levels = c
	w.switched("levels", w.Settings.Levels)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// keepGhost remembers the current answer for comparison, made by switch
// sw ("algo", "heuristic", "cost", "exclusion", "target", "smooth"). A ghost another
// switch made is replaced, and the comparison's note says so (ghostWhy):
// the user set that comparison up, and loses it here.
func (w *World) keepGhost(sw, label string) {
	o := &w.Outcome
	old := w.Ghost
	if o.Status != pathing.Found {
		w.Ghost = nil
		return
	}
	g := &Ghost{Label: label, Switch: sw, Cost: o.Cost, Path: append([]image.Point(nil), o.Path...),
		readsHeuristic: w.Settings.Uses("heuristic")}
	w.ghostNew = true
	if old != nil && old.Switch != sw {
		w.ghostWhy = fmt.Sprintf("this ghost replaced the one of %s", old.Label)
	}
	// The highest level that planned: a query whose start and goal share a
	// top-level group plans below the top, leaving the top plan empty.
	for l := len(o.Plans) - 1; l >= 1; l-- {
		if len(o.Plans[l]) > 0 {
			g.Plan = append([]image.Point(nil), o.Plans[l]...)
			break
		}
	}
	w.Ghost = g
}

// keepSearchGhost is keepGhost for a switch of what searches the cells
// (the algorithm, the heuristic): the ghost also keeps the cells the
// answer's cell searches expanded, from its trace, whatever the timeline's
// cursor shows, and how many expansions it took.
func (w *World) keepSearchGhost(sw, label string) {
	w.keepGhost(sw, label)
	g := w.Ghost
	if g == nil {
		return
	}
	g.Expanded = w.Outcome.Expanded
	tr := w.Timeline.Trace()
	if tr == nil || tr.Truncated {
		// No trace, or one cut short at its limit: an outline of part of
		// the fill would draw where recording stopped as its edge.
		return
	}
	n := w.Grid.Len()
	g.Fill = make([]uint64, (n+63)/64)
	for _, e := range tr.Events {
		if e.Kind == pathing.EventPop && e.Level == 0 && e.Node >= 0 && int(e.Node) < n {
			g.Fill[e.Node>>6] |= 1 << (uint(e.Node) & 63)
		}
	}
}

// unusedNote says why switch name (set to val) changes nothing for the
// current algorithm, or the designer's regions, as the panel dims its row:
// "" when it is read.
func (w *World) unusedNote(name string, val any) string {
	unused := ""
	if w.Settings.Uses(name) && !w.Uses(name) {
		what := fmt.Sprintf("all %d levels", w.Settings.LevelCount())
		switch {
		case w.Settings.Algo != AlgoGroup:
			what = "level 1, which the cluster heuristic's table is made of"
		case w.Settings.LevelCount() == 1:
			what = "its one level"
		}
		unused = fmt.Sprintf("cluster size %v: this scenario's regions make %s, so no square cluster is sized (a cell outside every region, or a level without a region layer, would be)", val, what)
	} else if !w.Settings.Uses(name) {
		// The setting is kept for the algorithms that read it: say which,
		// and that this one does not (its dimmed row changed silently).
		if b, ok := val.(bool); ok {
			val = onOff(b)
		}
		if t, ok := val.(interface{ Title() string }); ok {
			val = t.Title() // as the panel's row says it ("average minimum", not "avgmin")
		}
		who := w.Settings.Algo.Title()
		if w.Settings.Algo == AlgoGroup {
			who = "the " + who
		}
		unused = fmt.Sprintf("%s %v: kept for %s; %s does not use it", switchTitle[name], val, switchUsers[name], who)
		if name == "levels" && w.Settings.UsesClusterHeuristic() {
			unused += " (the cluster heuristic reads level 1 alone)"
		}
	}
	return unused
}

// switched logs a switch, and replans with it when the current algorithm
// reads it. A switch it does not read (the panel's row is dimmed) is kept
// for the algorithms that do, and says so at once: the answer, its trace,
// the timeline's cursor and any ghost stay as they are, since a replan
// would only give the same answer again at the timeline's end.
func (w *World) switched(name string, val any) {
	w.Log.Add("switch", F{"name", name}, F{"value", val})
	if unused := w.unusedNote(name, val); unused != "" {
		w.noteAfterError(unused)
		return
	}
	// Whether this switch made the ghost, read now: the plan's callback
	// below may be dropped (a replan before it lands), and a flag left
	// for it would have a later switch compare with a ghost it did not make.
	made, why := w.ghostNew, w.ghostWhy
	w.ghostNew, w.ghostWhy = false, ""
	if w.hierKey != w.keyFor(w.Settings.Algo) {
		// The switch rebuilds the hierarchy (cluster size, levels,
		// neighbourhood) or drops it (a flat search, another hierarchy):
		// the last repair's clusters and nodes are those of a hierarchy
		// no longer shown, so there is no repair to show until the next
		// stroke.
		w.LastRepair = Repair{}
	}
	if !made && name != "algo" {
		// A ghost compares the answer before one switch with the answer
		// after it, and its label names that switch: any other switch the
		// search reads changes the answer too, and the ghost would credit
		// that change to its own switch ("40.000 with exclusion off (now
		// −20.000)" after Shift+] had added a level, user test). Dropped,
		// as for every search (the group hierarchy's kept it). Pressing
		// the current algorithm's key again changes nothing and keeps it.
		w.Ghost = nil
	}
	// A teacher stepping through the query keeps their place: the new
	// trace is shown, paused, where the cursor was in the old one (the
	// same phase, else the start of the same stage or of the same kind
	// of search: Timeline.find), not at its end; at its start, with a
	// note, when it has nothing like that place. A
	// switch made while an earlier switch's plan is still being worked on
	// (no trace shown meanwhile) keeps that switch's place.
	if at, ok := w.Timeline.here(); ok {
		at.algo = w.Outcome.Algo
		at = w.switchBack(at)
		w.replanAt(true, true, &at)
	} else if w.plan != nil && w.plan.place != nil {
		w.replanAt(true, true, w.plan.place)
	} else {
		w.Replan()
	}
	w.afterPlan(func() {
		seq := w.MessageSeq
		w.ghostNote(made, why)
		w.notePlaceLost(seq)
	})
}

// notePlaceLost shows placeLost, the note of a plan whose trace had
// nothing like the place it was to show (placeLostNote), with the note
// written since the message numbered seq (a switch's comparison, an
// answer's note), which would replace it.
func (w *World) notePlaceLost(seq int) {
	lost := w.placeLost
	if lost == "" {
		return
	}
	w.placeLost = ""
	w.placeShown = lost
	if w.MessageSeq != seq && !w.MessageErr {
		w.Note("%s", joinNotes(w.Message, lost))
	} else {
		w.noteAfterError(lost)
	}
}

// ghostNote notes how the answer after a switch compares with its ghost,
// when the switch made the ghost (made) and the new answer is found; why,
// when not "", says what became of the ghost before it (replaced, or kept
// over a heuristic switch) and comes before the hint to drop it.
func (w *World) ghostNote(made bool, why string) {
	if !made || w.Ghost == nil || w.Outcome.Status != pathing.Found {
		// Only the switch that made the ghost compares with it: a
		// later switch that changes nothing keeps its own note.
		return
	}
	d := w.Outcome.Cost - w.Ghost.Cost
	if math.Abs(d) < 5e-3 {
		d = 0 // no "-0.00" from rounding
	}
	// The difference in cost units and as a share of the ghost's cost: a
	// teacher read "(+0.83)" beside the panel's "(+0.53%)" as a percentage.
	diff := fmt.Sprintf("%+.2f", d)
	if w.Ghost.Cost > 0 {
		share := 100 * d / w.Ghost.Cost
		if math.Abs(share) < 5e-3 {
			share = 0 // no "-0.00%" either (a review: -0.01 on 1000)
		}
		diff += fmt.Sprintf(", %+.2f%%", share)
	}
	if w.Ghost.Fill != nil {
		if w.Outcome.Note != "" {
			// The planner's note on the new answer (a heuristic it
			// ignores, a table not built) matters more; the Numbers
			// panel compares the two answers. What became of the
			// comparison the user had is still said.
			if why != "" {
				w.Note("%s", joinNotes(w.Outcome.Note, why))
			}
			return
		}
		w.Note("%s: cost %.2f, was %.2f with %s (%s); %s expanded, was %s (dotted: where its search stopped); %s", w.Settings.Algo.Title(), w.Outcome.Cost, w.Ghost.Cost, w.Ghost.Label, diff,
			Count(w.Outcome.Expanded), Count(w.Ghost.Expanded), joinNotes(why, DropGhostHint))
		return
	}
	w.Note("%s: cost %.2f, was %.2f with %s (%s); %s", w.Settings.Algo.Title(), w.Outcome.Cost, w.Ghost.Cost, w.Ghost.Label, diff, joinNotes(why, DropGhostHint))
}

// DropGhostHint ends the note comparing an answer with its ghost: how to
// drop the ghost, which otherwise stayed until another query (a teacher's
// report: it cluttered every HPA* phase after 1 then 4).
const DropGhostHint = "Shift+O drops the ghost"

// DropGhost forgets the ghost, the answer before a switch kept to compare
// (its grey path and plan, its dotted frontier), and says so; with none, it
// says how one is made. The answer and its timeline are untouched. Logged
// as "overlay name=ghost on=off".
func (w *World) DropGhost() {
	if w.Ghost == nil {
		w.Note("no ghost to drop: a switch (1–5, H, M, X, Shift+M, Z) keeps the answer before it as one")
		return
	}
	label := w.Ghost.Label
	w.Ghost = nil
	w.ghostNew, w.ghostWhy = false, ""
	w.Note("the ghost of the answer with %s dropped: the next switch keeps a new one", label)
	w.Log.Add("overlay", F{"name", "ghost"}, F{"on", false})
}

// switchTitle and switchUsers word the note of a switch the current
// algorithm does not read (see Settings.Uses).
var (
	switchTitle = map[string]string{"heuristic": "heuristic", "cost": "connection cost", "exclusion": "exclusion", "target": "refine target",
		"cluster": "cluster size", "levels": "levels", "smooth": "smoothing", "shortcut": "shortcut", "transitions": "transitions", "cache": "path cache"}
	switchUsers = map[string]string{
		"heuristic":   "A*, greedy and the group hierarchy (algorithms 1, 3, 5)",
		"cost":        "the group hierarchy (algorithm 5)",
		"exclusion":   "the group hierarchy (algorithm 5)",
		"target":      "the group hierarchy (algorithm 5)",
		"cluster":     "HPA*, the group hierarchy (algorithms 4, 5) and the cluster heuristic",
		"levels":      "HPA* and the group hierarchy (algorithms 4, 5)",
		"smooth":      "HPA* (algorithm 4)",
		"shortcut":    "HPA* (algorithm 4)",
		"transitions": "HPA* (algorithm 4)",
		"cache":       "HPA* (algorithm 4)",
	}
)

// switchTrail remembers, while the teacher only switches (the cursor left
// where each switch's replan put it), the place the cursor stood in the
// trace of each switch setting passed through. A place carried from one
// plan to another is approximate (a phase the other plan lacks lands at
// its stage's first event), so carrying it on from there drifted: Shift+]
// then Shift+[ from event 617 of "abstract L2" came back at 291, the
// phase's first. Switching back to settings already seen returns to the
// place the cursor had under them, exactly.
type switchTrail struct {
	// gen and ver are the timeline as the last switch's replan left it
	// (Generation, Version): any other step, seek, query or edit since
	// makes the stops stale.
	gen, ver uint64
	stops    []switchStop
}

type switchStop struct {
	s  Settings // normalised (trailSettings)
	at place
}

// trailSettings is s with its defaults spelled out, so that the levels
// left at 0 (the default, 2) equal the 2 that Shift+] comes back to.
func trailSettings(s Settings) Settings {
	s.ClusterSize, s.Levels = s.Cluster(), s.LevelCount()
	return s
}

// switchBack records at, the cursor's place in the trace planned with
// w.traceSettings, and returns the place to show under w.Settings: the
// one recorded under them when the teacher has only switched since, else
// at. Cost: a scan of the few settings passed through.
func (w *World) switchBack(at place) place {
	tr := &w.trail
	tl := &w.Timeline
	if tr.gen != tl.Generation() || tr.ver != tl.Version() {
		tr.stops = tr.stops[:0]
	}
	was, now := trailSettings(w.traceSettings), trailSettings(w.Settings)
	known := false
	for _, st := range tr.stops {
		known = known || st.s == was
	}
	if !known {
		tr.stops = append(tr.stops, switchStop{s: was, at: at})
	}
	for _, st := range tr.stops {
		if st.s == now {
			return st.at
		}
	}
	return at
}

// switchLanded notes the timeline as a switch's replan left it (see
// switchTrail).
func (w *World) switchLanded() {
	w.trail.gen, w.trail.ver = w.Timeline.Generation(), w.Timeline.Version()
}
