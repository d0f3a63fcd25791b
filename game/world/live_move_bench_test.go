package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/pathing"
)

// liveFrame is the frame interval BenchmarkLiveMove paces its mouse moves
// at (60 frames a second, the window's).
const liveFrame = time.Second / 60

// BenchmarkLiveMove is the user's mouse moving while a button is held on a
// 512×512 map, paced as the window does it: one move a frame, each frame
// the move's call and a Tick, then the rest of the frame idle, so work the
// move starts in the background (the optimal reference) runs as long as it
// would in the window. "stroke" is a ten-cell brush stroke across the
// middle of the map's longest scenario path (the stroke10 of
// BenchmarkSession), "drag" ten moves of the goal about where it is. It
// reports per mouse move
//
//	move-cpu-ms  the process's CPU time over the move's frame, background
//	             workers included: what a move costs the machine
//	move-ui-ms   the window thread's work in the frame (the move and Tick)
//	move-max-ms  the longest such frame
//
// and drop-cpu-ms, the CPU time of letting go (EndStroke or Replan) until
// everything shown is current, the optimal reference included.
func BenchmarkLiveMove(b *testing.B) {
	for _, name := range []string{"random512-10-0", "maze512-16-0", "AR0011SR"} {
		for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
			for _, kind := range []string{"stroke", "drag"} {
				b.Run(name+"/"+algo.String()+"/"+kind, func(b *testing.B) { benchLiveMove(b, name, algo, kind) })
			}
		}
	}
}

func benchLiveMove(b *testing.B, name string, algo Algo, kind string) {
	w := openSession(b, name, algo, 0)
	defer w.Close()
	goal0 := w.Goal
	var cells []image.Point
	if kind == "stroke" {
		_, _, cells = editCells(b, w)
	} else {
		for k := 0; len(cells) < 10 && k < 64; k++ {
			p := goal0.Add(image.Pt(k%8-4, (k/8)%3-1))
			if p != goal0 && w.Grid.Open(p) {
				cells = append(cells, p)
			}
		}
	}
	if len(cells) < 2 {
		b.Fatal("no cells to move over")
	}
	var moveCPU, dropCPU, ui, most time.Duration
	moves := 0
	frame := func(fn func()) {
		t0 := time.Now()
		c0, _ := cputime.Process()
		fn()
		w.Tick(liveFrame.Seconds())
		d := time.Since(t0)
		ui += d
		most = max(most, d)
		time.Sleep(liveFrame - d)
		c1, _ := cputime.Process()
		moveCPU += c1 - c0
		moves++
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if kind == "stroke" {
			frame(func() { w.BeginStroke(cells[0], 0) })
			for _, p := range cells[1:] {
				frame(func() { w.StrokeTo(p) })
			}
		} else {
			for _, p := range cells {
				frame(func() { w.MoveEndpoint(true, p) })
			}
		}
		c0, _ := cputime.Process()
		if kind == "stroke" {
			w.EndStroke()
		} else {
			w.Replan()
		}
		settleUntimed(w)
		c1, _ := cputime.Process()
		dropCPU += c1 - c0
		b.StopTimer()
		if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found || w.Outcome.OneRun || !w.Optimal.Known {
			b.Fatal(w.Outcome.Status, w.Outcome.Err, w.Outcome.OneRun, w.Optimal.Known)
		}
		if kind == "stroke" {
			w.Undo()
		} else {
			w.MoveEndpoint(true, goal0)
			w.Replan()
		}
		settleUntimed(w)
		b.StartTimer()
	}
	if moves > 0 {
		b.ReportMetric(float64(moveCPU.Microseconds())/1000/float64(moves), "move-cpu-ms")
		b.ReportMetric(float64(ui.Microseconds())/1000/float64(moves), "move-ui-ms")
		b.ReportMetric(float64(most.Microseconds())/1000, "move-max-ms")
		b.ReportMetric(float64(dropCPU.Microseconds())/1000/float64(b.N), "drop-cpu-ms")
	}
}
