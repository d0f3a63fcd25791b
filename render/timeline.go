package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/pathing"
)

// drawTimeline draws the playback bar: state, cursor, speed, current event
// and a scrubber with every phase as a coloured span.
func (r *Renderer) drawTimeline(screen *ebiten.Image, f *Frame) {
	rc := f.Layout.Timeline
	if rc.Dy() < 20 {
		return
	}
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, color.RGBA{30, 33, 40, 255})
	w := f.World
	tl := &w.Timeline
	ft := r.fonts
	line := fitStatus(ft, timelineParts(w, f.Recording), float64(rc.Dx()-20))
	st := timelineStatusRect(f.Layout, ft.LineHeight(ft.UI))
	ft.Draw(dst, ft.UI, line, float64(rc.Min.X+10), float64(st.Min.Y), ColText)

	bar := TimelineBarRect(f.Layout)
	fillRect(dst, bar, color.RGBA{55, 60, 70, 255})
	n := tl.Len()
	if n > 0 && bar.Dx() > 0 {
		tr := tl.Trace()
		for k, ph := range tr.Phases {
			end := tr.PhaseEnd(k)
			x0 := bar.Min.X + int(float64(bar.Dx())*float64(ph.Start)/float64(n))
			x1 := bar.Min.X + int(float64(bar.Dx())*float64(end)/float64(n))
			c := ColPlan[min(ph.Level, len(ColPlan)-1)]
			if ph.Level == 0 {
				c = ColClosed
			}
			c.A = 200
			fillRect(dst, image.Rect(x0, bar.Min.Y, max(x1, x0+1), bar.Max.Y), c)
			vector.StrokeLine(dst, float32(x0), float32(bar.Min.Y-3), float32(x0), float32(bar.Max.Y), 1, color.White, false)
		}
		cx := float32(bar.Min.X) + float32(bar.Dx())*float32(tl.Cursor())/float32(n)
		vector.DrawFilledRect(dst, cx-1.5, float32(bar.Min.Y-5), 3, float32(bar.Dy()+8), PM(ColCurrent), false)
		// Hovering the scrubber names the phase under the mouse: its
		// colours alone did not say which span was which. The tip is
		// drawn with the overlays (DrawOverlays), over the legend and the
		// message too.
		if f.MouseOK && image.Pt(int(f.MouseX), int(f.MouseY)).In(bar.Inset(-6)) {
			if tip := timelineTip(tr, n, TimelineCursorAt(bar, n, f.MouseX)); tip != "" {
				// Wrapped to the scrubber's width, not cut: at 175 % the
				// event range, the part one scrubs for, was lost to "…"
				// (a user's report).
				r.tipText = tip
				r.tipLines = wrapHard(ft, ft.UI, tip, math.Max(float64(bar.Dx())-24, 1))
				wd := 0.0
				for _, l := range r.tipLines {
					wd = math.Max(wd, ft.Width(ft.UI, l))
				}
				r.tipRect = timelineTipBox(f.Layout, wd, tipHeight(ft, len(r.tipLines)), float32(f.MouseX))
			}
		}
	}
}

// timelineTipBox is where the scrubber's tip, text wd pixels wide in a
// box h pixels high, goes for the pointer at x: right above the timeline
// bar, over the bottom of the map area, kept within the scrubber's columns
// (tipBoxH). Placed just above the scrubber it covered the bar's status
// line (the event, the phase's expansions, the last event), which is what
// one reads while scrubbing (a user's report).
func timelineTipBox(l Layout, wd float64, h int, x float32) image.Rectangle {
	return tipBoxH(wd, h, l.Screen, TimelineBarRect(l), x, float32(l.Timeline.Min.Y-2+tipRise-h))
}

// tipHeight is the height of a tooltip box of n lines.
func tipHeight(ft *Fonts, n int) int {
	return tipH + max(0, n-1)*int(math.Ceil(ft.LineHeight(ft.UI)))
}

// timelineStatusRect is where the timeline bar's status line is drawn.
func timelineStatusRect(l Layout, lineH float64) image.Rectangle {
	rc := l.Timeline
	return image.Rect(rc.Min.X, rc.Min.Y+6, rc.Max.X, rc.Min.Y+6+int(math.Ceil(lineH)))
}

// drawTimelineTip draws the scrubber's tip placed this frame, if any.
func (r *Renderer) drawTimelineTip(screen *ebiten.Image, f *Frame) {
	if r.tipText == "" {
		return
	}
	ft := r.fonts
	// Placed before the message was (drawTimeline runs first): moved off
	// it now, since it covered the map's message (a user test).
	r.tipRect = tipClearOf(r.tipRect, TimelineBarRect(f.Layout), r.msgRect, r.legendRect)
	fillRect(screen, r.tipRect, color.RGBA{10, 10, 14, 235})
	strokeRect(screen, r.tipRect, ColEdgeHot)
	lh := math.Ceil(ft.LineHeight(ft.UI))
	for i, l := range r.tipLines {
		ft.Draw(screen, ft.UI, l, float64(r.tipRect.Min.X+8), float64(r.tipRect.Min.Y+3)+float64(i)*lh, ColText)
	}
}

