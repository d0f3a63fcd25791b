package maps

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exampleScenario is the example of docs/formats.md, filled in.
const exampleScenario = `pathlens-scenario 1   # format version
# A comment line.
name pathological-minimum
about Minimum costs route through the fewest rooms; switch to average minimum to see the direct route.
about Second line: # is text here.
set abstraction groups        # hpa | groups
set algo group               # astar | dijkstra | greedy | hpa | group
set cluster 8                 # cluster size (hpa 4..64; groups any >= 2)
set levels 2                  # 1..4
set cost minimum              # minimum | maximin | avgmin
set exclusion off             # on | off
set neighborhood 8            # 8 | 4
set heuristic octile          # octile | euclidean | manhattan | chebyshev | zero | cluster
set smooth on                 # on | off
set shortcut off              # on | off   (HPA*: bounded A* for short queries)
set target representative     # representative | nearest
set agent-refine lazy         # eager | lazy   (how much of a route the agents' HPA* plans refine)
map inline                    # or:  map relative/or/absolute/path.map
##########
#........#
#..####3.#
##########
end
regions 1                     # optional region layer for level 1
AAAAABBBBB
AAAAABBBBB
AA    BBBB
##########
end
regions 2
XXXXXXXXXX
XXXXXXXXXX
XXXXXXXXXX
XXXXXXXXXX
end

query 1,1 8,2                 # start x,y  goal x,y
query 2,2 3,1
agent 1,1 -> 8,2              # an agent at 1,1 whose goal is 8,2
dig 4,2                       # open a cell (weight 1)
fill 4,1                      # block a cell
weight 5,1 3                  # set a weight 1..9
`

func TestParseScenarioExample(t *testing.T) {
	s, err := ParseScenario(strings.NewReader(strings.ReplaceAll(exampleScenario, "\n", "\r\n")), "ex.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "pathological-minimum" || !strings.HasSuffix(s.About, "\nSecond line: # is text here.") {
		t.Errorf("Name %q About %q", s.Name, s.About)
	}
	want := Settings{Abstraction: AbstractionGroups, Algo: AlgoGroup, Cluster: 8, Levels: 2, Cost: CostMinimum,
		Exclusion: Off, Neighborhood: 8, Heuristic: HeuristicOctile, Smooth: On, Shortcut: Off, Target: TargetRepresentative, AgentRefine: AgentRefineLazy}
	if s.Settings != want {
		t.Errorf("Settings %+v\nwant     %+v", s.Settings, want)
	}
	g := s.Map.Grid
	if g.Width() != 10 || g.Height() != 4 || g.Weight(image.Pt(7, 2)) != 3 || g.Open(image.Pt(4, 2)) || s.MapPath != "" {
		t.Errorf("map %v terrain %q path %q", s.Map, s.Map.Terrain, s.MapPath)
	}
	if len(s.Regions) != 2 || s.Regions[0][2*10+2] != ' ' || s.Regions[0][9] != 'B' || s.Regions[1][0] != 'X' {
		t.Errorf("Regions %q", s.Regions)
	}
	if len(s.Queries) != 2 || s.Queries[0] != (Query{image.Pt(1, 1), image.Pt(8, 2)}) {
		t.Errorf("Queries %v", s.Queries)
	}
	if len(s.Agents) != 1 || s.Agents[0] != (AgentSpec{Start: image.Pt(1, 1), Goal: image.Pt(8, 2)}) {
		t.Errorf("Agents %v", s.Agents)
	}
	wantEdits := []Edit{{Dig, image.Pt(4, 2), 1}, {Fill, image.Pt(4, 1), 0}, {Weight, image.Pt(5, 1), 3}}
	if !equalSlices(s.Edits, wantEdits) {
		t.Errorf("Edits %v, want %v", s.Edits, wantEdits)
	}
	w := s.World()
	if !w.Open(image.Pt(4, 2)) || w.Open(image.Pt(4, 1)) || w.Weight(image.Pt(5, 1)) != 3 || s.Map.Grid.Open(image.Pt(4, 2)) {
		t.Errorf("World did not apply the edits to a copy")
	}
	if nb, set := s.Settings.PathingNeighborhood(); !set || nb.String() != "8" {
		t.Errorf("PathingNeighborhood = %v, %v", nb, set)
	}
}

