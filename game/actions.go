package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// The actions of the app.
const (
	ActFit Action = iota
	ActZoomIn
	ActZoomOut
	ActPanel
	ActHelp
	ActGallery
	ActScreenshot
	ActViewLevel
	ActEscape
	ActQuit
	ActLegend
	ActRepairShow
	ActUIBigger
	ActUISmaller
	ActUIReset

	ActNextQuery
	ActPrevQuery
	ActRemoveQuery
	ActGoto
	ActBatch
	ActWorst
	ActWorstBack

	ActToolQuery
	ActToolPaint
	ActToolInspect
	ActToolAgents
	ActToolRooms
	ActSpawn
	ActAgentsRun
	ActAgentsStep
	ActRemoveAgents
	ActBrush
	ActBrushBigger
	ActBrushSmaller
	ActPaintMode

	ActAlgoAStar
	ActAlgoDijkstra
	ActAlgoGreedy
	ActAlgoHPA
	ActAlgoGroup
	ActHeuristic
	ActCost
	ActExclusion
	ActTarget
	ActClusterUp
	ActClusterDown
	ActLevelsUp
	ActLevelsDown
	ActNeighborhood
	ActSmooth
	ActShortcut
	ActTransitions
	ActAgentRefine

	ActPlay
	ActStepFwd
	ActStepBack
	ActStepFwdBig
	ActStepBackBig
	ActSeekStart
	ActSeekEnd
	ActNextPhase
	ActPrevPhase
	ActNextStage
	ActPrevStage
	ActFaster
	ActSlower
	ActAgentsFaster
	ActAgentsSlower

	ActUndo
	ActRedo
	ActSave
	ActSaveAs
	ActOpen
	ActEdgesAll
	ActDropGhost
	ActRecord

	// ActLayer0 + l toggles layer l.
	ActLayer0
)

func keys(k ...ebiten.Key) []ebiten.Key { return k }

