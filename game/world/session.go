package world

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"pathlens/assets"
	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// Open loads a session: "builtin:NAME" opens an embedded world or gallery
// scenario; any other path is read as a scenario file or a Moving AI or
// ASCII map (chosen by content). The scenario's edit log is applied as the
// session's first, already-saved edit; its first query is planned. Errors
// name the file and line.
func Open(path string) (*World, error) {
	var sc *maps.Scenario
	var err error
	if name, ok := strings.CutPrefix(path, assets.Prefix); ok {
		b, found := assets.File(name)
		if !found {
			return nil, fmt.Errorf("no built-in scenario %q (have %s)", name, strings.Join(assets.Names(), ", "))
		}
		sc, err = maps.ParseScenario(bytes.NewReader(b), path, "")
	} else {
		sc, err = maps.LoadScenario(path)
	}
	if err != nil {
		return nil, err
	}
	return FromScenario(sc, path)
}

// FromScenario makes a session of sc, read from source.
func FromScenario(sc *maps.Scenario, source string) (*World, error) {
	if sc == nil || sc.Map == nil || sc.Map.Grid == nil {
		return nil, fmt.Errorf("%s: the scenario has no map", source)
	}
	if err := checkOpenMemory(sc.Map.Grid.Width(), sc.Map.Grid.Height()); err != nil {
		return nil, fmt.Errorf("%s: %v", source, err)
	}
	m := sc.Map.Clone()
	w := newWorld(m)
	w.Source = source
	if name, ok := strings.CutPrefix(source, assets.Prefix); ok {
		w.builtin = name
	}
	w.Name = sc.Name
	if w.Name == "" {
		w.Name = m.Name
	}
	w.About = sc.About
	w.scenario = sc
	for _, r := range sc.Regions {
		w.Regions = append(w.Regions, append([]byte(nil), r...))
	}
	w.RegionNames = sc.RegionNames
	w.straddle = straddleNotes(w.Regions, w.RegionNames)
	w.roomsCheck = len(w.Regions) >= 2
	// settingsFrom's one note, a cluster size shown clamped, is
	// LoadNotes', which also says what a save keeps.
	w.Settings, _ = settingsFrom(sc.Settings)
	w.Layers = sc.Settings.Layers
	w.agentClock, _ = sc.Settings.AgentClock.Speed()
	w.fileView = viewOf(sc.Settings)
	for _, q := range sc.Queries {
		w.Queries = append(w.Queries, [2]image.Point{q.Start, q.Goal})
	}
	if len(sc.ScenRows) > 0 {
		// The list's rows follow the file's own queries (the first of which
		// is the one the session showed when it was saved).
		w.ScenFile = sc.ScenFile
		w.scenAt, w.scenN = len(w.Queries), len(sc.ScenRows)
		for _, k := range sc.ScenSkip {
			w.scenSkip = append(w.scenSkip, k-1) // the parser sorted them
		}
		w.ScenOptimal = make([]float64, len(w.Queries), len(w.Queries)+len(sc.ScenRows))
		rowLen := make(map[[2]image.Point]float64, len(sc.ScenRows))
		for _, r := range sc.ScenRows {
			q := [2]image.Point{r.Start, r.Goal}
			w.Queries = append(w.Queries, q)
			w.ScenOptimal = append(w.ScenOptimal, r.Optimal)
			if _, ok := rowLen[q]; !ok {
				rowLen[q] = r.Optimal
			}
		}
		// An own query that is one of the rows keeps the row's length.
		for i, q := range w.Queries[:w.scenAt] {
			w.ScenOptimal[i] = rowLen[q]
		}
		// The row on screen when the session was saved is written first,
		// to open first: it is opened where it stands in the list rather
		// than listed twice (a reopened 1280-row session read "1 of 1281",
		// its query 2 the same as query 1).
		if k := savedRow(sc); k >= 0 {
			w.Queries = w.Queries[1:]
			w.ScenOptimal = w.ScenOptimal[1:]
			w.scenAt--
			w.FirstQuery = w.scenAt + k
		}
	}
	w.markQueriesSaved() // the file's own (Begin marks again, with the query it opens)
	// The scenario's edit log is the session's first edits, already saved:
	// one per stroke the file marks (one in all for a file without "stroke"
	// lines), so Ctrl+Z takes back one stroke at a time, as before saving.
	starts := sc.StrokeStarts
	e := Edit{Kind: EditLog}
	for i, se := range sc.Edits {
		if len(starts) > 0 && starts[0] == i {
			starts = starts[1:]
			if len(e.Cells) > 0 {
				w.pushEdit(e)
			}
			e = Edit{Kind: EditLog}
		}
		if !m.Grid.In(se.Cell) {
			continue
		}
		old := m.Grid.Weight(se.Cell)
		if se.Apply(m.Grid) {
			w.journal.add(int32(m.Grid.Index(se.Cell)))
			e.Cells = append(e.Cells, CellEdit{P: se.Cell, Old: old, New: m.Grid.Weight(se.Cell)})
		} else {
			// The map already has it: the file's map was exported over
			// with these edits (or redrawn so). No step to undo, and the
			// next save does not write the line: both said (staleNote).
			w.edits.stale++
		}
	}
	if len(e.Cells) > 0 {
		w.pushEdit(e)
	}
	if len(w.Queries) > 0 {
		w.fileQuery, w.hasFileQuery = w.openingQuery(), true
	}
	w.edits.saved = w.edits.pos
	if n := w.edits.stale; n > 0 {
		mapName := maps.BaseName(sc.MapPath)
		if mapName == "" {
			mapName = "its map"
		}
		verb, them := "change", "them"
		if n == 1 {
			verb, them = "changes", "it"
		}
		w.staleNote = fmt.Sprintf("%s of %s %s nothing on %s, which already holds %s (exported over, or redrawn): the terrain is as the file says, %s no step to undo, and a save writes the edits without %s",
			plural(n, "edited cell", "edited cells"), filepath.Base(source), verb, mapName, them, isAre(n), them)
	}
	w.besideNote = sessionBeside(w)
	if notes := w.LoadNotes(); len(notes) > 0 {
		w.Note("%s", LoadNotesMessage(notes))
	}
	return w, nil
}

// sessionBeside is the load note of a bare map with a saved session beside
// it (NAME.pls, where Ctrl+S would save, or the NAME-2.pls, NAME-3.pls...
// Ctrl+S saves when NAME.pls holds another session), "" otherwise: a
// designer reopened rooms.txt, saw none of the rooms saved in rooms.pls,
// and had no hint the session was there; and one whose rooms.tmx session
// went to rooms-2.pls (rooms.pls being rooms.txt's) was told of none.
func sessionBeside(w *World) string {
	if w.builtin != "" || w.ScenarioFile() != "" || w.Source == "" {
		return ""
	}
	p := w.SavePath()
	cands := []string{p}
	if w.SaveTo == "" {
		cands = append(cands, numberedSessions(p)...)
	}
	var found []string
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && !st.IsDir() && namesMap(c, w.Source) {
			found = append(found, filepath.Base(c))
		}
	}
	switch len(found) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s beside the map holds a session saved from it: open it to see the session (Ctrl+O in the window)", found[0])
	}
	last := len(found) - 1
	return fmt.Sprintf("%s and %s beside the map hold sessions saved from it: open one to see its session (Ctrl+O in the window)",
		strings.Join(found[:last], ", "), found[last])
}

