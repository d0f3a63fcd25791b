package game

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
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
	cur  int // the caret, in runes: text[:cur] is before it
	// sel is how many runes before the caret are selected (0: none): save
	// as opens with its file name selected, as a desktop save dialog
	// does, so a name typed replaces it rather than running on from
	// "level1.pls". Typing replaces the selection, Backspace and Delete
	// delete it, and every other key that moves the caret or edits
	// (arrows, Home, End, Tab, Ctrl+W, Ctrl+U) drops it first.
	sel int
	// dir is the folder a relative path is taken in: the folder of the
	// path the prompt starts with (open: the session's file; save as:
	// where Ctrl+S would save), shown before a relative text. "" for go to.
	dir     string
	note    string   // under the line: what to type, or why Enter was refused
	err     bool     // note is a refusal
	matches []string // Tab's matches, listed under the line instead of the note
	// overwrite is the existing file a second Enter on save-as writes over.
	overwrite string
	// histAt is the entry of this kind's history the text was recalled
	// from (↑ ↓), len(history) while it is the text being typed, which
	// draft keeps while an older entry shows.
	histAt int
	draft  []rune
	// paste delivers the clipboard read Ctrl+V started (nil: none
	// running); the text goes in at the caret when it arrives.
	paste chan pasteResult
	// undo and redo are the line as it was before each edit (Ctrl+Z) and
	// as it was before each undo (Ctrl+Y, Ctrl+Shift+Z), newest last;
	// group is the kind of the last edit, letters typed in a row (or
	// deleted in a row) being one step, as in a desktop text field.
	undo, redo []promptState
	group      editGroup
	// hinted is a note that says something in passing (Ctrl+Z with
	// nothing typed to undo): the next edit gives back the usual hint.
	hinted bool
}

// promptState is the line of a prompt at one moment, for its undo.
type promptState struct {
	text             []rune
	cur, sel, histAt int
}

// editGroup is the kind of an edit of the prompt's line, for grouping
// undo steps: letters typed one after the other are undone together, as
// are letters deleted one after the other; every other edit (a paste, a
// cut word, Tab, a recalled entry) is a step of its own, and moving the
// caret ends a group.
type editGroup int

const (
	groupNone editGroup = iota
	groupType
	groupDelete
	groupOther
)

// maxPromptUndo bounds a prompt's undo steps.
const maxPromptUndo = 100

// state returns the line as it is now.
func (p *prompt) state() promptState {
	return promptState{slices.Clone(p.text), p.cur, p.sel, p.histAt}
}

// setState puts the line back as st was.
func (p *prompt) setState(st promptState) {
	p.text, p.cur, p.sel, p.histAt = slices.Clone(st.text), st.cur, st.sel, st.histAt
}

// edited records an edit of kind k that changed the line from before:
// a new undo step unless it goes on the group of the edit before it. A
// new edit forgets what was undone.
func (p *prompt) edited(before promptState, k editGroup) {
	if k == groupOther || k != p.group || len(p.undo) == 0 {
		p.undo = append(p.undo, before)
		if len(p.undo) > maxPromptUndo {
			p.undo = slices.Delete(p.undo, 0, len(p.undo)-maxPromptUndo)
		}
	}
	p.redo = p.redo[:0]
	p.group = k
}

// undoEdit puts the line back as it was before the last edit step (redo
// false) or after the last one undone (redo true), and reports whether
// there was one.
func (p *prompt) undoEdit(redo bool) bool {
	from, to := &p.undo, &p.redo
	if redo {
		from, to = to, from
	}
	if len(*from) == 0 {
		return false
	}
	*to = append(*to, p.state())
	p.setState((*from)[len(*from)-1])
	*from = (*from)[:len(*from)-1]
	p.group = groupNone
	return true
}

// promptUndoNote is the prompt's note for Ctrl+Z (Ctrl+Y) with nothing to
// undo (redo) on its line: the key did nothing and said nothing, and the
// map's undo waits until the prompt is closed.
func promptUndoNote(redo bool) string {
	if redo {
		return "nothing undone here to redo; Ctrl+Y redoes the map's edits once the prompt is closed (Esc)"
	}
	return "nothing typed here to undo; Ctrl+Z undoes the map's edits once the prompt is closed (Esc)"
}

// pasteResult is what a clipboard read gave.
type pasteResult struct {
	text string
	err  error
}

// startPaste reads the clipboard off the frame (pasteText may wait on a
// clipboard tool); one read at a time.
func (p *prompt) startPaste() {
	if p.paste != nil {
		return
	}
	ch := make(chan pasteResult, 1) // the reader never blocks, even once the prompt is gone
	p.paste = ch
	go func() {
		s, err := pasteText()
		ch <- pasteResult{s, err}
	}()
}

// takePaste puts an arrived clipboard read in at the caret (replacing the
// selection, as typing does), or shows why there is none, and reports
// whether the text changed.
func (p *prompt) takePaste() bool {
	if p.paste == nil {
		return false
	}
	var r pasteResult
	select {
	case r = <-p.paste:
		p.paste = nil
	default:
		return false
	}
	if r.err != nil {
		p.setNote(r.err.Error(), true)
		return false
	}
	return p.insert([]rune(r.text))
}

// maxPromptHistory bounds each prompt kind's history.
const maxPromptHistory = 50

// remember adds text, carried out by Enter in a prompt of kind k, to that
// kind's history as its newest entry (an equal older entry moves up, so
// ↑ never shows the same text twice).
func (g *Game) remember(k promptKind, text string) {
	if text == "" {
		return
	}
	h := slices.DeleteFunc(g.promptHist[k], func(s string) bool { return s == text })
	h = append(h, text)
	if len(h) > maxPromptHistory {
		h = slices.Delete(h, 0, len(h)-maxPromptHistory)
	}
	g.promptHist[k] = h
}