// timelineStatus is the timeline's status line: playing or paused, the
// cursor, the expansions of the cursor's phase, the speed, and the last
// event applied; at event 0, that the answer is drawn as it is found
// (startNote). It is every part of timelineParts, as a bar wide enough
// for them shows it.
func timelineStatus(w *world.World) string {
	parts := timelineParts(w, false)
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.text
	}
	return strings.Join(s, "   ")
}

// statusPart is one part of the timeline's status line; keep ranks what
// a narrow bar keeps: the lower, the sooner it is dropped.
type statusPart struct {
	text string
	keep int
}

// timelineParts returns the parts of the status line in the order they
// show (timelineStatus). In a recording's frame (recording) the line has
// no playback state and no speed: the recorder, not the user, moves the
// cursor.
func timelineParts(w *world.World, recording bool) []statusPart {
	tl := &w.Timeline
	state := "paused  "
	if w.Play.Playing {
		state = "playing  "
	}
	if recording {
		state = ""
	}
	head := fmt.Sprintf("%sevent %s / %s", state, world.Count(tl.Cursor()), world.Count(tl.Len()))
	if tr := tl.Trace(); tr != nil && tr.Truncated {
		head += " (the trace was cut there: the search went on)"
	}
	parts := []statusPart{{head, 5}}
	if s := expandedLabel(w); s != "" {
		// Kept before the speed: it is what A* against Dijkstra compares
		// on a projector (a teacher lost it at 175 %, keeping the speed).
		parts = append(parts, statusPart{s, 4})
	}
	if !recording {
		parts = append(parts, statusPart{fmt.Sprintf("speed %s ev/s", fmtSpeed(w.Play.Speed)), 3})
	}
	if tl.Cursor() == 0 && tl.Len() > 0 && len(w.Outcome.Path) >= 2 {
		parts = append(parts, statusPart{startNote(w), 2})
	}
	if e, ok := tl.Current(); ok {
		p, _ := w.NodeCell(int(e.Level), e.Node)
		if !e.Kind.Search() {
			parts = append(parts, statusPart{"last: " + lineCheckText(w, e), 1})
		} else {
			lv := levelWord(int(e.Level))
			if e.Level == 0 {
				lv = "cell"
			}
			parts = append(parts, statusPart{fmt.Sprintf("last: %s %s %s g %.2f h %.2f", e.Kind, lv, nodeKey(w, int(e.Level), p), e.G, e.H), 1})
		}
	}
	return parts
}

// fitStatus joins the parts of the status line that fit in width, whole:
// when all do not, the least kept go first (the last event, the start
// note, the speed, the expansions), so a bar narrowed by a large UI scale
// shows "paused  event 4,070 / 4,070   expanded 2,368 / 2,368" rather than a line
// cut mid-figure ("speed 20…", "last: line (117,82)→(…", a user's report
// at 175 %). Only a first part too wide by itself is cut with "…".
func fitStatus(ft *Fonts, parts []statusPart, width float64) string {
	join := func(minKeep int) string {
		var b strings.Builder
		for _, p := range parts {
			if p.keep < minKeep {
				continue
			}
			if b.Len() > 0 {
				b.WriteString("   ")
			}
			b.WriteString(p.text)
		}
		return b.String()
	}
	for k := 0; k <= 5; k++ {
		if s := join(k); ft.Width(ft.UI, s) <= width || k == 5 {
			return clip(ft, ft.UI, s, width)
		}
	}
	return ""
}

// startNote is the status line's word at event 0 of a query with an
// answer: nothing of the answer is drawn there (drawPath, drawPlans), and
// a map with no path on it looks like a query that failed.
func startNote(w *world.World) string {
	what := "the path appears"
	if len(w.Outcome.Segments) > 1 {
		what = "the plans and the route appear"
	}
	return what + " as the searches find them: play or step"
}

// phaseExpanded counts the expansions (pops at the phase's own level) of
// the search in the timeline cursor's phase: done up to the cursor, and
// total in the whole phase, so a class stepping Dijkstra or A* sees the
// closed set grow toward the figure the panel gives for the finished query
// (the event count runs three to four times faster: pushes and relaxations
// are events too). ok is false without a trace or when the phase expands
// nothing (smoothing checks cells instead). Cost: a step back over the
// phase's events of other levels, usually none; PopOrder ranks the trace
// once per query.
func phaseExpanded(tl *world.Timeline) (done, total int, ok bool) {
	tr := tl.Trace()
	k := tl.Phase()
	if tr == nil || k < 0 || k >= len(tr.Phases) {
		return 0, 0, false
	}
	ph := tr.Phases[k]
	end := tr.PhaseEnd(k)
	upTo := func(n int) int { // pops at ph.Level among events [ph.Start, n)
		for j := n - 1; j >= ph.Start; j-- {
			e := &tr.Events[j]
			if int(e.Level) != ph.Level {
				continue
			}
			c := tl.PopOrder(j)
			if e.Kind == pathing.EventPop {
				c++
			}
			return c
		}
		return 0
	}
	if total = upTo(end); total == 0 {
		return 0, 0, false
	}
	return upTo(min(tl.Cursor(), end)), total, true
}

