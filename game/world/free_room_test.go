package world

import (
	"image"
	"math/rand/v2"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// freeRoomByScan is FreeRoom by a walk of the layer.
func freeRoomByScan(w *World, level int) (byte, bool) {
	var used [256]bool
	if level >= 1 && level <= len(w.Regions) {
		for _, c := range w.Regions[level-1] {
			used[c] = true
		}
	}
	for i := 0; i < len(roomLetters); i++ {
		if c := roomLetters[i]; !used[c] {
			return c, true
		}
	}
	return 0, false
}

// A press of the room tool outside every room after a room stroke finds
// the free letter from counts the stroke moved, not by walking the layer:
// a letter planted behind the world's back (a layer written in place,
// which the world never does) is not seen, where a walk would see it.
func TestFreeRoomCountsTheStrokesCells(t *testing.T) {
	w, _ := openWorld(t, 300, 300, AlgoAStar)
	w.BeginRoomStroke(image.Pt(5, 5), 1, 'A', 3)
	w.RoomStrokeTo(image.Pt(30, 5))
	w.EndRoomStroke()
	if c, ok := w.FreeRoom(1); !ok || c != 'B' {
		t.Fatalf("FreeRoom %q %v after room A, want B", c, ok)
	}
	w.BeginRoomStroke(image.Pt(5, 50), 1, 'B', 3)
	w.EndRoomStroke()
	w.Regions[0][w.Grid.Index(image.Pt(200, 200))] = 'C' // behind the world's back
	if c, ok := w.FreeRoom(1); !ok || c != 'C' {
		t.Errorf("FreeRoom %q %v after rooms A and B, want C: the layer was walked (it found the C planted)", c, ok)
	}
}

// Through random room strokes (painting and erasing, on two levels, a
// new layer, published at every move or only at the end), undos, redos
// and layers set anew, the letters' counts are the layers' and FreeRoom answers as a
// walk of the layer does.
func TestFreeRoomIsTheScansThroughStrokes(t *testing.T) {
	const n = 600 // over roomPublishEvery: moves publish by the clock
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	w.Settings.Levels = 2
	gap := roomPublishGap
	defer func() { roomPublishGap = gap }()
	rng := rand.New(rand.NewPCG(5, 6))
	check := func(step int) {
		t.Helper()
		for level := 1; level <= len(w.Regions)+1; level++ {
			c, ok := w.FreeRoom(level)
			wc, wok := freeRoomByScan(w, level)
			if c != wc || ok != wok {
				t.Fatalf("step %d, level %d: FreeRoom %q %v, a walk finds %q %v", step, level, c, ok, wc, wok)
			}
			if level > len(w.Regions) {
				continue
			}
			var want [256]int
			for _, b := range w.Regions[level-1] {
				want[b]++
			}
			if u := w.letterCounts(level); u.count != want {
				t.Fatalf("step %d, level %d: the counts are not the layer's", step, level)
			}
		}
	}
	for step := range 200 {
		switch k := rng.IntN(10); {
		case k < 6:
			level := 1 + rng.IntN(min(2, len(w.Regions)+1))
			letter := byte(NoRoom)
			if rng.IntN(4) > 0 {
				letter = roomLetters[rng.IntN(4)]
			}
			roomPublishGap = 0
			if rng.IntN(2) == 0 {
				roomPublishGap = time.Hour // published when it ends
			}
			p := image.Pt(rng.IntN(n), rng.IntN(n))
			w.BeginRoomStroke(p, level, letter, 1+2*rng.IntN(3))
			for range rng.IntN(5) {
				p = p.Add(image.Pt(rng.IntN(41)-20, rng.IntN(41)-20))
				w.RoomStrokeTo(p)
			}
			w.EndRoomStroke()
		case k < 8:
			w.Undo()
		case k < 9 && len(w.Regions) > 0:
			// Layers set anew, as a session opened again sets them: other
			// slices, some cells of other rooms.
			rs := make([][]byte, len(w.Regions))
			for l, layer := range w.Regions {
				rs[l] = append([]byte(nil), layer...)
				for range 50 {
					rs[l][rng.IntN(len(layer))] = 'Z'
				}
			}
			w.Regions = rs
			continue // asked after the next stroke
		default:
			w.Redo()
		}
		check(step)
	}
}
