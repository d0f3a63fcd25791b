package render

import (
	"fmt"
	"image"
	"strings"
	"testing"
)

// Regression (new-user test): a refusal naming a long path was one word
// wider than the prompt box and ran over the side panel. Every line of the
// note now fits inside the box, and the whole reason is there.
func TestPromptNoteStaysInTheBox(t *testing.T) {
	r := New()
	ft := r.fonts
	m := image.Rect(0, 40, 860, 760)
	long := "/home/tester/projects/pathfinding/benchmarks/moving-ai/dragon-age-origins/maps/" + strings.Repeat("very-long-folder-name/", 4) + "arena2.map"
	for _, note := range []string{
		long + ": no such file (Tab completes)",
		"save " + long + ": the folder " + long + " is read-only (no write permission): pick another folder",
		strings.Repeat("word ", 200),
	} {
		p := &Prompt{Label: "open", Text: long, Cursor: len([]rune(long)), Note: note, NoteErr: true}
		box, lines := r.promptLayout(p, m, image.Rectangle{})
		if box.Empty() || !box.In(m) {
			t.Fatalf("box %v, map %v", box, m)
		}
		inner := float64(box.Dx() - 24)
		for _, l := range lines {
			if w := ft.Width(ft.UI, l); w > inner {
				t.Errorf("note line %q is %.0f px, the box holds %.0f", l, w, inner)
			}
		}
		if strings.Count(note, "word") > 100 {
			continue // cut with "…" after promptErrLines
		}
		if got := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(note, " ", "") {
			t.Errorf("the note reads %q, want all of %q", lines, note)
		}
	}
}

// Regression (new-user test): map notes showed through the prompt box,
// which was drawn at alpha 245.
func TestPromptBoxIsOpaque(t *testing.T) {
	if promptBoxFill.A != 255 {
		t.Errorf("the prompt box is drawn at alpha %d: what is under it shows through", promptBoxFill.A)
	}
}

// The caret stays in view: at the end of a long text the end is shown; at
// its start, the start.
func TestPromptTextKeepsTheCaretInView(t *testing.T) {
	ft := New().fonts
	line := []rune(strings.Repeat("abcdefghij/", 30))
	width := 300.0
	for _, cur := range []int{0, 5, 100, 200, len(line)} {
		v := fitAround(ft, line, cur, width)
		if cur < v.from || cur > v.to {
			t.Errorf("caret %d outside the shown %d..%d", cur, v.from, v.to)
		}
		shown := string(line[v.from:v.to])
		if v.from > 0 {
			shown = "…" + shown
		}
		if v.to < len(line) {
			shown += "…"
		}
		if w := ft.Width(ft.UI, shown); w > width+0.5 {
			t.Errorf("caret %d: %.0f px shown in %.0f", cur, w, width)
		}
		if v.caret < 0 || v.caret > width {
			t.Errorf("caret %d drawn at %.0f, outside 0..%.0f", cur, v.caret, width)
		}
	}
	if v := fitAround(ft, []rune("short"), 2, width); v.from != 0 || v.to != 5 {
		t.Errorf("a short text is cut: %+v", v)
	}
}

// Regression (new-user test): Tab's names were joined by spaces (and the
// note's wrapping made two spaces one), so "my map.map" and "other.map"
// read as three names. A name with a space is quoted, two spaces stand
// between names, a folder ends in '/', and a line breaks between names
// only.
func TestPromptMatchesCannotRunTogether(t *testing.T) {
	ft := New().fonts
	names := []string{"my map.map", "other.map", `say "hi".pls`, "sub dir/", "z.map"}
	got := matchLines(ft, names, 2000, 4)
	want := `"my map.map"  other.map  "say \"hi\".pls"  "sub dir/"  z.map`
	if len(got) != 1 || got[0] != want {
		t.Errorf("matches %q, want %q", got, want)
	}
	var many []string
	for i := 0; i < 200; i++ {
		many = append(many, fmt.Sprintf("case %03d.map", i))
	}
	lines := matchLines(ft, many, 400, 4)
	if len(lines) != 4 || !strings.HasSuffix(lines[3], "more") {
		t.Fatalf("200 names in 4 lines: %q", lines)
	}
	shown := 0
	for _, l := range lines {
		if w := ft.Width(ft.UI, l); w > 400 {
			t.Errorf("line %q is %.0f px wide, the room 400", l, w)
		}
		for _, n := range strings.Split(strings.TrimSpace(strings.Split(l, "…")[0]), "  ") {
			if n == "" {
				continue
			}
			if !strings.HasPrefix(n, `"case `) || !strings.HasSuffix(n, `.map"`) {
				t.Errorf("line %q: %q is no whole name", l, n)
			}
			shown++
		}
	}
	if want := fmt.Sprintf("… and %d more", 200-shown); !strings.HasSuffix(lines[3], want) {
		t.Errorf("last line %q, want it to end %q", lines[3], want)
	}
}

