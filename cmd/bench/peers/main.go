// Command peers compares pathlens' A* with two public Go A* libraries on the
// same 512×512 Moving AI queries and prints a side-by-side table:
//
//	cd cmd/bench/peers && go run .            # or: make bench-peers
//	cd cmd/bench/peers && go test -bench .    # the same contenders as Go benchmarks
//
// Every contender answers the same queries (rows spread evenly over the
// map's scenario file) under the same rules (adapters.go); the command first
// checks that each finds the scenario's optimal cost for every query, then
// times them. This is its own module so the peer libraries never enter
// pathlens' go.mod.
//
// The target column compares CPU-time ratios with issue 2's targets (pathlens
// ≥ 8× faster than beefsack, ≥ 50× than fzipp); CPU time is used because wall
// time on a shared machine swings with other load.
//
// Exit status: 0 when every contender found the optimal costs (and, with
// -enforce, pathlens met every target); 1 otherwise; 2 on bad flags or
// missing maps.
package main

import (
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Query is one benchmark problem with its recorded optimal cost.
type Query struct {
	Start, Goal image.Point
	Optimal     float64
	Line        int
}

// targets are the speed-ups issue 2 asks for, by contender name.
var targets = map[string]float64{"beefsack/go-astar": 8, "fzipp/astar": 50}

// mapsDir finds the Moving AI folder: $PATHLENS_MAPS, else the pathlens
// checkout's ../shared/maps/movingai (maps.MovingAIDir walks up past this
// nested module's own go.mod).
func mapsDir() (string, bool) { return maps.MovingAIDir() }

// Load reads the named Moving AI map and n of its scenario rows taken at an
// even stride (all rows when n ≤ 0 or n ≥ the row count).
func Load(name string, n int) (*pathing.Grid, []Query, error) {
	dir, ok := mapsDir()
	if !ok {
		return nil, nil, fmt.Errorf("peers: Moving AI maps not found; set PATHLENS_MAPS to the folder of NAME.map and NAME.map.scen")
	}
	m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
	if err != nil {
		return nil, nil, err
	}
	rows, err := maps.LoadScen(filepath.Join(dir, name+".map.scen"))
	if err != nil {
		return nil, nil, err
	}
	if errs := maps.CheckScen(m, rows); errs != nil {
		return nil, nil, errs[0]
	}
	if n <= 0 || n > len(rows) {
		n = len(rows)
	}
	qs := make([]Query, 0, n)
	for i := 0; i < n; i++ {
		r := rows[i*len(rows)/n]
		qs = append(qs, Query{Start: r.Start, Goal: r.Goal, Optimal: r.Optimal, Line: r.Line})
	}
	return m.Grid, qs, nil
}

// Contenders returns pathlens first, then the peers, all on g.
func Contenders(g *pathing.Grid) []Contender {
	return []Contender{NewOurs(g), NewBeefsack(g), NewFzipp(g)}
}

// Check runs every query once with c and returns a description of the
// first answer that is not a valid path of the optimal cost, or "".
func Check(g *pathing.Grid, c Contender, qs []Query) string {
	for _, q := range qs {
		cost, path, found := c.Path(q.Start, q.Goal)
		switch {
		case !found:
			return fmt.Sprintf("line %d %v→%v: no path (optimal %.4f)", q.Line, q.Start, q.Goal, q.Optimal)
		case math.Abs(cost-q.Optimal) > 0.01:
			return fmt.Sprintf("line %d %v→%v: cost %.4f, optimal %.4f", q.Line, q.Start, q.Goal, cost, q.Optimal)
		case path[0] != q.Start || path[len(path)-1] != q.Goal:
			return fmt.Sprintf("line %d: path runs %v→%v", q.Line, path[0], path[len(path)-1])
		}
		if err := pathing.ValidatePath(g, path, pathing.Eight); err != nil {
			return fmt.Sprintf("line %d: %v", q.Line, err)
		}
		if pc := pathing.PathCost(g, path, pathing.Eight); math.Abs(pc-cost) > 0.01 {
			return fmt.Sprintf("line %d: reports cost %.4f, path costs %.4f", q.Line, cost, pc)
		}
	}
	return ""
}

// Timing is one contender's measured run over the query set.
type Timing struct {
	Name        string
	Runs        int           // passes over the query set
	WallPerQ    time.Duration // mean wall time per query
	CPUPerQ     time.Duration // mean process CPU time per query (GC included)
	AllocsPerQ  float64
	BytesPerQ   float64
	SpeedupWall float64 // this contender's time / pathlens' time (pathlens: 1)
	SpeedupCPU  float64
}

// Measure runs the query set with c at least once and until minDur has
// passed, and returns per-query means. It first collects the garbage and
// returns freed memory to the OS (debug.FreeOSMemory), so that neither the
// collector nor the background scavenger bills one contender's garbage to
// the next one's CPU time.
func Measure(c Contender, qs []Query, minDur time.Duration) Timing {
	debug.FreeOSMemory()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0 := cpuTime()
	t0 := time.Now()
	runs := 0
	for runs == 0 || time.Since(t0) < minDur {
		for _, q := range qs {
			c.Path(q.Start, q.Goal)
		}
		runs++
	}
	wall := time.Since(t0)
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&m1)
	n := float64(runs * len(qs))
	return Timing{
		Name: c.Name(), Runs: runs,
		WallPerQ:   time.Duration(float64(wall) / n),
		CPUPerQ:    time.Duration(float64(cpu) / n),
		AllocsPerQ: float64(m1.Mallocs-m0.Mallocs) / n,
		BytesPerQ:  float64(m1.TotalAlloc-m0.TotalAlloc) / n,
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("peers", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("map", "random512-10-0", "Moving AI 512×512 map `name` (without .map) from the maps folder")
	n := fs.Int("queries", 100, "number of scenario rows, spread evenly over the file")
	minDur := fs.Duration("min", 2*time.Second, "run each contender at least this long (pathlens repeats the set)")
	enforce := fs.Bool("enforce", false, "exit 1 when pathlens misses a speed target")
	skip := fs.String("skip", "", "comma-separated contender names to leave out (e.g. fzipp/astar: it needs minutes on maze512)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, qs, err := Load(*name, *n)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	fmt.Fprintf(stdout, "map %s (%d×%d), %d queries, same for every contender; %s, GOMAXPROCS %d\n",
		*name, g.Width(), g.Height(), len(qs), runtime.Version(), runtime.GOMAXPROCS(0))
	var cs []Contender
	for _, c := range Contenders(g) {
		if !strings.Contains(","+*skip+",", ","+c.Name()+",") {
			cs = append(cs, c)
		}
	}
	ok := true
	var ts []Timing
	for _, c := range cs { // each checked, then timed: pathlens first, before any garbage exists
		if msg := Check(g, c, qs); msg != "" {
			fmt.Fprintf(stderr, "peers: %s disagrees with the optimal costs: %s\n", c.Name(), msg)
			ok = false
		}
		ts = append(ts, Measure(c, qs, *minDur))
	}
	if ok {
		fmt.Fprintf(stdout, "all %d contenders found the optimal cost (±0.01) and a valid path for every query\n\n", len(cs))
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "contender\tµs/query (wall)\tµs/query (cpu)\tallocs/query\tKB/query\tpathlens faster (wall)\tpathlens faster (cpu)\ttarget\t")
	for i := range ts {
		t := &ts[i]
		t.SpeedupWall = float64(t.WallPerQ) / float64(ts[0].WallPerQ)
		t.SpeedupCPU = float64(t.CPUPerQ) / float64(ts[0].CPUPerQ)
		target := "-"
		if want, has := targets[t.Name]; has {
			verdict := "met"
			if t.SpeedupCPU < want {
				verdict = "NOT MET"
				if *enforce {
					ok = false
				}
			}
			target = fmt.Sprintf("≥%.0f× %s", want, verdict)
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f×\t%.1f×\t%s\t\n", t.Name,
			us(t.WallPerQ), us(t.CPUPerQ), t.AllocsPerQ, t.BytesPerQ/1024, t.SpeedupWall, t.SpeedupCPU, target)
	}
	tw.Flush()
	if !ok {
		return 1
	}
	return 0
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
