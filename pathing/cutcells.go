package pathing

// CutCells marks the open cells of g whose filling alone would split the
// open area they belong to: afterwards some two cells that could reach
// each other before no longer can. They are the map's chokepoints, the
// articulation points of its graph of moves. Moves do not cut corners, so
// a diagonal move between two cells exists only while both cells beside it
// are open, and whatever it connects the two straight moves through either
// of those cells connect too: the answer is the same for 4- and for
// 8-connected moves, and is computed on the four straight ones.
//
// dst is reused when it holds g.Len() cells; the result has one entry per
// cell, indexed y*Width+x. Cost: one depth-first search over the open
// cells (Tarjan's low-link numbering, iterative, so no map is too large for
// the stack), O(cells) time and at most 20 bytes of working memory per
// cell (8, and 12 per cell on the search's path).
func CutCells(g *Grid, dst []bool) []bool {
	n := g.Len()
	if cap(dst) < n {
		dst = make([]bool, n)
	}
	cut := dst[:n]
	clear(cut)
	w := g.w
	cells := g.cells
	// disc[i]: the order cell i was first reached in, from 1 (0: not yet);
	// low[i]: the smallest disc reachable from i's subtree by at most one
	// move back up the tree.
	disc := make([]int32, n)
	low := make([]int32, n)
	type frame struct {
		cell     int32
		parent   int32
		next     uint8 // next of the four directions to try
		children uint8 // tree children, for the root's test (capped)
	}
	var stack []frame
	order := int32(0)
	for root := range cells {
		if cells[root] == Blocked || disc[root] != 0 {
			continue
		}
		order++
		disc[root], low[root] = order, order
		stack = append(stack[:0], frame{cell: int32(root), parent: -1})
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
				if top.children < 255 {
					top.children++
				}
				order++
				disc[j], low[j] = order, order
				stack = append(stack, frame{cell: int32(j), parent: int32(i)})
				continue
			}
			// Every move of i is tried: hand its low to its parent.
			f := *top
			stack = stack[:len(stack)-1]
			if f.parent < 0 {
				// The root splits its area when the search left it for
				// two subtrees that meet only through it.
				cut[i] = f.children >= 2
				continue
			}
			p := int(f.parent)
			low[p] = min(low[p], low[i])
			if low[i] >= disc[p] && stack[len(stack)-1].parent >= 0 {
				// Nothing below i climbs above p: filling p cuts i's
				// subtree off (the root's case is counted above).
				cut[p] = true
			}
		}
	}
	return cut
}
