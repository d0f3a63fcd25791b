package game

import (
	"fmt"
	"strings"
	"testing"

	"pathlens/internal/cli"
	"pathlens/render"
)

// Every key with its modifiers does one thing: two actions on the same
// chord would make one of the help screen's lines a lie.
func TestNoKeyDoesTwoThings(t *testing.T) {
	type chord struct {
		key  string
		mods Mods
	}
	seen := map[chord]Action{}
	for i := range actionTable {
		b := &actionTable[i]
		for _, k := range b.Keys {
			c := chord{k.String(), b.Mods}
			if a, ok := seen[c]; ok && a != b.Action {
				t.Errorf("%s is bound to two actions (%d and %d): %q", KeyText(b), a, b.Action, b.Help)
			}
			seen[c] = b.Action
		}
	}
}

// The help screen lists every binding and every layer, and the legend's
// keys are the ones the input reads.
func TestHelpComesFromTheTable(t *testing.T) {
	var all strings.Builder
	for _, sec := range helpSections() {
		for _, r := range sec.Rows {
			all.WriteString(r[0] + " " + r[1] + "\n")
		}
	}
	for i := range actionTable {
		if !strings.Contains(all.String(), actionTable[i].Help) {
			t.Errorf("help lacks %q", actionTable[i].Help)
		}
	}
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if !strings.Contains(all.String(), render.LayerInfo[l].Name) {
			t.Errorf("help lacks layer %q", render.LayerInfo[l].Name)
		}
		if len(layerKeys[l].Keys) == 0 {
			t.Errorf("layer %q has no key", render.LayerInfo[l].Name)
		}
	}
	if md := KeysMarkdown(); !strings.Contains(md, "| `F1 / ?` |") {
		t.Errorf("markdown key table lacks the help key:\n%s", md)
	}
}

func TestLayerSpec(t *testing.T) {
	g := &Game{layers: render.DefaultLayers}
	if err := g.applyLayerSpec("weights,edges"); err != nil || g.layers != (1<<render.LayerWeights|1<<render.LayerEdges) {
		t.Fatalf("absolute spec: %v %b", err, g.layers)
	}
	g.layers = render.DefaultLayers
	if err := g.applyLayerSpec("+edges,-search"); err != nil || !g.layers.Has(render.LayerEdges) || g.layers.Has(render.LayerSearch) || !g.layers.Has(render.LayerWeights) {
		t.Fatalf("relative spec: %v %b", err, g.layers)
	}
	if err := g.applyLayerSpec("bogus"); err == nil || !strings.Contains(err.Error(), "weights") {
		t.Fatalf("unknown layer: %v", err)
	}
}

// The key table that the app prints without a display (internal/cli's
// embedded copy) is the window's own; regenerate it with
// `go run . -keys > internal/cli/keys.md` after changing a binding.
func TestHeadlessKeyTableIsCurrent(t *testing.T) {
	if got := KeysMarkdown(); got != cli.KeysMarkdown {
		t.Errorf("internal/cli/keys.md is stale: run `xvfb-run -a go run . -keys > internal/cli/keys.md`")
	}
}

// Regression: on a 1600-px window the Esc row was cut with an ellipsis, and
// on 800×600 most rows were cut and the Switches section ran off the
// bottom, out of reach. Every row of the help screen now shows its whole
// text, inside its column, and scrolling reaches every row; on the common
// window sizes nothing needs scrolling: 1264×720 is the window a 1280×800
// screen gets (the help overflowed it by 129 px, its last rows out of
// sight behind "more below").
func TestHelpScreenShowsEveryRowWhole(t *testing.T) {
	r := render.New()
	ft := r.Fonts()
	secs := helpSections()
	for _, size := range [][2]int{{1600, 1000}, {1280, 800}, {1264, 720}, {800, 600}, {640, 400}, {300, 200}} {
		l := render.ComputeLayout(size[0], size[1], true)
		v := r.Help(l, secs)
		if fits := size[0] >= 1264 && size[1] >= 720; fits && v.MaxScroll != 0 {
			t.Errorf("%dx%d: the help scrolls by %d px, want it to fit", size[0], size[1], v.MaxScroll)
		}
		colW := (l.Screen.Dx() - 40) / v.Cols
		n, swatches := 0, 0
		for i, it := range v.Items {
			if it.Y+it.H > v.Area.Dy()+v.MaxScroll {
				t.Errorf("%dx%d: %q %q ends at %d, beyond the reach of scrolling (%d+%d)", size[0], size[1], it.Title, it.Key, it.Y+it.H, v.Area.Dy(), v.MaxScroll)
			}
			if i > 0 && v.Items[i-1].X == it.X && v.Items[i-1].Y+v.Items[i-1].H > it.Y {
				t.Errorf("%dx%d: %q overlaps the row above", size[0], size[1], it.Key)
			}
			if it.Title != "" {
				continue
			}
			for _, line := range it.Lines {
				if w := ft.Width(ft.UI, line); it.TextX+int(w) > v.Area.Min.X+colW*(1+(it.X-v.Area.Min.X)/colW) && len(strings.Fields(line)) > 1 {
					t.Errorf("%dx%d: %q runs past its column (%.0f px)", size[0], size[1], line, w)
				}
			}
			if it.Swatch != nil {
				swatches++ // the colour key's rows, after the key table's
				continue
			}
			row := rowOf(secs, n)
			n++
			if it.Key != row[0] || strings.Join(it.Lines, " ") != row[1] {
				t.Errorf("%dx%d: row %q shows %q %q, want %q", size[0], size[1], row[0], it.Key, strings.Join(it.Lines, " "), row[1])
			}
			if w := ft.Width(ft.Mono, it.Key); it.X+int(w) > it.TextX {
				t.Errorf("%dx%d: key %q is %.0f px wide, its text starts %d px in", size[0], size[1], it.Key, w, it.TextX-it.X)
			}
		}
		if want := countRows(secs); n != want {
			t.Errorf("%dx%d: %d rows laid out, want %d", size[0], size[1], n, want)
		}
		if swatches == 0 {
			t.Errorf("%dx%d: no colour key", size[0], size[1])
		}
	}
}

