package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/pathing"
)

// drawTop draws the title bar: map name and size, algorithm, and the
// phase at the timeline's cursor, always named.
func (r *Renderer) drawTop(screen *ebiten.Image, f *Frame) {
	rc := f.Layout.Top
	if rc.Dy() < 12 {
		return
	}
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, color.RGBA{30, 33, 40, 255})
	w := f.World
	ft := r.fonts
	r.topShown = ""
	dirty := ""
	if w.Dirty() {
		dirty = " •"
	}
	size := fmt.Sprintf("%d×%d", w.Grid.Width(), w.Grid.Height())
	var answers []string
	var warn bool
	// The panel's numbers scrolled out of view (this frame's panel, drawn
	// first: the pointer on the map brings the inspector up on a short
	// window)
	// count as not shown: an engineer lost the cost and its distance from
	// the optimum whenever the pointer was over the map.
	numbersOut := !f.Layout.Panel.Empty() && !r.panelShown.NumbersShown()
	if (f.Layout.Panel.Empty() || numbersOut) && (f.CaptionIsHint || f.Caption == "") {
		// The panel is not shown (hidden with Tab, or dropped for want of
		// width): the answer's cost and how far it is from optimal go here
		// instead of the tool's hint (not instead of "painting: fill" or
		// "dragging goal"), or they were nowhere on screen. (Worded only
		// then: not every frame, to be dropped.)
		var full, short string
		full, short, warn = answerBriefs(w)
		if full != "" {
			answers = []string{full, short}
		}
	}
	layout := topBarLayout
	if !f.Layout.Panel.Empty() && stepping(w) {
		// The numbers are a wheel turn away, and the answer ("at the
		// end: …") is not what the map shows: the phase stepped to is.
		layout = topBarBeside
	}
	bar := layout(ft, w.Name+dirty, size, w.Settings.Algo.Title(), r.phaseLabel(w),
		ft.Width(ft.UI, fmt.Sprintf("tool: %s", f.Tool)), answers, float64(rc.Dx()))
	bar.warn = warn
	left, phase := bar.left, bar.phase
	ft.Draw(dst, ft.Bold, left, float64(rc.Min.X+10), float64(rc.Min.Y+6), ColText)
	x := float64(rc.Min.X) + 24 + ft.Width(ft.Bold, left)
	ft.Draw(dst, ft.Bold, phase, x, float64(rc.Min.Y+6), ColTextWarn)
	r.topShown = left + "  " + phase
	// On the right: the tool, always whole, and before it the tool's hint,
	// cut to the room left; or, while the panel is not shown, the answer.
	tool := fmt.Sprintf("tool: %s", f.Tool)
	x += ft.Width(ft.Bold, phase) + 24
	room := float64(rc.Max.X) - 10 - x
	tw := ft.Width(ft.UI, tool)
	before, bc := f.Caption, ColTextDim
	if f.Recording {
		// A recording's frame shows the query, not the controls: no
		// tool, nor its standing hint (an answer still shows).
		tool, tw = "", -16
		if f.CaptionIsHint {
			before = ""
		}
	}
	if room <= tw {
		return
	}
	tx := float64(rc.Max.X) - 10 - tw
	if tool != "" {
		ft.Draw(dst, ft.UI, tool, tx, float64(rc.Min.Y+7), ColTextDim)
		defer func() { r.topShown += "  " + tool }()
	}
	if bar.answer != "" {
		before = bar.answer
		if bar.warn {
			bc = ColTextWarn
		}
	}
	if bar.phaseCut && f.CaptionIsHint && bar.answer == "" {
		before = "" // the phase gave words away: the hint gives way first
	}
	if before != "" && (room-tw-16 > 80 || ft.Width(ft.UI, before) <= room-tw-16) {
		if bar.answer == "" {
			before = clauses(ft, before, room-tw-16)
		}
		before = clip(ft, ft.UI, before, room-tw-16)
		ft.Draw(dst, ft.UI, before, tx-16-ft.Width(ft.UI, before), float64(rc.Min.Y+7), bc)
		r.topShown += "  " + before
	}
}

