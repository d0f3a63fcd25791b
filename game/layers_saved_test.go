package game

import (
	"os"
	"path/filepath"
	"testing"

	"pathlens/game/world"
	"pathlens/render"
)

// From a designer's report: the layers turned on were not saved, so a
// reopened session showed the defaults. A session's "set layers" line
// chooses the layers it opens with (-layers then adds or takes away), every
// toggle is what a save writes, and a file that names none keeps the
// layers on.
func TestSessionOpensWithItsLayers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	withLayers := write("a.pls", "pathlens-scenario 1\nset layers groups,regions\nmap inline\n......\n......\nend\n")
	bare := write("b.pls", "pathlens-scenario 1\nmap inline\n......\n......\nend\n")
	open := func(path string, opts Options) *Game {
		w, err := world.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		g, err := New(w, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.w.Close() })
		return g
	}
	want := render.LayerSet(0).With(render.LayerGroups, true).With(render.LayerRegions, true)
	g := open(withLayers, Options{})
	if g.layers != want {
		t.Fatalf("layers %q, want the file's groups,regions", layerSpec(g.layers))
	}
	g.toggleLayer(render.LayerSearch)
	if g.w.Layers != "regions,groups,search" {
		t.Errorf("after S the session's layers are %q", g.w.Layers)
	}
	path := filepath.Join(dir, "saved.pls")
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	if g2 := open(path, Options{}); g2.layers != want.With(render.LayerSearch, true) {
		t.Errorf("saved and reopened with layers %q", layerSpec(g2.layers))
	}
	if g3 := open(withLayers, Options{Layers: "+weights,-groups"}); g3.layers != want.With(render.LayerWeights, true).With(render.LayerGroups, false) {
		t.Errorf("-layers +weights,-groups over the file's: %q", layerSpec(g3.layers))
	}
	// A file naming no layers keeps those on; one naming them shows them.
	g4 := open(bare, Options{})
	if g4.layers != render.DefaultLayers {
		t.Errorf("a file naming no layers opened with %q", layerSpec(g4.layers))
	}
	g4.toggleLayer(render.LayerComponents)
	on := g4.layers
	nw, err := world.Open(bare)
	if err != nil {
		t.Fatal(err)
	}
	g4.install(nw)
	if g4.layers != on || nw.Layers != layerSpec(on) {
		t.Errorf("opening a file naming no layers changed them to %q (session %q)", layerSpec(g4.layers), nw.Layers)
	}
	nw2, err := world.Open(withLayers)
	if err != nil {
		t.Fatal(err)
	}
	g4.install(nw2)
	if g4.layers != want {
		t.Errorf("opening a file naming its layers showed %q", layerSpec(g4.layers))
	}
	if layerSpec(0) != "none" {
		t.Errorf("no layer is written %q", layerSpec(0))
	}
}
