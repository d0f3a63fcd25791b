package maps

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pathlens/pathing"
)

// ScenarioVersion is the version this package reads and writes
// ("pathlens-scenario 1").
const ScenarioVersion = 1

// MaxRegionLevels is the largest number of region layers a scenario may hold.
const MaxRegionLevels = 8

// Scenario is a pathlens scenario file (.pls, format in docs/formats.md):
// a map, optional region layers, settings, queries,
// agents and an ordered edit log. The zero value of every field means
// "absent" or "default".
type Scenario struct {
	Name     string
	About    string // one line per "about" line, joined with "\n"
	Settings Settings

	// Map is the map as written in the file, before the edit log (see
	// World). MapPath is the map line's path as written when the map is a
	// file next to the scenario ("" for an inline map); WriteScenario then
	// writes the path, not the rows.
	Map     *Map
	MapPath string
	// MapFile is the map file the terrain was read from: for a scenario,
	// MapPath resolved against the scenario's folder as the parser opened
	// it ("" for an inline map); for a map file loaded by LoadScenario
	// (Moving AI, ASCII or Tiled, told by content, whatever the name), that
	// file itself.
	MapFile string

	// Regions[l-1] is the region layer of level l: one byte per cell,
	// indexed y*Width+x, naming the cell's region; '#' and ' ' mean none
	// (see RegionNone).
	Regions [][]byte
	// RegionLines[l-1] is the line of the scenario file's "regions l"
	// that drew layer l, 0 for a layer that is the map file's own (a Tiled
	// map's rooms, MapFile): so a message about a layer names where it is
	// drawn. Empty when the file was not parsed from lines.
	RegionLines []int
	// RegionNames[l-1] names the rooms behind layer l's characters, where
	// the map file gives names (a Tiled map's room objects).
	RegionNames []map[byte]string
	// MapLevels counts the region layers, from level 1, that are the map
	// file's own (a Tiled map's rooms): they are read from the map again
	// whenever the scenario is opened, as they are then. WriteScenario
	// writes no regions block when every layer is the map's; a scenario
	// with layers of its own above them writes them all (the map's levels
	// as copies, which give way to the map's when it is read).
	MapLevels int
	// Notes are remarks on what the parser chose that the user should
	// read (a scenario's own copy of the rooms replaced by the map's), and
	// the map's own, first, each named by the map file (nameNotes).
	Notes []string
	// MapNotes are the map file's own notes as its reader says them
	// (Rooms.Notes: what a Tiled map holds that is not read as drawn),
	// unnamed: for whoever names the map file otherwise, as a terminal
	// names a map file opened alone by its path.
	MapNotes []string
	// SetLines is the line of each "set" line the parser took, by key
	// ("zoom": 4), so that what is checked later (a view level against
	// the hierarchy the session builds) can name its line; nil for a
	// scenario not read from a file.
	SetLines map[string]int

	Queries []Query
	// QueryLines[i] is the line of the file Queries[i] was read from, for
	// messages (cmd/bench names a query by file:line); nil for a scenario
	// not read from a file. Whoever edits Queries may leave it stale:
	// read it only for a scenario as the parser returned it.
	QueryLines []int
	// Scen is the "scen PATH" line's path as written ("" when none): a
	// Moving AI scenario list whose rows are more queries, kept by
	// reference so that their optimal lengths survive and thousands of
	// rows cost one line. ScenRows are its rows, read and checked against
	// the map (size, and map name when the map is a file) by the parser;
	// WriteScenario writes the path alone.
	Scen     string
	ScenRows []ScenRow
	// ScenSkip are the rows of the list the session removed (1-based row
	// numbers in the .scen file, ascending, each once), written as
	// "scen-skip N N ..." lines: the list is never written, so a row
	// removed in the window is left out by number. The parser takes them
	// out of ScenRows (whose rows keep their Line); a number past the
	// list's end (the list shortened since) is left out with a note.
	ScenSkip []int
	// ScenFile is the list's file as the parser opened it: Scen resolved
	// against the scenario's folder.
	ScenFile string
	Agents   []AgentSpec
	Edits    []Edit
	// StrokeStarts lists, ascending, the indices into Edits where a new
	// stroke (one undo step of the editor) begins, after the first; empty:
	// the edits are one stroke. Written as a "stroke" line before the edit.
	StrokeStarts []int
}

// Query is one start/goal pair; the app opens the first.
type Query struct{ Start, Goal image.Point }

// AgentSpec is an agent standing at Start: under way to Goal ("agent X,Y
// -> X,Y"), at its goal when Goal is Start ("agent X,Y arrived"; an older
// file's "agent X,Y -> X,Y" with the same cell twice reads the same), or,
// Idle, with no goal at all ("agent X,Y idle"; Goal is not used and reads
// back as (0,0)). Group, when not 0, is the number of the group it was
// sent with in formation ("agent X,Y -> X,Y group N"): the agents of one
// group share their Goal and set out together, and an idle agent is in
// none. The numbers only tell the file's groups apart.
//
// InPlace, for a group's agent, says that the group had arrived when the
// file was saved, every member in its place about the goal ("agent X,Y ->
// X,Y group N arrived"): it opens standing there, not sent again.
type AgentSpec struct {
	Start, Goal image.Point
	Idle        bool
	Group       int
	InPlace     bool
}

// Arrived reports whether the agent stands at its goal.
func (a AgentSpec) Arrived() bool { return !a.Idle && a.Start == a.Goal }

// agentForms is how an agent line may be written, for messages.
const agentForms = `"agent X,Y -> X,Y" (a goal; "group N" after it: sent in formation with group N, "group N arrived": the group had arrived), "agent X,Y arrived" or "agent X,Y idle"`

// EditKind is what an Edit does to its cell.
type EditKind uint8

const (
	Dig    EditKind = iota + 1 // open the cell at weight 1 ("dig x,y")
	Fill                       // block the cell ("fill x,y")
	Weight                     // open the cell at Edit.Weight, 1..9 ("weight x,y w")
)

var editNames = [...]string{"", "dig", "fill", "weight"}

// String returns "dig", "fill" or "weight".
func (k EditKind) String() string {
	if int(k) < len(editNames) && k != 0 {
		return editNames[k]
	}
	return fmt.Sprintf("edit(%d)", k)
}

// Edit is one entry of the edit log. Weight is 1 for Dig, 0 for Fill, and
// 1..9 for Weight.
type Edit struct {
	Kind   EditKind
	Cell   image.Point
	Weight uint8
}

// Apply performs the edit on g and reports whether the cell changed. A cell
// outside g is ignored.
func (e Edit) Apply(g *pathing.Grid) bool {
	switch e.Kind {
	case Dig:
		return g.SetWeight(e.Cell, 1)
	case Fill:
		return g.SetWeight(e.Cell, 0)
	case Weight:
		return g.SetWeight(e.Cell, e.Weight)
	}
	return false
}

// World returns a copy of the scenario's grid with the whole edit log
// applied in order. Cost: a grid copy plus one step per edit.
func (s *Scenario) World() *pathing.Grid {
	g := s.Map.Grid.Clone()
	for _, e := range s.Edits {
		e.Apply(g)
	}
	return g
}

// RegionNone reports whether a region-layer byte means "no region".
func RegionNone(c byte) bool { return c == '#' || c == ' ' }

// The hierarchy sizes every way in takes, for HPA* and the group hierarchy
// alike: a scenario's "set cluster" and "set levels" lines, the app's
// -cluster and -levels, cmd/bench's. They are what the window can show:
// its cluster switch steps 4 to 64 cells, and its timeline, level keys and
// drawing hold 4 abstract levels (HPA*'s own limits too). The group package
// builds more (2-cell clusters, 8 levels), but a file or command one of
// them takes, the others take too (bench took -levels 6, the app refused
// it and bench's own scenario reader refused "set levels 6").
const (
	MinCluster = 4
	MaxCluster = 64
	MaxLevels  = 4
)

// SizeRange returns the range of size setting key, "cluster" or "levels".
func SizeRange(key string) (lo, hi int) {
	if key == "levels" {
		return 1, MaxLevels
	}
	return MinCluster, MaxCluster
}

// CheckSize reads v as a value of size setting key ("cluster" or
// "levels"): an error saying the range when it is not a whole number in it.
func CheckSize(key, v string) (int, error) {
	lo, hi := SizeRange(key)
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d", lo, hi)
	}
	return n, nil
}

// Settings are the scenario's "set" lines. Every field's zero value means
// "not set: use the app's default"; a set value is never the zero value, so
// "set exclusion off" (Off) differs from no line at all (ToggleDefault).
type Settings struct {
	Abstraction  Abstraction // set abstraction hpa|groups
	Algo         Algo        // set algo astar|dijkstra|greedy|hpa|group
	Cluster      int         // set cluster N: MinCluster..MaxCluster
	Levels       int         // set levels N: 1..MaxLevels
	Cost         Cost        // set cost minimum|maximin|avgmin
	Exclusion    Toggle      // set exclusion on|off
	Neighborhood int         // set neighborhood 8|4 (0: not set)
	Heuristic    HeuristicName
	Smooth       Toggle      // set smooth on|off
	Shortcut     Toggle      // set shortcut on|off (HPA*'s bounded A* for short queries)
	Target       Target      // set target representative|nearest
	AgentRefine  AgentRefine // set agent-refine eager|lazy
	Transitions  Transitions // set transitions sparse|dense
	Cache        Toggle      // set cache on|off (HPA*'s cell paths stored with its intra edges; off unless set)

	// The view, kept with the session rather than switches of the search:
	// the agents' clock speed (Shift+↑/↓) and the map layers that are on.
	AgentClock AgentClock // set agent-clock 1/4|1/2|1|2|4|8
	Layers     string     // set layers NAME,NAME,... (LayerNames) or "none"
	// Cursor is the event of the first query's timeline the session
	// showed when saved ("set cursor N"; "" at the end, or not set): a
	// bad case saved at its bad step reopens there.
	Cursor string
	// The window's view when saved, so that whoever opens the file sees
	// the spot it was saved at: Zoom in pixels a cell ("set zoom 12.5",
	// 1/64 to 256) about the cell Center ("set center 40,30"), the view
	// level ViewLevel ("set level 2", 1 to MaxLevels) and the cell pinned
	// in the inspector, Pin ("set pin 12,7"). Each is "" when not set, and
	// held in the form the writer writes (ParseZoom, a cell "X,Y"). A bad
	// value is never a refusal: the reader leaves the line out with a note
	// (Scenario.Notes) naming the file and line.
	Zoom, Center, ViewLevel, Pin string
}

// ViewKeys are the settings that keep the window's view ("set zoom",
// "set center", "set level", "set pin"): a line of theirs the reader cannot
// use is left out with a note, and the rest of the file opens.
var ViewKeys = []string{"zoom", "center", "level", "pin"}

// The zoom a file may set, in pixels a cell: the window's range (its
// -zoom flag's, and the camera's).
const (
	MinZoom = 1.0 / 64
	MaxZoom = 256
)

// ParseZoom reads a "set zoom" value: pixels a cell, 1/64 to 256.
func ParseZoom(v string) (float64, error) {
	z, err := strconv.ParseFloat(v, 64)
	if err != nil || !(z >= MinZoom && z <= MaxZoom) { // NaN fails both
		return 0, fmt.Errorf("want a zoom from 1/64 (0.015625) to %v pixels a cell", MaxZoom)
	}
	return z, nil
}

