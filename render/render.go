// Package render draws a pathlens session: the terrain, every overlay layer,
// the HUD, legend and help. It only reads the session (game/world) and the
// library's results (pathing); the only state it keeps is caches (the baked
// terrain image, tint images, the search-fill image) that it refreshes when
// the session's version counters change.
package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// Frame is everything one Draw call reads: the session and the view state
// the game keeps (camera, hovered cell, layers, overlays).
type Frame struct {
	World  *world.World
	Cam    *Camera
	Layout Layout

	Hover     image.Point
	HoverOK   bool // the mouse is over a cell of the map
	MouseX    float64
	MouseY    float64
	MouseOK   bool // the mouse is inside the window
	Inspect   *world.CellInfo
	Pinned    image.Point
	HasPinned bool

	Layers    LayerSet
	ViewLevel int // abstract level whose structure is drawn (1..)
	// TerrainWhole bakes all the terrain in view this frame, over the
	// frame's budget: a picture is taken of it (a -shot, F12, a
	// recording's frame).
	TerrainWhole bool
	// EdgesAll draws every abstract edge alike (Shift+E). Without it the
	// edges of the cluster (group) of the pinned cell, else of the cell
	// under the pointer, are drawn bright and the rest of the level faint
	// (edgeFocusAt); with no cell pinned or pointed at, all alike.
	EdgesAll bool

	// ScenOptimal is the Moving AI .scen file's optimal length for the
	// query shown (the app's -scen), 0 when there is none.
	ScenOptimal float64

	Tool     string // name of the active tool
	ToolHint string
	Brush    uint8 // weight painted with the modifier
	// BrushSize is the brush's width in cells: the paint tool's cursor
	// (and any tool's while a stroke is painted) outlines that square.
	BrushSize int
	PaintMode world.PaintMode // tints the brush's outline when forced

	Switches   []SwitchRow
	Legend     []LegendRow
	Help       []HelpSection
	ShowHelp   bool
	HelpScroll int // pixels the help screen is scrolled down (clamped to HelpView.MaxScroll)
	// PanelScroll is how many lines the panel's numbers and inspector are
	// scrolled when they do not fit under the switches (clamped to
	// Renderer.PanelMaxScroll).
	PanelScroll int
	// PanelFollow scrolls the panel's lower part, when it does not all
	// fit, from PanelScroll as far as it takes to show the whole open list:
	// the game asks for it while a search is being stepped and the wheel
	// has not moved the panel since.
	PanelFollow bool

	Gallery     []GalleryItem
	ShowGallery bool
	GallerySel  int
	// AboutRest names the key that shows the scenario's whole about text
	// (the gallery's, "F2", for a built-in case): the panel's about lines,
	// when cut, end saying so. "" (no place shows it whole) ends them "…".
	AboutRest string

	Confirm []string // a question shown over everything (unsaved edits)
	Prompt  *Prompt  // the open text entry (nil: none)

	// OverlaysLater leaves the message, gallery, help and question out of
	// Draw, for the caller to draw with DrawOverlays after what it adds to
	// the map (the agents), so they stay on top.
	OverlaysLater bool

	// CutsAge is how long (seconds) the session has been computing the
	// cut cells of the grid as it is (world.CutCellsPending), 0 when it
	// is not: from CutsNoteAfter the components layer and the inspector
	// say so.
	CutsAge float64

	FlashAge  float64 // seconds since the last repair (negative: none to show)
	FlashNote string  // a map note while the repair highlight is held ("": none)
	// NotesHidden is the map notes Esc put away (Renderer.MapNotesShown
	// as it was then): while the notes written are those, none is drawn.
	NotesHidden string
	MessageAge  float64 // seconds since the message appeared
	FrameTime   time.Duration
	Caption     string // extra text in the top bar (e.g. "dragging goal")
	// CaptionIsHint marks a Caption that is only the tool's standing hint:
	// with the panel hidden, the answer's figures take its place.
	CaptionIsHint bool
	// SmallNote is the note drawn in place of everything on a screen too
	// small for the layout (Layout.TooSmall), in the window's own terms
	// (its size and the UI scale, and the keys that help); "" says it in
	// the screen's pixels.
	SmallNote string
	// Recording says the frame is one of a timeline recording (Shift+F12,
	// -gif): the recorder moves the cursor, so the status line leaves out
	// the playback's state and speed ("paused … speed 200 ev/s" in every
	// frame of a slide), and the top bar the tool and its standing hint.
	Recording bool
}

