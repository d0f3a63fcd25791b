package hpa

import (
	"fmt"
	"hash/fnv"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// fpHier hashes h's clusters level by level (see TestFingerprints).
func fpHier(h *Hierarchy) uint64 {
	f := fnv.New64a()
	w := func(vs ...int64) {
		var b [8]byte
		for _, v := range vs {
			for i := 0; i < 8; i++ {
				b[i] = byte(uint64(v) >> (8 * i))
			}
			f.Write(b[:])
		}
	}
	for l := 1; l <= len(h.lv); l++ {
		lv := h.lv[l-1]
		for ci := range lv.clusters {
			cl := &lv.clusters[ci]
			w(int64(ci), int64(len(cl.nodes)))
			for _, id := range cl.nodes {
				nd := &lv.nodes[id]
				w(int64(nd.pt.X), int64(nd.pt.Y), int64(nd.ninter))
				for t := 0; t < int(nd.ninter); t++ {
					e := nd.inter[t]
					p := lv.nodes[e.to].pt
					w(int64(p.X), int64(p.Y), int64(math.Float64bits(e.out)), int64(math.Float64bits(e.in)), int64(e.height))
				}
			}
			for _, d := range cl.dist {
				w(int64(math.Float64bits(d)))
			}
			for _, v := range cl.via {
				w(int64(v))
			}
			if h.cfg.CachePaths {
				n := len(cl.nodes)
				for k := 0; k < n*n; k++ {
					if k/n == k%n || cl.dist[k] == inf {
						continue
					}
					for _, p := range pathCells(h, l, cl, k) {
						w(int64(p.X), int64(p.Y))
					}
				}
			}
		}
	}
	return f.Sum64()
}

// TestFingerprints is a tool for changes meant to leave every hierarchy the
// same bit for bit as the code before them (a faster search, a shortcut
// that must write what the search wrote). It hashes every cluster's nodes,
// inter edges, matrix entries (their bits), via masks and cached paths on
// every Moving AI map under nine configs, after a build and, for three of
// the configs, after 300 repairs of BenchmarkRepairSeq's kind. It compares
// two versions of the code with each other, not a repair with a build
// (Equal and the repair tests do that). PATHLENS_FINGERPRINT_OUT=FILE
// writes the hashes; PATHLENS_FINGERPRINT_WANT=FILE (written by the commit
// before) fails on the first line that differs, on a different number of
// lines, or when the maps are missing. Without either it skips.
// Floating-point results may differ between architectures, so compare
// files from one machine.
func TestFingerprints(t *testing.T) {
	out, want := os.Getenv("PATHLENS_FINGERPRINT_OUT"), os.Getenv("PATHLENS_FINGERPRINT_WANT")
	if out == "" && want == "" {
		t.Skip("set PATHLENS_FINGERPRINT_OUT=FILE to write hierarchy fingerprints, PATHLENS_FINGERPRINT_WANT=FILE to compare with them")
	}
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Fatalf("Moving AI maps not found at %q (set PATHLENS_MAPS): nothing to fingerprint", dir)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.map"))
	sort.Strings(files)
	cfgs := []Config{
		{},
		{ClusterSize: 16, Levels: 2},
		{ClusterSize: 16, Levels: 3, CachePaths: true},
		{ClusterSize: 8, Levels: 3, Branch: 3},
		{ClusterSize: 10, Placement: Dense},
		{ClusterSize: 12, Neighborhood: pathing.Four},
		{ClusterSize: 10, CachePaths: true},
		{ClusterSize: 20, Levels: 4},
		{ClusterSize: 6, Levels: 2},
	}
	var got strings.Builder
	for _, fn := range files {
		m, err := maps.LoadMap(fn)
		if err != nil {
			t.Fatal(err)
		}
		for ci, cfg := range cfgs {
			g := m.Grid.Clone()
			h, err := Build(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			built := fpHier(h)
			if ci < 3 {
				ed := newBenchEdits(int64(ci), h.cfg.ClusterSize, g.Width(), g.Height())
				for i := 0; i < 300; i++ {
					p := ed.next()
					g.SetOpen(p, !g.Open(p))
					h.Update([]image.Point{p})
				}
			}
			fmt.Fprintf(&got, "%s config %d (%v): built %016x repaired %016x\n", filepath.Base(fn), ci, h.cfg, built, fpHier(h))
		}
	}
	if out != "" {
		if err := os.WriteFile(out, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want != "" {
		b, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		wl, gl := strings.Split(string(b), "\n"), strings.Split(got.String(), "\n")
		if len(wl) != len(gl) {
			t.Fatalf("%s has %d lines, this run %d (other maps or configs?)", want, len(wl)-1, len(gl)-1)
		}
		for i := range gl {
			if i >= len(wl) || wl[i] != gl[i] {
				w := "(missing)"
				if i < len(wl) {
					w = wl[i]
				}
				t.Fatalf("%s line %d differs:\n got  %s\n want %s", want, i+1, gl[i], w)
			}
		}
	}
}