// FormatZoom writes zoom z as "set zoom" takes it: six significant digits
// (enough to reopen the view as it was), kept within MinZoom..MaxZoom.
func FormatZoom(z float64) string {
	if !(z >= MinZoom) {
		z = MinZoom
	}
	return strconv.FormatFloat(min(z, MaxZoom), 'g', 6, 64)
}

// ZoomFit is the "set zoom" value for the whole map fitted to the window
// ("set zoom fit"), as -zoom 0 asks. A save writes it only with a "set
// cursor": without one a file that sets no zoom opens fitted all the same,
// but a file at a step would open framed on the step, not as it was saved.
const ZoomFit = "fit"

// ViewFit reports whether "set zoom fit" asked for the whole map fitted.
func (s Settings) ViewFit() bool { return s.Zoom == ZoomFit }

// ViewZoom returns the zoom "set zoom" gave, and whether it gave one.
func (s Settings) ViewZoom() (float64, bool) {
	z, err := ParseZoom(s.Zoom)
	return z, s.Zoom != "" && err == nil
}

// ViewCenter returns the cell "set center" gave, and whether it gave one.
func (s Settings) ViewCenter() (image.Point, bool) {
	p, err := parsePoint(s.Center)
	return p, s.Center != "" && err == nil
}

// ViewLevelSet returns the level "set level" gave, and whether it gave one.
func (s Settings) ViewLevelSet() (int, bool) {
	n, err := strconv.Atoi(s.ViewLevel)
	return n, s.ViewLevel != "" && err == nil
}

// ViewPin returns the cell "set pin" gave, and whether it gave one.
func (s Settings) ViewPin() (image.Point, bool) {
	p, err := parsePoint(s.Pin)
	return p, s.Pin != "" && err == nil
}

// checkView reads value v of view setting key (ViewKeys), returning it in
// the form the writer writes, or why it cannot be used: its form or range
// alone (a cell against the map is checked once the map is known).
func checkView(key, v string) (string, error) {
	switch key {
	case "zoom":
		if v == ZoomFit {
			return v, nil
		}
		z, err := ParseZoom(v)
		if err != nil {
			return "", fmt.Errorf("%v, or %s for the whole map", err, ZoomFit)
		}
		return FormatZoom(z), nil
	case "center", "pin":
		p, err := parsePoint(v)
		if err != nil {
			what := "the cell in the middle of the view"
			if key == "pin" {
				what = "the cell pinned in the inspector"
			}
			return "", fmt.Errorf("want %s as %s", what, cellForms)
		}
		return fmt.Sprintf("%d,%d", p.X, p.Y), nil
	case "level":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLevels {
			return "", fmt.Errorf("want a view level from 1 to %d", MaxLevels)
		}
		return strconv.Itoa(n), nil
	}
	return "", fmt.Errorf("%s is no view setting", key)
}

// AgentClock is the agents' clock speed as a file writes it: simulated
// seconds a real second, "1/4" to "8" ("" is not set).
type AgentClock string

// AgentClocks are the speeds a file may set, slowest first, as the window's
// Shift+↑ / Shift+↓ step through them.
var AgentClocks = []string{"1/4", "1/2", "1", "2", "4", "8"}

// agentClockSpeeds are AgentClocks' factors.
var agentClockSpeeds = []float64{0.25, 0.5, 1, 2, 4, 8}

// Speed returns the clock's factor (0.25 for "1/4"), and false when the
// clock is not set (or not one of AgentClocks).
func (c AgentClock) Speed() (float64, bool) {
	for i, v := range AgentClocks {
		if string(c) == v {
			return agentClockSpeeds[i], true
		}
	}
	return 0, false
}

// AgentClockOf returns the file's name of clock speed x (one of
// AgentClocks, the nearest by ratio); "1" for a speed that is not positive.
func AgentClockOf(x float64) AgentClock {
	best := 2 // "1"
	for i, v := range agentClockSpeeds {
		if x > 0 && math.Abs(math.Log2(x/v)) < math.Abs(math.Log2(x/agentClockSpeeds[best])) {
			best = i
		}
	}
	return AgentClock(AgentClocks[best])
}

// LayerNames are the map layers a file's "set layers" line may name, in the
// legend's order (the window's -layers names them the same way).
var LayerNames = []string{"weights", "borders", "regions", "groups", "nodes", "edges", "components",
	"search", "plans", "segments", "excluded", "parents", "values", "compare"}

// NoLayers is the "set layers" value for no layer on.
const NoLayers = "none"

// AllLayers is the "set layers" value for every layer on, as -layers all:
// it is read as LayerNames written out (a save writes the names).
const AllLayers = "all"

// checkLayers reports a "set layers" value that is neither "none" nor
// LayerNames joined with commas, each once.
func checkLayers(v string) error {
	if v == NoLayers {
		return nil
	}
	seen := map[string]bool{}
	for _, n := range strings.Split(v, ",") {
		if !slices.Contains(LayerNames, n) {
			return fmt.Errorf("layers: unknown layer %s (want names from %s, separated by commas, or all, or none)", quoteText([]byte(n)), strings.Join(LayerNames, ", "))
		}
		if seen[n] {
			return fmt.Errorf("layers: %s is named twice", n)
		}
		seen[n] = true
	}
	return nil
}

// View returns only the view's settings (AgentClock, Layers, Cursor and
// the ViewKeys'); Search returns the others.
func (s Settings) View() Settings {
	return Settings{AgentClock: s.AgentClock, Layers: s.Layers, Cursor: s.Cursor,
		Zoom: s.Zoom, Center: s.Center, ViewLevel: s.ViewLevel, Pin: s.Pin}
}

// Search returns s without the view's settings (see View).
func (s Settings) Search() Settings {
	s.AgentClock, s.Layers, s.Cursor = "", "", ""
	s.Zoom, s.Center, s.ViewLevel, s.Pin = "", "", "", ""
	return s
}

// Transitions names HPA*'s transition placement on an entrance; "" is not
// set.
type Transitions string

const (
	TransitionsSparse Transitions = "sparse" // the paper's rule: one or two per entrance
	TransitionsDense  Transitions = "dense"  // one per open pair
)

// Abstraction names a hierarchy kind; "" is not set.
type Abstraction string

const (
	AbstractionHPA    Abstraction = "hpa"
	AbstractionGroups Abstraction = "groups"
)

// Algo names a search; "" is not set.
type Algo string

const (
	AlgoAStar    Algo = "astar"
	AlgoDijkstra Algo = "dijkstra"
	AlgoGreedy   Algo = "greedy"
	AlgoHPA      Algo = "hpa"
	AlgoGroup    Algo = "group"
)

// Cost names a group connection-cost heuristic; "" is not set.
type Cost string

const (
	CostMinimum Cost = "minimum"
	CostMaximin Cost = "maximin"
	CostAvgMin  Cost = "avgmin"
)

// HeuristicName names an A* heuristic; "" is not set. All but HeuristicCluster
// parse with pathing.ParseHeuristic.
type HeuristicName string

const (
	HeuristicOctile    HeuristicName = "octile"
	HeuristicEuclidean HeuristicName = "euclidean"
	HeuristicManhattan HeuristicName = "manhattan"
	HeuristicChebyshev HeuristicName = "chebyshev"
	HeuristicZero      HeuristicName = "zero"
	HeuristicCluster   HeuristicName = "cluster" // the groups' smallest-distance table
)

// Target names the groups planner's lowest-level target; "" is not set.
type Target string

const (
	TargetRepresentative Target = "representative"
	TargetNearest        Target = "nearest"
)

// AgentRefine names how much of a route each HPA* plan of the agents
// refines: the whole route (eager) or the next segment only (lazy); "" is
// not set (the app's default, eager). Files written before the setting
// existed have no such line and read as not set.
type AgentRefine string

const (
	AgentRefineEager AgentRefine = "eager"
	AgentRefineLazy  AgentRefine = "lazy"
)

// Toggle is an on/off setting that can also be unset.
type Toggle uint8

const (
	ToggleDefault Toggle = iota // not set
	On
	Off
)

// String returns "", "on" or "off".
func (t Toggle) String() string {
	switch t {
	case On:
		return "on"
	case Off:
		return "off"
	}
	return ""
}

// Set returns the toggle's value and whether it was set.
func (t Toggle) Set() (on, set bool) { return t == On, t != ToggleDefault }

// PathingNeighborhood returns the neighbourhood setting for package pathing,
// and whether it was set.
func (s Settings) PathingNeighborhood() (pathing.Neighborhood, bool) {
	switch s.Neighborhood {
	case 4:
		return pathing.Four, true
	case 8:
		return pathing.Eight, true
	}
	return pathing.Eight, false
}

// settingKeys lists the settings in the order WriteScenario writes them,
// with the values each accepts (nil: a number).
var settingKeys = []struct {
	key    string
	values []string
}{
	{"abstraction", []string{"hpa", "groups"}},
	{"algo", []string{"astar", "dijkstra", "greedy", "hpa", "group"}},
	{"cluster", nil},
	{"levels", nil},
	{"cost", []string{"minimum", "maximin", "avgmin"}},
	{"exclusion", []string{"on", "off"}},
	{"neighborhood", []string{"8", "4"}},
	{"heuristic", []string{"octile", "euclidean", "manhattan", "chebyshev", "zero", "cluster"}},
	{"smooth", []string{"on", "off"}},
	{"shortcut", []string{"on", "off"}},
	{"target", []string{"representative", "nearest"}},
	{"agent-refine", []string{"eager", "lazy"}},
	{"transitions", []string{"sparse", "dense"}},
	{"cache", []string{"on", "off"}},
	{"agent-clock", AgentClocks},
	{"layers", nil},
	{"cursor", nil},
	{"zoom", nil},
	{"center", nil},
	{"level", nil},
	{"pin", nil},
}

// abstractionAgrees checks "set abstraction" (the abstraction style:
// HPA*'s entrances or groups as nodes, which names the hierarchical
// algorithm) against "set algo" when a file has both, on lines aLine and
// bLine: a file with "abstraction groups" and "algo hpa" ran HPA* with no
// word, and "abstraction" with a flat algorithm was ignored as silently.
func abstractionAgrees(ab Abstraction, algo Algo, aLine, bLine int) error {
	want := map[Abstraction]Algo{AbstractionHPA: "hpa", AbstractionGroups: "group"}[ab]
	if algo == want {
		return nil
	}
	if algo != "hpa" && algo != "group" {
		return fmt.Errorf("set abstraction %s (line %d) names a hierarchy, and set algo %s (line %d) searches the grid without one: keep one of them (abstraction hpa is algo hpa, abstraction groups is algo group)", ab, aLine, algo, bLine)
	}
	return fmt.Errorf("set abstraction %s (line %d) disagrees with set algo %s (line %d): keep one of them (abstraction hpa is algo hpa, abstraction groups is algo group)", ab, aLine, algo, bLine)
}