// SwitchRow is one clickable row of the switch panel.
type SwitchRow struct {
	Label, Value, Keys string
	Dim                bool // not relevant to the current algorithm
}

// LegendRow is one layer in the legend.
type LegendRow struct {
	Layer Layer
	Keys  string
	On    bool
}

// HelpSection is one group of the help screen.
type HelpSection struct {
	Title string
	Rows  [][2]string // keys, what they do
}

// GalleryItem is one entry of the gallery.
type GalleryItem struct {
	Name, About, Keys string
}

// Renderer draws frames. It owns the caches; make one per window.
type Renderer struct {
	fonts *Fonts

	searchNodes []searchNode        // drawAbstractSearch's, reused every frame
	levelBuf    []world.LevelSearch // valueState's, reused per cell
	// The open list the panel shows, for a timeline version of a world.
	ol        world.OpenList
	olOK      bool
	olValid   bool
	olVersion uint64
	olWorld   *world.World

	// The legend's footer (idleFooter) for footKey.
	foot    string
	footKey footKey
	footOK  bool

	terrain terrainLayer
	groups  groupLayer
	comps   tintCache
	// aa is whether this frame's shapes are antialiased (antialiasOn the
	// screen), set by each entry point that is given the screen.
	aa bool
	// compTints is the components layer's premultiplied tint per
	// component (its four bytes read as little-endian), reused from bake
	// to bake.
	compTints []uint32
	// ghostFill is the outline of the ghost's expanded cells (drawGhost).
	ghostFill tileLayer
	ghostDots [][2]float32 // the ghost's frontier dots drawn this frame (drawGhostDots), reused
	regions   tintCache
	regionPx  [256]uint32      // drawRegions' premultiplied tint of each letter (0: none)
	labels    []regionLabel    // region letters' cells (drawRegionLabels) for labelKey
	valFace   *text.GoTextFace // g / h / f numbers' face at the last zoom (valueFace)
	smallChip *text.GoTextFace // the region letters' smaller chips' face (chipFace)
	labelKey  labelsKey
	planMarks map[image.Point]int // the plans' nodes and their level (markPlanCells)
	chipCells []image.Point       // a region's cells near its letter (regionCellsNear), reused
	chips     []image.Rectangle   // the region letters' chips drawn this frame
	exclude   tintCache
	fill      tileLayer
	flash     tintCache
	levelIx   levelIndex
	// wholeLevels lists every level whole for the index, as before
	// world.InspectArea (tests compare the drawings).
	wholeLevels bool
	// shapes, when set, gets every node, entrance bar and edge line the
	// structure layers draw, in order (tests: two drawings compared).
	shapes *[]shape

	// labelPlaces say how each of labels was placed (placeRegionLabels).
	labelPlaces []labelPlace

	planGen   uint64         // timeline generation planFound was computed for
	planTrace *pathing.Trace // and its trace
	planFound []int          // per level: the timeline position from which its plan is found
	// fillDiscs' buffers: the plan's node centres, their vertices and indices.
	planDiscs   [][2]float32
	discVs      []ebiten.Vertex
	discIs      []uint16
	edgeTip     edgeTip          // the hovered edge's tooltip, for DrawOverlays
	regionSegs  []regionSeg      // drawRegionBorders' lines of a frame, reused
	farBorders  farRegionBorders // drawFarRegionBorders' runs of the layer
	bandKey     regionKey        // the layer bandCols were taken from
	bandCols    [256]color.Color // regionSideBands' colour of each letter, premultiplied
	strokeQuads quadBatch        // strokeCells' pieces
	// addSquare's queue and the image flushSquares draws it on when full.
	sqVs  []ebiten.Vertex
	sqIs  []uint16
	sqDst *ebiten.Image
	// wallLines is wallRuns' cache: the runs of each cluster side's lines
	// that lie between two walls, for one grid at one version.
	wallLines wallRunCache
	// groupsPending: the last frame's groups layer was not drawn, its
	// tints being baked or uploaded (GroupsPending); groupsUploading:
	// uploaded, a strip a frame (GroupsUploading).
	groupsPending, groupsUploading bool
	segFound                       []bool // drawPath's per-frame segmentsFound answer (reused)

	helpKey  helpKey // the window and sections helpView was laid out for
	helpView HelpView

	panelMax   int // the last line the panel's lower part can start at (drawPanel)
	panelShown PanelView
	topShown   string // the top bar's text, as last drawn (TopBarShown)
	// The gallery's entries drawn filled as the selection, and outlined as
	// under the pointer, in the last frame (tests).
	galleryLit, galleryOutlined []int
	panelTops                   []float64 // panelView's measured line tops (reused)
	panelConts                  []float64 // and the tops of lines that continue a row (reused)
	panelStarts                 []float64 // and the rows' tops: where the view may start (reused)
	panelW                      int       // the panel's width in the last drawPanel (0: none yet)
	narrowFor                   int       // the panel width narrow was computed for (narrowPanel)
	narrow                      bool
	legendRect                  image.Rectangle // where the legend was drawn this frame (empty: not drawn)
	legendPrev                  image.Rectangle // and in the frame before (legendBox keeps its corner while stepping)
	legendStepped               bool            // the frame before was stepping a query (steppingFill), or its finish after it
	legendGen                   uint64          // the timeline's generation in the frame before
	legendKeep                  bool            // this frame is the finish of a stepped query: legendBox keeps its corner
	msgRect                     image.Rectangle // where the message was drawn this frame (empty: none)
	promptRect                  image.Rectangle // where the prompt was drawn this frame (empty: none)
	msgPlace                    msgPlace        // the message's place and lines as last computed (messagePlace)
	msgGhost                    msgGhost        // the ghost's frontier on screen for placing the message and notes (ghostFrontier)
	msgSel                      []int           // the selected agents' ids (messagePlace), reused
	legendRows                  []legendHit     // its rows, for clicks (LegendAt)
	legendKeys                  []legendKey     // the colour squares in its rows' names (drawKeyedName)
	legendNamed                 bool            // the legend drawn this frame shows rows with names (not the line of keys)
	compactRows                 []LegendRow     // the compact legend's rows (drawLegendCompact), reused
	compactRoomRows             []LegendRow     // and the fit's (LegendLineRoom), reused
	compactCols                 []legendCompactCol
	agentsRect                  image.Rectangle   // where the agents' panel was drawn this frame (empty: not drawn)
	noteRect                    image.Rectangle   // the map notes drawn this frame (the message and the agents' panel keep off them)
	tipText                     string            // the timeline scrubber's tip this frame ("": none), drawn with the overlays
	tipLines                    []string          // and its lines, wrapped to the scrubber's width
	tipRect                     image.Rectangle   // and its box
	noteBoxes                   []mapNoteBox      // those notes, drawn last
	notes                       []string          // their texts (a note is drawn once a frame)
	noteLast                    image.Rectangle   // where the notes' block went in the frame before (placeMapNotes)
	noteLastText                string            // and its notes
	noteMarks                   []image.Rectangle // placeMapNotes' marks, reused
	msgMarks                    []image.Rectangle // messagePlace's marks, reused

	// The panel's about text as last wrapped (FitPanel, drawPanel).
	aboutText    string
	aboutWidth   float64
	aboutWrapped []string
	aboutGrid    aboutKey // grid state aboutSize was computed for
	aboutSize    string   // "W×H, N open cells" for maps without an about text

	fillCursor int // timeline cursor the fill image shows
	// regionTintsDrawn and fillDrawn say whether drawRegions and drawFill
	// drew their images this frame; tintsOverFill is the regions' tints
	// kept where the fill is (drawRegionTintsOverFill), one pixel a cell.
	regionTintsDrawn, fillDrawn bool
	tintsOverFill               *ebiten.Image
	chain                       []image.Point
	chainDrawn                  bool                     // drawParentChain drew chain this frame
	chainSet                    map[image.Point]struct{} // its cells in view (drawValues)
	valueCards                  []image.Rectangle        // the cards drawValues put under numbers this frame
	valueBoxes                  []image.Rectangle        // the screen boxes of the numbers drawValues wrote this frame
	coverRects                  []image.Rectangle        // drawn this frame before the numbers, which go over them on a card: the region letters' chips (and, after the numbers, the start and goal discs)
	markRects                   []image.Rectangle        // the start and goal discs and the agents' bodies this frame (markerRects): no numbers under them
	planCells                   []image.Point            // the plans' nodes in view (drawValues), reused
	discs                       []image.Rectangle        // DrawAgents' agent discs this frame, reused
	markViews                   []agents.AgentView       // markerRects' agents, reused
	nodesDrawn                  int                      // abstract nodes drawNodes drew this frame (squares or dots)
	barsDrawn                   int                      // entrance bars drawNodes drew this frame
	edgesDrawn                  int                      // abstract edges drawEdges drew this frame (bright or faint)
	edgesLit                    int                      // and of them, the focus's, drawn bright
	// edgeFocus is the cluster or group whose edges drawEdges drew bright
	// this frame, when edgeFocused (the legend names it).
	edgeFocus   edgeFocus
	edgeFocused bool
	edgeQuads   quadBatch // edgeLine's queue, drawn by flushEdges

	smallShown string // the too-small note drawn in the last frame (drawTooSmall), "" for none

	white *ebiten.Image
}

