package sysmem

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `MemTotal:       24593216 kB
MemFree:         1203480 kB
MemAvailable:   18874368 kB
Buffers:          412312 kB
`

func TestParse(t *testing.T) {
	in, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if in.Total != 24593216<<10 || in.Available != 18874368<<10 {
		t.Errorf("got %+v", in)
	}
	for _, bad := range []string{
		"MemTotal: 5 kB\n",                       // no MemAvailable (kernels before 3.14)
		"MemTotal: 5 MB\nMemAvailable: 4 kB\n",   // unit
		"MemTotal: x kB\nMemAvailable: 4 kB\n",   // number
		"MemTotal: 5 kB\nMemAvailable: -4 kB\n",  // sign
		"MemTotal: 5 kB 6\nMemAvailable: 4 kB\n", // extra field
		"",
	} {
		if in, err := parse(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: accepted as %+v", bad, in)
		}
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "meminfo")
	if err := os.WriteFile(p, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old string) { meminfoPath = old }(meminfoPath)
	meminfoPath = p
	if in, ok := Read(); !ok || in.Available != 18874368<<10 {
		t.Errorf("Read = %+v, %v", in, ok)
	}
	meminfoPath = filepath.Join(dir, "missing")
	if _, ok := Read(); ok {
		t.Error("a missing file was read")
	}
}

func TestFormat(t *testing.T) {
	for n, want := range map[uint64]string{
		999:           "1 kB",
		812_400_000:   "812 MB",
		3_449_000_000: "3.4 GB",
		24e9:          "24.0 GB",
	} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}
