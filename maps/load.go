package maps

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// Detect names the format of a file from its first non-blank line: "type"
// starts a Moving AI map, "version" a Moving AI scenario list,
// "pathlens-scenario" a pathlens scenario, '<' XML (read as a Tiled map),
// '{' with a Tiled key in head a Tiled JSON map. A first line that cannot be an
// ASCII row but looks like a Moving AI header, misspelt or not (its first
// word is type, height, width or map in any case or one typing slip away,
// or it starts a run of "KEY VALUE" lines ending in a "map" line), is also
// taken for a Moving AI map, so that its reader reports the header problem;
// one that looks like the start of a scenario list gone wrong (a version
// line misspelt, "Version 1", "versoin 1", "version1", or a scenario row
// where the version line should be) for a scenario list, so that it is
// refused as one; anything else is taken for an ASCII map. head need only hold the start of
// the file (a few hundred bytes); a UTF-8 byte order mark is skipped.
func Detect(head []byte) Format {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	all := head
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
		switch f[0][0] {
		case '<': // never terrain: XML, a Tiled map or not (its reader says)
			return FormatTiled
		case '{':
			if bytes.Contains(all, []byte(`"tiledversion"`)) || bytes.Contains(all, []byte(`"orientation"`)) {
				return FormatTiledJSON
			}
		}
		switch string(f[0]) {
		case "type":
			return FormatMovingAI
		case "version":
			return FormatScen
		case "pathlens-scenario":
			return FormatScenario
		}
		if looksScenarioHeader(line) {
			return FormatScenario // its reader names the first line it wants
		}
		if looksMovingAIHeader(line, head) {
			return FormatMovingAI
		}
		if looksScenList(line) {
			return FormatScen
		}
		return FormatASCII
	}
	return FormatASCII
}

// looksScenarioHeader reports whether first, the first non-blank line of a
// file, is a pathlens scenario's "pathlens-scenario 1" gone wrong: another
// case, a letter missing, swapped or wrong, "pathlens" alone, or left out
// above a scenario's statements. A valid ASCII row never is.
func looksScenarioHeader(first []byte) bool {
	if isASCIIRow(first) {
		return false
	}
	key := strings.ToLower(string(bytes.Fields(first)[0]))
	switch key {
	case "set", "name", "about", "query", "agent", "regions", "scen", "scen-skip", "stroke":
		// A scenario whose first line was left out ("set algo hpa" on
		// top, written by hand): read as ASCII rows it was refused for
		// cell (0,0)'s "unknown terrain 's'". Its reader now asks for
		// the line. ("map" starts Moving AI headers too.)
		return true
	}
	return strings.HasPrefix(key, "pathlens") || nearMiss(key, "pathlens-scenario")
}

// looksMovingAIHeader reports whether first, the first non-blank line of a
// file (rest is what follows it), is a Moving AI header line gone wrong. A
// first line that is a valid ASCII row never is, so every map the ASCII
// reader accepts is still read as ASCII.
func looksMovingAIHeader(first, rest []byte) bool {
	if isASCIIRow(first) {
		return false
	}
	f := bytes.Fields(first)
	key := strings.ToLower(string(f[0]))
	if key == "map" || strings.HasPrefix(key, "type") {
		return true
	}
	for _, kw := range []string{"type", "height", "width"} {
		if nearMiss(key, kw) {
			return true
		}
	}
	// A missing or unrecognisable type line: "KEY VALUE" lines up to "map".
	for lines := 1; len(f) == 2 && isWord(f[0]) && lines < 8; lines++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		f = bytes.Fields(line)
		if len(f) == 1 && strings.EqualFold(string(f[0]), "map") {
			return true
		}
	}
	return false
}

// isASCIIRow reports whether line (spaces, tabs and a '\r' at its ends
// aside) is a valid row of an ASCII map.
func isASCIIRow(line []byte) bool {
	for _, c := range trimSpace(bytes.TrimSuffix(line, []byte("\r"))) {
		if terrainWeight[c] < 0 {
			return false
		}
	}
	return true
}

// looksScenList reports whether first, the first non-blank line of a file
// (not "version"), starts a Moving AI scenario list whose version line is
// misspelt (its first word begins with "version" or is one typing slip
// from it, in any case) or missing (first is a scenario row). A valid
// ASCII row never does.
func looksScenList(first []byte) bool {
	if isASCIIRow(first) {
		return false
	}
	f := bytes.Fields(first)
	return misspeltVersion(string(f[0])) || isScenRow(f)
}

