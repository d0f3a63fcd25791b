package game

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// Ctrl+R takes the room tool, which turns the regions layer on. A drag
// from a cell in no room paints a new room with the brush, one from
// inside a room grows it, Shift takes cells out; each is one undo step,
// and the top bar's caption names the room while the button is held.
// Under HPA* the release says that only the group hierarchy reads rooms.
func TestRoomToolPaintsGrowsAndUndoes(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	var held heldKeys
	fakeKeys(t, &held)
	g.layers = g.layers.With(render.LayerRegions, false)
	press(g, &held, ebiten.KeyControl, ebiten.KeyR)
	if g.tool.Name() != "rooms" || !g.layers.Has(render.LayerRegions) {
		t.Fatalf("Ctrl+R: tool %q, regions layer %v; want the room tool with its layer on", g.tool.Name(), g.layers.Has(render.LayerRegions))
	}
	if r, _ := g.panelRow("tool"); !strings.Contains(r.Keys, "^R") {
		t.Errorf("the tool row's keys %q do not name Ctrl+R", r.Keys)
	}
	w := g.w
	level := max(1, g.viewLevel)
	var free image.Point
	found := false
	for y := 2; y < w.Grid.Height()-2 && !found; y++ {
		for x := 2; x < w.Grid.Width()-2 && !found; x++ {
			if p := image.Pt(x, y); w.RoomAt(p, level) == world.NoRoom && w.RoomAt(p.Add(image.Pt(1, 0)), level) == world.NoRoom {
				free, found = p, true
			}
		}
	}
	if !found {
		t.Fatal("no cell in no room on the built-in world")
	}
	letter, _ := w.FreeRoom(level)
	steps := w.CanUndo()
	rooms := g.tools[4]
	rooms.Press(g, free, false)
	f := render.Frame{}
	g.strokeFrame(&f)
	if want := "painting room " + string(letter); !strings.HasPrefix(f.Caption, want) {
		t.Errorf("caption %q during the stroke, want it to start %q", f.Caption, want)
	}
	rooms.Drag(g, free.Add(image.Pt(1, 0)))
	rooms.Release(g, free.Add(image.Pt(1, 0)))
	if w.RoomAt(free, level) != letter || w.RoomAt(free.Add(image.Pt(1, 0)), level) != letter {
		t.Fatalf("the stroke from %v did not make room %c", free, letter)
	}
	// Grow it from inside, then take the first cell out.
	rooms.Press(g, free.Add(image.Pt(1, 0)), false)
	rooms.Drag(g, free.Add(image.Pt(1, 1)))
	rooms.Release(g, free.Add(image.Pt(1, 1)))
	if w.RoomAt(free.Add(image.Pt(1, 1)), level) != letter {
		t.Fatalf("a stroke from inside room %c did not grow it", letter)
	}
	rooms.Press(g, free, true)
	rooms.Release(g, free)
	if w.RoomAt(free, level) != world.NoRoom {
		t.Fatal("Shift+stroke left the cell in its room")
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyZ)
	if w.RoomAt(free, level) != letter {
		t.Fatal("Ctrl+Z did not bring the cell back into its room")
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyZ)
	press(g, &held, ebiten.KeyControl, ebiten.KeyZ)
	if w.RoomAt(free, level) != world.NoRoom || w.CanUndo() != steps {
		t.Fatal("three undos did not take the three room strokes back")
	}

	w.SetAlgo(world.AlgoHPA)
	rooms.Press(g, free, false)
	rooms.Release(g, free)
	// "(5)" read as a count of groups: the key is named as a key, the
	// algorithm by its title (it said "hpa").
	if want := "rooms make the group hierarchy's groups (key 5): HPA* does not read them"; !strings.Contains(w.Message, want) {
		t.Errorf("rooms painted under HPA*: message %q, want %q", w.Message, want)
	}
}

// From a review and a designer's test: Ctrl+S in the middle of a room drag
// ended the stroke at once (the rest of the drag painted nothing), and
// Ctrl+Z during a stroke that had changed no cell undid the stroke before
// it (the room painted just before was deleted).
func TestRoomToolSaveAndUndoMidStroke(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	w := g.w
	w.SaveTo = filepath.Join(t.TempDir(), "rooms.pls")
	g.setTool(g.tools[4])
	rooms := g.tools[4]
	level := max(1, g.viewLevel)
	var a image.Point
	for y := 5; y < w.Grid.Height()-5; y++ {
		if p := image.Pt(10, y); w.RoomAt(p, level) == world.NoRoom {
			a = p
			break
		}
	}
	rooms.Press(g, a, false)
	g.save()
	rooms.Drag(g, a.Add(image.Pt(3, 0)))
	if _, _, _, ok := w.RoomPainting(); !ok || !g.saveAtEnd {
		t.Fatalf("Ctrl+S mid room stroke: painting %v, save waiting %v; want the stroke to go on and the save to wait", ok, g.saveAtEnd)
	}
	rooms.Release(g, a.Add(image.Pt(3, 0)))
	g.saveAfterStroke()
	letter := w.RoomAt(a, level)
	if letter == world.NoRoom || w.RoomAt(a.Add(image.Pt(3, 0)), level) != letter || w.Dirty() {
		t.Fatalf("after the release: room %q to (%v), dirty %v; want the whole drag painted and saved", letter, a.Add(image.Pt(3, 0)), w.Dirty())
	}

	// A stroke over the room's own cells changes nothing: Ctrl+Z then
	// takes nothing back.
	steps := w.UndoSteps()
	rooms.Press(g, a, false)
	rooms.Drag(g, a.Add(image.Pt(1, 0)))
	g.undo()
	rooms.Release(g, a.Add(image.Pt(1, 0)))
	if w.UndoSteps() != steps || w.RoomAt(a, level) != letter {
		t.Errorf("Ctrl+Z over a stroke that changed nothing: %d steps (was %d), room at %v %q; want the room kept", w.UndoSteps(), steps, a, w.RoomAt(a, level))
	}
}

// A designer painted rooms on levels 1 and 2 and set one level: the build
// fails (the rooms need two), and the panel said "view level 1 of 1" while
// the map drew level 2's rooms (the frame took L's level unclamped). Both
// take shownLevel now.
func TestViewLevelShownIsThePanelsWithRoomsOverTheLevels(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	w := g.w
	w.SetAlgo(world.AlgoGroup)
	w.Wait()
	w.BeginRoomStroke(image.Pt(20, 20), 1, 'A', 3)
	w.EndRoomStroke()
	w.BeginRoomStroke(image.Pt(20, 20), 2, 'X', 3)
	w.EndRoomStroke()
	w.Wait()
	g.viewLevel = 2
	if got := g.shownLevel(); got != 2 {
		t.Fatalf("two levels built: shown level %d, want 2", got)
	}
	// Shift+[ under the group hierarchy is refused now (the layers need
	// two levels): one level set under HPA*, then the group hierarchy.
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	w.LevelsDown()
	w.SetAlgo(world.AlgoGroup)
	w.Wait()
	if w.HierarchyError() == nil {
		t.Fatal("the test wants the build refused: rooms on 2 levels, 1 level set")
	}
	if got := g.shownLevel(); got != 1 {
		t.Errorf("shown level %d with 1 level set, want 1", got)
	}
	if r, _ := g.panelRow("view level"); !strings.HasPrefix(r.Value, "1 of 1") {
		t.Errorf("view level row %q", r.Value)
	}
}
