package groups

import (
	"io"
	"strings"
	"testing"

	"pathlens/pathing"
)

// asciiGrid turns rows of '#' (wall), '.' or a letter (open, weight 1) and
// digits 1-9 (weights) into a grid plus a region layer holding the letters.
func asciiGrid(t testing.TB, rows string) (*pathing.Grid, []byte) {
	t.Helper()
	lines := strings.Split(strings.Trim(rows, "\n"), "\n")
	h, w := len(lines), len(lines[0])
	g := pathing.MustGrid(w, h)
	layer := make([]byte, w*h)
	for y, ln := range lines {
		if len(ln) != w {
			t.Fatalf("row %d has %d cells, want %d", y, len(ln), w)
		}
		for x := 0; x < w; x++ {
			c := ln[x]
			i := y*w + x
			switch {
			case c == '#':
				g.SetWeight(g.Point(i), 0)
				layer[i] = '#'
			case c >= '1' && c <= '9':
				g.SetWeight(g.Point(i), c-'0')
				layer[i] = ' '
			case c == '.':
				layer[i] = ' '
			default:
				layer[i] = c
			}
		}
	}
	return g, layer
}

// The textbook's Figure 4.39: C is entered from A at C1 (four steps from C5)
// and from B at C6 (one step from C7).
const figure439 = `
AC##
#C##
#C##
#CCD
BCCD
`

func TestFigure439Costs(t *testing.T) {
	for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
		g, layer := asciiGrid(t, figure439)
		gr, err := Build(g, Config{Levels: 1, Neighborhood: nb}, [][]byte{layer})
		if err != nil {
			t.Fatal(err)
		}
		c, d := gr.FindGroup(1, "C"), gr.FindGroup(1, "D")
		e, ok := gr.Edge(1, c, d)
		if !ok {
			t.Fatalf("%v: no edge C→D; groups %+v", nb, gr.Groups(1))
		}
		want := [numCosts]float64{1, 5, 3.5}
		if e.Costs != want || e.Entries != 2 {
			t.Errorf("%v: C→D costs %v from %d entries, want %v from 2", nb, e.Costs, e.Entries, want)
		}
	}
}

func TestDumpFigure439(t *testing.T) {
	g, layer := asciiGrid(t, figure439)
	gr, err := Build(g, Config{Levels: 1}, [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range []string{`"cost":1}`, `"cost":5}`, `"cost":3.5}`} {
		gr.SetCost(CostKind(k))
		var sb strings.Builder
		if err := gr.Dump(&sb, 1); err != nil {
			t.Fatal(err)
		}
		line := `{"level":1,"from":"C","to":"D",` + want
		if !strings.Contains(sb.String(), line+"\n") {
			t.Errorf("%v: dump lacks %s:\n%s", CostKind(k), line, sb.String())
		}
	}
	if err := gr.Dump(io.Discard, 2); err == nil {
		t.Error("Dump of a missing level succeeded")
	}
}