// actionTable is the single key table: Input reads it, and the help screen
// and legend are generated from it. Mouse gestures are listed in mouseHelp.
var actionTable = []Binding{
	{Action: ActFit, Group: "View", Keys: keys(ebiten.KeyF), Help: "fit the map to the window"},
	{Action: ActZoomIn, Group: "View", Keys: keys(ebiten.KeyEqual, ebiten.KeyNumpadAdd), Help: "zoom in (about the window centre)"},
	{Action: ActZoomOut, Group: "View", Keys: keys(ebiten.KeyMinus, ebiten.KeyNumpadSubtract), Help: "zoom out"},
	{Action: ActUIBigger, Group: "View", Keys: keys(ebiten.KeyEqual), Mods: ModCtrl, Help: "larger text, panel and bars (for a projector)"},
	{Action: ActUISmaller, Group: "View", Keys: keys(ebiten.KeyMinus), Mods: ModCtrl, Help: "smaller text, panel and bars"},
	{Action: ActUIReset, Group: "View", Keys: keys(ebiten.Key0), Mods: ModCtrl, Help: "text, panel and bars at 100%"},
	{Action: ActViewLevel, Group: "View", Keys: keys(ebiten.KeyL), Help: "next abstract level of borders, groups, nodes, edges (a step in an abstract phase shows its level)"},
	{Action: ActPanel, Group: "View", Keys: keys(ebiten.KeyTab), Help: "show or hide the side panel"},
	{Action: ActLegend, Group: "View", Keys: keys(ebiten.KeyK), Help: "show or hide the layer legend"},
	{Action: ActRepairShow, Group: "View", Keys: keys(ebiten.KeyR), Mods: ModShift, Help: "show the last repair again, held (again: let it fade)"},
	{Action: ActHelp, Group: "View", Keys: keys(ebiten.KeyF1, ebiten.KeySlash), Help: "show or hide this help"},
	{Action: ActOpen, Group: "View", Keys: keys(ebiten.KeyO), Mods: ModCtrl, Help: "open a file by its path"},
	{Action: ActGallery, Group: "View", Keys: keys(ebiten.KeyF2), Help: "gallery of built-in scenarios"},
	{Action: ActScreenshot, Group: "View", Keys: keys(ebiten.KeyF12), Help: "PNG screenshot"},
	{Action: ActRecord, Group: "View", Keys: keys(ebiten.KeyF12), Mods: ModShift, Help: "timeline GIF", Fold: true},
	{Action: ActEscape, Group: "View", Keys: keys(ebiten.KeyEscape), Help: "close help, gallery, question; drop a new start; unpin; unselect agents; stop a batch; hide the note"},
	{Action: ActQuit, Group: "View", Keys: keys(ebiten.KeyQ), Mods: ModCtrl, Help: "quit (asks first if anything is unsaved)"},

	{Action: ActNextQuery, Group: "Tools", Keys: keys(ebiten.KeyF3), Help: "next query"},
	{Action: ActPrevQuery, Group: "Tools", Keys: keys(ebiten.KeyF3), Mods: ModShift, Help: "back", Fold: true},
	// Delete alone removes the selected agents; Ctrl+ takes the query on
	// screen off the session's list (Backspace for keyboards without a
	// forward Delete). Shift+Delete is cut on many systems, and a
	// permanent delete in file managers: this one Ctrl+Z takes back.
	{Action: ActRemoveQuery, Group: "Tools", Keys: keys(ebiten.KeyDelete), Mods: ModCtrl, Help: "remove", Fold: true},
	{Action: ActGoto, Group: "Tools", Keys: keys(ebiten.KeyG), Mods: ModCtrl, Help: "go to a query number, a cell X,Y, or X,Y X,Y"},
	{Action: ActBatch, Group: "Tools", Keys: keys(ebiten.KeyB), Mods: ModCtrl, Help: "run the whole list against A* (again: cancel)"},
	{Action: ActWorst, Group: "Tools", Keys: keys(ebiten.KeyF4), Help: "the batch's next worst row"},
	{Action: ActWorstBack, Group: "Tools", Keys: keys(ebiten.KeyF4), Mods: ModShift, Help: "back", Fold: true},
	{Action: ActToolQuery, Group: "Tools", Keys: keys(ebiten.KeyQ), Help: "query tool: click start then goal; drag S or G"},
	{Action: ActToolPaint, Group: "Tools", Keys: keys(ebiten.KeyD), Help: "paint tool: drag to dig or fill"},
	{Action: ActToolRooms, Group: "Tools", Keys: keys(ebiten.KeyR), Mods: ModCtrl, Help: "room tool", Fold: true},
	{Action: ActToolInspect, Group: "Tools", Keys: keys(ebiten.KeyI), Help: "inspect tool: click pins a cell in the inspector"},
	{Action: ActToolAgents, Group: "Tools", Keys: keys(ebiten.KeyT), Help: "agent tool: spawn, select, send (Shift: as a group)"},
	{Action: ActSpawn, Group: "Tools", Keys: keys(ebiten.KeyJ), Help: "spawn an agent at the mouse"},
	{Action: ActAgentsStep, Group: "Tools", Keys: keys(ebiten.KeyU), Mods: ModCtrl, Help: "step agents", Fold: true},
	{Action: ActAgentsRun, Group: "Tools", Keys: keys(ebiten.KeyU), Help: "run / pause agents"},
	{Action: ActAgentsFaster, Group: "Tools", Keys: keys(ebiten.KeyArrowUp), Mods: ModShift, Help: "faster", Fold: true},
	{Action: ActAgentsSlower, Group: "Tools", Keys: keys(ebiten.KeyArrowDown), Mods: ModShift, Help: "slower", Fold: true},
	{Action: ActRemoveAgents, Group: "Edit", Keys: keys(ebiten.KeyDelete, ebiten.KeyBackspace), Help: "remove the selected agents"},
	{Action: ActBrush, Group: "Tools", Keys: keys(ebiten.KeyW), Mods: ModShift, Help: "next brush weight (2..9) for Shift+paint"},
	{Action: ActBrushBigger, Group: "Tools", Keys: keys(ebiten.KeyBracketRight), Mods: ModCtrl, Help: "brush 1, 3, 5, 9 cells wide"},
	{Action: ActBrushSmaller, Group: "Tools", Keys: keys(ebiten.KeyBracketLeft), Mods: ModCtrl, Help: "narrower", Fold: true},
	{Action: ActPaintMode, Group: "Tools", Keys: keys(ebiten.KeyD), Mods: ModShift, Help: "paint: first cell decides, dig only, fill only"},

	{Action: ActAlgoAStar, Group: "Switches", Keys: keys(ebiten.Key1), Help: "algorithm: A*"},
	// The ghost the switches keep (the answer before: grey path, dotted
	// frontier) stayed through every phase of the next plan until another
	// query (a teacher's report). Folded into the algorithms' first row, as
	// the help fills a 1280×800 window (TestHelpScreenShowsEveryRowWhole).
	{Action: ActDropGhost, Group: "Switches", Keys: keys(ebiten.KeyO), Mods: ModShift, Help: "drop the grey ghost", Fold: true},
	{Action: ActAlgoDijkstra, Group: "Switches", Keys: keys(ebiten.Key2), Help: "algorithm: Dijkstra"},
	{Action: ActAlgoGreedy, Group: "Switches", Keys: keys(ebiten.Key3), Help: "algorithm: greedy best-first"},
	{Action: ActAlgoHPA, Group: "Switches", Keys: keys(ebiten.Key4), Help: "algorithm: HPA*"},
	{Action: ActAlgoGroup, Group: "Switches", Keys: keys(ebiten.Key5), Help: "algorithm: group hierarchy"},
	{Action: ActHeuristic, Group: "Switches", Keys: keys(ebiten.KeyH), Help: "heuristic (A*, greedy, group hierarchy): octile, Euclidean, Manhattan, Chebyshev, zero, cluster"},
	{Action: ActCost, Group: "Switches", Keys: keys(ebiten.KeyM), Help: "group hierarchy: cost minimum, maximin or avgmin"},
	{Action: ActExclusion, Group: "Switches", Keys: keys(ebiten.KeyX), Help: "group hierarchy: exclusion mode on / off"},
	{Action: ActTarget, Group: "Switches", Keys: keys(ebiten.KeyM), Mods: ModShift, Help: "group hierarchy: refine to representative or nearest"},
	{Action: ActClusterUp, Group: "Switches", Keys: keys(ebiten.KeyBracketRight), Help: "larger clusters (HPA*, group hierarchy)"},
	{Action: ActClusterDown, Group: "Switches", Keys: keys(ebiten.KeyBracketLeft), Help: "smaller", Fold: true},
	{Action: ActLevelsUp, Group: "Switches", Keys: keys(ebiten.KeyBracketRight), Mods: ModShift, Help: "more levels (HPA*, group hierarchy)"},
	{Action: ActLevelsDown, Group: "Switches", Keys: keys(ebiten.KeyBracketLeft), Mods: ModShift, Help: "fewer", Fold: true},
	{Action: ActNeighborhood, Group: "Switches", Keys: keys(ebiten.Key8), Help: "8- or 4-connected moves"},
	{Action: ActSmooth, Group: "Switches", Keys: keys(ebiten.KeyZ), Help: "HPA* smoothing on / off"},
	{Action: ActShortcut, Group: "Switches", Keys: keys(ebiten.KeyZ), Mods: ModShift, Help: "HPA* short queries: bounded A* or the hierarchy"},
	{Action: ActTransitions, Group: "Switches", Keys: keys(ebiten.KeyN), Mods: ModShift, Help: "HPA* transitions: paper's rule or every pair"},
	{Action: ActAgentRefine, Group: "Switches", Keys: keys(ebiten.KeyU), Mods: ModShift, Help: "agents' HPA* plans: whole route or next segment"},

	{Action: ActPlay, Group: "Playback", Keys: keys(ebiten.KeySpace), Help: "play / pause the query's timeline"},
	{Action: ActStepFwd, Group: "Playback", Keys: keys(ebiten.KeyArrowRight), Help: "one event forward (hold to repeat)"},
	{Action: ActStepBack, Group: "Playback", Keys: keys(ebiten.KeyArrowLeft), Help: "one event back (hold to repeat)"},
	{Action: ActStepFwdBig, Group: "Playback", Keys: keys(ebiten.KeyArrowRight), Mods: ModShift, Help: "100 events forward"},
	{Action: ActStepBackBig, Group: "Playback", Keys: keys(ebiten.KeyArrowLeft), Mods: ModShift, Help: "100 events back"},
	{Action: ActNextPhase, Group: "Playback", Keys: keys(ebiten.KeyPeriod, ebiten.KeyPageDown), Help: "the rest of this phase (again: the next one whole)"},
	{Action: ActPrevPhase, Group: "Playback", Keys: keys(ebiten.KeyComma, ebiten.KeyPageUp), Help: "back to the end of the phase before"},
	{Action: ActNextStage, Group: "Playback", Keys: keys(ebiten.KeyPeriod), Mods: ModShift, Help: "the rest of this stage: insert, abstract, refine, smooth (again: the next one whole)"},
	{Action: ActPrevStage, Group: "Playback", Keys: keys(ebiten.KeyComma), Mods: ModShift, Help: "back to the end of the stage before"},
	{Action: ActSeekStart, Group: "Playback", Keys: keys(ebiten.KeyHome), Help: "jump to the start"},
	{Action: ActSeekEnd, Group: "Playback", Keys: keys(ebiten.KeyEnd), Help: "jump to the end"},
	{Action: ActFaster, Group: "Playback", Keys: keys(ebiten.KeyArrowUp), Help: "faster (up to 100,000 events/s)"},
	{Action: ActSlower, Group: "Playback", Keys: keys(ebiten.KeyArrowDown), Help: "slower (down to 1 event/s)"},

	{Action: ActUndo, Group: "Edit", Keys: keys(ebiten.KeyZ), Mods: ModCtrl, Help: "undo a stroke, an agent spawn, send or removal, or a query removed"},
	{Action: ActRedo, Group: "Edit", Keys: keys(ebiten.KeyY), Mods: ModCtrl, Help: "redo"},
	{Action: ActRedo, Group: "Edit", Keys: keys(ebiten.KeyZ), Mods: ModCtrl | ModShift, Help: "redo"},
	{Action: ActSave, Group: "Edit", Keys: keys(ebiten.KeyS), Mods: ModCtrl, Help: "save the session as a scenario (.pls)"},
	{Action: ActSaveAs, Group: "Edit", Keys: keys(ebiten.KeyS), Mods: ModCtrl | ModShift, Help: "save as or export " + strings.Join(world.MapExtensionList(), " ")},
}

