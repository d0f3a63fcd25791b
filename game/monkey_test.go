package game

import (
	"errors"
	"fmt"
	"image"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// monkey drives a game with random input: every binding of the key table
// (with its modifiers), clicks and drags of each button anywhere in the
// window, the wheel, typed characters and idle frames, drawing as the
// window does. It fails on the first frame whose Update returns an error
// (a panic the window rescued) naming the seed and the input before it.
type monkey struct {
	t      *testing.T
	g      *Game
	rng    *rand.Rand
	keys   map[ebiten.Key]int // frames held; -1 released this frame
	mouse  map[ebiten.MouseButton]int
	pt     image.Point
	wy     float64
	chars  []rune
	trail  []string // the newest input, for the failure message
	screen *ebiten.Image
	// quit: the window asked to end (Ctrl+Q); reopen gives a fresh one.
	quit   bool
	reopen func() *Game
}

func newMonkey(t *testing.T, open func() *Game, seed int64, w, h int) *monkey {
	m := &monkey{t: t, g: open(), reopen: open, rng: rand.New(rand.NewSource(seed)),
		keys: map[ebiten.Key]int{}, mouse: map[ebiten.MouseButton]int{},
		screen: ebiten.NewImage(w, h)}
	kd, kp, kr, cp, md, wh, ac := keyDuration, keyPressed, keyReleased, cursorPosition, mouseDuration, wheel, appendChars
	keyDuration = func(k ebiten.Key) int { return max(m.keys[k], 0) }
	keyPressed = func(k ebiten.Key) bool { return m.keys[k] > 0 }
	keyReleased = func(k ebiten.Key) bool { return m.keys[k] == -1 }
	cursorPosition = func() (int, int) { return m.pt.X, m.pt.Y }
	mouseDuration = func(b ebiten.MouseButton) int { return max(m.mouse[b], 0) }
	wheel = func() (float64, float64) { return 0, m.wy }
	appendChars = func(dst []rune) []rune { return append(dst, m.chars...) }
	t.Cleanup(func() {
		keyDuration, keyPressed, keyReleased, cursorPosition, mouseDuration, wheel, appendChars = kd, kp, kr, cp, md, wh, ac
	})
	return m
}

func (m *monkey) note(format string, args ...any) {
	m.trail = append(m.trail, fmt.Sprintf(format, args...))
	if len(m.trail) > 40 {
		m.trail = m.trail[len(m.trail)-40:]
	}
}

// frame runs one Update (and a Draw every third frame), then ages the
// held keys and buttons: a press lasts one frame unless hold keeps it.
func (m *monkey) frame(n int, hold bool) {
	err := m.g.Update()
	if errors.Is(err, ebiten.Termination) {
		m.quit = true
		return
	}
	if err != nil {
		m.t.Fatalf("frame %d: %v\ninput before it (newest last):\n  %s", n, err, strings.Join(m.trail, "\n  "))
	}
	if n%3 == 0 {
		m.g.Draw(m.screen)
	}
	m.wy, m.chars = 0, nil
	age(m.keys, hold)
	age(m.mouse, hold)
}

// age moves held keys or buttons to the next frame: held one more frame
// with hold, else released (-1) this frame; released ones go.
func age[K comparable](held map[K]int, hold bool) {
	for k, d := range held {
		switch {
		case d == -1:
			delete(held, k)
		case hold:
			held[k] = d + 1
		default:
			held[k] = -1
		}
	}
}

// run plays n frames of random input.
func (m *monkey) run(n int) {
	table := m.g.in.table
	size := m.screen.Bounds().Size()
	mapArea := m.g.lay.Map
	for i := 0; i < n; i++ {
		if m.quit {
			// Quit (nothing unsaved, or D at the question): the run goes
			// on in a fresh window on the same scenario.
			m.note("quit: a fresh window")
			m.g, m.quit = m.reopen(), false
			mapArea = m.g.lay.Map
			table = m.g.in.table
		}
		switch r := m.rng.Intn(100); {
		case r < 40: // a binding, with its modifiers
			b := table[m.rng.Intn(len(table))]
			if b.Action == ActQuit && m.rng.Intn(4) != 0 {
				break // quitting ends the run: now and then only
			}
			if b.Action == ActScreenshot || b.Action == ActRecord {
				break // they read the screen's pixels, which needs the running loop a test lacks (record_test.go stands in for them)
			}
			k := b.Keys[m.rng.Intn(len(b.Keys))]
			m.keys[k] = 1
			if b.Mods&ModShift != 0 {
				m.keys[ebiten.KeyShift] = 2
			}
			if b.Mods&ModCtrl != 0 {
				m.keys[ebiten.KeyControl] = 2
			}
			m.note("key %v mods %d (%s)", k, b.Mods, b.Help)
		case r < 48: // a plain key, as a dialog or prompt reads them
			k := []ebiten.Key{ebiten.KeyEscape, ebiten.KeyEnter, ebiten.KeyS, ebiten.KeyD, ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyBackspace, ebiten.Key1, ebiten.Key3, ebiten.KeyTab, ebiten.KeySpace}[m.rng.Intn(11)]
			m.keys[k] = 1
			m.note("key %v", k)
		case r < 60: // the pointer moves, mostly over the map
			if m.rng.Intn(4) == 0 {
				m.pt = image.Pt(m.rng.Intn(size.X), m.rng.Intn(size.Y))
			} else {
				m.pt = image.Pt(mapArea.Min.X+m.rng.Intn(max(mapArea.Dx(), 1)), mapArea.Min.Y+m.rng.Intn(max(mapArea.Dy(), 1)))
			}
			m.note("move %v", m.pt)
		case r < 72: // a click
			b := []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}[m.rng.Intn(4)]
			m.mouse[b] = 1
			if m.rng.Intn(5) == 0 {
				m.keys[ebiten.KeyShift] = 2
			}
			m.note("click %v at %v", b, m.pt)
		case r < 80: // a drag: held over several frames while moving
			b := []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}[m.rng.Intn(3)]
			m.mouse[b] = 1
			steps := 2 + m.rng.Intn(8)
			m.note("drag %v from %v, %d steps", b, m.pt, steps)
			for s := 0; s < steps && !m.quit; s++ {
				m.frame(i, true)
				m.pt = m.pt.Add(image.Pt(m.rng.Intn(41)-20, m.rng.Intn(41)-20))
			}
		case r < 85:
			m.wy = float64(m.rng.Intn(5) - 2)
			m.note("wheel %v at %v", m.wy, m.pt)
		case r < 90: // typed text, for prompts
			m.chars = []rune{rune('a' + m.rng.Intn(26)), rune('0' + m.rng.Intn(10)), '/', '.', ','}[:1+m.rng.Intn(5)]
			m.note("type %q", string(m.chars))
		default:
			m.note("idle")
		}
		m.frame(i, false)
		if i%250 == 249 || i == n-1 {
			m.checkRepair(i)
		}
	}
}

