package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"pathlens/game/world"
)

// Report is what every mode returns and Main prints: one JSON object with
// -json, aligned "key  value" lines without. The fields below are the common
// vocabulary (issue 2 names the first block); a mode adds its own with Set,
// placed among them by reportKeyOrder. Times are microseconds of wall clock
// per query; allocations come from runtime.MemStats around the timed loop.
//
// JSON cannot carry NaN or ±Inf: Set and Write turn them into null.
type Report struct {
	Map          string  `json:"map"`
	Algo         string  `json:"algo"`
	Neighborhood int     `json:"neighborhood"` // 8 or 4: a number, as every numeric field
	Heuristic    string  `json:"heuristic,omitempty"`
	Weight       float64 `json:"weight,omitempty"`

	Queries int `json:"queries"` // distinct queries (rows, or 1); -repeat adds runs, not queries
	Found   int `json:"found"`
	NoPath  int `json:"no_path"`

	// OptimalChecked counts the queries that had an optimal length to
	// compare with (scenario rows); OptimalMatches those whose cost was
	// within OptimalTolerance of it. A query that found no path although the
	// row has one counts as a mismatch. MaxAbsError is the largest
	// |cost − optimal| over found paths, rounded to 6 decimals (round6),
	// as the costs of -worst and -csv are.
	OptimalChecked int     `json:"optimal_checked"`
	OptimalMatches int     `json:"optimal_matches"`
	MaxAbsError    float64 `json:"max_abs_error"`
	// Suboptimality (cost / optimal − 1 over found paths with a positive
	// optimum: 0 is optimal) is added with Set as mean_subopt, p99_subopt and
	// max_subopt, the same keys -algo hpa and group fill from A*'s cost.
	// InvalidPaths counts found paths that are not legal walks from the
	// start to the goal (pathing.ValidatePath), or whose planner cost differs
	// from the recomputed pathing.PathCost by more than OptimalTolerance.
	InvalidPaths int `json:"invalid_paths"`

	MeanUS       float64 `json:"mean_us"`
	MedianUS     float64 `json:"median_us"`
	P99US        float64 `json:"p99_us"`
	MaxUS        float64 `json:"max_us"`
	TotalMS      float64 `json:"total_ms"`
	BuildMS      float64 `json:"build_ms"` // the planner's setup (hierarchy build; µs for the grid searches): always present
	ExpandedMean float64 `json:"expanded_mean"`
	// ExpandedByPhase is a single HPA* query's expansions by kind of
	// phase, in the order they run and named as the window's panel and
	// timeline name them ("insert L1", "abstract L3", "refine cells",
	// "smooth" with the cells it checked), so the window's "by phase" row
	// can be checked against bench -cache=false. Absent elsewhere.
	ExpandedByPhase []PhaseExpanded `json:"expanded_by_phase,omitempty"`
	PushesMean      float64         `json:"pushes_mean"`
	PeakOpenMean    float64         `json:"peak_open_mean"`
	AllocsPerQuery  float64         `json:"allocs_per_query"`
	BytesPerQuery   float64         `json:"bytes_per_query"`

	// Single query only (-from/-to): the cost and the path as [x,y] pairs.
	// Cost is absent when no path exists.
	Cost *float64 `json:"cost,omitempty"`
	Path [][2]int `json:"path,omitempty"`

	// Mismatches lists the first few rows that are errors for the run's
	// algorithm (listProblems): for an exact one any cost off the optimum,
	// for every one no path where one exists (or the reverse), a cost below
	// the optimum, a path that is not a legal walk. For -check's message
	// and for debugging.
	Mismatches []Mismatch `json:"mismatches,omitempty"`
	// errorRows is how many rows were errors (the field errors), Mismatches
	// holding the first maxMismatches of them.
	errorRows int
	// Suboptimal lists the first rows of a planner that is not exact (hpa,
	// group, greedy, weighted or inadmissible A*) whose cost is above the
	// optimum: what it is expected to do, not a mismatch. suboptRows counts
	// them all (the field suboptimal).
	Suboptimal []Mismatch `json:"suboptimal_rows,omitempty"`
	suboptRows int

	// Worst lists the rows furthest from the optimum (-worst N); the text
	// report prints it as a table after the other fields.
	// A pointer: present (as [] too) when -worst was given, absent when not.
	Worst *[]WorstRow `json:"worst,omitempty"`

	rows      []rowResult // every query of the batch, for -worst and -csv
	worstNote string      // a caveat printed under the worst table
	// hpaCache is whether the run's HPA* built the path cache, when a
	// scenario's "set cache" decided it (nil: the -cache flag did).
	hpaCache *bool
	// refAStar: the rows' optimum is A*'s cost on the same grid
	// (compareRow), not the .scen's column, as the worst table says.
	refAStar bool
	// refGrid names the grid A* ran on when it is not the map as read
	// ("the scenario's world (its edit log applied)"); "" for this grid.
	refGrid string
	// openNums are the window's query numbers (-query K) of the batch's
	// queries, by position, where they differ from the report's (a
	// -scenario's own queries beside its scen list); nil: the same.
	openNums []int
	inputs   []string // files a mode read beyond the flags' (a scenario's map and list)
	zeroNote string   // rows left out of the subopt figures for an optimum of 0: printed on stderr
	// noOptimum says why no query had an optimum (RunQueries), for
	// -check's message when it compared no cost.
	noOptimum string
	// scenWrong counts the rows whose .scen optimal column, in force,
	// differs from A*'s cost on the map (hpa and group, which are checked
	// against A*: compareWithAStar); scenWrongFirst names the first.
	scenWrong      int
	scenWrongFirst string

	extra      map[string]any
	places     map[string]int  // decimals of the fields added with SetFixed, for the text report
	unmeasured map[string]bool // fixed fields this run did not measure: left out
}

