package world

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/pathing"
)

// Review: a rescue that falls back to the temporary folder must still
// name the session's .scen list correctly (relocated from the new file,
// not from the first, failed, location).
func TestRescueFallbackKeepsTheScenReference(t *testing.T) {
	ro := unwritableDir(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	w := openCave(t, dir)
	scen := filepath.Join(dir, "cave.map.scen")
	if err := os.WriteFile(scen, []byte("version 1\n0\tcave.map\t4\t3\t0\t0\t3\t2\t3.41421356\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := w.ScenRows(scen)
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(scen, rows)
	w.SaveTo = filepath.Join(ro, "deep", "cave.pls")
	w.BeginStroke(w.Grid.Point(2), 0)
	w.EndStroke()
	p, err := w.Rescue()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "scen ") {
			ref := strings.TrimPrefix(line, "scen ")
			if got := filepath.Join(filepath.Dir(p), ref); got != scen {
				t.Errorf("rescue in %s names the list %q = %s, want %s", filepath.Dir(p), ref, got, scen)
			}
		}
	}
	r, err := Open(p)
	if err != nil {
		t.Fatalf("the rescue file does not open: %v", err)
	}
	r.Close()
}

// Review: a map whose name fits the file system but not with the
// ".rescued-TIMESTAMP" suffix must still be rescued (the work is otherwise
// lost), and a failure must say why.
func TestRescueOfALongName(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, strings.Repeat("m", 235)+".map")
	if err := os.WriteFile(long, []byte("type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n"), 0o644); err != nil {
		t.Skipf("no 239-byte names here: %v", err)
	}
	t.Setenv("TMPDIR", t.TempDir())
	w, err := Open(long)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.BeginStroke(w.Grid.Point(2), 0)
	w.EndStroke()
	p, err := w.Rescue()
	if err != nil {
		t.Fatalf("rescue failed: %q", err)
	}
	if _, err := Open(p); err != nil {
		t.Fatal(err)
	}
}

// sizePanics is a hierarchy whose Size panics.
type sizePanics struct{ Hierarchy }

func (sizePanics) Size() Size { panic("size: bad level") }

// Review: the build worker counts a new hierarchy's size (h.Size) outside
// safeBuild's recover: a panic there ended the program.
func TestBuildWorkerSizePanicFailsTheBuild(t *testing.T) {
	capturePanicOut(t)
	w := bigWorld(t) // over asyncCells: the background worker
	orig := builders[AlgoHPA]
	builders[AlgoHPA] = func(ctx context.Context, g *pathing.Grid, r [][]byte, s Settings) (Hierarchy, error) {
		h, err := orig(ctx, g, r, s)
		return sizePanics{h}, err
	}
	t.Cleanup(func() { builders[AlgoHPA] = orig })
	w.Settings.Algo = AlgoHPA
	w.Replan()
	w.Wait()
	var ie *InternalError
	if err := w.HierarchyError(); !errors.As(err, &ie) || ie.Value != "size: bad level" {
		t.Fatalf("hierarchy error %v, want the Size panic as an internal error", err)
	}
}