// recall shows the history entry d steps from the one showing (↑: −1,
// older; ↓: +1, newer), the caret at its end; past the newest it gives
// back the text that was being typed. It reports whether the text changed.
func (p *prompt) recall(hist []string, d int) bool {
	i := max(0, min(len(hist), p.histAt+d))
	if i == p.histAt {
		return false
	}
	if p.histAt == len(hist) {
		p.draft = slices.Clone(p.text)
	}
	p.histAt = i
	if i == len(hist) {
		p.text = p.draft
	} else {
		p.text = []rune(hist[i])
	}
	p.cur, p.sel = len(p.text), 0
	return true
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
		return "a map (.map, ASCII, Tiled .tmx), a scenario (.pls) or a Moving AI .scen list; Tab completes, Enter opens, Esc closes"
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
	return "a .pls scenario file (the extension is added when left out; later Ctrl+S saves there too), or .map (Moving AI), .txt or .ascii (ASCII), .tmx (Tiled, with the rooms) to export the terrain only; Tab completes, Esc closes"
}

// openPrompt opens the prompt of kind k, closing what would cover it (the
// help, the gallery: a digit typed next is the prompt's, never a gallery
// pick).
func (g *Game) openPrompt(k promptKind) {
	if g.confirm != nil {
		return
	}
	g.closeOverlays()
	wd, _ := os.Getwd()
	text, dir := "", ""
	switch k {
	case promptOpen:
		// Start in the folder of the session's file (the working folder
		// for a built-in), shown whole: a relative path typed instead is
		// taken in that folder too.
		dir = wd
		if src := g.w.Source; src != "" && !strings.HasPrefix(src, assets.Prefix) {
			if a, err := filepath.Abs(filepath.Dir(src)); err == nil {
				dir = a
			}
		}
		text = withSep(dir)
	case promptSaveAs:
		// Start with where Ctrl+S would save; a relative name typed
		// instead goes into that file's folder (the working folder for a
		// built-in, or beside a map in a read-only folder).
		text = g.w.SaveGoesTo()
		if a, err := filepath.Abs(text); err == nil {
			// Shown whole: a relative sub/room.pls was taken in the folder
			// shown before it, sub/, and became sub/sub/room.pls.
			text = a
		}
		dir = wd
		if a, err := filepath.Abs(filepath.Dir(text)); err == nil {
			dir = a
		}
	}
	p := &prompt{kind: k, text: []rune(text), cur: len([]rune(text)), dir: dir, note: g.promptHint(k), histAt: len(g.promptHist[k])}
	if k == promptSaveAs {
		// The file name (after the last separator) selected: typed text
		// replaces it, the folder stays.
		name := text[strings.LastIndex(text, string(filepath.Separator))+1:]
		p.sel = len([]rune(name))
	}
	g.prompt = p
	g.w.Log.Add("prompt", world.F{Key: "what", Val: k.label()})
}

// promptActions are the keys that open a prompt, each with its kind.
var promptActions = [...]struct {
	a Action
	k promptKind
}{{ActOpen, promptOpen}, {ActGoto, promptGoto}, {ActSaveAs, promptSaveAs}}

// switchPrompt is another prompt's key pressed while a prompt is open: it
// closes the open one (its text, refused or not, goes with it, as with
// Esc) and opens its own, and reports whether it did. The open prompt's
// own key leaves it as it is. These keys did nothing over a prompt, so
// after a refused Ctrl+O a Ctrl+G seemed dead and what was typed next
// went on the end of the refused path.
func (g *Game) switchPrompt() bool {
	p := g.prompt
	for _, a := range promptActions {
		if a.k != p.kind && g.in.JustPressed(a.a) {
			g.w.Log.Add("prompt_close", world.F{Key: "what", Val: p.kind.label()})
			g.closePrompt()
			g.openPrompt(a.k)
			return true
		}
	}
	return false
}

// promptKeys opens the prompt whose key (Ctrl+O, Ctrl+G, Ctrl+Shift+S)
// went down this frame, over the map, the help or the gallery, and reports
// whether one did.
func (g *Game) promptKeys() bool {
	for _, p := range promptActions {
		if g.in.JustPressed(p.a) {
			g.openPrompt(p.k)
			return g.prompt != nil
		}
	}
	return false
}

// withSep is folder dir with one separator at its end.
func withSep(dir string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir
	}
	return dir + string(filepath.Separator)
}

// resolve is the path text names: ~ is the home folder, and a relative
// path is taken in the prompt's folder (the one shown before it). A
// trailing separator is kept (it says "a folder"); the path is not
// cleaned, so ".." after a symbolic link means what the system takes it to.
func (p *prompt) resolve(text string) string {
	path := expandHome(pastedPath(restart(text)))
	switch {
	case p.dir == "" || filepath.IsAbs(path):
		return path
	case path == "":
		return withSep(p.dir) // Tab on nothing lists the folder shown
	}
	// Joined as text, not cleaned: "link/../x" goes up from where the
	// link points, as the system (and a shell) takes it.
	return withSep(p.dir) + path
}

// pastedPath is the path in text as it is pasted from elsewhere: in
// quotes ('…' or "…", as a terminal quotes a file dropped on it, or
// "Copy as path" gives it) or as a file:// URL (a file manager's copy,
// spaces written %20). Such text was joined to the prompt's folder as a
// relative name ("/maps/'/levels/my level.tmx': no such file"). Other
// text is as typed.
func pastedPath(text string) string {
	if n := len(text); n >= 2 && (text[0] == '\'' || text[0] == '"') && text[n-1] == text[0] {
		text = text[1 : n-1]
	}
	if strings.HasPrefix(text, "file://") {
		if u, err := url.Parse(text); err == nil && (u.Host == "" || u.Host == "localhost") && u.Path != "" {
			return filepath.FromSlash(u.Path)
		}
	}
	return text
}

