package world

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// FuzzSession opens fuzzed scenario text as the window would (parse, open,
// begin), runs the clock and the search a little, paints one cell, saves
// and opens the save again. Whatever the file says, a file the reader
// accepts must give a session that neither panics nor saves what it cannot
// read back.
func FuzzSession(f *testing.F) {
	for _, name := range []string{"example.pls"} {
		if b, err := os.ReadFile(filepath.Join("..", "..", "maps", "testdata", name)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("pathlens-scenario 1\nmap inline\n....\n.##.\n....\nend\nquery 0,0 3,2\n"))
	f.Add([]byte("pathlens-scenario 1\nmap inline\n......\n......\nend\nregions 1\nAABBCC\nAABBCC\nend\nset algo group\nquery 0,0 5,1\nagent 0,1 -> 5,0\n"))
	f.Add([]byte("pathlens-scenario 1\nmap inline\n.....\n.#.#.\n.....\nend\nset algo hpa\nset cluster 4\nagent 0,0 -> 4,2 group 1\nagent 0,2 -> 4,0 group 1\nedit fill 2,0\n"))
	// The view: kept, and left out (a level above the hierarchy, a pin on a wall).
	f.Add([]byte("pathlens-scenario 1\nset algo hpa\nset cluster 4\nset levels 1\nset zoom 9.5\nset center 2,1\nset level 2\nset pin 1,1\nset cursor 3\nmap inline\n.....\n.#.#.\n.....\nend\nquery 0,0 4,2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "map") && strings.TrimSpace(l) != "map inline" {
				return // files stay off: a fuzzed map path must not read the disk
			}
		}
		if len(data) > 4096 {
			return
		}
		sc, err := maps.ParseScenario(bytes.NewReader(data), "fuzz.pls", "")
		if err != nil {
			return
		}
		if sc.Map.Grid.Width()*sc.Map.Grid.Height() > 64*64 {
			return
		}
		w, err := FromScenario(sc, "fuzz.pls")
		if err != nil {
			return
		}
		defer w.Close()
		w.Begin()
		w.Wait()
		w.ToggleAgents() // the file's agents start paused
		for i := 0; i < 20; i++ {
			w.Tick(1.0 / 60)
		}
		w.Wait()
		g := w.Grid
		p := image.Pt(g.Width()/2, g.Height()/2)
		w.BeginStroke(p, 0)
		w.EndStroke()
		w.Wait()
		for i := 0; i < 5; i++ {
			w.Tick(1.0 / 60)
		}
		w.Undo()
		w.Wait()
		path := filepath.Join(t.TempDir(), "back.pls")
		if err := w.Save(path); err != nil {
			return // refused with a message: fine
		}
		back, err := Open(path)
		if err != nil {
			t.Fatalf("cannot open the saved session: %v\nsource:\n%s", err, data)
		}
		back.Close()
	})
}

// FuzzSessionOps drives a session on small maps with a fuzzed sequence of
// the window's actions (switches, strokes anywhere, endpoints, undo and
// redo, agents, playback, clock), in any order and on any cell, including
// cells off the map: none may panic, and the session must still save a
// file that opens.
func FuzzSessionOps(f *testing.F) {
	f.Add(byte(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22})
	f.Add(byte(1), []byte{5, 9, 2, 12, 0, 3, 1, 7, 19, 19, 20, 4, 4, 11, 6, 13, 14, 15, 16, 2, 3})
	f.Add(byte(2), []byte{17, 17, 18, 1, 0, 0, 5, 8, 9, 10, 3, 12, 12, 13, 21, 22, 6, 7})
	f.Fuzz(func(t *testing.T, mapPick byte, ops []byte) {
		if len(ops) > 200 {
			ops = ops[:200]
		}
		texts := []string{
			"pathlens-scenario 1\nmap inline\n............\n.####..###..\n......#.....\n.##.#.#.###.\n....#...#...\n.####.###.#.\n............\nend\nquery 0,0 11,6\n",
			"pathlens-scenario 1\nmap inline\n........\n........\n...##...\n........\nend\nregions 1\nAAAABBBB\nAAAABBBB\nCCCCDDDD\nCCCCDDDD\nend\nset algo group\nquery 0,0 7,3\nagent 0,3 -> 7,0\n",
			"pathlens-scenario 1\nmap inline\n.........\n.#######.\n.#.....#.\n.#.###.#.\n...#.....\nend\nset algo hpa\nset cluster 4\nquery 0,0 4,2\nagent 8,0 -> 2,2 group 1\nagent 8,4 -> 2,2 group 1\n",
		}
		w := scenarioWorld(t, texts[int(mapPick)%len(texts)], "ops.pls")
		defer w.Close()
		w.Begin()
		w.Wait()
		gw, gh := w.Grid.Width(), w.Grid.Height()
		// at turns an op's argument byte into a cell, one in eight off the map.
		at := func(b byte) image.Point {
			p := image.Pt(int(b)%(gw+2)-1, int(b/16)%(gh+2)-1)
			return p
		}
		arg := func(i int) byte {
			if i+1 < len(ops) {
				return ops[i+1]
			}
			return 0
		}
		for i := 0; i < len(ops); i++ {
			switch ops[i] % 23 {
			case 0:
				w.CycleAlgo()
			case 1:
				w.CycleHeuristic()
			case 2:
				w.CycleCost()
			case 3:
				w.ToggleExclusion()
			case 4:
				w.ToggleNeighborhood()
			case 5:
				w.ToggleTransitions()
			case 6:
				w.ClusterBigger()
			case 7:
				w.ClusterSmaller()
			case 8:
				w.LevelsUp()
			case 9:
				w.LevelsDown()
			case 10:
				w.ToggleSmooth()
			case 11:
				w.ToggleShortcut()
			case 12:
				p := at(arg(i))
				i++
				w.BeginStroke(p, arg(i)%10)
				w.StrokeTo(at(arg(i)))
				i++
				w.EndStroke()
			case 13:
				w.SetEndpoints(at(arg(i)), at(arg(i+1)))
				i += 2
			case 14:
				w.Undo()
			case 15:
				w.Redo()
			case 16:
				w.SpawnAgent(at(arg(i)))
				i++
			case 17:
				w.SendAgents(at(arg(i)), arg(i)%2 == 0)
				i++
			case 18:
				w.ToggleAgents()
			case 19:
				for k := 0; k < 10; k++ {
					w.Tick(1.0 / 60)
				}
			case 20:
				w.StepBy(int(int8(arg(i))))
				i++
			case 21:
				w.TogglePlay()
			case 22:
				w.Inspect(at(arg(i)))
				w.CutOff(at(arg(i)))
				i++
			}
			w.Wait()
		}
		path := filepath.Join(t.TempDir(), "back.pls")
		if err := w.Save(path); err != nil {
			return
		}
		back, err := Open(path)
		if err != nil {
			t.Fatalf("cannot open the saved session: %v\nops %v on map %d", err, ops, mapPick)
		}
		back.Close()
	})
}
