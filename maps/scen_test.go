package maps

import (
	"errors"
	"image"
	"strings"
	"testing"
)

func TestReadScenStyles(t *testing.T) {
	want := ScenRow{Bucket: 3, Map: "maps/dao/a.map", Width: 4, Height: 3,
		Start: image.Pt(1, 2), Goal: image.Pt(3, 0), Optimal: 12.5, Line: 2, File: "a.scen"}
	for _, tc := range []struct{ name, in string }{
		{"tabs", "version 1\n3\tmaps/dao/a.map\t4\t3\t1\t2\t3\t0\t12.50000000\n"},
		{"spaces 1.0", "version 1.0\n3 maps/dao/a.map 4 3 1 2 3 0 12.50\n"},
		{"crlf and blank tail", "version 1\r\n3\tmaps/dao/a.map\t4\t3\t1\t2\t3\t0\t12.5\r\n\r\n\n"},
		{"mixed whitespace", "version 1\n 3 \t maps/dao/a.map  4\t 3 1 2 3 0 12.5 \n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := ReadScen(strings.NewReader(tc.in), "a.scen")
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 1 || rows[0] != want {
				t.Errorf("rows %+v\nwant [%+v]", rows, want)
			}
		})
	}
}

func TestReadScenErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no version", "0 a.map 4 3 1 2 3 0 1\n", "s.scen:1: want \"version 1\" as the first line"},
		{"version 2", "version 2\n", "s.scen:1: unsupported scenario version \"2\""},
		{"empty", "", "s.scen: empty file"},
		{"few fields", "version 1\n0 a.map 4 3 1 2 3 0\n", "s.scen:2: row has 8 fields, want 9"},
		{"many fields", "version 1\n0 a.map 4 3 1 2 3 0 1 9\n", "s.scen:2: row has more than 9 fields"},
		{"bad number", "version 1\n\n0 a.map 4 3 1 y 3 0 1\n", "s.scen:3: start y \"y\" is not a whole number"},
		{"bad optimal", "version 1\n0 a.map 4 3 1 2 3 0 NaN\n", "s.scen:2: optimal length \"NaN\" is not a finite number"},
		{"start outside own map", "version 1\n0 a.map 4 3 4 2 3 0 1\n", "s.scen:2: start (4,2) is outside the row's own 4×3 map"},
		{"goal outside own map", "version 1\n0 a.map 4 3 0 0 0 -1 1\n", "s.scen:2: goal (0,-1) is outside"},
		// 1e308 passed, and cmd/bench failed on it with "json:
		// unsupported value: +Inf" (its rounding overflowed).
		{"optimal beyond any path", "version 1\n0 a.map 4 3 0 0 3 2 1e308\n", "s.scen:2: optimal length \"1e308\" is longer than any path on the row's own 4×3 map (at most 4327.5: every cell once, diagonally, at weight 255)"},
		{"huge size", "version 1\n0 a.map 40000 3 0 0 0 0 1\n", "s.scen:2: map size 40000×3 is not between 1 and 16384"},
		{"long line", "version 1\n" + strings.Repeat("1 ", 3000), "s.scen:2: line is longer than 4096 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadScen(strings.NewReader(tc.in), "s.scen")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

func TestCheckScen(t *testing.T) {
	m, err := ReadMovingAI(strings.NewReader(mai("3", "4", "....", ".@T.", "....")), "c.map")
	if err != nil {
		t.Fatal(err)
	}
	in := "version 1\n" +
		"0\tc.map\t4\t3\t0\t0\t3\t2\t1\n" + // fine
		"0\tc.map\t5\t3\t0\t0\t3\t2\t1\n" + // wrong size
		"0\tc.map\t4\t3\t1\t1\t3\t2\t1\n" + // start on '@'
		"0\tc.map\t4\t3\t0\t0\t2\t1\t1\n" // goal on 'T'
	rows, err := ReadScen(strings.NewReader(in), "c.scen")
	if err != nil {
		t.Fatal(err)
	}
	errs := CheckScen(m, rows)
	want := []string{
		"c.scen:3: row is for a 5×3 map, but c.map is 4×3",
		"c.scen:4: start (1,1) is blocked ('@') on c.map",
		"c.scen:5: goal (2,1) is blocked ('T') on c.map",
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors %v, want %d", len(errs), errs, len(want))
	}
	for i := range want {
		if errs[i].Error() != want[i] {
			t.Errorf("error %d: %q\nwant      %q", i, errs[i], want[i])
		}
	}
	var me *Error
	if !errors.As(errs[2], &me) || !me.HasCell || me.Cell != image.Pt(2, 1) {
		t.Errorf("goal error does not carry cell (2,1): %#v", errs[2])
	}
}

func TestSameMap(t *testing.T) {
	for _, tc := range []struct {
		field, name string
		want        bool
	}{
		{"maps/dao/arena.map", "arena.map", true},
		{"maps/bgmaps/AR0011SR.map", "../shared/maps/movingai/AR0011SR.map", true},
		{"Berlin_0_256.map", "Berlin_0_256.map", true},
		{`maps\dao\arena.map`, "arena.map", true},
		{"maps/dao/arena2.map", "arena.map", false},
	} {
		if got := SameMap(tc.field, tc.name); got != tc.want {
			t.Errorf("SameMap(%q, %q) = %v, want %v", tc.field, tc.name, got, tc.want)
		}
	}
}

// CheckScenMap names the file and line of the first row for another map,
// comparing base names (Moving AI rows give "maps/dao/arena.map").
func TestCheckScenMap(t *testing.T) {
	rows := []ScenRow{
		{File: "a.scen", Line: 2, Map: "maps/dao/arena.map"},
		{File: "a.scen", Line: 3, Map: "arena.map"},
		{File: "a.scen", Line: 4, Map: `maps\other.map`},
	}
	if err := CheckScenMap(rows[:2], "arena.map", "arena.map"); err != nil {
		t.Errorf("rows of arena.map refused: %v", err)
	}
	err := CheckScenMap(rows, "arena.map", "arena.map (the map of w.pls)")
	var me *Error
	if !errors.As(err, &me) || me.File != "a.scen" || me.Line != 4 {
		t.Fatalf("error %v, want a.scen:4", err)
	}
	if want := "a.scen:4: the row is for other.map, the map open is arena.map (the map of w.pls): the rows' optimal lengths are other.map's; open other.map to run them, or make rows for this map with cmd/bench -make-scen"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}
