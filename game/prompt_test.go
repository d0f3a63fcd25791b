package game

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pathlens/assets"
	"pathlens/game/world"
)

func TestParseGoto(t *testing.T) {
	for _, c := range []struct {
		text  string
		query int
		cells []image.Point
		err   string
	}{
		{text: "3", query: 3},
		{text: "12", query: 12},
		{text: "0", err: "query 0: room has 12 queries (1 to 12)"},
		{text: "13", err: "query 13: room has 12 queries (1 to 12)"},
		{text: "4,5", cells: []image.Point{{4, 5}}},
		{text: "4, 5", cells: []image.Point{{4, 5}}},
		{text: "4,5 19,9", cells: []image.Point{{4, 5}, {19, 9}}},
		{text: "4 , 5   19, 9", cells: []image.Point{{4, 5}, {19, 9}}},
		{text: "4,5 -> 19,9", cells: []image.Point{{4, 5}, {19, 9}}},
		{text: "4,5→19,9", cells: []image.Point{{4, 5}, {19, 9}}},
		{text: "4,5 to 19,9", cells: []image.Point{{4, 5}, {19, 9}}},
		{text: "20,3", err: "cell (20,3) is outside the 20×10 map (cells 0,0 to 19,9)"},
		{text: "-1,3", err: "cell (-1,3) is outside"},
		{text: "4,x", err: `"4,x": a cell is X,Y with whole numbers`},
		{text: "4", query: 4},
		{text: "1,1 2,2 3,3", err: "want a query number, a cell X,Y, or a start and goal"},
		{text: "", err: "type a query number"},
	} {
		got, err := parseGoto(c.text, 20, 10, 12, "room")
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one containing %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || got.query != c.query || !slices.Equal(got.cells, c.cells) {
			t.Errorf("%q: %+v, %v; want query %d cells %v", c.text, got, err, c.query, c.cells)
		}
	}
	if _, err := parseGoto("2000", 20, 10, 1280, "AR0011SR"); err == nil || !strings.Contains(err.Error(), "AR0011SR has 1,280 queries (1 to 1,280)") {
		t.Errorf("a number past a long list: %v", err)
	}
	if _, err := parseGoto("2", 20, 10, 0, "room"); err == nil || !strings.Contains(err.Error(), "room has no queries") {
		t.Errorf("a number with no queries: %v", err)
	}
}

func TestCompletePath(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"alpha.map": "", "alpha.map.scen": "", "beta.pls": "", "sub/": "", ".git/": ""})
	d := dir + string(filepath.Separator)
	for _, c := range []struct {
		text, want string
		names      []string
	}{
		{d + "a", d + "alpha.map", []string{"alpha.map", "alpha.map.scen"}},
		{d + "b", d + "beta.pls", []string{"beta.pls"}},
		{d + "s", d + "sub/", []string{"sub/"}},
		{d, d, []string{"alpha.map", "alpha.map.scen", "beta.pls", "sub/"}},
		{d + ".", d + ".git/", []string{".git/"}},
		{d + "z", d + "z", nil},
		{filepath.Join(dir, "missing") + "/x", filepath.Join(dir, "missing") + "/x", nil},
	} {
		got, names := completePath(c.text)
		if got != c.want || !slices.Equal(names, c.names) {
			t.Errorf("complete %q: %q %q, want %q %q", c.text, got, names, c.want, c.names)
		}
	}
}

func TestSaveAsPath(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want, err string }{
		{"case", "case.pls", ""},
		{"case.PLS", "case.PLS", ""},
		{filepath.Join(dir, "x"), filepath.Join(dir, "x.pls"), ""},
		{"case.map", "", "a session is saved as a .pls scenario (try case.pls)"},
		{dir + "/", "", "is a folder: add a file name"},
		{dir, "", "is a folder: add a file name"},
		{"", "", "type a file name"},
	} {
		got, err := saveAsPath(c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %q, %v; want an error containing %q", c.text, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %q, %v; want %q", c.text, got, err, c.want)
		}
	}
}

func TestWordStart(t *testing.T) {
	for text, want := range map[string]string{
		"/work/maps/arena.map": "/work/maps/",
		"/work/maps/":          "/work/",
		"3,4 5,6":              "3,4 5,",
		"3,4 ":                 "3,",
		"abc":                  "",
		"":                     "",
	} {
		if got := string([]rune(text)[:wordStart([]rune(text))]); got != want {
			t.Errorf("Ctrl+Backspace on %q leaves %q, want %q", text, got, want)
		}
	}
}

// typeInto opens the prompt of kind k and puts text in it, as typing would.
func typeInto(g *Game, k promptKind, text string) {
	g.openPrompt(k)
	g.prompt.text = []rune(text)
}

