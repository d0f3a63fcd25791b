package main

import (
	"fmt"
	"regexp"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression (a user test): for a gallery scenario whose regions make
// every level, bench reported "cluster 10" where the app logs
// cluster=regions. bench reports the cluster size as the app's plan line
// gives it, for every gallery scenario, at its own levels and at two:
// the app's regions as cluster_kind regions (cluster null: a JSON reader
// found the string "regions" where it otherwise finds a number), its size
// as cluster, with cluster_kind square.
func TestClusterReportedTheAppsWay(t *testing.T) {
	field := regexp.MustCompile(` cluster=(\S+)`)
	for _, name := range assets.Names() {
		for _, levels := range []string{"", "2"} {
			args := []string{"-scenario", assets.Prefix + name, "-json"}
			if levels != "" {
				args = append(args, "-levels", levels)
			}
			code, out, errs := runMain(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			r := lastJSON(t, out)
			if r["algo"] != "group" {
				break // the world runs A*: no cluster field in either
			}
			w, err := world.Open(assets.Prefix + name)
			if err != nil {
				t.Fatal(err)
			}
			w.Log = world.NewEventLog(nil)
			if levels != "" {
				w.Settings.Levels = 2
			}
			w.Begin()
			w.Wait()
			var app string
			for _, l := range w.Log.Recent(nil, 1000) {
				if m := field.FindStringSubmatch(l); m != nil {
					app = m[1]
				}
			}
			w.Close()
			if app == "" {
				t.Fatalf("%s: the app logged no cluster=", name)
			}
			switch size := r["cluster"].(type) {
			case nil:
				if app != "regions" || r["cluster_kind"] != "regions" {
					t.Errorf("%s -levels %q: bench cluster null, cluster_kind %v; the app's cluster=%s", name, levels, r["cluster_kind"], app)
				}
			case float64:
				if fmt.Sprint(size) != app || r["cluster_kind"] != "square" {
					t.Errorf("%s -levels %q: bench cluster %v, cluster_kind %v; the app's cluster=%s", name, levels, size, r["cluster_kind"], app)
				}
			default:
				t.Errorf("%s -levels %q: bench cluster %#v: want a number or null", name, levels, size)
			}
		}
	}
}