// clauses drops a hint's last "; " clauses while it is wider than room:
// the query tool's hint was cut mid-word on a gallery case ("click start,
// then goal; drag S o…"), where "click start, then goal" reads whole.
func clauses(ft *Fonts, s string, room float64) string {
	for ft.Width(ft.UI, s) > room {
		i := strings.LastIndex(s, "; ")
		if i <= 0 {
			break
		}
		s = s[:i]
	}
	return s
}

// TopBarShown returns the top bar's text as last drawn: the left text, the
// phase, the hint or answer, and the tool, two spaces apart.
func (r *Renderer) TopBarShown() string { return r.topShown }

// answerBrief is the answer in a few words for the top bar while the panel
// is not shown: "cost 54.284, optimal 38.000 (+42.85%)", "no path", or ""
// while there is no answer yet. warn is true when the cost is over 1 %
// above optimal (the panel's warning colour).
func answerBrief(w *world.World) (s string, warn bool) {
	s, _, warn = answerBriefs(w)
	return s, warn
}

// answerBriefs is answerBrief, and the same answer in fewer words for a
// narrow bar: "cost 54.284 (+42.85%)", the optimum's own cost left out
// (the percentage says how far the answer is from it).
func answerBriefs(w *world.World) (full, short string, warn bool) {
	o := &w.Outcome
	if !w.HasStart || !w.HasGoal || o.Err != nil || pendingAnswer(w) {
		return "", "", false
	}
	if o.Status != pathing.Found {
		st := o.Status.String()
		if stepping(w) {
			st = "at the end: " + st
		}
		return st, st, false
	}
	s := fmt.Sprintf("cost %.3f", o.Cost)
	if stepping(w) {
		s = "at the end: " + s // as the panel's title says (drawNumbers)
	}
	opt := &w.Optimal
	if !opt.Known || !opt.Found {
		return s, s, false
	}
	sub, warn := shownSubopt(w)
	switch {
	case math.IsNaN(sub):
		return s, s, false
	case sub == 0:
		return s + " (optimal)", s + " (optimal)", false
	}
	pct := fmt.Sprintf("(%+.2f%%)", 100*sub)
	return s + fmt.Sprintf(", optimal %.3f ", opt.Cost) + pct, s + " " + pct, warn
}

// stepping reports whether the query's timeline is shown before its end
// (stepped, played or sought into), or its trace was cut short, so that
// the map shows the search part way while the answer's figures are those
// of its end.
func stepping(w *world.World) bool {
	tl := &w.Timeline
	if tr := tl.Trace(); tr != nil && tr.Truncated {
		return true // even at its end: the search went on past the cut (a reviewer's 1500² map)
	}
	return tl.Len() > 0 && !tl.AtEnd()
}

// topBarParts is what the top bar shows: its bold left text (name, size,
// algorithm) and phase, and the answer to draw before the tool ("" for the
// tool's hint or caption, cut to what room is left).
type topBarParts struct {
	left, phase string
	answer      string
	warn        bool
	// phaseCut is true when the phase lost words (its count, its "phase: "
	// prefix) for want of room: the tool's hint then takes none.
	phaseCut bool
}

