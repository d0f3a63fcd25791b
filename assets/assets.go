// Package assets embeds the built-in worlds of pathlens as scenario files:
// the default world the app opens with, and the gallery of pathological
// cases. It has no dependencies; game/world parses the files.
package assets

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed worlds/*.pls scenarios/*.pls
var files embed.FS

// DefaultName is the built-in world the app opens when given no file.
const DefaultName = "world"

// Prefix marks a built-in name on the command line: "builtin:world".
const Prefix = "builtin:"

// Names lists the built-in scenarios, the default world first, then the
// gallery in alphabetical order.
func Names() []string {
	var names []string
	for _, dir := range []string{"worlds", "scenarios"} {
		ents, err := fs.ReadDir(files, dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n, ok := strings.CutSuffix(e.Name(), ".pls"); ok && n != DefaultName {
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return append([]string{DefaultName}, names...)
}

// File returns the scenario text of built-in name (with or without the
// "builtin:" prefix) and whether it exists. The slice is shared: do not
// modify it.
func File(name string) ([]byte, bool) {
	name = strings.TrimPrefix(name, Prefix)
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, false
	}
	for _, dir := range []string{"worlds", "scenarios"} {
		if b, err := files.ReadFile(path.Join(dir, name+".pls")); err == nil {
			return b, true
		}
	}
	return nil, false
}