// fixedPlaces are the decimals the text report prints for Report's float
// fields, by JSON key: what their values are rounded to where they are set
// (round3, round6). cost is kept whole in the JSON (a script recomputes
// paths against it) and shown with 6 decimals, as the mismatches' costs.
// weight is a setting, printed as given.
var fixedPlaces = map[string]int{
	"max_abs_error": 6,
	"mean_us":       3, "median_us": 3, "p99_us": 3, "max_us": 3, "total_ms": 3, "build_ms": 3,
	"expanded_mean": 3, "pushes_mean": 3, "peak_open_mean": 3, "allocs_per_query": 3, "bytes_per_query": 3,
	"cost": 6,
}

// Mismatch is one query that failed a check.
type Mismatch struct {
	Query   int      `json:"query"`          // the window's query number (-query, Ctrl+G), as -worst's
	Line    int      `json:"line,omitempty"` // scenario line, when from a file
	Start   [2]int   `json:"start"`
	Goal    [2]int   `json:"goal"`
	Optimal *float64 `json:"optimal"` // null when the query has none (the report's optimum_source)
	Cost    *float64 `json:"cost"`    // null when no path was found, as in -worst
	Problem string   `json:"problem"`
	file    string   // the file of Line, for CheckFailure's message; "" when none
}

// fixedKeys are the JSON keys of Report's fixed fields, which Set refuses.
var fixedKeys = func() map[string]bool {
	ks := map[string]bool{}
	t := reflect.TypeFor[Report]()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			ks[name] = true
		}
	}
	return ks
}()

// maxMismatches caps Report.Mismatches.
const maxMismatches = 10

// Set adds a mode-specific field (build statistics, agent counts...). The
// value must be JSON-encodable; NaN and ±Inf floats become null. A key
// that is one of the fixed fields' ("cost", "queries"...) panics: the
// object would carry the key twice and a JSON reader keep the last one (a
// programming error, caught by any test that runs the mode).
func (r *Report) Set(key string, v any) {
	if fixedKeys[key] {
		panic(fmt.Sprintf("bench: Report.Set(%q): a fixed field of Report has that key", key))
	}
	if r.extra == nil {
		r.extra = map[string]any{}
	}
	if f, ok := v.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		v = nil
	}
	r.extra[key] = v
}

// SetFixed adds a mode-specific number rounded to places decimals, which
// the text report prints with exactly that many, trailing zeros kept, so
// a field reads the same from run to run and a column of times lines up
// (2036.150 over 2036.153, not 2036.15). NaN and ±Inf become null, as
// with Set. Measurements go through SetFixed; counts and settings
// through Set.
func (r *Report) SetFixed(key string, v float64, places int) {
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		p := math.Pow10(places)
		v = math.Round(v*p) / p
	}
	r.Set(key, v)
	if r.places == nil {
		r.places = map[string]int{}
	}
	r.places[key] = places
}

