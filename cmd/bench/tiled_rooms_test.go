package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// roomsTMX is a 40×30 Tiled map with rooms on two levels ("rooms" and
// "regions 2"), as a designer's level.tmx.
const roomsTMX = "testdata/rooms.tmx"

// benchJSON runs Main with args (and -json) and returns the report.
func benchJSON(t *testing.T, args ...string) (map[string]any, string) {
	t.Helper()
	code, out, errs := runMain(t, append(args, "-json")...)
	if code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errs)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%q: %v in %s", args, err, out)
	}
	return rep, errs
}

// -map FILE.tmx ignored the map's rooms: -algo group answered on square
// clusters (region_layers 0, cost 52.870) where the window and -scenario
// on the same file use the rooms (54.042). It reads them as the window
// does now, and -regions takes a .tmx's rooms where it read its XML as
// rows of characters.
func TestMapTiledRoomsAsWindow(t *testing.T) {
	q := []string{"-from", "3,3", "-to", "35,25", "-algo", "group"}
	win, _ := benchJSON(t, append([]string{"-scenario", roomsTMX}, q...)...)
	if win["region_layers"] != 2.0 {
		t.Fatalf("-scenario: region_layers %v, want 2", win["region_layers"])
	}
	for _, args := range [][]string{
		{"-map", roomsTMX},
		{"-map", roomsTMX, "-regions", roomsTMX},
	} {
		rep, _ := benchJSON(t, append(args, q...)...)
		for _, k := range []string{"region_layers", "cost", "groups_per_level", "cluster_kind"} {
			if a, b := jsonText(rep[k]), jsonText(win[k]); a != b {
				t.Errorf("%q: %s %s, the window's (-scenario) %s", args, k, a, b)
			}
		}
	}
	// The cluster heuristic reads level 1: the map's rooms, as -scenario's.
	a, _ := benchJSON(t, "-map", roomsTMX, "-from", "3,3", "-to", "35,25", "-algo", "astar-cluster")
	b, _ := benchJSON(t, "-scenario", roomsTMX, "-from", "3,3", "-to", "35,25", "-algo", "astar-cluster")
	if a["region_layers"] != 1.0 || jsonText(a["cluster_kind"]) != jsonText(b["cluster_kind"]) {
		t.Errorf("astar-cluster: -map %v %v, -scenario %v %v", a["region_layers"], a["cluster_kind"], b["region_layers"], b["cluster_kind"])
	}
	a, _ = benchJSON(t, "-map", roomsTMX, "-regions", roomsTMX, "-from", "3,3", "-to", "35,25", "-algo", "astar-cluster")
	if a["region_layers"] != 1.0 {
		t.Errorf("astar-cluster -regions .tmx: region_layers %v, want 1 (its level 1)", a["region_layers"])
	}
}

// -regions FILE.tmx on a map of another size, or a .tmx with no rooms, is
// refused naming the file and why.
func TestRegionsTiledRefusals(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(roomsTMX)
	if err != nil {
		t.Fatal(err)
	}
	bare := filepath.Join(dir, "bare.tmx")
	src := string(b)
	if i := strings.Index(src, " <objectgroup"); i > 0 {
		src = src[:i] + "</map>\n"
	}
	if err := os.WriteFile(bare, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-map", roomsTMX, "-regions", bare, "-from", "3,3", "-to", "5,3"}, "bench: -regions: " + bare + " is a Tiled map with no rooms"},
		{[]string{"-map", tinyMap, "-regions", roomsTMX, "-from", "0,0", "-to", "2,0"}, "bench: -regions: " + roomsTMX + " is a 40×30 Tiled map, the map is"},
	} {
		code, _, errs := runMain(t, append(c.args, "-algo", "group")...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The same .tmx as -map and -regions printed its load notes twice (a
// review); once now.
func TestTiledNotesOnceForMapAndRegions(t *testing.T) {
	const f = "testdata/typo_rooms.tmx" // a rooms layer misnamed "romos": one note
	_, _, errs := runMain(t, "-map", f, "-regions", f, "-algo", "group", "-from", "3,3", "-to", "35,25")
	if n := strings.Count(errs, `object layer "romos"`); n != 1 {
		t.Errorf("%d notes on the romos layer, want 1:\n%s", n, errs)
	}
}

// A user: -algo astar-cluster -regions a.tmx,b.tmx ran on a.tmx's level-1
// rooms and dropped b.tmx without a word (the group planner reads it as
// the levels above a.tmx's). The heuristic reads level 1 only, so the
// second file is refused, named; the first alone still runs.
func TestClusterRegionsSecondTiledRefused(t *testing.T) {
	other := filepath.Join(t.TempDir(), "upper.tmx")
	b, err := os.ReadFile(roomsTMX)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, b, 0o644); err != nil {
		t.Fatal(err)
	}
	q := []string{"-map", roomsTMX, "-from", "3,3", "-to", "35,25", "-algo", "astar-cluster"}
	code, out, errs := runMain(t, append(q, "-regions", roomsTMX+","+other)...)
	if code != exitUsage || out != "" || !strings.Contains(errs, "bench: -algo astar-cluster reads level 1 only, but -regions gives 2 files: "+roomsTMX+" gives level 1, and "+other+" (level 2 and up) would be ignored; give -regions "+roomsTMX+" alone") {
		t.Errorf("-regions a.tmx,b.tmx: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Under -scenario too (the algorithm from the flag, the map from the file).
	code, _, errs = runMain(t, "-scenario", roomsTMX, "-from", "3,3", "-to", "35,25", "-algo", "astar-cluster", "-regions", roomsTMX+","+other)
	if code != exitUsage || !strings.Contains(errs, other+" (level 2 and up) would be ignored") {
		t.Errorf("-scenario: exit %d, stderr %q", code, errs)
	}
	if rep, _ := benchJSON(t, append(q, "-regions", other)...); rep["region_layers"] != 1.0 {
		t.Errorf("-regions b.tmx alone: region_layers %v, want 1", rep["region_layers"])
	}
}
