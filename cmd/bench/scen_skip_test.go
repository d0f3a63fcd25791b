package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A session that removed rows of its .scen list (scen-skip) ran the rest
// with nothing in the report to say the list was short of the file: the
// report counts them, scen_skipped.
func TestScenarioSkippedRowsAreCounted(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{tinyMap, tinyScen} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pls := func(name, extra string) string {
		p := filepath.Join(dir, name)
		text := "pathlens-scenario 1\nname s\nmap tiny.map\nscen tiny.map.scen\n" + extra
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	code, out, errs := runMain(t, "-scenario", pls("all.pls", ""), "-json")
	all := decode(t, out)
	if code != 0 || all["scen_skipped"] != nil {
		t.Fatalf("no rows removed: exit %d, scen_skipped %v, stderr %q", code, all["scen_skipped"], errs)
	}
	code, out, errs = runMain(t, "-scenario", pls("skip.pls", "scen-skip 2 5\n"), "-json")
	m := decode(t, out)
	if code != 0 || m["scen_skipped"] != 2.0 || m["queries"] != all["queries"].(float64)-2 {
		t.Errorf("two rows removed: exit %d, scen_skipped %v, queries %v of %v, stderr %q", code, m["scen_skipped"], m["queries"], all["queries"], errs)
	}
}