// Unmeasured marks fixed fields (by JSON key) that this run does not
// measure, so the report leaves them out instead of printing a 0 that
// reads like a measurement: pushes_mean for HPA*, median_us in the agents
// mode.
func (r *Report) Unmeasured(keys ...string) {
	if r.unmeasured == nil {
		r.unmeasured = map[string]bool{}
	}
	for _, k := range keys {
		if !fixedKeys[k] {
			panic(fmt.Sprintf("bench: Report.Unmeasured(%q): no fixed field has that key", k))
		}
		r.unmeasured[k] = true
	}
}

// Get returns a field added with Set.
func (r *Report) Get(key string) (any, bool) {
	v, ok := r.extra[key]
	return v, ok
}

// CheckFailure returns why -check should fail, or "" when every query with
// an optimal length matched it, every path was valid and, in the repair
// mode, the repaired hierarchy equals a fresh build (field consistent).
func (r *Report) CheckFailure() string { return r.CheckFailureWithin(-1) }

// CheckFailureWithin is CheckFailure for a planner that is not optimal
// (-max-subopt): a cost may be up to maxSubopt (a fraction: 0.05 is 5 %)
// above the row's optimum, and fails below it, above the bound or when no
// path is found where one exists. A user could not gate CI on HPA*'s
// quality: -check failed on every run for the costs HPA* is meant to
// differ by. maxSubopt < 0 is CheckFailure, every cost equal to its
// optimum.
func (r *Report) CheckFailureWithin(maxSubopt float64) string {
	var why []string
	if ok, set := r.extra["consistent"].(bool); set && !ok {
		d, _ := r.extra["first_difference"].(string)
		why = append(why, "the repaired hierarchy differs from a fresh build ("+d+")")
	}
	if maxSubopt >= 0 {
		if bad, checked, first := r.outsideBound(maxSubopt); bad > 0 {
			why = append(why, fmt.Sprintf("%d of %d costs are not within 0–%g%% above the optimum (-max-subopt %g); first: %s", bad, checked, 100*maxSubopt, maxSubopt, first))
		}
	} else if bad := r.OptimalChecked - r.OptimalMatches; bad > 0 {
		of := "the optimal column"
		if src := r.optimumSource(); src != optimumScen {
			of = "the optimum (" + src + ")"
		}
		above := ""
		if r.suboptRows > 0 {
			above = fmt.Sprintf(", %d of them above it (suboptimal: -max-subopt F accepts up to F above)", r.suboptRows)
		}
		why = append(why, fmt.Sprintf("%d of %d costs differ from %s (max abs error %.4g)%s", bad, r.OptimalChecked, of, r.MaxAbsError, above))
	}
	if r.Queries > 0 && r.OptimalChecked == 0 && !r.unmeasured["optimal_checked"] && !r.unreachableAgreed() {
		// -nb 4 rows (the column is 8-connected) or a single -from/-to
		// query with an algorithm not checked against A*: a -check that
		// compared no cost passed, optimal_checked 0 the only sign. (The
		// agents mode's plans have no optimum, and do not print the field.)
		why = append(why, r.nothingChecked())
	}
	if r.scenWrong > 0 {
		why = append(why, fmt.Sprintf("%d .scen rows' optimal column differs from our A*'s cost on this map (a list for another map, or a broken row); first: %s", r.scenWrong, r.scenWrongFirst))
	}
	if r.InvalidPaths > 0 {
		why = append(why, fmt.Sprintf("%d invalid paths", r.InvalidPaths))
	}
	if len(why) == 0 {
		return ""
	}
	msg := strings.Join(why, "; ")
	first := r.Mismatches
	if len(first) == 0 && maxSubopt < 0 {
		first = r.Suboptimal // plain -check fails on a cost above the optimum too
	}
	if len(first) > 0 && (maxSubopt < 0 || r.InvalidPaths > 0) {
		// Under -max-subopt the cost rows are named above; the first
		// kept row is named for an invalid path (it may be one within
		// the bound otherwise).
		m := first[0]
		msg += "; first: "
		switch {
		case m.Line > 0 && m.file != "":
			msg += fmt.Sprintf("%s:%d ", m.file, m.Line)
		case m.Line > 0:
			msg += fmt.Sprintf("line %d ", m.Line)
		}
		msg += fmt.Sprintf("(%d,%d)→(%d,%d): %s", m.Start[0], m.Start[1], m.Goal[0], m.Goal[1], m.Problem)
	}
	return msg
}

