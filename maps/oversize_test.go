package maps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigFile writes head at the start of a sparse file of size bytes, larger
// than MaxMapBytes, and returns its path.
func bigFile(t *testing.T, name, head string, size int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(head); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return p
}

// An engineer opened a 20000×20000 Moving AI map and was told its byte
// count ("file has 400020050 bytes, more than the 269516800 ..."), not
// that its header declares a size over the limit: a file over MaxMapBytes
// is refused by what its head declares, naming the file, the line, the
// declared size and the limit, before the byte count.
func TestOversizedFileRefusedByDeclaredSize(t *testing.T) {
	size := int64(20000*20001 + 50)
	for _, tc := range []struct {
		name, head string
		want       []string
	}{
		{"huge.map", "type octile\nheight 20000\nwidth 20000\nmap\n",
			[]string{"huge.map:2: height 20000 exceeds the limit of 16384 cells a side"}},
		{"wide.map", "type octile\nheight 100\nwidth 20000\nmap\n",
			[]string{"wide.map:3: width 20000 exceeds the limit of 16384 cells a side"}},
		// A header within the limit: the file is too large for it, and
		// the message says both.
		{"lying.map", "type octile\nheight 100\nwidth 100\nmap\n",
			[]string{"lying.map: file has 400020050 bytes", "its header declares 100×100 cells"}},
		{"huge.tmx", `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<map version="1.10" orientation="orthogonal" width="20000" height="20000" tilewidth="16" tileheight="16" infinite="0">` + "\n",
			[]string{"huge.tmx:2: map width \"20000\": want a whole number from 1 to 16384"}},
		{"huge.txt", strings.Repeat(".", 20000) + "\n",
			[]string{"huge.txt:1: row has 20000 cells, more than the limit of 16384 a side"}},
		{"tall.txt", "\n" + strings.Repeat(".", 1000) + "\n",
			[]string{"tall.txt: file has 400020050 bytes", "rows of 1000 cells (line 2)", "about 399620 rows", "the limit of 16384 a side"}},
		// A Moving AI list is no map: its limit is its own.
		{"big.map.scen", "version 1\n",
			[]string{"big.map.scen: file has 400020050 bytes, more than the 134217728 a .scen list of at most 1048576 rows may hold"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := bigFile(t, tc.name, tc.head, size)
			_, err := LoadMap(p)
			if strings.HasSuffix(tc.name, ".scen") {
				_, err = LoadScen(p)
			}
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant it to contain %q", err, w)
				}
			}
		})
	}
}
