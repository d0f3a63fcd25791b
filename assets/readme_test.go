package assets

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// The README's gallery table gives each case the digit that opens it in
// the gallery (F2), which lists Names() in order. A teacher reading the
// table pressed 3 for the third row and got another case: the numbers are
// checked against Names(), and every case has its row.
func TestReadmeGalleryNumbers(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Skipf("no README beside the package: %v", err)
	}
	rows := regexp.MustCompile("(?m)^\\| ([0-9]+) `([a-z0-9-]+)` \\|").FindAllSubmatch(b, -1)
	names := Names()
	seen := map[string]bool{}
	for _, r := range rows {
		n, _ := strconv.Atoi(string(r[1]))
		name := string(r[2])
		if n < 1 || n > len(names) || names[n-1] != name {
			t.Errorf("README: %d `%s`, but the gallery's %d is %q (Names: %v)", n, name, n, names[min(max(n, 1), len(names))-1], names)
		}
		seen[name] = true
	}
	for _, n := range names {
		if !seen[n] {
			t.Errorf("README's gallery table has no numbered row for %q", n)
		}
	}
}
