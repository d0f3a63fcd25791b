package main

import (
	"fmt"
	"slices"

	"pathlens/maps"
	"pathlens/pathing/groups"
)

// checkSizeFlags refuses a hierarchy's size flag typed out of its range
// (-cluster, -levels, -hpa-k, -branch, -builds, -placement) while the
// flags are parsed, before the run's inputs are read or its mode picked:
// "-cluster 3" with no query said "nothing to run", and only once a query
// was added that HPA* takes 4 to 64. Each message names the flag, the
// hierarchy and its range, as the later checks of the build do (they
// stay: a -scenario's own settings are checked where it is read). Flags
// the algorithm does not take were refused before (the scopes).
func checkSizeFlags(c *Config) error {
	switch c.Algo {
	case "hpa":
		if _, err := hpaConfig(c); err != nil {
			return err
		}
		if runs := c.ExtInt("builds"); slices.Contains(c.Given, "builds") && (runs < 1 || runs > 1000) {
			return usagef("bench: -builds %d: want 1 to 1000", runs)
		}
	case "group", "astar-cluster":
		// -cost and -target too: "-cost maxmin" with no query said
		// "nothing to run", and with one that its start was blocked,
		// never that maxmin is no cost (an engineer's report).
		if s := c.ExtString("cost"); s != "" {
			if _, err := groups.ParseCost(s); err != nil {
				return usagef("bench: -cost %q: want minimum, maximin or avgmin", s)
			}
		}
		if s := c.ExtString("target"); s != "" {
			if _, err := groups.ParseTarget(s); err != nil {
				return usagef("bench: -target %q: want representative or nearest", s)
			}
		}
		return checkGroupSizes(c)
	}
	return nil
}

// checkGroupSizes refuses -cluster, -levels or -branch given out of the
// range of the group hierarchy (the range maps.SizeRange gives the app
// and a scenario's set lines) or of astar-cluster's group table. Also
// called once a -scenario named the algorithm: -levels 6 slipped past the
// parse-time check when the scenario chose the group hierarchy.
func checkGroupSizes(c *Config) error {
	who := "the group hierarchy"
	clo, chi := maps.SizeRange("cluster")
	if c.Algo == "astar-cluster" {
		who = "the cluster heuristic's group table"
		clo, chi = minGroupCluster, 0
	}
	_, lhi := maps.SizeRange("levels")
	for _, f := range []struct {
		name        string
		lo, hi, def int // hi 0: no upper bound
	}{
		{"cluster", clo, chi, groups.DefaultClusterSize},
		{"levels", 1, lhi, groups.DefaultLevels},
		{"branch", 2, 0, groups.DefaultBranch},
	} {
		if !slices.Contains(c.Given, f.name) {
			continue
		}
		if err := sizeFlagZero(c, f.name, who, f.lo, f.hi, f.def); err != nil {
			return err
		}
		v := c.ExtInt(f.name)
		if v < f.lo || (f.hi > 0 && v > f.hi) {
			rng := fmt.Sprintf("%d to %d", f.lo, f.hi)
			if f.hi == 0 {
				rng = fmt.Sprintf("%d or more", f.lo)
			}
			return usagef("bench: -%s %d: %s takes %s (default %d)", f.name, v, who, rng, f.def)
		}
	}
	return nil
}
