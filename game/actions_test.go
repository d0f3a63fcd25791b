package game

import (
	"strings"
	"testing"

	"pathlens/internal/cli"
	"pathlens/render"
)

// Every key with its modifiers does one thing: two actions on the same
// chord would make one of the help screen's lines a lie.
func TestNoKeyDoesTwoThings(t *testing.T) {
	type chord struct {
		key  string
		mods Mods
	}
	seen := map[chord]Action{}
	for i := range actionTable {
		b := &actionTable[i]
		for _, k := range b.Keys {
			c := chord{k.String(), b.Mods}
			if a, ok := seen[c]; ok && a != b.Action {
				t.Errorf("%s is bound to two actions (%d and %d): %q", KeyText(b), a, b.Action, b.Help)
			}
			seen[c] = b.Action
		}
	}
}

// The help screen lists every binding and every layer, and the legend's
// keys are the ones the input reads.
func TestHelpComesFromTheTable(t *testing.T) {
	var all strings.Builder
	for _, sec := range helpSections() {
		for _, r := range sec.Rows {
			all.WriteString(r[0] + " " + r[1] + "\n")
		}
	}
	for i := range actionTable {
		if !strings.Contains(all.String(), actionTable[i].Help) {
			t.Errorf("help lacks %q", actionTable[i].Help)
		}
	}
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if !strings.Contains(all.String(), render.LayerInfo[l].Name) {
			t.Errorf("help lacks layer %q", render.LayerInfo[l].Name)
		}
		if len(layerKeys[l].Keys) == 0 {
			t.Errorf("layer %q has no key", render.LayerInfo[l].Name)
		}
	}
	if md := KeysMarkdown(); !strings.Contains(md, "| `F1 / ?` |") {
		t.Errorf("markdown key table lacks the help key:\n%s", md)
	}
}

func TestLayerSpec(t *testing.T) {
	g := &Game{layers: render.DefaultLayers}
	if err := g.applyLayerSpec("weights,edges"); err != nil || g.layers != (1<<render.LayerWeights|1<<render.LayerEdges) {
		t.Fatalf("absolute spec: %v %b", err, g.layers)
	}
	g.layers = render.DefaultLayers
	if err := g.applyLayerSpec("+edges,-search"); err != nil || !g.layers.Has(render.LayerEdges) || g.layers.Has(render.LayerSearch) || !g.layers.Has(render.LayerWeights) {
		t.Fatalf("relative spec: %v %b", err, g.layers)
	}
	if err := g.applyLayerSpec("bogus"); err == nil || !strings.Contains(err.Error(), "weights") {
		t.Fatalf("unknown layer: %v", err)
	}
}

// The key table that the app prints without a display (internal/cli's
// embedded copy) is the window's own; regenerate it with
// `go run . -keys > internal/cli/keys.md` after changing a binding.
func TestHeadlessKeyTableIsCurrent(t *testing.T) {
	if got := KeysMarkdown(); got != cli.KeysMarkdown {
		t.Errorf("internal/cli/keys.md is stale: run `xvfb-run -a go run . -keys > internal/cli/keys.md`")
	}
}