// numberedSessions returns the files NAME-2.pls, NAME-3.pls... (numbers
// as unused makes them, 2 to 999) beside p = NAME.pls, by number.
func numberedSessions(p string) []string {
	stem, ext := strings.TrimSuffix(p, filepath.Ext(p)), filepath.Ext(p)
	matches, err := filepath.Glob(globQuote(stem) + "-*" + globQuote(ext))
	if err != nil {
		return nil
	}
	type numbered struct {
		n    int
		path string
	}
	var out []numbered
	for _, m := range matches {
		k, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(m, stem+"-"), ext))
		if err != nil || k < 2 || k > 999 || m != fmt.Sprintf("%s-%d%s", stem, k, ext) {
			continue
		}
		out = append(out, numbered{k, m})
	}
	slices.SortFunc(out, func(a, b numbered) int { return a.n - b.n })
	paths := make([]string, len(out))
	for i, o := range out {
		paths[i] = o.path
	}
	return paths
}

// globQuote escapes the characters filepath.Match reads as a pattern, so
// a map named "level[1].txt" is looked for by its name.
func globQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// namesMap reports whether the scenario file pls has a "map" line naming
// the map file mapPath (a NAME.pls beside a map may hold another map, or
// an inline one). It reads no further than that line, and at most 64 KB.
func namesMap(pls, mapPath string) bool {
	f, err := os.Open(pls)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 64<<10))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		word, rest, _ := strings.Cut(line, " ")
		if word != "map" {
			continue
		}
		rest = strings.TrimSpace(rest)
		if rest == "inline" || rest == "" {
			return false
		}
		// As the reader reads it: quoted when the save had to ("lvl
		// #2.txt"), up to a comment otherwise.
		if p, err := maps.PathArg([]byte(rest)); err == nil && p != "" {
			rest = p
		}
		if !filepath.IsAbs(rest) {
			rest = filepath.Join(filepath.Dir(pls), rest)
		}
		a, err1 := filepath.Abs(rest)
		b, err2 := filepath.Abs(mapPath)
		return err1 == nil && err2 == nil && a == b
	}
	return false
}

// LoadNotes returns what the file opened set that the session shows
// otherwise (region layers left out, rooms straddling a cut), one sentence each;
// Begin says them again after the first query, whose own note would hide
// them.
func (w *World) LoadNotes() []string {
	var notes []string
	if w.scenario != nil {
		notes = w.scenario.Notes
	}
	return w.withSessionNotes(notes)
}

// LoadNotesShown is the most load notes the window's message shows, a
// line each (LoadNotesMessage).
const LoadNotesShown = 4

// LoadNotesMessage is the message that shows the load notes: a line each
// (the window clips a line too long for the map), at most LoadNotesShown
// lines, the last of them counting the rest when there are more. Joined
// into one paragraph, ten notes on a .tmx's unread object layers covered
// most of the map for their seconds on screen. Every note is on the
// terminal and in the event log (load_note).
func LoadNotesMessage(notes []string) string {
	if len(notes) <= LoadNotesShown {
		return strings.Join(notes, "\n")
	}
	shown := notes[:LoadNotesShown-1]
	return strings.Join(shown, "\n") + fmt.Sprintf("\nand %d more notes on the file: the terminal lists them all", len(notes)-len(shown))
}

// LoadNoteLines are LoadNotes as a terminal says them, each after the
// session's source: "maps/split.tmx: room 'K' falls into 2 parts". The
// source names the session's file, so a map file opened alone gives its
// own notes unnamed here (maps.Scenario.MapNotes), where LoadNotes has
// them named by the file's base name as the window shows them; a
// scenario's map, another file, is still named ("a.pls: b.tmx: …"). A
// note the parser placed at a line of the file ("a.pls:5: set cluster
// …", named by the path it was opened by, the source) stands as it is.
func (w *World) LoadNoteLines() []string {
	var notes []string
	if sc := w.scenario; sc != nil {
		notes = sc.Notes
		if sc.MapFile != "" && sc.MapFile == w.Source {
			notes = sc.MapNotes
		}
	}
	notes = w.withSessionNotes(notes)
	for i, n := range notes {
		if !strings.HasPrefix(n, w.Source+":") {
			notes[i] = w.Source + ": " + n
		}
	}
	return notes
}

// withSessionNotes returns the scenario's notes followed by those the
// session made when it opened: edit lines gone stale, rooms straddling a
// cut. It never changes the scenario's list.
func (w *World) withSessionNotes(scenario []string) []string {
	notes := slices.Clone(scenario)
	if w.staleNote != "" {
		notes = append(notes, w.staleNote)
	}
	if w.viewNote != "" {
		notes = append(notes, w.viewNote)
	}
	if w.besideNote != "" {
		notes = append(notes, w.besideNote)
	}
	return append(notes, w.straddle...)
}

// FileCursor is the timeline event the session's file saved it at ("set
// cursor N"), "" for none: the window places the first query's cursor
// there when it opens the file (unless -cursor says otherwise). The step
// is the file's first query's (a save writes the query on screen first),
// so it is "" while another query is the session's: a .scen list given
// with -scen opens its first row before the file's queries, and -from/-to
// or -query open others, where event N was applied to a timeline it was
// never saved from.
func (w *World) FileCursor() string {
	if w.scenario == nil {
		return ""
	}
	if !w.HasStart || !w.HasGoal || !w.OpensFileQuery() {
		return ""
	}
	return w.scenario.Settings.Cursor
}

// View is the window's view as a session file keeps it ("set zoom", "set
// center", "set level", "set pin"; docs/formats.md).
type View struct {
	// Zoom is the pixels a cell about the cell Center, in the middle of
	// the map area; 0: the whole map fitted to the window, which fits any
	// window, so nothing is written.
	Zoom   float64
	Center image.Point
	// Fit: the whole map fitted (Zoom 0), said in the file ("set zoom
	// fit") when a step is saved with it, which would otherwise open
	// framed on the step.
	Fit bool
	// Level is the view level drawn (1 up); 0: none written.
	Level int
	// Pin is the cell pinned in the inspector, when Pinned.
	Pin    image.Point
	Pinned bool
}

// noCenter stands for a file's zoom given without a centre.
var noCenter = image.Pt(-1, -1)

// viewOf reads the view a file's settings hold (checked by the reader).
func viewOf(ss maps.Settings) View {
	var v View
	if z, ok := ss.ViewZoom(); ok {
		c, ok := ss.ViewCenter()
		if !ok {
			c = noCenter // the map's centre (FileView)
		}
		v.Zoom, v.Center = z, c
	}
	v.Fit = v.Zoom == 0 && ss.ViewFit()
	v.Level, _ = ss.ViewLevelSet()
	v.Pin, v.Pinned = ss.ViewPin()
	return v
}

