package render

import (
	"encoding/binary"
	"image/color"

	"pathlens/game/world"
)

// The palette: one place for every colour, so the legend and the layers
// always agree. Colours are written with straight (not premultiplied) alpha;
// PM converts one for Ebiten's drawing calls.
var (
	ColBackground = color.RGBA{24, 26, 31, 255}
	ColWall       = color.RGBA{52, 56, 66, 255}
	ColTree       = color.RGBA{38, 84, 52, 255}
	ColWater      = color.RGBA{36, 70, 122, 255}
	ColFloor      = color.RGBA{226, 223, 212, 255}
	ColHeavy      = color.RGBA{114, 64, 30, 255} // weight 9 and above (weightRamp)
	ColGridLine   = color.RGBA{0, 0, 0, 40}

	ColOpen     = color.RGBA{72, 190, 112, 150} // on the open list (cell level)
	ColClosed   = color.RGBA{88, 142, 222, 140} // expanded (cell level)
	ColCurrent  = color.RGBA{236, 64, 200, 255} // the node just popped
	ColPath     = color.RGBA{232, 60, 44, 255}
	ColStart    = color.RGBA{30, 170, 70, 255}
	ColGoal     = color.RGBA{210, 40, 40, 255}
	ColFrontier = color.RGBA{236, 64, 200, 160} // best path to the current node
	ColNextPop  = color.RGBA{255, 214, 0, 255}  // the open node the search pops next

	ColBorder = color.RGBA{40, 40, 150, 200}
	// ColBorderOnWall is a cluster border where it runs between two walls:
	// ColBorder's blue, light enough to read on ColWall.
	ColBorderOnWall = color.RGBA{150, 160, 255, 200}
	ColRegion       = color.RGBA{170, 40, 120, 230}
	ColNode         = color.RGBA{70, 52, 36, 255}
	ColEntrance     = color.RGBA{250, 170, 20, 110}
	ColEdge         = color.RGBA{110, 60, 170, 150}
	ColEdgeHot      = color.RGBA{255, 230, 60, 255}
	ColSegA         = color.RGBA{232, 60, 44, 255}
	ColSegB         = color.RGBA{200, 30, 130, 255}
	ColParent       = color.RGBA{30, 60, 120, 200}
	ColOptimal      = color.RGBA{20, 200, 230, 200}
	ColCut          = color.RGBA{120, 0, 30, 235} // cut cells: filling one splits its area
	ColGhost        = color.RGBA{120, 120, 120, 200}
	// The frontier of a ghost's expanded cells, dotted in two tones: no
	// fill, wall, terrain or path has that look.
	ColGhostDot      = color.RGBA{20, 20, 24, 230}
	ColGhostDotLight = color.RGBA{250, 250, 250, 230}
	ColFlash         = color.RGBA{255, 235, 60, 255}
	ColAdded         = color.RGBA{40, 220, 90, 255}
	ColRemoved       = color.RGBA{240, 50, 50, 255}
	ColPinned        = color.RGBA{255, 255, 255, 255}
	// The brush's outline when the paint mode is forced (Shift+D): dig
	// only and fill only; the first cell deciding draws it white.
	ColBrushDig  = color.RGBA{110, 235, 150, 220}
	ColBrushFill = color.RGBA{255, 140, 60, 230}

	ColPanel     = color.RGBA{16, 18, 22, 220}
	ColPanelEdge = color.RGBA{90, 96, 110, 255}
	ColText      = color.RGBA{232, 234, 238, 255}
	ColTextDim   = color.RGBA{160, 166, 178, 255}
	ColTextWarn  = color.RGBA{255, 196, 80, 255}
	// ColIdle names legend rows that are on with nothing to draw, and
	// the footer saying why: a hue, not a third grey.
	ColIdle    = color.RGBA{214, 178, 112, 255}
	ColTextErr = color.RGBA{255, 110, 100, 255}
)

// ColPlan is the plan colour of each level (index 1..4), the open-list
// ring and closed disc colour of abstract-level search events: orange,
// purple, teal and blue (level 4 was grey, and its dashed plan read as
// the ghost of an earlier answer).
var ColPlan = [5]color.RGBA{
	{232, 60, 44, 255},
	{250, 140, 0, 255},
	{150, 70, 220, 255},
	{0, 150, 160, 255},
	{45, 105, 235, 255},
}

// TerrainColor returns the colour of a cell from its terrain character and
// weight: walls, trees and water by character; open cells by weight, from
// floor (1) to heavy (9 and above).
func TerrainColor(ch byte, weight uint8) color.RGBA {
	if weight == 0 {
		switch ch {
		case 'T':
			return ColTree
		case 'W':
			return ColWater
		}
		return ColWall
	}
	if weight <= 1 {
		return ColFloor
	}
	return weightRamp[min(int(weight), 9)-2]
}

// weightRamp is the colour of weights 2..9 (and above): sand to dark
// earth, each step 16–34 apart in a channel. A blend from the floor
// toward ColHeavy put weights 2, 3 and 5 within 7–14 of each other, and a
// designer could not tell them apart without hovering each cell.
var weightRamp = [8]color.RGBA{
	{216, 198, 152, 255},
	{204, 176, 118, 255},
	{192, 154, 90, 255},
	{178, 132, 68, 255},
	{162, 112, 52, 255},
	{146, 94, 42, 255},
	{130, 78, 36, 255},
	ColHeavy,
}

// premul writes c, premultiplied by its alpha, into p[0:4] (the layout
// ebiten.Image.WritePixels expects): world.PremulPixel's pixel, the one
// the background-baked layers write.
func premul(p []byte, c color.RGBA) {
	binary.LittleEndian.PutUint32(p, world.PremulPixel(c))
}

// PM returns c premultiplied by its alpha, as color.Color users such as
// ebiten.ColorScale.ScaleWithColor and vector expect.
func PM(c color.RGBA) color.RGBA {
	var p [4]byte
	premul(p[:], c)
	return color.RGBA{p[0], p[1], p[2], p[3]}
}