// unreachableAgreed reports whether the rows were checked against our A*
// and every query is unreachable both by it and by the planner (no path
// found, reach_errors 0 where the planner is not A* itself): reachability
// is then all there is to compare, and it was. A review found such a
// correct run failed as having checked nothing.
func (r *Report) unreachableAgreed() bool {
	if !r.refAStar || r.Found != 0 || r.NoPath != r.Queries {
		return false
	}
	reach, _ := r.extra["reachable"].(int)
	errs, _ := r.extra["reach_errors"].(int)
	return reach == 0 && errs == 0
}

// nothingChecked is -check's failure when no query had an optimum: why,
// and what to do instead.
func (r *Report) nothingChecked() string {
	why := r.noOptimum
	if why == "" {
		why = "no query had an optimum to compare with"
	}
	but := "our A* found no path for any query"
	if !r.refAStar {
		but = "-algo " + r.Algo + " is not checked against our A* (hpa and group are)"
	}
	return fmt.Sprintf("no cost was checked (optimal_checked 0): %s, and %s; only path validity was (invalid_paths %d). -check compares costs on 8-connected .scen rows", why, but, r.InvalidPaths)
}

// outsideBound counts the rows with an optimum whose cost is below it, more
// than maxSubopt above it, or missing, and names the first.
func (r *Report) outsideBound(maxSubopt float64) (bad, checked int, first string) {
	for i, row := range r.rows {
		opt := row.ref
		if opt < 0 {
			opt = row.q.Optimal
		}
		if opt < 0 {
			continue
		}
		checked++
		var problem string
		switch {
		case !row.found:
			problem = fmt.Sprintf("no path found, the optimum is %.3f", opt)
		case row.cost < opt-OptimalTolerance:
			problem = fmt.Sprintf("cost %.3f below the optimum %.3f", row.cost, opt)
		case row.cost > opt*(1+maxSubopt)+OptimalTolerance:
			problem = fmt.Sprintf("cost %.3f, %.2f%% above the optimum %.3f", row.cost, 100*(row.cost/opt-1), opt)
		default:
			continue
		}
		if bad == 0 {
			q := row.q
			first = fmt.Sprintf("%s (%d,%d)→(%d,%d): %s", q.where(i), q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y, problem)
		}
		bad++
	}
	return bad, checked, first
}

