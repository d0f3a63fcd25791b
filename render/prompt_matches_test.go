package render

import (
	"strings"
	"testing"
)

// A reviewer's finding: when the last line gives names back to make room for "… and N
// more", it cuts at the last two spaces of the line, which may be inside a
// quoted name holding two spaces ("b  c"): half a name is left shown.
func TestMatchLinesGiveBackWholeQuotedNames(t *testing.T) {
	ft := New().fonts
	names := []string{"aaaa", "b  c", strings.Repeat("d", 40), "eeee"}
	full := `aaaa  "b  c"`
	width := ft.Width(ft.UI, full+"  … and 2 more") - 1
	lines := matchLines(ft, names, width, 1)
	if len(lines) != 1 {
		t.Fatalf("lines %q", lines)
	}
	l := lines[0]
	head := strings.TrimSpace(strings.Split(l, "…")[0])
	if strings.Count(head, `"`)%2 != 0 {
		t.Errorf("last line %q shows half a quoted name", l)
	}
}
