package game

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/render"
)

// promptKind is what the one-line prompt asks for.
type promptKind int

const (
	promptOpen   promptKind = iota // a file to open (Ctrl+O)
	promptGoto                     // a query number, a cell, or a start and goal (Ctrl+G)
	promptSaveAs                   // where to save the session (Ctrl+Shift+S)
)

// maxPromptRunes bounds what the prompt holds (a path, a few numbers).
const maxPromptRunes = 4096

// prompt is the one-line text entry over the map: it takes every key while
// it is open (typed letters do not toggle layers), Enter does what it is
// for, Esc closes it, Tab completes a path.
type prompt struct {
	kind promptKind
	text []rune
	note string // under the line: what to type, the completions, or why Enter was refused
	err  bool   // note is a refusal
	// overwrite is the existing file a second Enter on save-as writes over.
	overwrite string
}

func (k promptKind) label() string {
	switch k {
	case promptOpen:
		return "open"
	case promptGoto:
		return "go to"
	}
	return "save as"
}

// hint is the prompt's note before anything is typed.
func (g *Game) promptHint(k promptKind) string {
	switch k {
	case promptOpen:
		return "a map (.map, ASCII), a scenario (.pls) or a Moving AI .scen list; Tab completes, Enter opens, Esc closes"
	case promptGoto:
		n := len(g.w.Queries)
		q := "a query number"
		switch {
		case n == 0:
			q = "(no queries to number)"
		case n == 1:
			q = "query 1"
		default:
			q = fmt.Sprintf("a query number (1 to %s)", world.Count(n))
		}
		return q + ", a cell X,Y to centre and pin, or a start and goal X,Y X,Y; Enter goes, Esc closes"
	}
	return "a .pls scenario file (the extension is added when left out); later Ctrl+S saves there too; Tab completes, Esc closes"
}

// openPrompt opens the prompt of kind k, closing what would cover it.
func (g *Game) openPrompt(k promptKind) {
	if g.confirm != nil {
		return
	}
	g.showHelp, g.gallery = false, false
	text := ""
	switch k {
	case promptOpen:
		// Start in the folder of the session's file (the working folder
		// for a built-in or a file named without one).
		if src := g.w.Source; !strings.HasPrefix(src, assets.Prefix) && strings.ContainsRune(src, filepath.Separator) {
			text = filepath.Dir(src) + string(filepath.Separator)
		}
	case promptSaveAs:
		text = g.w.SaveGoesTo()
	}
	g.prompt = &prompt{kind: k, text: []rune(text), note: g.promptHint(k)}
	g.w.Log.Add("prompt", world.F{Key: "what", Val: k.label()})
}

// closePrompt closes the prompt.
func (g *Game) closePrompt() { g.prompt = nil }

// setNote shows s under the prompt's line (err: as a refusal).
func (p *prompt) setNote(s string, err bool) { p.note, p.err = s, err }

// updatePrompt reads the keys while the prompt is open.
func (g *Game) updatePrompt() {
	p := g.prompt
	ctrl := currentMods()&ModCtrl != 0
	// Text first: a fast typist's last letter and Enter can arrive in one
	// frame, and Enter must see the letter.
	edited := false
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyU) {
		p.text, edited = p.text[:0], true
	}
	if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); d == 1 || d > 18 && d%3 == 0 {
		if n := len(p.text); n > 0 {
			if ctrl {
				p.text = p.text[:wordStart(p.text)]
			} else {
				p.text = p.text[:n-1]
			}
			edited = true
		}
	}
	// Typed text is taken whatever the modifiers: Ctrl+letter types
	// nothing, while AltGr (Ctrl+Alt on Windows) types \ @ { } on many
	// layouts.
	for _, r := range g.in.typed {
		if unicode.IsPrint(r) && len(p.text) < maxPromptRunes {
			p.text = append(p.text, r)
			edited = true
		}
	}
	if edited {
		p.overwrite = ""
		if p.err {
			p.setNote(g.promptHint(p.kind), false)
		}
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		g.w.Log.Add("prompt_close", world.F{Key: "what", Val: p.kind.label()})
		g.closePrompt()
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		g.submitPrompt()
	case inpututil.IsKeyJustPressed(ebiten.KeyTab) && p.kind != promptGoto:
		text, names := completePath(string(p.text))
		p.text = []rune(text)
		p.overwrite = ""
		p.setNote(completionNote(p.kind, string(p.text), names), false)
	}
}

