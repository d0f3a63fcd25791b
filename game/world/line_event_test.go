package world

import (
	"testing"

	"pathlens/pathing"
)

// A smoothing line check is no search state: seeking over the smooth
// phase's EventLine events leaves every cell's state as the searches left
// it (the anchors of the lines are path cells the searches closed).
func TestLineEventsLeaveCellStatesAlone(t *testing.T) {
	g := pathing.MustGrid(6, 1)
	tr := &pathing.Trace{}
	tr.BeginPhase("cells", 0)
	tr.Add(pathing.Event{Kind: pathing.EventPush, Node: 0, Parent: -1})
	tr.Add(pathing.Event{Kind: pathing.EventPop, Node: 0, Parent: -1, G: 0, H: 5})
	tr.BeginPhase("smooth", 0)
	tr.Add(pathing.Event{Kind: pathing.EventLine, Node: 0, Parent: 5, G: 5, H: 5})
	tr.Add(pathing.Event{Kind: pathing.EventShortcut, Node: 0, Parent: 5, G: 5, H: 5})
	var tl Timeline
	tl.Reset(tr, g.Len())
	tl.Seek(tl.Len())
	st := tl.State(0, 0)
	if !st.Seen || !st.Closed || st.H != 5 || st.Event != 1 {
		t.Errorf("cell 0 after the line check: %+v, want its pop (event 1)", st)
	}
	if st := tl.State(0, 5); st.Seen {
		t.Errorf("the line's far cell reads as searched: %+v", st)
	}
	tl.Seek(2)
	tl.Seek(4)
	tl.Seek(3)
	tl.Seek(0)
	if st := tl.State(0, 0); st.Seen {
		t.Errorf("at cursor 0: %+v", st)
	}
	if e, ok := tl.Current(); ok {
		t.Errorf("at cursor 0 the current event is %+v", e)
	}
}
