package maps

import (
	"strings"
	"testing"
)

// Set takes what a "set KEY VALUE" line takes, with the same messages: the
// command line's setting flags go through it.
func TestSettingsSet(t *testing.T) {
	var s Settings
	for _, kv := range [][2]string{{"cluster", "16"}, {"levels", "3"}, {"cost", "maximin"}, {"exclusion", "on"}, {"neighbourhood", "4"}, {"smooth", "off"}, {"shortcut", "off"}, {"transitions", "dense"}} {
		if err := s.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("Set(%q, %q): %v", kv[0], kv[1], err)
		}
	}
	want := Settings{Cluster: 16, Levels: 3, Cost: "maximin", Exclusion: On, Neighborhood: 4, Smooth: Off, Shortcut: Off, Transitions: "dense"}
	if s != want {
		t.Fatalf("got %+v, want %+v", s, want)
	}
	for _, c := range []struct{ key, val, msg string }{
		{"cost", "cheapest", `unknown value "cheapest" for cost (want minimum, maximin, avgmin)`},
		{"levels", "5", `levels "5" is not a whole number from 1 to 4`},
		{"shortcut", "no", `unknown value "no" for shortcut (want on, off)`},
		{"colour", "red", `unknown setting "colour" (known: abstraction, algo,`},
	} {
		before := s
		err := s.Set(c.key, c.val)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Set(%q, %q) = %v, want %q", c.key, c.val, err, c.msg)
		}
		if s != before {
			t.Errorf("a refused Set(%q, %q) changed the settings", c.key, c.val)
		}
	}
}

// Merge lays the set fields of one Settings over another's.
func TestSettingsMerge(t *testing.T) {
	base := Settings{Algo: "hpa", Cluster: 8, Cost: "avgmin", Exclusion: On}
	base.Merge(Settings{Cluster: 16, Exclusion: Off, Heuristic: "zero"})
	want := Settings{Algo: "hpa", Cluster: 16, Cost: "avgmin", Exclusion: Off, Heuristic: "zero"}
	if base != want {
		t.Fatalf("got %+v, want %+v", base, want)
	}
}

// A repeated set line with a bad value is reported for its value, as
// before Set was split out of the parser; a repeat with a good one for the
// repeat; a number out of range after the repeat check, as ever.
func TestSetLineMessagesOrder(t *testing.T) {
	for _, c := range []struct{ second, want string }{
		{"set smooth maybe", `s.pls:6: unknown value "maybe" for smooth (want on, off)`},
		{"set smooth off", `s.pls:6: smooth is set twice (first on line 5)`},
		{"set colour red", `s.pls:6: unknown setting "colour"`},
	} {
		src := "pathlens-scenario 1\nmap inline\n..\nend\nset smooth on\n" + c.second + "\n"
		_, err := ParseScenario(strings.NewReader(src), "s.pls", "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.second, err, c.want)
		}
	}
}

// Merge leaves out a value Set would refuse and says which.
func TestSettingsMergeRefuses(t *testing.T) {
	s := Settings{Levels: 2}
	err := s.Merge(Settings{Levels: 5, Cost: "maximin"})
	if err == nil || !strings.Contains(err.Error(), `levels "5"`) {
		t.Errorf("Merge of levels 5: %v, want an error naming it", err)
	}
	if s.Levels != 2 || s.Cost != "maximin" {
		t.Errorf("after a refused levels: %+v, want levels 2 kept and the cost taken", s)
	}
}
