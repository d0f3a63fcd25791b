package game

import (
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A bug that panics in the window's update or drawing must not lose the
// user's work: the app writes the session to a rescue file beside it, and
// ends with an error saying what failed and how to reopen the work.
func TestPanicInTheWindowRescuesTheSession(t *testing.T) {
	for _, where := range []string{"update", "draw"} {
		t.Run(where, func(t *testing.T) {
			old := world.PanicOut
			world.PanicOut = &strings.Builder{}
			t.Cleanup(func() { world.PanicOut = old })
			dir := writeDropFiles(t, map[string]string{"level.map": dropMap})
			g := sessionGame(t, filepath.Join(dir, "level.map"))
			g.w.BeginStroke(image.Pt(1, 1), 0)
			g.w.EndStroke()
			want := g.w.Grid.Clone()
			boom := func(*Game) { panic("slice bounds out of range") }
			if where == "update" {
				updateHook = boom
			} else {
				drawHook = boom
			}
			t.Cleanup(func() { updateHook, drawHook = nil, nil })
			if where == "draw" {
				g.Draw(ebiten.NewImage(1200, 760))
				drawHook = nil
			}
			err := g.Update()
			if err == nil {
				t.Fatal("Update went on after the panic")
			}
			msg := err.Error()
			if !strings.Contains(msg, "internal error while "+map[string]string{"update": "updating", "draw": "drawing"}[where]+" the window: slice bounds out of range") {
				t.Errorf("the error does not say what failed: %s", msg)
			}
			m := regexp.MustCompile(`saved to (\S+\.pls); reopen it with: pathlens -map (\S+)`).FindStringSubmatch(msg)
			if m == nil || m[1] != m[2] || filepath.Dir(m[1]) != dir {
				t.Fatalf("the error does not say where the work is, or how to reopen it: %s", msg)
			}
			r, err := world.Open(m[1])
			if err != nil {
				t.Fatalf("the rescue file does not open: %v", err)
			}
			t.Cleanup(r.Close)
			if !r.Grid.Equal(want) {
				t.Error("the rescue file lost the edit")
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "level.map")); string(b) != dropMap {
				t.Error("the map file was changed")
			}
			if again := g.Update(); again == nil || again.Error() != msg {
				t.Errorf("a second Update: %v; want the same error, not a second rescue", again)
			}
		})
	}
}

// A session with nothing unsaved leaves no rescue file behind (a -shot or
// a script's run in a shared map folder): the error says nothing was lost.
func TestPanicWithNothingUnsavedWritesNoRescue(t *testing.T) {
	old := world.PanicOut
	world.PanicOut = &strings.Builder{}
	t.Cleanup(func() { world.PanicOut = old })
	dir := writeDropFiles(t, map[string]string{"level.map": dropMap})
	g := sessionGame(t, filepath.Join(dir, "level.map"))
	updateHook = func(*Game) { panic("boom") }
	t.Cleanup(func() { updateHook = nil })
	err := g.Update()
	if err == nil || !strings.Contains(err.Error(), "nothing was unsaved") {
		t.Fatalf("Update: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*rescued*")); len(m) != 0 {
		t.Errorf("rescue files written for a clean session: %v", m)
	}
}
