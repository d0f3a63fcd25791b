package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// From a teacher's report: the help's Colours section named L1, L2 and L3,
// while -levels 4 draws level 4's searches and plans in a colour of its
// own. The levels' row shows every abstract level's plan colour and names
// each level and each colour.
func TestColourKeyNamesEveryLevel(t *testing.T) {
	levels := len(ColPlan) - 1
	found := false
	for _, c := range colourKey {
		if !strings.HasPrefix(c.text, "levels ") {
			continue
		}
		found = true
		if !slices.Equal(c.swatch, ColPlan[1:]) {
			t.Errorf("the levels' swatch %v, want the plan colours of L1 to L%d %v", c.swatch, levels, ColPlan[1:])
		}
		if n := len(strings.Split(c.names, ", ")); n != levels {
			t.Errorf("the levels' colours in words %q: %d, want %d", c.names, n, levels)
		}
		for l := 1; l <= levels; l++ {
			if !strings.Contains(c.text, fmt.Sprintf("L%d", l)) {
				t.Errorf("the levels' row %q does not name L%d", c.text, l)
			}
		}
	}
	if !found {
		t.Fatal("no levels' row in the colour key")
	}
}