// checkRepair lets go of everything, lets the session finish its work,
// and compares its hierarchy, repaired after every dig, fill and undo so
// far, with a fresh build of the grid.
func (m *monkey) checkRepair(i int) {
	clear(m.keys)
	clear(m.mouse)
	for range 2 {
		if m.frame(i, false); m.quit {
			return
		}
	}
	if _, painting := m.g.w.Painting(); painting {
		return
	}
	m.g.w.Wait()
	if err := m.g.w.CheckRepair(); err != nil {
		m.t.Fatalf("frame %d: %v\ninput before it (newest last):\n  %s", i, err, strings.Join(m.trail, "\n  "))
	}
}

// Random input on each built-in scenario never panics the window. A
// short run (a fixed seed per scenario) is part of the tests; set
// PATHLENS_MONKEY=N for N frames each, and PATHLENS_MONKEY_SEED to try
// other seeds.
func TestMonkeyNeverPanics(t *testing.T) {
	frames := 300
	if s := os.Getenv("PATHLENS_MONKEY"); s != "" {
		fmt.Sscan(s, &frames)
	}
	var base int64 = 1
	if s := os.Getenv("PATHLENS_MONKEY_SEED"); s != "" {
		fmt.Sscan(s, &base)
	}
	old := world.PanicOut
	world.PanicOut = &strings.Builder{}
	t.Cleanup(func() { world.PanicOut = old })
	t.Chdir(t.TempDir()) // saves, exports and screenshots land here
	for i, name := range assets.Names() {
		t.Run(name, func(t *testing.T) {
			open := func() *Game {
				wd, err := world.Open(assets.Prefix + name)
				if err != nil {
					t.Fatal(err)
				}
				wd.Begin()
				g := drawnOn(t, wd, 1280, 800)
				t.Cleanup(func() { g.w.Close() })
				return g
			}
			seed := base + int64(i)
			t.Logf("seed %d", seed)
			newMonkey(t, open, seed, 1280, 800).run(frames)
		})
	}
}