// misspeltVersion reports whether word, not "version", was meant to be
// the "version" of a scenario list's first line: it starts with it in
// any case ("Version", "version1", "version:1") or is one typing slip
// away ("versoin", "verison", "versio").
func misspeltVersion(word string) bool {
	w := strings.ToLower(word)
	return word != "version" && (strings.HasPrefix(w, "version") || nearMiss(w, "version"))
}

// scenNotMap is the refusal of a Moving AI scenario list (as Detect tells
// it from head, the file's first bytes) opened as a map. It names the
// first line, and when that is not a version line what it should be.
func scenNotMap(name string, head []byte) *Error {
	n, first := firstNonBlank(head)
	f := bytes.Fields(first)
	found := quoteText(trimSpace(first))
	switch {
	case len(f) == 0 || string(f[0]) == "version":
		return errAt(name, n, "is a Moving AI scenario list (.scen), not a map; open the .map it names")
	case isScenRow(f):
		found = "the row " + found
	}
	return errAt(name, n, "looks like a Moving AI scenario list (.scen), not a map: its first line should be \"version 1\", found %s; open the .map it names", found)
}

// firstNonBlank returns the 1-based number and the text (without its
// line end) of the first line of head holding more than spaces and tabs,
// after a UTF-8 byte order mark; 1 and nil when there is none.
func firstNonBlank(head []byte) (int, []byte) {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for n := 1; len(head) > 0; n++ {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !isBlank(line) {
			return n, line
		}
	}
	return 1, nil
}

// isWord reports whether b is made of ASCII letters only.
func isWord(b []byte) bool {
	for _, c := range b {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return len(b) > 0
}

// nearMiss reports whether word (already in lower case) is kw or one typing
// slip from it: one letter added, dropped or changed, or two neighbours
// swapped ("heigth", "widht", "tpye").
func nearMiss(word, kw string) bool {
	if len(word) > len(kw)+1 || len(word)+1 < len(kw) {
		return false
	}
	return editDistance(word, kw) <= 1
}

// editDistance is the optimal string alignment distance of two short ASCII
// words: insertions, deletions, substitutions and swaps of neighbours each
// count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// NotText returns why a file whose first bytes are head cannot be a map,
// scenario or scenario list, or "" when it may be one: it is not text (a
// NUL byte, or bytes that are not UTF-8; a character cut at the end of
// head is forgiven), named for what it is when its first bytes say so (a
// picture, an archive, a document, a program). Every reader of a file by
// path, and a file dropped on the window or typed at Ctrl+O, refuse such a
// file with these words: as -map it was read as an ASCII map whose first
// byte was unknown terrain, while a drop refused it as no text. head need
// only hold the start of the file (512 bytes are read).
func NotText(head []byte) string {
	if k := binaryKind(head); k != "" {
		return "not a text file but " + k + ": maps and scenarios are text"
	}
	if bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)) {
		return "not a text file: maps and scenarios are text; is it a picture?"
	}
	return ""
}

// trimPartialRune drops a UTF-8 sequence cut at the end of b (a head read
// stops at a byte count, not at a character).
func trimPartialRune(b []byte) []byte {
	for i := 1; i <= 3 && i <= len(b); i++ {
		if c := b[len(b)-i]; c&0xC0 != 0x80 {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
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

// LoadMapRooms is LoadMap with a Tiled map's rooms (its region layers and
// their names, as a session opening the file reads them; none for the
// other formats) and the map's load notes, each starting with the file's
// base name.
func LoadMapRooms(path string) (*Map, Rooms, error) {
	m, rooms, err := loadMapFileRooms(path, true)
	if err != nil {
		return nil, Rooms{}, err
	}
	rooms.Notes = nameNotes(m.Name, rooms.Notes)
	return m, rooms, nil
}

// nameNotes names each of a map file's load notes by the file (name, its
// base name): "split.tmx: room 'K' falls into 2 parts". The readers say
// their notes unnamed (Rooms.Notes); this is where a note gets its file's
// name, for LoadMapRooms, a map file opened as a scenario and a
// scenario's map line alike.
func nameNotes(name string, notes []string) []string {
	var named []string
	for _, n := range notes {
		named = append(named, name+": "+n)
	}
	return named
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
		return nil, errPath(dir, err)
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
	if why := NotText(head); why != "" {
		return nil, errAt(name, 0, "%s", why)
	}
	switch Detect(head) {
	case FormatMovingAI:
		return ReadMovingAI(br, name)
	case FormatScen:
		return nil, scenNotMap(name, head)
	case FormatTiled:
		m, _, err := ReadTiled(br, name, "")
		return m, err
	case FormatTiledJSON:
		return nil, tiledJSON(name)
	case FormatScenario:
		s, err := parseScenario(br, name, "", false)
		if err != nil {
			return nil, err
		}
		return s.Map, nil
	}
	return ReadASCII(br, name)
}
