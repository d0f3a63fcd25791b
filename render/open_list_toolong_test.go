package render

import (
	"strings"
	"testing"

	"pathlens/game/world"
)

// On a 2048×2048 map, mid-search, the open list's title read "0 open" over
// "too many to list": a phase too long to scan is not counted, so its
// title gives no count. The other states keep theirs.
func TestOpenListTitleHasNoCountWhenTooLong(t *testing.T) {
	for _, ol := range []world.OpenList{{TooLong: true}, {TooLong: true, Level: 2}} {
		for _, s := range openListTitles(ol, true) {
			if strings.Contains(s, "open)") || strings.Contains(s, "0") && ol.Level == 0 || strings.Contains(s, "left") {
				t.Errorf("too long to list (level %d): title %q gives a count", ol.Level, s)
			}
		}
	}
	if got := openListTitles(world.OpenList{TooLong: true, Level: 2}, true)[0]; got != "Open list (L2)" {
		t.Errorf("too long at level 2: %q, want the level", got)
	}
	if got := openListTitles(world.OpenList{Open: 1234}, true); !strings.Contains(got[0], "1,234 open") {
		t.Errorf("a listed search: %q, want its count", got)
	}
	if got := openListTitles(world.OpenList{Open: 7, Finished: true}, true); !strings.Contains(got[0], "7 left open") {
		t.Errorf("a finished search: %q, want what it left", got)
	}
}