// FileView returns the view the session's file saved (a zero View for
// none): a zoom about its centre (the map's when the file gives a zoom
// alone), the view level (left out, with a load note, when it is above
// the hierarchy Begin builds) and the pinned cell. The window shows it
// when it opens the file, where its flags do not say otherwise.
func (w *World) FileView() View {
	v := w.fileView
	if v.Zoom > 0 && v.Center == noCenter {
		v.Center = image.Pt(w.Grid.Width()/2, w.Grid.Height()/2)
	}
	return v
}

// openingQuery is the query Begin opens, Queries[FirstQuery] (clamped to
// the list); there must be one.
func (w *World) openingQuery() [2]image.Point {
	return w.Queries[min(max(w.FirstQuery, 0), len(w.Queries)-1)]
}

// OpensFileQuery reports whether the query the session opens (Begin) is
// the one its file opened on, or neither has one: the file's saved place
// in the timeline, and its zoom and centre, are for that query, and a
// -query, -from or -to that asks for another leaves them out.
func (w *World) OpensFileQuery() bool {
	if len(w.Queries) == 0 {
		return !w.hasFileQuery
	}
	return w.hasFileQuery && w.openingQuery() == w.fileQuery
}

// checkFileView leaves out a file's view level above the levels the
// session's hierarchy has (its own "set levels", or a flag's), with a
// load note naming the line: a level a save cannot write (the window
// draws no more than the hierarchy), so the file was typed so, or set
// more levels then.
func (w *World) checkFileView() {
	l := w.fileView.Level
	if n := w.Settings.LevelCount(); l > n {
		line := 0
		if w.scenario != nil {
			line = w.scenario.SetLines["level"]
		}
		w.viewNote = fmt.Sprintf("%s:%d: set level %d left out: the hierarchy has %s (set levels or -levels sets how many); the level shown is chosen as without it",
			w.Source, line, l, plural(n, "level", "levels"))
		w.fileView.Level = 0
	}
}

// OwnSettings reports whether the session's file set any switch (a
// scenario's "set" lines); a bare map sets none and opens with the
// defaults, which a caller may replace before Begin.
func (w *World) OwnSettings() bool {
	return w.scenario != nil && w.scenario.Settings.Search() != (maps.Settings{})
}

// Begin logs the load and plans the first query. Call it once the event
// log is attached.
func (w *World) Begin() {
	g := w.Grid
	w.checkFileView() // against the levels the flags left
	w.Log.Add("load", F{"source", w.Source}, F{"name", w.Name}, F{"w", g.Width()}, F{"h", g.Height()},
		F{"open", g.OpenCount()}, F{"edits", w.EditCount()}, F{"queries", len(w.Queries)}, F{"algo", w.Settings.Algo})
	if len(w.Queries) > 0 {
		q := w.openingQuery()
		if !w.SetEndpoints(q[0], q[1]) {
			w.Replan() // the query was refused (and said why): the layers still show the hierarchy
		}
	} else {
		w.Replan() // no query: builds the hierarchy the layers show
	}
	// The queries opened with (the file's, a -from/-to or -query) are
	// not work of this session: only those placed from here on are.
	w.markQueriesSaved()
	if sc := w.scenario; sc != nil && len(sc.Agents) > 0 {
		w.loadAgents(sc.Agents)
		w.agents.sim.Pause()
		w.agents.saved = w.agents.version // the file's own agents
		w.agents.savedSome = true
		w.Note("%s", loadedAgentsNote(w.agents.sim))
	}
	if notes := w.LoadNotes(); len(notes) > 0 {
		// The first query's note would hide what the file set otherwise;
		// an error (the first query refused) stays up, the notes after it.
		w.noteAfterError(LoadNotesMessage(notes))
		for _, n := range notes {
			// A note shows for seconds; what the file opened without
			// (queries and agents its map file now walls) is kept here.
			w.Log.Add("load_note", F{"msg", n})
		}
	}
}

// loadedAgentsNote says what the agents a file opened with will do: U
// runs those with a goal still to reach ("9 agents loaded: U runs them";
// "…: U runs the 5 with a goal to reach (4 arrived)"); when none has one
// (all arrived or idle) U would run a clock with nothing to walk, so the
// note names the tool that sends them instead.
func loadedAgentsNote(s *agents.Sim) string {
	var total, arrived, idle int
	for _, v := range s.Agents(nil) {
		switch {
		case v.Kind == agents.Leader:
			continue
		case v.State == agents.Arrived:
			arrived++
		case !v.HasGoal:
			idle++
		}
		total++
	}
	loaded := plural(total, "agent", "agents") + " loaded"
	them := "them"
	if total == 1 {
		them = "it"
	}
	var rest []string
	if arrived > 0 {
		rest = append(rest, Count(arrived)+" arrived")
	}
	if idle > 0 {
		rest = append(rest, Count(idle)+" idle")
	}
	switch under := total - arrived - idle; {
	case under == total:
		return loaded + ": U runs " + them
	case under > 0:
		return fmt.Sprintf("%s: U runs the %s with a goal to reach (%s)", loaded, Count(under), strings.Join(rest, ", "))
	case arrived == total:
		return loaded + ", all arrived: the agent tool (T) sends " + them + " on"
	case idle == total:
		return loaded + ", idle: the agent tool (T) sends " + them
	default:
		return fmt.Sprintf("%s (%s): the agent tool (T) sends %s", loaded, strings.Join(rest, ", "), them)
	}
}

// settingsFrom converts a scenario's settings, returning notes about
// values the app does not offer.
func settingsFrom(ss maps.Settings) (Settings, []string) {
	var s Settings
	var notes []string
	switch ss.Abstraction {
	case maps.AbstractionHPA:
		s.Algo = AlgoHPA
	case maps.AbstractionGroups:
		s.Algo = AlgoGroup
	}
	if ss.Algo != "" {
		if a, err := ParseAlgo(string(ss.Algo)); err == nil {
			s.Algo = a
		}
	}
	if ss.Cluster > 0 {
		// The reader and the flags keep to the range already
		// (maps.SizeRange); a Settings made in code may not.
		s.ClusterSize = max(MinClusterSize, min(ss.Cluster, MaxClusterSize))
		if s.ClusterSize != ss.Cluster {
			notes = append(notes, fmt.Sprintf("cluster %d shown as %d (the app offers %d..%d)", ss.Cluster, s.ClusterSize, MinClusterSize, MaxClusterSize))
		}
	}
	if ss.Levels > 0 {
		s.Levels = min(ss.Levels, MaxAbstractLevels)
	}
	if ss.Cost != "" {
		if c, err := ParseCost(string(ss.Cost)); err == nil {
			s.Cost = c
		}
	}
	if on, set := ss.Exclusion.Set(); set {
		s.Exclusion = on
	}
	if nb, set := ss.PathingNeighborhood(); set {
		s.Neighborhood = nb
	}
	if ss.Heuristic != "" {
		if h, err := ParseHeur(string(ss.Heuristic)); err == nil {
			s.Heuristic = h
		}
	}
	if on, set := ss.Smooth.Set(); set {
		s.NoSmooth = !on
	}
	if on, set := ss.Shortcut.Set(); set {
		s.NoShortcut = !on
	}
	if ss.Target == maps.TargetNearest {
		s.Target = groups.Nearest
	}
	if ss.Transitions != "" {
		s.Dense = ss.Transitions == maps.TransitionsDense
	}
	if on, set := ss.Cache.Set(); set {
		s.CachePaths = on
	}
	if ss.AgentRefine != "" {
		// The reader accepts only the names agents.ParseHPAMode knows.
		if m, err := agents.ParseHPAMode(string(ss.AgentRefine)); err == nil {
			s.AgentRefine = m
		}
	}
	return s, notes
}

