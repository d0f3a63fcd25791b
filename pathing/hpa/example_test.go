package hpa_test

import (
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// A map read with package maps, a hierarchy over its grid, a query, then an
// edit: change the grid's cells, then tell the hierarchy which.
func Example() {
	m, err := maps.ReadASCII(strings.NewReader(strings.Join([]string{
		"................#...............",
		"................#...............",
		"................#...............",
		"................#...............",
		"................#...............",
		"................#...............",
		"................................",
		"................#...............",
	}, "\n")), "wall.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := m.Grid
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	q := h.NewQuerier() // one per goroutine; it allocates nothing per query once warm
	a, b := image.Pt(2, 1), image.Pt(29, 1)
	res, err := q.Find(a, b, hpa.QueryOptions{})
	fmt.Printf("%v, %d cells, cost %.2f, %v\n", res.Status, len(res.Path), res.Cost, err)

	gap := image.Pt(16, 6)
	g.SetOpen(gap, false)
	_, err = q.Find(a, b, hpa.QueryOptions{})
	fmt.Println(errors.Is(err, hpa.ErrStale)) // the grid changed: Update first

	h.Update([]image.Point{gap})
	res, err = q.Find(a, b, hpa.QueryOptions{})
	fmt.Println(res.Status, res.Unreachable, err)
	// Output:
	// found, 28 cells, cost 31.14, <nil>
	// true
	// no path true <nil>
}

// Queries from many goroutines, each with its own Querier, while an editor
// changes the map: queries hold a read lock, the edit and its Update the
// write lock, since Update and queries must not overlap.
func Example_concurrent() {
	g := pathing.MustGrid(64, 64)
	h, err := hpa.Build(g, hpa.Editable)
	if err != nil {
		fmt.Println(err)
		return
	}
	var mu sync.RWMutex
	var wg sync.WaitGroup
	found := make([]int, 4)
	for w := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.RLock() // NewQuerier reads the hierarchy too
			q := h.NewQuerier()
			mu.RUnlock()
			for i := 0; i < 50; i++ {
				mu.RLock()
				res, err := q.Find(image.Pt(w, 0), image.Pt(63, 63-i), hpa.QueryOptions{})
				mu.RUnlock()
				if err == nil && res.Status == pathing.Found {
					found[w]++
				}
			}
		}()
	}
	for y := 10; y < 50; y++ {
		mu.Lock()
		p := image.Pt(32, y)
		g.SetOpen(p, false)
		h.Update([]image.Point{p})
		mu.Unlock()
	}
	wg.Wait()
	fmt.Println(found)
	// Output: [50 50 50 50]
}