// restart is text from its last fresh start: the open prompt starts
// filled with its folder, so a path typed after it without clearing
// (Ctrl+U does) would run on from it; as in Emacs, "//" starts an
// absolute path and "/~/" the home folder again ("/a/b//c/x.map" is
// "/c/x.map", "/a/b/~/x.map" is "~/x.map"). A path pasted after the
// folder starts afresh too, where its quotes or its file:// begin
// ("/a/b/'/c/my level.tmx'", "/a/b/file:///c/x.map": pastedPath reads
// them).
func restart(text string) string {
	sep := string(filepath.Separator)
	from := max(strings.LastIndex(text, sep+sep), strings.LastIndex(text, sep+"~"+sep)) + 1
	for _, q := range []string{"'", `"`} {
		// Quoted whole to the end, so that a name with a quote in it
		// (o'brien.map) is not cut.
		if j := strings.LastIndex(text, sep+q); j >= 0 && j+1 > from && len(text) > j+2 && strings.HasSuffix(text, q) {
			from = j + 1
		}
	}
	if j := strings.LastIndex(text, "file://"); j >= 0 && from <= j+len("file://") {
		from = j // the "//" of file:/// is no fresh start of its own
	}
	return text[from:]
}

// base is the folder drawn before the text: the prompt's folder while the
// text is a relative path, else "".
func (p *prompt) base() string {
	text := pastedPath(restart(strings.TrimLeft(string(p.text), " "))) // as Enter and Tab read it
	if p.dir == "" || filepath.IsAbs(expandHome(text)) {               // resolve does not join it
		return ""
	}
	return withSep(p.dir)
}

// closePrompt closes the prompt.
func (g *Game) closePrompt() { g.prompt = nil }

// setNote shows s under the prompt's line (err: as a refusal).
func (p *prompt) setNote(s string, err bool) {
	p.note, p.err, p.matches, p.hinted = s, err, nil, false
}

// refuse is Enter refused, in any prompt and for any reason: the prompt
// stays open with the reason under the typed text (the map's message line
// is left alone: the reason is said once, where the user looks), and the
// event log gets an error line naming the prompt.
func (g *Game) refuse(p *prompt, reason string) {
	p.setNote(reason, true)
	g.w.Log.Add("error", world.F{Key: "prompt", Val: p.kind.label()}, world.F{Key: "msg", Val: reason})
}

// repeats reports whether key k acts this frame: pressed, then held past
// 18 frames, every third (as Backspace always did).
func repeats(k ebiten.Key) bool {
	d := keyDuration(k)
	return d == 1 || d > 18 && d%3 == 0
}

// updatePrompt reads the keys while the prompt is open.
func (g *Game) updatePrompt() {
	if g.switchPrompt() {
		return
	}
	p := g.prompt
	mods := currentMods()
	ctrl := mods&ModCtrl != 0
	// Ctrl+Z undoes the last edit of the line, Ctrl+Y or Ctrl+Shift+Z
	// redoes it, as in any text field (the map's undo, the same keys,
	// waits until the prompt is closed; with nothing to undo here the
	// note says so, where the keys did nothing and said nothing).
	if ctrl && (repeats(ebiten.KeyZ) || repeats(ebiten.KeyY)) {
		redo := keyDuration(ebiten.KeyY) > 0 || mods&ModShift != 0
		if p.undoEdit(redo) {
			g.promptEdited(p)
		} else {
			p.setNote(promptUndoNote(redo), false)
			p.hinted = true
		}
		return
	}
	// Text first: a fast typist's last letter and Enter can arrive in one
	// frame, and Enter must see the letter.
	before := p.state()
	edited, group := false, groupOther
	switch {
	case ctrl && keyDuration(ebiten.KeyU) == 1:
		p.sel = 0
		edited = p.clearToStart()
	case ctrl && repeats(ebiten.KeyW):
		p.sel = 0
		edited = p.deleteWord()
	case p.sel > 0 && (repeats(ebiten.KeyBackspace) || repeats(ebiten.KeyDelete)):
		edited = p.deleteSelection()
	case repeats(ebiten.KeyBackspace):
		if ctrl {
			edited = p.deleteWord()
		} else {
			edited, group = p.backspace(), groupDelete
		}
	case repeats(ebiten.KeyDelete):
		edited, group = p.deleteAt(), groupDelete
	}
	// Typed text is taken whatever the modifiers: Ctrl+letter types
	// nothing, while AltGr (Ctrl+Alt on Windows) types \ @ { } on many
	// layouts.
	sel := p.sel
	if p.insert(g.in.typed) {
		if !edited && sel == 0 {
			group = groupType
		} else {
			group = groupOther
		}
		edited = true
	}
	if ctrl && keyDuration(ebiten.KeyV) == 1 || mods&ModShift != 0 && keyDuration(ebiten.KeyInsert) == 1 {
		p.startPaste()
	}
	if p.takePaste() {
		edited, group = true, groupOther
	}
	switch {
	case repeats(ebiten.KeyArrowLeft):
		p.sel = 0
		p.move(-1, ctrl)
	case repeats(ebiten.KeyArrowRight):
		p.sel = 0
		p.move(+1, ctrl)
	case keyDuration(ebiten.KeyHome) == 1:
		p.sel = 0
		p.cur = 0
	case keyDuration(ebiten.KeyEnd) == 1:
		p.sel = 0
		p.cur = len(p.text)
	case repeats(ebiten.KeyArrowUp):
		if p.recall(g.promptHist[p.kind], -1) {
			edited, group = true, groupOther
		}
	case repeats(ebiten.KeyArrowDown):
		if p.recall(g.promptHist[p.kind], +1) {
			edited, group = true, groupOther
		}
	}
	if edited {
		p.edited(before, group)
		g.promptEdited(p)
	} else if p.cur != before.cur {
		p.group = groupNone // the caret moved: the next letters are a new step
	}
	switch {
	case keyDuration(ebiten.KeyEscape) == 1:
		g.w.Log.Add("prompt_close", world.F{Key: "what", Val: p.kind.label()})
		g.closePrompt()
	case keyDuration(ebiten.KeyEnter) == 1 || keyDuration(ebiten.KeyNumpadEnter) == 1:
		g.submitPrompt()
	case keyDuration(ebiten.KeyTab) == 1 && p.kind != promptGoto:
		before := p.state()
		g.completePrompt()
		if !slices.Equal(before.text, p.text) {
			p.edited(before, groupOther)
		}
	}
}

