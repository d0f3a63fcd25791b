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

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
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
		{text: "4,x", err: `"4,x": type a query number (e.g. 3), a cell X,Y with whole numbers (12,7), or a start and goal X,Y X,Y (12,7 30,4)`},
		// Junk is told every form the prompt takes, not only a cell's.
		{text: "abc", err: `"abc": type a query number (e.g. 3), a cell X,Y with whole numbers (12,7), or a start and goal X,Y X,Y (12,7 30,4)`},
		{text: "-x", err: `type a query number (e.g. 3), a cell X,Y`},
		{text: "4,(", err: `type a query number (e.g. 3), a cell X,Y`},
		{text: "4", query: 4},
		{text: "1,1 2,2 3,3", err: "type a query number (e.g. 3), a cell X,Y with whole numbers (12,7), or a start and goal X,Y X,Y"},
		// The app's own (x,y), with spaces, and its pairs.
		{text: "(4,5)", cells: []image.Point{{4, 5}}},
		{text: "(4, 5)", cells: []image.Point{{4, 5}}},
		{text: " ( 4 , 5 ) ", cells: []image.Point{{4, 5}}},
		{text: "4 5", cells: []image.Point{{4, 5}}},
		{text: "(4 5)", cells: []image.Point{{4, 5}}},
		{text: "(1,2) (3,4)", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "(1,2)-(3,4)", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "(1, 2) - (3, 4)", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "(1,2) → (3,4)", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "(1,2)→(3,4)", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "1,2-3,4", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "1,2 TO 3,4", cells: []image.Point{{1, 2}, {3, 4}}},
		{text: "4,-5", err: "cell (4,-5) is outside"},
		{text: "1 2 3 4", err: "write a cell as X,Y and a start and goal as X,Y X,Y"},
		{text: "1,2 3", err: "write a cell as X,Y"},
		{text: "(1,2", err: "a ( without its )"},
		{text: "1;2", err: `";" is not part of a query number (e.g. 3), a cell X,Y with whole numbers (12,7), or a start and goal X,Y X,Y`},
		// Numbers past an int: out of range, with the range.
		{text: "99999999999999999999", err: "query 99999999999999999999 is out of range: room has 12 queries (1 to 12)"},
		{text: "99999999999999999999,3", err: "x = 99999999999999999999 is out of range: the 20×10 map's cells are 0,0 to 19,9"},
		{text: "3,-99999999999999999999", err: "y = -99999999999999999999 is out of range"},
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
	for _, c := range []struct {
		text, want string
		format     maps.Format
		err        string
	}{
		{"case", "case.pls", maps.FormatUnknown, ""},
		{"case.PLS", "case.PLS", maps.FormatUnknown, ""},
		{filepath.Join(dir, "x"), filepath.Join(dir, "x.pls"), maps.FormatUnknown, ""},
		{"case.map", "case.map", maps.FormatMovingAI, ""},
		{"case.Map", "case.Map", maps.FormatMovingAI, ""},
		{"case.txt", "case.txt", maps.FormatASCII, ""},
		{"case.ascii", "case.ascii", maps.FormatASCII, ""},
		{"case.png", "", 0, "a session is saved as a .pls scenario (try case.pls); its terrain alone is exported as .map"},
		{dir + "/", "", 0, "is a folder: add a file name"},
		{dir, "", 0, "is a folder: add a file name"},
		{"", "", 0, "type a file name"},
	} {
		got, f, err := saveAsPath(c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %q, %v; want an error containing %q", c.text, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want || f != c.format {
			t.Errorf("%q: %q %v, %v; want %q %v", c.text, got, f, err, c.want, c.format)
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
	var log strings.Builder
	w0.Log = world.NewEventLog(&log)
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
	// The log says "open" when a file is opened, not when the question
	// is asked (a tester's log claimed an open that Esc had cancelled).
	if strings.Contains(log.String(), "open path=") {
		t.Fatalf("Esc on the question, yet the log has an open line:\n%s", log.String())
	}
	// The history took the path at Enter: on the path brought back, ↓
	// keeps it (a review: it cleared the line) and ↑ gives it too.
	if g.prompt.recall(g.promptHist[promptOpen], +1); string(g.prompt.text) != path {
		t.Fatalf("↓ on the path brought back: %q, want it kept", string(g.prompt.text))
	}
	if g.prompt.recall(g.promptHist[promptOpen], -1); string(g.prompt.text) != path {
		t.Fatalf("↑ on the path brought back: %q, want the newest entry, the same path", string(g.prompt.text))
	}
	g.submitPrompt()
	c := g.confirm
	if c == nil {
		t.Fatal("second try: no question")
	}
	g.confirm = nil // D: discard them and open
	if err := c.then(g); err != nil || g.w == w0 {
		t.Fatalf("discard and open: %v, replaced %v", err, g.w != w0)
	}
	if !strings.Contains(log.String(), "open path=") {
		t.Fatalf("opened, yet no open line in the log:\n%s", log.String())
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

// heldKeys is what the fake keyboard holds: each key with the frames it has
// been down (1: pressed this frame).
type heldKeys map[ebiten.Key]int

// fakeKeys makes the game read its keys from *held instead of the display
// until the test ends.
func fakeKeys(t *testing.T, held *heldKeys) {
	d, p := keyDuration, keyPressed
	keyDuration = func(k ebiten.Key) int { return (*held)[k] }
	keyPressed = func(k ebiten.Key) bool { return (*held)[k] > 0 }
	t.Cleanup(func() { keyDuration, keyPressed = d, p })
}

// logged returns the session's event log lines.
func logged(g *Game) []string { return g.w.Log.Recent(nil, 10000) }

// Regression (new-user test): Ctrl+O and Ctrl+G did nothing over the help
// or the gallery, and a digit typed next picked a gallery case. The keys
// now close the overlay and open the prompt, which takes the digit.
func TestPromptKeysOverHelpAndGallery(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.Log = world.NewEventLog(nil)
	var held heldKeys
	fakeKeys(t, &held)
	w0 := g.w
	for _, c := range []struct {
		name string
		set  func()
		key  ebiten.Key
		kind promptKind
	}{
		{"gallery", func() { g.gallery = true }, ebiten.KeyG, promptGoto},
		{"help", func() { g.showHelp = true }, ebiten.KeyO, promptOpen},
		{"gallery", func() { g.gallery = true }, ebiten.KeyO, promptOpen},
	} {
		g.closePrompt()
		c.set()
		held = heldKeys{ebiten.KeyControl: 5, c.key: 1}
		g.Update()
		if g.prompt == nil || g.prompt.kind != c.kind || g.gallery || g.showHelp {
			t.Fatalf("Ctrl+%v over the %s: prompt %+v, gallery %v, help %v", c.key, c.name, g.prompt, g.gallery, g.showHelp)
		}
		held = heldKeys{}
		g.in.typed = []rune("1")
		g.updatePrompt()
		if g.w != w0 || !strings.HasSuffix(string(g.prompt.text), "1") {
			t.Fatalf("the 1 typed after Ctrl+%v over the %s: session replaced %v, prompt %q", c.key, c.name, g.w != w0, string(g.prompt.text))
		}
		g.in.typed = nil
	}
	if l := strings.Join(logged(g), "\n"); !strings.Contains(l, "overlay name=gallery on=off") || !strings.Contains(l, "overlay name=help on=off") {
		t.Errorf("the overlays closed unlogged:\n%s", l)
	}
}

// Regression (a new user): after Ctrl+O refused a file that does not exist,
// Ctrl+G did nothing and what was typed next went on the end of the path:
// the three prompt keys did nothing while a prompt was open. The refused
// prompt stays open to be mended (its own key leaves it as it is), and
// another prompt's key closes it and opens that one, which takes what is
// typed next.
func TestPromptKeysOverARefusedPrompt(t *testing.T) {
	dir := t.TempDir()
	g := drawnGame(t, 1200, 760)
	g.w.Log = world.NewEventLog(nil)
	var held heldKeys
	fakeKeys(t, &held)
	frame := func(k heldKeys, typed string) {
		held = k
		g.Update()
		if typed != "" {
			held = heldKeys{}
			g.in.typed = []rune(typed)
			g.updatePrompt()
			g.in.typed = nil
		}
	}
	frame(heldKeys{ebiten.KeyControl: 5, ebiten.KeyO: 1}, "")
	if g.prompt == nil || g.prompt.kind != promptOpen {
		t.Fatalf("Ctrl+O opened %+v", g.prompt)
	}
	g.prompt.text = []rune(filepath.Join(dir, "nothere.map"))
	g.prompt.cur = len(g.prompt.text)
	frame(heldKeys{ebiten.KeyEnter: 1}, "")
	if p := g.prompt; p == nil || !p.err || !strings.Contains(p.note, "no such file") {
		t.Fatalf("Enter on a missing file: prompt %+v, want it open with the refusal", p)
	}
	frame(heldKeys{ebiten.KeyControl: 5, ebiten.KeyO: 1}, "")
	if p := g.prompt; p == nil || p.kind != promptOpen || !strings.HasSuffix(string(p.text), "nothere.map") {
		t.Fatalf("Ctrl+O over the refused open prompt: %v, want it as it was, to be mended", promptString(p))
	}
	for _, c := range []struct {
		mods []ebiten.Key
		key  ebiten.Key
		kind promptKind
	}{
		{[]ebiten.Key{ebiten.KeyControl}, ebiten.KeyG, promptGoto},
		{[]ebiten.Key{ebiten.KeyControl, ebiten.KeyShift}, ebiten.KeyS, promptSaveAs},
		{[]ebiten.Key{ebiten.KeyControl}, ebiten.KeyO, promptOpen},
	} {
		was := g.prompt.kind
		k := heldKeys{c.key: 1}
		for _, m := range c.mods {
			k[m] = 5
		}
		frame(k, "")
		if p := g.prompt; p == nil || p.kind != c.kind {
			t.Fatalf("%v+%v over the %s prompt: prompt %v, want the %s prompt", c.mods, c.key, was.label(), promptString(p), c.kind.label())
		}
		if p := g.prompt; p.err || strings.Contains(string(p.text), "nothere") {
			t.Fatalf("the %s prompt opened over the refused one carries its text %q or refusal %q", c.kind.label(), string(p.text), p.note)
		}
		before := string(g.prompt.text)
		frame(heldKeys{}, "7")
		if got := string(g.prompt.text); got == before || !strings.Contains(got, "7") {
			t.Fatalf("7 typed in the %s prompt: text %q (was %q)", c.kind.label(), got, before)
		}
	}
	if l := strings.Join(logged(g), "\n"); !strings.Contains(l, "prompt_close what=open") || !strings.Contains(l, `prompt what="go to"`) {
		t.Errorf("the switch of prompts is not logged as a close and an open:\n%s", l)
	}
}

// promptString is p's kind, text and note, for a test's message.
func promptString(p *prompt) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprintf("%s %q (note %q)", p.kind.label(), string(p.text), p.note)
}

// Cursor editing: the caret moves with the arrows (Ctrl: a word), Home and
// End; typed letters go in at it; Backspace and Delete take the letter
// before and after it; Ctrl+W the word before it; Ctrl+U all before it.
// Held keys repeat.
func TestPromptCursorEditing(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	var held heldKeys
	fakeKeys(t, &held)
	g.openPrompt(promptGoto)
	p := g.prompt
	frame := func(k heldKeys, typed string) {
		held = k
		g.in.typed = []rune(typed)
		g.updatePrompt()
	}
	expect := func(what, text string, cur int) {
		t.Helper()
		if string(p.text) != text || p.cur != cur {
			t.Fatalf("%s: %q caret %d, want %q caret %d", what, string(p.text), p.cur, text, cur)
		}
	}
	frame(nil, "12,3")
	expect("typed", "12,3", 4)
	frame(heldKeys{ebiten.KeyArrowLeft: 1}, "")
	frame(heldKeys{ebiten.KeyArrowLeft: 2}, "") // held, not yet repeating
	expect("Left", "12,3", 3)
	frame(nil, "4")
	expect("typed at the caret", "12,43", 4)
	frame(heldKeys{ebiten.KeyHome: 1}, "")
	expect("Home", "12,43", 0)
	frame(heldKeys{ebiten.KeyDelete: 1}, "")
	expect("Delete", "2,43", 0)
	frame(heldKeys{ebiten.KeyArrowRight: 1}, "")
	frame(heldKeys{ebiten.KeyBackspace: 1}, "")
	expect("Backspace at the caret", ",43", 0)
	frame(heldKeys{ebiten.KeyEnd: 1}, "")
	expect("End", ",43", 3)
	frame(nil, " 7,8")
	frame(heldKeys{ebiten.KeyControl: 3, ebiten.KeyW: 1}, "")
	expect("Ctrl+W", ",43 7,", 6)
	frame(heldKeys{ebiten.KeyControl: 3, ebiten.KeyArrowLeft: 1}, "")
	expect("Ctrl+Left", ",43 7,", 4)
	frame(heldKeys{ebiten.KeyControl: 3, ebiten.KeyU: 1}, "")
	expect("Ctrl+U", "7,", 0)
	frame(heldKeys{ebiten.KeyControl: 3, ebiten.KeyArrowRight: 1}, "")
	expect("Ctrl+Right", "7,", 1)
	// Held: the key acts at once, then from the 19th frame every third.
	p.text, p.cur = []rune("abcdefgh"), 8
	acted := 0
	for d := 1; d <= 30; d++ {
		before := p.cur
		frame(heldKeys{ebiten.KeyArrowLeft: d}, "")
		if p.cur != before {
			acted++
		}
	}
	if acted != 1+4 { // frames 1, 21, 24, 27, 30
		t.Errorf("Left held 30 frames moved %d times, want 5", acted)
	}
	if v := g.promptView(); v.Cursor != p.cur || v.Text != string(p.text) {
		t.Errorf("drawn: %+v, want caret %d", v, p.cur)
	}
}

// Regression (new-user test): save as wrote into a folder -save refuses
// (read-only) and over a file marked read-only with only the usual
// "exists" question. Both are refused, naming the path.
func TestSaveAsRefusesReadOnly(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	fillSomewhere(t, g.w)
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	locked := filepath.Join(dir, "locked.pls")
	if err := os.WriteFile(locked, []byte("keep me"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{filepath.Join(ro, "mine"), "the folder " + ro + " is read-only"},
		{locked, locked + ": the file is read-only (mode 0444)"},
	} {
		typeInto(g, promptSaveAs, c.text)
		g.submitPrompt()
		g.submitPrompt() // an "exists" question would write on the second Enter
		if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, c.want) {
			t.Fatalf("save as %s: prompt %+v, want refused with %q", c.text, g.prompt, c.want)
		}
		g.closePrompt()
	}
	if b, _ := os.ReadFile(locked); string(b) != "keep me" {
		t.Errorf("the read-only file was written: %q", b)
	}
	if ents, _ := os.ReadDir(ro); len(ents) > 0 {
		t.Errorf("the read-only folder was written: %v", ents)
	}
	if !g.w.Dirty() || g.w.SaveTo != "" {
		t.Errorf("refused saves: dirty %v, later saves to %q", g.w.Dirty(), g.w.SaveTo)
	}
}

// Regression (new-user test): open's refusals landed in different places
// (a missing file only in the prompt; a broken map also on the map's
// message line and in the log). One rule now: every refusal keeps the
// prompt open with the reason, adds an error line to the log naming the
// prompt, and leaves the map's message line alone.
func TestOpenPromptRefusalsOneRule(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.Log = world.NewEventLog(nil)
	dir := writeDropFiles(t, map[string]string{
		"room.map":   dropMap,
		"bad.map":    "type octile\nheight 2\nwidth 2\nmap\n.\n",
		"other.scen": scenText("big.map", 99, 99, "0\t0\t3\t0\t3"),
		"notes/":     "",
	})
	if err := os.WriteFile(filepath.Join(dir, "pic.map"), []byte{0x89, 'P', 'N', 'G', 0, 0, 1}, 0o644); err != nil {
		t.Fatal(err)
	}
	w0 := g.w
	for _, c := range []struct{ text, note string }{
		{"", "type the path of a file"},
		{filepath.Join(dir, "nothere.map"), "nothere.map: no such file"},
		{filepath.Join(dir, "notes"), "is a folder"},
		{filepath.Join(dir, "pic.map"), "pic.map (not a text file"},
		{filepath.Join(dir, "bad.map"), "bad.map"},
		{filepath.Join(dir, "other.scen"), "other.scen"},
	} {
		seq, lines := w0.MessageSeq, len(logged(g))
		typeInto(g, promptOpen, c.text)
		g.submitPrompt()
		if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, c.note) || g.w != w0 {
			t.Fatalf("open %q: prompt %+v, replaced %v; want the prompt kept with %q", c.text, g.prompt, g.w != w0, c.note)
		}
		if w0.MessageSeq != seq {
			t.Errorf("open %q: the refusal was also put on the map: %q", c.text, w0.Message)
		}
		var errs []string
		for _, l := range logged(g)[lines:] {
			if strings.HasPrefix(l, "error") {
				errs = append(errs, l)
			}
		}
		if len(errs) != 1 || !strings.HasPrefix(errs[0], "error prompt=open msg=") {
			t.Errorf("open %q: log's error lines %q, want one `error prompt=open msg=…`", c.text, errs)
		}
		g.closePrompt()
	}
}

// Regression (new-user test): a relative path in the open prompt was taken
// in the working folder, not the folder the prompt shows (the session's).
// Tab completes it there too, and the folder is drawn before it.
func TestOpenPromptRelativeToTheFolderShown(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap, "room.scen": scenText("room.map", 8, 5, "0\t0\t3\t0\t3")})
	if wd, _ := os.Getwd(); wd == dir {
		t.Fatal("the test needs another working folder")
	}
	typeInto(g, promptOpen, filepath.Join(dir, "room.map"))
	g.submitPrompt()
	g.openPrompt(promptOpen)
	p := g.prompt
	p.text, p.cur = []rune("room.s"), 6
	if v := g.promptView(); v.Base != dir+string(filepath.Separator) {
		t.Errorf("the folder drawn before %q: %q, want %q", v.Text, v.Base, dir+"/")
	}
	p.text, p.cur = nil, 0
	g.completePrompt()
	if !slices.Equal(p.matches, []string{"room.map", "room.scen"}) || string(p.text) != "room." {
		t.Errorf("Tab on nothing: %q listed, text %q; want the folder shown listed", p.matches, string(p.text))
	}
	p.text, p.cur = []rune("room.s"), 6
	g.completePrompt()
	if string(p.text) != "room.scen" {
		t.Fatalf("Tab on room.s: %q, want room.scen (completed in %s)", string(p.text), dir)
	}
	g.submitPrompt()
	if g.prompt != nil || len(g.w.Queries) != 1 || g.w.Start != image.Pt(0, 0) {
		t.Fatalf("open room.scen typed relative: prompt %+v, queries %v", g.prompt, g.w.Queries)
	}
	// Save as starts beside the map; a name typed alone goes there too.
	g.openPrompt(promptSaveAs)
	if v := g.promptView(); v.Text != filepath.Join(dir, "room.pls") {
		t.Errorf("save as starts at %q, want %q", v.Text, filepath.Join(dir, "room.pls"))
	}
	g.prompt.text, g.prompt.cur = []rune("mine"), 4
	g.submitPrompt()
	if _, err := os.Stat(filepath.Join(dir, "mine.pls")); err != nil || g.prompt != nil {
		t.Errorf("save as mine: %v, prompt %+v; want %s", err, g.prompt, filepath.Join(dir, "mine.pls"))
	}
}

