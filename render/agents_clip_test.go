package render

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// A reviewer's finding: drawReplanLog computes the text width it clips to (width :=
// bw-16) before bw is cut to AgentLayer.MaxSize, so with a MaxSize
// narrower than the text the lines are not clipped with "…" to the panel
// but drawn at full length, cut off by the panel's edge mid-letter (and
// the wrap of a stop reason is decided for the wider box). The window sets
// MaxSize.X = min(400, map width / 2): 280-300 px in an 800 px window.
func TestAgentPanelTextClippedToMaxSize(t *testing.T) {
	g := pathing.MustGrid(30, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for y := 2; y < 5; y++ {
		id, err := s.Spawn(image.Pt(2, y))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGoal(ids, image.Pt(27, 3)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	s.Step()
	s.Pause()
	var wall []image.Point
	for y := 1; y < 7; y++ {
		wall = append(wall, image.Pt(15, y))
		g.SetOpen(image.Pt(15, y), false)
	}
	s.CellsChanged(wall)
	r := New()
	var drawn []string
	r.fonts.drawn = &drawn
	var cam Camera
	m := image.Rect(0, 0, 900, 700)
	cam.Fit(30, 8, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), MaxSize: image.Pt(220, 300), Plans: true, Segments: true}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	r.fonts.drawn = nil
	ft := r.fonts
	room := float64(r.agentsRect.Dx() - 16)
	if r.agentsRect.Dx() > 220 {
		t.Fatalf("panel %v wider than MaxSize", r.agentsRect)
	}
	for _, d := range drawn {
		wd := math.Min(ft.Width(ft.UI, d), math.Min(ft.Width(ft.Mono, d), ft.Width(ft.Bold, d)))
		if wd > room+0.5 {
			t.Errorf("panel %d px wide (text room %.0f): %q drawn %.0f px wide, not clipped", r.agentsRect.Dx(), room, d, wd)
		}
	}
}