// promptEdited is what follows any change of the line: a second Enter is
// needed again to write over a file, and a refusal, Tab's matches or a
// passing note give way to the usual hint.
func (g *Game) promptEdited(p *prompt) {
	p.overwrite = ""
	if p.err || p.matches != nil || p.hinted {
		p.setNote(g.promptHint(p.kind), false)
		p.hinted = false
	}
}

// completePrompt is Tab: the path before the caret is completed as far as
// the folder's names agree (the text after the caret stays after it), and
// the matches are listed under the line.
func (g *Game) completePrompt() {
	p := g.prompt
	p.sel = 0
	before, after := string(p.text[:p.cur]), p.text[p.cur:]
	full := p.resolve(strings.TrimLeft(before, " ")) // as Enter reads it
	done, names := completePath(full)
	// Keep the text as typed (relative, or with ~): only the completed
	// letters are added.
	text := []rune(before)
	if strings.HasPrefix(done, full) {
		text = append(text, []rune(done[len(full):])...)
	} else {
		text = []rune(done)
	}
	p.text = append(text, after...)
	p.cur = len(text)
	p.overwrite = ""
	note := completionNote(p.kind, done, names)
	p.setNote(note, false)
	if len(names) > 1 {
		p.note, p.matches = "", names
	}
}

// insert puts rs at the caret (printable letters only, up to
// maxPromptRunes), in place of the selection when there is one, and
// reports whether the text changed.
func (p *prompt) insert(rs []rune) bool {
	var add []rune
	for _, r := range rs {
		if unicode.IsPrint(r) {
			add = append(add, r)
		}
	}
	if len(add) == 0 {
		return false
	}
	replaced := p.deleteSelection()
	add = add[:max(0, min(len(add), maxPromptRunes-len(p.text)))]
	p.text = slices.Insert(p.text, p.cur, add...)
	p.cur += len(add)
	p.dropRestarted()
	return replaced || len(add) > 0
}

// dropRestarted removes what a fresh start typed before the caret ("//"
// or "/~/", see restart) leaves out: typing /tmp/x.map after the
// prefilled folder /tmp/h/ leaves /tmp/x.map on the line. Enter read it so
// already, but the line showed /tmp/h//tmp/x.map, the first part dimmed,
// and a teacher took it for a doubled path.
func (p *prompt) dropRestarted() {
	before := string(p.text[:p.cur])
	lead := len(before) - len(strings.TrimLeft(before, " "))
	kept := restart(before[lead:])
	if n := utf8.RuneCountInString(before) - lead - utf8.RuneCountInString(kept); n > 0 && p.kind != promptGoto {
		p.text = slices.Delete(p.text, lead, lead+n)
		p.cur -= n
		p.sel = 0
	}
}

// selection is where the selection starts (it ends at the caret), and
// whether there is one.
func (p *prompt) selection() (from int, ok bool) {
	if p.sel <= 0 || p.cur > len(p.text) {
		return p.cur, false
	}
	return max(0, p.cur-p.sel), true
}

// deleteSelection deletes the selected text (typing over it, Backspace,
// Delete) and reports whether there was any.
func (p *prompt) deleteSelection() bool {
	from, ok := p.selection()
	p.sel = 0
	if !ok || from == p.cur {
		return false
	}
	p.text = slices.Delete(p.text, from, p.cur)
	p.cur = from
	return true
}

// backspace deletes the letter before the caret.
func (p *prompt) backspace() bool {
	if p.cur == 0 {
		return false
	}
	p.text = slices.Delete(p.text, p.cur-1, p.cur)
	p.cur--
	return true
}

// deleteAt deletes the letter after the caret (Delete).
func (p *prompt) deleteAt() bool {
	if p.cur >= len(p.text) {
		return false
	}
	p.text = slices.Delete(p.text, p.cur, p.cur+1)
	return true
}

// deleteWord deletes back from the caret to the start of the word or path
// element before it (Ctrl+W, Ctrl+Backspace).
func (p *prompt) deleteWord() bool {
	k := wordStart(p.text[:p.cur])
	if k == p.cur {
		return false
	}
	p.text = slices.Delete(p.text, k, p.cur)
	p.cur = k
	return true
}

// clearToStart deletes everything before the caret (Ctrl+U).
func (p *prompt) clearToStart() bool {
	if p.cur == 0 {
		return false
	}
	p.text = slices.Delete(p.text, 0, p.cur)
	p.cur = 0
	return true
}

