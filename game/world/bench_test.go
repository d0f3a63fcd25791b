package world

import (
	"image"
	"testing"
)

// BenchmarkTimelineScrub moves the cursor of the default world's A*
// timeline back and forth by a screenful of playback (1,000 events), the
// work a frame does while scrubbing or playing fast.
func BenchmarkTimelineScrub(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Begin()
	tl := &w.Timeline
	n := tl.Len()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tl.Seek((i * 1000) % n)
	}
}

// BenchmarkLiveReplan is one frame of dragging the goal on the default
// world with HPA*: a traced query and its timeline.
func BenchmarkLiveReplan(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	goals := []image.Point{{125, 65}, {125, 40}, {110, 25}, {60, 80}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.MoveEndpoint(true, goals[i%len(goals)])
	}
}

// BenchmarkDigStroke is a two-cell dig and its undo with HPA*: the local
// repair, the patched views and the replans.
func BenchmarkDigStroke(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	w.Hierarchy().Inspect(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.BeginStroke(image.Pt(45, 32), 0)
		w.StrokeTo(image.Pt(46, 32))
		w.EndStroke()
		w.Undo()
	}
}

// BenchmarkLabelComponents labels the default world's components (the
// components layer after an edit).
func BenchmarkLabelComponents(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	var buf []int32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = LabelComponents(w.Grid, buf)
	}
}