// MarshalJSON writes the fixed fields and the Set fields together in the
// order of reportKeyOrder.
func (r *Report) MarshalJSON() ([]byte, error) {
	type plain Report // no MarshalJSON: avoids recursion
	p := plain(*r)
	for _, f := range []*float64{&p.Weight, &p.MaxAbsError, &p.MeanUS, &p.MedianUS, &p.P99US, &p.MaxUS, &p.TotalMS, &p.BuildMS, &p.ExpandedMean, &p.PushesMean, &p.PeakOpenMean, &p.AllocsPerQuery, &p.BytesPerQuery} {
		if math.IsNaN(*f) || math.IsInf(*f, 0) {
			*f = 0 // these are counts and times: never NaN unless empty
		}
	}
	b, err := json.Marshal(p)
	if err != nil {
		return b, err
	}
	drop := r.unmeasured
	if r.Queries == 0 {
		// A mode that ran no queries (repair timings, agents) would print
		// the query fields as zeros that read like measurements.
		// queries 0 too: the repair mode printed it, a count of nothing run.
		drop = make(map[string]bool, len(queryKeys)+len(r.unmeasured)+1)
		drop["queries"] = true
		for _, m := range []map[string]bool{queryKeys, r.unmeasured} {
			for k := range m {
				drop[k] = true
			}
		}
	}
	pairs, err := topPairs(b, drop)
	if err != nil {
		return nil, err
	}
	for k, v := range r.extra {
		vb, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("report field %s: %w", k, err)
		}
		pairs = append(pairs, jsonPair{k, vb})
	}
	// Every key in its place (reportKeyOrder); one not listed last, by
	// name.
	rank := func(k string) int {
		if r, ok := keyRank[k]; ok {
			return r
		}
		return len(keyRank)
	}
	sort.Slice(pairs, func(i, j int) bool {
		ri, rj := rank(pairs[i].k), rank(pairs[j].k)
		if ri != rj {
			return ri < rj
		}
		return pairs[i].k < pairs[j].k
	})
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, p := range pairs {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(p.k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(p.v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// jsonPair is a key of a JSON object and its value.
type jsonPair struct {
	k string
	v json.RawMessage
}

// Write prints the report: one JSON object and a newline when asJSON, else
// one "key  value" line per field in the same order (long lists shortened),
// the values aligned two spaces after the longest key.
func (r *Report) Write(w io.Writer, asJSON bool) error {
	b, err := r.MarshalJSON()
	if err != nil {
		return err
	}
	if asJSON {
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	// Walk the object's top level keeping order.
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	var lines []line
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		if k := kt.(string); k == "worst" || k == "worst_note" {
			continue // a table of its own, below
		} else if k == "mismatches" || k == "suboptimal_rows" || k == "path" || k == "expanded_by_phase" {
			// Lists of objects or cells: read as lines, where their
			// JSON was cut at 100 bytes mid-row. -json has them whole.
			lines = append(lines, r.listLines(k)...)
			continue
		}
		v := string(raw)
		if sub, ok := objectLines(kt.(string), raw); ok {
			// An object (replans by reason, a group's figures): a line
			// per field, not one cut at 100 bytes (a tester could not
			// read segment_done, stuck or world_changed).
			lines = append(lines, sub...)
			continue
		}
		var str string
		if v == "null" {
			v = "-" // no value (cluster of regions, a NaN), as in the worst table
		} else if json.Unmarshal(raw, &str) == nil {
			v = str
		} else if p, ok := r.textPlaces(kt.(string)); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil { // not null
				v = strconv.FormatFloat(f, 'f', p, 64)
			}
		}
		v += textUnit(kt.(string), raw)
		if len(v) > 120 {
			v = v[:100] + fmt.Sprintf("... (%d bytes)", len(v))
		}
		lines = append(lines, line{kt.(string), v})
	}
	// Values start in one column, after the longest key and two spaces (a
	// fixed width of 18 let memory_bytes_no_cache and other long keys push
	// their values out of line).
	width := 0
	for _, l := range lines {
		width = max(width, len(l.k))
	}
	if r.Worst != nil && len(*r.Worst) == 0 {
		width = max(width, len("worst")) // its line below
	}
	var out strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&out, "%-*s  %s\n", width, l.k, l.v)
	}
	r.writeWorst(&out, width)
	_, err = io.WriteString(w, out.String())
	return err
}

// PhaseExpanded is one row of Report.ExpandedByPhase.
type PhaseExpanded struct {
	Phase string `json:"phase"` // "insert L1", "abstract L3", "refine L2", "refine cells", "smooth", "shortcut"
	Level int    `json:"level"` // the graph level searched: 0 for cells
	Count int    `json:"count"`
	Unit  string `json:"unit"` // "expanded", or "cells checked" for smooth
	// InSight, on "insert L1" only, names the ends joined to their
	// clusters' level-1 nodes by straight lines, without a search ("S",
	// "G" or "S and G"): why the row may count 0.
	InSight string `json:"in_sight,omitempty"`
}

// textMismatches is how many of the kept mismatches the text report
// prints, a line each.
const textMismatches = 5

