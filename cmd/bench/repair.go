package main

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"time"

	"pathlens/pathing"
)

// The repair mode (-repair N -seed S) of -algo hpa (hpa.go) and -algo group
// (group.go): N random single-cell toggles of a copy of the map, each
// repaired locally by the hierarchy, timed, and the repaired hierarchy
// compared structurally with a fresh build of the edited grid after the run
// and at 20 sampled steps. runRepairs is the part both share; each
// algorithm says how to repair one toggle and how to build afresh and
// compare (a repairer).

// repairStep is what one toggle's repair did.
type repairStep struct {
	dur        time.Duration // the repair alone
	nodes      bool          // abstract nodes (HPA*) or groups added or removed
	components bool          // HPA*: the grid's connected components changed
	edges      bool          // group hierarchy: a connection added or removed
	costs      bool          // group hierarchy: a connection's cost changed
}

// repairer is a hierarchy under the repair mode.
type repairer struct {
	// cluster is the level-1 cluster side, for aiming toggles at borders
	// and corners and counting those that land there.
	cluster int
	// update repairs the hierarchy after the cell p of the grid was toggled.
	update func(p image.Point) repairStep
	// rebuild builds the edited grid afresh (the part rebuild_ms times)
	// and returns the comparison of the repaired hierarchy with it: nil
	// when they are equal, else the first difference.
	rebuild func() (compare func() error, err error)
}

// repairCounts are the toggles whose repair did something runRepairs
// does not report itself, for the algorithm's own fields.
type repairCounts struct{ components, edges, costs int }

// repairArgs reads -repair and -repair-mix and refuses the query options
// given on the command line (queryFlags, named "is <who> query option" in
// the message): the repair mode runs no query, so they would be ignored.
func repairArgs(c *Config, who string, queryFlags []string) (n int, mix string, err error) {
	if n = c.ExtInt("repair"); n < 0 {
		return 0, "", usagef("bench: -repair %d: want a positive number of edits (-repair N toggles N cells, repairing after each); leave -repair out for a query run", n)
	}
	for _, f := range queryFlags {
		if slices.Contains(c.Given, f) {
			return 0, "", usagef("bench: -%s is %s query option, and the repair mode (-repair) runs no query; drop it", f, who)
		}
	}
	mix = c.ExtString("repair-mix")
	if mix != "borders" && mix != "uniform" {
		return 0, "", usagef("bench: -repair-mix %q: want borders or uniform", mix)
	}
	return n, mix, nil
}

// repairEnv returns a copy of env on a copy of its grid, which the repair
// mode toggles (env's grid is shared and read-only).
func repairEnv(env *Env) (*Env, *pathing.Grid) {
	g := env.Grid.Clone()
	genv := *env
	genv.Grid = g
	return &genv, g
}

// runRepairs toggles n cells of g (the grid h repairs) chosen by mix and
// the seed, repairing after each, and sets the fields both algorithms
// report: repairs, seed, repair_mean_us, repair_median_us, repair_p99_us,
// repair_max_us, rebuild_ms, consistent (and first_difference when not),
// edits_on_corners, edits_on_borders and edits_changing_nodes. queries is
// 0: no query runs.
func runRepairs(env *Env, rep *Report, g *pathing.Grid, n int, mix string, h repairer) (repairCounts, error) {
	var counts repairCounts
	seed := env.Cfg.ExtInt("seed")
	rng := rand.New(rand.NewSource(int64(seed)))
	C := h.cluster
	w, ht := g.Width(), g.Height()
	edge := func(v, limit int) int { // snap v to its cluster's first or last line
		b := (v / C) * C
		if rng.Intn(2) == 0 {
			return b
		}
		return min(limit-1, b+C-1)
	}
	sample := map[int]bool{}
	for k := 1; k <= 20; k++ {
		sample[k*n/20-1] = true
	}
	durs := make([]time.Duration, 0, n)
	consistent := true
	firstDiff := ""
	nodeEdits, cornerEdits, borderEdits := 0, 0, 0
	for i := 0; i < n; i++ {
		p := image.Pt(rng.Intn(w), rng.Intn(ht))
		if mix == "borders" {
			switch k := rng.Intn(6); {
			case k == 0: // a corner
				p = image.Pt(edge(p.X, w), edge(p.Y, ht))
			case k <= 2: // a border line
				if k == 1 {
					p.X = edge(p.X, w)
				} else {
					p.Y = edge(p.Y, ht)
				}
			}
		}
		// Where the toggle fell, whichever mix chose it: on a line
		// between two clusters (the map's own edge is none).
		onX := p.X%C == 0 && p.X > 0 || p.X%C == C-1 && p.X < w-1
		onY := p.Y%C == 0 && p.Y > 0 || p.Y%C == C-1 && p.Y < ht-1
		switch {
		case onX && onY:
			cornerEdits++
		case onX || onY:
			borderEdits++
		}
		g.SetOpen(p, !g.Open(p))
		s := h.update(p)
		durs = append(durs, s.dur)
		if s.nodes {
			nodeEdits++
		}
		if s.components {
			counts.components++
		}
		if s.edges {
			counts.edges++
		}
		if s.costs {
			counts.costs++
		}
		if sample[i] && consistent {
			compare, err := h.rebuild()
			if err != nil {
				return counts, err
			}
			if err := compare(); err != nil {
				consistent = false
				firstDiff = fmt.Sprintf("after edit %d at %v: %v", i+1, p, err)
			}
		}
	}
	t0 := time.Now()
	compare, err := h.rebuild()
	if err != nil {
		return counts, err
	}
	rebuild := time.Since(t0)
	if err := compare(); err != nil && consistent {
		consistent = false
		firstDiff = fmt.Sprintf("after the run: %v", err)
	}
	t := Summarize(durs)
	rep.Queries = 0
	rep.Set("repairs", n)
	rep.Set("seed", seed)
	rep.SetFixed("repair_mean_us", t.MeanUS, 3)
	rep.SetFixed("repair_median_us", t.MedianUS, 3)
	rep.SetFixed("repair_p99_us", t.P99US, 3)
	rep.SetFixed("repair_max_us", t.MaxUS, 3)
	rep.SetFixed("rebuild_ms", float64(rebuild)/1e6, 3)
	rep.Set("consistent", consistent)
	if firstDiff != "" {
		rep.Set("first_difference", firstDiff)
	}
	rep.Set("edits_on_corners", cornerEdits)
	rep.Set("edits_on_borders", borderEdits)
	rep.Set("edits_changing_nodes", nodeEdits)
	return counts, nil
}
