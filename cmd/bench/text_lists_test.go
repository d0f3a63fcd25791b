package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The text report printed mismatches and path as JSON cut at 100 bytes
// ([{"line":30,…,"problem":"cost 499.... (1299 bytes)), a row cut in
// half. They read as lines now: the mismatches' count and a line per row
// (the first five), the path's length and ends; -json keeps them whole.
func TestTextListsReadable(t *testing.T) {
	// Rows 2 and 6 (lines 3, 7) claim lengths their paths do not have.
	scen := tinyScenWith(t, "0\t6\t12.41421356", "0\t6\t13.00000000")
	b, err := os.ReadFile(scen)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(scen, []byte(strings.Replace(string(b), "0\t4\t4.00000000", "0\t4\t5.00000000", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runMain(t, "-map", tinyMap, "-scen", scen)
	var got []string // the mismatches line and the unkeyed lines after it
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "mismatches ") || len(got) > 0 && strings.HasPrefix(l, " ") {
			got = append(got, strings.Join(strings.Fields(l), " "))
		} else if len(got) > 0 {
			break
		}
	}
	want := []string{"mismatches 2 (rows off the optimum, without a path, or not a valid walk)",
		"line 3, query 2 (0,0)→(0,4): optimal 5.000000, cost 4.000000",
		"line 7, query 6 (5,4)→(0,6): optimal 13.000000, cost 12.414214"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("text mismatches: got\n%s\nwant\n%s\nin\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
	_, out, _ = runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0")
	if v, _ := textValue(out, "path"); v != "10 cells, (0,0) → (9,0) (every cell in -json)" {
		t.Errorf("text path %q", v)
	}
	// A path with no problem row: a longer single query, whose JSON is
	// over 100 bytes, prints no cut JSON either.
	_, out, _ = runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,7")
	if strings.Contains(out, "bytes)") || strings.Contains(out, "[[") {
		t.Errorf("text report cuts a list:\n%s", out)
	}
}

// A teacher read "mismatches 10" on a run with 46 suboptimal HPA* rows:
// the count was the kept list's. It counts every row now, and says how
// many the lists hold.
func TestTextMismatchesCountEveryRow(t *testing.T) {
	b, err := os.ReadFile(tinyScen)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	out := []string{lines[0]}
	for i := 0; i < 12; i++ {
		f := strings.Split(lines[1+i%(len(lines)-1)], "\t")
		opt, err := strconv.ParseFloat(f[8], 64)
		if err != nil {
			t.Fatal(err)
		}
		f[8] = strconv.FormatFloat(opt+1, 'f', 8, 64) // every row claims one more than its length
		out = append(out, strings.Join(f, "\t"))
	}
	scen := filepath.Join(t.TempDir(), "tiny.map.scen")
	if err := os.WriteFile(scen, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, text, _ := runMain(t, "-map", tinyMap, "-scen", scen)
	v, _ := textValue(text, "mismatches")
	want := "12 (rows off the optimum, without a path, or not a valid walk); the first 5 below, the first 10 in -json"
	if strings.Join(strings.Fields(v), " ") != want {
		t.Errorf("mismatches %q, want %q", v, want)
	}
}
