package maps

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// From a designer's test: rooms named "Ölkeller" and "Ölraum" made the
// whole map refuse to load ("does not start with a printable character");
// a name may start with any letter, its room taking the base letter
// ('O', then 'o'), and the names come with the rooms.
func TestTiledRoomNamesBeyondASCII(t *testing.T) {
	src := fmt.Sprintf(tmx(tileset, "1,1,1", 3, 1), `<objectgroup name="regions">
<object id="1" name="Ölkeller" x="0" y="0" width="16" height="16"/>
<object id="2" name="Ölraum" x="16" y="0" width="16" height="16"/>
<object id="3" name="Étage" x="32" y="0" width="16" height="16"/>
</objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "u.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(rooms.Layers[0]); got != "OoE" {
		t.Errorf("rooms %q, want \"OoE\"", got)
	}
	if n := rooms.Names[0]; n['O'] != "Ölkeller" || n['o'] != "Ölraum" || n['E'] != "Étage" {
		t.Errorf("names %v", n)
	}
}

// A layer with more rooms than characters says how many it has and how
// many fit (it said only "more rooms than printable characters").
func TestTiledTooManyRoomsSaysTheLimit(t *testing.T) {
	var objs strings.Builder
	for i := range 94 {
		fmt.Fprintf(&objs, `<object id="%d" name="Room %d" x="%d" y="0" width="16" height="16"/>`+"\n", i+1, i+1, 16*i)
	}
	csv := strings.TrimSuffix(strings.Repeat("1,", 94), ",")
	src := fmt.Sprintf(tmx(tileset, csv, 94, 1), `<objectgroup name="rooms">`+objs.String()+`</objectgroup>`)
	_, _, err := ReadTiled(strings.NewReader(src), "many.tmx", "")
	if err == nil || !strings.Contains(err.Error(), "94 rooms") || !strings.Contains(err.Error(), "at most 93") {
		t.Fatalf("err %v, want the count and the limit", err)
	}
}

// From a designer's test: a session saved from a Tiled map froze a copy
// of its rooms in the .pls, so rooms redrawn in Tiled afterwards did not
// show when the session was opened again, and nothing said so. The rooms
// are the map's: a save writes no copy, and a copy an older file holds
// gives way to the map's, with a note when they differ.
func TestScenarioReadsTheTiledMapsRoomsAsTheyAreNow(t *testing.T) {
	dir := t.TempDir()
	room := func(name string, w int) string {
		return fmt.Sprintf(tmx(tileset, "1,1,1,1", 4, 1), `<objectgroup name="rooms">
<object id="1" name="`+name+`" x="0" y="0" width="`+fmt.Sprint(16*w)+`" height="16"/>
</objectgroup>`)
	}
	tm := filepath.Join(dir, "castle.tmx")
	if err := os.WriteFile(tm, []byte(room("Kitchen", 2)), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(tm)
	if err != nil {
		t.Fatal(err)
	}
	if s.MapLevels != 1 || string(s.Regions[0]) != "KK  " || s.RegionNames[0]['K'] != "Kitchen" {
		t.Fatalf("from the map: map levels %v, rooms %q, names %v", s.MapLevels, s.Regions[0], s.RegionNames)
	}
	pls := filepath.Join(dir, "castle.pls")
	if err := SaveScenario(pls, s); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(pls)
	if strings.Contains(string(b), "regions 1") {
		t.Errorf("the save froze a copy of the map's rooms:\n%s", b)
	}
	// The rooms are redrawn in Tiled: the session shows them as they are.
	if err := os.WriteFile(tm, []byte(room("Pantry", 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	s2, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if string(s2.Regions[0]) != "PPP " || s2.RegionNames[0]['P'] != "Pantry" || len(s2.Notes) != 0 {
		t.Errorf("reopened: rooms %q, names %v, notes %v", s2.Regions[0], s2.RegionNames, s2.Notes)
	}
	// An older file holding its own copy: the map's rooms win, said once.
	old := "pathlens-scenario 1\nmap castle.tmx\nregions 1\nKK  \nend\n"
	if err := os.WriteFile(pls, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	s3, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if string(s3.Regions[0]) != "PPP " || len(s3.Notes) != 1 || !strings.Contains(s3.Notes[0], "castle.tmx's rooms have changed since castle.pls was saved") {
		t.Errorf("older copy: rooms %q, notes %v", s3.Regions[0], s3.Notes)
	}
}

// From a designer's test: a missing external tileset was refused as
// "Tiled: open nothere.tsx: no such file or directory", with no line; a
// CSV layer one tile short named no layer.
func TestTiledRefusalsNameTheLineAndLayer(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" source="nothere.tsx"/>
 <layer id="1" name="ground" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>
</map>`
	_, _, err := ReadTiled(strings.NewReader(src), "m.tmx", t.TempDir())
	var me *Error
	if !errors.As(err, &me) || me.Line != 3 || !strings.Contains(err.Error(), `tileset "nothere.tsx" not found`) {
		t.Errorf("missing tileset: %v", err)
	}
}

// From a designer's test: a rooms layer made in Tiled before any room is
// drawn on it (Tiled's new object layer is empty) counted as designer
// regions: the legend's regions row was lit as if there were rooms to
// draw, and an export said "only a .pls keeps regions" of a map that has
// none. Region layers that name no cell are no regions.
func TestTiledEmptyRoomsLayerIsNoRegions(t *testing.T) {
	for name, objs := range map[string]string{
		"empty":      `<objectgroup name="rooms"></objectgroup>`,
		"two levels": `<objectgroup name="rooms"/><objectgroup name="regions 2"/>`,
	} {
		src := fmt.Sprintf(tmx(tileset, "1,1,1", 3, 1), objs)
		_, rooms, err := ReadTiledRooms(strings.NewReader(src), "e.tmx", "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rooms.Layers != nil || rooms.Names != nil {
			t.Errorf("%s: layers %q, want none", name, rooms.Layers)
		}
	}
	// A room on level 2 keeps level 1's empty layer under it.
	src := fmt.Sprintf(tmx(tileset, "1,1,1", 3, 1), `<objectgroup name="rooms"/><objectgroup name="regions 2">
<object id="1" name="North" x="0" y="0" width="48" height="16"/>
</objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "l2.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rooms.Layers) != 2 || string(rooms.Layers[1]) != "NNN" {
		t.Errorf("layers %q, want level 1 empty and level 2 NNN", rooms.Layers)
	}
}
