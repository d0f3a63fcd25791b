// Package sysmem reads how much memory the machine has and can still give,
// so that work sized by the map (a hierarchy on a 16384×16384 grid needs
// gigabytes) can be refused with a message instead of ending in the
// kernel's out-of-memory killer, which takes unsaved work with it.
//
// Only Linux reports figures (from /proc/meminfo); elsewhere the functions
// say they do not know, and callers skip their checks.
package sysmem

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Info is the machine's memory in bytes.
type Info struct {
	Total     uint64 // MemTotal: all of it
	Available uint64 // MemAvailable: what new work can take without swapping
}

// meminfoPath is the file Read parses (tests point it elsewhere).
var meminfoPath = "/proc/meminfo"

// Read returns the machine's memory, and false when it cannot be known
// (not Linux, or the file is unreadable or lacks the two fields). Cost: one
// read of a small file.
func Read() (Info, bool) {
	f, err := os.Open(meminfoPath)
	if err != nil {
		return Info{}, false
	}
	defer f.Close()
	in, err := parse(f)
	return in, err == nil
}

// parse reads MemTotal and MemAvailable ("MemTotal:  24593216 kB") from a
// /proc/meminfo listing.
func parse(r io.Reader) (Info, error) {
	var in Info
	var seen int
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != "MemTotal" && name != "MemAvailable" {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return Info{}, fmt.Errorf("sysmem: %s: unexpected %q", name, strings.TrimSpace(rest))
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return Info{}, fmt.Errorf("sysmem: %s: %v", name, err)
		}
		if name == "MemTotal" {
			in.Total = kb << 10
			seen |= 1
		} else {
			in.Available = kb << 10
			seen |= 2
		}
	}
	if err := sc.Err(); err != nil {
		return Info{}, err
	}
	if seen != 3 {
		return Info{}, fmt.Errorf("sysmem: MemTotal or MemAvailable missing")
	}
	return in, nil
}

// Format writes n bytes the way people read them: "812 MB", "3.4 GB"
// (powers of 1000, one decimal from a gigabyte on).
func Format(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%d MB", (n+5e5)/1e6)
	default:
		return fmt.Sprintf("%d kB", (n+500)/1000)
	}
}
