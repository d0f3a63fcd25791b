// Package assets embeds the built-in worlds of pathlens: the default world the
// app opens with, and (as the gallery grows) the scenario files of the
// pathological cases. It has no dependencies, so any package may read it.
package assets

import _ "embed"

//go:embed worlds/default.txt
var defaultWorld []byte

// DefaultWorldName is the name the default world is shown under.
const DefaultWorldName = "builtin:world"

// DefaultWorld returns the ASCII map of the default world (128×96: a building
// of rooms around a corridor, a forest and a meadow with trees, a river with
// bridges, a swamp, a walled keep, a U-shaped trap and a row of dungeon
// cells). The slice is shared: do not modify it.
func DefaultWorld() []byte { return defaultWorld }

// DefaultQuery is the query the default world opens with: from the west
// building's corridor to the far side of the U-shaped trap in the east, so
// the first frame shows rooms, the river crossing and a flooded concavity.
var DefaultQuery = [2][2]int{{23, 30}, {125, 65}}
