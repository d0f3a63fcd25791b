package maps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The engineer's finding: a .pls naming its map by a relative path
// ("map ../../../work/shared/maps/movingai/den312d.map"), copied one
// folder deeper, failed with "map ../../../work/...: ../../../work/...: no
// such file or directory": the path tried was never shown. The message
// names the absolute path tried and the folder it was relative to.
func TestMissingMapNamesTheResolvedPath(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(sub, "den.pls")
	src := "pathlens-scenario 1\nmap ../../shared/den.map\n"
	if err := os.WriteFile(pls, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadScenario(pls)
	if err == nil {
		t.Fatal("a missing map was accepted")
	}
	tried := filepath.Join(dir, "shared", "den.map")
	want := pls + ":2: map ../../shared/den.map: " + tried + ": no such file or directory (the path is relative to " + sub + ", the folder of den.pls: put the file there, or give its path on this line)"
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	// Opened by a relative name from the working folder, as the engineer
	// did: the message still names the absolute path tried.
	t.Chdir(sub)
	_, err = LoadScenario("den.pls")
	want = "den.pls:2: map ../../shared/den.map: " + tried + ": no such file or directory (the path is relative to " + sub + ", the folder of den.pls: put the file there, or give its path on this line)"
	if err == nil || err.Error() != want {
		t.Errorf("opened from its folder: error\n%v\nwant\n%s", err, want)
	}
	// An absolute path is named once.
	abs := filepath.Join(dir, "none.map")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap "+filepath.ToSlash(abs)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadScenario(pls)
	if err == nil || err.Error() != pls+":2: map "+filepath.ToSlash(abs)+": no such file or directory" {
		t.Errorf("absolute path: %v", err)
	}
	if err != nil && strings.Count(err.Error(), abs) != 1 {
		t.Errorf("absolute path named %d times: %v", strings.Count(err.Error(), abs), err)
	}
}

// From a review: a map that is found but will not read (here empty) was
// also told its path is relative, pointing at a path problem there is not.
func TestUnreadableMapIsNoPathProblem(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "e.map"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "e.pls")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap e.map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadScenario(pls)
	if err == nil || strings.Contains(err.Error(), "relative to") || !strings.Contains(err.Error(), filepath.Join(dir, "e.map")) {
		t.Errorf("an empty map: %v; want its absolute path and no word of a relative path", err)
	}
}