// Regression (new-user test): go to a cell on a small map already fitted
// did not zoom in (its cells were past the 12 px a go-to asks for). It
// now closes in (2× the fitted zoom) and pins the cell, centred.
func TestGotoCellZoomsInOnASmallMap(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	typeInto(g, promptOpen, filepath.Join(dir, "room.map"))
	g.submitPrompt()
	g.Update() // fitted
	fit := g.cam.Zoom
	if fit < 12 {
		t.Fatalf("room.map fitted at %.1f px a cell: the test needs a small map", fit)
	}
	cell := image.Pt(6, 2)
	typeInto(g, promptGoto, "6,2")
	g.submitPrompt()
	g.Update()
	if g.cam.Zoom < 1.99*fit || !g.hasPinned || g.pinned != cell {
		t.Fatalf("go to 6,2: zoom %.1f (fitted %.1f), pinned %v %v", g.cam.Zoom, fit, g.hasPinned, g.pinned)
	}
	x, y := g.cam.CellCenter(cell)
	m := g.lay.Map
	if absInt(int(x)-(m.Min.X+m.Max.X)/2) > 2 || absInt(int(y)-(m.Min.Y+m.Max.Y)/2) > 2 {
		t.Errorf("cell %v drawn at %.0f,%.0f, want the map area's centre %v", cell, x, y, m)
	}
}