// expandedLabel is the timeline bar's count of the cursor phase's
// expansions ("expanded 12 / 89", and "in phase 5 of 24" when there are
// several phases: the panel adds up phases of one kind, e.g. the group
// walk's "cells" over every segment, so the phase must be named to tell
// its count from the panel's). At the end of a query of several phases it
// is the query's expansions in all, the panel's "524 expanded" ("expanded
// 524 in all 33 phases"): the last phase's own figure, or none after
// HPA*'s smoothing, left the bar with no expansions where A*'s end shows
// "expanded 4,252 / 4,252" (a teacher's report). In a smoothing phase,
// which checks cells along straight lines and expands none, it counts the
// lines tried ("smoothing: lines tried 12 / 40, no expansions"). "" when
// the phase expands nothing otherwise.
func expandedLabel(w *world.World) string {
	tl := &w.Timeline
	tr := tl.Trace()
	if tr == nil || tl.Len() == 0 {
		return ""
	}
	if len(tr.Phases) > 1 && tl.AtEnd() {
		return fmt.Sprintf("expanded %s in all %d phases", world.Count(w.Outcome.Expanded), len(tr.Phases))
	}
	if done, total, ok := smoothLines(tl); ok {
		return fmt.Sprintf("smoothing: lines tried %s / %s, no expansions", world.Count(done), world.Count(total))
	}
	done, total, ok := phaseExpanded(tl)
	if !ok {
		return ""
	}
	s := fmt.Sprintf("expanded %s / %s", world.Count(done), world.Count(total))
	if len(tr.Phases) > 1 {
		s += fmt.Sprintf(" in phase %d of %d", tl.Phase()+1, len(tr.Phases))
	}
	return s
}

// smoothLines counts the straight lines (line events) a smoothing phase at
// the timeline's cursor has tried so far and in all; ok is false outside
// such a phase. Cost: a pass over the phase's events.
func smoothLines(tl *world.Timeline) (done, total int, ok bool) {
	tr := tl.Trace()
	k := tl.Phase()
	if tr == nil || k < 0 || k >= len(tr.Phases) || !smoothingPhase(tr.Phases[k].Name) {
		return 0, 0, false
	}
	cur := tl.Cursor()
	for j := tr.Phases[k].Start; j < tr.PhaseEnd(k); j++ {
		if tr.Events[j].Kind != pathing.EventLine {
			continue
		}
		total++
		if j < cur {
			done++
		}
	}
	return done, total, true
}

// TimelineCursorAt returns the timeline cursor (events applied: the bar's
// "event N", 0 before the first) that a click or drag at x on the
// scrubber bar of a timeline of n events seeks to: the place whose marker
// is nearest x. The hover tip names the same event (timelineTip): the tip
// floored where the click rounded, and named the next event on the left
// half of each event's span (a teacher's "event 710" hover, 709 click).
func TimelineCursorAt(bar image.Rectangle, n int, x float64) int {
	if n <= 0 || bar.Dx() <= 0 || math.IsNaN(x) {
		return 0
	}
	f := (x - float64(bar.Min.X)) / float64(bar.Dx())
	return int(math.Round(math.Max(0, math.Min(1, f)) * float64(n)))
}

// timelineTip describes the timeline place cursor (0..n, as
// TimelineCursorAt gives it) of a timeline of n events of tr: the event a
// click there seeks to and the phase it belongs to (the top bar's phase
// there), with the level its search runs on and the phase's event range;
// "" when there is nothing to name.
func timelineTip(tr *pathing.Trace, n, cursor int) string {
	if tr == nil || n <= 0 {
		return ""
	}
	cursor = max(0, min(n, cursor))
	ev := "event " + world.Count(cursor)
	if cursor == 0 {
		ev += " (before the first)"
	}
	k := tr.PhaseAt(max(cursor-1, 0))
	if k < 0 {
		return ev
	}
	ph := tr.Phases[k]
	end := tr.PhaseEnd(k)
	what := "search on " + levelWord(int(ph.Level)) + ", "
	if smoothingPhase(ph.Name) {
		what = "lines tried on the path, " // no search
	}
	return fmt.Sprintf("%s · phase %d of %d: %s (%sevents %s–%s)", ev, k+1, len(tr.Phases), ph.Name, what, world.Count(ph.Start+1), world.Count(end))
}

// smoothingPhase reports whether a phase is path smoothing, which tries
// straight lines on the path rather than searching a level.
func smoothingPhase(name string) bool { return strings.HasPrefix(name, "smooth") }

func fmtSpeed(s float64) string {
	if s >= 1000 {
		return fmt.Sprintf("%gk", s/1000)
	}
	return fmt.Sprintf("%g", s)
}