// move moves the caret one letter (word: to the start of the previous
// word, or past the end of the next) left (d < 0) or right.
func (p *prompt) move(d int, word bool) {
	switch {
	case d < 0 && word:
		p.cur = wordStart(p.text[:p.cur])
	case d < 0:
		p.cur = max(0, p.cur-1)
	case word:
		i := p.cur
		for i < len(p.text) && isWordSep(p.text[i]) {
			i++
		}
		for i < len(p.text) && !isWordSep(p.text[i]) {
			i++
		}
		p.cur = i
	default:
		p.cur = min(len(p.text), p.cur+1)
	}
}

// wordStart is where Ctrl+Backspace cuts text: back over trailing
// separators, then to just after the previous one (a path element or a
// word).
func wordStart(text []rune) int {
	sep := isWordSep
	i := len(text)
	for i > 0 && sep(text[i-1]) {
		i--
	}
	for i > 0 && !sep(text[i-1]) {
		i--
	}
	return i
}

// isWordSep reports whether r ends a word for Ctrl+W and Ctrl+arrows: a
// path separator, a space, a comma.
func isWordSep(r rune) bool {
	return r == '/' || r == filepath.Separator || unicode.IsSpace(r) || r == ','
}

// submitPrompt is Enter in the prompt.
//
// Text that Enter carried out (the prompt closed) goes into the kind's
// history (a path as the file it named), which ↑ and ↓ recall in later prompts of that kind, in this and
// later sessions of the window; a refused text stays on the line to be
// mended and is not kept.
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
	if g.prompt != p && text != "" {
		if p.kind != promptGoto {
			text = p.resolve(text) // the file, whichever folder a later prompt starts in
		}
		g.remember(p.kind, text)
	}
}

// submitOpen opens the file at text as a drop of it would: a map or
// scenario replaces the session (asking first when edits are unsaved), a
// .scen list adds its rows. A relative path is taken in the folder shown.
// A path that is no readable file, or a file that is no map, scenario or
// list for this map, is refused (refuse: the reason in the prompt, an error
// line in the log, the session as it was).
func (g *Game) submitOpen(p *prompt, text string) {
	if text == "" {
		g.refuse(p, "type the path of a file (Tab completes)")
		return
	}
	path := p.resolve(text)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		g.refuse(p, fmt.Sprintf("%s: no such file (Tab completes)", path))
		return
	case err != nil:
		g.refuse(p, fmt.Sprintf("%s: %v", path, unwrapPath(err)))
		return
	case fi.IsDir():
		if !strings.HasSuffix(text, string(filepath.Separator)) {
			// After the text as read (trimmed): "notes  " + "/" would
			// name another file.
			p.text = []rune(text + string(filepath.Separator))
			p.cur, p.sel = len(p.text), 0
		}
		g.refuse(p, fmt.Sprintf("%s is a folder: type a file in it (Tab lists them)", path))
		return
	case !fi.Mode().IsRegular():
		g.refuse(p, fmt.Sprintf("%s is not a regular file", path))
		return
	}
	real, scen, err := sniffDropped(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	if err != nil {
		g.refuse(p, filepath.Dir(path)+string(filepath.Separator)+err.Error()) // the name, with its folder
		return
	}
	var d dropped
	if scen {
		d.scen = real
	} else {
		d.open = real
	}
	g.closePrompt()
	if err := g.tryOpenFiles(d); err != nil {
		// Refused before anything changed: the path stays to be fixed.
		g.prompt = p
		g.refuse(p, err.Error())
		return
	}
	if c := g.confirm; c != nil {
		// Unsaved edits: the question is up. The open is logged when it
		// happens (S or D), not before (Esc opens nothing); Esc brings
		// the typed path back.
		then := c.then
		c.then = func(g *Game) error {
			err := then(g)
			if err == nil {
				g.w.Log.Add("open", world.F{Key: "path", Val: real})
			}
			return err
		}
		cancel := c.cancel
		c.cancel = func() {
			if cancel != nil {
				cancel()
			}
			g.prompt = p
			p.setNote(g.promptHint(p.kind), false)
			// Enter put the path in the history: ↑ starts from the
			// newest again, and ↓ at the newest keeps the line.
			p.histAt, p.draft = len(g.promptHist[p.kind]), nil
		}
		return
	}
	g.w.Log.Add("open", world.F{Key: "path", Val: real})
}

