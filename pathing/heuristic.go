package pathing

import (
	"fmt"
	"image"
	"math"
)

// Heuristic names a built-in distance estimate. The zero value, Auto, picks
// Octile for an 8-connected search and Manhattan for a 4-connected one, which
// are the tightest admissible estimates for unit weights.
type Heuristic uint8

const (
	Auto      Heuristic = iota // Octile on Eight, Manhattan on Four
	Octile                     // max(dx,dy) + (√2−1)·min(dx,dy): exact on an empty 8-connected grid
	Euclidean                  // √(dx²+dy²): admissible for both neighbourhoods, less informed
	Manhattan                  // dx+dy: exact on an empty 4-connected grid; overestimates diagonals on Eight
	Chebyshev                  // max(dx,dy): admissible for both, weaker than Octile
	Zero                       // 0: turns A* into Dijkstra
	Custom                     // the caller's Query.HeuristicFunc
)

var heuristicNames = [...]string{"auto", "octile", "euclidean", "manhattan", "chebyshev", "zero", "custom"}

// String returns the lower-case name of h.
func (h Heuristic) String() string {
	if int(h) < len(heuristicNames) {
		return heuristicNames[h]
	}
	return fmt.Sprintf("heuristic(%d)", h)
}

// ParseHeuristic accepts the names printed by String.
func ParseHeuristic(s string) (Heuristic, error) {
	for i, n := range heuristicNames {
		if n == s {
			return Heuristic(i), nil
		}
	}
	return Auto, fmt.Errorf("pathing: unknown heuristic %q (want octile, euclidean, manhattan, chebyshev, zero)", s)
}

// Resolve returns the concrete heuristic Auto stands for under n.
func (h Heuristic) Resolve(n Neighborhood) Heuristic {
	if h != Auto {
		return h
	}
	if n == Four {
		return Manhattan
	}
	return Octile
}

// Distance returns the estimate of kind h between a and b; Auto is treated as
// Octile and Custom as Zero (a custom function is the caller's).
func (h Heuristic) Distance(a, b image.Point) float64 {
	return estimate(h, iabs(a.X-b.X), iabs(a.Y-b.Y))
}

// OctileDistance is the 8-connected unit-weight distance on an empty grid.
func OctileDistance(a, b image.Point) float64 {
	return estimate(Octile, iabs(a.X-b.X), iabs(a.Y-b.Y))
}

func estimate(h Heuristic, dx, dy int) float64 {
	switch h {
	case Octile, Auto:
		if dx < dy {
			dx, dy = dy, dx
		}
		return float64(dx) + (Sqrt2-1)*float64(dy)
	case Euclidean:
		return math.Sqrt(float64(dx*dx + dy*dy))
	case Manhattan:
		return float64(dx + dy)
	case Chebyshev:
		if dx < dy {
			return float64(dy)
		}
		return float64(dx)
	}
	return 0
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