// OverrideSettings lays over's set switches (the command line's -cluster,
// -cost...) over the session's, which came from the scenario or the
// defaults; the others keep their values. Call it before Begin. A value
// Merge refuses (one outside maps.SizeRange, which the command line
// already refuses) is noted, the switch keeping its value. It returns, for each switch set
// that the algorithm (or the scenario's regions) does not read, why it
// changes nothing (as a switch pressed in the window says it).
func (w *World) OverrideSettings(over maps.Settings) []string {
	if over == (maps.Settings{}) {
		return nil
	}
	ss := scenarioSettings(w.Settings)
	if err := ss.Merge(over); err != nil {
		w.Note("setting left as it was: %v", err)
	}
	s, notes := settingsFrom(ss)
	w.Settings = s
	for _, n := range notes {
		w.Note("%s", n)
	}
	var unused []string
	for _, c := range []struct {
		set  bool
		name string
		val  any
	}{
		{over.Cluster != 0, "cluster", s.Cluster()},
		{over.Levels != 0, "levels", s.LevelCount()},
		{over.Cost != "", "cost", s.Cost},
		{over.Exclusion != maps.ToggleDefault, "exclusion", s.Exclusion},
		{over.Target != "", "target", s.Target},
		{over.Heuristic != "", "heuristic", s.Heuristic},
		{over.Smooth != maps.ToggleDefault, "smooth", s.Smooth()},
		{over.Shortcut != maps.ToggleDefault, "shortcut", s.Shortcut()},
		{over.Transitions != "", "transitions", TransitionsText(s.Dense)},
		{over.Cache != maps.ToggleDefault, "cache", s.CachePaths},
	} {
		if !c.set {
			continue
		}
		if n := w.unusedNote(c.name, c.val); n != "" {
			unused = append(unused, n)
		}
	}
	return unused
}

// scenarioSettings converts the session's switches for saving.
func scenarioSettings(s Settings) maps.Settings {
	ss := maps.Settings{
		Algo:      maps.Algo(s.Algo.String()),
		Cluster:   s.Cluster(),
		Levels:    s.LevelCount(),
		Cost:      maps.Cost(s.Cost.String()),
		Heuristic: maps.HeuristicName(s.Heuristic.String()),
	}
	if s.Algo == AlgoGroup {
		ss.Abstraction = maps.AbstractionGroups
	} else if s.Algo == AlgoHPA {
		ss.Abstraction = maps.AbstractionHPA
	}
	ss.Exclusion = toggle(s.Exclusion)
	ss.Target = maps.TargetRepresentative
	if s.Target == groups.Nearest {
		ss.Target = maps.TargetNearest
	}
	ss.Smooth = toggle(s.Smooth())
	ss.Shortcut = toggle(s.Shortcut())
	ss.AgentRefine = maps.AgentRefine(s.AgentRefine.String())
	ss.Transitions = maps.Transitions(TransitionsText(s.Dense))
	// Written either way, as every switch is: bench's default is on, so a
	// file saved without the line ran cached there (a review).
	ss.Cache = toggle(s.CachePaths)
	ss.Neighborhood = 8
	if s.Neighborhood == pathing.Four {
		ss.Neighborhood = 4
	}
	return ss
}

func toggle(b bool) maps.Toggle {
	if b {
		return maps.On
	}
	return maps.Off
}

// Scenario returns the session as a scenario: the map as loaded, the
// switches, the current query first (then the session's other queries,
// except the rows of its .scen list, which Scen stands for: the list's
// path as the program opens it, which a save writes relative to the new
// file), and the edit log (the loaded one followed by this session's
// applied edits).
// Queries and agents with an endpoint that the edits have blocked are left
// out, since a scenario file may not hold them (the reader refuses it),
// except agents whose goal only is blocked: they are written idle where
// they stand.
func (w *World) Scenario() *maps.Scenario {
	sc, _ := w.toScenario()
	return sc
}

// loadAgents puts a scenario's agents on the map, in the file's order
// (not steps of the undo history): an idle one idle, an arrived one at its
// goal with no plan, one under way waiting to plan from its cell, and the
// agents of one group sent together in formation (it forms anew about
// their centre, as a group sent from where they stand does; a group of one
// is a single agent with the goal). A goal refused now is said, naming
// the agent's cell.
func (w *World) loadAgents(specs []maps.AgentSpec) {
	s := w.agentSim()
	var order []int // groups by first member
	members := map[int][]int{}
	goals := map[int]maps.AgentSpec{} // each group's first agent: its goal, and whether it had arrived
	for _, a := range specs {
		id, err := w.spawnAgent(a.Start, false) // the file's: not an undo step
		if err != nil {
			continue
		}
		switch {
		case a.Idle:
		case a.Group != 0:
			if _, ok := members[a.Group]; !ok {
				order = append(order, a.Group)
				goals[a.Group] = a
			}
			members[a.Group] = append(members[a.Group], id)
		case a.Arrived():
			// At its goal, as it was saved: no plan, no arrival counted
			// again (as remakeAgents brings an arrived agent back).
			s.Remove([]int{id})
			if err := s.Revive(id, a.Goal, true); err != nil {
				w.Fail("agent at (%d,%d): %v", a.Start.X, a.Start.Y, err)
			}
		default:
			if err := s.SetGoal([]int{id}, a.Goal); err != nil {
				w.Fail("agent at (%d,%d): %v", a.Start.X, a.Start.Y, err)
			}
		}
	}
	for _, g := range order {
		send := s.SetGroupGoal
		if goals[g].InPlace {
			send = s.SetGroupArrived // it stands where it arrived
		}
		if err := send(members[g], goals[g].Goal); err != nil {
			w.Fail("group %d of agents (the first at (%d,%d)): %v", g, goals[g].Start.X, goals[g].Start.Y, err)
		}
	}
	s.ClearSelection()
}

