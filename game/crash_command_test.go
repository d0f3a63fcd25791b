package game

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// Review: the reopen command must survive a shell: a folder named with $
// or a backquote was printed inside double quotes (strconv.Quote), where
// the shell expands $HOME and runs `...`.
func TestRescueCommandIsShellSafe(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	old := world.PanicOut
	world.PanicOut = &strings.Builder{}
	t.Cleanup(func() { world.PanicOut = old })
	dir := writeDropFiles(t, map[string]string{"a $HOME `id` it's/": "", "a $HOME `id` it's/level.map": dropMap})
	g := sessionGame(t, filepath.Join(dir, "a $HOME `id` it's", "level.map"))
	g.w.BeginStroke(g.w.Grid.Point(1), 0)
	g.w.EndStroke()
	updateHook = func(*Game) { panic("boom") }
	t.Cleanup(func() { updateHook = nil })
	msg := g.Update().Error()
	_, arg, ok := strings.Cut(msg, "reopen it with: pathlens -map ")
	if !ok {
		t.Fatalf("no reopen command: %s", msg)
	}
	out, err := exec.Command(sh, "-c", "printf '%s' "+arg).Output()
	if err != nil {
		t.Fatal(err)
	}
	_, saved, _ := strings.Cut(msg, "was saved to ")
	saved, _, _ = strings.Cut(saved, "; reopen it with")
	if string(out) != saved {
		t.Errorf("the shell reads the printed argument %s as %q, want %q", arg, out, saved)
	}
}