// listLines returns the text report's lines of the list field key:
// mismatches as a count and a line per row (the first textMismatches),
// path as its length and ends. Continuation lines have no key.
func (r *Report) listLines(key string) []line {
	if key == "expanded_by_phase" {
		parts := make([]string, len(r.ExpandedByPhase))
		for i, ph := range r.ExpandedByPhase {
			parts[i] = fmt.Sprintf("%s %d", ph.Phase, ph.Count)
			if ph.Unit != "expanded" {
				parts[i] += " " + ph.Unit
			}
			if ph.InSight != "" {
				parts[i] += " (" + ph.InSight + " joined by straight lines, no search)"
			}
		}
		return []line{{key, strings.Join(parts, ", ")}}
	}
	if key == "path" {
		p := r.Path
		a, b := p[0], p[len(p)-1]
		return []line{{key, fmt.Sprintf("%d cells, (%d,%d) → (%d,%d) (every cell in -json)", len(p), a[0], a[1], b[0], b[1])}}
	}
	// The count of every such row, not of the kept list: a teacher read
	// "mismatches 10" on a run with 46 suboptimal HPA* rows.
	ms, n := r.Mismatches, max(r.errorRows, len(r.Mismatches))
	what := "rows off the optimum, without a path, or not a valid walk"
	if !r.exact() {
		what = "rows without a path where one exists or the reverse, below the optimum, or not a valid walk"
	}
	if key == "suboptimal_rows" {
		// Not mismatches: a planner that is not exact is expected to
		// return such costs (an engineer read HPA*'s as errors).
		ms, n = r.Suboptimal, max(r.suboptRows, len(r.Suboptimal))
		what = "rows above the optimum, as " + r.inexactWhat() + " may return"
	}
	head := fmt.Sprintf("%d (%s)", n, what)
	switch {
	case n > len(ms) && len(ms) > textMismatches:
		head += fmt.Sprintf("; the first %d below, the first %d in -json", textMismatches, len(ms))
	case n > len(ms):
		head += fmt.Sprintf("; the first %d below", len(ms))
	case len(ms) > textMismatches:
		head += fmt.Sprintf("; the first %d below, all in -json", textMismatches)
	}
	out := []line{{key, head}}
	num := func(v *float64) string {
		if v == nil {
			return "-"
		}
		return strconv.FormatFloat(*v, 'f', 6, 64)
	}
	for _, m := range ms[:min(len(ms), textMismatches)] {
		var b strings.Builder
		if m.Line > 0 {
			// The line, and the number -query and Ctrl+G take: an
			// engineer typed "26" from "line 26" and opened another row.
			fmt.Fprintf(&b, "line %d, query %d ", m.Line, m.Query)
		}
		fmt.Fprintf(&b, "(%d,%d)→(%d,%d): optimal %s, cost %s", m.Start[0], m.Start[1], m.Goal[0], m.Goal[1], num(m.Optimal), num(m.Cost))
		if !strings.HasPrefix(m.Problem, "cost ") {
			// The cost mismatch's text repeats the two figures.
			b.WriteString(": " + m.Problem)
		}
		out = append(out, line{"", b.String()})
	}
	return out
}

// textUnit is what the text report adds after a value in the unit the
// docs and the -worst table use: a suboptimality (a fraction in the JSON)
// as a percentage, a byte count in MB. A teacher copying figures for
// slides read "max_subopt 0.331371" beside -worst's "33.1371%".
func textUnit(key string, raw json.RawMessage) string {
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return ""
	}
	switch {
	case strings.HasSuffix(key, "_subopt"):
		return fmt.Sprintf(" (%.4f%%)", 100*f) // as -worst's table
	case strings.HasSuffix(key, "_bytes") || strings.HasPrefix(key, "memory_bytes"):
		if f >= 1e5 {
			return " (" + world.Bytes(int64(f)) + ")" // as the window writes it
		}
	}
	return ""
}

// textPlaces returns the decimals the text report prints for the field
// key, and false for a field printed as the JSON has it (counts, settings).
func (r *Report) textPlaces(key string) (int, bool) {
	if p, ok := r.places[key]; ok {
		return p, true
	}
	p, ok := fixedPlaces[key]
	return p, ok
}

// queryKeys are the Report fields that describe a batch of queries.
var queryKeys = map[string]bool{
	"found": true, "no_path": true, "optimal_checked": true, "optimal_matches": true,
	"max_abs_error": true, "invalid_paths": true, "mean_us": true, "median_us": true,
	"p99_us": true, "max_us": true, "total_ms": true, "expanded_mean": true,
	"pushes_mean": true, "peak_open_mean": true, "allocs_per_query": true, "bytes_per_query": true,
}

// topPairs returns the top-level keys of the JSON object b and their
// values, without the keys in drop.
func topPairs(b []byte, drop map[string]bool) ([]jsonPair, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var out []jsonPair
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if k := kt.(string); !drop[k] {
			out = append(out, jsonPair{k, raw})
		}
	}
	return out, nil
}

// The values of optimum_source: what the subopt fields, -worst's and
// -csv's optimal column are measured against. A fixed set, documented in
// docs/bench.md, so that a script can compare runs by it.
const (
	optimumScen          = "scen_file"            // the .scen's optimal column
	optimumAStarMap      = "astar_map"            // our A* on the map as loaded (the run's neighbourhood)
	optimumAStarScenario = "astar_scenario_world" // our A* on a -scenario's world, its edit log applied
)

// optimumSource returns the optimum_source value of the run: the .scen's
// column, or our A*'s cost on the grid the run used (hpa and group
// everywhere, every algorithm on a -scenario's own queries or on its list
// once its edit log has changed the map).
func (r *Report) optimumSource() string {
	switch {
	case !r.refAStar:
		return optimumScen
	case r.refGrid != "":
		return optimumAStarScenario
	}
	return optimumAStarMap
}

