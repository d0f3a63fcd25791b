// Package game is the Ebiten adapter of pathlens: it polls input into named
// actions, runs the active tool, moves the camera, and asks render to draw
// the session kept in game/world. It holds no pathfinding logic of its own.
package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"pathlens/game/world"
	"pathlens/render"
)

// Options configure a Game.
type Options struct {
	// ShotPath, when set, makes the game draw its first complete frame to
	// this PNG file and then end.
	ShotPath string
}

// Game implements ebiten.Game for one session.
type Game struct {
	w    *world.World
	opts Options
	r    *render.Renderer
	in   *Input
	cam  render.Camera

	screenW, screenH int
	autoFit          bool // refit on resize until the user moves the view

	panning    bool
	panX, panY int
	frames     int
	shotDone   bool
	shotErr    error
	hover      image.Point
	hoverOK    bool
}

// New returns a game showing w.
func New(w *world.World, opts Options) *Game {
	return &Game{w: w, opts: opts, r: render.New(), in: NewInput(actionTable), autoFit: true}
}

// ErrShot wraps a failure to write the -shot file.
var ErrShot = errors.New("game: screenshot")

// Update moves the session and the view one tick.
func (g *Game) Update() error {
	if g.shotDone {
		if g.shotErr != nil {
			return fmt.Errorf("%w: %v", ErrShot, g.shotErr)
		}
		return ebiten.Termination
	}
	g.frames++
	g.in.Poll()
	view := image.Rect(0, 0, g.screenW, g.screenH)
	if g.autoFit || !g.cam.Fitted() {
		g.cam.Fit(g.w.Grid.Width(), g.w.Grid.Height(), view)
	}
	if g.in.JustPressed(ActFit) {
		g.autoFit = true
		g.cam.Fit(g.w.Grid.Width(), g.w.Grid.Height(), view)
	}

	mx, my := ebiten.CursorPosition()
	inWindow := image.Pt(mx, my).In(view)
	g.hover = g.cam.CellAt(float64(mx), float64(my))
	g.hoverOK = inWindow && g.w.Grid.In(g.hover)

	// Zoom about the cursor.
	if _, wy := ebiten.Wheel(); wy != 0 && inWindow {
		g.autoFit = false
		g.cam.ZoomAt(float64(mx), float64(my), math.Pow(1.2, wy))
	}
	// Pan with the middle button, or the left button while Space is held.
	panDown := ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle) ||
		(ebiten.IsKeyPressed(ebiten.KeySpace) && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft))
	if panDown {
		if g.panning {
			g.cam.Pan(float64(mx-g.panX), float64(my-g.panY))
			if mx != g.panX || my != g.panY {
				g.autoFit = false
			}
		}
		g.panning = true
		g.panX, g.panY = mx, my
	} else {
		g.panning = false
	}

	if !panDown && !ebiten.IsKeyPressed(ebiten.KeySpace) && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && inWindow {
		g.w.Pick(g.hover)
	}
	return nil
}

// Draw draws the session. It reads state only; the caches it fills live in
// the renderer.
func (g *Game) Draw(screen *ebiten.Image) {
	f := &render.Frame{World: g.w, Cam: &g.cam, Hover: g.hover, HoverOK: g.hoverOK, Status: g.statusLines()}
	g.r.Draw(screen, f)
	if g.opts.ShotPath != "" && !g.shotDone && g.frames >= 1 {
		g.shotErr = writePNG(screen, g.opts.ShotPath)
		g.shotDone = true
	}
}

// Layout makes the game resolution follow the window, so the map is
// refitted on resize.
func (g *Game) Layout(outsideW, outsideH int) (int, int) {
	w, h := max(outsideW, 1), max(outsideH, 1)
	if w != g.screenW || h != g.screenH {
		g.screenW, g.screenH = w, h
	}
	return w, h
}

func (g *Game) statusLines() []render.Line {
	w := g.w
	m := w.Map
	lines := []render.Line{{Text: fmt.Sprintf("%s  %d×%d", m.Name, m.Grid.Width(), m.Grid.Height()), Color: render.ColText}}
	o := &w.Outcome
	switch {
	case w.HasStart && w.HasGoal && o.Err == nil:
		s := fmt.Sprintf("%s (%d,%d)→(%d,%d): ", w.Algorithm, w.Start.X, w.Start.Y, w.Goal.X, w.Goal.Y)
		if o.Path != nil {
			s += fmt.Sprintf("cost %.2f, %d steps", o.Cost, len(o.Path)-1)
		} else {
			s += "no path"
		}
		lines = append(lines, render.Line{Text: s, Color: render.ColText})
		lines = append(lines, render.Line{Text: fmt.Sprintf("%d expanded, peak open %d, %.3f ms", o.Expanded, o.PeakOpen, float64(o.Duration.Microseconds())/1000), Color: render.ColTextDim})
	case w.HasStart && !w.HasGoal:
		lines = append(lines, render.Line{Text: "click the goal cell", Color: render.ColTextDim})
	default:
		lines = append(lines, render.Line{Text: "click a start cell, then a goal cell", Color: render.ColTextDim})
	}
	if g.hoverOK {
		p := g.hover
		lines = append(lines, render.Line{Text: fmt.Sprintf("cell (%d,%d) '%c' weight %d", p.X, p.Y, m.TerrainAt(p), w.Grid.Weight(p)), Color: render.ColTextDim})
	}
	if w.Message != "" {
		lines = append(lines, render.Line{Text: w.Message, Color: render.ColTextWarn})
	}
	return lines
}

// writePNG encodes the pixels of img to path, replacing the file only once
// the image is complete.
func writePNG(img *ebiten.Image, path string) error {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	rgba := &image.RGBA{Pix: pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	// The screen is opaque; make sure PNG viewers see it so.
	for i := 3; i < len(pix); i += 4 {
		pix[i] = 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
