package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pathlens/pathing"
)

// The scenario-list maker: -make-scen FILE writes a Moving AI .scen of
// random queries for -map, each with our A*'s optimal length, so a map of
// one's own (an ASCII or Tiled case with designer rooms) can be measured
// over many queries as the benchmark maps are: by -scen here, and in the
// window by -scen, Ctrl+B and F4. Without it a researcher had to write the
// rows, optimal column included, by hand.
//
//	go run ./cmd/bench -map my-level.tmx -make-scen my-level.tmx.scen -make-scen-rows 500 -seed 7
//	go run ./cmd/bench -map my-level.tmx -scen my-level.tmx.scen -algo group -cost maximin -worst 5
func init() {
	registerFlags(func(fs *flag.FlagSet, c *Config) {
		c.Ext["make-scen"] = fs.String("make-scen", "", "write `FILE`, a Moving AI .scen of random queries on -map (start and goal open and connected, 8-connected optimal lengths by our A*), instead of running queries; see -make-scen-rows and -seed")
		c.Ext["make-scen-rows"] = fs.Int("make-scen-rows", 100, "with -make-scen: the rows to write, `N` from 1 to 100000")
		if fs.Lookup("seed") == nil {
			c.Ext["seed"] = fs.Int("seed", 1, "random seed `S` (same seed, same run)")
		}
	})
	registerMode(Mode{Name: "make-scen", When: func(c *Config) bool { return c.ExtString("make-scen") != "" }, Run: runMakeScen})
	scopeFlags("-make-scen FILE", func(c *Config) bool { return c.ExtString("make-scen") != "" }, "make-scen-rows")
	// The modes of -scenario, -agents and -repair are picked before this
	// one: with any of them -make-scen ran that mode and wrote no file,
	// exit 0. A .scen names a map file, and the maker runs nothing else.
	scopeFlags("a -map of its own (not -scenario, -agents or -repair)", func(c *Config) bool {
		return c.ExtString("scenario-arg") == "" && c.ExtInt("agents") == 0 && c.ExtInt("repair") == 0
	}, "make-scen")
}

// maxMadeRows bounds -make-scen-rows.
const maxMadeRows = 100000

// runMakeScen writes the list and reports what it wrote.
func runMakeScen(env *Env) (*Report, error) {
	c := env.Cfg
	out := c.ExtString("make-scen")
	n := c.ExtInt("make-scen-rows")
	for _, f := range []string{"scen", "from", "to", "rows", "every", "repeat", "scenario", "regions", "algo", "check", "worst", "csv"} {
		if slices.Contains(c.Given, f) {
			return nil, usagef("bench: -make-scen writes a list of queries and runs none: drop -%s (then run the list with -scen %s)", f, shellWord(out))
		}
	}
	if n < 1 || n > maxMadeRows {
		return nil, usagef("bench: -make-scen-rows %d: want 1 to %d", n, maxMadeRows)
	}
	if c.Neighborhood == pathing.Four {
		return nil, usagef("bench: -make-scen: a .scen's optimal lengths are 8-connected (the Moving AI convention); drop -nb 4 (bench -nb 4 -scen then compares with our A*, 4-connected)")
	}
	if strings.HasPrefix(c.MapPath, "builtin:") {
		return nil, usagef("bench: -make-scen: %s is built in: a .scen names a map file; export it first (pathlens -scenario %s -export FILE.map)", c.MapPath, c.MapPath)
	}
	if base := filepath.Base(c.MapPath); strings.ContainsAny(base, " \t") {
		return nil, usagef("bench: -make-scen: the map's file name %q has a space, which a .scen row cannot hold (its fields are parted by spaces and tabs): rename the map", base)
	}
	if sameFile(out, c.MapPath) || filepath.Clean(out) == filepath.Clean(c.MapPath) {
		return nil, usagef("bench: -make-scen %s is the map: pick another file (MAP.scen, say)", out)
	}
	if _, err := os.Lstat(out); err == nil {
		return nil, usagef("bench: -make-scen %s: the file exists; remove it or pick another name (a list is never written over)", out)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, usagef("bench: -make-scen %s: %v", out, err)
	}
	seed := int64(c.ExtInt("seed"))
	rows, err := makeScenRows(env.Grid, n, seed)
	if err != nil {
		return nil, usagef("bench: -make-scen: %s: %v", filepath.Base(c.MapPath), err)
	}
	text := formatScen(rows, filepath.Base(c.MapPath), env.Grid.Width(), env.Grid.Height())
	if err := writeNew(out, text); err != nil {
		return nil, usagef("bench: -make-scen %s: %v", out, err)
	}
	rep := NewReport(env)
	rep.Set("scen_written", out)
	rep.Set("rows_written", len(rows))
	rep.Set("seed", seed)
	if env.Stderr != nil {
		fmt.Fprintf(env.Stderr, "bench: wrote %d rows to %s; run them with: bench -map %s -scen %s\n", len(rows), out, shellWord(c.MapPath), shellWord(out))
	}
	return rep, nil
}