// The selection (save as opens with its file name selected) is drawn
// behind exactly the selected letters: from the end of the text before it
// to the end of the selected text, after the "…" of a cut text, and only
// the part in view when the text is cut through it.
func TestPromptSelectionSpan(t *testing.T) {
	ft := New().fonts
	w := func(s string) float64 { return ft.Width(ft.UI, s) }
	line := []rune("/home/me/maps/level1.pls")
	from := len(line) - len("level1.pls")
	v := fitAround(ft, line, len(line), 1000)
	x0, x1, ok := selectionSpan(ft, line, v, from, len(line))
	if !ok || x0 != w("/home/me/maps/") || x1 != w(string(line)) {
		t.Errorf("whole text shown: span %.1f..%.1f (%v), want %.1f..%.1f", x0, x1, ok, w("/home/me/maps/"), w(string(line)))
	}
	if _, _, ok := selectionSpan(ft, line, v, 5, 5); ok {
		t.Error("an empty selection is drawn")
	}
	// Cut at the start: the span starts after the "…" and what is shown.
	long := []rune(strings.Repeat("folder/", 40) + "level1.pls")
	from = len(long) - len("level1.pls")
	v = fitAround(ft, long, len(long), 300)
	if v.from == 0 {
		t.Fatal("the long text was not cut")
	}
	x0, x1, ok = selectionSpan(ft, long, v, from, len(long))
	want0 := w("…") + w(string(long[v.from:from]))
	if !ok || x0 != want0 || x1-x0 != w("level1.pls") || x1 > 300.5 {
		t.Errorf("cut text: span %.1f..%.1f (%v), want from %.1f, %.1f wide, within 300", x0, x1, ok, want0, w("level1.pls"))
	}
	// A selection running off the shown part is drawn to its edge only.
	x0, x1, ok = selectionSpan(ft, long, v, 0, v.from+3)
	if !ok || x0 != w("…") || x1 != w("…")+w(string(long[v.from:v.from+3])) {
		t.Errorf("selection cut off: span %.1f..%.1f (%v)", x0, x1, ok)
	}
}

// The prompt keeps off the agents' panel: across the top when the panel
// is elsewhere, beside it when the room there is wide enough, else under
// it; the note is wrapped to the box it gets.
func TestPromptTakesItsPlaceAroundTheAgentPanel(t *testing.T) {
	r := New()
	ft := r.fonts
	p := &Prompt{Label: "save as", Text: "/tmp/level.pls", Note: "a .pls scenario file (the extension is added when left out; later Ctrl+S saves there too), or .map (Moving AI) or .txt (ASCII) to export the terrain only; Tab completes, Esc closes"}
	for _, c := range []struct {
		name  string
		m     image.Rectangle
		panel image.Rectangle
		want  string // "top", "beside", "under"
	}{
		{"no panel", image.Rect(0, 30, 940, 744), image.Rectangle{}, "top"},
		{"panel at the bottom", image.Rect(0, 30, 940, 744), image.Rect(556, 635, 932, 700), "top"},
		{"panel top right, 100 %", image.Rect(0, 30, 940, 744), image.Rect(556, 38, 932, 103), "beside"},
		{"panel top left, 100 %", image.Rect(0, 30, 940, 744), image.Rect(8, 38, 384, 103), "beside"},
		{"panel top right, 175 %", image.Rect(0, 30, 458, 402), image.Rect(210, 38, 450, 103), "under"},
	} {
		full, _ := r.promptLayout(p, c.m, image.Rectangle{})
		box, lines := r.promptLayout(p, c.m, c.panel)
		if box.Empty() || !box.In(c.m) || box.Overlaps(c.panel) {
			t.Errorf("%s: prompt %v, map %v, panel %v", c.name, box, c.m, c.panel)
			continue
		}
		got := "under"
		switch {
		case box == full:
			got = "top"
		case box.Min.Y == full.Min.Y:
			got = "beside"
		}
		if got != c.want {
			t.Errorf("%s: prompt %v (%s), want %s", c.name, box, got, c.want)
		}
		for _, l := range lines {
			if w := ft.Width(ft.UI, l); w > float64(box.Dx()-24) {
				t.Errorf("%s: note line %q is %.0f px, the box %v holds %d", c.name, l, w, box, box.Dx()-24)
			}
		}
	}
}
