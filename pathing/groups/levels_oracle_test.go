package groups

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// The reference below recomputes a whole group hierarchy from the
// definitions (package docs, Config, CostKind, Build), slowly and with
// nothing shared with build.go, treating every level alike: level 0 is the
// cells, linked by the legal steps, and level l is made from level l-1:
//
//   - a unit of level l-1 (a cell, or a group) has the level-l key of its
//     representative cell (a cell is its own): the region of layer l when
//     the layer names one there, else the level-l cluster, ClusterSize ·
//     Branch^(l-1) cells wide;
//   - a level-l group is a connected part, under the level l-1 links, of
//     the units of one key; groups are numbered by their first cell in
//     row-major order, named by key (numbered parts when a key splits),
//     with the representative closest to the centre of mass of their cells;
//   - a level-l link A→B exists when a member of A links to a member of B.
//     Minimum is the cheapest such member link. An entry of A for B is a
//     member linked with some group other than A and B; its term for kind k
//     (Maximin, AvgMin) is the shortest distance inside A over member links
//     costed by k, from the entry to a member linking into B, plus that
//     link's k cost. Maximin is the largest term, AvgMin the mean; with no
//     entry both are Minimum (Entries 0).
//
// At level 0 a link's three costs are the step's cost.

type refUnit struct {
	rep   image.Point // representative cell
	cells []int32     // ascending flat indices
}

type refLink struct {
	to    int32
	costs [numCosts]float64
}

type refGroup struct {
	key     Key
	name    string
	rep     image.Point
	box     image.Rectangle
	cells   []int32
	members []int32 // unit ids of the level below, ascending
	parent  int32
}

type refLevel struct {
	units   []refUnit        // this level's groups as units of the level above
	groups  []refGroup       // nil at level 0
	links   [][]refLink      // per unit: out-links, by target
	entries map[[2]int32]int // (from, to) → Entries
}

// refHierarchy computes levels 0..cfg.Levels of the hierarchy over g.
func refHierarchy(g *pathing.Grid, cfg Config, regions [][]byte) []*refLevel {
	cfg, _ = cfg.withDefaults()
	nb := cfg.Neighborhood
	// Level 0: the open cells, linked by legal steps.
	cells := &refLevel{}
	id0 := map[int]int32{}
	for i := 0; i < g.Len(); i++ {
		if p := g.Point(i); g.Open(p) {
			id0[i] = int32(len(cells.units))
			cells.units = append(cells.units, refUnit{rep: p, cells: []int32{int32(i)}})
		}
	}
	cells.links = make([][]refLink, len(cells.units))
	for u, un := range cells.units {
		p := un.rep
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				q := image.Pt(p.X+dx, p.Y+dy)
				if g.CanStep(p, q, nb) {
					c := g.StepCost(p, q, nb)
					cells.links[u] = append(cells.links[u], refLink{to: id0[g.Index(q)], costs: [numCosts]float64{c, c, c}})
				}
			}
		}
	}
	levels := []*refLevel{cells}
	side := cfg.ClusterSize
	for l := 1; l <= cfg.Levels; l++ {
		var layer []byte
		if l <= len(regions) {
			layer = regions[l-1]
		}
		levels = append(levels, refUp(g, levels[l-1], side, layer))
		side *= cfg.Branch
	}
	return levels
}