// layerKeys binds each layer's toggle.
var layerKeys = [render.NumLayers]Binding{
	render.LayerWeights:    {Keys: keys(ebiten.KeyW)},
	render.LayerBorders:    {Keys: keys(ebiten.KeyB)},
	render.LayerRegions:    {Keys: keys(ebiten.KeyR)},
	render.LayerGroups:     {Keys: keys(ebiten.KeyG)},
	render.LayerNodes:      {Keys: keys(ebiten.KeyN)},
	render.LayerEdges:      {Keys: keys(ebiten.KeyE)},
	render.LayerComponents: {Keys: keys(ebiten.KeyC)},
	render.LayerSearch:     {Keys: keys(ebiten.KeyS)},
	render.LayerPlans:      {Keys: keys(ebiten.KeyP)},
	render.LayerSegments:   {Keys: keys(ebiten.KeyY)},
	render.LayerExcluded:   {Keys: keys(ebiten.KeyX), Mods: ModShift},
	render.LayerParents:    {Keys: keys(ebiten.KeyA)},
	render.LayerValues:     {Keys: keys(ebiten.KeyV)},
	render.LayerCompare:    {Keys: keys(ebiten.KeyO)},
}

func init() {
	for l := range layerKeys {
		b := layerKeys[l]
		b.Action = ActLayer0 + Action(l)
		b.Group = "Layers"
		b.Help = "layer: " + render.LayerInfo[l].Name
		actionTable = append(actionTable, b)
		if render.Layer(l) == render.LayerEdges {
			actionTable = append(actionTable, edgesAllBinding)
		}
	}
	keyLabels = make(map[Action]string, len(actionTable))
	for i := range actionTable {
		if _, ok := keyLabels[actionTable[i].Action]; !ok {
			keyLabels[actionTable[i].Action] = KeyText(&actionTable[i])
		}
	}
}

