package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README's table of the group hierarchy's mean suboptimality is a
// summary of docs/groups.md's full table (both measured by this command);
// a tester found seven cells that had drifted apart after a re-measure.
// Every cell of the README's table must be the full table's figure.
func TestREADMEGroupsTableMatchesDocs(t *testing.T) {
	full, err := os.ReadFile("../../docs/groups.md")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (\S+)\.map \| (minimum|maximin|avgmin) \| (on|off) \| \d+ \| \d+ \| \d+ \| ([\d.]+%) \|`)
	mean := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(full), -1) {
		mean[m[1]+" "+m[2]+" "+m[3]] = m[4]
	}
	const head = "| map | minimum | maximin | avg. minimum | minimum + excl. | maximin + excl. | avg. min. + excl. |"
	r := string(readme)
	i := strings.Index(r, head)
	if i < 0 || len(mean) == 0 {
		t.Fatalf("table not found: README head %v, %d rows in docs/groups.md", i >= 0, len(mean))
	}
	cols := [][2]string{{"minimum", "off"}, {"maximin", "off"}, {"avgmin", "off"}, {"minimum", "on"}, {"maximin", "on"}, {"avgmin", "on"}}
	n := 0
	for _, line := range strings.Split(r[i:], "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 7 {
			t.Fatalf("README row %q: %d cells", line, len(cells))
		}
		for j, c := range cols {
			want, ok := mean[cells[0]+" "+c[0]+" "+c[1]]
			if !ok || cells[j+1] != want {
				t.Errorf("README %s, %s, exclusion %s: %s; docs/groups.md: %s", cells[0], c[0], c[1], cells[j+1], want)
			}
			n++
		}
	}
	if n < 6*8 {
		t.Errorf("only %d README cells checked", n)
	}
}
