// Package e2e drives the real pathlens window under an X display with
// xdotool, the way a user would, and checks the app's event log (-log)
// after every action. Screenshots taken with the app's own key (F12) are
// kept as artefacts in $PATHLENS_E2E_OUT, or out/e2e under the module root.
//
// Without a display (no $DISPLAY) or without xdotool the test skips with a
// message; `make test` runs it under xvfb-run:
//
//	xvfb-run -a -s "-screen 0 1280x800x24" go test ./tests/e2e/ -v
package e2e

import (
	"bufio"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// app is a running pathlens process with its window and event log.
type app struct {
	t      *testing.T
	cmd    *exec.Cmd
	win    string
	log    string
	mark   int          // expectations look at lines from here (the last action's start)
	used   map[int]bool // lines an expectation matched
	out    string
	zoom   float64
	offX   float64
	offY   float64
	done   chan error
	shots  int
	winX   int
	winY   int
	stderr *strings.Builder
}

func moduleRoot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// buildApp builds the app of the module at root into a temporary folder
// and returns the binary's path.
func buildApp(t *testing.T, root string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pathlens")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return bin
}

func need(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display ($DISPLAY is empty): run under xvfb-run, e.g. make test or xvfb-run -a go test ./tests/e2e/")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool): the end-to-end test drives the window with it")
	}
	if _, err := exec.LookPath("import"); err != nil {
		t.Skip("ImageMagick's import is not installed (apt-get install imagemagick): the end-to-end test reads the window's pixels with it")
	}
}

// start builds the app and starts it on args, waiting for its window and
// its first view line.
func start(t *testing.T, args ...string) *app {
	t.Helper()
	root := moduleRoot(t)
	out := os.Getenv("PATHLENS_E2E_OUT")
	if out == "" {
		out = filepath.Join(root, "out", "e2e")
	}
	out = filepath.Join(out, t.Name())
	os.RemoveAll(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := buildApp(t, root)
	a := &app{t: t, out: out, log: filepath.Join(out, "events.log"), done: make(chan error, 1), stderr: &strings.Builder{}, used: map[int]bool{}}
	args = append([]string{"-log", a.log, "-size", "1200x760", "-shotdir", out}, args...)
	a.cmd = exec.Command(bin, args...)
	a.cmd.Dir = out
	a.cmd.Stderr = a.stderr
	if err := a.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { a.done <- a.cmd.Wait() }()
	t.Cleanup(func() {
		if a.cmd.ProcessState == nil {
			if t.Failed() {
				// A goroutine dump tells a hang from lost input.
				a.cmd.Process.Signal(syscall.SIGQUIT)
				select {
				case err := <-a.done:
					a.done <- err
				case <-time.After(5 * time.Second):
				}
				os.WriteFile(filepath.Join(out, "stderr.txt"), []byte(a.stderr.String()), 0o644)
			}
			a.cmd.Process.Kill()
			<-a.done
		}
		t.Logf("artefacts (event log and screenshots) in %s", out)
	})
	// The window.
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, err := exec.Command("xdotool", "search", "--name", "^pathlens").Output()
		if err == nil && len(strings.Fields(string(b))) > 0 {
			a.win = strings.Fields(string(b))[0]
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no pathlens window after 60 s; stderr:\n%s", a.stderr)
		}
		time.Sleep(200 * time.Millisecond)
	}
	a.expect("load", "source=")
	a.waitView()
	return a
}

// xdo runs xdotool.
func (a *app) xdo(args ...string) {
	a.t.Helper()
	if b, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		a.t.Fatalf("xdotool %v: %v\n%s", args, err, b)
	}
}

// geometry reads the window's position on the screen.
func (a *app) geometry() {
	b, err := exec.Command("xdotool", "getwindowgeometry", "--shell", a.win).Output()
	if err != nil {
		a.t.Fatalf("getwindowgeometry: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		k, v, _ := strings.Cut(l, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "X":
			a.winX = n
		case "Y":
			a.winY = n
		}
	}
}

// act marks the log before an action, so its expectations only match
// lines written after it.
func (a *app) act() { a.mark = len(a.all()) }

// key presses a key (xdotool name, e.g. "h", "ctrl+z", "Right") holding it
// for 200 ms, so the app's input polling sees it even when a frame of the
// software-rendered virtual display takes several ticks.
func (a *app) key(k string) {
	a.t.Helper()
	a.act()
	a.xdo("keydown", k)
	time.Sleep(200 * time.Millisecond)
	a.xdo("keyup", k)
	time.Sleep(150 * time.Millisecond)
}

// press presses key k and waits for a log line of kind with every want.
// A press the app never saw (its frames can take a long time on a loaded
// machine with a software-rendered display, and a key that goes down and
// up between two frames is lost) leaves no line, so the key is pressed
// again, up to three times; a press that was seen is never repeated.
func (a *app) press(k, kind string, want ...string) string {
	a.t.Helper()
	for try := 1; ; try++ {
		a.key(k)
		if l, ok := a.wait(6*time.Second, kind, want...); ok {
			if try > 1 {
				a.t.Logf("key %s needed %d presses", k, try)
			}
			return l
		}
		if try == 3 {
			return a.expect(kind, want...)
		}
	}
}

