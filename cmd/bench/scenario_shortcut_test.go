package main

import (
	"strings"
	"testing"
)

// A reviewer's finding: a scenario's "set shortcut off" is read by the app (its
// queries and agents go through the hierarchy) but bench -scenario runs
// HPA* with the shortcut on, as it takes "set smooth" and not "set
// shortcut": the report says shortcut true and measures other costs than
// the window's for the command -worst prints.
func TestScenarioShortcutOffIsRead(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset cluster 4\nset levels 1\nset shortcut off\nset smooth off\n", false)
	code, out, errs := runMain(t, "-scenario", scen, "-cache=false", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := lastJSON(t, out)
	if sm, _ := m["smooth"].(bool); sm {
		t.Fatalf("smooth %v: the scenario's set smooth off not read either", m["smooth"])
	}
	if sc, _ := m["shortcut"].(bool); sc {
		t.Errorf("report shortcut %v, want false (the scenario says set shortcut off)", m["shortcut"])
	}
}

// -transitions is -placement under the window's name: either overrides a
// scenario's "set transitions". The scenario's dense won over a typed
// -transitions sparse, which only -placement could override.
func TestScenarioTransitionsFlagOverrides(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset cluster 4\nset levels 1\nset transitions dense\n", false)
	for _, flag := range []string{"-placement", "-transitions"} {
		code, out, errs := runMain(t, "-scenario", scen, flag, "sparse", "-json")
		if code != 0 {
			t.Fatalf("%s sparse: exit %d: %s", flag, code, errs)
		}
		if h, _ := lastJSON(t, out)["hierarchy"].(string); !strings.Contains(h, "sparse") {
			t.Errorf("%s sparse over the scenario's dense: hierarchy %q", flag, h)
		}
	}
}
