package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/maps"
)

func TestHasDisplay(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cases := []struct {
		goos string
		env  map[string]string
		want bool
	}{
		{"linux", map[string]string{"DISPLAY": ":0"}, true},
		{"linux", nil, false},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, false}, // GLFW's X11 backend needs DISPLAY
		{"freebsd", nil, false},
		{"darwin", nil, true},
		{"windows", nil, true},
	}
	for _, c := range cases {
		if got := HasDisplay(c.goos, env(c.env)); got != c.want {
			t.Errorf("HasDisplay(%s, %v) = %v, want %v", c.goos, c.env, got, c.want)
		}
	}
}

func TestHeadless(t *testing.T) {
	cases := []struct {
		args      []string
		code      int
		out, errs string // substrings
	}{
		{[]string{"-h"}, 0, "", "usage: pathlens"},
		{[]string{"-keys"}, 0, "| keys | action |", ""},
		{[]string{"-bogus"}, 2, "", "flag provided but not defined: -bogus"},
		{[]string{"-zoom", "big"}, 2, "", "invalid value \"big\" for flag -zoom"},
		{nil, 2, "", "no display"},
		{[]string{"-level", "0"}, 2, "", "-level 0: want 1 to 2: the hierarchy has 2 levels (the default; -levels N sets 1 to 4)"},
		{[]string{"-level", "5"}, 2, "", "-level 5: want 1 to 2: the hierarchy has 2 levels"},
		{[]string{"-level", "0", "-levels", "3"}, 2, "", "-level 0: want 1 to 3: the hierarchy has 3 levels (-levels 3)"},
		{[]string{"-level", "0", "-scenario", "builtin:textbook-groups"}, 2, "", "-level 0: want 1: the hierarchy has one level (builtin:textbook-groups sets it"},
		{[]string{"-level", "0", "-map", "level.pls"}, 2, "", "(the default, unless the scenario sets another; -levels N sets 1 to 4)"},
		{[]string{"-level", "4"}, 2, "", "no display"},
		{[]string{"-zoom", "-3"}, 2, "", "-zoom -3: want 1/64 to 256 pixels per cell"},
		{[]string{"-zoom", "1e9"}, 2, "", "-zoom 1e+09: want 1/64 to 256 pixels per cell"},
		{[]string{"-zoom", "0.001"}, 2, "", "-zoom 0.001: want"},
		{[]string{"-zoom", "NaN"}, 2, "", "-zoom NaN"},
		{[]string{"-profile", "-5"}, 2, "", "-profile -5: want a number of frames"},
		{[]string{"-agent-refine", "lasy"}, 2, "", "-agent-refine \"lasy\": want eager"},
		{[]string{"-agent-refine", "lazy"}, 2, "", "no display"},
		{[]string{"-ui-scale", "0"}, 2, "", "-ui-scale 0: want 0.75 to 3"},
		{[]string{"-cost", "cheap"}, 2, "", `invalid value "cheap" for flag -cost: unknown value "cheap" for cost (want minimum, maximin, avgmin)`},
		{[]string{"-cluster", "3"}, 2, "", `invalid value "3" for flag -cluster: want a whole number from 4 to 64`},
		{[]string{"-levels", "5"}, 2, "", `invalid value "5" for flag -levels: want a whole number from 1 to 4`},
		{[]string{"-algo", "hpx"}, 2, "", `-algo: unknown algorithm "hpx"`},
		{[]string{"-exclusion=maybe"}, 2, "", `invalid boolean value "maybe" for -exclusion`},
		{[]string{"-nb", "6"}, 2, "", `unknown value "6" for neighborhood (want 8, 4)`},
		{[]string{"-cluster", "16", "-levels", "3", "-exclusion"}, 2, "", "no display"},
		{[]string{"-smooth", "off"}, 2, "", "write -smooth=off: a yes/no flag takes its value after ="},
		{[]string{"-cost", "minimum", "-exclusion", "on"}, 2, "", "write -exclusion=on"},
		{[]string{"-zoom", "4", "maze.map"}, 2, "", `unexpected argument "maze.map" (use -map FILE)`},
		{[]string{"-scen", "smooth", "off"}, 2, "", `unexpected argument "off" (use -map FILE)`},
		{[]string{"-ui-scale", "5"}, 2, "", "-ui-scale 5: want 0.75 to 3"},
		{[]string{"-ui-scale", "NaN"}, 2, "", "-ui-scale NaN: want"},
		{[]string{"-ui-scale", "large"}, 2, "", "invalid value \"large\" for flag -ui-scale: want a number\n"},
		{[]string{"-play=sure"}, 2, "", "invalid boolean value \"sure\" for -play: want true or false\n"},
		{[]string{"-profile", "many"}, 2, "", "invalid value \"many\" for flag -profile: want a whole number\n"},
		{[]string{"-ui-scale", "1.5"}, 2, "", "no display"},
		{[]string{"-map", "x.map"}, 2, "", "xvfb-run -a pathlens"},
		// The files the window would open are named before the display,
		// and the display is still named after them.
		{[]string{"-map", "/nonexistent-pathlens-dir/x.map"}, 2, "", "pathlens: -map: open /nonexistent-pathlens-dir/x.map: no such file or directory\npathlens: no display"},
		{[]string{"-scenario", "builtin:nope"}, 2, "", "pathlens: -scenario: no built-in scenario \"nope\" (have world, "},
		{[]string{"-scenario", "builtin:nope"}, 2, "", "no display"},
		{[]string{"-scenario", "/nonexistent-pathlens-dir/a.pls"}, 2, "", "-scenario: open /nonexistent-pathlens-dir/a.pls"},
		{[]string{"-scen", "/nonexistent-pathlens-dir/a.scen"}, 2, "", "-scen: open /nonexistent-pathlens-dir/a.scen"},
		{[]string{"-map", "."}, 2, "", "-map .: a folder, not a file"},
		{[]string{"-scenario", "builtin:world"}, 2, "", "pathlens: no display"},
		// Every flag whose form needs no map is named before "no display"
		// (a malformed -from was hidden by it while -cluster 3 was named).
		{[]string{"-from", "3"}, 2, "", `-from: "3": want X,Y`},
		{[]string{"-to", "3,b"}, 2, "", `-to: "3,b": want X,Y with whole numbers`},
		{[]string{"-pin", "x"}, 2, "", `-pin: "x": want X,Y`},
		{[]string{"-zoom", "8", "-center", "1;2"}, 2, "", `-center: "1;2": want X,Y`},
		{[]string{"-center", "1,2"}, 2, "", "-center needs -zoom PX"},
		// The files the run writes, too: a bad -log said only "no display".
		{[]string{"-log", "/nonexistent-pathlens-dir/e.log"}, 2, "", "-log /nonexistent-pathlens-dir/e.log: the folder /nonexistent-pathlens-dir cannot be used"},
		{[]string{"-cpuprofile", "/nonexistent-pathlens-dir/c.pprof"}, 2, "", "-cpuprofile /nonexistent-pathlens-dir/c.pprof: the folder"},
		{[]string{"-size", "big"}, 2, "", `-size: "big": want WxH`},
		{[]string{"-size", "10x10"}, 2, "", "-size: \"10x10\": width 320 to 16384"},
		{[]string{"-layers", "search,nodez"}, 2, "", `-layers: unknown layer "nodez" (have W weights, B borders,`},
		{[]string{"-layers", "+values,-plans"}, 2, "", "no display"},
		{[]string{"-layers", "all"}, 2, "", "no display"},
		{[]string{"-cursor", "halfway"}, 2, "", `-cursor "halfway": want an event number or a fraction 0..1`},
		{[]string{"-cursor", "1.5"}, 2, "", `-cursor "1.5": want an event number or a fraction 0..1`},
		{[]string{"-cursor", "phase:"}, 2, "", `-cursor "phase:": name the phase`},
		{[]string{"-cursor", "phase:smooth"}, 2, "", "no display"},
		{[]string{"-map", "a.map", "-scenario", "builtin:world"}, 2, "", "give -map or -scenario, not both"},
		{[]string{"-shot", "/nonexistent-folder/x.png"}, 2, "", "-shot /nonexistent-folder/x.png: the folder /nonexistent-folder cannot be used"},
		{[]string{"-save", "/nonexistent-folder/x.pls"}, 2, "", "-save /nonexistent-folder/x.pls: the folder"},
		{[]string{"-from", "3,4", "-to", "5,6", "-pin", "1,1", "-zoom", "8", "-center", "2,2", "-size", "800x600"}, 2, "", "no display"},
	}
	for _, c := range cases {
		var out, errs bytes.Buffer
		code := Headless(c.args, &out, &errs)
		if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(errs.String(), c.errs) {
			t.Errorf("Headless(%q) = %d, stdout %.80q, stderr %.200q; want %d, %q, %q", c.args, code, out.String(), errs.String(), c.code, c.out, c.errs)
		}
	}
	// A source that can be opened adds nothing before the display's lines.
	for _, args := range [][]string{{"-scenario", "builtin:world"}, {"-map", "cli_test.go"}} {
		var errs bytes.Buffer
		Headless(args, io.Discard, &errs)
		if !strings.HasPrefix(errs.String(), "pathlens: no display") {
			t.Errorf("Headless(%q): stderr %.200q, want it to start with the display", args, errs.String())
		}
	}
	// A bad flag prints its message and where the list is, not the list:
	// seventy lines of flags buried the one line that mattered.
	var errs bytes.Buffer
	Headless([]string{"-cluster", "3"}, io.Discard, &errs)
	if got := errs.String(); got != "invalid value \"3\" for flag -cluster: want a whole number from 4 to 64\npathlens -h lists every flag\n" {
		t.Errorf("bad flag: stderr %q", got)
	}
}

