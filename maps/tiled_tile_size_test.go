package maps

import (
	"strings"
	"testing"
)

// Regression (new-user test, a hand-edited map): tilewidth="0" was read,
// every room placed in pixels over a tile size of 0 fell off the map, and
// the map opened with notes instead of a refusal naming the attribute.
func TestTiledRefusesATileSizeBelowOne(t *testing.T) {
	base := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="3" height="2" TW TH infinite="0">
 <layer id="1" name="ground" width="3" height="2">
  <data encoding="csv">
0,0,0,
0,0,0
</data>
 </layer>
</map>
`
	for _, tc := range []struct{ tw, th, want string }{
		{`tilewidth="0"`, `tileheight="16"`, `level.tmx:2: map tilewidth "0"`},
		{`tilewidth="16"`, `tileheight="-16"`, `level.tmx:2: map tileheight "-16"`},
		{`tilewidth="x"`, `tileheight="16"`, `level.tmx:2: map tilewidth "x"`},
	} {
		src := strings.NewReplacer("TW", tc.tw, "TH", tc.th).Replace(base)
		_, _, err := ReadTiled(strings.NewReader(src), "level.tmx", "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: %v, want an error starting %q", tc.tw, tc.th, err, tc.want)
		}
	}
	// Left out, or positive, it is read as before.
	for _, size := range []string{``, `tilewidth="16" tileheight="16"`} {
		src := strings.NewReplacer("TW", size, "TH", "").Replace(base)
		if _, _, err := ReadTiled(strings.NewReader(src), "level.tmx", ""); err != nil {
			t.Errorf("%q: %v", size, err)
		}
	}
}
