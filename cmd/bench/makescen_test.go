package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// A researcher with a map of their own (a Tiled case with designer rooms)
// had no list of queries to measure suboptimality over: -scen wants a
// Moving AI .scen, optimal column included, which had to be written by
// hand. -make-scen writes one: rows on connected open cells, each with our
// A*'s length, which bench -scen then reads back as optimal.
func TestMakeScenWritesAListTheMapRuns(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tiny.map.scen")
	code, stdout, errs := runMain(t, "-map", tinyMap, "-make-scen", out, "-make-scen-rows", "40", "-seed", "5", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rep := decode(t, stdout)
	if rep["rows_written"] != float64(40) || rep["scen_written"] != out {
		t.Errorf("report %v: want rows_written 40, scen_written %s", rep, out)
	}
	rows, err := maps.LoadScen(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 40 {
		t.Fatalf("%d rows written, want 40", len(rows))
	}
	for i, r := range rows {
		if r.Start == r.Goal {
			t.Errorf("row %d: start and goal are both %v", i+1, r.Start)
		}
		if i > 0 && r.Bucket < rows[i-1].Bucket {
			t.Errorf("row %d: bucket %d after %d: want shortest first", i+1, r.Bucket, rows[i-1].Bucket)
		}
	}
	// Every row is reachable and its column is A*'s length: -check passes.
	code, _, errs = runMain(t, "-map", tinyMap, "-scen", out, "-check")
	if code != 0 {
		t.Errorf("-check on the written list: exit %d: %s", code, errs)
	}
	// Same seed, same list; another seed, another.
	again := filepath.Join(dir, "again.scen")
	if code, _, errs := runMain(t, "-map", tinyMap, "-make-scen", again, "-make-scen-rows", "40", "-seed", "5"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	other := filepath.Join(dir, "other.scen")
	if code, _, errs := runMain(t, "-map", tinyMap, "-make-scen", other, "-make-scen-rows", "40", "-seed", "6"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(again)
	c, _ := os.ReadFile(other)
	if string(a) != string(b) {
		t.Errorf("seed 5 twice gave two lists")
	}
	if string(a) == string(c) {
		t.Errorf("seeds 5 and 6 gave the same list")
	}
}

// The maker never writes over a file (a Moving AI list beside the map
// would be lost) and refuses what it cannot honour.
func TestMakeScenRefusals(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.scen")
	if err := os.WriteFile(kept, []byte("version 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-map", tinyMap, "-make-scen", kept}, "the file exists"},
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "a.scen"), "-nb", "4"}, "8-connected"},
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "b.scen"), "-scen", tinyScen}, "drop -scen"},
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "c.scen"), "-make-scen-rows", "0"}, "want 1 to"},
		{[]string{"-map", tinyMap, "-make-scen", tinyMap}, "is the map"},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-make-scen-rows", "5"}, "applies only with -make-scen"},
		// Modes picked before the maker's ran instead, and wrote no file.
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "e.scen"), "-agents", "2"}, "-make-scen applies only with a -map of its own"},
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "f.scen"), "-algo", "hpa", "-repair", "3"}, "-make-scen applies only with a -map of its own"},
		{[]string{"-map", tinyMap, "-make-scen", filepath.Join(dir, "g.scen"), "-algo", "group", "-repair", "3"}, "-make-scen applies only with a -map of its own"},
		{[]string{"-scenario", "builtin:textbook-groups", "-make-scen", filepath.Join(dir, "h.scen")}, "-make-scen applies only with a -map of its own"},
	} {
		code, _, errs := runMain(t, tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d naming %q", tc.args, code, errs, exitUsage, tc.want)
		}
	}
	// A map whose file name has a space: its rows could not be read back.
	spaced := filepath.Join(dir, "my level.map")
	if b, err := os.ReadFile(tinyMap); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(spaced, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain(t, "-map", spaced, "-make-scen", filepath.Join(dir, "d.scen")); code != exitUsage || !strings.Contains(errs, "has a space") {
		t.Errorf("a map named with a space: exit %d, %q", code, errs)
	}
	for _, f := range []string{"e.scen", "f.scen", "g.scen", "h.scen"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s was written by a refused run", f)
		}
	}
	if b, _ := os.ReadFile(kept); string(b) != "version 1\n" {
		t.Errorf("the existing list was written over: %q", b)
	}
	doc := documentedFields(t)
	for _, f := range []string{"rows_written", "scen_written", "seed"} {
		if !doc[f] {
			t.Errorf("docs/bench.md does not name %s", f)
		}
	}
}
