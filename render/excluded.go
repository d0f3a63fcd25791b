package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// The excluded area (exclusion mode's cells kept out of the lowest
// search) is a cool grey veil with dark slate stripes, drawn in screen
// space over the cells of the mask: a flat darkening read as weighted
// terrain (the hall of exclusion-shortcut, its region tint darkened, came
// out near (130,116,96), beside the weights' brown (150,104,58)), and its
// legend swatch, that tint alone on the dark legend, was a black box.
var (
	ColExcluded      = color.RGBA{50, 60, 110, 90} // the veil over each cell
	ColExcludedHatch = color.RGBA{34, 40, 84, 190} // its stripes
	excludedPeriod   = float32(8)                  // screen pixels from stripe to stripe
	excludedStripe   = float32(2.5)                // and a stripe's width along x
)

// excludedSrc draws, at each pixel of the mask's cells (a pixel a cell,
// opaque where excluded), the veil or, on the diagonal stripes of the
// screen, the stripe colour (both premultiplied uniforms).
const excludedSrc = `//kage:unit pixels

package main

var Veil vec4
var Stripe vec4
var Period float
var Width float

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	if imageSrc0At(srcPos).a == 0 {
		discard()
	}
	if mod(dstPos.x+dstPos.y, Period) < Width {
		return Stripe
	}
	return Veil
}
`

var excludedShader *ebiten.Shader

// excludedUniforms are the shader's constant uniforms, made once rather
// than a map and two slices every frame the layer is drawn.
var excludedUniforms = map[string]any{
	"Veil":   premulVec(ColExcluded),
	"Stripe": premulVec(ColExcludedHatch),
	"Period": excludedPeriod,
	"Width":  excludedStripe,
}

// excludedShaderOnce compiles excludedSrc on first use (a compile error is
// a build defect and panics, as a font's does).
func excludedShaderOnce() *ebiten.Shader {
	if excludedShader == nil {
		s, err := ebiten.NewShader([]byte(excludedSrc))
		if err != nil {
			panic("render: excluded-area shader: " + err.Error())
		}
		excludedShader = s
	}
	return excludedShader
}

// premulVec returns c premultiplied, as a shader's vec4 (0..1).
func premulVec(c color.RGBA) []float32 {
	a := float32(c.A) / 255
	return []float32{float32(c.R) / 255 * a, float32(c.G) / 255 * a, float32(c.B) / 255 * a, a}
}

// overOpaque returns c drawn over the opaque colour bg.
func overOpaque(bg, c color.RGBA) color.RGBA {
	a := float64(c.A) / 255
	f := func(b, x uint8) uint8 { return uint8(float64(b)*(1-a) + float64(x)*a + 0.5) }
	return color.RGBA{f(bg.R, c.R), f(bg.G, c.G), f(bg.B, c.B), 255}
}

// excludedSwatch is the excluded area's legend swatch: the veil and the
// stripe as they look over an open cell of weight 1, opaque (the tint
// itself, translucent, drew a black box on the dark legend).
func excludedSwatch() []color.RGBA {
	return []color.RGBA{overOpaque(ColFloor, ColExcluded), overOpaque(ColFloor, ColExcludedHatch)}
}

// drawExcludedMask draws the one-pixel-a-cell mask img (opaque where
// excluded) through cam as the veil and its stripes.
func drawExcludedMask(dst, img *ebiten.Image, cam *Camera) {
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	var vs [4]ebiten.Vertex
	for i, c := range [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}} {
		x, y := cam.ToScreen(c[0], c[1])
		vs[i] = ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(b.Min.X) + float32(c[0]), SrcY: float32(b.Min.Y) + float32(c[1]), ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
	op := &ebiten.DrawTrianglesShaderOptions{}
	op.Images[0] = img
	op.Uniforms = excludedUniforms
	dst.DrawTrianglesShader(vs[:], []uint16{0, 1, 2, 0, 2, 3}, excludedShaderOnce(), op)
}