// move puts the mouse on window pixel (x, y).
func (a *app) move(x, y int) {
	a.t.Helper()
	a.xdo("mousemove", "--window", a.win, strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(40 * time.Millisecond)
}

// cellPixel returns the window pixel of the centre of cell (x, y) from the
// last logged view.
func (a *app) cellPixel(x, y int) (int, int) {
	return int(math.Round(float64(x)*a.zoom + a.zoom/2 + a.offX)), int(math.Round(float64(y)*a.zoom + a.zoom/2 + a.offY))
}

// click clicks button b at cell (x, y), held as long as a key press (see
// press: a button that goes down and up between two slow frames is lost).
func (a *app) click(b string, x, y int) {
	a.t.Helper()
	px, py := a.cellPixel(x, y)
	a.move(px, py)
	a.act()
	a.xdo("mousedown", b)
	time.Sleep(200 * time.Millisecond)
	a.xdo("mouseup", b)
	time.Sleep(100 * time.Millisecond)
}

// clickFor clicks button b at cell (x, y) and waits for a log line of kind
// with every want. As with press, a click the app never saw (down and up
// between two slow frames) leaves no line and is made again, up to three
// times; a click that was seen is never repeated.
func (a *app) clickFor(b string, x, y int, kind string, want ...string) string {
	a.t.Helper()
	for try := 1; ; try++ {
		a.click(b, x, y)
		if l, ok := a.wait(6*time.Second, kind, want...); ok {
			if try > 1 {
				a.t.Logf("click at %d,%d needed %d tries", x, y, try)
			}
			return l
		}
		if try == 3 {
			return a.expect(kind, want...)
		}
	}
}

// drag drags with button b through the given cells.
func (a *app) drag(b string, cells ...image.Point) {
	a.t.Helper()
	a.dragFrom(b, "", cells...)
}

// paintDrag is drag for a stroke: after the press it waits (up to 5 s) for
// the app to log the stroke's first cell before moving on. On a loaded
// machine a frame took longer than the press's 200 ms, the first frame to
// see the button saw the pointer already on the second cell, and a 4-cell
// dig dug 3 (the stroke began at 46,32, not 45,32). Each move then waits
// for the window to show its cell changed (see dragFrom).
func (a *app) paintDrag(b string, cells ...image.Point) {
	a.t.Helper()
	a.dragFrom(b, "stroke", cells...)
}

func (a *app) dragFrom(b, pressKind string, cells ...image.Point) {
	a.t.Helper()
	px, py := a.cellPixel(cells[0].X, cells[0].Y)
	a.move(px, py)
	a.act()
	a.xdo("mousedown", b)
	time.Sleep(200 * time.Millisecond)
	if pressKind != "" {
		if _, ok := a.wait(5*time.Second, pressKind, fmt.Sprintf("first=%d,%d", cells[0].X, cells[0].Y)); !ok {
			a.t.Logf("no %s line for the press at %v after 5 s", pressKind, cells[0])
		}
	}
	for i, c := range cells[1:] {
		x, y := a.cellPixel(c.X, c.Y)
		if pressKind != "" {
			// A stroke paints each cell as the pointer reaches it: the
			// next move waits until the window shows this one painted. A
			// fixed hold lost cells whenever a frame took longer (one run
			// in four under the full suite: a move merged with the next
			// turned a 4-cell dig into a diagonal of 2, and a release in
			// the frame that should have seen the last move lost it).
			before := a.pixel(x, y)
			a.move(x, y)
			if !a.pixelChanges(x, y, before, 5*time.Second) {
				a.t.Logf("cell %v still looks as before the move after 5 s", c)
			}
			continue
		}
		a.move(x, y)
		// The last cell is held as the first was (the release may come
		// in the frame that should have seen the last move).
		if i == len(cells)-2 {
			time.Sleep(200 * time.Millisecond)
		} else {
			time.Sleep(40 * time.Millisecond)
		}
	}
	a.xdo("mouseup", b)
	time.Sleep(80 * time.Millisecond)
}

// pixel returns the colour of window pixel (x, y) as ImageMagick's import
// prints it ("" when it cannot tell).
func (a *app) pixel(x, y int) string {
	a.t.Helper()
	out, err := exec.Command("import", "-window", a.win, "-crop", fmt.Sprintf("1x1+%d+%d", x, y), "txt:-").Output()
	if err != nil {
		a.t.Logf("import at %d,%d: %v", x, y, err)
		return ""
	}
	// "# ImageMagick pixel enumeration: …" then "0,0: (r,g,b)  #hex  name".
	_, px, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(px)
}

// pixelChanges waits up to timeout for window pixel (x, y) to differ from
// before, and says whether it did.
func (a *app) pixelChanges(x, y int, before string, timeout time.Duration) bool {
	a.t.Helper()
	if before == "" {
		time.Sleep(200 * time.Millisecond)
		return false
	}
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		if p := a.pixel(x, y); p != "" && p != before {
			return true
		}
	}
	return false
}

// all returns every log line.
func (a *app) all() []string {
	f, err := os.Open(a.log)
	if err != nil {
		return nil
	}
	defer f.Close()
	var all []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		all = append(all, sc.Text())
	}
	return all
}

// lines returns the log lines since the mark.
func (a *app) lines() []string {
	all := a.all()
	if a.mark > len(all) {
		return nil
	}
	return all[a.mark:]
}

// expect waits up to 15 s for a new log line of the given kind containing
// every want, consumes the log up to it and returns it.
func (a *app) expect(kind string, want ...string) string {
	a.t.Helper()
	l, ok := a.wait(15*time.Second, kind, want...)
	if !ok {
		a.t.Fatalf("no %q line with %v in the event log; new lines:\n%s", kind, want, strings.Join(a.lines(), "\n"))
	}
	return l
}