// wordStart is where Ctrl+Backspace cuts text: back over trailing
// separators, then to just after the previous one (a path element or a
// word).
func wordStart(text []rune) int {
	sep := func(r rune) bool { return r == '/' || r == filepath.Separator || unicode.IsSpace(r) || r == ',' }
	i := len(text)
	for i > 0 && sep(text[i-1]) {
		i--
	}
	for i > 0 && !sep(text[i-1]) {
		i--
	}
	return i
}

// submitPrompt is Enter in the prompt.
func (g *Game) submitPrompt() {
	p := g.prompt
	text := strings.TrimSpace(string(p.text))
	switch p.kind {
	case promptOpen:
		g.submitOpen(p, text)
	case promptGoto:
		g.submitGoto(p, text)
	case promptSaveAs:
		g.submitSaveAs(p, text)
	}
}

// submitOpen opens the file at text as a drop of it would: a map or
// scenario replaces the session (asking first when edits are unsaved), a
// .scen list adds its rows. A path that is no readable file keeps the
// prompt open with the reason.
func (g *Game) submitOpen(p *prompt, text string) {
	if text == "" {
		p.setNote("type the path of a file (Tab completes)", true)
		return
	}
	path := expandHome(text)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		p.setNote(fmt.Sprintf("%s: no such file (Tab completes)", path), true)
		return
	case err != nil:
		p.setNote(fmt.Sprintf("%s: %v", path, unwrapPath(err)), true)
		return
	case fi.IsDir():
		if !strings.HasSuffix(text, string(filepath.Separator)) {
			p.text = append(p.text, filepath.Separator)
		}
		p.setNote(fmt.Sprintf("%s is a folder: type a file in it (Tab lists them)", path), true)
		return
	case !fi.Mode().IsRegular():
		p.setNote(fmt.Sprintf("%s is not a regular file", path), true)
		return
	}
	real, scen, err := sniffDropped(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	if err != nil {
		p.setNote(err.Error(), true)
		return
	}
	var d dropped
	if scen {
		d.scen = real
	} else {
		d.open = real
	}
	g.w.Log.Add("open", world.F{Key: "path", Val: real})
	g.closePrompt()
	if err := g.openFiles(d); err != nil {
		// Refused before anything changed: the path stays to be fixed.
		g.prompt = p
		p.setNote(err.Error(), true)
		return
	}
	if c := g.confirm; c != nil {
		// Unsaved edits: the question is up. Esc on it brings the typed
		// path back.
		cancel := c.cancel
		c.cancel = func() {
			if cancel != nil {
				cancel()
			}
			g.prompt = p
			p.setNote(g.promptHint(p.kind), false)
		}
	}
}

// submitGoto goes where text says: query K, cell X,Y (centred and
// pinned), or a start and goal X,Y X,Y (planned as a click of each would).
func (g *Game) submitGoto(p *prompt, text string) {
	w := g.w
	t, err := parseGoto(text, w.Grid.Width(), w.Grid.Height(), len(w.Queries), w.Name)
	if err != nil {
		p.setNote(err.Error(), true)
		return
	}
	if len(t.cells) == 2 {
		// Checked before anything changes: a blocked end threw the query
		// on screen away and set the other end alone.
		for i, c := range t.cells {
			if !w.Grid.Open(c) {
				p.setNote(fmt.Sprintf("the %s (%d,%d) is a wall: pick an open cell", [2]string{"start", "goal"}[i], c.X, c.Y), true)
				return
			}
		}
	}
	g.closePrompt()
	switch {
	case t.query > 0:
		g.gotoQuery(t.query - 1)
	case len(t.cells) == 1:
		g.centreOn(t.cells[0])
		w.Log.Add("goto", world.F{Key: "cell", Val: fmt.Sprintf("%d,%d", t.cells[0].X, t.cells[0].Y)})
		w.Note("cell (%d,%d) centred and pinned in the inspector (Esc unpins)", t.cells[0].X, t.cells[0].Y)
	default:
		a, b := t.cells[0], t.cells[1]
		w.Log.Add("goto", world.F{Key: "from", Val: fmt.Sprintf("%d,%d", a.X, a.Y)}, world.F{Key: "to", Val: fmt.Sprintf("%d,%d", b.X, b.Y)})
		// The whole map again: both ends on screen, wherever the view was
		// (a go-to cell had zoomed in on one place).
		g.autoFit = true
		seq := w.MessageSeq
		if w.SetEndpoints(a, b) && w.MessageSeq == seq {
			w.Note("query (%d,%d) → (%d,%d), typed", a.X, a.Y, b.X, b.Y)
		}
	}
}

