package render

import "image/color"

// Layer is one switchable overlay of the map view.
type Layer int

const (
	LayerWeights    Layer = iota // terrain colours by weight (off: open/blocked only)
	LayerBorders                 // cluster borders of the view level
	LayerRegions                 // the designer's region layer
	LayerGroups                  // groups (or clusters) of the view level, tinted
	LayerNodes                   // entrances, transitions and abstract nodes
	LayerEdges                   // abstract edges (cost on hover)
	LayerComponents              // connected components, tinted, and their cut cells
	LayerSearch                  // open and closed sets of every search in the query
	LayerPlans                   // the high-level plan per level
	LayerSegments                // the refined segments
	LayerExcluded                // cells exclusion mode keeps out
	LayerParents                 // parent arrows of the search tree
	LayerValues                  // g, h, f numbers in large cells
	LayerCompare                 // the optimal path as a ghost
	NumLayers
)

// LayerInfo names each layer and gives its legend swatch. A layer that
// draws two kinds of things named in its legend name ("open / closed")
// has a second colour, Swatch2: the swatch shows Swatch on its left half
// and Swatch2 on its right, in the order of the name.
var LayerInfo = [NumLayers]struct {
	Name    string
	Swatch  color.RGBA
	Swatch2 color.RGBA
}{
	LayerWeights:    {"terrain weights", ColHeavy, color.RGBA{}},
	LayerBorders:    {"cluster borders", ColBorder, color.RGBA{}},
	LayerRegions:    {"regions", regionSwatch[0], color.RGBA{}},
	LayerGroups:     {"groups (tinted)", color.RGBA{180, 120, 200, 255}, color.RGBA{}},
	LayerNodes:      {"entrances & nodes", ColEntrance, ColNode},
	LayerEdges:      {"abstract edges", ColEdge, color.RGBA{}},
	LayerComponents: {"components / cuts", color.RGBA{120, 200, 180, 255}, ColCut},
	LayerSearch:     {"open / closed", ColOpen, ColClosed},
	LayerPlans:      {"plans per level", ColPlan[1], ColPlan[2]},
	LayerSegments:   {"path by segment", ColSegA, ColSegB},
	LayerExcluded:   {"excluded area", ColExcluded, color.RGBA{}},
	LayerParents:    {"parent arrows", ColParent, color.RGBA{}},
	LayerValues:     {"g / h / f numbers", ColText, color.RGBA{}},
	LayerCompare:    {"optimal ghost", ColOptimal, color.RGBA{}},
}

// swatchParts returns the colours of layer l's legend swatch, left to
// right: one, or two for a layer that draws two kinds of things.
func swatchParts(l Layer) []color.RGBA {
	in := LayerInfo[l]
	if in.Swatch2 == (color.RGBA{}) {
		return []color.RGBA{in.Swatch}
	}
	return []color.RGBA{in.Swatch, in.Swatch2}
}

// swatchFor is swatchParts for a session whose hierarchy has levels
// abstract levels: the plans swatch shows one colour per level drawn (L3
// and L4 plans are teal and blue, which a two-part swatch left unsaid).
func swatchFor(l Layer, levels int) []color.RGBA {
	if l == LayerPlans && levels > 2 {
		return ColPlan[1 : min(levels, len(ColPlan)-1)+1]
	}
	if l == LayerRegions {
		return regionSwatch[:]
	}
	return swatchParts(l)
}

// regionSwatch is the regions row's swatch: the first three region tints,
// opaque, as the layer gives regions side by side different colours (the
// swatch was one pink, as the layer drew every region).
var regionSwatch = func() (s [3]color.RGBA) {
	for k := range s {
		s[k] = regionPalette[k]
		s[k].A = 255
	}
	return s
}()

// LayerSet is a set of layers.
type LayerSet uint32

// Has reports whether l is in s.
func (s LayerSet) Has(l Layer) bool { return s&(1<<l) != 0 }

// Toggle returns s with l flipped.
func (s LayerSet) Toggle(l Layer) LayerSet { return s ^ (1 << l) }

// With returns s with l set to on.
func (s LayerSet) With(l Layer, on bool) LayerSet {
	if on {
		return s | 1<<l
	}
	return s &^ (1 << l)
}

// DefaultLayers are on when the app starts.
const DefaultLayers = LayerSet(1<<LayerWeights | 1<<LayerBorders | 1<<LayerRegions | 1<<LayerNodes |
	1<<LayerSearch | 1<<LayerPlans | 1<<LayerSegments | 1<<LayerExcluded | 1<<LayerValues)

// LayerByName finds a layer by a short name used on the command line
// ("weights", "borders", "regions", "groups", "nodes", "edges",
// "components", "search", "plans", "segments", "excluded", "parents",
// "values", "compare").
func LayerByName(s string) (Layer, bool) {
	for l, n := range layerShort {
		if n == s {
			return Layer(l), true
		}
	}
	return 0, false
}

var layerShort = [NumLayers]string{"weights", "borders", "regions", "groups", "nodes", "edges", "components",
	"search", "plans", "segments", "excluded", "parents", "values", "compare"}

// ShortName returns the command-line name of l.
func (l Layer) ShortName() string { return layerShort[l] }
