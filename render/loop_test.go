package render

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// loopEnv, set to 1, makes TestMain run the tests inside ebiten.RunGame,
// where drawn pixels can be read back (ReadPixels panics before the game
// starts). A test that reads pixels runs itself so (inGameLoop), and
// benchmarks run there too: the GPU's work of a frame is done in it.
const loopEnv = "PATHLENS_RENDER_IN_LOOP"

func TestMain(m *testing.M) {
	flag.Parse()
	bench := flag.Lookup("test.bench")
	if os.Getenv(loopEnv) != "1" && (bench == nil || bench.Value.String() == "") {
		os.Exit(m.Run())
	}
	l := &renderTestLoop{m: m}
	if err := ebiten.RunGame(l); err != nil {
		panic(err)
	}
	os.Exit(l.code)
}

// renderTestLoop is the game whose first Update runs the tests and ends
// the loop.
type renderTestLoop struct {
	m    *testing.M
	code int
	ran  bool
}

func (l *renderTestLoop) Update() error {
	if !l.ran {
		l.ran = true
		l.code = l.m.Run()
	}
	return ebiten.Termination
}

func (l *renderTestLoop) Draw(*ebiten.Image)         {}
func (l *renderTestLoop) Layout(w, h int) (int, int) { return w, h }

// inGameLoop reports whether the test runs inside the game loop; outside
// it, it runs the test t again in a process of its own that runs the
// tests in the loop, and fails t with its output unless it passed.
func inGameLoop(t *testing.T) bool {
	t.Helper()
	if os.Getenv(loopEnv) == "1" {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), loopEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: "+t.Name())) {
		t.Fatalf("%s in the game loop: %v\n%s", t.Name(), err, out)
	}
	return false
}
