// Package place chooses where a box drawn over the map goes (the agents'
// replan panel): the corner of a room that covers the least of what is
// drawn under it. It has no Ebiten dependency, so it is tested headless.
package place

import "image"

// Thing is something drawn on the map that a panel should not cover (an
// agent's disc, a point of a route, a marker), as a screen rectangle with
// a weight: covering it costs W.
//
// Still says it stays where it is while nothing is done (an idle, arrived
// or waiting agent, a goal, a marker, the query's path; anything while the
// agents' clock is paused), unlike a walking agent and its route: the
// panel does not stay over more of those than the best place covers (see
// Panel).
type Thing struct {
	R     image.Rectangle
	W     int
	Still bool
}

// Corner numbers, in the order they are preferred when they cover as much.
const (
	BottomRight = iota
	TopRight
	BottomLeft
	TopLeft
	NumCorners
)

// step is how far (pixels) a panel slides along its edge, away from its
// corner, to get off a hard rectangle.
const step = 4

// Spot is one place a panel was measured at.
type Spot struct {
	Corner int
	Rect   image.Rectangle
	Hard   int // area of the hard rectangles it covers (pixels)
	Cover  int // summed weight of the things it covers
	Still  int // the part of Cover that is still things' (Thing.Still)
}

// Panel returns where a panel of size goes in room, and its corner. Each
// corner of room is tried: the panel sits in it, slid along the room's
// edge away from the corner (up from a bottom corner, down from a top one)
// just far enough to clear every hard rectangle (the legend, the map
// notes, the message line), or where it covers the least of them when no
// place along that edge is clear. The corner covering the least hard area
// wins, then the one covering the least weight of things (ties: the order
// above, bottom-right first). For stability, the corner last (the one
// chosen in the frame before; -1 for none) is kept while it covers no more
// hard area than the best and its cover is worse than the best's by no
// more than Margin(best), all of it things that move: agents walking under
// the panel do not make it jump from corner to corner, while agents
// spawned or stopped under it, or a goal set there, make it go where it
// covers less (it stayed over three idle agents or a goal and an agent,
// with a corner covering nothing: a designer's report). A panel larger
// than room is cut to it. Cost:
// (room height / step) × hard rectangles per corner, plus one pass over
// things per corner; no allocation.
func Panel(room image.Rectangle, size image.Point, last int, hard []image.Rectangle, things []Thing) (image.Rectangle, int) {
	var spots [NumCorners]Spot
	Measure(room, size, hard, things, &spots)
	best := 0
	for k := 1; k < NumCorners; k++ {
		if better(spots[k], spots[best]) {
			best = k
		}
	}
	if last >= 0 && last < NumCorners && last != best {
		if l := spots[last]; l.Hard <= spots[best].Hard && l.Cover-spots[best].Cover <= Margin(spots[best].Cover) && l.Still <= spots[best].Still {
			return l.Rect, last
		}
	}
	return spots[best].Rect, best
}

// Margin is how much more weight the panel's corner may cover than the best
// corner before the panel moves there: a few agents' worth, or a quarter
// more, whichever is more.
func Margin(best int) int { return max(6, best/4) }

func better(a, b Spot) bool {
	return a.Hard < b.Hard || a.Hard == b.Hard && a.Cover < b.Cover
}

// Measure fills spots with the place of the panel at each corner (see
// Panel) and what it covers there.
func Measure(room image.Rectangle, size image.Point, hard []image.Rectangle, things []Thing, spots *[NumCorners]Spot) {
	size.X, size.Y = max(0, min(size.X, room.Dx())), max(0, min(size.Y, room.Dy()))
	for k := range spots {
		x := room.Max.X - size.X
		if k == BottomLeft || k == TopLeft {
			x = room.Min.X
		}
		top := k == TopRight || k == TopLeft
		y, dy := room.Max.Y-size.Y, -step
		if top {
			y, dy = room.Min.Y, step
		}
		at := func(y int) image.Rectangle { return image.Rect(x, y, x+size.X, y+size.Y) }
		bestR, bestH := at(y), -1
		for ; y >= room.Min.Y && y+size.Y <= room.Max.Y; y += dy {
			rc := at(y)
			h := hardArea(rc, hard)
			if bestH < 0 || h < bestH {
				bestR, bestH = rc, h
			}
			if h == 0 {
				break
			}
		}
		if bestH < 0 {
			bestH = hardArea(bestR, hard)
		}
		c, still := 0, 0
		for _, t := range things {
			if t.R.Overlaps(bestR) {
				c += t.W
				if t.Still {
					still += t.W
				}
			}
		}
		spots[k] = Spot{Corner: k, Rect: bestR, Hard: bestH, Cover: c, Still: still}
	}
}

func hardArea(rc image.Rectangle, hard []image.Rectangle) int {
	n := 0
	for _, a := range hard {
		if in := rc.Intersect(a); !in.Empty() {
			n += in.Dx() * in.Dy()
		}
	}
	return n
}
