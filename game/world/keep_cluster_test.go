package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Regression (a user): a scenario whose cluster size lies outside the
// app's 4..64 opened with the size clamped and no word once the first
// query's note replaced the load note, and Ctrl+S then wrote the clamped
// size over the file's. The note now outlasts the first query, and a save
// keeps the file's value until the cluster switch changes. (A file that
// chooses HPA* with such a size is refused when read, naming the line:
// maps' TestParseScenarioErrors; here the group hierarchy, which reads
// any size, is chosen.)
func TestOutOfRangeClusterKeptOnSave(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "bad.pls")
	body := "pathlens-scenario 1\nname bad\nset algo group\nset cluster 99\nmap inline\n#####\n#...#\n#####\nend\nquery 1,1 3,1\n"
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.Wait()
	if got := w.Settings.Cluster(); got != MaxClusterSize {
		t.Fatalf("cluster shown %d, want %d", got, MaxClusterSize)
	}
	if !strings.Contains(w.Message, "cluster 99 shown as 64") || w.MessageErr {
		t.Errorf("message after the first query: %q (error %v)", w.Message, w.MessageErr)
	}
	if n := w.LoadNotes(); len(n) != 1 || !strings.Contains(n[0], "a save keeps 99") {
		t.Errorf("load notes %q", n)
	}
	saved := func(path string) string {
		t.Helper()
		if err := w.Save(path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := saved(filepath.Join(dir, "a.pls")); !strings.Contains(got, "set cluster 99\n") {
		t.Errorf("save rewrote the file's cluster size:\n%s", got)
	}
	w.SetCluster(16)
	w.Wait()
	if got := saved(filepath.Join(dir, "b.pls")); !strings.Contains(got, "set cluster 16\n") {
		t.Errorf("save after the switch changed:\n%s", got)
	}
	// Back to the clamped value by hand: the user's choice now, but it
	// is the file's shown value, so the file's value is kept (the
	// window showed 64 for it all along).
	w.SetCluster(MaxClusterSize)
	w.Wait()
	if got := saved(filepath.Join(dir, "c.pls")); !strings.Contains(got, "set cluster 99\n") {
		t.Errorf("save at the shown value again:\n%s", got)
	}
}

// A file choosing HPA* by its algorithm alone with a cluster size HPA*
// does not take is refused when opened, naming the file and line (it was
// read, shown clamped, and only its save failed).
func TestHPAClusterOutOfRangeRefused(t *testing.T) {
	src := filepath.Join(t.TempDir(), "bad.pls")
	body := "pathlens-scenario 1\nname bad\nset algo hpa\nset cluster 99\nmap inline\n#####\n#...#\n#####\nend\n"
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(src); err == nil || !strings.Contains(err.Error(), src+":4: cluster 99: HPA* clusters are 4 to 64") {
		t.Errorf("open: %v", err)
	}
}