// Go to: a number opens that query (as F3 would, with the note), a cell
// is centred and pinned, two cells are a new query; a bad entry keeps the
// prompt open with the reason, and the session is untouched.
func TestGotoPrompt(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	g := drawnOn(t, wd, 1200, 760)
	n := len(wd.Queries)
	if n < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs two", n)
	}
	typeInto(g, promptGoto, "2")
	g.submitPrompt()
	if q := wd.Queries[1]; g.prompt != nil || g.query != 1 || wd.Start != q[0] || wd.Goal != q[1] || !strings.Contains(wd.Message, "query 2 of") {
		t.Fatalf("go to 2: prompt %v, query %d, %v→%v, message %q", g.prompt, g.query+1, wd.Start, wd.Goal, wd.Message)
	}
	start, goal := wd.Start, wd.Goal
	typeInto(g, promptGoto, "99")
	g.submitPrompt()
	if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, "99") || wd.Start != start || wd.Goal != goal {
		t.Fatalf("go to 99: prompt %+v, endpoints %v→%v", g.prompt, wd.Start, wd.Goal)
	}
	g.closePrompt()
	var open []image.Point
	for i := 0; i < wd.Grid.Len(); i++ {
		if p := wd.Grid.Point(i); wd.Grid.Open(p) {
			open = append(open, p)
		}
	}
	a, b := open[0], open[len(open)-1]
	g.autoFit = false // as after a go-to cell zoomed in somewhere
	typeInto(g, promptGoto, cellText(a)+" "+cellText(b))
	g.submitPrompt()
	if g.prompt != nil || wd.Start != a || wd.Goal != b || !wd.HasStart || !wd.HasGoal {
		t.Fatalf("go to %v %v: prompt %v, endpoints %v→%v", a, b, g.prompt, wd.Start, wd.Goal)
	}
	if !g.autoFit {
		t.Error("a typed query left the view where it was: its ends may be off screen")
	}
	// A wall at either end: refused in the prompt, the query kept.
	var wall image.Point
	for i := 0; i < wd.Grid.Len(); i++ {
		if p := wd.Grid.Point(i); !wd.Grid.Open(p) {
			wall = p
			break
		}
	}
	for _, text := range []string{cellText(wall) + " " + cellText(b), cellText(a) + " " + cellText(wall)} {
		typeInto(g, promptGoto, text)
		g.submitPrompt()
		if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, "is a wall") || wd.Start != a || wd.Goal != b {
			t.Fatalf("go to %q: prompt %+v, endpoints %v→%v; want refused, %v→%v kept", text, g.prompt, wd.Start, wd.Goal, a, b)
		}
		g.closePrompt()
	}
	typeInto(g, promptGoto, cellText(b))
	g.submitPrompt()
	if !g.hasPinned || g.pinned != b || g.autoFit {
		t.Fatalf("go to %v: pinned %v %v, autoFit %v", b, g.hasPinned, g.pinned, g.autoFit)
	}
	x, y := g.cam.CellCenter(b)
	m := g.lay.Map
	if !image.Pt(int(x), int(y)).In(m) || absInt(int(x)-(m.Min.X+m.Max.X)/2) > 2 || absInt(int(y)-(m.Min.Y+m.Max.Y)/2) > 2 {
		t.Errorf("cell %v drawn at %.0f,%.0f, want the map area's centre %v", b, x, y, m)
	}
}

