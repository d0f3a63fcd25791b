package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// An engineer stepping an HPA* query in the window read its expansions by
// phase in the panel (insert L1 290, abstract L3 3,332, refine cells
// 3,112, …) and could not check them: bench gave the total alone. A single
// query's report lists them as the window does, for the same query and
// switches (bench -cache=false is the window's hierarchy).
func TestSingleHPAQueryExpandedByPhaseAsTheWindow(t *testing.T) {
	code, out, errs := runMain(t, "-scenario", "builtin:world", "-algo", "hpa", "-cluster", "8", "-levels", "3", "-cache=false", "-builds", "1", "-repeat", "1", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	rows, _ := m["expanded_by_phase"].([]any)
	if len(rows) == 0 {
		t.Fatalf("no expanded_by_phase in the single query's report: %v", m)
	}
	var got []string
	sum := 0.0
	for _, r := range rows {
		ph := r.(map[string]any)
		got = append(got, fmt.Sprintf("%s %v %s", ph["phase"], ph["count"], ph["unit"]))
		if ph["phase"] != "smooth" {
			sum += ph["count"].(float64)
		}
	}
	if sum != m["expanded_mean"].(float64) {
		t.Errorf("phases add up to %v, expanded_mean %v", sum, m["expanded_mean"])
	}

	w, err := world.Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Log = world.NewEventLog(nil)
	w.Settings.Algo, w.Settings.ClusterSize, w.Settings.Levels = world.AlgoHPA, 8, 3
	w.Begin()
	w.Wait()
	var want []string
	for _, ph := range w.Outcome.Phases {
		unit := "expanded"
		if ph.Name == "smooth" {
			unit = "cells checked"
		}
		want = append(want, fmt.Sprintf("%s %v %s", ph.Name, ph.Expanded, unit))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bench's phases\n %q\nthe window's\n %q", got, want)
	}
	if len(want) < 7 {
		t.Errorf("the window's query has %d phases, want insertion on 3 levels, the abstract search, refinement on 3 and smoothing: %q", len(want), want)
	}
	// The text report gives them on one line.
	_, text, _ := runMain(t, "-scenario", "builtin:world", "-algo", "hpa", "-cluster", "8", "-levels", "3", "-cache=false", "-builds", "1", "-repeat", "1")
	if v, ok := textValue(text, "expanded_by_phase"); !ok || v == "" {
		t.Errorf("text report: expanded_by_phase %q", v)
	}
}

// On open ground both ends join level 1 by straight lines: the window's
// row says why "insert L1" counts 0, and so does bench's.
func TestExpandedByPhaseSaysInsertL1JoinedInSight(t *testing.T) {
	mp := filepath.Join(t.TempDir(), "open.map")
	rows := strings.Repeat(strings.Repeat(".", 40)+"\n", 40)
	if err := os.WriteFile(mp, []byte("type octile\nheight 40\nwidth 40\nmap\n"+rows), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-map", mp, "-from", "3,3", "-to", "36,36", "-algo", "hpa", "-cluster", "8", "-shortcut=false", "-cache=false", "-builds", "1", "-repeat", "1"}
	code, out, errs := runMain(t, append(args, "-json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows0, _ := decode(t, out)["expanded_by_phase"].([]any)
	if len(rows0) == 0 {
		t.Fatal("no expanded_by_phase")
	}
	first := rows0[0].(map[string]any)
	if first["phase"] != "insert L1" || first["count"] != 0.0 || first["in_sight"] != "S and G" {
		t.Errorf("first row %v, want insert L1, 0, in_sight \"S and G\"", first)
	}
	_, text, _ := runMain(t, args...)
	if v, _ := textValue(text, "expanded_by_phase"); !strings.HasPrefix(v, "insert L1 0 (S and G joined by straight lines, no search), ") {
		t.Errorf("text report: expanded_by_phase %q", v)
	}
}