func TestScenarioRoundTrip(t *testing.T) {
	s, err := ParseScenario(strings.NewReader(exampleScenario), "ex.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	s.About = "line one\n\nline three"
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := ParseScenario(bytes.NewReader(buf.Bytes()), "back.pls", "")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !back.Equal(s) {
		t.Errorf("read back a different scenario:\n%+v\nwant\n%+v\nfile:\n%s", back, s, buf.String())
	}
	var again bytes.Buffer
	if err := WriteScenario(&again, back); err != nil {
		t.Fatal(err)
	}
	if again.String() != buf.String() {
		t.Errorf("second write differs:\n%s\nfirst:\n%s", again.String(), buf.String())
	}

	// The smallest scenario: a map and nothing else; every setting unset.
	min := &Scenario{Map: NewMap("m", mustASCII(t, ".#\n..\n").Grid)}
	buf.Reset()
	if err := WriteScenario(&buf, min); err != nil {
		t.Fatal(err)
	}
	if want := "pathlens-scenario 1\nmap inline\n.#\n..\nend\n"; buf.String() != want {
		t.Errorf("minimal scenario written as %q, want %q", buf.String(), want)
	}
	back, err = ParseScenario(&buf, "min.pls", "")
	if err != nil || !back.Equal(min) {
		t.Errorf("minimal scenario read back as %+v, %v", back, err)
	}
}

// TestScenarioWithoutAgentRefine: files written before the agent-refine
// setting existed (testdata/example.pls, the gallery) still load, with the
// setting unset, and an unset setting writes no line.
func TestScenarioWithoutAgentRefine(t *testing.T) {
	s, err := LoadScenario(filepath.Join("testdata", "example.pls"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Settings.AgentRefine != "" || s.Settings.Target != TargetRepresentative {
		t.Fatalf("settings %+v: want agent-refine unset and the rest read", s.Settings)
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "agent-refine") {
		t.Errorf("an unset agent-refine was written:\n%s", buf.String())
	}
	s.Settings.AgentRefine = AgentRefineEager
	buf.Reset()
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\nset target representative\nset agent-refine eager\n") {
		t.Errorf("agent-refine eager not written after the other settings:\n%s", buf.String())
	}
}

func mustASCII(t *testing.T, s string) *Map {
	t.Helper()
	m, err := ReadASCII(strings.NewReader(s), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestScenarioMapPath(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "maps"), 0o755)
	writeFile(t, dir, "maps/a.map", mai("2", "3", "...", ".@."))
	pls := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap maps/a.map   # next to this file\nquery 0,0 2,1\n")
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if s.MapPath != "maps/a.map" || s.Map.Name != "a.map" || s.Map.Grid.Open(image.Pt(1, 1)) {
		t.Fatalf("MapPath %q map %v", s.MapPath, s.Map)
	}
	out := filepath.Join(dir, "copy.pls")
	if err := SaveScenario(out, s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if want := "pathlens-scenario 1\nmap maps/a.map\nquery 0,0 2,1\n"; string(data) != want {
		t.Errorf("saved %q, want %q", data, want)
	}
	back, err := LoadScenario(out)
	if err != nil || !back.Equal(s) {
		t.Errorf("reloaded %+v, %v", back, err)
	}

	// LoadMap on a scenario gives its map; LoadScenario on a map wraps it.
	m, err := LoadMap(pls)
	if err != nil || !m.Equal(s.Map) || m.Name != "s.pls" {
		t.Errorf("LoadMap(scenario) = %v, %v", m, err)
	}
	w, err := LoadScenario(filepath.Join(dir, "maps", "a.map"))
	if err != nil || w.MapPath != "a.map" || w.Name != "a" || !w.Map.Equal(s.Map) {
		t.Errorf("LoadScenario(map) = %+v, %v", w, err)
	}

	// A scenario may not name a scenario as its map (it could name itself).
	self := writeFile(t, dir, "self.pls", "pathlens-scenario 1\nmap self.pls\n")
	if _, err := LoadScenario(self); err == nil || !strings.Contains(err.Error(), "self.pls:2: map self.pls: "+self+": is a pathlens scenario; a scenario's map must be") {
		t.Errorf("self-reference: %v", err)
	}
	// A file of the wrong kind on a map or scen line is the fault of that
	// line: the error names the file opened and its line, not line 1 of
	// the good file it names (it read "good.pls:1: is a pathlens scenario",
	// "a.map:1: want \"version 1\"…", blaming a good session and a good
	// map).
	writeFile(t, dir, "good.pls", "pathlens-scenario 1\nmap maps/a.map\n")
	writeFile(t, dir, "good.map.scen", "version 1\n0\ta.map\t3\t2\t0\t0\t1\t0\t1\n")
	for _, tc := range []struct{ text, want string }{
		{"pathlens-scenario 1\nname x\n\nmap good.pls\n", "kind.pls:4: map good.pls: " + filepath.Join(dir, "good.pls") + ": is a pathlens scenario; a scenario's map must be a Moving AI, ASCII or Tiled map"},
		{"pathlens-scenario 1\nmap good.map.scen\n", "kind.pls:2: map good.map.scen: " + filepath.Join(dir, "good.map.scen") + ": is a Moving AI scenario list (.scen), not a map; open the .map it names"},
		{"pathlens-scenario 1\nmap maps/a.map\nscen maps/a.map\n", "kind.pls:3: scen maps/a.map: " + filepath.Join(dir, "maps", "a.map") + ": is a Moving AI map, not a Moving AI scenario list (.scen, first line \"version 1\")"},
		{"pathlens-scenario 1\nmap maps/a.map\nscen good.pls\n", "kind.pls:3: scen good.pls: " + filepath.Join(dir, "good.pls") + ": is a pathlens scenario, not a Moving AI scenario list (.scen, first line \"version 1\")"},
	} {
		kind := writeFile(t, dir, "kind.pls", tc.text)
		if _, err := LoadScenario(kind); err == nil || err.Error() != kind[:len(kind)-len("kind.pls")]+tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.text, err, tc.want)
		}
	}
	missing := writeFile(t, dir, "missing.pls", "pathlens-scenario 1\n\nmap nowhere.map\n")
	if _, err := LoadScenario(missing); err == nil || !strings.Contains(err.Error(), "missing.pls:3: map nowhere.map: "+filepath.Join(dir, "nowhere.map")+": no such file or directory") {
		t.Errorf("missing map: %v", err)
	}
	broken := writeFile(t, dir, "broken.pls", "pathlens-scenario 1\nmap broken.map\n")
	writeFile(t, dir, "broken.map", mai("2", "3", "...", "."))
	if _, err := LoadScenario(broken); err == nil || !strings.Contains(err.Error(), "broken.map:6: row has 1 cells, want 3") {
		t.Errorf("broken map: %v", err)
	}
	// Embedded scenarios (ReadMap) may hold inline maps only.
	if _, err := ReadMap(strings.NewReader("pathlens-scenario 1\nmap a.map\n"), "builtin"); err == nil ||
		!strings.Contains(err.Error(), "builtin:2: map \"a.map\": this scenario may only hold an inline map") {
		t.Errorf("ReadMap with a map path: %v", err)
	}
}

func TestParseScenarioErrors(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n#....\n#..#.\nend\n" // lines 1-5, map 5×2
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "s.pls: empty file"},
		{"not a scenario", "type octile\n", "s.pls:1: want \"pathlens-scenario 1\" as the first line"},
		{"version", "pathlens-scenario 2\n", "s.pls:1: unsupported scenario version \"2\""},
		{"no map", "pathlens-scenario 1\nname x\n", "s.pls: no map"},
		{"unknown keyword", head + "teleport 1,1\n", "s.pls:6: unknown keyword \"teleport\""},
		{"unknown setting", head + "set speed 3\n", "s.pls:6: unknown setting \"speed\" (known: abstraction, algo"},
		{"unknown value", head + "set cost cheapest\n", "s.pls:6: unknown value \"cheapest\" for cost (want minimum, maximin, avgmin)"},
		{"bad number", head + "set levels 9\n", "s.pls:6: levels \"9\" is not a whole number from 1 to 4"},
		{"set twice", head + "set smooth on\nset smooth off\n", "s.pls:7: smooth is set twice (first on line 6)"},
		{"abstraction against algo", head + "set abstraction groups\nset algo hpa\n", "s.pls:7: set abstraction groups (line 6) disagrees with set algo hpa (line 7)"},
		{"algo against abstraction", head + "set algo group\nset abstraction hpa\n", "s.pls:7: set abstraction hpa (line 7) disagrees with set algo group (line 6)"},
		{"abstraction with a flat algo", head + "set abstraction hpa\nset algo astar\n", "s.pls:7: set abstraction hpa (line 6) names a hierarchy, and set algo astar (line 7) searches the grid without one"},
		{"hpa cluster", head + "set abstraction hpa\nset cluster 2\n", "s.pls:7: cluster \"2\" is not a whole number from 4 to 64"},
		{"hpa algo cluster", head + "set algo hpa\nset cluster 99\n", "s.pls:7: cluster \"99\" is not a whole number from 4 to 64"},
		// The group hierarchy takes the same range as HPA*, the app's
		// flags and cmd/bench's (SizeRange): the window shows no more.
		{"hpa cluster after", head + "set cluster 2\nset algo hpa\n", "s.pls:6: cluster \"2\" is not a whole number from 4 to 64"},
		{"group levels", head + "set algo group\nset levels 6\n", "s.pls:7: levels \"6\" is not a whole number from 1 to 4"},
		{"agent refine", head + "set agent-refine eagerly\n", "s.pls:6: unknown value \"eagerly\" for agent-refine (want eager, lazy)"},
		{"agent refine twice", head + "set agent-refine lazy\nset agent-refine eager\n", "s.pls:7: agent-refine is set twice (first on line 6)"},
		{"ragged map", "pathlens-scenario 1\nmap inline\n#....\n#..#\nend\n", "s.pls:4: row has 4 cells, want 5"},
		{"map letter", "pathlens-scenario 1\nmap inline\n#..x.\nend\n", "s.pls:3: cell (3,0) has unknown terrain 'x'"},
		{"empty map", "pathlens-scenario 1\nmap inline\nend\n", "s.pls:2: no map rows"},
		{"map no end", "pathlens-scenario 1\nmap inline\n#....\n", "s.pls:2: map inline block has no \"end\" line"},
		{"regions no end", head + "regions 1\nAAAAA\n", "s.pls:6: regions 1 block has no \"end\" line"},
		{"regions short row", head + "regions 1\nAAAAA\nAAAA\nend\n", "s.pls:8: regions 1 row 2 has 4 cells, the map is 5 wide"},
		{"regions rows", head + "regions 1\nAAAAA\nend\n", "s.pls:6: regions 1 has 1 rows, the map has 2"},
		{"regions skip", head + "regions 2\nAAAAA\nAAAAA\nend\n", "s.pls:6: regions 2: want level 1"},
		{"regions tab", head + "regions 1\nAA\tAA\nAAAAA\nend\n", "s.pls:7: region cell (2,0) is '\\x09'"},
		{"regions accent", head + "regions 1\nAéAAA\nAAAAA\nend\n", "s.pls:7: region cell (1,0) is 'é' (U+00E9); region names are printable ASCII"},
		{"map block character", "pathlens-scenario 1\nmap inline\n#.█..\nend\n", "s.pls:3: cell (2,0) has unknown terrain '█' (U+2588)"},
		{"end alone", head + "end\n", "s.pls:6: end without a block"},
		{"two maps", head + "map inline\n.\nend\n", "s.pls:6: second map line (the first is line 2)"},
		{"bad coords", head + "query 1;1 2,2\n", "s.pls:6: query: coordinates must be X,Y"},
		{"query arity", head + "query 1,1\n", "s.pls:6: want \"query X,Y X,Y\""},
		{"agent arity", head + "agent 1,1 => 2,1\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{"query outside", head + "query 1,1 5,1\n", "s.pls:6: query goal (5,1) is outside the 5×2 map"},
		{"query blocked", head + "query 0,0 1,1\n", "s.pls:6: query start (0,0) is blocked"},
		{"agent blocked by edit", head + "agent 1,1 -> 2,1\nfill 2,1\n", "s.pls:6: agent goal (2,1) is blocked once the edits are made"},
		{"agent state", head + "agent 1,1 waiting\n", "s.pls:6: want \"agent X,Y -> X,Y\" (a goal; \"group N\" after it: sent in formation with group N, \"group N arrived\": the group had arrived), \"agent X,Y arrived\" or \"agent X,Y idle\", found \"agent 1,1 waiting\""},
		{"agent arrow to a state", head + "agent 1,1 -> idle\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{"idle agent in a group", head + "agent 1,1 idle group 1\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{"group without arrow", head + "agent 1,1 2,1 group 1\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{"group word", head + "agent 1,1 -> 2,1 team 1\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{"group number", head + "agent 1,1 -> 2,1 group 0\n", "s.pls:6: agent: group \"0\" is not a whole number from 1"},
		{"group not a number", head + "agent 1,1 -> 2,1 group A\n", "s.pls:6: agent: group \"A\" is not a whole number from 1"},
		{"group goals differ", head + "agent 1,1 -> 2,1 group 3\nagent 2,1 -> 4,1 group 3\n",
			"s.pls:7: agent goal (4,1) is not its group's: group 3 goes to (2,1) (line 6)"},
		{"idle agent walled", head + "agent 1,1 idle\nfill 1,1\n", "s.pls:6: agent start (1,1) is blocked once the edits are made"},
		{"idle agent coords", head + "agent 1;1 idle\n", "s.pls:6: agent: coordinates must be X,Y"},
		{"edit outside", head + "dig -1,0\n", "s.pls:6: dig cell (-1,0) is outside the 5×2 map"},
		{"weight range", head + "weight 1,1 0\n", "s.pls:6: weight \"0\" is not a whole number from 1 to 9"},
		{"weight arity", head + "weight 1,1\n", "s.pls:6: want \"weight X,Y W\""},
		{"two names", "pathlens-scenario 1\nname a\nname b\n", "s.pls:3: second name line (the first is line 2)"},
		{"long line", "pathlens-scenario 1\nname " + strings.Repeat("x", 20000) + "\n", "s.pls:2: line is longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario(strings.NewReader(tc.in), "s.pls", t.TempDir())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

func TestWriteScenarioRefuses(t *testing.T) {
	g := mustASCII(t, "...\n...\n").Grid
	for _, tc := range []struct {
		name string
		s    Scenario
		want string
	}{
		{"no map", Scenario{}, "it has no map"},
		{"name newline", Scenario{Name: "a\nb", Map: NewMap("m", g)}, "has a line break"},
		{"regions size", Scenario{Map: NewMap("m", g), Regions: [][]byte{[]byte("AAA")}}, "regions 1 has 3 cells, the map has 6"},
		{"regions end", Scenario{Map: NewMap("m", g), Regions: [][]byte{[]byte("endAAA")}}, "regions 1 row 1 reads as \"end\""},
		{"edit off map", Scenario{Map: NewMap("m", g), Edits: []Edit{{Dig, image.Pt(3, 0), 1}}}, "dig cell (3,0) is off the map"},
		{"bad edit", Scenario{Map: NewMap("m", g), Edits: []Edit{{Weight, image.Pt(0, 0), 12}}}, "edit weight at (0,0) with weight 12"},
		// What ParseScenario refuses must not be written either.
		{"query off map", Scenario{Map: NewMap("m", g), Queries: []Query{{image.Pt(0, 0), image.Pt(0, 2)}}}, "query goal (0,2) is off the map"},
		{"query walled", Scenario{Map: NewMap("m", g), Queries: []Query{{image.Pt(1, 1), image.Pt(0, 0)}},
			Edits: []Edit{{Fill, image.Pt(1, 1), 0}}}, "query start (1,1) is blocked once the edits are made"},
		{"agent walled", Scenario{Map: NewMap("m", g), Agents: []AgentSpec{{Start: image.Pt(0, 0), Goal: image.Pt(2, 1)}},
			Edits: []Edit{{Fill, image.Pt(2, 1), 0}}}, "agent goal (2,1) is blocked"},
		{"group goals differ", Scenario{Map: NewMap("m", g), Agents: []AgentSpec{{Start: image.Pt(0, 0), Goal: image.Pt(2, 1), Group: 1},
			{Start: image.Pt(1, 0), Goal: image.Pt(2, 0), Group: 1}}}, "the agent at (1,0) goes to (2,0), but group 1 goes to (2,1)"},
		{"idle in a group", Scenario{Map: NewMap("m", g), Agents: []AgentSpec{{Start: image.Pt(0, 0), Idle: true, Group: 2}}}, "the idle agent at (0,0) is in group 2"},
		{"group below 1", Scenario{Map: NewMap("m", g), Agents: []AgentSpec{{Start: image.Pt(0, 0), Goal: image.Pt(1, 1), Group: -1}}}, "has group -1"},
		{"levels", Scenario{Map: NewMap("m", g), Settings: Settings{Levels: 5}}, "levels"},
		{"neighborhood", Scenario{Map: NewMap("m", g), Settings: Settings{Neighborhood: 6}}, "neighborhood"},
		{"algo", Scenario{Map: NewMap("m", g), Settings: Settings{Algo: "bfs"}}, "algo"},
		{"hpa cluster", Scenario{Map: NewMap("m", g), Settings: Settings{Abstraction: AbstractionHPA, Cluster: 2}}, "cluster \"2\" is not a whole number from 4 to 64"},
		{"group cluster", Scenario{Map: NewMap("m", g), Settings: Settings{Algo: AlgoGroup, Cluster: 99}}, "cluster \"99\" is not a whole number from 4 to 64"},
		{"agent refine", Scenario{Map: NewMap("m", g), Settings: Settings{AgentRefine: "greedy"}}, "setting agent-refine \"greedy\" (want eager, lazy)"},
		// Paths the reader would take for a comment are written quoted
		// now, and read back (TestScenarioQuotesAPathThatWouldNotReadBack).
	} {
		var buf bytes.Buffer
		err := WriteScenario(&buf, &tc.s)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: wrote %d bytes despite the error", tc.name, buf.Len())
		}
	}
}

func TestSaveFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := SaveFileAtomic(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveFileAtomic(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(data) != "two" || st.Mode().Perm() != 0o600 {
		t.Errorf("content %q mode %v, want \"two\" 0600", data, st.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("folder holds %d entries, want only out.txt (a temporary file was left)", len(ents))
	}
	// A file nobody may write is kept, though its folder would allow the
	// rename (root included: the check is on the mode bits).
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := SaveFileAtomic(p, []byte("three")); err == nil || !strings.Contains(err.Error(), p+": cannot save: the file is read-only (mode 0444)") {
		t.Errorf("saving over a 0444 file: %v, want a refusal naming it", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "two" {
		t.Errorf("a refused save changed the file to %q", data)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("a refused save left %d entries in the folder, want 1", len(ents))
	}
	os.Chmod(p, 0o600)
	if err := SaveFileAtomic(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("saving over a directory: %v", err)
	}
	if err := SaveFileAtomic(filepath.Join(dir, "no", "such", "f"), []byte("x")); err == nil {
		t.Error("saving into a missing folder did not fail")
	}
	// SaveMap refuses what the format cannot hold, and leaves the old file.
	m := mustASCII(t, ".3\n")
	mp := filepath.Join(dir, "m.map")
	if err := SaveMap(mp, m, FormatMovingAI); err == nil {
		t.Error("weight 3 saved as Moving AI")
	}
	if _, err := os.Stat(mp); !os.IsNotExist(err) {
		t.Errorf("a refused save left a file: %v", err)
	}
	if err := SaveMap(mp, m, FormatUnknown); err != nil {
		t.Fatal(err)
	}
	back, err := LoadMap(mp)
	if err != nil || !back.Equal(m) {
		t.Errorf("saved map read back as %v, %v", back, err)
	}
}

// Saving through a symbolic link replaces the file it points to (in its own
// folder) and keeps the link; a dangling link gets its target; a link loop
// is an error naming the path.
func TestSaveFileAtomicSymlink(t *testing.T) {
	real, links := t.TempDir(), t.TempDir()
	target := filepath.Join(real, "level.pls")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(links, target)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(links, "current.pls")
	if err := os.Symlink(rel, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	chain := filepath.Join(links, "chain.pls") // a link to the link
	os.Symlink("current.pls", chain)
	if err := SaveFileAtomic(chain, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v %v", st.Mode(), err)
	}
	if st, err := os.Lstat(chain); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the chained link was replaced by a file: %v %v", st.Mode(), err)
	}
	data, _ := os.ReadFile(target)
	st, _ := os.Stat(target)
	if string(data) != "new" || st.Mode().Perm() != 0o640 {
		t.Errorf("target holds %q mode %v, want \"new\" 0640", data, st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(links); len(ents) != 2 {
		t.Errorf("the links' folder holds %d entries, want the 2 links", len(ents))
	}
	dangling := filepath.Join(links, "later.pls")
	os.Symlink(filepath.Join(real, "later.pls"), dangling)
	if err := SaveFileAtomic(dangling, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(real, "later.pls")); err != nil || string(data) != "x" {
		t.Errorf("a dangling link's target: %q, %v", data, err)
	}
	loop := filepath.Join(links, "loop")
	os.Symlink("loop", loop)
	if err := SaveFileAtomic(loop, []byte("x")); err == nil || !strings.Contains(err.Error(), "loop: cannot save: too many levels of symbolic links") {
		t.Errorf("a link loop: %v, want an error naming it", err)
	}
}

// TestScenarioAbsoluteMapPath: a "map /abs/path.map" line names that file,
// not a path under the scenario's folder (World.Save writes absolute paths
// when no relative one exists).
func TestScenarioAbsoluteMapPath(t *testing.T) {
	mapDir, plsDir := t.TempDir(), t.TempDir()
	abs := writeFile(t, mapDir, "a.map", mai("2", "3", "...", ".@."))
	if !filepath.IsAbs(abs) {
		t.Fatalf("temp path %q is not absolute", abs)
	}
	pls := writeFile(t, plsDir, "s.pls", "pathlens-scenario 1\nmap "+filepath.ToSlash(abs)+"\nquery 0,0 2,1\n")
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if s.Map.Grid.Open(image.Pt(1, 1)) || s.MapPath != filepath.ToSlash(abs) {
		t.Fatalf("MapPath %q map %v", s.MapPath, s.Map)
	}
}

// A failed save names the file and keeps the operating system's error
// inside, so a caller can tell a missing or unwritable folder apart (the
// window saves in the working folder when the map's folder is read-only).
func TestSaveErrorUnwraps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-folder", "x.pls")
	err := SaveFileAtomic(path, []byte("x"))
	if err == nil {
		t.Fatal("saved into a folder that does not exist")
	}
	var me *Error
	if !errors.As(err, &me) || me.File != path {
		t.Errorf("error %v does not name %s", err, path)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %v does not unwrap to fs.ErrNotExist", err)
	}
}

// A failed save named the file twice, the second time as the temporary
// file's name inside the system's message ("x.pls: cannot save: open
// .../.x.pls.tmp-123: no such file or directory"). The file is named once
// now, with the step that failed and the system's reason.
func TestSaveErrorNamesTheFileOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-folder", "x.pls")
	links := t.TempDir()
	dangling := filepath.Join(links, "x.pls")
	if err := os.Symlink(missing, dangling); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	cases := []struct {
		name string
		err  error
		path string
		want string
	}{
		{"missing folder", SaveFileAtomic(missing, []byte("x")), missing,
			"cannot save: creating a file in its folder: no such file or directory"},
		{"link into a missing folder", SaveFileAtomic(dangling, []byte("x")), dangling,
			"cannot save: creating a file in its folder: no such file or directory"},
		{"rename", errSave("x.pls", "replacing it", &os.LinkError{Op: "rename", Old: ".x.pls.tmp-1", New: "x.pls", Err: fs.ErrPermission}), "x.pls",
			"cannot save: replacing it: permission denied"},
		{"write", errSave("x.pls", "writing", &fs.PathError{Op: "write", Path: ".x.pls.tmp-1", Err: errors.New("no space left on device")}), "x.pls",
			"cannot save: writing: no space left on device"},
	}
	if os.Geteuid() != 0 { // root writes in a read-only folder
		ro := t.TempDir()
		if err := os.Chmod(ro, 0o500); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(ro, 0o700)
		p := filepath.Join(ro, "x.pls")
		cases = append(cases, struct {
			name string
			err  error
			path string
			want string
		}{"read-only folder", SaveFileAtomic(p, []byte("x")), p, "cannot save: creating a file in its folder: permission denied"})
	}
	for _, c := range cases {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if want := "" + c.path + ": " + c.want; c.err.Error() != want {
			t.Errorf("%s: %v\nwant %s", c.name, c.err, want)
		}
		if n := strings.Count(c.err.Error(), "x.pls"); n != 1 {
			t.Errorf("%s: %q names the file %d times", c.name, c.err, n)
		}
	}
	if err := cases[0].err; !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v does not unwrap to fs.ErrNotExist", err)
	}

	// What the format cannot hold was blamed on the map's or the
	// scenario's own name, not on the file being saved.
	m := mustASCII(t, ".3\n")
	m.Name = "level.txt"
	out := filepath.Join(dir, "out.map")
	err := SaveMap(out, m, FormatMovingAI)
	var me *Error
	if want := "" + out + ": cannot save: cell (1,0) has weight 3: the Moving AI format has no weights (save as ASCII)"; err == nil || err.Error() != want || !errors.As(err, &me) || !me.HasCell || me.Cell != image.Pt(1, 0) {
		t.Errorf("SaveMap of a weight: %v\nwant %s, with the cell", err, want)
	}
	pls := filepath.Join(dir, "out.pls")
	err = SaveScenario(pls, &Scenario{Name: "two\nlines", Map: m})
	if want := "" + pls + `: cannot write scenario: the name "two\nlines" has a line break`; err == nil || err.Error() != want {
		t.Errorf("SaveScenario of a bad name: %v\nwant %s", err, want)
	}
}

// "stroke" lines mark where the editor's undo steps begin; they are read
// into StrokeStarts and written back where they were, and a file without
// them is one stroke.
func TestScenarioStrokes(t *testing.T) {
	const src = `pathlens-scenario 1
name s
map inline
.....
.....
end
stroke
fill 1,0
fill 2,0
stroke
stroke
dig 2,0
weight 3,1 4
stroke
fill 4,1
`
	sc, err := ParseScenario(strings.NewReader(src), "s.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{2, 4}; !slices.Equal(sc.StrokeStarts, want) {
		t.Fatalf("stroke starts %v, want %v", sc.StrokeStarts, want)
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, sc); err != nil {
		t.Fatal(err)
	}
	again, err := ParseScenario(bytes.NewReader(buf.Bytes()), "again.pls", "")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !slices.Equal(again.StrokeStarts, sc.StrokeStarts) || len(again.Edits) != len(sc.Edits) {
		t.Errorf("round trip: starts %v, %d edits; want %v, %d", again.StrokeStarts, len(again.Edits), sc.StrokeStarts, len(sc.Edits))
	}
	if _, err := ParseScenario(strings.NewReader(strings.Replace(src, "stroke\nfill 4,1", "stroke 2\nfill 4,1", 1)), "bad.pls", ""); err == nil || !strings.Contains(err.Error(), `want "stroke" alone on its line`) {
		t.Errorf("stroke with an argument: %v", err)
	}
	sc.StrokeStarts = []int{3, 2}
	if err := WriteScenario(&buf, sc); err == nil {
		t.Error("stroke starts out of order were written")
	}
}

// TestScenarioScenList: a "scen PATH" line keeps a Moving AI list by
// reference: its rows are read relative to the scenario, checked against
// the map, written back as the one line, and a row the edit log blocks is
// kept (the list is not the scenario's to change).
func TestScenarioScenList(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "maps"), 0o755)
	writeFile(t, dir, "maps/a.map", mai("2", "3", "...", ".@."))
	writeFile(t, dir, "maps/a.map.scen", "version 1\n0\ta.map\t3\t2\t0\t0\t2\t1\t2.41421356\n0\ta.map\t3\t2\t2\t0\t0\t1\t2.41421356\n")
	pls := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap maps/a.map\nscen maps/a.map.scen  # by reference\nquery 0,1 2,1\nfill 2,1\ndig 2,1\n")
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if s.Scen != "maps/a.map.scen" || len(s.ScenRows) != 2 || s.ScenRows[1].Start != image.Pt(2, 0) || s.ScenRows[0].Optimal != 2.41421356 {
		t.Fatalf("Scen %q rows %+v", s.Scen, s.ScenRows)
	}
	out := filepath.Join(dir, "copy.pls")
	if err := SaveScenario(out, s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if want := "pathlens-scenario 1\nmap maps/a.map\nscen maps/a.map.scen\nquery 0,1 2,1\nfill 2,1\ndig 2,1\n"; string(data) != want {
		t.Errorf("saved %q, want %q", data, want)
	}
	back, err := LoadScenario(out)
	if err != nil || !back.Equal(s) || len(back.ScenRows) != 2 {
		t.Errorf("reloaded %+v, %v", back, err)
	}
	// A row on a cell the edits block: the file still opens.
	blocked := writeFile(t, dir, "blocked.pls", "pathlens-scenario 1\nmap maps/a.map\nscen maps/a.map.scen\nfill 2,1\n")
	if s, err := LoadScenario(blocked); err != nil || len(s.ScenRows) != 2 {
		t.Errorf("row blocked by an edit: %v", err)
	}

	writeFile(t, dir, "other.scen", "version 1\n0\tb.map\t3\t2\t0\t0\t2\t1\t2.41\n")
	writeFile(t, dir, "small.scen", "version 1\n0\ta.map\t3\t2\t0\t0\t2\t1\t2.41\n0\ta.map\t4\t2\t0\t0\t2\t1\t2.41\n")
	writeFile(t, dir, "broken.scen", "version 1\n0\ta.map\t3\t2\t0\t0\t2\n")
	writeFile(t, dir, "empty.scen", "version 1\n")
	for _, tc := range []struct{ name, in, want string }{
		{"another map", "map maps/a.map\nscen other.scen\n", "other.scen:2: the row is for b.map, the map open is a.map (the map of e.pls)"},
		{"size", "map maps/a.map\nscen small.scen\n", "small.scen:3: the row is for a 4×2 map (a.map), the map open is 3×2 (a.map (the map of e.pls))"},
		{"broken", "map maps/a.map\nscen broken.scen\n", "broken.scen:2:"},
		{"missing", "map maps/a.map\nscen nowhere.scen\n", "e.pls:3: scen nowhere.scen: " + filepath.Join(dir, "nowhere.scen") + ": no such file or directory"},
		{"empty", "map maps/a.map\nscen empty.scen\n", "e.pls:3: scen empty.scen has no rows"},
		{"twice", "map maps/a.map\nscen maps/a.map.scen\nscen maps/a.map.scen\n", "e.pls:4: second scen line (the first is line 3)"},
		{"no path", "map maps/a.map\nscen   # none\n", "e.pls:3: want \"scen PATH\""},
	} {
		p := writeFile(t, dir, "e.pls", "pathlens-scenario 1\n"+tc.in)
		if _, err := LoadScenario(p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v\nwant it to contain %q", tc.name, err, tc.want)
		}
	}
	// An inline map is checked by size only; embedded scenarios name no files.
	inline := writeFile(t, dir, "inline.pls", "pathlens-scenario 1\nmap inline\n...\n.#.\nend\nscen other.scen\n")
	if s, err := LoadScenario(inline); err != nil || len(s.ScenRows) != 1 {
		t.Errorf("inline map with a list: %v", err)
	}
	if _, err := ReadMap(strings.NewReader("pathlens-scenario 1\nmap inline\n...\nend\nscen a.scen\n"), "builtin"); err == nil ||
		!strings.Contains(err.Error(), "builtin:5: scen \"a.scen\": this scenario may not refer to files") {
		t.Errorf("ReadMap with a scen path: %v", err)
	}
}

// Regression: an idle agent (no goal) was written "agent X,Y -> X,Y", a
// journey to its own cell, and read back as an agent with a goal; an
// arrived one the same way. Each state now has its line ("idle",
// "arrived"), a group sent in formation keeps its number ("group N"), and
// every agent reads back as it was written; an older file's "X,Y -> X,Y"
// is an agent standing at its goal.
func TestScenarioAgentStatesRoundTrip(t *testing.T) {
	const in = "pathlens-scenario 1\nmap inline\n......\n......\nend\n" +
		"agent 0,0 idle\n" +
		"agent 1,0 arrived\n" +
		"agent 2,0 -> 5,1\n" +
		"agent 3,0 -> 5,0 group 1\n" +
		"agent 4,0 -> 5,0 group 1   # a comment\n" +
		"agent 5,0 -> 5,0 group 1\n" +
		"agent 0,1 -> 2,1 group 7\n" +
		"agent 1,1 -> 1,1\n" + // an older file's agent at its goal
		"agent 3,1 4,1\n" // the early form without the arrow
	s, err := ParseScenario(strings.NewReader(in), "s.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []AgentSpec{
		{Start: image.Pt(0, 0), Idle: true},
		{Start: image.Pt(1, 0), Goal: image.Pt(1, 0)},
		{Start: image.Pt(2, 0), Goal: image.Pt(5, 1)},
		{Start: image.Pt(3, 0), Goal: image.Pt(5, 0), Group: 1},
		{Start: image.Pt(4, 0), Goal: image.Pt(5, 0), Group: 1},
		{Start: image.Pt(5, 0), Goal: image.Pt(5, 0), Group: 1},
		{Start: image.Pt(0, 1), Goal: image.Pt(2, 1), Group: 7},
		{Start: image.Pt(1, 1), Goal: image.Pt(1, 1)},
		{Start: image.Pt(3, 1), Goal: image.Pt(4, 1)},
	}
	if !slices.Equal(s.Agents, want) {
		t.Fatalf("agents %+v\nwant   %+v", s.Agents, want)
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	wantLines := "agent 0,0 idle\nagent 1,0 arrived\nagent 2,0 -> 5,1\nagent 3,0 -> 5,0 group 1\nagent 4,0 -> 5,0 group 1\n" +
		"agent 5,0 -> 5,0 group 1\nagent 0,1 -> 2,1 group 7\nagent 1,1 arrived\nagent 3,1 -> 4,1\n"
	if !strings.Contains(buf.String(), wantLines) {
		t.Errorf("written:\n%s\nwant the agents as\n%s", buf.String(), wantLines)
	}
	if strings.Contains(buf.String(), "agent 0,0 -> 0,0") || strings.Contains(buf.String(), "agent 1,0 -> 1,0") {
		t.Errorf("an idle or arrived agent written as a journey to its own cell:\n%s", buf.String())
	}
	back, err := ParseScenario(bytes.NewReader(buf.Bytes()), "back.pls", "")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !back.Equal(s) || !slices.Equal(back.Agents, want) {
		t.Errorf("read back %+v\nwant      %+v", back.Agents, want)
	}
	// An idle agent's goal is not written, so it does not count.
	s.Agents[0].Goal = image.Pt(3, 1)
	if !back.Equal(s) {
		t.Errorf("an idle agent's unused goal made the scenarios differ")
	}
}

// From a designer's report: a session saved on level1.tmx could not be
// opened again once the .tmx was redrawn with a wall over the query's start
// ("session2.pls:17: query start (5,5) is blocked once the edits are
// made"); the built-in world opened instead, the problems came one at a
// time, and the words blamed the edits. A map file that changed since the
// save now opens the session: each query and agent its walls cover is
// left out, moved or left idle, all in one note naming the lines, and the
// edits are kept.
func TestScenarioOpensAfterItsMapFileIsRedrawn(t *testing.T) {
	dir := t.TempDir()
	// The map as it is now: (1,1), (6,1), the block (1,3)-(5,3) and the
	// goal (6,3) were floor when the session was saved.
	writeFile(t, dir, "level.txt", ""+
		"########\n"+
		"##....##\n"+
		"#......#\n"+
		"#######.\n"+
		"#......#\n"+
		"########\n")
	src := "pathlens-scenario 1\n" + // 1
		"map level.txt\n" + // 2
		"query 1,1 5,2\n" + // 3: start walled
		"query 2,2 5,2\n" + // 4: kept
		"query 2,2 9,9\n" + // 5: goal off the map
		"agent 6,1 -> 2,2\n" + // 6: moves beside
		"agent 3,3 -> 2,2\n" + // 7: walled deep: no open cell within 2? (3,2) is 1 away: moves
		"agent 2,2 -> 6,3\n" + // 8: goal walled: idle
		"agent 3,2 -> 6,3 group 1\n" + // 9: the group's goal walled: idle
		"agent 4,2 -> 6,3 group 1\n" + // 10
		"agent 1,1 arrived\n" + // 11: stands on a wall, its goal: moves, and is idle
		"agent 20,2 idle\n" + // 12: off the map: left out
		"dig 6,4\n" + // 13: kept
		"stroke\n" +
		"fill 5,4\n"
	path := writeFile(t, dir, "s.pls", src)
	s, err := LoadScenario(path)
	if err != nil {
		t.Fatalf("the session does not open: %v", err)
	}
	if len(s.Queries) != 1 || s.Queries[0] != (Query{image.Pt(2, 2), image.Pt(5, 2)}) {
		t.Errorf("queries %v, want only line 4's", s.Queries)
	}
	// The lines follow the queries kept (cmd/bench names them file:line).
	if len(s.QueryLines) != 1 || s.QueryLines[0] != 4 {
		t.Errorf("query lines %v, want [4]", s.QueryLines)
	}
	want := []AgentSpec{
		{Start: image.Pt(5, 1), Goal: image.Pt(2, 2)},
		{Start: image.Pt(3, 2), Goal: image.Pt(2, 2)},
		{Start: image.Pt(2, 2), Idle: true},
		{Start: image.Pt(3, 2), Idle: true},
		{Start: image.Pt(4, 2), Idle: true},
		{Start: image.Pt(2, 1), Idle: true},
	}
	if !equalSlices(agentKeys(s.Agents), want) {
		t.Errorf("agents\n%+v\nwant\n%+v", s.Agents, want)
	}
	if len(s.Edits) != 2 || len(s.StrokeStarts) != 1 {
		t.Errorf("edits %v (strokes %v): the edit log must be kept whole", s.Edits, s.StrokeStarts)
	}
	if len(s.Notes) != 1 {
		t.Fatalf("notes %q, want one", s.Notes)
	}
	n := s.Notes[0]
	for _, part := range []string{
		// A hand-written file naming a wall reads the same: the note does
		// not claim the map changed (a designer's report).
		"what s.pls names does not fit level.txt as it is (level.txt has changed since s.pls was saved, or the file named these cells so): ",
		"line 3: query (1,1)→(5,2) left out (its start is a wall)",
		"line 5: query (2,2)→(9,9) left out (its goal is off the 8×6 map)",
		"line 6: agent moved from (6,1) to (5,1) (its cell is a wall)",
		"line 7: agent moved from (3,3) to (3,2)",
		"line 8: agent at (2,2) left idle (its goal (6,3) is a wall)",
		"lines 9, 10: group 1 left idle where it stands (its goal (6,3) is a wall)",
		"line 11: agent moved from (1,1) to (2,1) and left idle (its cell, which was its goal, is a wall)",
		"line 12: agent at (20,2) left out (its cell is off the 8×6 map",
		"Every edit is applied",
	} {
		if !strings.Contains(n, part) {
			t.Errorf("the note lacks %q:\n%s", part, n)
		}
	}
	if strings.Contains(n, "once the edits are made") {
		t.Errorf("the note blames the edits: %s", n)
	}
	// What it opened as saves and reads back.
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatalf("the session as opened does not save: %v", err)
	}
	if _, err := ParseScenario(&buf, "again.pls", dir); err != nil {
		t.Fatalf("saved again, it does not open: %v", err)
	}
}

// The file's own edit log filling an endpoint, or a wall of an inline
// map, is the file contradicting itself: still refused, and only the first
// is blamed on the edits.
func TestScenarioEndpointBlockedWordsItsCause(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n#....\n#..#.\nend\n"
	for _, tc := range []struct{ in, want string }{
		{head + "query 3,1 1,1\ndig 2,1\n", "s.pls:6: query start (3,1) is blocked on the map"},
		{head + "query 2,1 1,1\nfill 2,1\n", "s.pls:6: query start (2,1) is blocked once the edits are made (the fill on line 7)"},
	} {
		_, err := ParseScenario(strings.NewReader(tc.in), "s.pls", "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	dir := t.TempDir()
	writeFile(t, dir, "m.txt", "#....\n#....\n")
	src := "pathlens-scenario 1\nmap m.txt\nquery 2,1 1,1\nfill 2,1\n"
	if _, err := ParseScenario(strings.NewReader(src), "f.pls", dir); err == nil || !strings.Contains(err.Error(), "f.pls:3: query start (2,1) is blocked once the edits are made (the fill on line 4)") {
		t.Errorf("a map file's endpoint filled by the file's own edit: %v", err)
	}
}

// A group that had arrived is written "group N arrived" on each of its
// lines, and the view's settings as "set agent-clock" and "set layers";
// they read back the same, an older file without them still reads, and
// what is wrong in them is refused naming the line.
func TestScenarioArrivedGroupClockAndLayers(t *testing.T) {
	const src = "pathlens-scenario 1\n" +
		"set agent-clock 1/4\n" +
		"set layers weights,groups,search\n" +
		"map inline\n.....\n.....\nend\n" +
		"agent 1,0 -> 2,1 group 1 arrived\n" +
		"agent 3,0 -> 2,1 group 1 arrived\n" +
		"agent 0,1 -> 4,1 group 2\n" +
		"agent 0,0 -> 4,1 group 2\n"
	s, err := ParseScenario(strings.NewReader(src), "v.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Agents[0].InPlace || !s.Agents[1].InPlace || s.Agents[2].InPlace {
		t.Errorf("agents %+v: want group 1 in place, group 2 under way", s.Agents)
	}
	if x, ok := s.Settings.AgentClock.Speed(); !ok || x != 0.25 || s.Settings.Layers != "weights,groups,search" {
		t.Errorf("clock %q, layers %q", s.Settings.AgentClock, s.Settings.Layers)
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"set agent-clock 1/4", "set layers weights,groups,search", "agent 1,0 -> 2,1 group 1 arrived", "agent 0,1 -> 4,1 group 2\n"} {
		if !strings.Contains(buf.String(), line) {
			t.Errorf("written without %q:\n%s", line, buf.String())
		}
	}
	back, err := ParseScenario(&buf, "v.pls", "")
	if err != nil || !back.Equal(s) {
		t.Errorf("read back: %v equal=%v", err, err == nil && back.Equal(s))
	}
	for _, c := range []struct {
		x    float64
		want AgentClock
	}{{0.25, "1/4"}, {1, "1"}, {8, "8"}, {3, "4"}, {0, "1"}} {
		if got := AgentClockOf(c.x); got != c.want {
			t.Errorf("AgentClockOf(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	if s, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nset layers none\nmap inline\n.\nend\n"), "n.pls", ""); err != nil || s.Settings.Layers != NoLayers {
		t.Errorf("set layers none: %v", err)
	}
	const head = "pathlens-scenario 1\nmap inline\n.....\n.....\nend\n"
	for _, tc := range []struct{ in, want string }{
		{head + "set agent-clock 3\n", "s.pls:6: unknown value \"3\" for agent-clock (want 1/4, 1/2, 1, 2, 4, 8)"},
		{head + "set layers weights,trees\n", "s.pls:6: layers: unknown layer \"trees\" (want names from weights, borders"},
		{head + "set layers weights,weights\n", "s.pls:6: layers: weights is named twice"},
		{head + "agent 1,0 -> 2,1 group 1 arrived\nagent 3,0 -> 2,1 group 1\n",
			"s.pls:7: group 1 has arrived on line 6 but not on line 7: a group arrives whole"},
		{head + "agent 1,0 -> 2,1 arrived\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
		{head + "agent 1,0 -> 2,1 group 1 there\n", "s.pls:6: want \"agent X,Y -> X,Y\""},
	} {
		_, err := ParseScenario(strings.NewReader(tc.in), "s.pls", "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v\nwant %q", err, tc.want)
		}
	}
	g := mustASCII(t, "...\n...\n").Grid
	solo := Scenario{Map: NewMap("m", g), Agents: []AgentSpec{{Start: image.Pt(0, 0), Goal: image.Pt(1, 1), InPlace: true}}}
	if err := WriteScenario(&bytes.Buffer{}, &solo); err == nil || !strings.Contains(err.Error(), "only a group's agents are") {
		t.Errorf("a solo agent in place: %v", err)
	}
}

// From a designer's test: a session saved on level1.tmx (20×12) with a
// fill at (17,5) did not open at all once the level was cut down to 15
// columns in Tiled ("level1.pls:21: fill cell (17,5) is outside the 15×12
// map"): the built-in world opened instead, though a query or agent off
// the resized map only leaves it out. An edit off a map file that shrank
// is left out too, said in the same note with its line, and the strokes
// of the edits kept stay as they were.
func TestScenarioOpensAfterItsMapFileShrank(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "level.txt", "#####\n#...#\n#####\n")
	src := "pathlens-scenario 1\n" + // 1
		"map level.txt\n" + // 2
		"query 1,1 3,1\n" + // 3
		"fill 7,1\n" + // 4: off the map now
		"stroke\n" + // 5
		"fill 2,1\n" + // 6: kept
		"dig 8,1\n" + // 7: off
		"stroke\n" + // 8
		"weight 9,1 3\n" + // 9: off: the stroke goes with it
		"stroke\n" + // 10
		"dig 2,1\n" + // 11: kept, a stroke of its own
		"stroke\n" + // 12
		"fill 9,2\n" + // 13: off, the first of its stroke
		"fill 2,1\n" // 14: kept: still a stroke of its own
	path := writeFile(t, dir, "s.pls", src)
	s, err := LoadScenario(path)
	if err != nil {
		t.Fatalf("the session does not open: %v", err)
	}
	want := []Edit{{Kind: Fill, Cell: image.Pt(2, 1)}, {Kind: Dig, Cell: image.Pt(2, 1), Weight: 1}, {Kind: Fill, Cell: image.Pt(2, 1)}}
	if !slices.Equal(s.Edits, want) || !slices.Equal(s.StrokeStarts, []int{1, 2}) {
		t.Errorf("edits %v strokes %v, want %v in three strokes", s.Edits, s.StrokeStarts, want)
	}
	if len(s.Queries) != 1 {
		t.Errorf("queries %v, want the one", s.Queries)
	}
	if len(s.Notes) != 1 {
		t.Fatalf("notes %q, want one", s.Notes)
	}
	for _, part := range []string{
		"level.txt has changed since s.pls was saved",
		"lines 4, 7, 9, 13: 4 edits left out (their cells are off the 5×3 map)",
		"The other edits are applied",
	} {
		if !strings.Contains(s.Notes[0], part) {
			t.Errorf("the note lacks %q:\n%s", part, s.Notes[0])
		}
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatalf("the session as opened does not save: %v", err)
	}
	// One edit off the map is named.
	writeFile(t, dir, "one.pls", "pathlens-scenario 1\nmap level.txt\nfill 2,1\nweight 6,1 4\n")
	if s, err := LoadScenario(filepath.Join(dir, "one.pls")); err != nil {
		t.Errorf("one edit off: %v", err)
	} else if len(s.Notes) != 1 || !strings.Contains(s.Notes[0], "line 4: weight (6,1) left out (its cell is off the 5×3 map)") {
		t.Errorf("one edit off: notes %q", s.Notes)
	}
	// An inline map cannot change under its file: an edit off it is still refused.
	_, err = ParseScenario(strings.NewReader("pathlens-scenario 1\nmap inline\n#...#\nend\nfill 7,0\n"), "in.pls", "")
	if err == nil || !strings.Contains(err.Error(), "outside the 5×1 map") {
		t.Errorf("inline map, edit off it: err %v", err)
	}
}

// A group file written when the group hierarchy took any cluster from 2 up
// (the app kept such a file's value on save) still opens: at the nearest
// bound, with a note naming the line, not refused over one setting (a
// review: the session's edits and agents were out of reach).
func TestGroupClusterOutsideTheRangeOpensClamped(t *testing.T) {
	head := "pathlens-scenario 1\nmap inline\n....\nend\n"
	for _, c := range []struct {
		set  string
		want int
		line int
	}{{"set algo group\nset cluster 2\n", 4, 6}, {"set cluster 99\n", 64, 5}, {"set cluster 3\nset algo group\n", 4, 5}} {
		s, err := ParseScenario(strings.NewReader(head+c.set), "s.pls", "")
		if err != nil {
			t.Errorf("%q: %v", c.set, err)
			continue
		}
		if s.Settings.Cluster != c.want {
			t.Errorf("%q: cluster %d, want %d", c.set, s.Settings.Cluster, c.want)
		}
		if len(s.Notes) != 1 || !strings.Contains(s.Notes[0], fmt.Sprintf("s.pls:%d: set cluster", c.line)) || !strings.Contains(s.Notes[0], fmt.Sprintf(": %d is used", c.want)) {
			t.Errorf("%q: notes %q", c.set, s.Notes)
		}
	}
}

// Regression (a level designer, redraw/level.pls): an agent saved as
// arrived on a cell the redrawn map walls was moved a cell and kept
// "arrived" there, its goal silently changed to a cell the user never
// chose (the tooltip said arrived, a save wrote "agent 35,24 arrived").
// Its goal is the wall: moved, and idle, as an agent whose goal is walled
// is. A group that had arrived about a goal now walled is left idle
// whole, the member that stood on the goal too (it was moved and given
// its new cell as a goal of its own, apart from its group's).
func TestArrivedAgentOnARedrawnWallGoesIdle(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "level.txt", ""+
		"########\n"+
		"#......#\n"+
		"#.#....#\n"+
		"#......#\n"+
		"########\n")
	src := "pathlens-scenario 1\n" + // 1
		"map level.txt\n" + // 2
		"agent 2,2 arrived\n" + // 3: its cell and goal walled
		"agent 2,2 -> 2,2 group 1 arrived\n" + // 4: the group's goal walled
		"agent 3,2 -> 2,2 group 1 arrived\n" + // 5
		"agent 5,2 arrived\n" // 6: untouched
	s, err := LoadScenario(writeFile(t, dir, "s.pls", src))
	if err != nil {
		t.Fatalf("the session does not open: %v", err)
	}
	want := []AgentSpec{
		{Start: image.Pt(2, 1), Idle: true},
		{Start: image.Pt(2, 1), Idle: true},
		{Start: image.Pt(3, 2), Idle: true},
		{Start: image.Pt(5, 2), Goal: image.Pt(5, 2)},
	}
	if !equalSlices(agentKeys(s.Agents), want) {
		t.Errorf("agents\n%+v\nwant\n%+v", s.Agents, want)
	}
	if len(s.Notes) != 1 {
		t.Fatalf("notes %q, want one", s.Notes)
	}
	for _, part := range []string{
		"line 3: agent moved from (2,2) to (2,1) and left idle (its cell, which was its goal, is a wall)",
		"line 4: agent moved from (2,2) to (2,1) (its cell is a wall)",
		"lines 4, 5: group 1 left idle where it stands (its goal (2,2) is a wall)",
	} {
		if !strings.Contains(s.Notes[0], part) {
			t.Errorf("the note lacks %q:\n%s", part, s.Notes[0])
		}
	}
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatalf("the session as opened does not save: %v", err)
	}
	if out := buf.String(); strings.Contains(out, "arrived") && !strings.Contains(out, "agent 5,2 arrived") || strings.Count(out, "arrived") != 1 {
		t.Errorf("saved again, only the untouched agent is arrived:\n%s", out)
	}
}