// refUp makes the level above low: clusters side cells wide, regions from
// layer (nil: none).
func refUp(g *pathing.Grid, low *refLevel, side int, layer []byte) *refLevel {
	w := g.Width()
	keyOf := func(p image.Point) Key {
		if layer != nil && !NoRegion(layer[g.Index(p)]) {
			return Key{Region: layer[g.Index(p)]}
		}
		return Key{X: int32(p.X / side), Y: int32(p.Y / side)}
	}
	n := len(low.units)
	key := make([]Key, n)
	for u := range low.units {
		key[u] = keyOf(low.units[u].rep)
	}
	// Connected parts of equal key, by depth-first search over the links.
	part := make([]int, n)
	for i := range part {
		part[i] = -1
	}
	var parts [][]int32
	for u := range n {
		if part[u] >= 0 {
			continue
		}
		k := len(parts)
		stack := []int32{int32(u)}
		part[u] = k
		var mem []int32
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			mem = append(mem, v)
			for _, lk := range low.links[v] {
				if part[lk.to] < 0 && key[lk.to] == key[u] {
					part[lk.to] = k
					stack = append(stack, lk.to)
				}
			}
		}
		parts = append(parts, mem)
	}
	up := &refLevel{}
	for _, mem := range parts {
		slices.Sort(mem)
		var cs []int32
		for _, m := range mem {
			cs = append(cs, low.units[m].cells...)
		}
		slices.Sort(cs)
		up.groups = append(up.groups, refGroup{key: key[mem[0]], cells: cs, members: mem, parent: -1})
	}
	slices.SortFunc(up.groups, func(a, b refGroup) int { return int(a.cells[0] - b.cells[0]) })
	groupOf := make([]int32, n) // unit of low → group
	for gi := range up.groups {
		gr := &up.groups[gi]
		for _, m := range gr.members {
			groupOf[m] = int32(gi)
		}
		// Representative: closest to the centre of mass, ties to the first.
		var sx, sy float64
		for _, c := range gr.cells {
			sx += float64(int(c) % w)
			sy += float64(int(c) / w)
		}
		cx, cy := sx/float64(len(gr.cells)), sy/float64(len(gr.cells))
		best := math.Inf(1)
		for _, c := range gr.cells {
			x, y := int(c)%w, int(c)/w
			if d := (float64(x)-cx)*(float64(x)-cx) + (float64(y)-cy)*(float64(y)-cy); d < best-1e-9 {
				best, gr.rep = d, image.Pt(x, y)
			}
			gr.box = gr.box.Union(image.Rect(x, y, x+1, y+1))
		}
		up.units = append(up.units, refUnit{rep: gr.rep, cells: gr.cells})
	}
	// Names: the key, numbered in id order when it has several parts.
	count, seen := map[Key]int{}, map[Key]int{}
	for _, gr := range up.groups {
		count[gr.key]++
	}
	for gi := range up.groups {
		k := up.groups[gi].key
		name := fmt.Sprintf("(%d,%d)", k.X, k.Y)
		if k.Region != 0 {
			name = string(rune(k.Region))
		}
		if count[k] > 1 {
			seen[k]++
			if k.Region != 0 {
				name += fmt.Sprint(seen[k])
			} else {
				name += fmt.Sprintf("/%d", seen[k])
			}
		}
		up.groups[gi].name = name
	}
	// Links and costs.
	up.links = make([][]refLink, len(up.groups))
	up.entries = map[[2]int32]int{}
	for a := range up.groups {
		mem := up.groups[a].members
		in := map[int32]bool{}
		for _, m := range mem {
			in[m] = true
		}
		// Neighbours, cheapest member link, and per member the groups it
		// links with.
		minimum := map[int32]float64{}
		linked := map[int32]map[int32]bool{}
		for _, m := range mem {
			for _, lk := range low.links[m] {
				b := groupOf[lk.to]
				if b == int32(a) {
					continue
				}
				if c, ok := minimum[b]; !ok || lk.costs[Minimum] < c {
					minimum[b] = lk.costs[Minimum]
				}
				if linked[m] == nil {
					linked[m] = map[int32]bool{}
				}
				linked[m][b] = true
			}
		}
		// dist[k][e] = distances inside a from entry e over member links
		// costed by k: a plain O(n²) Dijkstra.
		dist := func(e int32, k CostKind) map[int32]float64 {
			d := map[int32]float64{e: 0}
			done := map[int32]bool{}
			for {
				u, du := int32(-1), math.Inf(1)
				for v, dv := range d {
					if !done[v] && (dv < du || dv == du && v < u) {
						u, du = v, dv
					}
				}
				if u < 0 {
					return d
				}
				done[u] = true
				for _, lk := range low.links[u] {
					if !in[lk.to] {
						continue
					}
					if old, ok := d[lk.to]; !ok || du+lk.costs[k] < old {
						d[lk.to] = du + lk.costs[k]
					}
				}
			}
		}
		var nbrs []int32
		for b := range minimum {
			nbrs = append(nbrs, b)
		}
		slices.Sort(nbrs)
		for _, b := range nbrs {
			m := minimum[b]
			costs := [numCosts]float64{m, m, m}
			var sum, most float64
			entries := 0
			for _, e := range mem {
				other := false
				for x := range linked[e] {
					other = other || x != b
				}
				if !other {
					continue
				}
				entries++
				for k := Maximin; k < numCosts; k++ {
					d := dist(e, k)
					term := math.Inf(1)
					for _, x := range mem {
						for _, lk := range low.links[x] {
							if groupOf[lk.to] == b {
								term = math.Min(term, d[x]+lk.costs[k])
							}
						}
					}
					if k == Maximin {
						most = math.Max(most, term)
					} else {
						sum += term
					}
				}
			}
			if entries > 0 {
				costs[Maximin], costs[AvgMin] = most, sum/float64(entries)
			}
			up.links[a] = append(up.links[a], refLink{to: b, costs: costs})
			up.entries[[2]int32{int32(a), b}] = entries
		}
	}
	for gi := range up.groups {
		for _, m := range up.groups[gi].members {
			if low.groups != nil {
				low.groups[m].parent = int32(gi)
			}
		}
	}
	return up
}

