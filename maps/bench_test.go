package maps

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchMovingAI returns a 512×512 Moving AI file shaped like the benchmark
// set's (10% obstacles, trees and walls), built in memory so the benchmark
// runs without the shared maps.
func benchMovingAI() []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.WriteString("type octile\nheight 512\nwidth 512\nmap\n")
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			switch r := rng.IntN(20); {
			case r == 0:
				b.WriteByte('@')
			case r == 1:
				b.WriteByte('T')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// benchScen returns a .scen file of n rows in the tab-separated style.
func benchScen(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var b bytes.Buffer
	b.WriteString("version 1\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d\tmaps/mazes/maze512-16-0.map\t512\t512\t%d\t%d\t%d\t%d\t%.8f\n",
			i/10, rng.IntN(512), rng.IntN(512), rng.IntN(512), rng.IntN(512), rng.Float64()*3000)
	}
	return b.Bytes()
}

func BenchmarkReadMovingAI512(b *testing.B) {
	data := benchMovingAI()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadMovingAI(bytes.NewReader(data), "bench.map"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteMovingAI512(b *testing.B) {
	m, err := ReadMovingAI(bytes.NewReader(benchMovingAI()), "bench.map")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteMovingAI(io.Discard, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadScen reads 9,000 rows, the size of the largest benchmark file.
func BenchmarkReadScen(b *testing.B) {
	data := benchScen(9000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadScen(bytes.NewReader(data), "bench.scen"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseScenario reads a 128×96 inline world with a region layer,
// the size of the app's built-in scenarios.
func BenchmarkParseScenario(b *testing.B) {
	var s strings.Builder
	s.WriteString("pathlens-scenario 1\nname bench\nset cluster 8\nmap inline\n")
	for y := 0; y < 96; y++ {
		for x := 0; x < 128; x++ {
			if x%16 == 0 && y%12 != 6 || y%12 == 0 && x%16 != 8 {
				s.WriteByte('#')
			} else {
				s.WriteByte('.')
			}
		}
		s.WriteByte('\n')
	}
	s.WriteString("end\nregions 1\n")
	for y := 0; y < 96; y++ {
		for x := 0; x < 128; x++ {
			s.WriteByte(byte('A' + (y/12*8+x/16)%26))
		}
		s.WriteByte('\n')
	}
	s.WriteString("end\nquery 1,1 126,94\n")
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseScenario(bytes.NewReader(data), "bench.pls", ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseScenarioEdits parses a session whose edit log holds
// 20,000 one-cell edits in the file's own form ("fill X,Y"): a long
// session's save. A review found every such line run through the cell
// regexps that only the window's forms ("(X, Y)") need.
func BenchmarkParseScenarioEdits(b *testing.B) {
	var s strings.Builder
	s.WriteString("pathlens-scenario 1\nname bench\nmap inline\n")
	const n = 256
	for y := 0; y < n; y++ {
		s.WriteString(strings.Repeat(".", n))
		s.WriteByte('\n')
	}
	s.WriteString("end\nquery 1,1 250,250\n")
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&s, "fill %d,%d\ndig %d,%d\n", 5+i%240, 5+(i/240)%240, 5+i%240, 5+(i/240)%240)
	}
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseScenario(bytes.NewReader(data), "bench.pls", ""); err != nil {
			b.Fatal(err)
		}
	}
}
