package game

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pathlens/game/world"
	"pathlens/pathing"
)

// stepQuery reads the plan step a -cursor phase names: "refine cells step
// 3" is step 3 of the phases headed "refine cells"; "step 3" of any.
var stepQuery = regexp.MustCompile(`^(.*?)\s*\bstep (\d+)$`)

// stepRefusal words the refusal of a -cursor phase naming a plan step the
// trace has no phase for (ok false when name names no step, or no phase
// of its head has steps: the list of every phase is then clearer). A step
// refined without any search has an empty phase of its own ("step 3
// crosses a cluster border (no search)"), which the cursor cannot stop in:
// the refusal says so, names the nearest steps that searched, and how many
// each head has:
//
//	-cursor "phase:refine cells step 3": no such phase: step 3 crosses a
//	cluster border (no search); nearest: phase:"refine cells step 2",
//	phase:"refine cells step 4" (refine cells has 9 steps, 2 to 18)
func stepRefusal(spec, name string, tr *pathing.Trace) (string, bool) {
	m := stepQuery.FindStringSubmatch(strings.TrimSpace(name))
	if m == nil {
		return "", false
	}
	want, err := strconv.Atoi(m[2])
	if err != nil {
		return "", false
	}
	prefix := m[1]
	type head struct {
		name     string
		steps    int
		lo, hi   int
		seenStep map[int]bool
	}
	var heads []*head
	why := ""
	below, above := -1, -1
	var belowName, aboveName string
	for k, ph := range tr.Phases {
		loc := stepNumber.FindStringIndex(ph.Name)
		if loc == nil {
			continue
		}
		n, err := strconv.Atoi(ph.Name[loc[0]+len("step ") : loc[1]])
		if err != nil {
			continue
		}
		h := strings.TrimSpace(ph.Name[:loc[0]])
		if h == "" {
			if n == want && why == "" {
				why = ph.Name // the step that searched nothing
			}
			continue
		}
		if tr.PhaseEnd(k) <= ph.Start || !strings.HasPrefix(h, prefix) {
			continue
		}
		var hd *head
		for _, o := range heads {
			if o.name == h {
				hd = o
			}
		}
		if hd == nil {
			hd = &head{name: h, lo: n, hi: n, seenStep: map[int]bool{}}
			heads = append(heads, hd)
		}
		if !hd.seenStep[n] {
			hd.seenStep[n] = true
			hd.steps++
			hd.lo, hd.hi = min(hd.lo, n), max(hd.hi, n)
		}
		if n < want && n > below {
			below, belowName = n, ph.Name
		}
		if n > want && (above < 0 || n < above) {
			above, aboveName = n, ph.Name
		}
	}
	if len(heads) == 0 {
		return "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-cursor %q: no such phase", spec)
	if why != "" {
		fmt.Fprintf(&b, ": %s", why)
	}
	var near []string
	for _, n := range []string{belowName, aboveName} {
		if n != "" {
			near = append(near, fmt.Sprintf("phase:%q", n))
		}
	}
	fmt.Fprintf(&b, "; nearest: %s (", strings.Join(near, ", "))
	for i, h := range heads {
		if i > 0 {
			b.WriteString("; ")
		}
		has := fmt.Sprintf("%d steps, %d to %d", h.steps, h.lo, h.hi)
		if h.steps == 1 {
			has = fmt.Sprintf("1 step, %d", h.lo)
		}
		fmt.Fprintf(&b, "%s has %s", h.name, has)
	}
	b.WriteString(")")
	return b.String(), true
}

// emptyPhaseRefusal says why -cursor spec cannot stand in phase k of tr,
// which holds no events, and names the nearest phases that do.
func emptyPhaseRefusal(spec string, tl *world.Timeline, k int) string {
	tr := tl.Trace()
	msg := fmt.Sprintf("-cursor %q: %s searched nothing, so there is no event to stand in", spec, tr.Phases[k].Name)
	// A phase's name, or where a name is shared (the group planner's
	// "cells" repeats) and would resolve to another phase, its middle
	// event's number.
	where := func(j int) string {
		if tl.FindPhase(tr.Phases[j].Name) == j {
			return fmt.Sprintf("phase:%q", tr.Phases[j].Name)
		}
		return fmt.Sprintf("%d (in %s)", (tr.Phases[j].Start+tr.PhaseEnd(j)+1)/2, tr.Phases[j].Name)
	}
	var near []string
	for j := k - 1; j >= 0; j-- {
		if tr.PhaseEnd(j) > tr.Phases[j].Start {
			near = append(near, where(j))
			break
		}
	}
	for j := k + 1; j < len(tr.Phases); j++ {
		if tr.PhaseEnd(j) > tr.Phases[j].Start {
			near = append(near, where(j))
			break
		}
	}
	if len(near) > 0 {
		msg += "; nearest: " + strings.Join(near, ", ")
	}
	return msg
}