// compareRef checks every level of gr against the reference.
func compareRef(t *testing.T, what string, gr *Graph, ref []*refLevel) {
	t.Helper()
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	for l := 1; l <= gr.Levels(); l++ {
		rl := ref[l]
		gs := gr.Groups(l)
		if len(gs) != len(rl.groups) {
			t.Fatalf("%s level %d: %d groups, the definition makes %d", what, l, len(gs), len(rl.groups))
		}
		for i, g := range gs {
			r := rl.groups[i]
			want := Group{ID: int32(i), Level: l, Name: r.name, Key: r.key, Rep: r.rep, Cells: len(r.cells), Box: r.box,
				Parent: r.parent, Members: len(r.members)}
			if l == 1 {
				want.Members = len(r.cells)
			}
			if g != want {
				t.Fatalf("%s level %d group %d: %+v, the definition gives %+v", what, l, i, g, want)
			}
			if !slices.Equal(gr.CellsOf(l, g.ID), r.cells) {
				t.Fatalf("%s level %d group %s: other cells", what, l, g.Name)
			}
			if l > 1 && !slices.Equal(gr.Members(l, g.ID), r.members) {
				t.Fatalf("%s level %d group %s: members %v, the definition gives %v", what, l, g.Name, gr.Members(l, g.ID), r.members)
			}
			es := gr.Edges(l, g.ID)
			if len(es) != len(rl.links[i]) {
				t.Fatalf("%s level %d group %s: %d edges, the definition makes %d", what, l, g.Name, len(es), len(rl.links[i]))
			}
			for j, e := range es {
				lk := rl.links[i][j]
				n := rl.entries[[2]int32{int32(i), lk.to}]
				if e.From != int32(i) || e.To != lk.to || e.Entries != n {
					t.Fatalf("%s level %d edge %s→%d: %+v, the definition gives →%d with %d entries", what, l, g.Name, e.To, e, lk.to, n)
				}
				for k := range lk.costs {
					if !near(e.Costs[k], lk.costs[k]) {
						t.Fatalf("%s level %d edge %s→%s: %v %v, the definition gives %v (%d entries)",
							what, l, g.Name, gs[e.To].Name, CostKind(k), e.Costs[k], lk.costs[k], n)
					}
				}
			}
		}
	}
}

// TestLevelsMatchDefinition compares every level of Build — levels 2 and
// up above all, which no other test checks but against Update — with the
// reference hierarchy above, on small patches of Moving AI maps (rooms,
// open ground, a maze, caves, a city) and synthetic grids (random weights,
// open rooms of one weight, region layers for two levels), 8- and
// 4-connected, branch 2 and 3, up to 4 levels; every cost kind is checked
// on every edge.
func TestLevelsMatchDefinition(t *testing.T) {
	type tc struct {
		name    string
		g       *pathing.Grid
		regions [][]byte
	}
	var cases []tc
	if dir, ok := maps.MovingAIDir(); ok {
		for _, c := range []struct {
			name string
			at   image.Point
		}{{"8room_000", image.Pt(100, 100)}, {"Aftershock", image.Pt(200, 150)}, {"maze512-16-0", image.Pt(30, 30)},
			{"den312d", image.Pt(10, 20)}, {"Berlin_0_256", image.Pt(60, 90)}, {"random512-10-0", image.Pt(300, 300)}} {
			m, err := maps.LoadMap(filepath.Join(dir, c.name+".map"))
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, tc{name: c.name, g: patch(m.Grid, image.Rectangle{c.at, c.at.Add(image.Pt(40, 32))})})
		}
	} else {
		t.Log("no Moving AI maps: synthetic grids only")
	}
	// Rooms of one weight each, with a broken wall in some, and weighted
	// random ground.
	r := rand.New(rand.NewSource(11))
	rooms := pathing.MustGrid(37, 29)
	for i := 0; i < rooms.Len(); i++ {
		p := rooms.Point(i)
		w := uint8(1 + (p.X/6+p.Y/5)%4)
		if p.X%9 == 4 && r.Intn(4) != 0 {
			w = 0
		}
		rooms.SetWeight(p, w)
	}
	cases = append(cases, tc{name: "rooms", g: rooms}, tc{name: "random", g: randomGrid(35, 27, 26, 5)})
	rg := randomGrid(36, 30, 18, 9)
	l1, l2 := make([]byte, rg.Len()), make([]byte, rg.Len())
	for i := range l1 {
		p := rg.Point(i)
		l1[i] = byte('A' + (p.X/7)%6 + 6*((p.Y/6)%3))
		if (p.X+2*p.Y)%17 == 0 {
			l1[i] = '#' // left to the clusters
		}
		l2[i] = byte('a' + p.X/12 + 3*(p.Y/15))
		if p.Y%15 == 7 && p.X < 10 {
			l2[i] = ' '
		}
	}
	cases = append(cases, tc{name: "regions1", g: rg, regions: [][]byte{l1}}, tc{name: "regions2", g: rg, regions: [][]byte{l1, l2}})
	for _, c := range cases {
		for _, cfg := range []Config{
			{ClusterSize: 3, Levels: 4},
			{ClusterSize: 4, Levels: 3, Neighborhood: pathing.Four},
			{ClusterSize: 2, Levels: 3, Branch: 3},
		} {
			what := fmt.Sprintf("%s cluster %d branch %d %v", c.name, cfg.ClusterSize, max(cfg.Branch, 2), cfg.Neighborhood)
			gr, err := Build(c.g, cfg, c.regions)
			if err != nil {
				t.Fatal(err)
			}
			compareRef(t, what, gr, refHierarchy(c.g, cfg, c.regions))
		}
	}
}
