package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const roomsTMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="2" tilewidth="16" tileheight="16" infinite="0">
<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1"/>
<layer id="1" name="ground" width="6" height="2"><data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1
</data></layer>
<objectgroup name="rooms">
<object id="1" name="Kitchen" x="0" y="0" width="48" height="32"/>
<object id="2" name="Armory" x="48" y="0" width="48" height="32"/>
</objectgroup>
</map>
`

// From a designer's test: the inspector named a Tiled room by its letter
// alone ("region 'K'"), and a designer could not tell which room '$' or 'K'
// was. It gives the room's name from the map too.
func TestInspectorNamesTheTiledRoom(t *testing.T) {
	dir := t.TempDir()
	tm := filepath.Join(dir, "castle.tmx")
	if err := os.WriteFile(tm, []byte(roomsTMX), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(tm)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Settings.Algo = AlgoGroup
	w.Settings.Levels = 1
	w.Begin()
	w.Wait()
	if _, err := w.hierarchy(); err != nil {
		t.Fatal(err)
	}
	ci := w.Inspect(image.Pt(1, 1))
	if len(ci.Levels) == 0 || !strings.Contains(ci.Levels[0].Name, "region 'K' Kitchen") {
		t.Fatalf("inspector levels %+v, want region 'K' Kitchen", ci.Levels)
	}
	if ci := w.Inspect(image.Pt(4, 0)); !strings.Contains(ci.Levels[0].Name, "Armory") {
		t.Errorf("second room: %+v", ci.Levels)
	}
	// A save keeps no copy of the rooms, and the session opened again
	// names them still.
	pls := filepath.Join(dir, "castle.pls")
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(pls); strings.Contains(string(b), "regions 1") {
		t.Errorf("the save froze the map's rooms:\n%s", b)
	}
	r, err := Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	if len(r.RegionNames) != 1 || r.RegionNames[0]['A'] != "Armory" || string(r.Regions[0][:6]) != "KKKAAA" {
		t.Errorf("reopened: names %v, rooms %q", r.RegionNames, r.Regions)
	}
	// An older file with its own copy of rooms redrawn since: the note says
	// the map's are used.
	old := "pathlens-scenario 1\nmap castle.tmx\nregions 1\nKKKKKK\nKKKKKK\nend\n"
	if err := os.WriteFile(pls, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(o.Close)
	if notes := strings.Join(o.LoadNotes(), "; "); !strings.Contains(notes, "castle.tmx's rooms have changed since castle.pls was saved") {
		t.Errorf("load notes %q", notes)
	}
}

// From a designer's test: a level-2 room ("West wing") drawn across
// level-1 rooms B and K; the group planner put both wholly into the other
// wing, and nothing said so. The session says it when it opens.
func TestRoomsAcrossUpperRegionsAreNoted(t *testing.T) {
	regions := [][]byte{
		[]byte("BBBBKKKK"),
		[]byte("WWWEEEEE"),
	}
	names := []map[byte]string{{'B': "Bakery", 'K': "Kitchen"}, {'W': "West wing", 'E': "East wing"}}
	notes := straddleNotes(regions, names)
	if len(notes) != 1 || !strings.Contains(notes[0], "'B' Bakery lies partly in level-2 'W' West wing and partly in 'E' East wing") || strings.Contains(notes[0], "Kitchen") {
		t.Errorf("notes %q", notes)
	}
	if n := straddleNotes([][]byte{[]byte("BBKK"), []byte("WWEE")}, nil); len(n) != 0 {
		t.Errorf("nested rooms noted: %q", n)
	}
	// Half in a room above and half in none: the room's representative
	// cell decides, so the room above may take none of it.
	if n := straddleNotes([][]byte{[]byte("BBBBKK"), []byte("##WW##")}, names); len(n) != 1 || !strings.Contains(n[0], "'B' Bakery lies partly in level-2 'W' West wing and partly outside every level-2 room") || strings.Contains(n[0], "Kitchen") {
		t.Errorf("a room half under no room above: %q", n)
	}
	// Three parts: each said to be one.
	if n := straddleNotes([][]byte{[]byte("BBBBBB"), []byte("WWEE##")}, names); len(n) != 1 || !strings.Contains(n[0], "'B' Bakery lies partly in level-2 'W' West wing, partly in 'E' East wing and partly outside every level-2 room") {
		t.Errorf("a room in two rooms above and in none: %q", n)
	}
	if n := straddleNotes([][]byte{[]byte("BBBBKK"), []byte("######")}, nil); len(n) != 0 {
		t.Errorf("rooms under no room at all noted: %q", n)
	}
}

// From a designer's report: the inspector gave a cell's room name
// ("region 'K' Kitchen") only under the group hierarchy, whose groups are
// the rooms. Every algorithm gives it while the map has rooms; under the
// group hierarchy the level row that names it already says so (InLevel),
// so the inspector does not say it twice.
func TestInspectorNamesTheRoomUnderEveryAlgorithm(t *testing.T) {
	dir := t.TempDir()
	tm := filepath.Join(dir, "castle.tmx")
	if err := os.WriteFile(tm, []byte(roomsTMX), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(tm)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	for _, a := range []Algo{AlgoAStar, AlgoDijkstra, AlgoGreedy, AlgoHPA, AlgoGroup} {
		w.SetAlgo(a)
		w.Wait()
		ci := w.Inspect(image.Pt(4, 1))
		if len(ci.Rooms) != 1 || ci.Rooms[0].Text() != "'A' Armory" || ci.Rooms[0].Level != 1 {
			t.Errorf("%v: rooms %+v, want level 1 'A' Armory", a, ci.Rooms)
			continue
		}
		if got, want := ci.Rooms[0].InLevel, a == AlgoGroup; got != want {
			t.Errorf("%v: the room is in the level rows %v, want %v (levels %+v)", a, got, want, ci.Levels)
		}
	}
}