// setOptimumSource adds optimum_source to a report that prints subopt
// fields (or a -worst table of rows with an optimum), and nothing to the
// others (agents, repair, rows with no optimum: nothing was compared).
// Only the -worst table's header said what the optimum was.
func (r *Report) setOptimumSource() {
	_, sub := r.extra["mean_subopt"]
	_, zero := r.extra["zero_optimum_rows"]
	if sub || zero || (r.Worst != nil && len(*r.Worst) > 0) {
		r.Set("optimum_source", r.optimumSource())
	}
}

// optimalLabel says in words what the rows' optimum (-worst's optimal
// column) is, the optimum_source of the run (optimumSource).
func (r *Report) optimalLabel() string {
	src := r.optimumSource()
	if src == optimumScen {
		return "the .scen's optimal column"
	}
	ref, aside := "A*'s cost on this grid", ", not the .scen's rounded column"
	if src == optimumAStarScenario {
		ref, aside = "A*'s cost on "+r.refGrid, ", not the .scen's column (scen_optimal in -csv)"
	}
	for _, row := range r.rows {
		if row.q.FileOptimal >= 0 {
			ref += aside // only where there is one
			break
		}
	}
	return ref
}

// writeWorst prints the worst rows as a table (the text report); width is
// the key column's, for the line that says there is none.
func (r *Report) writeWorst(out *strings.Builder, width int) {
	if r.Worst == nil {
		return
	}
	worst := *r.Worst
	if len(worst) == 0 {
		fmt.Fprintf(out, "%-*s  no row has an optimum to compare with\n", width, "worst")
		return
	}
	num := func(v *float64, f string) string {
		if v == nil {
			return "-"
		}
		return fmt.Sprintf(f, *v)
	}
	// Rows at their optimum (a subopt that rounds to 0.0000%) come last
	// in the ranking. The text table ends before them with their count:
	// a column of 0.0000% rows under "worst" told an engineer nothing.
	// The JSON keeps them (their window numbers are the list's use too).
	atOpt := 0
	for _, w := range worst {
		if w.Problem == "" && w.Subopt != nil && *w.Subopt == 0 {
			atOpt++
		}
	}
	if atOpt == len(worst) {
		fmt.Fprintf(out, "worst rows: none off the optimum (optimal: %s)\n", r.optimalLabel())
	} else {
		fmt.Fprintf(out, "worst rows (subopt = cost / optimal - 1; optimal: %s):\n", r.optimalLabel())
		fmt.Fprintf(out, "  %6s %6s %11s %11s %12s %12s %10s\n", "query", "line", "start", "goal", "optimal", "cost", "subopt")
	}
	for _, w := range worst[:len(worst)-atOpt] {
		sub := "-"
		if w.Subopt != nil {
			// The JSON's subopt is rounded to 6 decimals (round6): 4 in
			// percent, the same figure.
			sub = fmt.Sprintf("%.4f%%", 100**w.Subopt)
		}
		line := "-"
		if w.Line > 0 {
			line = fmt.Sprint(w.Line)
		}
		fmt.Fprintf(out, "  %6d %6s %11s %11s %12s %12s %10s", w.Query, line,
			fmt.Sprintf("%d,%d", w.Start[0], w.Start[1]), fmt.Sprintf("%d,%d", w.Goal[0], w.Goal[1]),
			num(w.Optimal, "%.4f"), num(w.Cost, "%.4f"), sub)
		if w.Problem != "" {
			fmt.Fprintf(out, "  %s", w.Problem)
		}
		out.WriteByte('\n')
	}
	if atOpt > 0 && atOpt < len(worst) {
		fmt.Fprintf(out, "  (%s more at their optimum, not listed)\n", world.Count(atOpt))
	}
	switch w := worst[0]; {
	case w.Open != "" && atOpt == len(worst):
		// No row is worse than another: "the first" would claim a worst
		// row the table does not list.
		fmt.Fprintf(out, "to look at one anyway, open query %d in the window:\n  %s\n", w.Query, w.Open)
	case w.Open != "":
		fmt.Fprintf(out, "open the first in the window:\n  %s\n", w.Open)
	case r.worstNote != "":
		fmt.Fprintf(out, "no command to open them in the window: %s\n", r.worstNote)
	}
}

// line is a key and its value in the text report.
type line struct{ k, v string }

