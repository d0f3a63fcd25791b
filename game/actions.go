package game

import "github.com/hajimehoshi/ebiten/v2"

// The actions of the app. Mouse gestures are described in the help screen
// too (see mouseHelp) but are not rebindable.
const (
	ActFit Action = iota
	ActHelp
)

// actionTable is the single key table: Input reads it, and the help screen
// is generated from it.
var actionTable = []Binding{
	{Action: ActFit, Group: "View", Keys: []ebiten.Key{ebiten.KeyF}, Label: "fit", Help: "fit the map to the window"},
	{Action: ActHelp, Group: "View", Keys: []ebiten.Key{ebiten.KeyF1, ebiten.KeySlash}, Label: "help", Help: "show or hide this help"},
}