func TestParse(t *testing.T) {
	f, err := Parse([]string{"-map", "a.map", "-zoom", "12", "-level", "2", "-play", "extra"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Map != "a.map" || f.Zoom != 12 || f.Level != 2 || !f.Play || f.Size != "1280x800" || f.UIScale != 1 || f.ShotDir != "." || len(f.Args) != 1 || f.Args[0] != "extra" {
		t.Errorf("Parse: %+v", f)
	}
}

// TestAgentRefineFlag: -agent-refine names the agents' HPA* refine mode at
// start-up; leaving it out keeps the scenario's, and a bad name is refused
// by Check, naming the flag, before the window opens.
func TestAgentRefineFlag(t *testing.T) {
	for _, c := range []struct {
		arg     string
		mode    agents.HPAMode
		set     bool
		errPart string
	}{
		{"", agents.HPAEager, false, ""},
		{"eager", agents.HPAEager, true, ""},
		{"lazy", agents.HPALazy, true, ""},
		{"Lazy", agents.HPAEager, false, `-agent-refine "Lazy": want eager`},
		{"segment", agents.HPAEager, false, `-agent-refine "segment": want eager`},
	} {
		args := []string{"-map", "a.map"}
		if c.arg != "" {
			args = append(args, "-agent-refine", c.arg)
		}
		f, err := Parse(args, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		m, set, err := f.AgentRefineMode()
		cerr := f.Check()
		if c.errPart != "" {
			if err == nil || cerr == nil || !strings.Contains(cerr.Error(), c.errPart) {
				t.Errorf("-agent-refine %q: errors %v / %v, want %q", c.arg, err, cerr, c.errPart)
			}
			continue
		}
		if err != nil || cerr != nil || m != c.mode || set != c.set {
			t.Errorf("-agent-refine %q: %v, %v, %v / %v; want %v, %v", c.arg, m, set, err, cerr, c.mode, c.set)
		}
	}
}

// -save names where Ctrl+S writes; anything but a .pls is refused before
// the window opens, so a session can never be written over a map or a
// .scen list.
func TestSaveFlag(t *testing.T) {
	for _, c := range []struct {
		arg     string
		errPart string
	}{
		{"", ""},
		{filepath.Join(os.TempDir(), "cave.pls"), ""}, // its folder is checked too (missing: refused)
		{"CAVE.PLS", ""},
		{"AR0011SR.map", `-save "AR0011SR.map": want a .pls file`},
		{"x.map.scen", `want a .pls file`},
		{"session", `want a .pls file`},
	} {
		args := []string{"-map", "a.map"}
		if c.arg != "" {
			args = append(args, "-save", c.arg)
		}
		f, err := Parse(args, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		err = f.Check()
		switch {
		case c.errPart == "" && err != nil:
			t.Errorf("-save %q refused: %v", c.arg, err)
		case c.errPart != "" && (err == nil || !strings.Contains(err.Error(), c.errPart)):
			t.Errorf("-save %q: error %v, want %q", c.arg, err, c.errPart)
		case f.Save != c.arg:
			t.Errorf("-save %q parsed as %q", c.arg, f.Save)
		}
	}
}

// The setting flags fill Flags.Settings as a scenario's "set" lines would;
// a flag not given leaves its field unset, so the scenario's value stays.
func TestSettingFlags(t *testing.T) {
	f, err := Parse([]string{"-cluster", "16", "-levels", "3", "-cost", "avgmin", "-exclusion", "-smooth=false", "-shortcut=false", "-nb", "4", "-heuristic", "zero", "-target", "nearest", "-transitions", "dense", "-cache"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	want := maps.Settings{Cluster: 16, Levels: 3, Cost: "avgmin", Exclusion: maps.On, Smooth: maps.Off, Shortcut: maps.Off, Neighborhood: 4, Heuristic: "zero", Target: "nearest", Transitions: "dense", Cache: maps.On}
	if f.Settings != want {
		t.Errorf("got %+v, want %+v", f.Settings, want)
	}
	f, err = Parse([]string{"-exclusion=false"}, &bytes.Buffer{})
	if err != nil || f.Settings != (maps.Settings{Exclusion: maps.Off}) {
		t.Errorf("-exclusion=false: %+v, %v; want exclusion off and nothing else set", f.Settings, err)
	}
	f, err = Parse(nil, &bytes.Buffer{})
	if err != nil || f.Settings != (maps.Settings{}) {
		t.Errorf("no flags: %+v, %v; want nothing set", f.Settings, err)
	}
	// cmd/bench's name for -transitions works too (a command copied from
	// bench was refused).
	f, err = Parse([]string{"-placement", "dense"}, &bytes.Buffer{})
	if err != nil || f.Settings != (maps.Settings{Transitions: "dense"}) {
		t.Errorf("-placement dense: %+v, %v; want transitions dense", f.Settings, err)
	}
	// Both names with two values: refused, not the last one taken unsaid.
	if _, err = Parse([]string{"-transitions", "dense", "-placement", "sparse"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), `invalid value "sparse" for flag -placement: contradicts -transitions dense`) {
		t.Errorf("-transitions dense -placement sparse: %v", err)
	}
	if f, err = Parse([]string{"-transitions", "dense", "-placement", "dense"}, &bytes.Buffer{}); err != nil {
		t.Errorf("-transitions dense -placement dense: %v", err)
	} else if f.Settings.Transitions != "dense" {
		t.Errorf("-transitions dense -placement dense: %+v", f.Settings)
	}
}

// -query takes a number from 1 and cannot be given with -from/-to (both
// choose the first query); its upper bound needs the session
// (World.OpenFirst).
func TestQueryFlag(t *testing.T) {
	for _, c := range []struct {
		args    []string
		errPart string
	}{
		{[]string{"-query", "3"}, ""},
		{[]string{"-query", "0"}, "-query 0: want a query number, 1 or more"},
		{nil, ""},
		{[]string{"-query", "-2"}, "-query -2: want a query number, 1 or more"},
		{[]string{"-query", "3", "-from", "1,1"}, "give one of them"},
		{[]string{"-query", "3", "-to", "1,1"}, "give one of them"},
	} {
		f, err := Parse(c.args, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		err = f.Check()
		if c.errPart == "" && err != nil || c.errPart != "" && (err == nil || !strings.Contains(err.Error(), c.errPart)) {
			t.Errorf("%v: %v, want %q", c.args, err, c.errPart)
		}
	}
}

// An empty -transitions or -placement is the flag not given, as in
// cmd/bench: "-transitions sparse -placement \"\"" was refused as a
// contradiction, and "-placement \"\"" alone as an unknown value.
func TestTransitionsEmptyIsNotGiven(t *testing.T) {
	for _, c := range []struct {
		args []string
		want maps.Transitions
	}{
		{[]string{"-transitions", "sparse", "-placement", ""}, "sparse"},
		{[]string{"-placement", "", "-transitions", "dense"}, "dense"},
		{[]string{"-placement", ""}, ""},
		{[]string{"-transitions", ""}, ""},
		{[]string{"-transitions", "dense", "-transitions", ""}, ""}, // the last value, as bench reads it
	} {
		f, err := Parse(c.args, &bytes.Buffer{})
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if f.Settings != (maps.Settings{Transitions: c.want}) {
			t.Errorf("%q: settings %+v, want transitions %q and nothing else", c.args, f.Settings, c.want)
		}
	}
}

// Regression (a lecturer's report): -h described -heuristic as "A*'s
// heuristic", though greedy and the group hierarchy's cell searches read
// it too (Settings.Uses), and printed -level's default twice, "(default 1,
// or …)" in its text and the flag package's "(default 1)" after it. Each
// flag's usage names a default once, and -heuristic names what reads it.
func TestHelpUsageLines(t *testing.T) {
	var out bytes.Buffer
	if _, err := Parse([]string{"-h"}, &out); err == nil {
		t.Fatal("-h: no ErrHelp")
	}
	blocks := map[string]string{}
	name := ""
	for _, l := range strings.Split(out.String(), "\n") {
		if f, ok := strings.CutPrefix(l, "  -"); ok {
			name, _, _ = strings.Cut(f, " ")
		}
		if name != "" {
			blocks[name] += l + "\n"
		}
	}
	if len(blocks) < 20 {
		t.Fatalf("%d flags in -h:\n%s", len(blocks), out.String())
	}
	for n, b := range blocks {
		if c := strings.Count(b, "(default"); c > 1 {
			t.Errorf("-%s gives its default %d times:\n%s", n, c, b)
		}
	}
	h := blocks["heuristic"]
	for _, want := range []string{"A*", "greedy", "group hierarchy", "Dijkstra and HPA* do not read it"} {
		if !strings.Contains(h, want) {
			t.Errorf("-heuristic's usage does not say %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "A*'s heuristic") {
		t.Errorf("-heuristic's usage still calls it A*'s alone:\n%s", h)
	}
}

// A -shotdir that is not a writable folder was found only at the first
// F12 (a new user's report), with the screenshot's temporary name in the
// message: it is refused at start, naming the flag.
func TestShotDirCheckedAtStart(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "plain")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), file} {
		f, err := Parse([]string{"-shotdir", bad}, io.Discard)
		if err == nil {
			err = f.Check()
		}
		if err == nil || !strings.Contains(err.Error(), "-shotdir "+bad) {
			t.Errorf("-shotdir %s: %v, want it refused naming the flag", bad, err)
		}
	}
	f, err := Parse([]string{"-shotdir", dir}, io.Discard)
	if err == nil {
		err = f.Check()
	}
	if err != nil {
		t.Errorf("-shotdir %s (a writable folder): %v", dir, err)
	}
}

// -gif takes a .gif in a writable folder, and not beside the flags that
// make another picture or run the timeline themselves; -gif-frames is
// bounded. Each refusal names the flag, with or without a display.
func TestGIFFlags(t *testing.T) {
	dir := t.TempDir()
	gif := filepath.Join(dir, "run.gif")
	for _, c := range []struct {
		args []string
		want string // "" for accepted
	}{
		{[]string{"-gif", gif}, ""},
		{[]string{"-gif", gif, "-gif-frames", "2"}, ""},
		{[]string{"-gif-frames", "300"}, ""}, // Shift+F12's frames
		{[]string{"-gif", filepath.Join(dir, "run.png")}, "want a .gif file"},
		{[]string{"-gif", filepath.Join(dir, "missing", "run.gif")}, "-gif " + filepath.Join(dir, "missing", "run.gif")},
		{[]string{"-gif", gif, "-shot", filepath.Join(dir, "a.png")}, "-gif with -shot"},
		{[]string{"-gif", gif, "-cursor", "0.5"}, "-gif with -cursor"},
		{[]string{"-gif", gif, "-play"}, "-gif with -play"},
		{[]string{"-gif", gif, "-profile", "10"}, "-gif with -profile"},
		{[]string{"-gif", gif, "-export", filepath.Join(dir, "a.map")}, "-gif with -export"},
		{[]string{"-gif-frames", "1"}, "-gif-frames 1: want 2 to 2000"},
		{[]string{"-gif-frames", "2001"}, "-gif-frames 2001"},
	} {
		f, err := Parse(c.args, io.Discard)
		if err == nil {
			err = f.Check()
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v, want it accepted", c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want it refused naming %q", c.args, err, c.want)
		}
	}
}