// New returns a Renderer with its fonts loaded.
func New() *Renderer {
	r := &Renderer{fonts: LoadFonts()}
	r.white = ebiten.NewImage(3, 3)
	r.white.Fill(color.White)
	return r
}

// Fonts returns the renderer's fonts.
func (r *Renderer) Fonts() *Fonts { return r.fonts }

// Draw draws f onto screen.
func (r *Renderer) Draw(screen *ebiten.Image, f *Frame) {
	r.aa = antialiasOn(screen)
	screen.Fill(ColBackground)
	r.smallShown = ""
	if f.Layout.TooSmall {
		r.drawTooSmall(screen, f)
		return
	}
	w := f.World
	if w == nil || w.Grid == nil {
		return
	}
	r.noteRect = image.Rectangle{}
	r.tipText, r.tipRect, r.tipLines = "", image.Rectangle{}, r.tipLines[:0]
	r.edgeTip = edgeTip{}
	r.notes = r.notes[:0]
	r.noteBoxes = r.noteBoxes[:0]
	r.agentsRect = image.Rectangle{} // DrawAgents sets it again after Draw
	r.promptRect = image.Rectangle{} // drawPrompt sets it, after the agents' panel
	mapView := screen.SubImage(f.Layout.Map).(*ebiten.Image)
	r.drawMap(mapView, f)
	r.drawHUD(screen, f)
}