// topBarLayout fits the top bar of a window width px wide: the left text
// and the phase as topBarText does, and, while the panel is not shown,
// the answer (answers: the full words, then fewer), which is then the only
// place the path's cost and its distance from optimal are on screen. The
// phase stays named, and the tool (toolW px) stays whole at the right end.
// The answer stands where the tool's hint does, and like the hint it gives
// way before the phase: the map's size goes first, then the answer's
// words ("optimal …"), and only then the phase count and the "phase: "
// prefix; the answer keeps its percentage throughout. Without the room
// for that, the phase is cut before the answer is.
//
// At 150 % the phase lost its count and prefix while the answer kept every
// word: the phase the map shows gave way to what the answer repeats.
//
// A 1024×768 projector at 175 % (a 586 px bar) showed the phase and the
// tool only: the fuller left text took the room, and the panel, dropped for
// want of width, was the answer's only other place (a user's report).
func topBarLayout(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) topBarParts {
	if len(answers) == 0 {
		return topBarWithTool(ft, name, size, algo, phase, toolW, width)
	}
	if bar, ok := topBarAnswerFit(ft, name, size, algo, phase, toolW, answers, width); ok {
		return bar
	}
	need := func(l, p, a string) float64 { return topBarNeed(ft, l, p, a, toolW) }
	tries := topBarTries(name, size, algo, phase)
	// Still too narrow: the algorithm goes, then the phase is cut with
	// "…", before the short answer is. With the panel gone the answer is
	// nowhere else: at 640×400 the gallery's pathological-minimum (a long
	// name) showed its size and "phase:" and no cost (a user's report).
	a := answers[len(answers)-1]
	last := tries[len(tries)-1]
	if need(last[0], last[1], a) <= width {
		return topBarParts{left: last[0], phase: last[1], answer: a}
	}
	if room := width - need(last[0], "", a); room >= minPhaseW {
		return topBarParts{left: last[0], phase: clip(ft, ft.Bold, last[1], room), answer: a}
	}
	left, ph := topBarText(ft, name, size, algo, phase, width-10)
	return topBarParts{left: left, phase: ph, answer: a}
}

// topBarBeside is topBarLayout while a query is stepped and the panel is
// shown with its numbers scrolled out of view (the pointer on the map
// brings the inspector up on a short window): the answer, of the query's
// end, is then a wheel turn away, so it takes only
// the room the whole phase name leaves, and gives way to it. At 150 % on
// a 1280×800 projector, stepping HPA* with the pointer on the map cut the
// phase to "insert G L2 (sea…" to keep "at the end: cost 158.113
// (+0.53%)" (a lecturer's run).
func topBarBeside(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) topBarParts {
	if bar, ok := topBarAnswerFit(ft, name, size, algo, phase, toolW, answers, width); ok {
		return bar // each names the phase whole
	}
	return topBarWithTool(ft, name, size, algo, phase, toolW, width)
}

// topBarWithTool fits the left text and the phase beside the tool (toolW
// px, drawn whole at the right end) when there is no answer to place: the
// map's size, the phase count and the "phase: " prefix give way to the
// tool, which is named nowhere else; the phase's name is not cut for it
// (topBarText's fit without the tool then, and the tool is left out). The
// tool's hint takes only what room is left, so it gives way first.
//
// At 150 % on a 1024×768 window the bar kept the map's size and "· phase 8
// of 33" (the timeline bar's figure too) and left out the tool.
func topBarWithTool(ft *Fonts, name, size, algo, phase string, toolW, width float64) topBarParts {
	tries := topBarTries(name, size, algo, phase)
	for _, t := range tries[:len(tries)-1] { // the algorithm stays before the tool
		if 10+ft.Width(ft.Bold, t[0])+14+ft.Width(ft.Bold, t[1])+24+toolW+10 < width {
			return topBarParts{left: t[0], phase: t[1], phaseCut: t[1] != tries[0][1]}
		}
	}
	left, ph := topBarText(ft, name, size, algo, phase, width-10)
	return topBarParts{left: left, phase: ph, phaseCut: ph != tries[0][1]}
}

// topBarNeed is the width the top bar takes for left text l, phase p,
// answer a and a tool toolW px wide. The gaps are drawTop's: 10 before
// the left text, 14 to the phase, 24 to the answer, 16 to the tool, 10
// after it.
func topBarNeed(ft *Fonts, l, p, a string, toolW float64) float64 {
	return 10 + ft.Width(ft.Bold, l) + 14 + ft.Width(ft.Bold, p) + 24 + ft.Width(ft.UI, a) + 16 + toolW + 10
}

