package hpa

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/pathing"
)

// TestSweep prints suboptimality and speed against A* for the configs and
// maps named in $HPA_SWEEP ("maps=a,b;C=10,16;L=1,2;cache=1;stride=3;w=1.2"),
// timing queries in thread CPU time so the figures hold on a busy machine.
// It is a tool for tuning, skipped unless the variable is set.
func TestSweep(t *testing.T) {
	spec := os.Getenv("HPA_SWEEP")
	if spec == "" {
		t.Skip("set HPA_SWEEP to run the sweep")
	}
	kv := map[string]string{"maps": "AR0011SR,Aftershock,orz103d,hrt201n,lak303d", "C": "10", "L": "2", "cache": "1", "dense": "0", "smooth": "1", "shortcut": "1", "stride": "1"}
	for _, f := range strings.Split(spec, ";") {
		if k, v, ok := strings.Cut(f, "="); ok {
			kv[k] = v
		}
	}
	ints := func(s string) []int {
		var out []int
		for _, x := range strings.Split(s, ",") {
			n, _ := strconv.Atoi(x)
			out = append(out, n)
		}
		return out
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	stride, _ := strconv.Atoi(kv["stride"])
	w, _ := strconv.ParseFloat(kv["w"], 64)
	for _, name := range strings.Split(kv["maps"], ",") {
		m, all := loadBench(t, name)
		var rows = all
		if stride > 1 {
			rows = nil
			for i := 0; i < len(all); i += stride {
				rows = append(rows, all[i])
			}
		}
		s := pathing.NewSearcher(m.Grid)
		astar := make([]float64, len(rows))
		for i, r := range rows {
			t0 := threadNS()
			s.Search(pathing.Query{Start: r.Start, Goal: r.Goal})
			astar[i] = float64(threadNS()-t0) / 1000
		}
		sort.Float64s(astar)
		for _, C := range ints(kv["C"]) {
			for _, L := range ints(kv["L"]) {
				k, _ := strconv.Atoi(kv["k"])
				cfg := Config{ClusterSize: C, Levels: L, Branch: k, CachePaths: kv["cache"] == "1"}
				if kv["dense"] == "1" {
					cfg.Placement = Dense
				}
				t0 := time.Now()
				h, err := Build(m.Grid, cfg)
				if err != nil {
					t.Fatal(err)
				}
				bt := time.Since(t0)
				q := h.NewQuerier()
				opt := QueryOptions{NoSmooth: kv["smooth"] == "0", NoShortcut: kv["shortcut"] == "0", AbstractWeight: w}
				var subs, us []float64
				var ph [5]float64
				for _, r := range rows {
					t0 := threadNS()
					res, err := q.Find(r.Start, r.Goal, opt)
					us = append(us, float64(threadNS()-t0)/1000)
					if err != nil || res.Status != pathing.Found {
						t.Fatalf("%v %v", err, res.Status)
					}
					ph[0] += float64(res.Phases.InsertTime.Nanoseconds()) / 1000
					ph[1] += float64(res.Phases.AbstractTime.Nanoseconds()) / 1000
					ph[2] += float64(res.Phases.RefineTime.Nanoseconds()) / 1000
					ph[3] += float64(res.Phases.SmoothTime.Nanoseconds()) / 1000
					ph[4] += float64(res.Phases.Abstract)
					if r.Optimal > 0 {
						subs = append(subs, math.Max(0, res.Cost/r.Optimal-1))
					}
				}
				sort.Float64s(us)
				n := float64(len(rows))
				fmt.Printf("   mean us: insert %.1f abstract %.1f (%.0f exp) refine %.1f smooth %.1f; mean total %.1f\n", ph[0]/n, ph[1]/n, ph[4]/n, ph[2]/n, ph[3]/n, mean(us))
				st := h.Stats()
				fmt.Printf("%-12s C=%-2d L=%d build=%6.1fms nodes=%6d edges=%7d ratio=%.3f mem=%6dKB  %v  hpa_med=%7.1fus astar_med=%7.0fus speedup=%.1f\n",
					name, C, L, float64(bt.Microseconds())/1000, st.Nodes, st.Edges, st.AbstractRatio(), st.MemoryBytes/1024, summarize(subs), us[len(us)/2], astar[len(astar)/2], astar[len(astar)/2]/us[len(us)/2])
			}
		}
	}
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// threadNS returns the CPU time of the calling OS thread in nanoseconds
// (0 where it cannot be read): unlike wall time it does not count the time
// other processes take the core, so tuning runs are comparable on a busy
// machine. Lock the goroutine to its thread around measurements.
func threadNS() int64 {
	d, _ := cputime.Thread()
	return int64(d)
}

// processNS returns the CPU time of the whole process in nanoseconds:
// every core's work, the garbage collector's included, for code that runs
// on several goroutines (Build).
func processNS() int64 {
	d, _ := cputime.Process()
	return int64(d)
}
