package maps

import (
	"strings"
	"testing"
)

// "set layers" takes the layer names as -layers takes them, the file
// format's comment says; a designer who wrote "set layers all", as
// -layers all shows every layer, had the whole session refused (unknown
// layer "all"). It reads as every layer, written out by name (as a save
// writes them), so the window and a later save see names alone.
func TestSetLayersAll(t *testing.T) {
	s, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nset layers all\nmap inline\n.\nend\n"), "a.pls", "")
	if err != nil {
		t.Fatalf("set layers all: %v", err)
	}
	if want := strings.Join(LayerNames, ","); s.Settings.Layers != want {
		t.Errorf("set layers all read as %q, want %q", s.Settings.Layers, want)
	}
	// "all" beside names is no spec -layers takes either: refused,
	// naming it.
	_, err = ParseScenario(strings.NewReader("pathlens-scenario 1\nset layers all,weights\nmap inline\n.\nend\n"), "a.pls", "")
	if err == nil || !strings.Contains(err.Error(), `"all"`) {
		t.Errorf("set layers all,weights: %v, want a refusal naming \"all\"", err)
	}
}
