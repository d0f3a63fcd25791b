package groups

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
)

// Dump writes the edges of level l as JSON lines, one per directed edge, in
// group-id order then target-id order:
//
//	{"level":1,"from":"C","to":"D","cost":5}
//
// Groups are named as in Group.Name (region character, plus a number when
// the region splits; cluster coordinates otherwise); the cost is that of the
// graph's current CostKind, rounded to 3 decimals. Level 0 and levels out of
// range are an error.
func (g *Graph) Dump(w io.Writer, l int) error {
	if l < 1 || l > g.cfg.Levels {
		return fmt.Errorf("groups: dump: level %d: the graph has levels 1 to %d", l, g.cfg.Levels)
	}
	bw := bufio.NewWriter(w)
	gs := g.levels[l].groups
	for _, a := range gs {
		for _, e := range g.Edges(l, a.ID) {
			from, _ := json.Marshal(a.Name)
			to, _ := json.Marshal(gs[e.To].Name)
			fmt.Fprintf(bw, "{\"level\":%d,\"from\":%s,\"to\":%s,\"cost\":%s}\n", l, from, to, formatCost(e.Costs[g.cfg.Cost]))
		}
	}
	return bw.Flush()
}

// formatCost prints a cost rounded to 3 decimals without trailing zeros
// ("5", "3.5", "1.414").
func formatCost(c float64) string {
	if math.IsInf(c, 0) || math.IsNaN(c) {
		return "null"
	}
	return strconv.FormatFloat(math.Round(c*1000)/1000, 'f', -1, 64)
}