// edgesAllBinding switches the edges layer between the focus (the pinned
// or pointed cluster's edges bright, the rest faint) and every edge alike;
// it follows E's row in the help, folded into it in a word, as the help
// fills a 1280×800 window (TestHelpScreenShowsEveryRowWhole): the note it
// shows, the legend's row and docs/window.md say the rest.
var edgesAllBinding = Binding{Action: ActEdgesAll, Group: "Layers", Keys: keys(ebiten.KeyE), Mods: ModShift, Fold: true,
	Help: "all alike"}

// promptHelp describes the editing keys of the prompt line (Ctrl+O,
// Ctrl+G, Ctrl+Shift+S; prompt.go), which are not rebindable either.
var promptHelp = [][2]string{
	{"← → Home End Del", "edit (Ctrl+← →: by word; Ctrl+Z: undo)"},
	{"Ctrl+W / Ctrl+U", "cut the word / all before; ↑ ↓: history"},
}

// mouseHelp describes the mouse gestures (not rebindable).
var mouseHelp = [][2]string{
	{"wheel", "zoom about the cursor"},
	{"middle-drag", "pan (or Space + left-drag)"},
	{"left click", "the active tool (query: start, then goal)"},
	{"left-drag S/G", "move start or goal, replanning live"},
	{"right-drag", "paint in any tool: dig or fill"},
	{"Shift+right-drag", "paint open cells the Shift+W weight"},
	{"click a switch", "the panel's rows cycle their switch"},
	{"click the legend", "a row shows or hides its layer"},
	{"click timeline", "seek there (hover: the phase's name)"},
	{"drop a file", "open a map or scenario file; a Moving AI .scen adds its rows as queries (F3)"},
}

