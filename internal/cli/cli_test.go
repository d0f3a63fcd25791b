package cli

import (
	"bytes"
	"strings"
	"testing"
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
		{[]string{"-level", "0"}, 2, "", "-level 0: want 1 to 8"},
		{[]string{"-zoom", "-3"}, 2, "", "-zoom -3: want pixels per cell"},
		{[]string{"-zoom", "NaN"}, 2, "", "-zoom NaN"},
		{[]string{"-profile", "-5"}, 2, "", "-profile -5: want a number of frames"},
		{[]string{"-map", "x.map"}, 2, "", "xvfb-run -a pathlens"},
	}
	for _, c := range cases {
		var out, errs bytes.Buffer
		code := Headless(c.args, &out, &errs)
		if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(errs.String(), c.errs) {
			t.Errorf("Headless(%q) = %d, stdout %.80q, stderr %.200q; want %d, %q, %q", c.args, code, out.String(), errs.String(), c.code, c.out, c.errs)
		}
	}
}

func TestParse(t *testing.T) {
	f, err := Parse([]string{"-map", "a.map", "-zoom", "12", "-level", "2", "-play", "extra"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Map != "a.map" || f.Zoom != 12 || f.Level != 2 || !f.Play || f.Size != "1280x800" || f.ShotDir != "." || len(f.Args) != 1 || f.Args[0] != "extra" {
		t.Errorf("Parse: %+v", f)
	}
}