// drawMap draws the terrain and every enabled layer, clipped to the map
// area.
func (r *Renderer) drawMap(dst *ebiten.Image, f *Frame) {
	L := f.Layers
	r.chainDrawn = false
	r.valueCards = r.valueCards[:0]
	r.valueBoxes = r.valueBoxes[:0]
	r.coverRects = r.coverRects[:0]
	r.chips = r.chips[:0]
	r.nodesDrawn, r.barsDrawn, r.edgesDrawn, r.edgesLit = 0, 0, 0, 0
	r.edgeFocused = false
	r.groupsPending, r.groupsUploading = false, false
	r.drawTerrain(dst, f)
	if L.Has(LayerComponents) {
		r.drawComponents(dst, f)
	}
	if L.Has(LayerGroups) {
		r.drawGroups(dst, f)
	}
	r.regionTintsDrawn, r.fillDrawn = false, false
	if L.Has(LayerRegions) {
		r.drawRegions(dst, f)
	}
	if L.Has(LayerExcluded) {
		r.drawExcluded(dst, f)
	}
	if L.Has(LayerSearch) {
		r.drawFill(dst, f)
	}
	if L.Has(LayerRegions) {
		r.drawRegionTintsOverFill(dst, f) // the rooms keep their tints where the search was
		r.drawRegionEdges(dst, f)         // over the fill: the rooms stay apart
	}
	r.drawGridLines(dst, f)
	if L.Has(LayerBorders) {
		r.drawBorders(dst, f)
	}
	r.drawFlash(dst, f)
	if L.Has(LayerEdges) {
		r.drawEdges(dst, f)
	}
	if L.Has(LayerNodes) {
		r.drawNodes(dst, f)
	}
	if (L.Has(LayerGroups) || L.Has(LayerNodes) || L.Has(LayerEdges)) && f.World.Hierarchy() != nil && strokeHoldsRepair(f.World) {
		r.mapNote(dst, f, StaleStructureNote)
	}
	if L.Has(LayerParents) {
		r.drawParents(dst, f)
	}
	if L.Has(LayerSearch) {
		r.drawAbstractSearch(dst, f)
	}
	r.drawLastEdit(dst, f)
	if L.Has(LayerCompare) {
		r.drawCompare(dst, f)
	}
	r.drawGhost(dst, f)
	if L.Has(LayerPlans) {
		r.drawPlans(dst, f)
	}
	r.drawPath(dst, f, L.Has(LayerSegments))
	if L.Has(LayerSearch) {
		r.drawCurrent(dst, f)
	}
	// The region letters before the numbers, which are written over their
	// chips on a card where they cross them. The start and goal after
	// them, and the agents later still (DrawAgents): no cell's numbers are
	// written where a marker will be drawn (markerRects), so the markers
	// stay whole and no number is left half hidden under one.
	if L.Has(LayerRegions) {
		r.drawRegionLabels(dst, f)
	}
	if L.Has(LayerValues) {
		r.drawValues(dst, f)
	}
	r.drawEndpoints(dst, f)
	r.drawHoverEdge(dst, f)
	r.drawCursorCell(dst, f)
}