// centreOn centres the view on cell c, zoomed in to at least minGotoZoom
// pixels a cell, and pins it in the inspector.
func (g *Game) centreOn(c image.Point) {
	const minGotoZoom = 12
	cx, cy := g.cam.ToScreen(float64(c.X)+0.5, float64(c.Y)+0.5)
	if g.cam.Zoom < minGotoZoom {
		g.cam.ZoomAt(cx, cy, minGotoZoom/g.cam.Zoom)
		cx, cy = g.cam.ToScreen(float64(c.X)+0.5, float64(c.Y)+0.5)
	}
	m := g.lay.Map
	g.cam.Pan(float64(m.Min.X+m.Max.X)/2-cx, float64(m.Min.Y+m.Max.Y)/2-cy)
	g.autoFit = false
	g.pinned, g.hasPinned = c, true
}

// submitSaveAs saves the session to text (NAME.pls, the extension added
// when left out) and makes it where Ctrl+S saves from then on. An
// existing file other than the session's own is written over only on a
// second Enter.
func (g *Game) submitSaveAs(p *prompt, text string) {
	w := g.w
	path, err := saveAsPath(text)
	if err != nil {
		p.setNote(err.Error(), true)
		return
	}
	if _, err := os.Stat(path); err == nil && p.overwrite != path && !g.ownFile(path) {
		p.overwrite = path
		p.text = []rune(path)
		p.setNote(fmt.Sprintf("%s exists: Enter again writes over it, Esc keeps it", path), true)
		return
	}
	if err := w.Save(path); err != nil {
		p.setNote(w.Message, true) // Save put the reason on screen too
		return
	}
	w.SaveTo = path
	w.Log.Add("save_as", world.F{Key: "path", Val: path})
	g.closePrompt()
}

// ownFile reports whether path is the session's own file: the one it
// saves to (-save, an earlier save-as) or the .pls it was opened from. The
// NAME.pls SavePath makes up beside a map or for a built-in is not: a file
// of that name is another session's (SaveDefault's unused avoids it too).
func (g *Game) ownFile(path string) bool {
	w := g.w
	switch {
	case w.SaveTo != "":
		return absPath(path) == absPath(w.SaveTo)
	case strings.EqualFold(filepath.Ext(w.Source), ".pls"):
		return absPath(path) == absPath(w.Source)
	}
	return false
}

// saveAsPath checks the save-as prompt's text: a file name, .pls added when
// there is no extension, any other extension refused.
func saveAsPath(text string) (string, error) {
	if text == "" {
		return "", errors.New("type a file name, e.g. my-case.pls")
	}
	path := expandHome(text)
	fi, err := os.Stat(path)
	if strings.HasSuffix(text, "/") || strings.HasSuffix(text, string(filepath.Separator)) || err == nil && fi.IsDir() {
		return "", fmt.Errorf("%s is a folder: add a file name, e.g. %s", path, filepath.Join(path, "my-case.pls"))
	}
	switch ext := filepath.Ext(path); {
	case ext == "":
		path += ".pls"
	case !strings.EqualFold(ext, ".pls"):
		return "", fmt.Errorf("%s: a session is saved as a .pls scenario (try %s)", path, strings.TrimSuffix(path, ext)+".pls")
	}
	return path, nil
}

// gotoTarget is what the go-to prompt's text names: a query (1-based), or
// one cell or two.
type gotoTarget struct {
	query int
	cells []image.Point
}

