package world

import (
	"path/filepath"
	"testing"
)

// A .pls saved in /tmp/u2/rt named its map in a shared read-only folder
// as ../../../work/shared/maps/movingai/den312d.map: copied one folder
// deeper it no longer opened. A path that would climb to the filesystem
// root or one of its children (/tmp, /home, /work: the two files share no
// folder of their own) is written absolute; one within a shared folder
// tree (a project's levels and maps) stays relative, so the tree can move.
func TestPathFromAbsoluteWhenItClimbsToTheTop(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("paths of this test are Unix ones")
	}
	for _, c := range []struct{ file, target, want string }{
		{"/tmp/u2/rt/m2.pls", "/work/shared/maps/movingai/den312d.map", "/work/shared/maps/movingai/den312d.map"},
		{"/tmp/a/x.pls", "/tmp/b/m.map", "/tmp/b/m.map"},
		{"/home/t/proj/levels/a.pls", "/home/t/proj/maps/den.map", "../maps/den.map"},
		{"/home/t/a.pls", "/home/t/maps/den.map", "maps/den.map"},
		{"/tmp/x.pls", "/tmp/m/m.map", "m/m.map"},
		{"/x.pls", "/maps/m.map", "maps/m.map"},
		{"/home/t/a/b.pls", "/home/t/c.map", "../c.map"},
	} {
		if got := pathFrom(c.file, c.target); got != c.want {
			t.Errorf("pathFrom(%s, %s) = %s, want %s", c.file, c.target, got, c.want)
		}
	}
}
