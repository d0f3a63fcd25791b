package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// From a new-user trial: the panel cut textbook-groups' about text to
// four lines, "… hover the one fro…", with no word that the whole text is
// in the gallery (F2). The panel's last about line, when cut, now ends
// "… (F2 shows all)" and fits the panel, and a frame with no such key
// (a scenario file the gallery does not hold) ends it with "…" alone.
func TestCutAboutSaysWhereTheRestIs(t *testing.T) {
	w := openBuiltin(t, "textbook-groups")
	cut := 0
	// 1264×720 (a 1280×800 screen's window), 1280×800 and 1024×640 at
	// 100 % and 150 % (the layout is in logical pixels).
	for _, size := range [][2]int{{1264, 720}, {1280, 800}, {853, 533}, {1024, 640}, {682, 426}} {
		for _, rest := range []string{"F2", ""} {
			r := New()
			l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
			if l.Panel.Empty() {
				continue
			}
			width := float64(l.Panel.Dx() - 20)
			all := r.aboutLines(w, width)
			var drawn []string
			r.fonts.drawn = &drawn
			screen := ebiten.NewImage(size[0], size[1])
			var cam Camera
			cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
			r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l, AboutRest: rest})
			r.fonts.drawn = nil
			screen.Deallocate()
			if l.AboutLines >= len(all) {
				if strings.Contains(strings.Join(drawn, "|"), "shows all)") {
					t.Errorf("%v: the whole text fits, yet a line says where the rest is", size)
				}
				continue
			}
			cut++
			// The last about line shown: the first drawn line that begins
			// as that wrapped line does, or is the note alone.
			head := all[l.AboutLines-1]
			if i := strings.IndexByte(head, ' '); i > 0 {
				head = head[:i]
			}
			last := ""
			for _, s := range drawn {
				if strings.HasPrefix(s, head) && strings.Contains(s, "…") {
					last = s
					break
				}
			}
			if last == "" {
				t.Fatalf("%v: no cut about line drawn (want one beginning %q) in %q", size, head, drawn)
			}
			if wd := r.fonts.Width(r.fonts.UI, last); wd > width {
				t.Errorf("%v: %q is %.0f px, the panel's text %.0f", size, last, wd, width)
			}
			switch {
			case rest != "" && !strings.HasSuffix(last, "… (F2 shows all)"):
				t.Errorf("%v: the cut about line reads %q, want it to end \"… (F2 shows all)\"", size, last)
			case rest == "" && !strings.HasSuffix(last, "…"):
				t.Errorf("%v, no key: the cut about line reads %q, want it to end \"…\"", size, last)
			}
		}
	}
	if cut == 0 {
		t.Fatal("no window size cut the about text: the test checks nothing")
	}
}

// The gallery cuts the entries it has no room for, all but the selected
// one, which shows whole: a cut entry now says so, "… (select it: all)",
// where a plain "…" gave no hint the rest was there to read (1024×640 at
// 150 %).
func TestGalleryCutEntriesSayHowToReadThem(t *testing.T) {
	r := New()
	items := builtinGallery(t)
	cut := 0
	for _, size := range [][2]int{{682, 426}, {853, 533}, {800, 300}} {
		l := ComputeLayout(size[0], size[1], true)
		for sel := range items {
			v := r.Gallery(l, items, sel)
			for i, lines := range v.Lines {
				if !v.Cut[i] || len(lines) == 0 || i == sel {
					continue // the selection is cut only on a window too short for it
				}
				cut++
				last := lines[len(lines)-1]
				if !strings.HasSuffix(last, "… "+galleryRestNote) {
					t.Errorf("%v, selection %d: cut entry %q ends %q, want \"… %s\"", size, sel, items[i].Name, last, galleryRestNote)
				}
				if wd, max := r.fonts.Width(r.fonts.UI, last), float64(v.Rows[i].Dx()-36); wd > max {
					t.Errorf("%v: %q is %.0f px, the entry %.0f", size, last, wd, max)
				}
			}
		}
	}
	if cut == 0 {
		t.Fatal("no entry was cut: the test checks nothing")
	}
}