// topBarAnswerFit is the fullest top bar with an answer in width px whose
// phase keeps its name whole, and false when there is none. The answer
// stands where the tool's hint does and, like the hint, gives way before
// the phase: the map's size goes first, then the answer's words (answers:
// the full words, then fewer), and only then the phase count and the
// "phase: " prefix, the answer at its shortest.
func topBarAnswerFit(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) (topBarParts, bool) {
	tries := topBarTries(name, size, algo, phase)
	for j, a := range answers {
		last := j == len(answers)-1
		for i, t := range tries[:len(tries)-1] { // the name alone says too little
			switch {
			case i == 0 && j > 0:
				continue // the map's size goes before the answer's words
			case t[1] != tries[0][1] && !last:
				continue // the phase's words go only after the answer's
			}
			if topBarNeed(ft, t[0], t[1], a, toolW) <= width {
				return topBarParts{left: t[0], phase: t[1], answer: a}, true
			}
		}
	}
	return topBarParts{}, false
}

// minPhaseW is the least width the top bar's phase is cut to, in pixels,
// to make room for the answer (a few letters and "…").
const minPhaseW = 60

// shownSubopt is w's suboptimality as the panel and the top bar show it:
// 0 within rounding of the optimum (no "-0.00%"), and warn when it is over
// 1 %, drawn in the warning colour.
func shownSubopt(w *world.World) (sub float64, warn bool) {
	sub = w.Suboptimality()
	if math.Abs(sub) < 5e-5 {
		sub = 0
	}
	return sub, sub > 0.01
}

// topBarText returns the top bar's left text (name, size, algorithm) and
// its phase text for a bar width px wide. The phase is the one thing the
// bar must always name, so on a narrow window the map size goes first,
// then the "· phase k of n" count, then the "phase: " prefix, before the
// phase name itself is cut with "…".
func topBarText(ft *Fonts, name, size, algo, phase string, width float64) (string, string) {
	fits := func(left, ph string) bool {
		return 14+ft.Width(ft.Bold, left)+24+ft.Width(ft.Bold, ph) <= width
	}
	tries := topBarTries(name, size, algo, phase)
	for _, t := range tries {
		if fits(t[0], t[1]) {
			return t[0], t[1]
		}
	}
	left, short := tries[len(tries)-1][0], tries[len(tries)-1][1]
	return left, clip(ft, ft.Bold, short, width-14-ft.Width(ft.Bold, left)-24) // cut with "…", not mid-letter
}

// topBarTries are the top bar's left text and phase from the fullest to the
// shortest: the map size goes first, then the "· phase k of n" count, the
// "phase: " prefix and the algorithm.
func topBarTries(name, size, algo, phase string) [][2]string {
	short := phase
	if i := strings.LastIndex(phase, " · phase "); i > 0 {
		short = phase[:i]
	}
	return [][2]string{
		{name + "  " + size + "   " + algo, "phase: " + phase},
		{name + "   " + algo, "phase: " + phase},
		{name + "   " + algo, "phase: " + short},
		{name + "   " + algo, short},
		{name, short},
	}
}

// PhaseLabel returns the phase the top bar names for w (see phaseLabel):
// the app's event log records it with each screenshot.
func (r *Renderer) PhaseLabel(w *world.World) string { return r.phaseLabel(w) }

