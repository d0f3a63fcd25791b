package pathing

import "context"

// CutCells finds the open cells of g whose filling alone would split the
// open area they belong to, the map's chokepoints (the articulation points
// of its graph of moves), and how much each one matters: dst[i] is the
// number of cells that filling cell i would cut off from the largest part
// left (every part but the largest, added up), 0 when filling it splits
// nothing. A door between two rooms of 40 and 60 cells reads 40; a cell
// that is the only way into a one-cell nook reads 1.
//
// Moves do not cut corners, so a diagonal move between two cells exists
// only while both cells beside it are open, and whatever it connects the
// two straight moves through either of those cells connect too: the answer
// is the same for 4- and for 8-connected moves, and is computed on the
// four straight ones.
//
// dst is reused when it holds g.Len() cells; the result has one entry per
// cell, indexed y*Width+x. Cost: one depth-first search over the open
// cells (Tarjan's low-link numbering, iterative, so no map is too large for
// the stack), O(cells) time and, at its peak, about 60 bytes of working
// memory per cell: 20 in arrays and the search's stack, 12 bytes per cell
// on its path (every cell of an open map), twice that while it grows.
func CutCells(g *Grid, dst []int32) []int32 {
	cut, _ := CutCellsContext(context.Background(), g, dst)
	return cut
}

// cutCellsCheck is how many cells CutCellsContext reaches between looks
// at its context (well under a millisecond of work).
const cutCellsCheck = 1 << 16

// CutCellsContext is CutCells that stops once ctx is done (it looks every
// 65,536 cells it reaches: within a millisecond), returning ctx's error
// and dst grown to g.Len(), its contents meaningless, so that the buffer
// can be reused. A computation in the background that an edit has made
// stale is stopped so, rather than finishing a second's work on a
// 4M-cell map that nobody will see.
func CutCellsContext(ctx context.Context, g *Grid, dst []int32) ([]int32, error) {
	n := g.Len()
	if cap(dst) < n {
		dst = make([]int32, n)
	}
	cut := dst[:n]
	clear(cut)
	w := g.w
	cells := g.cells
	// disc[i]: the order cell i was first reached in, from 1 (0: not yet);
	// low[i]: the smallest disc reachable from i's subtree by at most one
	// move back up the tree; size[i]: the cells of i's subtree; sep[i]: the
	// cells of the subtrees below i that nothing climbs out of above i
	// (filling i cuts each of them off), and big[i] the largest of them.
	disc := make([]int32, n)
	low := make([]int32, n)
	size := make([]int32, n)
	sep := make([]int32, n)
	big := make([]int32, n)
	type frame struct {
		cell, parent int32
		next         uint8 // next of the four directions to try
	}
	var stack []frame
	var found []int32 // cells of the current area with a cut-off subtree
	order := int32(0)
	for root := range cells {
		if cells[root] == Blocked || disc[root] != 0 {
			continue
		}
		order++
		if order&(cutCellsCheck-1) == 0 {
			if err := ctx.Err(); err != nil {
				return cut, err
			}
		}
		disc[root], low[root], size[root] = order, order, 1
		stack = append(stack[:0], frame{cell: int32(root), parent: -1})
		found = found[:0]
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			i := int(top.cell)
			if top.next < 4 {
				d := top.next
				top.next++
				j := -1
				x := i % w
				switch d {
				case 0:
					if x > 0 {
						j = i - 1
					}
				case 1:
					if x+1 < w {
						j = i + 1
					}
				case 2:
					if i >= w {
						j = i - w
					}
				case 3:
					if i+w < n {
						j = i + w
					}
				}
				if j < 0 || cells[j] == Blocked || int32(j) == top.parent {
					continue
				}
				if disc[j] != 0 {
					low[i] = min(low[i], disc[j]) // a move back up the tree
					continue
				}
				order++
				if order&(cutCellsCheck-1) == 0 {
					if err := ctx.Err(); err != nil {
						return cut, err
					}
				}
				disc[j], low[j], size[j] = order, order, 1
				stack = append(stack, frame{cell: int32(j), parent: int32(i)})
				continue
			}
			// Every move of i is tried: hand its figures to its parent.
			f := *top
			stack = stack[:len(stack)-1]
			if f.parent < 0 {
				continue
			}
			p := int(f.parent)
			low[p] = min(low[p], low[i])
			size[p] += size[i]
			if low[i] >= disc[p] {
				// Nothing below i climbs above p: filling p cuts i's
				// subtree off (for the root, every subtree is such).
				if sep[p] == 0 {
					found = append(found, int32(p))
				}
				sep[p] += size[i]
				big[p] = max(big[p], size[i])
			}
		}
		// The area's size is the root's subtree: a cell's parts are its
		// cut-off subtrees and, but for the root, the rest of the area.
		total := size[root]
		for _, c := range found {
			rest := total - 1 - sep[c]
			largest := max(big[c], rest)
			cut[c] = total - 1 - largest
		}
	}
	return cut, ctx.Err()
}
