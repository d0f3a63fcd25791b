package world

import (
	"os"
	"path/filepath"
	"testing"
)

// Files are opened by content, so which file holds the terrain must come
// from the loader, not from the name: a scenario saved as case.scenario or
// case.txt names its map (the file -export and the save-as prompt must
// not write over unasked), and a map named x.pls is itself the map.
func TestMapFileIsWhatTheLoaderRead(t *testing.T) {
	dir := t.TempDir()
	const room = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"
	src := filepath.Join(dir, "room.map")
	if err := os.WriteFile(src, []byte(room), 0o644); err != nil {
		t.Fatal(err)
	}
	const scen = "pathlens-scenario 1\nmap room.map\ndig 1,1\n"
	for _, c := range []struct {
		name, text   string
		map_, scenar string // want MapFile, ScenarioFile ("=" : the file itself)
	}{
		{"case.pls", scen, src, "="},
		{"case.scenario", scen, src, "="},
		{"case.txt", scen, src, "="},
		{"inline.txt", "pathlens-scenario 1\nmap inline\n...\nend\n", "", "="},
		{"map.pls", room, "=", ""},
		{"other.txt", "...\n.#.\n", "=", ""},
	} {
		w := openText(t, dir, c.name, c.text)
		self := filepath.Join(dir, c.name)
		for _, g := range []struct{ what, got, want string }{
			{"MapFile", w.MapFile(), c.map_},
			{"ScenarioFile", w.ScenarioFile(), c.scenar},
		} {
			if g.want == "=" {
				g.want = self
			}
			if g.got != g.want {
				t.Errorf("%s: %s() = %q, want %q", c.name, g.what, g.got, g.want)
			}
		}
	}
}

// A session from a map saved as a .pls is that scenario from then on; its
// map is still the map it was loaded from.
func TestMapFileAfterSave(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "room.txt", "...\n.#.\n")
	pls := filepath.Join(dir, "sub.pls")
	if err := w.SaveAs(pls); err != nil {
		t.Fatal(err)
	}
	if got, want := w.MapFile(), filepath.Join(dir, "room.txt"); got != want {
		t.Errorf("after save as: MapFile() = %q, want %q", got, want)
	}
	if got := w.ScenarioFile(); got != pls {
		t.Errorf("after save as: ScenarioFile() = %q, want %q", got, pls)
	}
}
