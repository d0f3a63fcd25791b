package e2e

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// shotApp builds the app into the test's temporary folder (removed with
// it) and returns a function that runs it with -shot on args and returns
// the picture: the first complete frame, as a user opening those flags
// sees it.
func shotApp(t *testing.T) func(args ...string) image.Image {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display ($DISPLAY is empty): run under xvfb-run")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "pathlens")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = moduleRoot(t)
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	n := 0
	return func(args ...string) image.Image {
		t.Helper()
		n++
		out := filepath.Join(dir, fmt.Sprintf("shot%d.png", n))
		cmd := exec.Command(bin, append([]string{"-size", "1280x800", "-nolegend", "-shot", out}, args...)...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pathlens %q: %v\n%s", args, err, b)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
}

func rgba(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }

func lumaOf(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

func colourDist(a, b color.RGBA) float64 {
	d := func(x, y uint8) float64 { return float64(x) - float64(y) }
	dr, dg, db := d(a.R, b.R), d(a.G, b.G), d(a.B, b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A designer's report on AR0011SR: the cluster borders, dark blue, could
// not be seen where they ran over the map's dark walls, so a cluster
// seemed to end at every wall. On a map with one wall block that two
// borders cross, the borders show inside the block (pixels well lighter
// than the wall there), at full strength and faded.
func TestClusterBordersShowOverWalls(t *testing.T) {
	var rows []string
	for y := 0; y < 40; y++ {
		row := []byte(strings.Repeat(".", 40))
		for x := 5; x < 35; x++ {
			if y >= 5 && y < 35 {
				row[x] = '@' // the borders x=10, 20, 30 and y=10, 20, 30 cross it
			}
		}
		rows = append(rows, string(row))
	}
	m := writeFile(t, "block.map", "type octile\nheight 40\nwidth 40\nmap\n"+strings.Join(rows, "\n")+"\n")
	wall := color.RGBA{52, 56, 66, 255} // render.ColWall
	shotOf := shotApp(t)
	for _, zoom := range []string{"4", "16"} { // 40 px clusters (faded) and 160 px
		img := shotOf("-map", m, "-algo", "hpa", "-from", "1,1", "-to", "38,38", "-layers", "weights,borders", "-zoom", zoom, "-center", "20,20")
		// The wall block's box: every pixel of the wall's colour.
		box := image.Rectangle{}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if rgba(img.At(x, y)) == wall {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		if box.Dx() < 100 || box.Dy() < 100 {
			t.Fatalf("zoom %s: the wall block is %v on screen: the test wants it large", zoom, box)
		}
		box = box.Inset(4)
		lit := 0
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				if lumaOf(rgba(img.At(x, y))) > lumaOf(wall)+40 {
					lit++
				}
			}
		}
		if lit < box.Dx() { // at least a line's length of border pixels
			t.Errorf("zoom %s: %d pixels of the wall block %v stand out from the wall: the borders crossing it cannot be seen", zoom, lit, box)
		}
	}
}

// mapColours returns the two most frequent light colours of img (the map's
// two halves: dark pixels are the panel, bars and walls).
func mapColours(img image.Image) (color.RGBA, color.RGBA, int, int) {
	n := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := rgba(img.At(x, y)); lumaOf(c) > 90 {
				n[c]++
			}
		}
	}
	var cs []color.RGBA
	for c := range n {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return n[cs[i]] > n[cs[j]] })
	if len(cs) < 2 {
		return color.RGBA{}, color.RGBA{}, 0, 0
	}
	return cs[0], cs[1], n[cs[0]], n[cs[1]]
}

// A designer's report on 8room_000 with its rooms drawn: under the search's
// fill every room's light tint was washed to one pale blue, so which room
// the search had been through could not be read. Two rooms side by side,
// every cell of both expanded by Dijkstra: their two colours under the fill
// stay at least 0.6 as far apart as their tints without it (0.45 before),
// and the fill still changes each room's colour.
func TestRegionTintsReadUnderTheFill(t *testing.T) {
	const W, H = 40, 24
	var terrain, rooms []string
	for y := 0; y < H; y++ {
		terrain = append(terrain, strings.Repeat(".", W))
		rooms = append(rooms, strings.Repeat("A", W/2)+strings.Repeat("B", W/2))
	}
	pls := writeFile(t, "two.pls", "pathlens-scenario 1\nname two-rooms\nset algo dijkstra\nmap inline\n"+
		strings.Join(terrain, "\n")+"\nend\nregions 1\n"+strings.Join(rooms, "\n")+"\nend\nquery 0,0 39,23\n")
	shotOf := shotApp(t)
	a0, b0, _, _ := mapColours(shotOf("-scenario", pls, "-layers", "regions"))
	a1, b1, na, nb := mapColours(shotOf("-scenario", pls, "-layers", "regions,search"))
	if na < 20000 || nb < 20000 {
		t.Fatalf("under the fill the two rooms are %d and %d pixels of one colour: the test wants them filled whole", na, nb)
	}
	tints, filled := colourDist(a0, b0), colourDist(a1, b1)
	if tints < 20 {
		t.Fatalf("the rooms' tints %v and %v are too alike for the test", a0, b0)
	}
	t.Logf("tints %v %v (%.0f apart), under the fill %v %v (%.0f apart)", a0, b0, tints, a1, b1, filled)
	if filled < 0.6*tints {
		t.Errorf("under the fill the rooms are %v and %v, %.0f apart; their tints %v and %v are %.0f apart: the fill washes the rooms out", a1, b1, filled, a0, b0, tints)
	}
	for _, c := range []color.RGBA{a1, b1} {
		if colourDist(c, a0) < 25 && colourDist(c, b0) < 25 {
			t.Errorf("a filled room's colour %v is its tint (%v, %v): the fill cannot be seen", c, a0, b0)
		}
	}
}