// agentSpecs returns the agents to save: those on the map now, in id
// order, each on the cell it stands on: idle (no goal), at its goal
// (arrived), or with its goal; a group's members with their group's goal
// and a number for the group (1, 2, ... in the order of their first
// member), not its virtual leader, and InPlace when the whole group has
// arrived (its leader and every member). Before the simulation exists
// (the session not begun) they are the file's own.
func (w *World) agentSpecs() []maps.AgentSpec {
	s := w.agents.sim
	if s == nil {
		return w.scenario.Agents
	}
	var out []maps.AgentSpec
	number := map[int]int{} // the simulation's group ids to the file's numbers
	for _, v := range s.Agents(nil) {
		if v.Kind == agents.Leader {
			continue
		}
		a := maps.AgentSpec{Start: v.Cell, Goal: v.Goal, Idle: !v.HasGoal}
		if v.Kind == agents.Member {
			// The group's goal is its leader's (snapshotAgents reads it so).
			gi, ok := groupInfo(s, v.Group)
			l, lok := s.Agent(gi.Leader)
			switch {
			case !ok || !lok || !l.HasGoal:
			case len(gi.Members) == 1:
				// The last of a group (the others removed): a file's group
				// of one opens as a single agent, so it is written as one
				// (it was written "group 1", opened single and saved again
				// without it: a file that changed by being opened).
				a.Goal, a.Idle = l.Goal, false
			default:
				if number[v.Group] == 0 {
					number[v.Group] = len(number) + 1
				}
				a.Goal, a.Idle, a.Group = l.Goal, false, number[v.Group]
				a.InPlace = l.State == agents.Arrived && groupArrived(s, gi)
			}
		}
		if a.Idle {
			a.Goal = image.Point{}
		}
		out = append(out, a)
	}
	return out
}

// groupArrived reports whether every member of group gi has arrived.
func groupArrived(s *agents.Sim, gi agents.GroupInfo) bool {
	for _, m := range gi.Members {
		if v, ok := s.Agent(m); !ok || v.State != agents.Arrived {
			return false
		}
	}
	return true
}

// leftOut counts the queries and agents a save left out for a blocked
// endpoint, and the agents it saved idle because their goal is blocked
// (the file cannot name a goal its own fills wall: the reader refuses it).
type leftOut struct{ queries, agents, idled int }

// any reports whether the save wrote less than the session holds.
func (d leftOut) any() bool { return d.queries+d.agents+d.idled > 0 }

// lacks says what the file lacks, for the unsaved-work text ("" when
// nothing).
func (d leftOut) lacks() string {
	var out, on []string
	if d.idled > 0 {
		out = append(out, "the walled goal of "+plural(d.idled, "agent", "agents"))
	}
	if d.queries > 0 {
		on = append(on, plural(d.queries, "query", "queries"))
	}
	if d.agents > 0 {
		on = append(on, plural(d.agents, "agent", "agents"))
	}
	if len(on) > 0 {
		out = append(out, strings.Join(on, " and ")+" on blocked cells")
	}
	if len(out) == 0 {
		return ""
	}
	// The quit question reads "… (not in the file) in NAME".
	return strings.Join(out, " and ") + " (not in the file)"
}

// toScenario is Scenario, also returning how many queries and agents were
// left out for a blocked endpoint.
func (w *World) toScenario() (*maps.Scenario, leftOut) {
	sc := &maps.Scenario{Name: w.Name, About: w.About, Settings: scenarioSettings(w.Settings)}
	sc.Settings.AgentClock = maps.AgentClockOf(w.AgentClock())
	sc.Settings.Layers = w.Layers
	if tl := &w.Timeline; tl.Len() > 0 && !tl.AtEnd() && w.HasStart && w.HasGoal && w.Grid.Open(w.Start) && w.Grid.Open(w.Goal) {
		// The step on screen, for the query written first (the one on
		// screen): a bad case saved at its bad step reopens there.
		sc.Settings.Cursor = strconv.Itoa(tl.Cursor())
	}
	w.writeView(&sc.Settings)
	sc.Map = w.scenario.Map
	sc.MapPath = w.scenario.MapPath
	var dropped leftOut
	count := &dropped.queries
	open := func(a, b image.Point) bool {
		if w.Grid.Open(a) && w.Grid.Open(b) {
			return true
		}
		*count++
		return false
	}
	count = &dropped.agents
	for _, a := range w.agentSpecs() {
		if !open(a.Start, a.Start) {
			// On a wall: the file cannot place it there (the reader
			// refuses it) and any other cell is one the user never chose.
			continue
		}
		if !a.Idle && !w.Grid.Open(a.Goal) {
			// Its goal is walled ("stopped: goal is a wall"): kept, idle
			// where it stands, as the reader opens an agent whose map
			// walled its goal; the note says so and the session stays
			// unsaved, as the file lacks the goal.
			a = maps.AgentSpec{Start: a.Start, Idle: true}
			dropped.idled++
		}
		sc.Agents = append(sc.Agents, a)
	}
	count = &dropped.queries
	if sc.Name == "" || strings.ContainsAny(sc.Name, "\r\n") {
		sc.Name = "session"
	}
	sc.Name = strings.TrimSpace(sc.Name)
	if name := w.builtin; name != "" && !w.Grid.Equal(w.scenario.Map.Grid) {
		// A built-in's text describes the case as shipped: a copy whose
		// terrain was edited says so, or it would explain walls that are
		// gone under the built-in's own name.
		if sc.Name == name {
			sc.Name = name + " (edited)"
		}
		note := fmt.Sprintf("Saved from the built-in %s after its terrain was edited", name)
		if strings.TrimSpace(sc.About) == "" {
			sc.About = note + "."
		} else {
			sc.About = note + "; the text below describes the original.\n" + strings.TrimSpace(sc.About)
		}
	}
	sc.Regions = w.Regions
	// The map's own rooms (Tiled) are read from it again when the file is
	// opened (maps.Scenario.MapLevels); the session does not edit them
	// (RoomLevelError): the rooms painted are on the levels above.
	sc.RegionNames, sc.MapLevels = w.RegionNames, w.scenario.MapLevels
	// The "scen" line stands for the list's rows, and for an own query
	// that is one of them (a row written first because it was on screen):
	// saved again, it must not pile up copies.
	rows := make(map[[2]image.Point]bool, w.scenN)
	for _, q := range w.Queries[w.scenAt : w.scenAt+w.scenN] {
		rows[q] = true
	}
	switch cur := [2]image.Point{w.Start, w.Goal}; {
	case !w.HasStart || !w.HasGoal:
	case rows[cur] && !(w.Grid.Open(w.Start) && w.Grid.Open(w.Goal)):
		// A row of the list on screen, walled by the edits: the scen
		// line keeps it (F3 refuses it, naming the cell), so nothing is
		// left out; only the file does not open on it. Counted left out,
		// the session stayed unsaved whatever was saved (a designer's
		// session on 8room_000).
	case open(w.Start, w.Goal):
		sc.Queries = append(sc.Queries, maps.Query{Start: w.Start, Goal: w.Goal})
	}
	for _, q := range w.Queries {
		if rows[q] || (w.HasStart && w.HasGoal && q == [2]image.Point{w.Start, w.Goal}) {
			// The current query is written (or counted as left out)
			// above: a blocked one was counted twice (a review).
			continue
		}
		mq := maps.Query{Start: q[0], Goal: q[1]}
		if (len(sc.Queries) == 0 || sc.Queries[0] != mq) && open(mq.Start, mq.Goal) {
			sc.Queries = append(sc.Queries, mq)
		}
	}
	if w.scenN > 0 {
		sc.Scen = w.ScenFile
		sc.ScenSkip = nil
		for _, k := range w.scenSkip {
			sc.ScenSkip = append(sc.ScenSkip, k+1)
		}
	}
	for _, e := range w.Edits() {
		if n := len(sc.Edits); n > 0 && len(e.Cells) > 0 {
			sc.StrokeStarts = append(sc.StrokeStarts, n)
		}
		for _, c := range e.Cells {
			sc.Edits = append(sc.Edits, cellToEdit(c))
		}
	}
	return sc, dropped
}

