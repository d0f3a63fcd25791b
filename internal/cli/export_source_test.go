package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files are opened by content: a scenario named case.scenario or case.txt
// is a scenario, and -export keeps its promise never to write over the map
// it read (the reviewer's reproduction), nor over the scenario itself
// (exporting to case.txt would replace a whole scenario with a bare map).
func TestExportNeverOverwritesSourcesWhateverTheirNames(t *testing.T) {
	dir := t.TempDir()
	const room = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"
	const scen = "pathlens-scenario 1\nmap room.map\ndig 1,1\n"
	src := filepath.Join(dir, "room.map")
	if err := os.WriteFile(src, []byte(room), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"case.scenario", "case.txt"} {
		sc := filepath.Join(dir, name)
		if err := os.WriteFile(sc, []byte(scen), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ to, errs string }{
			{src, "is the map " + sc + " reads"},
			{sc, "is the scenario being read"},
		} {
			if filepath.Ext(c.to) == ".scenario" {
				continue // not a map name: refused for that already
			}
			code, _, errs := headless("-map", sc, "-export", c.to)
			if code != 1 || !strings.Contains(errs, c.errs) {
				t.Errorf("-map %s -export %s: exit %d, stderr %q; want 1 and %q", name, c.to, code, errs, c.errs)
			}
		}
		if b, _ := os.ReadFile(src); string(b) != room {
			t.Fatalf("-map %s: the map the scenario reads was written over:\n%s", name, b)
		}
		if b, _ := os.ReadFile(sc); string(b) != scen {
			t.Fatalf("-map %s: the scenario was written over:\n%s", name, b)
		}
	}
}
