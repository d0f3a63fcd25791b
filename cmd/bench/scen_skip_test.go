package main

import (
	"path/filepath"
	"testing"
)

// A session that removed rows of its .scen list (scen-skip) ran the rest
// with nothing in the report to say the list was short of the file: the
// report counts them, scen_skipped.
func TestScenarioSkippedRowsAreCounted(t *testing.T) {
	const head = "pathlens-scenario 1\nname s\nmap tiny.map\nscen tiny.map.scen\n"
	dir := testerDir(t, map[string]string{"all.pls": head, "skip.pls": head + "scen-skip 2 5\n"})
	pls := func(name string) string { return filepath.Join(dir, name) }
	code, out, errs := runMain(t, "-scenario", pls("all.pls"), "-json")
	all := decode(t, out)
	if code != 0 || all["scen_skipped"] != nil {
		t.Fatalf("no rows removed: exit %d, scen_skipped %v, stderr %q", code, all["scen_skipped"], errs)
	}
	code, out, errs = runMain(t, "-scenario", pls("skip.pls"), "-json")
	m := decode(t, out)
	if code != 0 || m["scen_skipped"] != 2.0 || m["queries"] != all["queries"].(float64)-2 {
		t.Errorf("two rows removed: exit %d, scen_skipped %v, queries %v of %v, stderr %q", code, m["scen_skipped"], m["queries"], all["queries"], errs)
	}
}
