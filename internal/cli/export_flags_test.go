package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Regression (new users): -export accepted a -scen for another map,
// -query 5 when there are no queries and a -from on a wall, saying nothing,
// while the window refuses them or shows the error. Now each is refused
// with the window's words and nothing is written; the queries of flags it
// can take are named with what the map file does not keep.
func TestExportRefusesQueryFlagsAsTheWindowDoes(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "room.map")
	if err := os.WriteFile(src, []byte("type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.map.scen")
	if err := os.WriteFile(other, []byte("version 1\n0\tother.map\t49\t49\t1\t1\t2\t2\t1.41421356\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "room.map.scen")
	if err := os.WriteFile(good, []byte("version 1\n0\troom.map\t5\t3\t0\t0\t4\t0\t4\n0\troom.map\t5\t3\t0\t2\t4\t2\t4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.map")
	for _, c := range []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"-scen", other}, 1, "-scen: " + other + ":2: the row is for a 49×49 map"},
		{[]string{"-query", "5"}, 2, "-query 5: room has no queries (a .scen list adds its rows: -scen FILE)"},
		{[]string{"-scen", good, "-query", "5"}, 2, "-query 5: room has 2 queries (1 to 2)"},
		{[]string{"-from", "1,1", "-to", "0,0"}, 1, "-from 1,1: cell (1,1) is blocked"},
		{[]string{"-from", "0,0", "-to", "9,0"}, 2, "-to 9,0: outside the 5×3 map of room"},
		{[]string{"-from", "0,0"}, 2, "-to X,Y is missing: this map has no query to take the goal from"},
	} {
		os.Remove(out)
		code, _, errs := headless(append([]string{"-map", src, "-export", out}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.errs) {
			t.Errorf("-export with %q: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("-export with %q: the map was written", c.args)
		}
	}
	for _, c := range []struct {
		args []string
		kept string
	}{
		{[]string{"-scen", good, "-query", "2"}, "only a .pls keeps 2 queries"},
		{[]string{"-scen", good, "-from", "0,2"}, "only a .pls keeps 3 queries"}, // the goal is row 1's
	} {
		code, stdout, errs := headless(append([]string{"-map", src, "-export", out}, c.args...)...)
		if code != 0 || !strings.Contains(stdout, "terrain written to") || !strings.Contains(stdout, c.kept) || errs != "" {
			t.Errorf("-export with %q: exit %d, stdout %q, stderr %q; want it written, %q", c.args, code, stdout, errs, c.kept)
		}
	}
}