// madeRow is one query of a made list.
type madeRow struct {
	start, goal image.Point
	optimal     float64
}

// makeScenRows draws n queries on g from seed: start and goal distinct open
// cells of one component, the optimal length our A*'s 8-connected cost
// (no corner cutting, weights counted). It fails when g has no component
// of two cells or more. The rows come ordered by bucket (length / 4), then
// as drawn, as Moving AI lists them, shortest first.
func makeScenRows(g *pathing.Grid, n int, seed int64) ([]madeRow, error) {
	var lb pathing.ComponentLabeler
	labels, sizes := lb.Label(g, nil)
	// Cells of components with two cells or more, and each one's label.
	var cells []int
	for i, l := range labels {
		if l >= 0 && sizes[l] >= 2 {
			cells = append(cells, i)
		}
	}
	if len(cells) == 0 {
		return nil, errors.New("no two open cells are connected: no query to draw")
	}
	byComp := map[int32][]int{}
	for _, i := range cells {
		byComp[labels[i]] = append(byComp[labels[i]], i)
	}
	rng := rand.New(rand.NewSource(seed))
	s := pathing.NewSearcher(g)
	rows := make([]madeRow, 0, n)
	for len(rows) < n {
		// A start drawn over all such cells (a big component gets most
		// queries), the goal another cell of its component.
		a := cells[rng.Intn(len(cells))]
		comp := byComp[labels[a]]
		b := comp[rng.Intn(len(comp))]
		if a == b {
			continue
		}
		q := pathing.Query{Algorithm: pathing.AStar, Neighborhood: pathing.Eight, Heuristic: pathing.Octile, Start: g.Point(a), Goal: g.Point(b)}
		r, err := s.Search(q)
		if err != nil {
			return nil, err
		}
		if r.Status != pathing.Found {
			return nil, fmt.Errorf("our A* found no path from %v to %v, which the component labels join (a bug)", q.Start, q.Goal)
		}
		rows = append(rows, madeRow{q.Start, q.Goal, r.Cost})
	}
	slices.SortStableFunc(rows, func(x, y madeRow) int { return bucketOf(x.optimal) - bucketOf(y.optimal) })
	return rows, nil
}

// bucketOf is a row's Moving AI bucket: its optimal length over 4.
func bucketOf(opt float64) int { return int(math.Floor(opt / 4)) }

// formatScen is the .scen text of rows for a map named mapName.
func formatScen(rows []madeRow, mapName string, w, h int) string {
	var b strings.Builder
	b.WriteString("version 1\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", bucketOf(r.optimal), mapName, w, h, r.start.X, r.start.Y, r.goal.X, r.goal.Y, r.optimal)
	}
	return b.String()
}

// writeNew writes text to name through a temporary file in its folder,
// linked into place only if name still does not exist.
func writeNew(name, text string) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Link(tmp.Name(), name)
}