// parseGoto reads the go-to prompt's text for a w×h map with n queries
// (name is the session's, for messages): "K", "X,Y", or "X,Y X,Y" (also
// with "to", "->" or "→" between).
func parseGoto(text string, w, h, n int, name string) (gotoTarget, error) {
	if text == "" {
		return gotoTarget{}, errors.New("type a query number, a cell X,Y, or a start and goal X,Y X,Y")
	}
	if k, err := strconv.Atoi(text); err == nil {
		switch {
		case n == 0:
			return gotoTarget{}, fmt.Errorf("query %d: %s has no queries (a .scen list adds some); a cell is X,Y", k, name)
		case k < 1 || k > n:
			what := world.Count(n) + " queries"
			if n == 1 {
				what = "1 query"
			}
			return gotoTarget{}, fmt.Errorf("query %d: %s has %s (1 to %s)", k, name, what, world.Count(n))
		}
		return gotoTarget{query: k}, nil
	}
	t := text
	for _, sep := range []string{"->", "→", " to "} {
		t = strings.ReplaceAll(t, sep, " ")
	}
	// "3, 4 5,6": spaces after commas belong to the cell.
	for strings.Contains(t, ", ") || strings.Contains(t, " ,") {
		t = strings.ReplaceAll(strings.ReplaceAll(t, ", ", ","), " ,", ",")
	}
	fields := strings.Fields(t)
	if len(fields) < 1 || len(fields) > 2 {
		return gotoTarget{}, fmt.Errorf("%q: want a query number, a cell X,Y, or a start and goal X,Y X,Y", text)
	}
	var out gotoTarget
	for _, f := range fields {
		xs, ys, ok := strings.Cut(f, ",")
		x, err1 := strconv.Atoi(xs)
		y, err2 := strconv.Atoi(ys)
		if !ok || err1 != nil || err2 != nil {
			return gotoTarget{}, fmt.Errorf("%q: a cell is X,Y with whole numbers, e.g. 12,7", f)
		}
		if x < 0 || y < 0 || x >= w || y >= h {
			return gotoTarget{}, fmt.Errorf("cell (%d,%d) is outside the %d×%d map (cells 0,0 to %d,%d)", x, y, w, h, w-1, h-1)
		}
		out.cells = append(out.cells, image.Pt(x, y))
	}
	return out, nil
}

// expandHome turns a leading ~ into the home folder.
func expandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[1:])
		}
	}
	return p
}

// completePath completes the path text as far as the folder's names
// agree, with a separator after a folder completed whole, and returns the
// names that match (folders with a trailing separator, sorted). Hidden
// names are offered only when the typed part starts with a dot.
func completePath(text string) (string, []string) {
	full := expandHome(text)
	if full != text {
		text = full
	}
	dir, base := filepath.Split(text)
	list := dir
	if list == "" {
		list = "."
	}
	ents, err := os.ReadDir(list)
	if err != nil {
		return text, nil
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, base) || strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(list, n)); err == nil {
				isDir = fi.IsDir()
			}
		}
		if isDir {
			n += string(filepath.Separator)
		}
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return text, nil
	}
	common := []rune(names[0]) // whole letters: a name may start é1, another è2
	for _, n := range names[1:] {
		r := []rune(n)
		k := 0
		for k < len(common) && k < len(r) && common[k] == r[k] {
			k++
		}
		common = common[:k]
	}
	return dir + string(common), names
}

// completionNote is the note after Tab: the matches (up to a screenful),
// or that there are none.
func completionNote(k promptKind, text string, names []string) string {
	switch {
	case len(names) == 0:
		return fmt.Sprintf("nothing here starts with %q", filepath.Base(text))
	case len(names) == 1 && strings.HasSuffix(names[0], string(filepath.Separator)):
		return "a folder: Tab lists what is in it"
	case len(names) == 1 && k == promptSaveAs && !strings.EqualFold(filepath.Ext(names[0]), ".pls"):
		return "that is not a .pls: a session is saved as a .pls scenario"
	case len(names) == 1 && k == promptSaveAs:
		return "that file exists: Enter, then Enter again, writes over it"
	case len(names) == 1:
		return "Enter opens it"
	}
	const most = 12
	shown := names
	more := ""
	if len(names) > most {
		shown, more = names[:most], fmt.Sprintf(" … and %d more", len(names)-most)
	}
	return strings.Join(shown, "  ") + more
}

// promptView is what render draws of the open prompt (nil: none).
func (g *Game) promptView() *render.Prompt {
	p := g.prompt
	if p == nil {
		return nil
	}
	return &render.Prompt{Label: p.kind.label(), Text: string(p.text), Cursor: len(p.text), Note: p.note, NoteErr: p.err}
}