// writeView puts the window's view (View) into a save's settings: a zoom
// and its centre (the centre kept on the map: panned to the map's edge,
// the middle of the view may lie beyond it), the view level, and a pinned
// cell that is open (a wall's pin is not written: the reader leaves a pin
// on a wall out, as the map may have been redrawn under it).
func (w *World) writeView(ss *maps.Settings) {
	v := w.View
	g := w.Grid
	if v.Zoom > 0 {
		c := image.Pt(min(max(v.Center.X, 0), g.Width()-1), min(max(v.Center.Y, 0), g.Height()-1))
		ss.Zoom, ss.Center = maps.FormatZoom(v.Zoom), fmt.Sprintf("%d,%d", c.X, c.Y)
	} else if v.Fit && ss.Cursor != "" {
		// Fitted at a step: said, or the file opens framed on the step
		// (a lecturer's prepared step reopened zoomed into one node).
		ss.Zoom = maps.ZoomFit
	}
	if v.Level > 0 {
		ss.ViewLevel = strconv.Itoa(min(v.Level, maps.MaxLevels))
	}
	if v.Pinned && g.Open(v.Pin) {
		ss.Pin = fmt.Sprintf("%d,%d", v.Pin.X, v.Pin.Y)
	}
}

func cellToEdit(c CellEdit) maps.Edit {
	switch {
	case c.New == 0:
		return maps.Edit{Kind: maps.Fill, Cell: c.P, Weight: 0}
	case c.New == 1 && c.Old == 0:
		return maps.Edit{Kind: maps.Dig, Cell: c.P, Weight: 1}
	}
	return maps.Edit{Kind: maps.Weight, Cell: c.P, Weight: min(c.New, 9)}
}

// SavePath returns where Save writes by default: SaveTo when set (the
// app's -save), else the scenario file the session came from, else NAME.pls
// next to the map file, else NAME.pls in the working folder for built-ins.
func (w *World) SavePath() string {
	if w.SaveTo != "" {
		return w.SaveTo
	}
	src := w.Source
	switch {
	case src == "" || strings.HasPrefix(src, assets.Prefix):
		name := strings.TrimPrefix(src, assets.Prefix)
		if name == "" {
			name = "session"
		}
		return name + ".pls"
	case w.ScenarioFile() != "":
		// Opened from (or saved as) a scenario, whatever its name: a map
		// file that happens to end in .pls is not one, and Ctrl+S wrote a
		// scenario over it.
		return src
	}
	return strings.TrimSuffix(src, filepath.Ext(src)) + ".pls"
}

// Save writes the session as a scenario to path (atomically: a temporary
// file renamed over the target). A map that came from a file is referenced
// by a path relative to the scenario, not copied. Queries and agents whose
// cells the edits blocked are left out, and agents whose goal they blocked
// are written idle where they stand (with a note), so the file always opens
// again. On success the session is no longer dirty, unless the save left
// something out (saveLacks).
//
// A stroke in progress is ended first (EndStroke: one undoable edit, its
// cells repaired), so the file holds every cell the grid shows; the drag
// paints again only from the next press. A background build or a sliced
// search goes on: the file is written from the session's own grid, edit
// list and switches, which they do not touch.
func (w *World) Save(path string) error {
	err := w.save(path, "")
	if err != nil {
		w.Fail("%v", saveError(path, err))
	}
	return err
}

// saveError is err as the message of a failed save to path: the file
// format's errors name the file already ("x.pls: cannot save: ..."), and
// "save x.pls: x.pls: ..." said it twice; the others get "save PATH: ".
func saveError(path string, err error) error {
	var me *maps.Error
	if errors.As(err, &me) && me.File == path {
		return err
	}
	return fmt.Errorf("save %s: %w", path, err)
}

// SaveDefault saves to SavePath. When that is next to a map in a folder
// the user may not write (permission denied, a read-only file system: a
// shared or installed map collection) or that is marked read-only (no
// write bits, which root could write anyway), it saves NAME.pls in the
// working folder instead and says why, rather than leaving the edits
// unsaved; not when the working folder is that folder or marked read-only
// itself (the error says to save as, Ctrl+Shift+S). A session opened from a .pls, and
// every other error, are not redirected: the error is shown and nothing is
// lost.
func (w *World) SaveDefault() (err error) {
	path := w.SavePath()
	defer func() {
		// Kept for the quit question, which offers this save again
		// (SaveRefused); any save that writes clears it (save).
		if err != nil {
			w.saveRefused = savedRefusal{path: path, why: refusalReason(err)}
		}
	}()
	nextToMap := w.nextToMap()
	why := ""
	if fresh := w.unused(path); fresh != path {
		why = filepath.Base(path) + " exists: not overwritten"
		path = fresh
	}
	if dir := filepath.Dir(path); nextToMap && markedReadOnly(dir) {
		// A folder with no write bits is meant to be left alone, even by
		// a user the system would let write there (root wrote .pls files
		// into a read-only map collection).
		err = &fs.PathError{Op: "save", Path: dir, Err: fs.ErrPermission}
	} else if err = w.save(path, why); err == nil {
		return nil
	}
	if nextToMap && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
		if !workingFolderTakes(filepath.Dir(path)) {
			w.Fail("save %s: %s is not writable, and the working folder is that folder or read-only too: %s", path, filepath.Dir(path), saveElsewhere)
			return err
		}
		// Never over another session of the same name: that would lose it.
		name := filepath.Base(w.SavePath())
		alt := w.unused(name)
		note := fmt.Sprintf("%s is not writable", filepath.Dir(path))
		if alt != name {
			note += "; " + name + " here exists: not overwritten"
		}
		if w.save(alt, note) == nil {
			return nil
		}
	}
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		w.Fail("%v: %s", saveError(path, err), saveElsewhere)
		return err
	}
	w.Fail("%v", saveError(path, err))
	return err
}

// saveElsewhere is what a refused Ctrl+S (or the quit question's S) tells
// the user to do: the window's save as, which keeps the session. It said
// "start pathlens with -save FILE", which a user with unsaved edits could
// follow only by quitting without them.
const saveElsewhere = "Ctrl+Shift+S saves the session under another name, in a folder you can write"

// savedRefusal is the last refused SaveDefault: the file it tried and why
// in a few words ("permission denied"), until a save writes.
type savedRefusal struct{ path, why string }