func rowOf(secs []render.HelpSection, n int) [2]string {
	for _, s := range secs {
		if n < len(s.Rows) {
			return s.Rows[n]
		}
		n -= len(s.Rows)
	}
	return [2]string{}
}

func countRows(secs []render.HelpSection) int {
	n := 0
	for _, s := range secs {
		n += len(s.Rows)
	}
	return n
}

// -zoom's range (internal/cli, which must not import Ebiten) is the
// camera's.
func TestZoomFlagRangeIsTheCamera(t *testing.T) {
	if cli.MinZoom != render.MinZoom || cli.MaxZoom != render.MaxZoom {
		t.Errorf("-zoom takes %v to %v, the camera %v to %v", cli.MinZoom, cli.MaxZoom, render.MinZoom, render.MaxZoom)
	}
}

// The layer names the command line checks without a display (cli's) are
// the ones the window reads -layers with (render's), in the same order.
func TestLayerNamesAgreeWithTheCommandLine(t *testing.T) {
	if len(cli.LayerNames) != int(render.NumLayers) {
		t.Fatalf("cli has %d layer names, render %d layers", len(cli.LayerNames), render.NumLayers)
	}
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if cli.LayerNames[l] != l.ShortName() {
			t.Errorf("layer %d: cli %q, render %q", l, cli.LayerNames[l], l.ShortName())
		}
		// -layers takes the key letter too: the one that toggles it.
		if key := strings.ToUpper(layerKeys[l].Keys[0].String()); key != string(cli.LayerLetters[l]) {
			t.Errorf("layer %s: toggled by %s, -layers letter %c", l.ShortName(), key, cli.LayerLetters[l])
		}
	}
}

// Regression: at 175 % on 1280×800 the help scrolls, and its first and last
// rows on screen were drawn sliced through their letters (the top of
// "middle-drag" under the title, half of "shows its level)" over the "more
// below" line). Only whole lines are drawn at any scroll, the rest of a
// row whose first line has scrolled off beside its key, and the arrow
// keys' and the wheel's steps reach every line whole.
func TestHelpScrollDrawsOnlyWholeLines(t *testing.T) {
	r := render.New()
	secs := helpSections()
	for _, size := range [][2]int{{732, 458}, {854, 534}, {800, 600}, {640, 400}, {300, 200}} {
		l := render.ComputeLayout(size[0], size[1], true)
		v := r.Help(l, secs)
		if v.MaxScroll == 0 {
			t.Errorf("%dx%d: the help does not scroll; the test wants a window it scrolls in", size[0], size[1])
			continue
		}
	sliced:
		for scroll := 0; scroll <= v.MaxScroll; scroll++ {
			for _, sp := range v.Spans(scroll) {
				if sp.Y < v.Area.Min.Y || sp.Y+sp.H > v.Area.Max.Y {
					t.Errorf("%dx%d scrolled %d: %q%q%q drawn at %d..%d, sliced by the area %d..%d", size[0], size[1], scroll,
						sp.Title, sp.Key, sp.Text, sp.Y, sp.Y+sp.H, v.Area.Min.Y, v.Area.Max.Y)
					break sliced
				}
			}
		}
		// No line shows without its row's key (or swatch) beside the
		// row's first line on screen.
		for scroll := 0; scroll <= v.MaxScroll; scroll += 7 {
			spans := v.Spans(scroll)
			for _, it := range v.Items {
				if it.Title != "" {
					continue
				}
				y := v.Area.Min.Y + it.Y - scroll
				first, keyY := -1, -1
				for _, sp := range spans {
					if sp.Y < y || sp.Y >= y+it.H {
						continue
					}
					if sp.Text != "" && sp.X == it.TextX && (first < 0 || sp.Y < first) {
						first = sp.Y
					}
					if sp.Text == "" && sp.Title == "" && sp.X == it.X {
						keyY = sp.Y
					}
				}
				if first >= 0 && keyY != first {
					t.Errorf("%dx%d scrolled %d: row %q shows from %d, its key at %d", size[0], size[1], scroll, it.Key, first, keyY)
				}
			}
		}
		// Every line shows whole at one of the places the keys reach.
		seen := map[string]bool{}
		for scroll := 0; ; scroll += helpScrollStep {
			scroll = min(scroll, v.MaxScroll)
			for _, sp := range v.Spans(scroll) {
				seen[fmt.Sprint(sp.X, sp.Y+scroll, sp.Title, sp.Key, sp.Text)] = true
			}
			if scroll == v.MaxScroll {
				break
			}
		}
		for _, it := range v.Items {
			for k, line := range it.Lines {
				y := v.Area.Min.Y + it.Y + k*render.HelpLineH
				if !seen[fmt.Sprint(it.TextX, y, "", "", line)] {
					t.Errorf("%dx%d: %q never shows whole", size[0], size[1], line)
				}
			}
		}
	}
}
