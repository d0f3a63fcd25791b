package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// A lecturer's run at 150 %: a reopened session's agents panel, narrowed
// to its MaxSize (260 px: half the map area there), cut its states line and its hint with "…" ("U runs the
// agents: their plans are list…"), the one line that says what to press.
// Both now wrap: every word is drawn, none cut.
func TestAgentPanelWrapsStatesAndHint(t *testing.T) {
	g := pathing.MustGrid(30, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	a, err := s.Spawn(image.Pt(2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Spawn(image.Pt(2, 5)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{a}, image.Pt(27, 3)); err != nil {
		t.Fatal(err)
	}
	r := New()
	var drawn []string
	r.fonts.drawn = &drawn
	var cam Camera
	m := image.Rect(0, 0, 900, 700)
	cam.Fit(30, 8, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), MaxSize: image.Pt(260, 300), Plans: true, Segments: true}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	r.fonts.drawn = nil
	all := strings.Join(drawn, " ")
	for _, d := range drawn {
		if strings.HasSuffix(d, "…") {
			t.Errorf("%q is cut", d)
		}
	}
	for _, want := range []string{emptyLogHint(s, s.Agents(nil)), "waiting", "idle"} {
		for _, word := range strings.Fields(want) {
			if !strings.Contains(all, word) {
				t.Errorf("%q of %q not drawn (drawn: %q)", word, want, drawn)
			}
		}
	}
}