// objectLines returns a JSON object's fields as text lines "key.field
// value", in the object's order, and ok false when raw is not an object.
// A field that is itself long (an array, a nested object) is cut as other
// long values are.
func objectLines(key string, raw json.RawMessage) ([]line, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, false
	}
	var out []line
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var sub json.RawMessage
		if err := dec.Decode(&sub); err != nil {
			return nil, false
		}
		v := string(sub)
		var str string
		if v == "null" {
			v = "-"
		} else if json.Unmarshal(sub, &str) == nil {
			v = str
		}
		if len(v) > 120 {
			v = v[:100] + fmt.Sprintf("... (%d bytes)", len(v))
		}
		out = append(out, line{key + "." + kt.(string), v})
	}
	if len(out) == 0 {
		return nil, false // "{}" is printed as it is, not dropped
	}
	return out, true
}

// exact reports whether the run's algorithm returns optimal paths, so that
// a cost off the optimum is an error (a mismatch), not a suboptimal row:
// A*, Dijkstra and A* with the cluster heuristic, unweighted, under an
// admissible heuristic (manhattan overestimates diagonal moves).
func (r *Report) exact() bool {
	return exactSearch(r.Algo, r.Weight, r.Heuristic == "manhattan" && r.Neighborhood == 8)
}

// exactSearch reports whether -algo algo with the A* weight weight returns
// optimal paths: A*, Dijkstra and A* with the cluster heuristic,
// unweighted, unless manhattan8 (the manhattan heuristic on 8-connected
// moves, an overestimate).
func exactSearch(algo string, weight float64, manhattan8 bool) bool {
	switch algo {
	case "astar", "dijkstra", "astar-cluster":
	default:
		return false // hpa, group, greedy
	}
	return weight <= 1 && !manhattan8
}

// inexactWhat names what makes the run's planner not exact, for the text
// report's suboptimal rows: "-algo hpa", "-algo astar -weight 1.5".
func (r *Report) inexactWhat() string {
	what := "-algo " + r.Algo
	switch {
	case r.Algo != "astar" && r.Algo != "dijkstra" && r.Algo != "astar-cluster":
	case r.Weight > 1:
		what += fmt.Sprintf(" -weight %g", r.Weight)
	case r.Heuristic == "manhattan" && r.Neighborhood == 8:
		what += " -heuristic manhattan (an overestimate on 8-connected moves)"
	}
	return what
}

// listProblems fills Mismatches and Suboptimal, and the fields errors and
// suboptimal (a planner that is not exact only), from the kept rows: each
// row's cost against its optimum (ref), its path's validity (invalid) and,
// for the planners checked against our A* (refAStar), a path where A*
// finds none. Run after the rows are judged (RunQueries, checkAgainstRef).
func (r *Report) listProblems() {
	r.Mismatches, r.errorRows, r.Suboptimal, r.suboptRows = nil, 0, nil, 0
	exact := r.exact()
	for i, row := range r.rows {
		problem, above := row.invalid, false
		switch e := math.Abs(row.cost - row.ref); {
		case problem != "":
		case row.ref < 0:
			if r.refAStar && row.found {
				problem = "a path found, A* finds none"
			}
		case !row.found:
			problem = "no path found"
		case e <= OptimalTolerance:
		case exact || row.ref == 0:
			problem = fmt.Sprintf("cost %.6f, optimal %.6f", row.cost, row.ref)
		case row.cost < row.ref:
			problem = fmt.Sprintf("cost %.6f, below the optimum %.6f", row.cost, row.ref)
		default:
			problem, above = fmt.Sprintf("cost %.6f, optimal %.6f", row.cost, row.ref), true
		}
		if problem == "" {
			continue
		}
		list, n := &r.Mismatches, &r.errorRows
		if above {
			list, n = &r.Suboptimal, &r.suboptRows
		}
		if *n++; len(*list) >= maxMismatches {
			continue
		}
		var c *float64 // null: no path, as -worst writes it
		if row.found {
			c = ptr(round6(row.cost))
		}
		q := row.q
		*list = append(*list, Mismatch{Line: q.Line, Query: q.number(i), Start: [2]int{q.Start.X, q.Start.Y}, Goal: [2]int{q.Goal.X, q.Goal.Y},
			Optimal: optimumOrNull(row.ref), Cost: c, Problem: problem, file: q.File})
	}
	r.Set("errors", r.errorRows)
	if exact {
		delete(r.extra, "suboptimal")
	} else {
		r.Set("suboptimal", r.suboptRows)
	}
}