// submitGoto goes where text says: query K, cell X,Y (centred and
// pinned), or a start and goal X,Y X,Y (planned as a click of each would).
func (g *Game) submitGoto(p *prompt, text string) {
	w := g.w
	t, err := parseGoto(text, w.Grid.Width(), w.Grid.Height(), len(w.Queries), w.Name)
	if err != nil {
		g.refuse(p, err.Error())
		return
	}
	if len(t.cells) == 2 {
		// Checked before anything changes: a blocked end threw the query
		// on screen away and set the other end alone.
		for i, c := range t.cells {
			if !w.Grid.Open(c) {
				g.refuse(p, fmt.Sprintf("the %s (%d,%d) is a wall: pick an open cell", [2]string{"start", "goal"}[i], c.X, c.Y))
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
		g.autoFit, g.startView = true, false
		seq := w.MessageSeq
		if w.SetEndpoints(a, b) && w.MessageSeq == seq {
			w.Note("query (%d,%d) → (%d,%d), typed", a.X, a.Y, b.X, b.Y)
		}
	}
}

// centreOn centres the view on cell c, zoomed in to gotoZoom, and pins it
// in the inspector.
func (g *Game) centreOn(c image.Point) {
	cx, cy := float64(c.X)+0.5, float64(c.Y)+0.5
	if z := gotoZoom(g.cam.FitZoom()); g.cam.Zoom < z {
		sx, sy := g.cam.ToScreen(cx, cy)
		g.cam.ZoomTo(sx, sy, z)
	}
	g.centreView(cx, cy)
	g.autoFit = false
	g.viewMoved()
	g.pinned, g.hasPinned = c, true
}

// gotoZoom is the least zoom (pixels a cell) a go-to cell shows, for a map
// whose whole fits at fit pixels a cell: 12 on a big map; on a small map,
// already larger than that when fitted, twice the fitted zoom, so
// the view visibly closes in on the cell there too.
func gotoZoom(fit float64) float64 {
	return min(render.MaxZoom, max(12, 2*fit))
}

// submitSaveAs saves the session to text (NAME.pls, the extension added
// when left out; a relative name in the folder shown) and makes it where
// Ctrl+S saves from then on; a name ending in .map, .txt, .ascii or .tmx exports
// the terrain instead (World.ExportMap), which changes neither where Ctrl+S
// saves nor what is unsaved. A folder -save would refuse (read-only,
// missing, not writable) and a file marked read-only are refused; an
// existing file other than the session's own .pls is written over only on
// a second Enter, and the question says so when it is the map the session
// was loaded from.
func (g *Game) submitSaveAs(p *prompt, text string) {
	w := g.w
	path, format, err := saveAsPath(p.resolve(text))
	if err != nil {
		g.refuse(p, err.Error())
		return
	}
	verb, example := "save", "session.pls"
	if format != maps.FormatUnknown {
		verb, example = "export", "terrain"+filepath.Ext(path)
	}
	// The folder the system writes into: "link/../x.pls" is not
	// <folder>/x.pls when link points elsewhere, and the session's own
	// file must be told from another's by where it really is.
	if path, err = realFolder(path); err != nil {
		g.refuse(p, fmt.Sprintf("cannot %s %s: %v", verb, path, err))
		return
	}
	if err := world.WritableFolder(path, example); err != nil {
		g.refuse(p, fmt.Sprintf("cannot %s %s: %v", verb, path, err))
		return
	}
	if mf := w.MapFile(); format == maps.FormatUnknown && mf != "" && samePlace(path, mf) {
		// A scenario there would replace the map it is built on (a map
		// called level.pls): refused at once, as World.save refuses it.
		g.refuse(p, fmt.Sprintf("cannot save %s: it is the map this session was loaded from, and a scenario written there would replace it: pick another name, or export the terrain with a .map, .txt, .ascii or .tmx name", path))
		return
	}
	fi, err := os.Stat(path)
	if err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o222 == 0 {
		// Saving renames a new file over it, which the folder allows: the
		// mark would be lost with the file.
		g.refuse(p, fmt.Sprintf("cannot %s %s: the file is read-only (mode %04o): pick another name, or make it writable first", verb, path, fi.Mode().Perm()))
		return
	}
	if err == nil && p.overwrite != path && (format != maps.FormatUnknown || !g.ownFile(path)) {
		p.overwrite = path
		p.text = []rune(path)
		p.cur, p.sel = len(p.text), 0
		q := fmt.Sprintf("%s exists: Enter again writes over it, Esc keeps it", path)
		if format != maps.FormatUnknown {
			// The files an export could lose for good: the map the session
			// (and any .pls built on it) is loaded from, and the scenario
			// it came from, whatever either is named (a scenario saved as
			// case.txt is still one).
			if mf := w.MapFile(); mf != "" && samePlace(path, mf) {
				q = fmt.Sprintf("%s is the map this session was loaded from: Enter again writes the edited terrain over it: the original is gone, the edits become part of the map and undo starts there; Esc keeps it", path)
				if lost := w.ExportLosses(path, format); lost != "" {
					// After "Esc keeps it": a long list cut at the
					// prompt's last line keeps the way out in view.
					q += ". " + strings.ToUpper(lost[:1]) + lost[1:]
				}
			} else if sf := w.ScenarioFile(); sf != "" && samePlace(path, sf) {
				q = fmt.Sprintf("%s is the scenario this session was loaded from: Enter again replaces it with a bare map, its queries, regions and edit log gone; Esc keeps it", path)
			}
		}
		p.setNote(q, true)
		return
	}
	if format != maps.FormatUnknown {
		if err := w.ExportMap(path, format); err != nil {
			g.refuse(p, err.Error())
			return
		}
		g.closePrompt()
		return
	}
	if err := w.SaveAs(path); err != nil {
		g.refuse(p, err.Error())
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
		return samePlace(path, w.SaveTo)
	case w.ScenarioFile() != "":
		// Told by what the loader read, not the .pls extension: a map
		// called level.pls is not the session's own file.
		return samePlace(path, w.ScenarioFile())
	}
	return false
}

// realFolder is path with its folder part resolved as the system resolves
// it (symbolic links followed before "..", made absolute), the file name
// left as it is; path itself and why when the folder cannot be resolved
// (it does not exist: "sub/../x.pls" with no sub).
func realFolder(path string) (string, error) {
	i := strings.LastIndex(path, string(filepath.Separator))
	if i < 0 { // a bare name: in the working folder
		path, i = "."+string(filepath.Separator)+path, 1
	}
	dir := path[:i+1]
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return path, fmt.Errorf("the folder %s cannot be used: %v", dir, unwrapPath(err))
	}
	if a, err := filepath.Abs(d); err == nil {
		d = a
	}
	return filepath.Join(d, path[i+1:]), nil
}

// samePlace reports whether paths a and b name the same file where a
// write lands: a file that exists is resolved whole (a symbolic link to
// the source map is the source map: a save writes through the link, as
// maps.SaveFileAtomic does), one that does not yet has its folder
// resolved as the system resolves it.
func samePlace(a, b string) bool {
	ra, errA := realFile(a)
	rb, errB := realFile(b)
	if errA != nil || errB != nil {
		return absPath(a) == absPath(b)
	}
	return ra == rb
}

// realFile is path with every symbolic link in it followed, made
// absolute, when the file exists; else realFolder's path.
func realFile(path string) (string, error) {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		if a, err := filepath.Abs(r); err == nil {
			return a, nil
		}
	}
	return realFolder(path)
}

