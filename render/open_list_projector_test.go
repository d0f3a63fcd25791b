package render

import "testing"

// At 150 % in the 1264×720 window a 1280×800 projector gives (843×480
// logical pixels) every open-list row took two lines, most with the second
// empty: the rows fit on one line with one space between the figures.
func TestOpenListRowsOneLineOnTheProjector(t *testing.T) {
	r := New()
	l := ComputeLayout(843, 480, true)
	if l.Panel.Empty() {
		t.Fatal("843×480 has no panel: the test needs one")
	}
	r.panelW = l.Panel.Dx()
	if n := r.openListLines(false); n != 1 {
		format, _ := r.openListForm(false)
		t.Errorf("%d px panel: open-list rows take %d lines (%q)", l.Panel.Dx(), n, format)
	}
}