func cellText(p image.Point) string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Open: a map's path opens it as a drop would; a .scen list adds its
// rows; a missing file or a folder keeps the prompt open with the reason
// and the session as it was.
func TestOpenPrompt(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap, "room.scen": scenText("room.map", 8, 5, "0\t0\t3\t0\t3"), "notes/": ""})
	w0 := g.w
	for _, c := range []struct{ text, note string }{
		{filepath.Join(dir, "nothere.map"), "no such file"},
		{filepath.Join(dir, "notes"), "is a folder"},
		{"", "type the path of a file"},
	} {
		typeInto(g, promptOpen, c.text)
		g.submitPrompt()
		if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, c.note) || g.w != w0 {
			t.Fatalf("open %q: prompt %+v, session replaced %v; want the prompt kept with %q", c.text, g.prompt, g.w != w0, c.note)
		}
		g.closePrompt()
	}
	typeInto(g, promptOpen, filepath.Join(dir, "room.map"))
	g.submitPrompt()
	if g.prompt != nil || g.w.Source != filepath.Join(dir, "room.map") || g.w.Grid.Width() != 8 {
		t.Fatalf("open room.map: prompt %v, session %q", g.prompt, g.w.Source)
	}
	// The next open starts in the session's folder.
	g.openPrompt(promptOpen)
	if got := string(g.prompt.text); got != dir+string(filepath.Separator) {
		t.Errorf("the open prompt starts at %q, want the session's folder %q", got, dir+string(filepath.Separator))
	}
	g.prompt.text = append(g.prompt.text, []rune("room.scen")...)
	g.submitPrompt()
	if g.prompt != nil || len(g.w.Queries) != 1 || g.w.Start != image.Pt(0, 0) || g.w.Goal != image.Pt(3, 0) {
		t.Fatalf("open room.scen: prompt %v, queries %v, %v→%v", g.prompt, g.w.Queries, g.w.Start, g.w.Goal)
	}
	// A file that is no map: refused, the prompt kept, nothing replaced.
	bad := filepath.Join(dir, "bad.map")
	if err := os.WriteFile(bad, []byte("type octile\nheight 2\nwidth 2\nmap\n.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w1 := g.w
	typeInto(g, promptOpen, bad)
	g.submitPrompt()
	if g.prompt == nil || !g.prompt.err || g.w != w1 || !strings.Contains(g.prompt.note, "bad.map") {
		t.Fatalf("open a broken map: prompt %+v, replaced %v", g.prompt, g.w != w1)
	}
}

// Save as: the file is written (.pls added), later saves go there, and
// another existing file is written over only on a second Enter.
func TestSaveAsPrompt(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := t.TempDir()
	fillSomewhere(t, g.w)
	typeInto(g, promptSaveAs, filepath.Join(dir, "mine"))
	g.submitPrompt()
	want := filepath.Join(dir, "mine.pls")
	if _, err := os.Stat(want); err != nil || g.prompt != nil || g.w.Dirty() || g.w.SavePath() != want {
		t.Fatalf("save as mine: %v, prompt %v, dirty %v, later saves to %q", err, g.prompt, g.w.Dirty(), g.w.SavePath())
	}
	other := filepath.Join(dir, "other.pls")
	if err := os.WriteFile(other, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	typeInto(g, promptSaveAs, other)
	g.submitPrompt()
	if b, _ := os.ReadFile(other); string(b) != "keep me" || g.prompt == nil || !strings.Contains(g.prompt.note, "exists") {
		t.Fatalf("first Enter on an existing file: file %q, prompt %+v", b, g.prompt)
	}
	g.submitPrompt()
	if b, _ := os.ReadFile(other); string(b) == "keep me" || g.prompt != nil || g.w.SavePath() != other {
		t.Fatalf("second Enter: file %q, prompt %v, later saves to %q", b, g.prompt, g.w.SavePath())
	}
	// The session's own file is written without asking.
	typeInto(g, promptSaveAs, other)
	g.submitPrompt()
	if g.prompt != nil {
		t.Errorf("save as the session's own file asked: %+v", g.prompt)
	}
}

// Regression (review): the made-up NAME.pls beside a map is not the
// session's own file: a file of that name is another session's, and save
// as wrote over it on the first Enter.
func TestSaveAsAsksBeforeAnotherSessionsFile(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap, "room.pls": "another session"})
	typeInto(g, promptOpen, filepath.Join(dir, "room.map"))
	g.submitPrompt()
	if g.w.SavePath() != filepath.Join(dir, "room.pls") {
		t.Fatalf("SavePath %q: the test needs the made-up room.pls", g.w.SavePath())
	}
	fillSomewhere(t, g.w)
	typeInto(g, promptSaveAs, filepath.Join(dir, "room.pls"))
	g.submitPrompt()
	if b, _ := os.ReadFile(filepath.Join(dir, "room.pls")); string(b) != "another session" || g.prompt == nil || !strings.Contains(g.prompt.note, "exists") {
		t.Fatalf("first Enter on another session's room.pls: file %q, prompt %+v", b, g.prompt)
	}
}

// Regression (review): a drop replaced the session under an open prompt,
// whose save-as then wrote the new session over the old one's file.
func TestDropClosesThePrompt(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	typeInto(g, promptSaveAs, "old.pls")
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	g.drop(os.DirFS(dir))
	if g.prompt != nil || g.w.Source != filepath.Join(dir, "room.map") {
		t.Fatalf("after the drop: prompt %+v, session %q", g.prompt, g.w.Source)
	}
}

// With unsaved edits, open asks first; Esc on the question keeps the
// session and brings the typed path back to fix or retry.
func TestOpenPromptEscOnTheQuestionKeepsThePath(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	fillSomewhere(t, w0)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	path := filepath.Join(dir, "room.map")
	typeInto(g, promptOpen, path)
	g.submitPrompt()
	if g.confirm == nil || g.w != w0 || g.prompt != nil {
		t.Fatalf("open over unsaved edits: question %v, replaced %v, prompt %v", g.confirm != nil, g.w != w0, g.prompt)
	}
	g.cancelConfirm()
	if g.w != w0 || !w0.Dirty() || g.prompt == nil || string(g.prompt.text) != path {
		t.Fatalf("Esc on the question: replaced %v, dirty %v, prompt %+v", g.w != w0, w0.Dirty(), g.prompt)
	}
}

// Regression (review): completion cut a letter in half where two names
// differ inside it (é, è: the same first byte).
func TestCompletePathKeepsLettersWhole(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"é1.map": "", "è2.map": "", "ab.map": ""})
	got, names := completePath(dir + "/")
	if got != dir+"/" || len(names) != 3 {
		t.Errorf("complete %q: %q %q", dir+"/", got, names)
	}
	for _, n := range names {
		if !utf8.ValidString(n) {
			t.Errorf("name %q cut", n)
		}
	}
	dir2 := writeDropFiles(t, map[string]string{"é1.map": "", "è2.map": ""})
	if got, _ := completePath(dir2 + "/"); got != dir2+"/" || !utf8.ValidString(got) {
		t.Errorf("complete over é1 and è2: %q, want the folder alone", got)
	}
}
