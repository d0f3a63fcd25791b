package game

import (
	"os"
	"slices"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/internal/cli"
)

// From a teacher's report: F1 and -keys said "save as (or export: .map,
// .txt)", docs/window.md's key table ".map, .txt, .tmx", and save-as
// exports .ascii too. The help's row names every ending save-as exports
// (world.MapExtensions), and docs/window.md's key table is -keys' table,
// its colour key included.
func TestSaveAsHelpNamesEveryExport(t *testing.T) {
	var help string
	for _, b := range actionTable {
		if b.Action == ActSaveAs {
			help = b.Help
		}
	}
	if help == "" {
		t.Fatal("no save-as binding")
	}
	for ext := range world.MapExtensions {
		if !slices.Contains(strings.Fields(help), ext) {
			t.Errorf("the save-as help %q does not name %s", help, ext)
		}
	}
	doc, err := os.ReadFile("../docs/window.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "| `") {
				out = append(out, l)
			}
		}
		return out
	}
	// The colour key's rows (the help's Colours section) too.
	for _, l := range strings.Split(cli.KeysMarkdown, "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| `") && !strings.Contains(string(doc), l+"\n") {
			t.Errorf("docs/window.md lacks -keys' row %q", l)
		}
	}
	want, got := rows(cli.KeysMarkdown), rows(string(doc))
	if len(want) < 20 {
		t.Fatalf("the key table has %d rows", len(want))
	}
	for i := range max(len(want), len(got)) {
		w, g := "", ""
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			t.Errorf("docs/window.md's key table, row %d: %q, -keys says %q", i+1, g, w)
		}
	}
}