// saveAsPath checks the save-as prompt's text: a file name, .pls added when
// there is no extension. format is the map format an extension asks for
// (.map, .txt, .ascii, .tmx: world.ExportFormat), FormatUnknown for a .pls; any
// other extension is refused.
func saveAsPath(text string) (path string, format maps.Format, err error) {
	if text == "" {
		return "", 0, errors.New("type a file name, e.g. my-case.pls (or my-level.map to export the terrain)")
	}
	path = expandHome(text)
	fi, err := os.Stat(path)
	if strings.HasSuffix(text, "/") || strings.HasSuffix(text, string(filepath.Separator)) || err == nil && fi.IsDir() {
		return "", 0, fmt.Errorf("%s is a folder: add a file name, e.g. %s", path, filepath.Join(path, "my-case.pls"))
	}
	ext := filepath.Ext(path)
	switch format = world.ExportFormat(path); {
	case format != maps.FormatUnknown:
	case ext == "":
		path += ".pls"
	case !strings.EqualFold(ext, ".pls"):
		stem := strings.TrimSuffix(path, ext)
		return "", 0, fmt.Errorf("%s: a session is saved as a .pls scenario (try %s); its terrain alone is exported as .map (Moving AI), .txt or .ascii (ASCII), or .tmx (Tiled) with its rooms", path, stem+".pls")
	}
	return path, format, nil
}

// gotoTarget is what the go-to prompt's text names: a query (1-based), or
// one cell or two.
type gotoTarget struct {
	query int
	cells []image.Point
}

// parseGoto reads the go-to prompt's text for a w×h map with n queries
// (name is the session's, for messages): a query "K"; a cell "X,Y" (the
// app's own "(X,Y)" and "(X, Y)" too, or "X Y" alone); a start and goal
// "X,Y X,Y", the cells also in parentheses, with "->", "→", "-" or "to"
// between them allowed ("(1,2)-(3,4)", "(1,2) → (3,4)"). Four bare numbers
// are refused: a start and goal are written with commas.
func parseGoto(text string, w, h, n int, name string) (gotoTarget, error) {
	if text == "" {
		return gotoTarget{}, errors.New("type a query number, a cell X,Y, or a start and goal X,Y X,Y")
	}
	toks, err := gotoTokens(text)
	if err != nil {
		return gotoTarget{}, err
	}
	if len(toks) == 1 && toks[0].kind == tokNum {
		return queryTarget(toks[0].text, n, name)
	}
	pos := 0
	at := func(k tokKind) bool { return pos < len(toks) && toks[pos].kind == k }
	// A cell: "X,Y", "(X,Y)", "(X Y)", or "X Y" when that is all the text is.
	cell := func() (image.Point, error) {
		paren := at(tokLParen)
		if paren {
			pos++
		}
		if !at(tokNum) {
			return image.Point{}, gotoRefusal(text)
		}
		xs := toks[pos].text
		pos++
		switch {
		case at(tokComma):
			pos++
		case paren || len(toks) == 2:
		default:
			return image.Point{}, fmt.Errorf("%q: write a cell as X,Y and a start and goal as X,Y X,Y (e.g. 12,7 30,4)", text)
		}
		if !at(tokNum) {
			return image.Point{}, gotoRefusal(text)
		}
		ys := toks[pos].text
		pos++
		if paren {
			if !at(tokRParen) {
				return image.Point{}, fmt.Errorf("%q: a ( without its ): a cell is (X,Y), e.g. (12,7)", text)
			}
			pos++
		}
		x, err1 := cellCoord("x", xs, w, h)
		y, err2 := cellCoord("y", ys, w, h)
		if err := cmp.Or(err1, err2); err != nil {
			return image.Point{}, err
		}
		return image.Pt(x, y), nil
	}
	var out gotoTarget
	for len(out.cells) < 2 && pos < len(toks) {
		if len(out.cells) == 1 && at(tokSep) {
			pos++
		}
		c, err := cell()
		if err != nil {
			return gotoTarget{}, err
		}
		out.cells = append(out.cells, c)
	}
	if pos < len(toks) || len(out.cells) == 0 {
		return gotoTarget{}, gotoRefusal(text)
	}
	for _, c := range out.cells {
		if c.X >= w || c.Y >= h || c.X < 0 || c.Y < 0 {
			return gotoTarget{}, fmt.Errorf("cell (%d,%d) is outside the %d×%d map (cells 0,0 to %d,%d)", c.X, c.Y, w, h, w-1, h-1)
		}
	}
	return out, nil
}

// gotoForms lists what the go-to prompt takes, each with an example.
const gotoForms = "a query number (e.g. 3), a cell X,Y with whole numbers (12,7), or a start and goal X,Y X,Y (12,7 30,4)"

// gotoRefusal refuses go-to text that is none of the forms the prompt
// takes, naming them all: "abc" was told only what a cell is, as if the
// prompt took nothing else (a user's report).
func gotoRefusal(text string) error {
	return fmt.Errorf("%q: type %s", text, gotoForms)
}

