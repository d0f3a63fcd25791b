package agents

import "image"

// Reason says why an agent asked for a plan.
type Reason uint8

const (
	ReasonNone              Reason = iota
	ReasonNewGoal                  // the agent got its first goal (a plan, not a replan)
	ReasonSegmentDone              // it reached the end of its refined segment
	ReasonWorldChanged             // a changed cell touches its segment or remaining plan
	ReasonGoalMoved                // its goal was changed while it was under way
	ReasonBlocked                  // its next step turned out to be illegal (see Stats.WallViolations)
	ReasonRecheck                  // it was stopped (goal unreachable or blocked) and tries again
	ReasonStuck                    // it walked Config.StuckTicks ticks (plus its current step's) without progress toward its goal (see Sim.StuckAgents)
	ReasonCutOff                   // a group member cut off from its group plans its own way to the group's goal (or, stopped, has none)
	ReasonRejoined                 // a member on its own way was reconnected to its place and rejoins its group (a log entry, not a planner call: it walks to its place with a local search)
	ReasonPlannerChanged           // the planner was switched (another algorithm, or a switch that rebuilt its hierarchy): its routes are planned afresh
	ReasonHierarchyRepaired        // it planned with a stand-in while the planner's hierarchy could not be asked (Sim.SetStandIn: a stroke deferring its repairs, or the hierarchy being built); repaired or built, the hierarchy plans its route (Sim.EndStandIn)
	NumReasons
)

var reasonNames = [...]string{"none", "new_goal", "segment_done", "world_changed", "goal_moved", "blocked", "recheck", "stuck", "cut_off", "rejoined", "planner_changed", "hierarchy_repaired"}

// String returns the snake_case name used in logs and cmd/bench fields.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// IsReplan reports whether r counts as a replan: every planner call but a
// new goal's (rejoining is logged but plans nothing).
func (r Reason) IsReplan() bool {
	return r > ReasonNewGoal && r < NumReasons && r != ReasonRejoined
}

// State is what an agent is doing.
type State uint8

const (
	Idle    State = iota // no goal
	Waiting              // needs a plan and is queued for one (a member of a group just sent: its first step is to come); it does not move
	Moving               // walking its segment
	Arrived              // at its goal
	Stopped              // cannot go on; Why says why
)

var stateNames = [...]string{"idle", "waiting", "moving", "arrived", "stopped"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state?"
}

// Why says why an agent is Stopped.
type Why uint8

const (
	WhyNone        Why = iota
	WhyGoalBlocked     // the goal cell is a wall
	WhyUnreachable     // no path joins the agent to its goal
	WhyPlanFailed      // the planner returned an error (AgentView.Err)
	WhyGroup           // its group's leader is stopped (and the member, with it, cannot reach the goal either)
	WhyCutOff          // a member walled off from its place in the group with no path to the goal either (with one, it goes its own way: ReasonCutOff)
	WhyStuck           // no progress toward the goal for Config.StuckTicks ticks of walking (plus its current step's) after a fresh plan: 2× in all the first time (a stuck replan, then the stop), 1× on a retry (its plan is the fresh one); retried with backoff
)

var whyNames = [...]string{"", "goal is a wall", "goal unreachable", "planner failed", "group stopped", "cut off from its group and its goal", "no progress toward the goal"}

func (w Why) String() string {
	if int(w) < len(whyNames) {
		return whyNames[w]
	}
	return "why?"
}

// Replan is one entry of the replan log: at Tick, agent Agent standing at
// Cell planned because of Reason, with outcome State (Moving when a plan was
// found, Stopped with Why when not).
type Replan struct {
	Tick   int64
	Agent  int
	Reason Reason
	Cell   image.Point
	State  State
	Why    Why
	// Displaced: a fill pushed the agent off its cell, and this plan
	// starts from where it was pushed. With State Arrived it was pushed
	// onto its goal: it arrived without a step (Stats.DisplacedArrivals).
	Displaced bool
	// Leader: Agent was the virtual leader of group Group, planning for
	// its members (kept here: the leader is gone once its group empties,
	// while the log still shows its lines).
	Leader bool
	Group  int
}

// ring is a bounded log keeping the newest entries.
type ring struct {
	buf  []Replan
	next int
	full bool
}

func (r *ring) add(e Replan) {
	if len(r.buf) == 0 {
		return
	}
	r.buf[r.next] = e
	r.next++
	if r.next == len(r.buf) {
		r.next = 0
		r.full = true
	}
}

// appendNewest appends the entries newest first.
func (r *ring) appendNewest(dst []Replan) []Replan {
	n := r.next
	if r.full {
		n = len(r.buf)
	}
	for i := 0; i < n; i++ {
		j := r.next - 1 - i
		if j < 0 {
			j += len(r.buf)
		}
		dst = append(dst, r.buf[j])
	}
	return dst
}