// phaseLabel names what the cursor shows: the phase of the last applied
// event, "finished" at the end, "before the first event" at 0.
func (r *Renderer) phaseLabel(w *world.World) string {
	tl := &w.Timeline
	if s, ok := busyLabel(w); ok {
		return s
	}
	switch {
	case tl.Len() == 0 && w.Outcome.Err != nil:
		return "not run (error)"
	case tl.Len() == 0 && untracedAnswer(w):
		return "live answer, not recorded (the timeline comes when you let go)"
	case tl.Len() == 0 && w.HasStart && w.HasGoal:
		return "answered without search events"
	case tl.Len() == 0:
		return "no query"
	case tl.AtEnd() && tl.Trace().Truncated:
		// The map shows the search only as far as the trace kept it.
		return "trace cut here (the search went on) · phase: " + w.PhaseName()
	case tl.AtEnd():
		// Phases after the last event searched nothing (refinement read
		// from the path cache, steps crossing a border): naming the
		// last event's phase "last phase" hid them.
		if n := len(tl.Trace().Phases) - 1 - tl.Phase(); n > 0 {
			later := "later phases"
			if n == 1 {
				later = "later phase"
			}
			return fmt.Sprintf("finished · last search: %s (%d %s searched nothing)", w.PhaseName(), n, later)
		}
		return "finished · last phase: " + w.PhaseName()
	case tl.Cursor() == 0:
		// The phase of the first event (Timeline.Phase), as the
		// timeline's hover tip names it there.
		return "before the first event · next: " + w.PhaseName()
	}
	tr := tl.Trace()
	k := tl.Phase()
	name := w.PhaseName()
	if lv := levelWord(int(tr.Phases[k].Level)); len(tr.Phases) > 1 && !smoothingPhase(name) && !strings.Contains(name, lv) {
		name += " (search on " + lv + ")"
	}
	if len(tr.Phases) == 1 {
		return name // "A*", not "A* · phase 1 of 1": the bottom bar counts none either
	}
	return fmt.Sprintf("%s · phase %d of %d", name, k+1, len(tr.Phases))
}

// busyLabel says what the session is doing while its answer is not in
// (world.Busy): "building the group hierarchy…", "A* has expanded 41,984
// cells…" (the Outcome's note without its "planning: " prefix), "recording
// the search…" while a hierarchical answer waits a frame for its trace.
// ok is false when the session is not busy, or busy only with the
// structure of a query not yet asked (the phase is then "no query").
func busyLabel(w *world.World) (string, bool) {
	if !w.Busy() || !w.HasStart || !w.HasGoal {
		return "", false
	}
	o := &w.Outcome
	switch {
	case pendingAnswer(w):
		s := strings.TrimPrefix(o.Note, "planning: ")
		switch {
		case s == "":
			return "planning…", true
		case strings.HasPrefix(s, "when "): // "when the stroke ends (its cells are repaired then)…"
			return "planning " + s, true
		}
		return s, true
	case o.Err == nil && w.Timeline.Len() == 0:
		return "recording the search…", true
	}
	return "", false
}

// pendingAnswer reports whether the current query's answer is not in yet:
// the Outcome then has no path, no cost and no figures, only a note.
func pendingAnswer(w *world.World) bool {
	return w.Busy() && w.HasStart && w.HasGoal && w.Outcome.Status == pathing.Running && w.Outcome.Err == nil
}

// strokeHoldsRepair reports whether a stroke in progress holds back the
// hierarchy's repair (grids above 256×256 whose repairs are slow: the plan
// waits for the stroke's end, and the session's note says so). Until it
// ends, the installed hierarchy is the one from before the stroke: its
// groups, nodes and edges, the inspector's level rows and the edge tooltip
// are not those of the painted grid.
func strokeHoldsRepair(w *world.World) bool {
	_, painting := w.Painting()
	return painting && pendingAnswer(w) && strings.Contains(w.Outcome.Note, "when the stroke ends")
}

// StaleStructureNote is the map note shown over the structure layers while
// a stroke holds back the repair (strokeHoldsRepair).
const StaleStructureNote = "groups, nodes and edges as before this stroke: repaired when it ends"

// untracedAnswer reports whether the answer shown was searched for but not
// recorded: on a grid above 256×256 a goal drag or a stroke replans live
// without a trace, and the full timeline comes when the mouse is let go.
// The search ran (the panel gives its expansions), so the top bar must not
// say it was "answered without search events", nor the inspector that a
// cell was "not reached".
func untracedAnswer(w *world.World) bool {
	o := &w.Outcome
	return w.HasStart && w.HasGoal && !o.Traced && o.Err == nil && o.Status != pathing.Running && o.Expanded > 0
}