// get returns the text of setting key ("" when not set).
func (s *Settings) get(key string) string {
	switch key {
	case "abstraction":
		return string(s.Abstraction)
	case "algo":
		return string(s.Algo)
	case "cluster":
		if s.Cluster != 0 {
			return strconv.Itoa(s.Cluster)
		}
	case "levels":
		if s.Levels != 0 {
			return strconv.Itoa(s.Levels)
		}
	case "cost":
		return string(s.Cost)
	case "exclusion":
		return s.Exclusion.String()
	case "neighborhood":
		if s.Neighborhood != 0 {
			return strconv.Itoa(s.Neighborhood)
		}
	case "heuristic":
		return string(s.Heuristic)
	case "smooth":
		return s.Smooth.String()
	case "shortcut":
		return s.Shortcut.String()
	case "target":
		return string(s.Target)
	case "agent-refine":
		return string(s.AgentRefine)
	case "transitions":
		return string(s.Transitions)
	case "cache":
		return s.Cache.String()
	case "agent-clock":
		return string(s.AgentClock)
	case "layers":
		return s.Layers
	case "cursor":
		return s.Cursor
	case "zoom":
		return s.Zoom
	case "center":
		return s.Center
	case "level":
		return s.ViewLevel
	case "pin":
		return s.Pin
	}
	return ""
}

// Set sets setting key ("cluster", "cost"... as a "set KEY VALUE" line
// names it; "neighbourhood" is read as "neighborhood") to v. An unknown
// key, or a value the key does not take, is an error naming both and what
// is accepted; nothing changes then.
func (s *Settings) Set(key, v string) error {
	if key == "neighbourhood" {
		key = "neighborhood"
	}
	if err := checkSetting(key, v); err != nil {
		return err
	}
	return s.set(key, v)
}

// checkSetting reports an unknown key, or a value outside the names the
// key takes; numbers are checked by set.
func checkSetting(key, v string) error {
	for _, k := range settingKeys {
		if k.key != key {
			continue
		}
		if k.values != nil && !contains(k.values, v) {
			return fmt.Errorf("unknown value %s for %s (want %s)", quoteText([]byte(v)), key, strings.Join(k.values, ", "))
		}
		return nil
	}
	keys := make([]string, len(settingKeys))
	for i, k := range settingKeys {
		keys[i] = k.key
	}
	return fmt.Errorf("unknown setting %s (known: %s)", quoteText([]byte(key)), strings.Join(keys, ", "))
}

