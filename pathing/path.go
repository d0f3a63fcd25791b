package pathing

import (
	"fmt"
	"image"
	"math"
)

// PathError describes the first illegal step of a path.
type PathError struct {
	Index    int         // index in the path of the step's destination (0 for a bad first cell)
	From, To image.Point // the step; From == To for a bad first cell
	Reason   string
}

func (e *PathError) Error() string {
	if e.Index == 0 {
		return fmt.Sprintf("pathing: path starts on %v: %s", e.To, e.Reason)
	}
	return fmt.Sprintf("pathing: path step %d %v→%v: %s", e.Index, e.From, e.To, e.Reason)
}

// ValidatePath checks that every cell of path is open and every step is a
// legal move of n (adjacent, and no corner cutting for diagonals). An empty
// path is valid. It returns a *PathError naming the first bad step.
func ValidatePath(g *Grid, path []image.Point, n Neighborhood) error {
	if len(path) == 0 {
		return nil
	}
	if !g.Open(path[0]) {
		return &PathError{0, path[0], path[0], "cell is blocked or outside the grid"}
	}
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if g.CanStep(a, b, n) {
			continue
		}
		dx, dy := b.X-a.X, b.Y-a.Y
		reason := "not a legal step"
		switch {
		case !g.Open(b):
			reason = "enters a blocked cell"
		case dx == 0 && dy == 0:
			reason = "repeats a cell"
		case dx < -1 || dx > 1 || dy < -1 || dy > 1:
			reason = "cells are not adjacent"
		case n == Four:
			reason = "diagonal step in a 4-connected neighbourhood"
		default:
			reason = "cuts a blocked corner"
		}
		return &PathError{i, a, b, reason}
	}
	return nil
}

// PathCost returns the summed step costs of path on g under n, or +Inf when a
// step is illegal. A path of zero or one cell costs 0.
func PathCost(g *Grid, path []image.Point, n Neighborhood) float64 {
	c := 0.0
	for i := 1; i < len(path); i++ {
		c += g.StepCost(path[i-1], path[i], n)
	}
	if len(path) == 1 && !g.Open(path[0]) {
		return math.Inf(1)
	}
	return c
}
