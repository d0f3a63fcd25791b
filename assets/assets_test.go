package assets

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// cellLabel matches a name such as "C1" or "C6": a region letter with a
// number, the textbook's way of naming one cell of a region.
var cellLabel = regexp.MustCompile(`\b([A-Z])([0-9]+)\b`)

// TestAboutNamesOnlyWhatTheScreenShows: the panel shows a scenario's "about"
// text beside the map, and the regions layer labels each region with its
// letter, and nothing more. A name like "C1" (a cell of region C) is not
// drawn anywhere, so a reader of textbook-groups' about text could not find
// the cells "C1" and "C6" it talked about. Regression test for that text.
func TestAboutNamesOnlyWhatTheScreenShows(t *testing.T) {
	for _, name := range Names() {
		b, ok := File(name)
		if !ok {
			t.Fatalf("%s: listed but not found", name)
		}
		about, letters := aboutAndRegions(b)
		for _, m := range cellLabel.FindAllStringSubmatch(about, -1) {
			if strings.Contains(letters, m[1]) {
				t.Errorf("%s: the about text names %q, a cell of region %s that the window does not label: %q", name, m[0], m[1], about)
			}
		}
	}
}

// aboutAndRegions returns the about line of a scenario file and every
// region letter its regions blocks use.
func aboutAndRegions(b []byte) (about, letters string) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	in := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "about "):
			about = strings.TrimPrefix(line, "about ")
		case strings.HasPrefix(line, "regions "):
			in = true
		case line == "end":
			in = false
		case in:
			for _, c := range line {
				if c >= 'A' && c <= 'Z' && !strings.ContainsRune(letters, c) {
					letters += string(c)
				}
			}
		}
	}
	return about, letters
}

// Regression (a user test): pathological-minimum and exclusion-shortcut
// named their start and goal rooms S and G, the letters of the start and
// goal discs, so a region label "G" beside the goal disc "G" read as two
// goals. No gallery region may use the letters the endpoints are drawn
// with.
func TestRegionLettersAreNotTheEndpoints(t *testing.T) {
	for _, name := range Names() {
		b, ok := File(name)
		if !ok {
			t.Fatalf("%s: listed but not found", name)
		}
		_, letters := aboutAndRegions(b)
		for _, c := range "SG" {
			if strings.ContainsRune(letters, c) {
				t.Errorf("%s: a region is named %c, the letter of the start or goal disc (regions %s)", name, c, letters)
			}
		}
	}
}