// SaveRefused returns why the last SaveDefault to path was refused, in a
// few words, when it was and no save has written since; "" otherwise. The
// quit question offered "S: save to" a folder that had just refused the
// same save, and S failed again.
func (w *World) SaveRefused(path string) string {
	a, err1 := filepath.Abs(path)
	b, err2 := filepath.Abs(w.saveRefused.path)
	if w.saveRefused.path == "" || err1 != nil || err2 != nil || a != b {
		return ""
	}
	return w.saveRefused.why
}

// refusalReason is err in a few words: the system's reason for a file
// error (permission denied, read-only file system), else the whole error.
func refusalReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// nextToMap reports whether SavePath is NAME.pls beside the map the
// session came from (not a -save target, a .pls or a built-in).
func (w *World) nextToMap() bool {
	return w.SaveTo == "" && w.Source != "" && w.ScenarioFile() == "" && !strings.HasPrefix(w.Source, assets.Prefix)
}

// SaveGoesTo is where SaveDefault will try to write first: SavePath, or,
// when that is beside a map in a folder marked read-only, NAME.pls in the
// working folder. The unsaved-edits question names it.
func (w *World) SaveGoesTo() string {
	path := w.SavePath()
	if dir := filepath.Dir(path); w.nextToMap() && markedReadOnly(dir) && workingFolderTakes(dir) {
		return w.unused(filepath.Base(path))
	}
	return w.unused(path)
}

// unused returns path, or, when path is a name the session made up (NAME.pls
// for a built-in or beside its map: not -save, not the .pls it was opened
// from or saved to) and a file of that name exists, the first of
// NAME-2.pls, NAME-3.pls... that does not: Ctrl+S on a built-in overwrote
// the case an earlier session had saved under its name.
func (w *World) unused(path string) string {
	if w.SaveTo != "" || w.ScenarioFile() != "" {
		return path
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return path
	}
	// Free, or not to be known (a name too long, a folder that may not
	// be searched): the save then fails on it with that error, shown, and
	// writes over nothing.
	if p := numberedFree(path, 2, 999, func(err error) bool { return err != nil }); p != "" {
		return p
	}
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, filepath.Ext(path)), time.Now().UnixNano(), filepath.Ext(path))
}

// workingFolderTakes reports whether SaveDefault may fall back to the
// working folder from folder dir: it is another folder, not marked
// read-only (started inside a read-only collection, the fallback wrote into
// it).
func workingFolderTakes(dir string) bool {
	wd, err1 := os.Getwd()
	ad, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	if st1, e1 := os.Stat(wd); e1 == nil {
		if st2, e2 := os.Stat(ad); e2 == nil && os.SameFile(st1, st2) {
			return false
		}
	}
	return !markedReadOnly(wd)
}

// markedReadOnly reports whether folder dir exists and has no write
// permission bit for anyone (chmod a-w): SaveDefault does not write there.
func markedReadOnly(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir() && st.Mode().Perm()&0o222 == 0
}

// pathFrom returns target (a path the program can open) as a scenario
// saved at file refers to it: relative to file's folder, with '/', or
// absolute when it cannot be made relative, or when the relative path
// would climb to the filesystem root or one of its children (/tmp,
// /home, /work): the two share no folder of their own, and the
// relative path broke as soon as the .pls was copied one folder deeper
// (../../../work/shared/maps/...). Within a shared tree (a project's
// levels and maps) it stays relative, so the tree can move.
func pathFrom(file, target string) string {
	a, err1 := filepath.Abs(target)
	d, err2 := filepath.Abs(filepath.Dir(file))
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(target)
	}
	if rel, err := filepath.Rel(d, a); err == nil && !climbsToTop(d, rel) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(a)
}

// climbsToTop reports whether rel, a path relative to the absolute
// folder dir, climbs ("..") to the filesystem root or one of its
// children: the folder dir and the target share is one of those.
func climbsToTop(dir, rel string) bool {
	up := 0
	for _, e := range strings.Split(filepath.ToSlash(rel), "/") {
		if e != ".." {
			break
		}
		up++
	}
	if up == 0 {
		return false
	}
	depth := 0 // the folders below the root down to dir
	for _, e := range strings.Split(filepath.ToSlash(strings.TrimPrefix(dir, filepath.VolumeName(dir))), "/") {
		if e != "" {
			depth++
		}
	}
	return depth-up <= 1
}

// save writes the session to path (see Save) and notes where; why, when
// not empty, says why it went there rather than to the default place.
// It reports errors without showing them.
func (w *World) save(path, why string) error {
	if mf := w.MapFile(); mf != "" && SameFile(path, mf) {
		// A scenario written there would replace the map it names (a map
		// called level.pls, a -save or save-as onto it): the map would be
		// gone and the scenario would not open.
		err := fmt.Errorf("cannot save %s: it is the map this session was loaded from, and a scenario written there would replace it: save under another name (or export the terrain with a .map, .txt, .ascii or .tmx name)", path)
		w.Fail("%v", err)
		return err
	}
	w.EndStroke()
	sc, dropped := w.toScenario()
	sc = w.relocated(sc, path)
	if err := maps.SaveScenario(path, sc); err != nil {
		return err
	}
	w.saveRefused = savedRefusal{}
	w.edits.saved = w.edits.pos
	w.agents.saved = w.agents.version
	w.agents.savedSome = len(sc.Agents) > 0
	w.markQueriesSaved()
	// What the file lacks keeps the session unsaved (Dirty) until a save
	// writes everything: marked clean, quitting did not ask, and the
	// agents left out were lost.
	w.saveLacks = dropped.lacks()
	w.edits.roomsBaked, w.edits.roomsLost = false, false
	gone, baked, undoneBaked, stale := w.editLinesGone(), w.edits.baked, w.edits.undoneBaked, w.edits.stale
	w.edits.baked, w.edits.undoneBaked, w.edits.stale = 0, 0, 0
	if w.Source == "" || strings.HasPrefix(w.Source, assets.Prefix) || w.ScenarioFile() == "" {
		// From now on the session is this scenario file.
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			w.Source = path
			nsc := *sc
			nsc.Edits, nsc.StrokeStarts = nil, nil // the session's edit list still holds them
			nsc.RegionLines = nil                  // the lines of the file read, not of this one
			w.scenario = &nsc
		}
	}
	shown := path // the message says where the file is, wherever the app was started
	if a, err := filepath.Abs(path); err == nil {
		shown = a
	}
	rooms := len(sc.Regions) // the layers the file holds as its own (WriteScenario)
	if sc.MapLevels > 0 && sc.MapPath != "" && rooms <= sc.MapLevels {
		rooms = 0
	}
	held := savedParts{edits: w.EditCount(), cells: len(sc.Edits), queries: len(sc.Queries), agents: len(sc.Agents), rooms: rooms}
	if sc.Scen != "" {
		held.scen, held.scenRows = filepath.Base(w.ScenFile), w.scenN
		if w.HasStart && w.HasGoal && w.isScenRow([2]image.Point{w.Start, w.Goal}) && len(sc.Queries) > 0 &&
			sc.Queries[0] == (maps.Query{Start: w.Start, Goal: w.Goal}) {
			held.queries-- // the row on screen, written first to reopen on it: one of the list's
		}
	}
	what := savedWhat(held, why, dropped)
	fs := []F{{"path", path}, {"edits", w.EditCount()}, {"cells", len(sc.Edits)}, {"queries", held.queries}, {"agents", len(sc.Agents)}, {"room_layers", rooms}}
	if held.scen != "" {
		fs = append(fs, F{"scen_rows", held.scenRows})
	}
	if dropped.any() {
		// What the file lacks, as the note says it: the log had only the
		// counts written.
		fs = append(fs, F{"agents_idled", dropped.idled}, F{"queries_left_out", dropped.queries}, F{"agents_left_out", dropped.agents})
	}
	if gone != "" {
		what += "; " + gone
		fs = append(fs, F{"baked", baked}, F{"undone_baked", undoneBaked}, F{"stale", stale})
	}
	w.Note("saved %s: %s", shown, what)
	w.Log.Add("save", fs...)
	return nil
}