// queryTarget is query number s of the n queries of the session name.
func queryTarget(s string, n int, name string) (gotoTarget, error) {
	what := world.Count(n) + " queries"
	if n == 1 {
		what = "1 query"
	}
	k, err := strconv.Atoi(s)
	switch {
	case n == 0:
		return gotoTarget{}, fmt.Errorf("query %s: %s has no queries (a .scen list adds some); a cell is X,Y", s, name)
	case err != nil:
		return gotoTarget{}, fmt.Errorf("query %s is out of range: %s has %s (1 to %s)", s, name, what, world.Count(n))
	case k < 1 || k > n:
		return gotoTarget{}, fmt.Errorf("query %d: %s has %s (1 to %s)", k, name, what, world.Count(n))
	}
	return gotoTarget{query: k}, nil
}

// cellCoord reads s, coordinate axis ("x" or "y") of a cell on a w×h
// map: a number too large for an int is out of range, said with the
// range (parseGoto checks the others against the map).
func cellCoord(axis, s string, w, h int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s = %s is out of range: the %d×%d map's cells are 0,0 to %d,%d", axis, s, w, h, w-1, h-1)
	}
	return v, nil
}

// tokKind is the kind of a piece of the go-to text.
type tokKind int

const (
	tokNum    tokKind = iota // a whole number, with its sign
	tokComma                 // ,
	tokLParen                // (
	tokRParen                // )
	tokSep                   // between start and goal: -> → - to
)

type gotoTok struct {
	kind tokKind
	text string
}

// gotoTokens splits the go-to text into numbers, commas, parentheses and
// the words between a start and a goal. A '-' after a number or a ')' is
// such a word ("(1,2)-(3,4)"); elsewhere it is a number's sign.
func gotoTokens(text string) ([]gotoTok, error) {
	rs := []rune(text)
	var toks []gotoTok
	last := func() (tokKind, bool) {
		if len(toks) == 0 {
			return 0, false
		}
		return toks[len(toks)-1].kind, true
	}
	digit := func(i int) bool { return i < len(rs) && rs[i] >= '0' && rs[i] <= '9' }
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case r == ',':
			toks, i = append(toks, gotoTok{tokComma, ","}), i+1
		case r == '(':
			toks, i = append(toks, gotoTok{tokLParen, "("}), i+1
		case r == ')':
			toks, i = append(toks, gotoTok{tokRParen, ")"}), i+1
		case r == '→':
			toks, i = append(toks, gotoTok{tokSep, "→"}), i+1
		case r == '-' && i+1 < len(rs) && rs[i+1] == '>':
			toks, i = append(toks, gotoTok{tokSep, "->"}), i+2
		case r == '-' || r == '+' || digit(i):
			if k, ok := last(); r == '-' && ok && (k == tokNum || k == tokRParen) {
				toks, i = append(toks, gotoTok{tokSep, "-"}), i+1
				continue
			}
			j := i
			if !digit(j) {
				j++ // the sign
			}
			if !digit(j) {
				return nil, gotoRefusal(text)
			}
			for digit(j) {
				j++
			}
			toks, i = append(toks, gotoTok{tokNum, string(rs[i:j])}), j
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			if !strings.EqualFold(string(rs[i:j]), "to") {
				return nil, gotoRefusal(text)
			}
			toks, i = append(toks, gotoTok{tokSep, "to"}), j
		default:
			return nil, fmt.Errorf("%q: %q is not part of %s", text, string(r), gotoForms)
		}
	}
	return toks, nil
}

// expandHome turns a leading ~ into the home folder.
func expandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			// Not filepath.Join: it would drop a trailing separator,
			// which says "a folder" (Tab on ~/ lists it; save as ~/x/ is
			// refused).
			if p == "~" {
				return home // "/" too, where TrimSuffix would leave ""
			}
			return strings.TrimSuffix(home, string(filepath.Separator)) + p[1:]
		}
	}
	return p
}

// completePath completes the path text as far as the folder's names
// agree, with a separator after a folder completed whole, and returns the
// names that match (folders with a trailing separator, sorted). Hidden
// names are offered only when the typed part starts with a dot.
func completePath(text string) (string, []string) {
	text = expandHome(text)
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

// completionNote is the note after Tab when it lists no names: that there
// are none, or what the one match is ("" for several: they are listed).
func completionNote(k promptKind, text string, names []string) string {
	switch {
	case len(names) == 0:
		return fmt.Sprintf("nothing here starts with %q", filepath.Base(text))
	case len(names) == 1 && strings.HasSuffix(names[0], string(filepath.Separator)):
		return "a folder: Tab lists what is in it"
	case len(names) == 1 && k == promptSaveAs && world.ExportFormat(names[0]) != maps.FormatUnknown:
		return "that file exists: Enter, then Enter again, writes the terrain over it"
	case len(names) == 1 && k == promptSaveAs && !strings.EqualFold(filepath.Ext(names[0]), ".pls"):
		return "that is not a .pls, .map, .txt, .ascii or .tmx: a session is saved as a .pls scenario, its terrain exported as .map, .txt, .ascii or .tmx"
	case len(names) == 1 && k == promptSaveAs:
		return "that file exists: Enter, then Enter again, writes over it"
	case len(names) == 1:
		return "Enter opens it"
	}
	return "" // the names: listed by the prompt (prompt.matches)
}

// promptView is what render draws of the open prompt (nil: none).
func (g *Game) promptView() *render.Prompt {
	p := g.prompt
	if p == nil {
		return nil
	}
	from, _ := p.selection()
	text := string(p.text)
	shadow := 0
	if p.kind != promptGoto {
		// The runes before a fresh start (restart), as Enter reads it.
		shadow = utf8.RuneCountInString(text) - utf8.RuneCountInString(restart(strings.TrimLeft(text, " ")))
	}
	return &render.Prompt{Label: p.kind.label(), Text: text, Cursor: p.cur, SelFrom: from, SelTo: p.cur, Base: p.base(), Shadow: shadow, Note: p.note, NoteErr: p.err, Matches: strings.Join(p.matches, "\x00")}
}
