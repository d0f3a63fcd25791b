package maps

import (
	"bytes"
	"image"
	"strings"
	"testing"
)

// A cell copied from the window, "(12, 7)" as the go-to prompt takes it or
// "(12,7)" as the notes show it, reads in a .pls as "12,7" does; the file
// is written back in the one form, "12,7".
func TestScenarioCellsAsTheWindowWritesThem(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n.....\n.....\nend\n"
	for _, tc := range []struct{ name, lines string }{
		{"bare", "query 1,1 4,0\nagent 1,0 -> 3,1 group 2\nagent 2,0 idle\ndig 0,0\nweight 2,1 3\n"},
		{"space", "query 1, 1 4, 0\nagent 1, 0 -> 3, 1 group 2\nagent 2, 0 idle\ndig 0, 0\nweight 2, 1 3\n"},
		{"parens", "query (1,1) (4,0)\nagent (1,0) -> (3,1) group 2\nagent (2,0) idle\ndig (0,0)\nweight (2,1) 3\n"},
		{"parens and space", "query (1, 1) (4, 0)   # copied\nagent ( 1 , 0 ) -> (3, 1) group 2\nagent (2, 0) idle\ndig (0, 0)\nweight (2, 1) 3\n"},
		{"mixed", "query (1, 1) 4,0\nagent 1,0 -> (3,1) group 2\nagent (2,0) idle\ndig 0, 0\nweight (2,1) 3\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseScenario(strings.NewReader(head+tc.lines), "s.pls", "")
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Queries) != 1 || s.Queries[0] != (Query{image.Pt(1, 1), image.Pt(4, 0)}) {
				t.Errorf("queries %v", s.Queries)
			}
			wantAgents := []AgentSpec{{Start: image.Pt(1, 0), Goal: image.Pt(3, 1), Group: 2}, {Start: image.Pt(2, 0), Idle: true}}
			if !equalSlices(s.Agents, wantAgents) {
				t.Errorf("agents %+v, want %+v", s.Agents, wantAgents)
			}
			wantEdits := []Edit{{Kind: Dig, Cell: image.Pt(0, 0), Weight: 1}, {Kind: Weight, Cell: image.Pt(2, 1), Weight: 3}}
			if !equalSlices(s.Edits, wantEdits) {
				t.Errorf("edits %+v, want %+v", s.Edits, wantEdits)
			}
			var b bytes.Buffer
			if err := WriteScenario(&b, s); err != nil {
				t.Fatal(err)
			}
			if want := head + "query 1,1 4,0\nagent 1,0 -> 3,1 group 2\nagent 2,0 idle\ndig 0,0\nweight 2,1 3\n"; b.String() != want {
				t.Errorf("written\n%s\nwant\n%s", b.String(), want)
			}
		})
	}
}

// What is still not a cell is refused naming the file and line.
func TestScenarioCellFormsRefused(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n.....\n.....\nend\n"
	for _, tc := range []struct{ name, in, want string }{
		{"open paren", "query (1,1 4,0\n", "s.pls:6: query: coordinates must be X,Y"},
		{"close paren", "query 1,1) 4,0\n", "s.pls:6: query: coordinates must be X,Y"},
		{"two parens", "query ((1,1)) 4,0\n", "s.pls:6: query: coordinates must be X,Y"},
		{"three numbers", "query (1,1,1) 4,0\n", "s.pls:6: query: coordinates must be X,Y"},
		{"no comma bare", "dig 1 1\n", "s.pls:6: want \"dig X,Y\""},
		{"dangling comma", "dig 1,\n", "s.pls:6: dig: coordinates must be X,Y"},
		{"agent paren", "agent (1,0 -> 3,1\n", "s.pls:6: agent: coordinates must be X,Y"},
		{"words in parens", "fill (a, b)\n", "s.pls:6: want \"fill X,Y\" (or a run, \"fill X,Y..X2,Y\"), found \"fill (a, b)\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario(strings.NewReader(head+tc.in), "s.pls", "")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

// A user pasted a query as the window shows it, "(5,5)→(35,20)", and got
// "want query X,Y X,Y": a query line takes the arrow between its start and
// its goal, "→" or "->", spaced or not, as an agent line takes "->"; an
// agent line takes "→" too.
func TestScenarioQueryArrow(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n.....\n.....\nend\n"
	for _, line := range []string{
		"query 1,1 -> 4,0",
		"query 1,1 → 4,0",
		"query 1,1→4,0",
		"query 1,1->4,0",
		"query (1,1)→(4,0)",
		"query (1, 1) → (4, 0)   # copied from the window",
		"query (1,1) -> 4, 0",
	} {
		s, err := ParseScenario(strings.NewReader(head+line+"\nagent 1,0→3,1 group 2\n"), "s.pls", "")
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if len(s.Queries) != 1 || s.Queries[0] != (Query{image.Pt(1, 1), image.Pt(4, 0)}) {
			t.Errorf("%q: queries %v", line, s.Queries)
		}
		if want := (AgentSpec{Start: image.Pt(1, 0), Goal: image.Pt(3, 1), Group: 2}); len(s.Agents) != 1 || s.Agents[0] != want {
			t.Errorf("%q: agents %+v", line, s.Agents)
		}
	}
	// An arrow where no cell follows or precedes it, or two, is refused
	// naming the file and line.
	for _, tc := range []struct{ in, want string }{
		{"query 1,1 ->\n", `s.pls:6: want "query X,Y X,Y" (or X,Y -> X,Y), found "query 1,1 ->"`},
		{"query → 4,0\n", `s.pls:6: want "query X,Y X,Y" (or X,Y -> X,Y), found "query → 4,0"`},
		{"query 1,1 -> 4,0 -> 2,0\n", `s.pls:6: want "query X,Y X,Y" (or X,Y -> X,Y)`},
		{"query 1,1 -> -> 4,0\n", `s.pls:6: want "query X,Y X,Y" (or X,Y -> X,Y)`},
		{"query 1,1 => 4,0\n", `s.pls:6: want "query X,Y X,Y" (or X,Y -> X,Y)`},
		{"query (1,1 → 4,0\n", "s.pls:6: query: coordinates must be X,Y"},
	} {
		_, err := ParseScenario(strings.NewReader(head+tc.in), "s.pls", "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v\nwant it to contain %q", tc.in, err, tc.want)
		}
	}
}