// editLinesGone says which edits of the session's file a save leaves out
// because its map already holds them: those an export over the map put
// there (edits.baked, counted as the user made them) and the lines that
// changed nothing when the file was opened (edits.stale). The save's note
// says so, "" when there are none: the file loses its dig and fill lines,
// never silently.
func (w *World) editLinesGone() string {
	mapName := "the map"
	if mf := w.MapFile(); mf != "" {
		mapName = filepath.Base(mf)
	}
	var parts []string
	if b := w.edits.baked; b > 0 {
		parts = append(parts, fmt.Sprintf("%s left out, exported into %s, which holds them now (undo starts there)", plural(b, "edit", "edits"), mapName))
	}
	if u := w.edits.undoneBaked; u > 0 {
		parts = append(parts, fmt.Sprintf("%s left out (undone before the export)", plural(u, "undone edit", "undone edits")))
	}
	if n := w.edits.stale; n > 0 {
		parts = append(parts, fmt.Sprintf("%s that changed nothing on %s left out", plural(n, "edited cell", "edited cells"), mapName))
	}
	return strings.Join(parts, "; ")
}

// relocated makes sc (from toScenario) refer to the map and the query
// list it names from path, where it is about to be written: relative to
// path's folder. sc itself is left as it is (Rescue relocates the same
// scenario for a second folder when the first refuses it).
func (w *World) relocated(orig *maps.Scenario, path string) *maps.Scenario {
	c := *orig
	sc := &c
	if w.scenario.MapPath != "" {
		abs := w.scenario.MapPath
		if !filepath.IsAbs(abs) && w.Source != "" {
			abs = filepath.Join(filepath.Dir(w.Source), abs)
		}
		sc.MapPath = pathFrom(path, abs)
		sc.MapFile = w.scenario.MapFile
	}
	if sc.Scen != "" {
		sc.Scen = pathFrom(path, sc.Scen)
	}
	return sc
}

// savedParts counts what a save wrote that matters to the user: the
// edits as the user made them (strokes, as undo and the quit question
// count them) with the cells the file records for them, the file's own
// queries, the .scen list it refers to (its base name and rows), the
// agents and the levels of painted rooms.
type savedParts struct {
	edits, cells, queries, agents, rooms int
	scen                                 string
	scenRows                             int
}

// savedWhat says what a save wrote, everything the file holds that matters
// ("3 edits (12 cells), 2 queries, 4 agents"; "1 query, the list
// m.map.scen (1,280 rows), no terrain edits": a terrain as loaded is said
// last, and alone as "no edits, queries or agents"), then why it went where
// it did and what it left out. A designer saved a session of placed
// queries and read "no edits", as if nothing of theirs was in the file.
func savedWhat(p savedParts, why string, dropped leftOut) string {
	var held []string
	if p.edits > 0 {
		held = append(held, plural(p.edits, "edit", "edits")+" ("+plural(p.cells, "cell", "cells")+")")
	}
	if p.queries > 0 {
		held = append(held, plural(p.queries, "query", "queries"))
	}
	if p.scen != "" {
		held = append(held, "the list "+p.scen+" ("+plural(p.scenRows, "row", "rows")+")")
	}
	if p.agents > 0 {
		held = append(held, plural(p.agents, "agent", "agents"))
	}
	if p.rooms > 0 {
		held = append(held, "rooms on "+plural(p.rooms, "level", "levels"))
	}
	what := strings.Join(held, ", ")
	switch {
	case len(held) == 0:
		what = "no edits, queries or agents"
	case p.edits == 0:
		what += ", no terrain edits"
	}
	if why != "" {
		what += "; " + why
	}
	if dropped.idled > 0 {
		// Said with what would let a save keep it whole (a designer saw
		// the session stay unsaved with no way out named).
		if dropped.idled == 1 {
			what += "; 1 agent saved idle where it stands (its goal is a wall: send it elsewhere, remove it or undo the fill, and save again)"
		} else {
			what += fmt.Sprintf("; %d agents saved idle where they stand (their goal is a wall: send them elsewhere, remove them or undo the fill, and save again)", dropped.idled)
		}
	}
	var out []string
	if dropped.queries > 0 {
		out = append(out, plural(dropped.queries, "query", "queries"))
	}
	if dropped.agents > 0 {
		out = append(out, plural(dropped.agents, "agent", "agents"))
	}
	if len(out) > 0 {
		what += "; " + strings.Join(out, " and ") + " left out: an endpoint is blocked"
	}
	if dropped.any() {
		what += "; the session stays unsaved until a save keeps everything"
	}
	return what
}

// SameFile reports whether paths a and b name one existing file (links
// followed, as a save writes through them). -export's guards use it too.
func SameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// isAre is "it is" for one, "they are" for more.
func isAre(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

// savedRow returns the index among sc's list rows of its first own query
// (the row on screen when the session was saved, written first to open
// first), -1 when it is none of them.
func savedRow(sc *maps.Scenario) int {
	if len(sc.Queries) == 0 {
		return -1
	}
	q := sc.Queries[0]
	return slices.IndexFunc(sc.ScenRows, func(r maps.ScenRow) bool { return r.Start == q.Start && r.Goal == q.Goal })
}

// QueryNumbers returns the window's query number (-query K, from 1) of
// each of sc's own queries, in order, as a session opened from sc numbers
// them: the own queries first, then the list's rows; a first own query
// that is one of the rows (savedRow) is opened where that row stands, and
// the others move up by one. cmd/bench's -worst names them so.
func QueryNumbers(sc *maps.Scenario) []int {
	nums := make([]int, len(sc.Queries))
	k := savedRow(sc)
	for i := range nums {
		nums[i] = i + 1
		if k >= 0 {
			nums[i] = i // the first is dropped from the own queries
		}
	}
	if k >= 0 {
		nums[0] = len(sc.Queries) - 1 + k + 1
	}
	return nums
}
