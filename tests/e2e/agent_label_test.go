package e2e

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Regression (a trial on AR0011SR): the label of the agent under the
// pointer ("#3 arrived, in formation") was drawn before the agents' replan
// panel, so beside the panel the label ran under it and could not be
// read. The label is drawn over the panel: its yellow frame shows in the
// panel's rectangle.
func TestAgentLabelShowsOverTheReplanPanel(t *testing.T) {
	need(t)
	dir := t.TempDir()
	var rows []string
	for range 40 {
		rows = append(rows, strings.Repeat(".", 60))
	}
	m := filepath.Join(dir, "open.txt")
	if err := os.WriteFile(m, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := start(t, "-map", m, "-algo", "astar", "-nolegend", "-layers", "search")
	// One agent in the top-left corner: the panel takes the bottom right.
	a.move(a.cellPixel(2, 2))
	a.press("j", "agent", "action=spawn")
	panel := a.panelBox(a.screenshot())
	if panel.Dx() < 100 || panel.Dy() < 30 {
		t.Fatalf("no replan panel found (its border's box %v)", panel)
	}
	// An agent just left of the panel, on a row the panel spans (it may
	// stand mostly above the map), under the pointer: its label, to its
	// upper right, runs into the panel.
	cx := int(math.Floor((float64(panel.Min.X) - a.zoom*0.7 - a.offX) / a.zoom))
	y := min(float64(panel.Min.Y+panel.Max.Y)/2+a.zoom, float64(panel.Max.Y)-2)
	cy := max(0, int(math.Floor((y-a.offY)/a.zoom)))
	a.move(a.cellPixel(cx, cy))
	a.press("j", "agent", "action=spawn", "at="+strconv.Itoa(cx)+","+strconv.Itoa(cy))
	img := a.screenshot()
	if got := a.panelBox(img); got != panel {
		t.Fatalf("test set-up: the panel moved from %v to %v", panel, got)
	}
	hot := color.RGBA{255, 230, 60, 255} // render.ColEdgeHot, the label's frame
	n := 0
	for y := panel.Min.Y + 1; y < panel.Max.Y-1; y++ {
		for x := panel.Min.X + 1; x < panel.Max.X-1; x++ {
			if rgba(img.At(x, y)) == hot {
				n++
			}
		}
	}
	if n == 0 {
		a.keepImage(img, "label-under-panel")
		t.Errorf("the label of the agent at (%d,%d) under the pointer, beside the replan panel %v, is hidden under the panel", cx, cy, panel)
	}
}

// screenshot takes a screenshot with the app's key and returns it.
func (a *app) screenshot() image.Image {
	a.t.Helper()
	l := a.press("F12", "screenshot", "path=")
	path := l[strings.Index(l, "path=")+5:]
	if q, err := strconv.QuotedPrefix(path); err == nil {
		path, _ = strconv.Unquote(q)
	} else if i := strings.IndexByte(path, ' '); i >= 0 {
		path = path[:i]
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.out, path)
	}
	f, err := os.Open(path)
	if err != nil {
		a.t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		a.t.Fatal(err)
	}
	return img
}

// keepImage writes img among the test's artefacts.
func (a *app) keepImage(img image.Image, name string) {
	f, err := os.Create(filepath.Join(a.out, name+".png"))
	if err != nil {
		return
	}
	defer f.Close()
	png.Encode(f, img)
}

// panelBox returns the box of the agents' replan panel's border
// (render.ColPanelEdge) in the map area of screenshot img.
func (a *app) panelBox(img image.Image) image.Rectangle {
	edge := color.RGBA{90, 96, 110, 255}
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y + 40; y < b.Max.Y-80; y++ {
		for x := b.Min.X; x < b.Max.X-340; x++ {
			if rgba(img.At(x, y)) == edge {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}
