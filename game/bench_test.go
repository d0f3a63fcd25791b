package game

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
)

// TestMain runs the tests as usual; with -bench it runs them inside
// ebiten.RunGame, in the loop's first Update. Outside the loop Ebiten
// queues every draw command until the game starts (about half a megabyte
// per frame here, never freed), so BenchmarkDraw would grow by gigabytes;
// inside it, flushGPU can read a pixel back, which runs the queue.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		os.Exit(m.Run())
	}
	l := &testLoop{m: m}
	if err := ebiten.RunGame(l); err != nil {
		panic(err)
	}
	os.Exit(l.code)
}

// testLoop is the game whose first Update runs the tests and ends the loop.
type testLoop struct {
	m    *testing.M
	code int
	ran  bool
}

func (l *testLoop) Update() error {
	if !l.ran {
		l.ran, inLoop = true, true
		l.code = l.m.Run()
	}
	return ebiten.Termination
}

func (l *testLoop) Draw(*ebiten.Image)         {}
func (l *testLoop) Layout(w, h int) (int, int) { return w, h }

// inLoop is true when the tests run inside ebiten.RunGame (see TestMain).
var inLoop bool

// flushGPU runs the queued draw commands of img (only possible inside the
// game loop; a no-op outside it).
func flushGPU(img *ebiten.Image) {
	if inLoop {
		_ = img.At(0, 0)
	}
}

// benchWorlds are the worlds the frame benchmarks draw: the built-in one
// and maze512 (a 512×512 Moving AI map), which is skipped with a message
// when the maps are not there.
func benchWorlds(b *testing.B) []struct{ name, src string } {
	ws := []struct{ name, src string }{{"builtin", assets.Prefix + assets.DefaultName}}
	if dir, ok := maps.MovingAIDir(); ok {
		ws = append(ws, struct{ name, src string }{"maze512", filepath.Join(dir, "maze512-16-0.map")})
	} else {
		b.Log("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): maze512 skipped")
	}
	return ws
}

// benchGame opens src with its first query planned, laid out at 1280×800
// and drawn once, so caches (the baked terrain) are warm.
func benchGame(b *testing.B, src string) (*Game, *ebiten.Image) {
	b.Helper()
	w, err := world.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	w.Begin()
	w.Wait()
	g, err := New(w, Options{})
	if err != nil {
		b.Fatal(err)
	}
	sw, sh := g.Layout(1280, 800)
	img := ebiten.NewImage(sw, sh)
	g.Update()
	g.Draw(img)
	return g, img
}

// BenchmarkDraw measures one full frame (Draw forced past its "nothing
// changed" check): the CPU side of building the draw commands. The GPU
// runs the queue every 32 frames with the timer stopped.
func BenchmarkDraw(b *testing.B) {
	for _, c := range benchWorlds(b) {
		b.Run(c.name, func(b *testing.B) {
			g, img := benchGame(b, c.src)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.drawnAt = time.Time{}
				g.drawnKey = frameKey{}
				g.Draw(img)
				if i%32 == 31 {
					b.StopTimer()
					flushGPU(img)
					b.StartTimer()
				}
			}
		})
	}
}

// BenchmarkUpdateIdle measures one tick with no input and nothing
// running: the cost every frame pays while the user looks at the map.
func BenchmarkUpdateIdle(b *testing.B) {
	for _, c := range benchWorlds(b) {
		b.Run(c.name, func(b *testing.B) {
			g, _ := benchGame(b, c.src)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := g.Update(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