// maxAASide is the longest side of a screen shapes are antialiased on.
// Ebiten draws an antialiased shape through an offscreen image twice the
// shape's bounds (rounded out to 16 px and clipped to the whole screen,
// not to the sub-image drawn on) and panics when that passes the largest
// texture the GPU takes (16384 on common drivers): a 12000×8000 window
// (-size allows up to 16384) ended drawing its first route, and so did a
// map area under 8192 px inside a wider screen. Past it shapes are drawn
// aliased; at such sizes a pixel's edge is not what anyone looks at.
const maxAASide = 8192

// antialiasOn reports whether shapes may be antialiased on a screen the
// size of screen (the root image, not a sub-image of it).
func antialiasOn(screen *ebiten.Image) bool {
	b := screen.Bounds()
	return b.Dx() <= maxAASide && b.Dy() <= maxAASide
}

// TimelineTipText returns the scrubber's hover tip drawn in the last
// frame, "" when there was none.
func (r *Renderer) TimelineTipText() string { return r.tipText }

// drawTooSmall draws the note of a screen too small for the layout
// (Layout.TooSmall), and nothing else: the top bar, map, timeline,
// panel, legend and overlays squeezed into it drew over one another. Of
// what the last frame drew, nothing is left for a click or a hover to
// find (the legend's rows, the message, the agents' panel, the tips).
func (r *Renderer) drawTooSmall(screen *ebiten.Image, f *Frame) {
	r.legendRect, r.legendRows, r.legendKeys = image.Rectangle{}, r.legendRows[:0], r.legendKeys[:0]
	r.msgRect, r.promptRect, r.agentsRect, r.noteRect = image.Rectangle{}, image.Rectangle{}, image.Rectangle{}, image.Rectangle{}
	r.tipText, r.tipRect, r.tipLines = "", image.Rectangle{}, r.tipLines[:0]
	r.edgeTip = edgeTip{}
	r.notes, r.noteBoxes, r.chips = r.notes[:0], r.noteBoxes[:0], r.chips[:0]
	r.topShown = ""
	r.galleryLit, r.galleryOutlined = r.galleryLit[:0], r.galleryOutlined[:0]
	b := screen.Bounds()
	note := f.SmallNote
	if note == "" {
		note = TooSmallNote(b.Dx(), b.Dy(), MinScreenW, MinScreenH)
	}
	if len(f.Confirm) > 0 || f.Prompt != nil {
		note += "; a question is open: a larger window shows it"
	}
	r.smallShown = note
	ft := r.fonts
	width := float64(b.Dx() - 2*smallPad)
	if width < 1 {
		return
	}
	lh := math.Ceil(ft.LineHeight(ft.UI))
	n := max(1, int(float64(b.Dy()-2*smallPad)/lh))
	// The whole note where it fits, else words that stay whole: a cut
	// "window to…" said nothing.
	var lines []string
	for _, s := range []string{note, "window too small", "too small"} {
		lines = wrap(ft, ft.UI, s, width)
		fits := len(lines) <= n
		for _, l := range lines {
			fits = fits && ft.Width(ft.UI, l) <= width
		}
		if fits {
			break
		}
	}
	if len(lines) > n {
		lines = lines[:n]
	}
	for i, l := range lines {
		lines[i] = clip(ft, ft.UI, l, width)
	}
	y := float64(b.Min.Y) + math.Max(smallPad, (float64(b.Dy())-lh*float64(len(lines)))/2)
	for _, l := range lines {
		ft.Draw(screen, ft.UI, l, float64(b.Min.X)+math.Max(smallPad, (float64(b.Dx())-ft.Width(ft.UI, l))/2), y, ColTextWarn)
		y += lh
	}
}

// smallPad is the margin of the too-small note.
const smallPad = 6

// TooSmallNote is the note of a window w×h under the needW×needH the
// layout takes.
func TooSmallNote(w, h, needW, needH int) string {
	return fmt.Sprintf("window too small: %d×%d, need at least %d×%d", w, h, needW, needH)
}

// SmallNoteShown returns the too-small note the last frame drew, "" when
// it drew the layout.
func (r *Renderer) SmallNoteShown() string { return r.smallShown }
