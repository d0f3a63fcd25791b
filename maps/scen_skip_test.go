package maps

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestScenarioScenSkip: the rows of a scen list a session removed are
// kept out by number ("scen-skip N ..."): the parser leaves them out of
// ScenRows (the others keep their .scen lines), the writer writes them
// back after the scen line, and a bad line names its file and line.
func TestScenarioScenSkip(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.map", mai("2", "3", "...", ".@."))
	writeFile(t, dir, "a.map.scen", "version 1\n"+
		"0\ta.map\t3\t2\t0\t0\t2\t1\t2.41421356\n"+
		"0\ta.map\t3\t2\t2\t0\t0\t1\t2.41421356\n"+
		"0\ta.map\t3\t2\t0\t0\t2\t0\t2\n")
	pls := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap a.map\nscen a.map.scen\nscen-skip 3 1  # removed in the window\nquery 0,1 2,1\n")
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.ScenRows) != 1 || s.ScenRows[0].Start != image.Pt(2, 0) || s.ScenRows[0].Line != 3 || !slices.Equal(s.ScenSkip, []int{1, 3}) {
		t.Fatalf("rows %+v skip %v, want row 2 alone (line 3), skip [1 3]", s.ScenRows, s.ScenSkip)
	}
	out := filepath.Join(dir, "copy.pls")
	if err := SaveScenario(out, s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if want := "pathlens-scenario 1\nmap a.map\nscen a.map.scen\nscen-skip 1 3\nquery 0,1 2,1\n"; string(data) != want {
		t.Errorf("saved %q, want %q", data, want)
	}
	back, err := LoadScenario(out)
	if err != nil || !back.Equal(s) || len(back.ScenRows) != 1 {
		t.Errorf("reloaded %+v, %v", back, err)
	}
	// Many rows go on short lines.
	s.ScenSkip = nil
	for k := 1; k <= 45; k++ {
		s.ScenSkip = append(s.ScenSkip, k)
	}
	var b strings.Builder
	if err := WriteScenario(&b, s); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), "scen-skip "); n != 3 {
		t.Errorf("45 rows skipped on %d lines, want 3:\n%s", n, b.String())
	}

	// Past the list's end: a note, the rest kept.
	past := writeFile(t, dir, "past.pls", "pathlens-scenario 1\nmap a.map\nscen a.map.scen\nscen-skip 2 9\n")
	if s, err := LoadScenario(past); err != nil || len(s.ScenRows) != 2 || !slices.Equal(s.ScenSkip, []int{2}) ||
		len(s.Notes) != 1 || !strings.Contains(s.Notes[0], "past.pls:4: scen-skip 9: a.map.scen has 3 rows") {
		t.Errorf("a row past the end: %+v %v %q", s.ScenRows, err, s.Notes)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"no scen", "map a.map\nscen-skip 1\n", "e.pls:3: scen-skip without a scen line"},
		{"word", "map a.map\nscen a.map.scen\nscen-skip 1 x\n", "e.pls:4: scen-skip \"x\": want a row number"},
		{"zero", "map a.map\nscen a.map.scen\nscen-skip 0\n", "e.pls:4: scen-skip \"0\": want a row number"},
		{"empty", "map a.map\nscen a.map.scen\nscen-skip\n", "e.pls:4: want \"scen-skip N ...\""},
	} {
		p := writeFile(t, dir, "e.pls", "pathlens-scenario 1\n"+tc.in)
		if _, err := LoadScenario(p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v\nwant it to contain %q", tc.name, err, tc.want)
		}
	}
}