// helpSections builds the help screen from the key table.
func helpSections() []render.HelpSection {
	order := []string{"View", "Tools", "Switches", "Playback", "Edit", "Layers"}
	var out []render.HelpSection
	out = append(out, render.HelpSection{Title: "Mouse", Rows: mouseHelp})
	out = append(out, render.HelpSection{Title: "Prompt line", Rows: promptHelp})
	for _, grp := range order {
		sec := render.HelpSection{Title: grp}
		for i := range actionTable {
			b := &actionTable[i]
			if b.Group != grp {
				continue
			}
			if n := len(sec.Rows); b.Fold && n > 0 {
				last := &sec.Rows[n-1]
				last[1] += "; " + KeyText(b) + ": " + b.Help
				continue
			}
			sec.Rows = append(sec.Rows, [2]string{KeyText(b), b.Help})
		}
		out = append(out, sec)
	}
	return out
}

// keysOf returns the key text of the first binding of a.
func keysOf(a Action) string { return keyLabels[a] }

// keyLabels is keysOf's answer for every bound action, made once by init
// (after the layer bindings join the table): the panel asks for its switch
// rows' keys every frame.
var keyLabels map[Action]string

// KeysMarkdown returns the key table as Markdown (for the README): the
// same rows the help screen shows.
func KeysMarkdown() string {
	var b strings.Builder
	for _, sec := range helpSections() {
		fmt.Fprintf(&b, "\n**%s**\n\n| keys | action |\n| --- | --- |\n", sec.Title)
		for _, r := range sec.Rows {
			fmt.Fprintf(&b, "| `%s` | %s |\n", strings.ReplaceAll(r[0], "|", "\\|"), r[1])
		}
	}
	b.WriteString("\n**Colours**\n\n| colours | meaning |\n| --- | --- |\n")
	for _, r := range render.ColourKey() {
		fmt.Fprintf(&b, "| %s | %s |\n", r[0], r[1])
	}
	return b.String()
}