// Merge sets every setting over sets (a non-zero field) to over's value;
// the others keep theirs. A value Set would refuse (a field filled by
// hand: levels 5) is left out, and the first such is returned as an error.
func (s *Settings) Merge(over Settings) error {
	var first error
	for _, k := range settingKeys {
		v := over.get(k.key)
		if v == "" {
			continue
		}
		if err := s.Set(k.key, v); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// set stores a value already checked against settingKeys.
func (s *Settings) set(key, v string) error {
	toggle := func(v string) Toggle {
		if v == "on" {
			return On
		}
		return Off
	}
	switch key {
	case "abstraction":
		s.Abstraction = Abstraction(v)
	case "algo":
		s.Algo = Algo(v)
	case "cluster", "levels":
		n, err := CheckSize(key, v)
		if err != nil {
			lo, hi := SizeRange(key)
			return fmt.Errorf("%s %q is not a whole number from %d to %d", key, v, lo, hi)
		}
		if key == "cluster" {
			s.Cluster = n
		} else {
			s.Levels = n
		}
	case "cost":
		s.Cost = Cost(v)
	case "exclusion":
		s.Exclusion = toggle(v)
	case "neighborhood":
		s.Neighborhood = int(v[0] - '0')
	case "heuristic":
		s.Heuristic = HeuristicName(v)
	case "smooth":
		s.Smooth = toggle(v)
	case "shortcut":
		s.Shortcut = toggle(v)
	case "target":
		s.Target = Target(v)
	case "agent-refine":
		s.AgentRefine = AgentRefine(v)
	case "transitions":
		s.Transitions = Transitions(v)
	case "cache":
		s.Cache = toggle(v)
	case "agent-clock":
		s.AgentClock = AgentClock(v)
	case "layers":
		if v == AllLayers {
			v = strings.Join(LayerNames, ",")
		}
		if err := checkLayers(v); err != nil {
			return err
		}
		s.Layers = v
	case "cursor":
		if !isEventNumber(v) {
			return fmt.Errorf("cursor %s: want an event number of the first query's timeline (0 or more)", quoteText([]byte(v)))
		}
		s.Cursor = v
	case "zoom", "center", "level", "pin":
		c, err := checkView(key, v)
		if err != nil {
			return fmt.Errorf("%s %s: %v", key, quoteText([]byte(v)), err)
		}
		s.putView(key, c)
	}
	return nil
}

// isEventNumber reports whether v is a "set cursor" value: digits, a
// number that fits an int.
func isEventNumber(v string) bool {
	n, err := strconv.Atoi(v)
	return err == nil && n >= 0 && strings.TrimLeft(v, "0123456789") == ""
}

// MaxScenarioBytes is the largest scenario file accepted. Scenarios are for
// designed levels; larger worlds belong in a .map file the scenario names.
const MaxScenarioBytes = MaxMapBytes

// ParseScenario reads a pathlens scenario file from r. name is used in errors
// (and as the inline map's Map.Name); dir is the folder a relative "map PATH"
// line is relative to ("" means the working directory; an absolute PATH is
// used as it is). A referenced map is loaded
// with LoadMap, except that it may not itself be a scenario.
//
// Everything is checked, with an *Error naming the file and line: unknown
// keywords, settings and values; settings given twice; bad or out-of-map
// coordinates; a map block whose rows differ in length; region layers whose
// size differs from the map or that skip a level; a block without its
// "end"; a query or agent whose start or goal is blocked once the edit log
// has been applied (on an inline map, or by a fill of the log itself); a
// missing map; a "scen PATH" list that fails to read (its own file and line
// named) or whose rows are for another map. A scen row on a cell the edit
// log blocks is kept (the list is not the scenario's to change): the app
// refuses it when it is opened.
//
// A map file may have been redrawn since the scenario was saved: a query
// or agent on a cell that file now walls (or that a smaller map has lost)
// does not refuse the file. The query is left out; the agent moves to an
// open cell beside its own, or is left out, and one whose goal is walled
// stays idle where it stands, with its group; Notes gets one note listing
// each, with its lines.
//
// Inside a block ("map inline", "regions N") every line up to "end" is a row:
// '#' there is a wall or a region-less cell, not a comment. Outside blocks,
// '#' at the start of a line, or after a space or tab, starts a comment,
// except on "name" and "about" lines, whose text is kept as written (without
// surrounding spaces).
func ParseScenario(r io.Reader, name, dir string) (*Scenario, error) {
	return parseScenario(r, name, dir, true)
}

// LoadScenario reads the scenario file at path (see ParseScenario); a map
// path inside it is relative to the file's folder. A Moving AI, ASCII or
// Tiled map file is also accepted and returned as a scenario holding only
// that map (MapPath set to the file's base name) and, for a Tiled map, its
// region layers, so callers can open either.
func LoadScenario(path string) (*Scenario, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(512)
	if why := NotText(head); why != "" {
		return nil, errAt(path, 0, "%s", why)
	}
	switch Detect(head) {
	case FormatScenario:
		return ParseScenario(br, path, filepath.Dir(path))
	case FormatTiled:
		m, rooms, err := ReadTiledRooms(br, path, filepath.Dir(path))
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(m.Name, filepath.Ext(m.Name))
		return &Scenario{Name: name, Map: m, MapPath: m.Name, MapFile: path, Regions: rooms.Layers,
			RegionNames: rooms.Names, MapLevels: len(rooms.Layers),
			Notes: nameNotes(m.Name, rooms.Notes), MapNotes: rooms.Notes}, nil // named as a scenario names its map's notes
	}
	m, err := LoadMap(path)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(m.Name, filepath.Ext(m.Name))
	return &Scenario{Name: name, Map: m, MapPath: m.Name, MapFile: path}, nil
}

// scenarioLines remembers where each item of a scenario was read, for the checks
// made once the whole file is known.
type scenarioLines struct {
	mapLine     int
	scenLine    int
	skipLine    int        // the first scen-skip line
	regionLines []int      // the "regions N" line of each layer
	regionRows  [][]int    // line of each row of each layer
	layers      [][][]byte // rows of each region layer, checked once the map is known
	queries     []int
	agents      []int
	edits       []int
	mapRooms    Rooms // the rooms of the map line's file (a Tiled map's)
	// Cells of run lines off a map file (resized since the save), never
	// expanded: how many, the first, and the lines (each once).
	offRunCells int
	offRunFirst Edit
	offRunLines []int
}

func parseScenario(r io.Reader, name, dir string, allowFiles bool) (*Scenario, error) {
	lr := newASCIILineReader(r, name, MaxScenarioBytes)
	s := &Scenario{}
	var at scenarioLines
	setAt := map[string]int{}
	viewLeft := map[string]int{}     // the line of a view value left out, by key (setView)
	oddCluster, oddClusterAt := 0, 0 // a group file's cluster outside the range (see the set case)
	nameAt, versionAt := 0, 0
	var regionRows [][]byte // rows of the layer being read, flattened later
	var abouts []string

	// block state: 0 none, 1 map inline, 2 regions
	block, blockLine := 0, 0
	var mb *asciiBuilder

	for {
		raw, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		ln := lr.line
		if block != 0 {
			if string(trimSpace(raw)) == "end" {
				if block == 1 {
					m, err := mb.finish(blockLine)
					if err != nil {
						return nil, err
					}
					m.Name = name
					s.Map = m
				} else {
					at.layers = append(at.layers, regionRows)
					regionRows = nil
				}
				block = 0
				continue
			}
			if block == 1 {
				if err := mb.add(raw, ln); err != nil {
					return nil, err
				}
				continue
			}
			if x, q, bad := firstBad(raw, &printableOK); bad {
				return nil, errCell(name, ln, image.Pt(x, len(regionRows)),
					"region cell (%d,%d) is %s; region names are printable ASCII characters", x, len(regionRows), q)
			}
			regionRows = append(regionRows, append([]byte(nil), raw...))
			k := len(at.regionRows) - 1
			at.regionRows[k] = append(at.regionRows[k], ln)
			continue
		}

		line := trimSpace(raw)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		word, rest := splitWord(line)
		if versionAt == 0 {
			if word != "pathlens-scenario" {
				return nil, errAt(name, ln, "want \"pathlens-scenario %d\" as the first line, found %s", ScenarioVersion, quoteText(line))
			}
			if v := string(trimSpace(stripComment(rest))); v != strconv.Itoa(ScenarioVersion) {
				return nil, errAt(name, ln, "unsupported scenario version %s (this program reads version %d)", quoteText([]byte(v)), ScenarioVersion)
			}
			versionAt = ln
			continue
		}
		if word == "name" || word == "about" {
			text := string(trimSpace(rest))
			if word == "about" {
				abouts = append(abouts, text)
				continue
			}
			if nameAt != 0 {
				return nil, errAt(name, ln, "second name line (the first is line %d)", nameAt)
			}
			if text == "" {
				return nil, errAt(name, ln, "name line without a name")
			}
			s.Name, nameAt = text, ln
			continue
		}
		text := string(stripComment(rest))
		switch word {
		case "query", "agent":
			text = joinCells(spaceArrow(text))
		case "dig", "fill", "weight":
			text = joinCells(text)
		case "set":
			if k, _ := splitWord(trimSpace([]byte(text))); string(k) == "center" || string(k) == "pin" {
				text = joinCells(text) // "set pin (12, 7)", as the window shows a cell
			}
		}
		args := strings.Fields(text)
		switch word {
		case "set":
			if len(args) > 0 && slices.Contains(ViewKeys, args[0]) {
				// The view is no work of the user's: a line of it
				// that cannot be used is left out, with a note, and
				// the file opens (a file refused for its zoom would
				// hide the case it was saved to show).
				if why := s.setView(args, setAt, viewLeft, ln); why != "" {
					s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: %s", name, ln, why))
				}
				continue
			}
			if len(args) > 0 && args[0] == "cursor" && (len(args) != 2 || !isEventNumber(args[1])) {
				// The saved step is a place to show, as the view is: a
				// bad one is left out with a note, and the query opens
				// at its end (the whole file was refused).
				s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: %s left out: want \"set cursor N\", an event number of the first query's timeline; the query opens at its end", name, ln, quoteText(line)))
				continue
			}
			if len(args) != 2 {
				return nil, errAt(name, ln, "want \"set KEY VALUE\", found %s", quoteText(line))
			}
			key, val := args[0], args[1]
			if key == "neighbourhood" {
				key = "neighborhood"
			}
			// The key and a named value first, then a repeat, then a
			// number's range (set): the order of the messages.
			if err := checkSetting(key, val); err != nil {
				return nil, errAt(name, ln, "%v", err)
			}
			if prev := setAt[key]; prev != 0 {
				return nil, errAt(name, ln, "%s is set twice (first on line %d)", key, prev)
			}
			if n, err := strconv.Atoi(val); err == nil && key == "cluster" && n >= 2 && (n < MinCluster || n > MaxCluster) {
				// The group hierarchy once took any cluster from 2 up,
				// and the app kept such a file's value: a file written
				// then opens at the nearest bound with a note, unless it
				// is HPA*'s, whose range has always been this one
				// (checked once every set line is read).
				oddCluster, oddClusterAt = n, ln
				val = strconv.Itoa(min(max(n, MinCluster), MaxCluster))
			}
			if err := s.Settings.set(key, val); err != nil {
				return nil, errAt(name, ln, "%v", err)
			}
			setAt[key] = ln
			if a, b := setAt["abstraction"], setAt["algo"]; a != 0 && b != 0 {
				if err := abstractionAgrees(s.Settings.Abstraction, s.Settings.Algo, a, b); err != nil {
					return nil, errAt(name, ln, "%v", err)
				}
			}
		case "map":
			if at.mapLine != 0 {
				return nil, errAt(name, ln, "second map line (the first is line %d)", at.mapLine)
			}
			at.mapLine = ln
			if len(args) == 1 && args[0] == "inline" {
				block, blockLine = 1, ln
				mb = &asciiBuilder{file: name}
				continue
			}
			p, err := PathArg(rest)
			if err != nil {
				return nil, errAt(name, ln, "map: %v", err)
			}
			if p == "" {
				return nil, errAt(name, ln, "want \"map inline\" or \"map PATH\"")
			}
			if !allowFiles {
				return nil, errAt(name, ln, "map %s: this scenario may only hold an inline map", quoteText([]byte(p)))
			}
			mp := resolve(dir, p)
			m, rooms, err := loadMapFileRooms(mp, false)
			if err != nil {
				if me, ok := err.(*Error); ok && me.Line != 0 {
					return nil, err // names the map file and its line
				}
				return nil, errAt(name, ln, "map %s: %s", p, pathErrMsg(err, name, dir, p, mp))
			}
			s.Map, s.MapPath, s.MapFile = m, p, mp
			at.mapRooms = rooms
			s.Notes = append(s.Notes, nameNotes(BaseName(p), rooms.Notes)...) // the scenario's notes name their file
			s.MapNotes = rooms.Notes
		case "scen":
			if at.scenLine != 0 {
				return nil, errAt(name, ln, "second scen line (the first is line %d)", at.scenLine)
			}
			at.scenLine = ln
			p, err := PathArg(rest)
			if err != nil {
				return nil, errAt(name, ln, "scen: %v", err)
			}
			if p == "" {
				return nil, errAt(name, ln, "want \"scen PATH\" (a Moving AI .scen list)")
			}
			if !allowFiles {
				return nil, errAt(name, ln, "scen %s: this scenario may not refer to files", quoteText([]byte(p)))
			}
			sp := resolve(dir, p)
			rows, err := LoadScen(sp)
			if err != nil {
				if me, ok := err.(*Error); ok && me.Line != 0 {
					return nil, err // names the list and its line
				}
				return nil, errAt(name, ln, "scen %s: %s", p, pathErrMsg(err, name, dir, p, sp))
			}
			if len(rows) == 0 {
				return nil, errAt(name, ln, "scen %s has no rows", p)
			}
			s.Scen, s.ScenRows, s.ScenFile = p, rows, sp
		case "scen-skip":
			if len(args) == 0 {
				return nil, errAt(name, ln, "want \"scen-skip N ...\" (row numbers of the scen list, from 1)")
			}
			if at.skipLine == 0 {
				at.skipLine = ln
			}
			for _, a := range args {
				k, err := strconv.Atoi(a)
				if err != nil || k < 1 {
					return nil, errAt(name, ln, "scen-skip %s: want a row number of the scen list, from 1", quoteText([]byte(a)))
				}
				s.ScenSkip = append(s.ScenSkip, k)
			}
		case "regions":
			if len(args) != 1 {
				return nil, errAt(name, ln, "want \"regions LEVEL\", found %s", quoteText(line))
			}
			lvl, err := strconv.Atoi(args[0])
			want := len(at.regionLines) + 1
			if err != nil || lvl != want {
				return nil, errAt(name, ln, "regions %s: want level %d (layers go 1, 2, ... in order)", args[0], want)
			}
			if lvl > MaxRegionLevels {
				return nil, errAt(name, ln, "more than %d region layers", MaxRegionLevels)
			}
			block, blockLine = 2, ln
			at.regionLines = append(at.regionLines, ln)
			at.regionRows = append(at.regionRows, nil)
		case "query":
			if len(args) == 3 && args[1] == "->" {
				args = []string{args[0], args[2]} // "X,Y -> X,Y", "(X,Y)→(X,Y)"
			}
			if len(args) != 2 || contains(args, "->") {
				return nil, errAt(name, ln, "want \"query X,Y X,Y\" (or X,Y -> X,Y), found %s", quoteText(line))
			}
			a, err1 := parsePoint(args[0])
			b, err2 := parsePoint(args[1])
			if err1 != nil || err2 != nil {
				return nil, errAt(name, ln, "query: coordinates must be %s, found %s", cellForms, quoteText(line))
			}
			s.Queries = append(s.Queries, Query{a, b})
			at.queries = append(at.queries, ln)
		case "agent":
			a, err := parseAgent(args, name, ln, line)
			if err != nil {
				return nil, err
			}
			s.Agents = append(s.Agents, a)
			at.agents = append(at.agents, ln)
		case "dig", "fill", "weight":
			n := 1
			if word == "weight" {
				n = 2
			}
			if len(args) != n {
				form := map[string]string{"dig": "dig X,Y", "fill": "fill X,Y", "weight": "weight X,Y W"}[word]
				return nil, errAt(name, ln, "want \"%s\" (or a run, \"%s\"), found %s", form, strings.Replace(form, "X,Y", "X,Y..X2,Y", 1), quoteText(line))
			}
			p, last, err := parseRun(args[0])
			if err != nil {
				return nil, errAt(name, ln, "%s: %v, found %s", word, err, quoteText([]byte(args[0])))
			}
			e := Edit{Kind: Dig, Cell: p, Weight: 1}
			switch word {
			case "fill":
				e = Edit{Kind: Fill, Cell: p}
			case "weight":
				w, err := strconv.Atoi(args[1])
				if err != nil || w < 1 || w > 9 {
					return nil, errAt(name, ln, "weight %s is not a whole number from 1 to 9", quoteText([]byte(args[1])))
				}
				e = Edit{Kind: Weight, Cell: p, Weight: uint8(w)}
			}
			if p != last {
				// A run is expanded only where the map has cells, and
				// only with the map known: a small file of runs on a
				// 1×1 map asked for gigabytes before the edits were
				// checked against it (a review).
				if s.Map == nil || s.Map.Grid == nil {
					return nil, errAt(name, ln, "%s: a run needs the map first (the map line, or its inline block, before the edits)", word)
				}
				g := s.Map.Grid
				if s.MapPath == "" && (!g.In(p) || !g.In(last)) {
					q := p
					if g.In(p) {
						q = last
					}
					return nil, errCell(name, ln, q, "%s cell (%d,%d) is outside the %d×%d map", word, q.X, q.Y, g.Width(), g.Height())
				}
				var off int
				var outside image.Point
				p, last, off, outside = clipRun(p, last, g.Width(), g.Height())
				if off > 0 {
					if at.offRunCells == 0 {
						at.offRunFirst = e
						at.offRunFirst.Cell = outside
					}
					at.offRunCells += off
					at.offRunLines = append(at.offRunLines, ln)
				}
				if last.X < p.X || last.Y < p.Y {
					continue // all of it off the map
				}
			}
			if len(s.Edits)+last.X-p.X+last.Y-p.Y+1 > maxEditCells {
				return nil, errAt(name, ln, "the edit log passes %d cells, the most a file may hold", maxEditCells)
			}
			step := image.Pt(1, 0)
			if last.X == p.X {
				step = image.Pt(0, 1)
			}
			for c := p; ; c = c.Add(step) {
				e.Cell = c
				s.Edits = append(s.Edits, e)
				at.edits = append(at.edits, ln)
				if c == last {
					break
				}
			}
		case "stroke":
			if len(args) != 0 {
				return nil, errAt(name, ln, "want \"stroke\" alone on its line, found %s", quoteText(line))
			}
			// Before the first edit, or twice in a row, it starts nothing.
			if n := len(s.Edits); n > 0 && (len(s.StrokeStarts) == 0 || s.StrokeStarts[len(s.StrokeStarts)-1] != n) {
				s.StrokeStarts = append(s.StrokeStarts, n)
			}
		case "end":
			return nil, errAt(name, ln, "end without a block (blocks start with \"map inline\" or \"regions N\")")
		case "pathlens-scenario":
			return nil, errAt(name, ln, "second pathlens-scenario line (the first is line %d)", versionAt)
		default:
			return nil, errAt(name, ln, "unknown keyword %s (want name, about, set, map, regions, query, scen, scen-skip, agent, dig, fill, weight or stroke)", quoteText([]byte(word)))
		}
	}
	if versionAt == 0 {
		return nil, errAt(name, 0, "empty file (want \"pathlens-scenario %d\" and a map)", ScenarioVersion)
	}
	if block != 0 {
		what := "map inline"
		if block == 2 {
			what = fmt.Sprintf("regions %d", len(at.regionLines))
		}
		return nil, errAt(name, blockLine, "%s block has no \"end\" line", what)
	}
	if s.Map == nil {
		return nil, errAt(name, 0, "no map (want a line \"map inline\" or \"map PATH\")")
	}
	s.About = strings.Join(abouts, "\n")
	if oddClusterAt != 0 {
		if s.Settings.Abstraction == AbstractionHPA || s.Settings.Algo == AlgoHPA {
			return nil, errAt(name, oddClusterAt, "cluster \"%d\" is not a whole number from %d to %d", oddCluster, MinCluster, MaxCluster)
		}
		s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: set cluster %d is outside %d to %d: %d is used (a save writes it)",
			name, oddClusterAt, oddCluster, MinCluster, MaxCluster, s.Settings.Cluster))
	}
	if err := s.skipScenRows(name, at.skipLine); err != nil {
		return nil, err
	}
	if err := s.check(name, &at, setAt); err != nil {
		return nil, err
	}
	s.checkView(name, setAt, viewLeft)
	s.SetLines = setAt
	return s, nil
}

