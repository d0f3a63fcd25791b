package maps

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A designer's 9×9 brush stroke wrote 901 lines, a cell each. The edits
// of a stroke on cells side by side in a row or a column are written as
// one run, "dig X,Y..X2,Y" or "dig X,Y..X,Y2", and read back as the same
// cells in the same order, strokes and kinds kept apart.
func TestScenarioEditRuns(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n..........\n..........\n..........\nend\n"
	var edits []Edit
	for y := 0; y < 3; y++ {
		for x := 2; x < 9; x++ {
			edits = append(edits, Edit{Kind: Dig, Cell: image.Pt(x, y), Weight: 1})
		}
	}
	edits = append(edits,
		Edit{Kind: Fill, Cell: image.Pt(9, 2)}, // joins no dig run
		Edit{Kind: Fill, Cell: image.Pt(0, 0)},
		Edit{Kind: Fill, Cell: image.Pt(1, 0)}, // a new stroke starts here: no run across it
		Edit{Kind: Weight, Cell: image.Pt(3, 1), Weight: 3},
		Edit{Kind: Weight, Cell: image.Pt(4, 1), Weight: 5}, // another weight: a line of its own
		Edit{Kind: Weight, Cell: image.Pt(5, 1), Weight: 5},
		Edit{Kind: Dig, Cell: image.Pt(9, 0), Weight: 1}, // a column: a wide brush moved sideways
		Edit{Kind: Dig, Cell: image.Pt(9, 1), Weight: 1},
		Edit{Kind: Dig, Cell: image.Pt(9, 2), Weight: 1},
		Edit{Kind: Dig, Cell: image.Pt(8, 2), Weight: 1}, // turns: a new line
	)
	s, err := ParseScenario(strings.NewReader(head), "r.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	s.Edits, s.StrokeStarts = edits, []int{21, 23}
	var b bytes.Buffer
	if err := WriteScenario(&b, s); err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, l := range strings.Split(b.String(), "\n") {
		if w, _, _ := strings.Cut(l, " "); w == "dig" || w == "fill" || w == "weight" || l == "stroke" {
			log = append(log, l)
		}
	}
	want := []string{"dig 2,0..8,0", "dig 2,1..8,1", "dig 2,2..8,2", "stroke", "fill 9,2", "fill 0,0", "stroke", "fill 1,0",
		"weight 3,1 3", "weight 4,1..5,1 5", "dig 9,0..9,2", "dig 8,2"}
	if !slices.Equal(log, want) {
		t.Fatalf("edit lines:\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	back, err := ParseScenario(&b, "r.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Edits, edits) || !slices.Equal(back.StrokeStarts, s.StrokeStarts) {
		t.Errorf("read back: %v strokes %v\nwant %v strokes %v", back.Edits, back.StrokeStarts, edits, s.StrokeStarts)
	}
	for _, bad := range []struct{ line, want string }{
		{"dig 5,0..3,0", "left to right"},
		{"dig 5,0..5,0", "left to right"},
		{"dig 5,2..5,0", "down one column"},
		{"fill 1,0..4,1", "along one row"},
		{"dig 1,0..x,0", "a run's last cell"},
		{"dig 0,0..99999,0", "2 to 16384 cells"},
		{"weight 1,1..3,1", "want \"weight X,Y W\""},
	} {
		_, err := ParseScenario(strings.NewReader(head+bad.line+"\n"), "r.pls", "")
		if err == nil || !strings.Contains(err.Error(), bad.want) || !strings.Contains(err.Error(), "r.pls:7") {
			t.Errorf("%q: error %v, want line 7 and %q", bad.line, err, bad.want)
		}
	}
}

// A review: a 34 KB file of runs on a 1×1 inline map allocated gigabytes
// before its edits were checked against the map, and a run partly off a
// map file named its line once per cell in the note. A run now needs the
// map first, is refused at once when it leaves an inline map, and is
// expanded only where a map file has cells; the note names each line once
// and counts the cells.
func TestScenarioRunsStayInTheMap(t *testing.T) {
	big := "pathlens-scenario 1\nmap inline\n.\nend\n" + strings.Repeat("dig 0,0..16383,0\n", 2000)
	_, err := ParseScenario(strings.NewReader(big), "big.pls", "")
	if err == nil || !strings.Contains(err.Error(), "big.pls:5") || !strings.Contains(err.Error(), "outside the 1×1 map") {
		t.Errorf("runs off a 1×1 inline map: %v", err)
	}
	_, err = ParseScenario(strings.NewReader("pathlens-scenario 1\ndig 0,0..3,0\nmap inline\n....\nend\n"), "first.pls", "")
	if err == nil || !strings.Contains(err.Error(), "first.pls:2") || !strings.Contains(err.Error(), "needs the map first") {
		t.Errorf("a run before the map: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "small.map"), []byte("type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "s.pls")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap small.map\ndig 0,1..40,1\ndig 2,0..2,9\ndig 1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Edits) != 5+3+1 {
		t.Errorf("%d edits kept, want the 9 cells on the 5×3 map", len(s.Edits))
	}
	notes := strings.Join(s.Notes, "; ")
	if !strings.Contains(notes, "lines 3, 4: 43 edits left out") {
		t.Errorf("note %q, want 43 edits left out, lines 3 and 4 named once each", notes)
	}
}
