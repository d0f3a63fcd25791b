package maps

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Detect names the format of a file from its first non-blank line: "type"
// starts a Moving AI map, "version" a Moving AI scenario list,
// "pathlens-scenario" a pathlens scenario; anything else is taken for an
// ASCII map. head need only hold the start of the file (a few hundred bytes);
// a UTF-8 byte order mark is skipped.
func Detect(head []byte) Format {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		f := bytes.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch string(f[0]) {
		case "type":
			return FormatMovingAI
		case "version":
			return FormatScen
		case "pathlens-scenario":
			return FormatScenario
		}
		return FormatASCII
	}
	return FormatASCII
}

// binaryKind names a file kind that is surely no map from its first
// bytes (a picture, an archive, a document, a program), or returns "": the
// map readers would otherwise report its first byte as unknown terrain.
func binaryKind(head []byte) string {
	for _, k := range []struct {
		magic, name string
	}{
		{"\x89PNG\r\n\x1a\n", "a PNG image"},
		{"\xff\xd8\xff", "a JPEG image"},
		{"GIF8", "a GIF image"},
		{"PK\x03\x04", "a ZIP archive"},
		{"\x1f\x8b", "a gzip archive"},
		{"%PDF-", "a PDF document"},
		{"\x7fELF", "a program (ELF)"},
	} {
		if bytes.HasPrefix(head, []byte(k.magic)) {
			return k.name
		}
	}
	if len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP" {
		return "a WebP image"
	}
	return ""
}

// LoadMap reads the map file at path, choosing the reader by content (see
// Detect): a Moving AI .map, an ASCII map, or a pathlens scenario file, whose
// map (inline or referenced) is returned without its edit log applied. A Moving
// AI .scen file is refused with a message saying so. Files larger than
// MaxMapBytes are refused before reading. Errors name the path; Map.Name is
// the file's base name.
func LoadMap(path string) (*Map, error) {
	return loadMapFile(path, true)
}

// MovingAIDir returns the folder of Moving AI benchmark maps the tests and
// benchmarks use as outside truth: $PATHLENS_MAPS when set, else
// <module root>/../shared/maps/movingai for the first module root (a folder
// holding go.mod), walking up from the working directory, that has one; a
// nested module (cmd/bench/peers) thus finds the checkout's. ok is false
// when no such folder exists (the nearest module's candidate is still
// returned, for the skip message), so callers can t.Skip.
func MovingAIDir() (dir string, ok bool) {
	if env := os.Getenv("PATHLENS_MAPS"); env != "" {
		return env, isDir(env)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			cand := filepath.Join(d, "..", "shared", "maps", "movingai")
			if isDir(cand) {
				return cand, true
			}
			if dir == "" {
				dir = cand
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir, false
		}
		d = parent
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Benchmark is one Moving AI map with its scenario list.
type Benchmark struct {
	Name string // base name without ".map", e.g. "arena"
	Map  string // path of NAME.map
	Scen string // path of NAME.map.scen
}

// Benchmarks lists the maps in dir that have a scenario file next to them
// (NAME.map and NAME.map.scen), sorted by name. Maps without a .scen are left
// out. It reads only the directory, not the files.
func Benchmarks(dir string) ([]Benchmark, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	have := map[string]bool{}
	for _, e := range ents {
		have[e.Name()] = !e.IsDir()
	}
	var out []Benchmark
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".map") || !have[n+".scen"] {
			continue
		}
		out = append(out, Benchmark{
			Name: strings.TrimSuffix(n, ".map"),
			Map:  filepath.Join(dir, n),
			Scen: filepath.Join(dir, n+".scen"),
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ReadMap reads a map from r choosing the format by content, like LoadMap,
// for maps that do not come from a file (embedded assets, tests). A pathlens
// scenario in r may only hold an inline map.
func ReadMap(r io.Reader, name string) (*Map, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(512)
	if k := binaryKind(head); k != "" {
		return nil, errAt(name, 1, "is %s, not a map", k)
	}
	switch Detect(head) {
	case FormatMovingAI:
		return ReadMovingAI(br, name)
	case FormatScen:
		return nil, errAt(name, 1, "is a Moving AI scenario list (.scen), not a map")
	case FormatScenario:
		s, err := parseScenario(br, name, "", false)
		if err != nil {
			return nil, err
		}
		return s.Map, nil
	}
	return ReadASCII(br, name)
}