// skipScenRows takes the rows ScenSkip names out of ScenRows (see
// ScenSkip), sorting and compacting ScenSkip; line is the first scen-skip
// line, for messages.
func (s *Scenario) skipScenRows(name string, line int) error {
	if len(s.ScenSkip) == 0 {
		return nil
	}
	if s.Scen == "" {
		return errAt(name, line, "scen-skip without a scen line (it names rows of the scen list)")
	}
	slices.Sort(s.ScenSkip)
	s.ScenSkip = slices.Compact(s.ScenSkip)
	n := len(s.ScenRows)
	if last := s.ScenSkip[len(s.ScenSkip)-1]; last > n {
		i, _ := slices.BinarySearch(s.ScenSkip, n+1)
		s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: scen-skip %d: %s has %s: the rows past its end are left out (the list was shortened since)",
			name, line, last, s.Scen, strconv.Itoa(n)+" "+plural(n, "row", "rows")))
		s.ScenSkip = s.ScenSkip[:i]
	}
	kept := make([]ScenRow, 0, n-len(s.ScenSkip))
	skip := s.ScenSkip
	for i, r := range s.ScenRows {
		if len(skip) > 0 && skip[0] == i+1 {
			skip = skip[1:]
			continue
		}
		kept = append(kept, r)
	}
	s.ScenRows = kept
	return nil
}

// openAfterEdits reports whether cell p of the map is open once the edit
// log is applied (its last edit decides), without copying the grid.
func (s *Scenario) openAfterEdits(p image.Point) bool {
	open := s.Map.Grid.Open(p)
	for _, e := range s.Edits {
		if e.Cell == p {
			open = e.Kind != Fill
		}
	}
	return open
}

// setView reads a "set" line of one of ViewKeys (args: its words after
// "set"), on line ln, into s.Settings, and returns "" or, when the line is
// left out, why and what the window does instead. setAt gets the line of
// a line taken, left that of the first value left out.
func (s *Scenario) setView(args []string, setAt, left map[string]int, ln int) string {
	key := args[0]
	line := "set " + strings.Join(args, " ")
	forms := map[string]string{"zoom": "set zoom PX", "center": "set center X,Y", "level": "set level N", "pin": "set pin X,Y"}
	if len(args) != 2 {
		return fmt.Sprintf("%s left out: want %q", quoteText([]byte(line)), forms[key])
	}
	if prev := setAt[key]; prev != 0 {
		return fmt.Sprintf("%s left out: %s is set on line %d already, which is used", quoteText([]byte(line)), key, prev)
	}
	c, err := checkView(key, args[1])
	if err != nil {
		if left[key] == 0 {
			left[key] = ln // for checkView's note on a centre whose zoom is left out
		}
		return fmt.Sprintf("set %s %s left out: %v; %s", key, quoteText([]byte(args[1])), err, viewFallback[key])
	}
	s.Settings.putView(key, c)
	setAt[key] = ln
	return ""
}

// putView stores view setting key (ViewKeys) as c, a value checkView
// returned.
func (s *Settings) putView(key, c string) {
	switch key {
	case "zoom":
		s.Zoom = c
	case "center":
		s.Center = c
	case "level":
		s.ViewLevel = c
	case "pin":
		s.Pin = c
	}
}

// viewFallback says what the window shows in place of a view line left
// out.
var viewFallback = map[string]string{
	"zoom":   "the view is framed as without it",
	"center": "the view is framed as without it",
	"level":  "the level shown is chosen as without it",
	"pin":    "no cell is pinned",
}

// checkView checks the view's cells against the map, its walls as the edit
// log leaves them: a centre off the map, or a pin off it or on a wall (the
// map redrawn since the save, or the line typed so), is left out with a
// note, as is a centre without a zoom; a zoom whose centre is left out
// goes too (a zoom about another spot shows something else).
func (s *Scenario) checkView(name string, setAt, left map[string]int) {
	g := s.Map.Grid
	note := func(key, why string) {
		s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: set %s %s left out: %s", name, setAt[key], key, s.Settings.get(key), why))
		delete(setAt, key)
	}
	size := fmt.Sprintf("%d×%d", g.Width(), g.Height())
	if p, ok := s.Settings.ViewCenter(); ok {
		switch {
		case !g.In(p):
			why := fmt.Sprintf("the cell is off the %s map; %s", size, viewFallback["center"])
			if s.Settings.Zoom != "" {
				why = fmt.Sprintf("the cell is off the %s map, so set zoom %s (line %d) is left out too; %s", size, s.Settings.Zoom, setAt["zoom"], viewFallback["center"])
				delete(setAt, "zoom")
				s.Settings.Zoom = ""
			}
			note("center", why)
			s.Settings.Center = ""
		case s.Settings.ViewFit():
			note("center", "set zoom fit (line "+strconv.Itoa(setAt["zoom"])+") shows the whole map, about no cell")
			s.Settings.Center = ""
		case s.Settings.Zoom == "" && left["zoom"] != 0:
			note("center", fmt.Sprintf("it goes with set zoom, left out on line %d", left["zoom"]))
			s.Settings.Center = ""
		case s.Settings.Zoom == "":
			note("center", "a centre needs a zoom (set zoom PX); "+viewFallback["center"])
			s.Settings.Center = ""
		}
	}
	if p, ok := s.Settings.ViewPin(); ok {
		why := ""
		switch {
		case !g.In(p):
			why = fmt.Sprintf("the cell is off the %s map", size)
		case !s.openAfterEdits(p):
			why = "the cell is a wall once the edits are made (the map redrawn since the save, or the line typed so)"
		}
		if why != "" {
			note("pin", why+"; "+viewFallback["pin"])
			s.Settings.Pin = ""
		}
	}
}