// wait is expect with a timeout that reports failure instead of failing.
func (a *app) wait(timeout time.Duration, kind string, want ...string) (string, bool) {
	a.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for i, l := range a.lines() {
			if a.used[a.mark+i] {
				continue
			}
			f := strings.Fields(l)
			if len(f) < 2 || f[1] != kind {
				continue
			}
			ok := true
			for _, w := range want {
				if !strings.Contains(l, w) {
					ok = false
				}
			}
			if ok {
				a.used[a.mark+i] = true
				return l, true
			}
		}
		select {
		case err := <-a.done:
			a.done <- err
			a.t.Fatalf("app exited (%v) while waiting for %q %v; stderr:\n%s\nlog:\n%s", err, kind, want, a.stderr, strings.Join(a.lines(), "\n"))
		default:
		}
		if time.Now().After(deadline) {
			return "", false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitView reads the next "view" line into the cell-to-pixel mapping.
func (a *app) waitView() {
	a.t.Helper()
	l := a.expect("view", "zoom=")
	for _, f := range strings.Fields(l) {
		k, v, _ := strings.Cut(f, "=")
		x, _ := strconv.ParseFloat(v, 64)
		switch k {
		case "zoom":
			a.zoom = x
		case "offx":
			a.offX = x
		case "offy":
			a.offY = x
		}
	}
	if a.zoom <= 0 {
		a.t.Fatalf("bad view line %q", l)
	}
}

// shot takes a screenshot with the app's key and checks the file.
func (a *app) shot(name string) {
	a.t.Helper()
	a.keep(a.press("F12", "screenshot", "path="), name)
}

// keep checks the screenshot a "screenshot" log line names and keeps it
// as the next numbered artefact, called name.
func (a *app) keep(l, name string) {
	a.t.Helper()
	path := l[strings.Index(l, "path=")+5:]
	if q, err := strconv.QuotedPrefix(path); err == nil {
		path, _ = strconv.Unquote(q)
	} else if i := strings.IndexByte(path, ' '); i >= 0 {
		path = path[:i] // then phase=… busy=…
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.out, path)
	}
	f, err := os.Open(path)
	if err != nil {
		a.t.Fatalf("screenshot %s: %v", path, err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		a.t.Fatalf("screenshot %s: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		a.t.Fatalf("screenshot %s is %v", path, b)
	}
	a.shots++
	dst := filepath.Join(a.out, fmt.Sprintf("%02d-%s.png", a.shots, name))
	if err := os.Rename(path, dst); err != nil {
		a.t.Fatal(err)
	}
}

// field returns the value of key in a log line.
func field(line, key string) string {
	// Scanned pair by pair, so text inside a quoted value (which may hold
	// spaces, "=" and other keys' names) is never taken for a key.
	for rest := line; rest != ""; {
		rest = strings.TrimLeft(rest, " ")
		k, v, ok := strings.Cut(rest, "=")
		if !ok || strings.Contains(k, " ") {
			// A word without "=" (the time, the kind): skip it.
			if i := strings.IndexByte(rest, ' '); i >= 0 {
				rest = rest[i:]
				continue
			}
			return ""
		}
		val, after := v, ""
		if strings.HasPrefix(v, `"`) {
			// A quoted value (the log quotes one with spaces): the whole
			// of it, unquoted. Splitting on spaces gave the first word with
			// its quote, so TestBigMapWhileBusy never matched the phase
			// "… the plan runs next frame…" it allows.
			if q, err := strconv.QuotedPrefix(v); err == nil {
				after = v[len(q):]
				if u, err := strconv.Unquote(q); err == nil {
					val = u
				}
			} else {
				val = v
			}
		} else if i := strings.IndexByte(v, ' '); i >= 0 {
			val, after = v[:i], v[i:]
		}
		if k == key {
			return val
		}
		rest = after
	}
	return ""
}

func num(t *testing.T, line, key string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(field(line, key), 64)
	if err != nil {
		t.Fatalf("%s in %q: %v", key, line, err)
	}
	return v
}

// TestWindow is a user session: open a built-in scenario, drag the goal,
// dig across a corridor with HPA* on, switch the heuristic and exclusion,
// step the search back and forth, try bad input, and quit with unsaved
// edits (the app asks first).
func TestWindow(t *testing.T) {
	need(t)
	a := start(t, "-scenario", "builtin:world")
	plan := a.expect("plan", "algo=astar", "from=23,30", "to=125,65", "status=found")
	cost0 := num(t, plan, "cost")
	a.geometry()
	a.shot("opened")

	// Drag the goal from (125,65) to (125,40) in a few steps.
	a.drag("1", image.Pt(125, 65), image.Pt(125, 60), image.Pt(125, 50), image.Pt(125, 40))
	plan = a.expect("plan", "to=125,40", "status=found")
	if c := num(t, plan, "cost"); c == cost0 {
		t.Errorf("the goal moved but the cost stayed %v", c)
	}
	a.shot("goal-dragged")

	// HPA*, then dig through the building's east wall (x 45..46, two thick)
	// at rows 32..33.
	a.press("4", "switch", "name=algo", "value=hpa")
	a.expect("plan", "algo=hpa", "status=found")
	a.press("d", "tool", "name=paint")
	a.paintDrag("1", image.Pt(45, 32), image.Pt(46, 32), image.Pt(46, 33), image.Pt(45, 33))
	edit := a.expect("edit", "kind=dig")
	if n := num(t, edit, "cells"); n != 4 {
		t.Errorf("dig changed %v cells, want 4: %s", n, edit)
		for _, l := range a.all() {
			t.Log(l)
		}
	}
	rep := a.expect("repair", "rebuilt=off")
	if num(t, rep, "dirty") < 1 {
		t.Errorf("the repair touched no cluster: %s", rep)
	}
	a.expect("plan", "algo=hpa", "status=found")
	a.shot("dug")
	// The flash fades after 2 s; Shift+R brings the repair back and holds
	// it (the picture shows the yellow clusters and the map note), again
	// lets it fade.
	time.Sleep(2500 * time.Millisecond)
	a.press("shift+r", "overlay", "name=repair", "on=on")
	a.shot("repair-held")
	a.press("shift+r", "overlay", "name=repair", "on=off")

	// Heuristic switch (back on A*), then exclusion on the group hierarchy.
	a.press("1", "plan", "algo=astar")
	a.press("h", "switch", "name=heuristic", "value=euclidean")
	a.expect("plan", "heuristic=euclidean")
	a.press("5", "plan", "algo=group")
	a.press("x", "switch", "name=exclusion", "value=on")
	a.expect("plan", "algo=group", "exclusion=on")
	a.shot("exclusion")

	// Step the search: to the start, forward, back, next phase.
	a.press("Home", "seek", "cursor=0 ")
	for i := 1; i <= 3; i++ {
		a.press("Right", "step", fmt.Sprintf("cursor=%d ", i))
	}
	a.press("Left", "step", "cursor=2 ")
	ph := a.press("period", "phase")
	if num(t, ph, "cursor") <= 2 {
		t.Errorf("next phase did not move forward: %s", ph)
	}
	a.shot("stepped")
	a.press("End", "seek")

	// Bad input: a click on a wall and one outside the map. The wall is
	// inside a block of walls: under 6 px a cell a click on a wall beside
	// open cells means the nearest of them (snapOpen), and the fitted map
	// (under the legend's margin) is 5.9 px a cell here.
	a.press("q", "tool", "name=query")
	a.clickFor("1", 11, 85, "error", "blocked")
	// Just above the map's top edge: the map fills the window's width, so a
	// cell left of it would lie outside the window, where the click is not
	// the app's at all (it flaked so, with the window placed off x=0).
	a.clickFor("1", 5, -1, "error", "outside")

	// Undo the dig, then redo it.
	a.press("ctrl+z", "undo", "kind=dig")
	a.press("ctrl+y", "redo", "kind=dig", "dirty=on")

	// Quit with unsaved edits: the app asks; D discards and quits.
	a.key("ctrl+q")
	time.Sleep(300 * time.Millisecond)
	a.shot("asks-before-quit")
	a.press("d", "discard")
	select {
	case err := <-a.done:
		a.done <- err
		if err != nil {
			t.Fatalf("app exited with %v; stderr:\n%s", err, a.stderr)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the app did not quit after discarding")
	}
}

// TestMalformedFile opens a broken map: the app must not crash, and must
// show and log a message naming the file and line.
func TestMalformedFile(t *testing.T) {
	need(t)
	bad := filepath.Join(t.TempDir(), "broken.map")
	os.WriteFile(bad, []byte("type octile\nheight 3\nwidth 4\nmap\n....\n..\n....\n"), 0o644)
	a := start(t, "-map", bad)
	l := a.expect("error", "broken.map")
	if !strings.Contains(l, ":6") && !strings.Contains(l, "line") {
		t.Errorf("the error should name the line: %s", l)
	}
	a.shot("malformed-file")
	a.key("ctrl+q")
	select {
	case <-a.done:
	case <-time.After(15 * time.Second):
		t.Fatal("the app did not quit")
	}
}

// TestAgents is the agents' user story: spawn an agent, send it down the
// building's corridor, wall the corridor off in front of it, and watch it
// replan; a screenshot of that is kept.
func TestAgents(t *testing.T) {
	need(t)
	a := start(t, "-scenario", "builtin:world", "-algo", "hpa", "-layers", "weights,borders,plans,segments", "-nolegend")
	a.expect("plan", "algo=hpa")
	a.press("t", "tool", "name=agents")
	a.clickFor("1", 23, 8, "agent", "action=spawn", "at=23,8")
	// The new agent is selected: the next click sends it.
	a.clickFor("1", 24, 58, "agent", "action=send", "goal=24,58")
	// Wall the corridor (x 22..25) off at row 40, in front of the agent.
	time.Sleep(400 * time.Millisecond)
	a.paintDrag("3", image.Pt(22, 40), image.Pt(23, 40), image.Pt(24, 40), image.Pt(25, 40))
	a.expect("edit", "kind=fill")
	rp := a.expect("replan", "agent=0", "reason=world_changed")
	t.Logf("replan: %s", rp)
	time.Sleep(500 * time.Millisecond)
	a.shot("agent-replanned")
	// Shift+U: the agents' HPA* plans refine only the next segment; the
	// agent, still on its way round, replans with the lazy planner.
	a.press("shift+u", "switch", "name=agent_refine", "value=lazy")
	a.expect("replan", "agent=0")
	a.shot("agent-lazy")
	a.press("u", "agent", "action=clock")
}

// TestControls presses every key of the help screen (and the mouse
// gestures) once and checks that the app did what the help says, from
// the event log: the help screen is generated from the same table.
func TestControls(t *testing.T) {
	need(t)
	a := start(t, "-scenario", "builtin:world")
	a.expect("plan", "algo=astar")
	steps := []struct {
		key  string
		kind string
		want []string
	}{
		// Layers.
		{"w", "layer", []string{"name=weights", "on=off"}},
		{"w", "layer", []string{"name=weights", "on=on"}},
		{"b", "layer", []string{"name=borders"}},
		{"r", "layer", []string{"name=regions"}},
		{"g", "layer", []string{"name=groups", "on=on"}},
		{"n", "layer", []string{"name=nodes"}},
		{"e", "layer", []string{"name=edges", "on=on"}},
		{"c", "layer", []string{"name=components", "on=on"}},
		{"s", "layer", []string{"name=search", "on=off"}},
		{"s", "layer", []string{"name=search", "on=on"}},
		{"p", "layer", []string{"name=plans"}},
		{"y", "layer", []string{"name=segments"}},
		{"shift+x", "layer", []string{"name=excluded"}},
		{"a", "layer", []string{"name=parents", "on=on"}},
		{"v", "layer", []string{"name=values"}},
		{"o", "layer", []string{"name=compare", "on=on"}},
		// Algorithms and switches.
		{"2", "plan", []string{"algo=dijkstra"}},
		{"3", "plan", []string{"algo=greedy"}},
		{"1", "plan", []string{"algo=astar"}},
		{"h", "switch", []string{"name=heuristic", "value=euclidean"}},
		{"8", "switch", []string{"name=nb", "value=4"}},
		{"8", "switch", []string{"name=nb", "value=8"}},
		{"4", "plan", []string{"algo=hpa"}},
		{"bracketright", "switch", []string{"name=cluster", "value=12"}},
		{"bracketleft", "switch", []string{"name=cluster", "value=10"}},
		{"shift+bracketright", "switch", []string{"name=levels", "value=3"}},
		{"shift+bracketleft", "switch", []string{"name=levels", "value=2"}},
		{"z", "switch", []string{"name=smooth", "value=off"}},
		{"z", "switch", []string{"name=smooth", "value=on"}},
		{"l", "switch", []string{"name=view_level", "value=2"}},
		{"5", "plan", []string{"algo=group"}},
		{"m", "switch", []string{"name=cost", "value=maximin"}},
		{"x", "switch", []string{"name=exclusion", "value=on"}},
		// Playback.
		{"Home", "seek", []string{"cursor=0 "}},
		{"shift+Right", "step", []string{"cursor=100 "}},
		{"shift+Left", "step", []string{"cursor=0 "}},
		{"Next", "phase", []string{"phase="}},
		{"Prior", "phase", []string{"cursor=0 "}},
		{"End", "seek", []string{"phase="}},
		{"Up", "switch", []string{"name=speed", "value=500"}},
		{"Down", "switch", []string{"name=speed", "value=200"}},
		{"space", "play", []string{"playing=on"}},
		{"space", "play", []string{"playing=off"}},
		// Tools and agents.
		{"d", "tool", []string{"name=paint"}},
		{"i", "tool", []string{"name=inspect"}},
		{"t", "tool", []string{"name=agents"}},
		{"q", "tool", []string{"name=query"}},
		{"shift+w", "switch", []string{"name=brush", "value=6"}},
		{"u", "agent", []string{"action=clock", "running=on"}},
		{"u", "agent", []string{"action=clock", "running=off"}},
		{"shift+u", "switch", []string{"name=agent_refine", "value=lazy"}},
		{"shift+u", "switch", []string{"name=agent_refine", "value=eager"}},
		// View and overlays.
		{"k", "overlay", []string{"name=legend", "on=off"}},
		{"k", "overlay", []string{"name=legend", "on=on"}},
		{"F1", "overlay", []string{"name=help", "on=on"}},
		{"Escape", "overlay", []string{"name=help", "on=off"}},
		{"F2", "overlay", []string{"name=gallery", "on=on"}},
		{"Escape", "overlay", []string{"name=gallery", "on=off"}},
		{"ctrl+equal", "switch", []string{"name=ui_scale", "value=1.25"}},
		{"ctrl+0", "switch", []string{"name=ui_scale", "value=1"}},
		{"ctrl+minus", "switch", []string{"name=ui_scale", "value=0.75"}},
		{"ctrl+0", "switch", []string{"name=ui_scale", "value=1"}},
		{"F12", "screenshot", []string{"path="}},
		{"ctrl+s", "save", []string{"path=world.pls"}},
	}
	for _, s := range steps {
		a.press(s.key, s.kind, s.want...)
	}
	// Mouse: J spawns under the mouse, the wheel zooms, F fits again, Tab
	// hides the panel (the map is refitted), the middle button pans.
	px, py := a.cellPixel(30, 30)
	a.move(px, py)
	a.press("j", "agent", "action=spawn", "at=30,30")
	zoom0 := a.zoom
	a.act()
	a.xdo("click", "4")
	time.Sleep(150 * time.Millisecond)
	a.xdo("click", "4")
	a.waitView()
	if a.zoom <= zoom0 {
		t.Errorf("wheel up did not zoom in: %v → %v", zoom0, a.zoom)
	}
	a.act()
	a.xdo("mousedown", "2")
	time.Sleep(150 * time.Millisecond)
	for i := 1; i <= 4; i++ {
		a.move(px+20*i, py+10*i)
		time.Sleep(120 * time.Millisecond)
	}
	a.xdo("mouseup", "2")
	offx := a.offX
	a.waitView()
	if a.offX == offx {
		t.Errorf("middle-drag did not pan")
	}
	a.press("f", "view", "zoom=")
	a.press("Tab", "overlay", "name=panel", "on=off")
	a.waitView()
	// The gallery opens a built-in case by its number. The session was
	// saved above, but the agent spawned since is unsaved: it asks first,
	// and D discards it.
	a.press("F2", "overlay", "name=gallery", "on=on")
	a.press("2", "ask", `unsaved="unsaved agents"`)
	a.press("d", "load", "source=builtin:")
	a.expect("discard", "edits=0", "agents=on")
	// F3 and Shift+F3 step through a scenario's queries (textbook-groups
	// has two).
	a.press("F2", "overlay", "name=gallery", "on=on")
	a.press("5", "load", "source=builtin:textbook-groups", "queries=2")
	a.press("F3", "query", "index=2", "of=2")
	a.expect("plan", "from=0,4")
	a.press("shift+F3", "query", "index=1", "of=2")
	a.expect("plan", "from=0,0")
	a.shot("controls-done")
}

// TestNoDisplay runs the app with no X display, as on a server or over
// ssh: -h and -keys answer, a bad flag is named, and a plain start says
// why no window opens. None of them may end in Ebiten's start-up panic
// (internal/preflight runs first).
func TestNoDisplay(t *testing.T) {
	bin := buildApp(t, moduleRoot(t))
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") {
			env = append(env, kv)
		}
	}
	cases := []struct {
		args      []string
		code      int
		out, errs string
	}{
		{[]string{"-h"}, 0, "", "-scenario"},
		{[]string{"-keys"}, 0, "| keys | action |", ""},
		{[]string{"-bogus"}, 2, "", "-bogus"},
		{[]string{"-map", "nope.map"}, 2, "", "no display"},
	}
	for _, c := range cases {
		cmd := exec.Command(bin, c.args...)
		cmd.Env = env
		var out, errs strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errs
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code || strings.Contains(errs.String(), "panic") || !strings.Contains(out.String(), c.out) || !strings.Contains(errs.String(), c.errs) {
			t.Errorf("pathlens %q without DISPLAY: exit %d, stdout %.100q, stderr %.300q; want exit %d mentioning %q / %q", c.args, code, out.String(), errs.String(), c.code, c.out, c.errs)
		}
	}
}

// TestShotBadInput runs -shot the way a script does. A start cell in a
// wall, a file that cannot be read and a -center off the map used to exit
// 0 with nothing on the terminal (the -center one silently drew an empty
// view): each is now named on stderr, and a picture of something other
// than what was asked for exits 1. A -pin, -from or -to off the map is
// refused the same way as -center; when the map failed to load, they are
// dropped (named on stderr) instead of judged against the built-in world.
func TestShotBadInput(t *testing.T) {
	need(t)
	bin := buildApp(t, moduleRoot(t))
	dir := t.TempDir()
	tall := filepath.Join(dir, "tall.txt") // 10×200, open
	if err := os.WriteFile(tall, []byte(strings.Repeat(strings.Repeat(".", 10)+"\n", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	// A malformed .scen for a map that loads (the third line is cut
	// short): the map opens without the rows, as a bad -map opens the
	// built-in world, with the error naming file and line (it exited 2,
	// with no window).
	wrongScen := filepath.Join(dir, "wrong.scen")
	if err := os.WriteFile(wrongScen, []byte("version 1\n0\ttall.txt\t10\t200\t1\t1\t2\t2\t1.41421356\n0 tall.txt 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args  []string
		code  int
		errs  string
		drawn bool
		size  image.Point // the picture's size in pixels, when checked
	}{
		{[]string{"-map", tall, "-scen", wrongScen}, 1, "-scen: " + wrongScen + ":3: ", true, image.Point{}},
		{[]string{"-map", tall, "-scen", wrongScen, "-query", "2"}, 1, "-query 2 ignored: a row of " + wrongScen + ", which did not load", true, image.Point{}},
		{[]string{"-from", "0,0"}, 1, "cell (0,0) is blocked", true, image.Point{}},
		{[]string{"-map", filepath.Join(dir, "missing.map")}, 1, "missing.map", true, image.Point{}},
		{[]string{"-zoom", "8", "-center", "9999,9999"}, 2, "-center 9999,9999: outside the 128×96 map", false, image.Point{}},
		{[]string{"-pin", "128,5"}, 2, "-pin 128,5: outside the 128×96 map", false, image.Point{}},
		{[]string{"-from", "600,5", "-to", "3,3"}, 2, "-from 600,5: outside the 128×96 map", false, image.Point{}},
		{[]string{"-to", "3,-1"}, 2, "-to 3,-1: outside the 128×96 map", false, image.Point{}},
		// Cells of a map that did not load are not judged against the
		// built-in world shown instead (that exited 2 over -center).
		{[]string{"-map", filepath.Join(dir, "gone.map"), "-zoom", "8", "-center", "300,300", "-from", "1,1"}, 1, "-center 300,300, -from 1,1 ignored: cells of " + filepath.Join(dir, "gone.map") + ", which did not load", true, image.Point{}},
		{[]string{"-map", filepath.Join(dir, "gone.map"), "-scen", filepath.Join(dir, "gone.map.scen")}, 1, "-scen " + filepath.Join(dir, "gone.map.scen") + " ignored: its rows are for", true, image.Point{}},
		// A typo is one whether or not the map loads.
		{[]string{"-map", filepath.Join(dir, "gone.map"), "-pin", "abc"}, 2, `-pin: "abc": want X,Y`, false, image.Point{}},
		{nil, 0, "", true, image.Point{}},
		// Regression (new-user test, then review): -size allows 16384 a
		// side, but a 12000×8000 window panicked drawing its first route,
		// and, once the map area was checked, a 1200×8250 one still did:
		// Ebiten antialiases a shape through an offscreen twice its bounds
		// clipped to the whole screen, past the GPU's largest texture. Here
		// a route runs the length of a tall map zoomed past its fit. Only a
		// real window shows it (the limit comes from the driver).
		{[]string{"-map", tall, "-from", "5,0", "-to", "5,199", "-size", "1200x8250", "-zoom", "43", "-center", "5,100"}, 0, "", true, image.Point{}},
		// The picture is the window's size at any UI scale: at 200 % it
		// was the half-size screen the window enlarges (640×400 for a
		// 1280×800 window).
		{[]string{"-ui-scale", "2", "-size", "800x500"}, 0, "", true, image.Pt(800, 500)},
		{[]string{"-ui-scale", "1.5", "-size", "800x500"}, 0, "", true, image.Pt(800, 500)},
	}
	for i, c := range cases {
		shot := filepath.Join(dir, fmt.Sprintf("shot%d.png", i))
		cmd := exec.Command(bin, append(append([]string{}, c.args...), "-shot", shot)...)
		var errs strings.Builder
		cmd.Stderr = &errs
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		_, statErr := os.Stat(shot)
		if code != c.code || !strings.Contains(errs.String(), c.errs) || (statErr == nil) != c.drawn {
			t.Errorf("pathlens %q -shot: exit %d, picture written %v, stderr %.300q; want exit %d, picture %v, stderr naming %q",
				c.args, code, statErr == nil, errs.String(), c.code, c.drawn, c.errs)
		}
		if strings.Contains(errs.String(), "click") {
			// A -shot has no window to click in (a blocked -from said
			// "the window shows it: click an open cell").
			t.Errorf("pathlens %q -shot: stderr %.300q tells the user to click", c.args, errs.String())
		}
		if c.size != (image.Point{}) && statErr == nil {
			if got := pngSize(t, shot); got != c.size {
				t.Errorf("pathlens %q -shot: a %v picture, want %v (the window's size)", c.args, got, c.size)
			}
		}
	}
}

// pngSize is the size of the PNG picture at path.
func pngSize(t *testing.T, path string) image.Point {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return image.Pt(cfg.Width, cfg.Height)
}

// TestGIFRecording runs -gif the way a lecturer making slides does: the
// file holds the asked number of frames at the window's size (at 200 % as
// well), its last picture is the finished query as a -shot of the same
// window draws it (the map and the bars; the panel's query time differs
// from run to run), and bad requests are refused by name before anything
// runs.
func TestGIFRecording(t *testing.T) {
	need(t)
	bin := buildApp(t, moduleRoot(t))
	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		var errs strings.Builder
		cmd.Stderr = &errs
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), errs.String()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, errs.String()
	}
	for _, c := range []struct {
		args  []string
		size  image.Point
		scale int
	}{
		{[]string{"-size", "800x500"}, image.Pt(800, 500), 1},
		{[]string{"-size", "1400x760", "-ui-scale", "2"}, image.Pt(1400, 760), 2},
	} {
		anim, shot := filepath.Join(dir, "run.gif"), filepath.Join(dir, "run.png")
		if code, errs := run(append([]string{"-gif", anim, "-gif-frames", "12"}, c.args...)...); code != 0 {
			t.Fatalf("pathlens %q -gif: exit %d, stderr %.300q", c.args, code, errs)
		}
		if code, errs := run(append([]string{"-shot", shot}, c.args...)...); code != 0 {
			t.Fatalf("pathlens %q -shot: exit %d, stderr %.300q", c.args, code, errs)
		}
		f, err := os.Open(anim)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", anim, err)
		}
		if len(g.Image) != 12 || image.Pt(g.Config.Width, g.Config.Height) != c.size {
			t.Errorf("pathlens %q -gif: %d frames of %d×%d, want 12 of %v", c.args, len(g.Image), g.Config.Width, g.Config.Height, c.size)
			continue
		}
		last := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
		for _, p := range g.Image {
			draw.Draw(last, p.Rect, p, p.Rect.Min, draw.Over)
		}
		pf, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(pf)
		pf.Close()
		if err != nil {
			t.Fatal(err)
		}
		// The left half of the map, between the top bar and the timeline
		// bar (30 and 56 px at scale 1): a recording leaves the controls
		// out of those bars (the tool, "paused", the speed), and the
		// panel's query time is measured anew by each run (its wrapping
		// moves the rows below it). A GIF frame has at most 256 colours: a
		// pixel of the others (the anti-aliased edges of text, markers and
		// the path) becomes the nearest, so a pixel differs when a channel
		// is off by more than that.
		diff, half := 0, c.size.X/2
		y0, y1 := 30*c.scale, c.size.Y-56*c.scale
		off := func(a, b uint32) bool { return a>>8 > b>>8+24 || b>>8 > a>>8+24 }
		for y := y0; y < y1; y++ {
			for x := 0; x < half; x++ {
				r1, g1, b1, _ := last.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if off(r1, r2) || off(g1, g2) || off(b1, b2) {
					diff++
				}
			}
		}
		if diff > half*(y1-y0)/1000 {
			t.Errorf("pathlens %q: %d of %d pixels of the left half of the GIF's last picture's map differ from a -shot's", c.args, diff, half*(y1-y0))
		}
	}
	bare := filepath.Join(dir, "bare.txt")
	if err := os.WriteFile(bare, []byte("....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		errs string
	}{
		{[]string{"-gif", filepath.Join(dir, "x.png")}, "-gif \"" + filepath.Join(dir, "x.png") + "\": want a .gif file"},
		{[]string{"-gif", filepath.Join(dir, "x.gif"), "-shot", filepath.Join(dir, "x.png")}, "-gif with -shot"},
		{[]string{"-gif", filepath.Join(dir, "x.gif"), "-cursor", "0.5"}, "-gif with -cursor"},
		{[]string{"-gif-frames", "1"}, "-gif-frames 1: want 2 to"},
		{[]string{"-gif", filepath.Join(dir, "no", "x.gif")}, "-gif " + filepath.Join(dir, "no", "x.gif")},
		// A map alone has no query: said at once, as for -cursor (it ended
		// at the first frame with "plan a query first").
		{[]string{"-map", bare, "-gif", filepath.Join(dir, "x.gif")}, "there is no query to record: give one with -from X,Y -to X,Y"},
	} {
		if code, errs := run(c.args...); code != 2 || !strings.Contains(errs, c.errs) {
			t.Errorf("pathlens %q: exit %d, stderr %.300q; want 2 naming %q", c.args, code, errs, c.errs)
		}
	}
}

// TestScenRows opens a Moving AI map with its .scen list: the rows become
// the session's queries (the first is planned, F3 steps on, see
// TestControls), and a list for another map is shown as an error naming
// its line, over the map without the rows.
func TestScenRows(t *testing.T) {
	need(t)
	dir := os.Getenv("PATHLENS_MAPS")
	if dir == "" {
		dir = filepath.Join(moduleRoot(t), "..", "shared", "maps", "movingai")
	}
	mapFile, scen := filepath.Join(dir, "AR0011SR.map"), filepath.Join(dir, "AR0011SR.map.scen")
	if _, err := os.Stat(scen); err != nil {
		t.Skipf("no Moving AI maps at %s ($PATHLENS_MAPS or ../shared/maps/movingai): %v", dir, err)
	}
	bin := buildApp(t, moduleRoot(t))
	tmp := t.TempDir()
	run := func(args ...string) (int, string, string) {
		log := filepath.Join(tmp, "events.log")
		os.Remove(log)
		cmd := exec.Command(bin, append(args, "-log", log, "-shot", filepath.Join(tmp, "shot.png"))...)
		var errs strings.Builder
		cmd.Stderr = &errs
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(log)
		return code, errs.String(), string(b)
	}
	code, errs, log := run("-map", mapFile, "-scen", scen)
	if code != 0 || !strings.Contains(log, "queries=1280") || !strings.Contains(log, "from=210,395 to=87,201 status=found") {
		t.Errorf("-scen %s: exit %d, stderr %.200q, log:\n%.600s", scen, code, errs, log)
	}
	// A list for another map is a file that fails to load: the window
	// opens on the map without its rows, showing and logging the error
	// (the picture shows it, so a -shot exits 1), as for a bad -map.
	code, errs, log = run("-scen", filepath.Join(dir, "arena.map.scen")) // the built-in world is 128×96
	if code != 1 || !strings.Contains(errs, "arena.map.scen:2: the row is for a 49×49 map") || !strings.Contains(log, "arena.map.scen:2: the row is for a 49×49 map") {
		t.Errorf("-scen for another map: exit %d, stderr %.300q, log:\n%.600s; want 1 naming the file and line, and the error logged", code, errs, log)
	}
}

// keysTogether holds keys down together (xdotool names), so the app sees
// them in one frame: an action and the screenshot key, for a picture of
// the frame the action started.
func (a *app) keysTogether(keys ...string) {
	a.t.Helper()
	a.act()
	a.xdo(append([]string{"keydown"}, keys...)...)
	// 400 ms, twice key's: the first key's action may hold the frame up
	// (a switch on a 512×512 map), and a key that goes up before the next
	// frame is lost. X's auto-repeat starts at 660 ms.
	time.Sleep(400 * time.Millisecond)
	a.xdo(append([]string{"keyup"}, keys...)...)
	time.Sleep(150 * time.Millisecond)
}

// shotAfter returns the screenshot line of the F12 pressed together with
// a switch (pressTogether); when the switch was seen but the F12 was not
// (the switch's frame outlasted the press), F12 is pressed again, and the
// picture shows whatever state the session is in by then.
func (a *app) shotAfter() string {
	a.t.Helper()
	if l, ok := a.wait(6*time.Second, "screenshot", "path="); ok {
		return l
	}
	a.t.Log("F12 went unseen with the switch: pressed again")
	mark := a.mark // the switch's build and plan lines, maybe logged already, are still to expect
	l := a.press("F12", "screenshot", "path=")
	a.mark = mark
	return l
}

// pressTogether is keysTogether until a line of kind with every want
// follows, as press is for one key: a press the app never saw (on a loaded
// machine TestBigMapWhileBusy's switch and F12 both went unseen: no line
// at all after them) is pressed again, up to three times. It returns that
// line; the lines after the press (the screenshot's) are still to expect.
func (a *app) pressTogether(kind string, want []string, keys ...string) string {
	a.t.Helper()
	for try := 1; ; try++ {
		a.keysTogether(keys...)
		if l, ok := a.wait(6*time.Second, kind, want...); ok {
			if try > 1 {
				a.t.Logf("keys %v needed %d presses", keys, try)
			}
			return l
		}
		if try == 3 || len(a.lines()) > 0 {
			// Seen but slow (a line came): pressed again, ] would move
			// the cluster size on once more.
			return a.expect(kind, want...)
		}
	}
}

// movingAIMap returns the path of a Moving AI map, or skips.
func movingAIMap(t *testing.T, name string) string {
	dir := os.Getenv("PATHLENS_MAPS")
	if dir == "" {
		dir = filepath.Join(moduleRoot(t), "..", "shared", "maps", "movingai")
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no Moving AI maps at %s ($PATHLENS_MAPS or ../shared/maps/movingai): %v", dir, err)
	}
	return p
}

// On maze512 (above 256×256) hierarchies are built in the background. A
// picture taken with the key that switched the algorithm or the cluster
// size (usually in the same frame; the group build takes 300-700 ms, HPA*'s
// 15-30) shows the session busy and must say what it is doing, not
// "answered without search events" (what the top bar said before it knew
// the session could be busy); once the answer is in, the next picture
// shows the finished query. A -shot of the same query waits for the real
// answer.
func TestBigMapWhileBusy(t *testing.T) {
	need(t)
	maze := movingAIMap(t, "maze512-16-0.map")
	a := start(t, "-map", maze, "-from", "500,500", "-to", "8,300")
	a.expect("plan", "algo=astar", "status=found")
	busy := 0
	// check fails unless the picture's log line l is consistent: busy and
	// naming the work of what, or idle and finished.
	check := func(l, what string) {
		t.Helper()
		switch {
		case strings.Contains(l, "busy=on"):
			busy++
			// Between the build and the plan (one frame) the bar says the
			// hierarchy is built and the plan runs next frame.
			if ph := field(l, "phase"); !strings.Contains(l, what) && !strings.Contains(ph, "planning") && !strings.Contains(ph, "recording") &&
				!strings.Contains(ph, "the plan runs next frame") {
				t.Errorf("a picture of the busy session does not say what it does (want %q): %s", what, l)
			}
		case !strings.Contains(l, `phase="finished`):
			t.Errorf("a picture of the idle session does not show the finished query: %s", l)
		}
		if strings.Contains(l, "without search events") {
			t.Errorf("a picture says the query was answered without search events: %s", l)
		}
	}
	for _, c := range []struct{ key, algo, name string }{{"5", "group", "group hierarchy"}, {"4", "hpa", "HPA* hierarchy"}} {
		a.pressTogether("switch", []string{"name=algo", "value=" + c.algo}, c.key, "F12")
		l := a.shotAfter()
		a.keep(l, c.algo+"-building")
		check(l, "building the "+c.name)
		a.expect("build", "hierarchy="+c.algo)
		a.expect("plan", "algo="+c.algo, "status=found")
		a.shot(c.algo + "-built")
		l = a.all()[len(a.all())-1]
		if !strings.Contains(l, "busy=off") {
			t.Errorf("the picture after the %s plan: %s", c.algo, l)
		}
		check(l, "")
	}
	// A larger cluster: a new build.
	a.pressTogether("switch", []string{"name=cluster", "value=12"}, "bracketright", "F12")
	l := a.shotAfter()
	a.keep(l, "cluster-building")
	check(l, "building the HPA* hierarchy")
	a.expect("build", "hierarchy=hpa", "cluster=12")
	if busy == 0 {
		t.Log("no picture caught the session busy (slow frames): only their consistency was checked")
	}

	// -shot waits for the build, the plan and the optimal reference.
	shot := filepath.Join(t.TempDir(), "shot.png")
	log := filepath.Join(t.TempDir(), "shot.log")
	cmd := exec.Command(filepath.Join(filepath.Dir(a.cmd.Path), "pathlens"), "-map", maze, "-from", "500,500", "-to", "8,300",
		"-algo", "group", "-shot", shot, "-log", log, "-size", "1200x760")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("-shot: %v\n%s", err, b)
	}
	b, _ := os.ReadFile(log)
	for _, want := range []string{"build hierarchy=group", "plan algo=group from=500,500 to=8,300 status=found", "optimal status=found"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("-shot's log lacks %q:\n%s", want, b)
		}
	}
}

// field reads plain and quoted values of the event log's lines.
func TestField(t *testing.T) {
	l := `2026-11-21T23:40:58.439Z screenshot path=/tmp/a.png phase="the HPA* hierarchy is built, the plan runs next frame…" busy=on note="say \"hi\" busy=off" tail=1`
	for key, want := range map[string]string{
		"path":  "/tmp/a.png",
		"phase": "the HPA* hierarchy is built, the plan runs next frame…",
		"busy":  "on",
		"note":  `say "hi" busy=off`,
		"tail":  "1",
		"none":  "",
	} {
		if got := field(l, key); got != want {
			t.Errorf("field %s = %q, want %q", key, got, want)
		}
	}
}