// regionsEqual reports whether two sets of region layers are the same.
func regionsEqual(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// check validates what needs the whole file: regions against the map,
// coordinates, endpoints after the edit log, settings that depend on each other.
func (s *Scenario) check(name string, at *scenarioLines, setAt map[string]int) error {
	g := s.Map.Grid
	W, H := g.Width(), g.Height()
	mr := at.mapRooms
	resized := false // a copy of the map's rooms made before the map was resized
layers:
	for l, rows := range at.layers {
		if len(rows) != H {
			if len(mr.Layers) > 0 {
				resized = true
				break
			}
			return errAt(name, at.regionLines[l], "regions %d has %d rows, the map has %d", l+1, len(rows), H)
		}
		layer := make([]byte, 0, W*H)
		for y, row := range rows {
			if len(row) != W {
				if len(mr.Layers) > 0 {
					resized = true
					break layers
				}
				return errAt(name, at.regionRows[l][y], "regions %d row %d has %d cells, the map is %d wide (spaces count as cells)", l+1, y+1, len(row), W)
			}
			layer = append(layer, row...)
		}
		s.Regions = append(s.Regions, layer)
		s.RegionLines = append(s.RegionLines, at.regionLines[l])
	}
	if k := len(mr.Layers); k > 0 {
		// The map draws its own rooms (Tiled), which pathlens does not
		// edit: levels 1..k are read from the map, as it is now. A copy the
		// file holds of them (written before MapLevels, or with layers of
		// its own above them) gives way, with a note when it differs: the
		// rooms were redrawn since (or the map resized: the copy is not
		// checked against its new size). The file's own layers above k
		// stay, unless the resize left them the wrong size too.
		own := s.Regions
		n := min(k, len(own))
		if resized || !regionsEqual(own[:n], mr.Layers[:n]) {
			s.Notes = append(s.Notes, fmt.Sprintf("%s's rooms have changed since %s was saved: the map's rooms are used, not the copy in %s (saving the session again drops it)",
				BaseName(s.MapPath), filepath.Base(name), filepath.Base(name)))
		}
		var upper [][]byte
		var upperLines []int
		switch {
		case resized && len(at.layers) > k:
			s.Notes = append(s.Notes, fmt.Sprintf("the region layers above level %d in %s do not fit %s as it is now, and are left out",
				k, filepath.Base(name), BaseName(s.MapPath)))
		case len(own) > k:
			upper, upperLines = own[k:], s.RegionLines[k:]
		}
		s.Regions = append(slices.Clone(mr.Layers), upper...)
		s.RegionLines = append(make([]int, k), upperLines...)
		s.RegionNames, s.MapLevels = mr.Names, k
	}
	inside := func(ln int, what string, p image.Point) error {
		if !g.In(p) {
			return errCell(name, ln, p, "%s (%d,%d) is outside the %d×%d map", what, p.X, p.Y, W, H)
		}
		return nil
	}
	// A map file resized since the save (a level cut down in Tiled) may
	// no longer have the cells of some edits: those are left out, said in
	// the note below, as a query off the map is; an inline map cannot
	// change under the file, so an edit off it is refused.
	fromFile := s.MapPath != ""
	var changes []endpointChange
	var offLines []int
	var offCells int
	var off Edit // the first edit off the map
	for i, e := range s.Edits {
		if g.In(e.Cell) {
			continue
		}
		if !fromFile {
			return inside(at.edits[i], e.Kind.String()+" cell", e.Cell)
		}
		if len(offLines) == 0 {
			off = e
		}
		// A run's cells share its line: named once.
		if k := len(offLines); k == 0 || offLines[k-1] != at.edits[i] {
			offLines = append(offLines, at.edits[i])
		}
		offCells++
	}
	if at.offRunCells > 0 {
		// Runs' cells off the map were never expanded (parseScenario).
		if offCells == 0 {
			off = at.offRunFirst
		}
		offCells += at.offRunCells
		offLines = append(offLines, at.offRunLines...)
		slices.Sort(offLines)
		offLines = slices.Compact(offLines)
	}
	if offCells > 0 {
		s.dropEditsOff(g)
		text := fmt.Sprintf("%v (%d,%d) left out (its cell is off the %d×%d map)", off.Kind, off.Cell.X, off.Cell.Y, W, H)
		if offCells > 1 {
			text = fmt.Sprintf("%d edits left out (their cells are off the %d×%d map)", offCells, W, H)
		}
		changes = append(changes, endpointChange{lines: offLines, text: text})
	}
	world := s.World()
	filled := map[image.Point]int{} // the line of each cell's last edit, when that edit fills it
	for i, e := range s.Edits {
		if e.Kind == Fill {
			filled[e.Cell] = at.edits[i]
		} else {
			delete(filled, e.Cell)
		}
	}
	// A map file (a .tmx redrawn in Tiled, a .map re-exported) can change
	// after the scenario was saved, which never saves a query or agent on
	// a wall: a cell of the file that is a wall now, or off the map, is the
	// map's change, not a fault of the scenario. Such a query is left out
	// and such an agent moved or left idle (changedEndpoints), all said in
	// one note. An inline map cannot change under the file, and a fill of
	// the file's own edit log on an endpoint is the file contradicting
	// itself: both are refused, naming the line.
	// fault returns why p cannot be an endpoint once the edits are made:
	// "" when it is open; the reason, when the map file's change excuses
	// it; err, when the file is refused.
	fault := func(ln int, what string, p image.Point) (string, error) {
		if !g.In(p) {
			if fromFile {
				return fmt.Sprintf("off the %d×%d map", W, H), nil
			}
			return "", inside(ln, what, p)
		}
		if world.Open(p) {
			return "", nil
		}
		if el, ok := filled[p]; ok {
			return "", errCell(name, ln, p, "%s (%d,%d) is blocked once the edits are made (the fill on line %d)", what, p.X, p.Y, el)
		}
		if fromFile {
			return "a wall", nil
		}
		return "", errCell(name, ln, p, "%s (%d,%d) is blocked on the map", what, p.X, p.Y)
	}
	kept := s.Queries[:0:0]
	var keptLines []int
	for i, q := range s.Queries {
		why, err := fault(at.queries[i], "query start", q.Start)
		if err != nil {
			return err
		}
		end := "start"
		if why == "" {
			if why, err = fault(at.queries[i], "query goal", q.Goal); err != nil {
				return err
			}
			end = "goal"
		}
		if why != "" {
			changes = append(changes, endpointChange{lines: []int{at.queries[i]},
				text: fmt.Sprintf("query (%d,%d)→(%d,%d) left out (its %s is %s)", q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y, end, why)})
			continue
		}
		kept = append(kept, q)
		keptLines = append(keptLines, at.queries[i])
	}
	s.Queries, s.QueryLines = kept, keptLines
	if len(s.ScenRows) > 0 {
		mf, shown := "", "the inline map of "+filepath.Base(name)
		if s.MapPath != "" {
			mf = BaseName(s.MapPath)
			shown = fmt.Sprintf("%s (the map of %s)", mf, filepath.Base(name))
		}
		if err := CheckScenRows(s.ScenRows, W, H, mf, shown); err != nil {
			return err
		}
	}
	groupAt := map[int]int{} // the first line of each group
	for i, a := range s.Agents {
		if a.Idle || a.Group == 0 {
			continue
		}
		k, ok := groupAt[a.Group]
		if !ok {
			groupAt[a.Group] = i
			continue
		}
		if g := s.Agents[k].Goal; g != a.Goal {
			return errCell(name, at.agents[i], a.Goal, "agent goal (%d,%d) is not its group's: group %d goes to (%d,%d) (line %d), and a group's agents share their goal",
				a.Goal.X, a.Goal.Y, a.Group, g.X, g.Y, at.agents[k])
		}
		if s.Agents[k].InPlace != a.InPlace {
			arrived, not := i, k
			if s.Agents[k].InPlace {
				arrived, not = k, i
			}
			return errAt(name, at.agents[i], "group %d has arrived on line %d but not on line %d: a group arrives whole (every agent of it in its place) or is still under way",
				a.Group, at.agents[arrived], at.agents[not])
		}
	}
	agents, err := s.changedAgents(at.agents, fault, world, &changes)
	if err != nil {
		return err
	}
	s.Agents = agents
	if len(changes) > 0 {
		s.Notes = append(s.Notes, changedNote(BaseName(s.MapPath), filepath.Base(name), changes, len(offLines) > 0))
	}
	return nil
}

// dropEditsOff removes the edits whose cells g does not have, keeping the
// strokes of the others: a stroke left with no edit goes with them.
func (s *Scenario) dropEditsOff(g *pathing.Grid) {
	var edits []Edit
	var starts []int
	next := 0       // index into StrokeStarts
	begins := false // a stroke began at an edit not yet kept
	for i, e := range s.Edits {
		if next < len(s.StrokeStarts) && s.StrokeStarts[next] == i {
			begins = true
			next++
		}
		if !g.In(e.Cell) {
			continue
		}
		if n := len(edits); begins && n > 0 {
			starts = append(starts, n)
		}
		begins = false
		edits = append(edits, e)
	}
	s.Edits, s.StrokeStarts = edits, starts
}

// endpointChange is one query or agent (or one group of agents) that the
// map file's change made the scenario leave out, move or leave idle: the
// lines that name it and what was done.
type endpointChange struct {
	lines []int
	text  string
}

// moveAgentCells is how far (cells, Euclidean) an agent whose cell the
// map file has walled since the save is moved to the nearest open cell: a
// wall redrawn a tile or two thicker covers agents that stood beside it,
// and a step aside keeps them, their goals and their groups where the
// user put them. Farther, the nearest open cell may be another room, a
// place the user never chose: the agent is left out instead (and said).
const moveAgentCells = 2

// changedAgents returns the scenario's agents as they open on the map as
// it is now, for a scenario whose map file changed
// since the save (fault excuses a cell): an agent on a wall moves to the
// nearest open cell within moveAgentCells, or is left out when there is
// none (or it is off the map); an agent whose goal is a wall or off the
// map stays where it stands, idle, and so do all of its group, whose goal
// it is; so does an agent that had arrived on a cell now walled (its goal
// is that wall): moved, and idle. Each change is appended to changes. An agent fault refuses is
// the error. lines holds each agent's line.
func (s *Scenario) changedAgents(lines []int, fault func(int, string, image.Point) (string, error), world *pathing.Grid, changes *[]endpointChange) ([]AgentSpec, error) {
	out := make([]AgentSpec, 0, len(s.Agents))
	idleGroup := map[int]int{} // the index in changes of each group left idle
	for i, a := range s.Agents {
		ln := lines[i]
		why, err := fault(ln, "agent start", a.Start)
		if err != nil {
			return nil, err
		}
		if why != "" {
			p, ok := image.Point{}, false
			if world.In(a.Start) {
				p, ok = world.NearestOpen(a.Start, moveAgentCells)
			}
			if !ok {
				*changes = append(*changes, endpointChange{lines: []int{ln},
					text: fmt.Sprintf("agent at (%d,%d) left out (its cell is %s, with no open cell within %d)", a.Start.X, a.Start.Y, why, moveAgentCells)})
				continue
			}
			if a.Arrived() && a.Group == 0 {
				// It stood at its goal, which is that wall: moved, and
				// idle, as an agent whose goal is walled is (it kept
				// "arrived" at the cell it was moved to, a goal the user
				// never chose, and a save wrote that).
				*changes = append(*changes, endpointChange{lines: []int{ln},
					text: fmt.Sprintf("agent moved from (%d,%d) to (%d,%d) and left idle (its cell, which was its goal, is %s)", a.Start.X, a.Start.Y, p.X, p.Y, why)})
				out = append(out, AgentSpec{Start: p, Idle: true})
				continue
			}
			*changes = append(*changes, endpointChange{lines: []int{ln},
				text: fmt.Sprintf("agent moved from (%d,%d) to (%d,%d) (its cell is %s)", a.Start.X, a.Start.Y, p.X, p.Y, why)})
			a.Start = p // its goal stays where it was, checked below
		}
		if !a.Idle {
			why, err := fault(ln, "agent goal", a.Goal)
			if err != nil {
				return nil, err
			}
			if why != "" {
				switch k, seen := idleGroup[a.Group]; {
				case a.Group != 0 && seen:
					(*changes)[k].lines = append((*changes)[k].lines, ln)
				case a.Group != 0:
					idleGroup[a.Group] = len(*changes)
					*changes = append(*changes, endpointChange{lines: []int{ln},
						text: fmt.Sprintf("group %d left idle where it stands (its goal (%d,%d) is %s)", a.Group, a.Goal.X, a.Goal.Y, why)})
				default:
					*changes = append(*changes, endpointChange{lines: []int{ln},
						text: fmt.Sprintf("agent at (%d,%d) left idle (its goal (%d,%d) is %s)", a.Start.X, a.Start.Y, a.Goal.X, a.Goal.Y, why)})
				}
				a = AgentSpec{Start: a.Start, Idle: true}
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// changedNote is the one note on what the scenario file (base name file)
// opens without, or changed, because it does not fit its map file
// (mapName): the map changed since the file was saved, or a hand-written
// file named walls. Every query and agent is named, with its lines.
func changedNote(mapName, file string, changes []endpointChange, editsLeftOut bool) string {
	slices.SortStableFunc(changes, func(a, b endpointChange) int { return a.lines[0] - b.lines[0] })
	items := make([]string, len(changes))
	for i, c := range changes {
		what := "line"
		if len(c.lines) > 1 {
			what = "lines"
		}
		nums := make([]string, len(c.lines))
		for k, l := range c.lines {
			nums[k] = strconv.Itoa(l)
		}
		items[i] = fmt.Sprintf("%s %s: %s", what, strings.Join(nums, ", "), c.text)
	}
	// "Applied", not "kept": an edit line the map already holds is
	// applied (it changes nothing), and the session's note on it says a
	// save drops it; "the edits are all kept" beside that read as a
	// contradiction (a teacher's headless export).
	kept := "Every edit is applied"
	if editsLeftOut {
		kept = "The other edits are applied"
	}
	// Not only a changed map: a hand-written file naming a wall reads the
	// same, and the note claimed the map had changed when it had not.
	return fmt.Sprintf("what %s names does not fit %s as it is (%s has changed since %s was saved, or the file named these cells so): %s. %s; a save writes the session as it opens now",
		file, mapName, mapName, file, strings.Join(items, " · "), kept)
}

// loadMapFile is loadMapFileRooms without the rooms.
func loadMapFile(path string, allowScenario bool) (*Map, error) {
	m, _, err := loadMapFileRooms(path, allowScenario)
	return m, err
}

// loadMapFileRooms is LoadMap, with a Tiled map's rooms, optionally refusing scenario files (a scenario's map
// may not be another scenario: that could recurse forever).
func loadMapFileRooms(path string, allowScenario bool) (*Map, Rooms, error) {
	var rooms Rooms
	f, err := openInput(path)
	if err != nil {
		return nil, rooms, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(512)
	if why := NotText(head); why != "" {
		return nil, rooms, errAt(path, 0, "%s", why)
	}
	var m *Map
	switch Detect(head) {
	case FormatMovingAI:
		m, err = ReadMovingAI(br, path)
	case FormatScen:
		return nil, rooms, wrongKind(scenNotMap(path, head), !allowScenario)
	case FormatTiled:
		m, rooms, err = ReadTiledRooms(br, path, filepath.Dir(path))
	case FormatTiledJSON:
		return nil, rooms, wrongKind(tiledJSON(path), !allowScenario)
	case FormatScenario:
		if !allowScenario {
			return nil, rooms, wrongKind(errAt(path, 1, "is a pathlens scenario; a scenario's map must be a Moving AI, ASCII or Tiled map"), true)
		}
		var s *Scenario
		s, err = ParseScenario(br, path, filepath.Dir(path))
		if s != nil {
			m = s.Map
		}
	default:
		m, err = ReadASCII(br, path)
	}
	if err != nil {
		return nil, rooms, err
	}
	m.Name = filepath.Base(path)
	return m, rooms, nil
}

// wrongKind is e, the refusal of a whole file for its kind (a scenario
// list or a scenario where a map belongs), as a scenario's map or scen line
// names it (named is true): without a line of its own, so that the
// scenario's reader puts its own file and line before it. With a line,
// "lvl1.pls:1: is a pathlens scenario" read as a fault inside lvl1.pls,
// a good session, when the fault was the line of the file opened that
// named it.
func wrongKind(e *Error, named bool) *Error {
	if named {
		e.Line = 0
	}
	return e
}

// openInput opens a map or scenario file for reading, refusing folders,
// devices and pipes (which could block or never end) and files larger than
// MaxMapBytes, before reading a byte.
func openInput(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errPath(path, err)
	}
	st, err := f.Stat()
	switch {
	case err != nil:
		err = errPath(path, err)
	case st.IsDir():
		err = errAt(path, 0, "is a directory, not a file")
	case !st.Mode().IsRegular():
		err = errAt(path, 0, "is not a regular file (a device or pipe could block or never end)")
	case st.Size() > MaxMapBytes:
		err = oversizeErr(f, path, st.Size())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// pathErrMsg is the text of err, the error of opening file p named on a
// line of scenario name, resolved against dir to path: the absolute path
// tried, then the error, and for a relative p that climbs ("../") the
// folder it was relative to ("/srv/maps/den.map: no such file or directory (the path is relative
// to /home/t/levels, the folder of den.pls)"). The relative path alone,
// repeated, never said where a copied .pls had looked.
func pathErrMsg(err error, name, dir, p, path string) string {
	me, ok := err.(*Error)
	if !ok || me.Line != 0 || (me.File != path && me.File != "") {
		return errMsg(err)
	}
	if filepath.IsAbs(filepath.FromSlash(p)) {
		return me.Msg // the line names it already
	}
	abs, err1 := filepath.Abs(path)
	from, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return errMsg(err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		// Found, but unreadable or bad: no path problem to point at (a
		// review saw an empty map told it was relative).
		return fmt.Sprintf("%s: %s", abs, me.Msg)
	}
	whose := "the folder of " + filepath.Base(name)
	if dir == "" {
		whose = "the working folder" // ParseScenario's dir ""
	}
	// A .pls moved without its map (a designer's test) is told where the
	// path was read from and what to do.
	return fmt.Sprintf("%s: %s (the path is relative to %s, %s: put the file there, or give its path on this line)", abs, me.Msg, from, whose)
}

// errMsg is err's text: a file error's message alone when it names
// neither file nor line.
func errMsg(err error) string {
	if me, ok := err.(*Error); ok && me.File == "" && me.Line == 0 {
		return me.Msg
	}
	return err.Error()
}

// splitWord splits a trimmed line at its first space or tab.
func splitWord(line []byte) (string, []byte) {
	i := bytes.IndexAny(line, " \t")
	if i < 0 {
		return string(line), nil
	}
	return string(line[:i]), line[i+1:]
}

// PathArg reads the path of a "map PATH" or "scen PATH" line from what
// follows the keyword: as it stands, up to a comment, or in double quotes
// with Go's escapes, as the writer puts a path that would not read back
// bare (pathWord: "lvl #2.txt", whose " #" starts a comment, could not be
// saved at all), which a comment may follow.
func PathArg(rest []byte) (string, error) {
	t := trimSpace(rest)
	if len(t) == 0 || t[0] != '"' {
		return string(trimSpace(stripComment(rest))), nil
	}
	q, err := strconv.QuotedPrefix(string(t))
	if err != nil {
		return "", fmt.Errorf("the quoted path %s has no closing quote, or a bad \\ escape (a path in quotes is written as Go writes a string)", quoteText(t))
	}
	p, err := strconv.Unquote(q)
	if err != nil {
		return "", fmt.Errorf("the quoted path %s: %v", quoteText(t), err)
	}
	if after := trimSpace(stripComment(t[len(q):])); len(after) > 0 {
		return "", fmt.Errorf("text %s after the quoted path %s (a comment starts with #)", quoteText(after), q)
	}
	return p, nil
}

// pathWord is path p as a "map" or "scen" line writes it: bare when it
// reads back so (pathLine), else in double quotes (PathArg).
func pathWord(p string) string {
	if pathLine(p) {
		return p
	}
	return strconv.Quote(p)
}

// stripComment cuts b at a '#' that starts it or follows a space or tab.
func stripComment(b []byte) []byte {
	for i, c := range b {
		if c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t') {
			return b[:i]
		}
	}
	return b
}

// cellInParens and cellSpaced match a cell as the window shows it or its
// go-to prompt takes it, "(X,Y)", "(X, Y)", "(X Y)" or "X, Y": joinCells
// writes each as "X,Y", the form the file writes.
var (
	cellInParens = regexp.MustCompile(`\(\s*([+-]?[0-9]+)(?:\s*,\s*|\s+)([+-]?[0-9]+)\s*\)`)
	cellSpaced   = regexp.MustCompile(`([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+)`)
)

// spaceArrow writes the arrow between a query's or agent's start and
// goal, "→" as the window shows it ("(5,5)→(35,20)") or "->" as the file
// writes an agent's, as one word "->" between spaces, so that the cells
// on either side split apart ("1,1→4,0" is "1,1 -> 4,0").
func spaceArrow(s string) string {
	if !strings.Contains(s, "→") && !strings.Contains(s, "->") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "→", "->"), "->", " -> ")
}

// joinCells rewrites the cells of a query, agent or edit line's words
// written as the window writes them ("(12, 7)") as the file writes them
// ("12,7"), so that splitting the line at spaces gives one word a cell.
// Anything else is left as it is, for parsePoint to refuse.
func joinCells(s string) string {
	if !strings.Contains(s, "(") && !spacedComma(s) {
		return s // the file's own form, "12,7": every edit line of a long log (the regexps tripled its parse)
	}
	s = cellInParens.ReplaceAllString(s, "$1,$2")
	return cellSpaced.ReplaceAllString(s, "$1,$2")
}

// spacedComma reports whether s has a comma with a space or tab beside it
// ("12, 7"), which joinCells closes up.
func spacedComma(s string) bool {
	for i := strings.IndexByte(s, ','); i >= 0; {
		if i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') || i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t') {
			return true
		}
		j := strings.IndexByte(s[i+1:], ',')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// cellForms is how a cell may be written, for messages.
const cellForms = "X,Y with whole numbers (also X, Y or (X,Y))"

// parsePoint parses "X,Y".
func parsePoint(s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return image.Point{}, fmt.Errorf("no comma")
	}
	x, err := strconv.Atoi(xs)
	if err != nil {
		return image.Point{}, err
	}
	y, err := strconv.Atoi(ys)
	if err != nil {
		return image.Point{}, err
	}
	return image.Pt(x, y), nil
}

// parseAgent reads an agent line's words after "agent" (see AgentSpec):
// "X,Y -> X,Y", with "group N" after it or not, "X,Y X,Y" (an early form
// without the arrow), "X,Y arrived" or "X,Y idle".
func parseAgent(args []string, name string, ln int, line []byte) (AgentSpec, error) {
	var a AgentSpec
	words := args
	if len(words) >= 3 && words[1] == "->" {
		words = append([]string{words[0]}, words[2:]...)
	}
	arrow := len(words) < len(args)
	state := len(args) == 2 && (args[1] == "idle" || args[1] == "arrived")
	if len(words) == 5 && arrow && words[2] == "group" && words[4] == "arrived" {
		a.InPlace = true
		words = words[:4]
	}
	switch {
	case state, len(words) == 2 && words[1] != "idle" && words[1] != "arrived", len(words) == 4 && arrow && words[2] == "group":
	default:
		return a, errAt(name, ln, "want %s, found %s", agentForms, quoteText(line))
	}
	start, err := parsePoint(words[0])
	if err != nil {
		return a, errAt(name, ln, "agent: coordinates must be %s, found %s", cellForms, quoteText(line))
	}
	a.Start = start
	switch words[1] {
	case "idle":
		a.Idle = true
		return a, nil
	case "arrived":
		a.Goal = start
		return a, nil
	}
	if a.Goal, err = parsePoint(words[1]); err != nil {
		if !arrow && !strings.Contains(words[1], ",") {
			// A word, not a cell: "agent 1,1 waiting".
			return a, errAt(name, ln, "want %s, found %s", agentForms, quoteText(line))
		}
		return a, errAt(name, ln, "agent: coordinates must be %s, found %s", cellForms, quoteText(line))
	}
	if len(words) == 4 {
		n, err := strconv.Atoi(words[3])
		if err != nil || n < 1 {
			return a, errAt(name, ln, "agent: group %s is not a whole number from 1 (the agents sent together share one)", quoteText([]byte(words[3])))
		}
		a.Group = n
	}
	return a, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// WriteScenario writes s in the scenario format, so that ParseScenario gives
// back an equal Scenario (see Equal). The map is written inline as ASCII rows
// unless MapPath is set, in which case only the path is written (save the
// map itself separately, e.g. with SaveMap). Settings are written in a fixed
// order; About is written one "about" line per line.
//
// It refuses, naming the field, anything that would not read back the same:
// a missing map, a name with a line break, a region layer of the wrong size
// or holding a row that reads as "end" or a non-printable byte, a weight the
// ASCII format cannot hold, a coordinate that is off the map, a query or
// agent endpoint that is blocked once the edits are made, a setting value the
// reader refuses. Nothing is written then.
func WriteScenario(w io.Writer, s *Scenario) error {
	if err := s.writable(); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "pathlens-scenario %d\n", ScenarioVersion)
	if s.Name != "" {
		fmt.Fprintf(bw, "name %s\n", s.Name)
	}
	if s.About != "" {
		for _, l := range strings.Split(s.About, "\n") {
			if l == "" {
				bw.WriteString("about\n")
			} else {
				fmt.Fprintf(bw, "about %s\n", l)
			}
		}
	}
	for _, k := range settingKeys {
		if v := s.Settings.get(k.key); v != "" {
			fmt.Fprintf(bw, "set %s %s\n", k.key, v)
		}
	}
	if s.MapPath != "" {
		fmt.Fprintf(bw, "map %s\n", pathWord(filepath.ToSlash(s.MapPath)))
	} else {
		bw.WriteString("map inline\n")
		writeASCIIRows(bw, s.Map, "\n", true)
		bw.WriteString("end\n")
	}
	W := s.Map.Grid.Width()
	regions := s.Regions
	if s.MapLevels > 0 && s.MapPath != "" && len(regions) <= s.MapLevels {
		regions = nil // the map's own rooms: read from it again (see MapLevels)
	}
	for l, layer := range regions {
		fmt.Fprintf(bw, "regions %d\n", l+1)
		for i := 0; i < len(layer); i += W {
			bw.Write(layer[i : i+W])
			bw.WriteByte('\n')
		}
		bw.WriteString("end\n")
	}
	if s.Scen != "" {
		fmt.Fprintf(bw, "scen %s\n", pathWord(filepath.ToSlash(s.Scen)))
		// The rows removed, by number, a short line at a time.
		for i := 0; i < len(s.ScenSkip); i += 20 {
			bw.WriteString("scen-skip")
			for _, k := range s.ScenSkip[i:min(i+20, len(s.ScenSkip))] {
				fmt.Fprintf(bw, " %d", k)
			}
			bw.WriteByte('\n')
		}
	}
	for _, q := range s.Queries {
		fmt.Fprintf(bw, "query %d,%d %d,%d\n", q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y)
	}
	for _, a := range s.Agents {
		switch {
		case a.Idle:
			fmt.Fprintf(bw, "agent %d,%d idle\n", a.Start.X, a.Start.Y)
		case a.Group != 0 && a.InPlace:
			fmt.Fprintf(bw, "agent %d,%d -> %d,%d group %d arrived\n", a.Start.X, a.Start.Y, a.Goal.X, a.Goal.Y, a.Group)
		case a.Group != 0:
			// A member standing on its group's goal is still one of the group.
			fmt.Fprintf(bw, "agent %d,%d -> %d,%d group %d\n", a.Start.X, a.Start.Y, a.Goal.X, a.Goal.Y, a.Group)
		case a.Arrived():
			fmt.Fprintf(bw, "agent %d,%d arrived\n", a.Start.X, a.Start.Y)
		default:
			fmt.Fprintf(bw, "agent %d,%d -> %d,%d\n", a.Start.X, a.Start.Y, a.Goal.X, a.Goal.Y)
		}
	}
	next := 0 // index into StrokeStarts
	for i := 0; i < len(s.Edits); {
		if next < len(s.StrokeStarts) && s.StrokeStarts[next] == i {
			bw.WriteString("stroke\n")
			next++
		}
		// A run: the edits after e of its kind (and weight) on the cells
		// to its right, or below it, in order, within the stroke. A 9×9
		// brush stroke had written 901 lines, a cell each.
		e := s.Edits[i]
		j := i + 1
		var step image.Point // along the row, or down the column (a wide brush's sideways move)
		for _, d := range [2]image.Point{{1, 0}, {0, 1}} {
			for j < len(s.Edits) && s.Edits[j].Kind == e.Kind && s.Edits[j].Weight == e.Weight &&
				s.Edits[j].Cell == e.Cell.Add(d.Mul(j-i)) &&
				(next >= len(s.StrokeStarts) || s.StrokeStarts[next] != j) {
				j, step = j+1, d
			}
			if j > i+1 {
				break
			}
		}
		cell := fmt.Sprintf("%d,%d", e.Cell.X, e.Cell.Y)
		if j-i > 1 {
			end := e.Cell.Add(step.Mul(j - i - 1))
			cell += fmt.Sprintf("..%d,%d", end.X, end.Y)
		}
		switch e.Kind {
		case Dig:
			fmt.Fprintf(bw, "dig %s\n", cell)
		case Fill:
			fmt.Fprintf(bw, "fill %s\n", cell)
		case Weight:
			fmt.Fprintf(bw, "weight %s %d\n", cell, e.Weight)
		}
		i = j
	}
	return bw.Flush()
}

// clipRun returns the part of the run from first to last (along a row or
// down a column) inside a w×h map, and how many of its cells lie off it;
// a run wholly off the map comes back with last before first.
// outside is the first of the run's cells off the map (when there is one).
func clipRun(first, last image.Point, w, h int) (lo, hi image.Point, off int, outside image.Point) {
	n := last.X - first.X + last.Y - first.Y + 1
	r := image.Rect(0, 0, w, h)
	outside = first
	if first.In(r) {
		outside = last // a run leaves the map at its far end only
		if first.Y == last.Y {
			outside.X = w
		} else {
			outside.Y = h
		}
	}
	if first.Y == last.Y { // along a row
		if first.Y < 0 || first.Y >= h {
			return first, first.Sub(image.Pt(1, 0)), n, outside
		}
		first.X, last.X = max(first.X, 0), min(last.X, w-1)
	} else {
		if first.X < 0 || first.X >= w {
			return first, first.Sub(image.Pt(0, 1)), n, outside
		}
		first.Y, last.Y = max(first.Y, 0), min(last.Y, h-1)
	}
	in := max(0, last.X-first.X+last.Y-first.Y+1)
	return first, last, n - in, outside
}

// maxEditCells is the most cells a scenario's edit log may hold: as many
// as single-cell lines ("dig 1,1", 8 bytes) would fill the largest file,
// so runs never let a small file ask for more memory than a large one.
const maxEditCells = int(MaxScenarioBytes / 8)

// parseRun reads the cell of an edit line, X,Y (first and last the same),
// or a run of cells along a row, X,Y..X2,Y (X2 > X), or down a column,
// X,Y..X,Y2 (Y2 > Y), which the writer makes of a stroke's edits on cells
// side by side, in order. A run is at most pathing.MaxSide cells.
func parseRun(s string) (first, last image.Point, err error) {
	a, b, run := strings.Cut(s, "..")
	first, err = parsePoint(a)
	if err != nil {
		return first, first, fmt.Errorf("coordinates must be %s (or X,Y..X2,Y for a run)", cellForms)
	}
	if !run {
		return first, first, nil
	}
	last, err = parsePoint(b)
	if err != nil {
		return first, first, fmt.Errorf("a run's last cell must be %s", cellForms)
	}
	d := last.Sub(first)
	if !(d.Y == 0 && d.X > 0 || d.X == 0 && d.Y > 0) || d.X+d.Y >= pathing.MaxSide {
		return first, first, fmt.Errorf("a run goes along one row left to right (X,Y..X2,Y) or down one column (X,Y..X,Y2), 2 to %d cells", pathing.MaxSide)
	}
	return first, last, nil
}

// pathLine reports whether path p reads back unchanged after "map " or
// "scen " as it stands: one line, no surrounding spaces, no quote first
// (PathArg reads a quoted path), and nothing the reader takes for a
// comment ('#' first, or after a space or tab). pathWord quotes any other.
func pathLine(p string) bool {
	return !strings.ContainsAny(p, "\r\n") && strings.TrimSpace(p) == p && !strings.HasPrefix(p, "#") &&
		!strings.HasPrefix(p, `"`) && !strings.Contains(p, " #") && !strings.Contains(p, "\t#")
}

// writable reports the first thing WriteScenario could not write faithfully.
func (s *Scenario) writable() error {
	bad := func(format string, args ...any) error {
		return errAt(s.Name, 0, "cannot write scenario: "+format, args...)
	}
	if s.Map == nil || s.Map.Grid == nil {
		return bad("it has no map")
	}
	if strings.ContainsAny(s.Name, "\r\n") {
		return bad("the name %q has a line break", s.Name)
	}
	if strings.TrimSpace(s.Name) != s.Name {
		return bad("the name %q starts or ends with a space", s.Name)
	}
	for _, l := range strings.Split(s.About, "\n") {
		if strings.TrimSpace(l) != l {
			return bad("the about line %q starts or ends with a space or carriage return", l)
		}
	}
	if s.MapPath == "inline" {
		return bad("a map file may not be called \"inline\"")
	}
	g := s.Map.Grid
	if s.MapPath == "" {
		for i, wt := range g.Cells() {
			if wt > 9 {
				p := g.Point(i)
				return bad("cell (%d,%d) has weight %d: inline maps allow 1 to 9", p.X, p.Y, wt)
			}
		}
	}
	if len(s.Regions) > MaxRegionLevels {
		return bad("%d region layers, at most %d", len(s.Regions), MaxRegionLevels)
	}
	for l, layer := range s.Regions {
		if len(layer) != g.Len() {
			return bad("regions %d has %d cells, the map has %d", l+1, len(layer), g.Len())
		}
		for i := 0; i < len(layer); i += g.Width() {
			row := layer[i : i+g.Width()]
			for x, c := range row {
				if c < 0x20 || c > 0x7e {
					return bad("regions %d cell (%d,%d) is %s, not a printable character", l+1, x, i/g.Width(), quoteByte(c))
				}
			}
			if string(trimSpace(row)) == "end" {
				return bad("regions %d row %d reads as \"end\"", l+1, i/g.Width()+1)
			}
		}
	}
	for k, i := range s.StrokeStarts {
		if i <= 0 || i >= len(s.Edits) || k > 0 && i <= s.StrokeStarts[k-1] {
			return bad("stroke start %d is not inside the %d edits, after the one before", i, len(s.Edits))
		}
	}
	for _, e := range s.Edits {
		if !g.In(e.Cell) {
			return bad("%v cell (%d,%d) is off the map", e.Kind, e.Cell.X, e.Cell.Y)
		}
		switch {
		case e.Kind == Dig && e.Weight != 1, e.Kind == Fill && e.Weight != 0,
			e.Kind == Weight && (e.Weight < 1 || e.Weight > 9), e.Kind < Dig || e.Kind > Weight:
			return bad("edit %v at (%d,%d) with weight %d cannot be written", e.Kind, e.Cell.X, e.Cell.Y, e.Weight)
		}
	}
	// Settings, as the reader checks them.
	var scratch Settings
	for _, k := range settingKeys {
		v := s.Settings.get(k.key)
		if v == "" {
			continue
		}
		if k.values != nil && !contains(k.values, v) {
			return bad("setting %s %q (want %s)", k.key, v, strings.Join(k.values, ", "))
		}
		if err := scratch.set(k.key, v); err != nil {
			return bad("setting %v", err)
		}
	}
	// Endpoints, which the reader wants on the map and open once the edit
	// log has been applied.
	var world *pathing.Grid
	endpoint := func(what string, p image.Point) error {
		if !g.In(p) {
			return bad("%s (%d,%d) is off the map", what, p.X, p.Y)
		}
		if world == nil {
			world = s.World()
		}
		if !world.Open(p) {
			return bad("%s (%d,%d) is blocked once the edits are made", what, p.X, p.Y)
		}
		return nil
	}
	for _, q := range s.Queries {
		if err := endpoint("query start", q.Start); err != nil {
			return err
		}
		if err := endpoint("query goal", q.Goal); err != nil {
			return err
		}
	}
	groupGoal := map[int]image.Point{}
	groupIn := map[int]bool{}
	for _, a := range s.Agents {
		if err := endpoint("agent start", a.Start); err != nil {
			return err
		}
		if a.InPlace && (a.Idle || a.Group == 0) {
			return bad("the agent at (%d,%d) is marked arrived in place, which only a group's agents are", a.Start.X, a.Start.Y)
		}
		if a.Idle {
			if a.Group != 0 {
				return bad("the idle agent at (%d,%d) is in group %d: a group has a goal", a.Start.X, a.Start.Y, a.Group)
			}
			continue
		}
		if err := endpoint("agent goal", a.Goal); err != nil {
			return err
		}
		if a.Group < 0 {
			return bad("the agent at (%d,%d) has group %d: groups are numbered from 1", a.Start.X, a.Start.Y, a.Group)
		}
		if a.Group == 0 {
			continue
		}
		if g, ok := groupGoal[a.Group]; ok && g != a.Goal {
			return bad("the agent at (%d,%d) goes to (%d,%d), but group %d goes to (%d,%d)", a.Start.X, a.Start.Y, a.Goal.X, a.Goal.Y, a.Group, g.X, g.Y)
		}
		if in, ok := groupIn[a.Group]; ok && in != a.InPlace {
			return bad("group %d has arrived for some of its agents and not for the agent at (%d,%d)", a.Group, a.Start.X, a.Start.Y)
		}
		groupGoal[a.Group], groupIn[a.Group] = a.Goal, a.InPlace
	}
	return nil
}

// Equal reports whether two scenarios hold the same content: all fields,
// with maps compared by Map.Equal (names, formats and line ends ignored).
func (s *Scenario) Equal(o *Scenario) bool {
	if s == nil || o == nil {
		return s == o
	}
	if s.Name != o.Name || s.About != o.About || s.Settings != o.Settings || s.MapPath != o.MapPath || s.Scen != o.Scen || !slices.Equal(s.ScenSkip, o.ScenSkip) ||
		!s.Map.Equal(o.Map) || len(s.Regions) != len(o.Regions) ||
		!equalSlices(s.Queries, o.Queries) || !equalSlices(agentKeys(s.Agents), agentKeys(o.Agents)) || !equalSlices(s.Edits, o.Edits) {
		return false
	}
	for i := range s.Regions {
		if !bytes.Equal(s.Regions[i], o.Regions[i]) {
			return false
		}
	}
	return true
}

// agentKeys returns the agents as Equal compares them: an idle agent's
// Goal, which is not written, left out.
func agentKeys(as []AgentSpec) []AgentSpec {
	out := make([]AgentSpec, len(as))
	for i, a := range as {
		if a.Idle {
			a.Goal = image.Point{}
		}
		out[i] = a
	}
	return out
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// resolve returns the path p, written in a scenario with '/', as a file
// name: relative to dir, the scenario's folder, unless absolute.
func resolve(dir, p string) string {
	fp := filepath.FromSlash(p)
	if filepath.IsAbs(fp) {
		return fp
	}
	return filepath.Join(dir, fp)
}
