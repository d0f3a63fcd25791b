package world

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"pathlens/assets"
	"pathlens/maps"
)

// MapExtensions are the file name endings the save-as prompt (and -export)
// take for a map rather than a scenario: the Moving AI extension, the
// two an ASCII map goes by, and Tiled's (the loader itself tells the
// formats apart by content, so any of them opens again).
var MapExtensions = map[string]maps.Format{
	".map":   maps.FormatMovingAI,
	".txt":   maps.FormatASCII,
	".ascii": maps.FormatASCII,
	".tmx":   maps.FormatTiled,
}

// MapExtensionList returns MapExtensions' endings in the order the help
// and the docs list them: by format (Moving AI, ASCII, Tiled), the longer
// ASCII name after ".txt" (".map, .txt, .ascii, .tmx"). The help's save-as
// row is built from it, so it names every format save-as exports (it
// named .map and .txt only, where the docs had .tmx too).
func MapExtensionList() []string {
	list := make([]string, 0, len(MapExtensions))
	for ext := range MapExtensions {
		list = append(list, ext)
	}
	slices.SortFunc(list, func(a, b string) int {
		if fa, fb := MapExtensions[a], MapExtensions[b]; fa != fb {
			return cmp.Compare(fa, fb)
		}
		return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
	})
	return list
}

// ExportFormat returns the map format path's extension asks for (any case:
// x.MAP is a Moving AI map), or maps.FormatUnknown when it names none (a
// .pls, or anything else: a scenario, as saves always were).
func ExportFormat(path string) maps.Format {
	return MapExtensions[strings.ToLower(filepath.Ext(path))]
}

// formatText names a map format as notes and messages do.
func formatText(f maps.Format) string {
	switch f {
	case maps.FormatMovingAI:
		return "Moving AI"
	case maps.FormatTiled:
		return "Tiled"
	}
	return "ASCII"
}

// ExportMap writes the terrain the session shows now (the map as loaded
// with every edit applied, a stroke in progress ended first) to path as a
// map in format f (maps.FormatMovingAI or maps.FormatASCII), atomically,
// as saves are (maps.SaveFileAtomic: a file marked read-only is refused).
//
// It is an export, not a save: the session's own file (SavePath, SaveTo),
// its unsaved state and its edit history are left as they were, and the
// note says that the session itself is not saved while it has unsaved
// work. What a map file cannot hold stays in the session only: regions,
// switches, queries and agents (the note names those the session has).
//
// Each cell keeps its character from the file it was loaded from while
// that still describes it (trees stay T, water W), else it is written in
// the target format's own letters; the line ends are the loaded map's. So
// a Moving AI map exported as .map with no edits is the same file, byte
// for byte. A Moving AI map has no move weights: when any open cell
// weighs more than 1, nothing is written and the error counts those cells,
// names the first (in reading order) and suggests ASCII or a .pls, rather
// than flattening them to floor. ASCII holds walls and weights 1 to 9,
// everything the app can paint. A Tiled map (.tmx) holds the walls and
// weights and the session's region layers with their room names (each
// room as rectangles on a "rooms" or "regions N" object layer), and reads
// back the same; terrain letters become walls and floor tiles. When the
// session's map file is a .tmx, what it holds that the written file does
// not keep (its tilesets, unread object layers, rooms' shapes...:
// maps.TiledSource) is read from it before the write and named in the
// note and the log, and its room layers' names are kept.
//
// Errors name path; the caller shows them (the save-as prompt keeps them
// under its line).
func (w *World) ExportMap(path string, f maps.Format) error {
	if f != maps.FormatMovingAI && f != maps.FormatASCII && f != maps.FormatTiled {
		return fmt.Errorf("cannot export %s: a map is written as Moving AI (.map), ASCII (.txt, .ascii) or Tiled (.tmx), not %v", path, f)
	}
	w.EndStroke()
	g := w.Grid
	if f == maps.FormatMovingAI {
		n, first := 0, -1
		for i, wt := range g.Cells() {
			if wt > 1 {
				if n == 0 {
					first = i
				}
				n++
			}
		}
		if n > 0 {
			p := g.Point(first)
			return fmt.Errorf("cannot export %s: %s a move weight above 1 (the first (%d,%d), weight %d), which a Moving AI map cannot hold: export as .txt (ASCII keeps weights) or save the session as .pls",
				path, plural(n, "cell has", "cells have"), p.X, p.Y, g.Weight(p))
		}
	}
	// Told before the file is replaced (a rename: another file after).
	mf := w.MapFile()
	over := mf != "" && SameFile(path, mf)
	m := *w.Map // the grid as edited; the writers reconcile stale terrain
	m.Name = filepath.Base(path)
	m.Format = f
	// What the session's own .tmx holds that the written file will not,
	// read before the write (over it, it is gone after).
	lost, layerNames, srcErr := w.tiledLosses(f)
	var err error
	if f == maps.FormatTiled {
		err = maps.SaveTiled(path, &m, maps.Rooms{Layers: w.Regions, Names: w.RegionNames, LayerNames: layerNames})
	} else {
		err = maps.SaveMap(path, &m, f)
	}
	if err != nil {
		return saveError(path, err)
	}
	shown := path
	if a, err := filepath.Abs(path); err == nil {
		shown = a
	}
	msg := fmt.Sprintf("terrain written to %s (%s, %d×%d)", shown, formatText(f), g.Width(), g.Height())
	fs := []F{{"path", path}, {"format", f.String()}, {"w", g.Width()}, {"h", g.Height()}, {"edits", w.EditCount()}}
	if over {
		msg += "; " + w.bakeNote(filepath.Base(mf))
		fs = append(fs, F{"baked", true})
		if f == maps.FormatTiled && w.scenario != nil && len(w.Regions) > w.scenario.MapLevels {
			// The painted levels are the map's own now: read from it at
			// every open (a .pls's copy gives way to them), so painted
			// again here they would be lost (a review).
			sc := *w.scenario
			sc.MapLevels = len(w.Regions)
			w.scenario = &sc
		}
	} else if w.Dirty() {
		msg += "; the session itself is not saved: Ctrl+S"
	}
	if len(lost) > 0 {
		msg += "; " + lossText(filepath.Base(mf), over, lost, srcErr)
		fs = append(fs, F{"not_kept", strings.Join(lost, "; ")})
	}
	if kept := w.notInMap(f == maps.FormatTiled); kept != "" {
		msg += "; only a .pls keeps " + kept
	}
	w.Note("%s", msg)
	w.Log.Add("export", fs...)
	return nil
}

// tiledSource reads the session's map file for what a Tiled export does
// not keep of it (maps.TiledSource): nil, nil when the session has no map
// file or it is not a Tiled map.
func (w *World) tiledSource() (*maps.TiledSource, error) {
	mf := w.MapFile()
	if mf == "" || w.scenario.Map == nil || w.scenario.Map.Format != maps.FormatTiled {
		return nil, nil
	}
	return maps.ReadTiledSource(mf)
}

// ExportLosses says what an export to path in format f will not keep of
// the session's own Tiled map file (its unread object layers, tilesets,
// rooms drawn as ellipses or polygons...), for the question asked before
// writing over it: "" when it keeps all (not a Tiled export, or a map
// file that holds only cells and rectangular rooms).
func (w *World) ExportLosses(path string, f maps.Format) string {
	lost, _, err := w.tiledLosses(f)
	if len(lost) == 0 {
		return ""
	}
	mf := w.MapFile()
	return lossText(filepath.Base(mf), mf != "" && SameFile(path, mf), lost, err)
}

// tiledLosses reads, for an export in format f, what the session's own
// Tiled map file holds that the written file will not (lost: one
// unreadSource phrase when it did not read, err then its error) and its
// room layers' names; nothing for another format or session.
func (w *World) tiledLosses(f maps.Format) (lost, layerNames []string, err error) {
	if f != maps.FormatTiled {
		return nil, nil, nil
	}
	src, err := w.tiledSource()
	switch {
	case err != nil:
		return []string{unreadSource(err)}, nil, err
	case src == nil:
		return nil, nil, nil
	}
	return src.Lost, src.RoomLayers, nil
}

// lossText is lostText, or, when the session's map file did not read
// (readErr), that what a copy elsewhere lacks of it is not known: "(it
// keeps them)" was said of a truncated file (a review).
func lossText(mapName string, over bool, lost []string, readErr error) string {
	if readErr != nil && !over {
		return fmt.Sprintf("not known what is not kept from %s: %s", mapName, strings.Join(lost, "; "))
	}
	return lostText(mapName, over, lost)
}

// unreadSource is what lostText lists when the session's map file did
// not read (moved, or broken since the session opened it): that what the
// export drops of it is not known, and why.
func unreadSource(err error) string {
	return fmt.Sprintf("whatever it holds beyond cells and rooms, which could not be checked (%v)", err)
}

// lostText says what the written file does not keep of the session's
// map file mapName (over: it is that file, so the things are gone).
func lostText(mapName string, over bool, lost []string) string {
	if over {
		return fmt.Sprintf("not kept, and gone from %s once written: %s", mapName, strings.Join(lost, "; "))
	}
	return fmt.Sprintf("not kept from %s (it keeps them): %s", mapName, strings.Join(lost, "; "))
}

// bakeNote makes the terrain just exported over the session's map file
// (named mapName) the session's map (bakeEdits) and says what that means:
// the edits are part of the map now and the undo history starts there;
// the session's .pls, which lists edits of the map as it was, is unsaved
// until Ctrl+S writes it without them. Reopened unsaved, the .pls's edit
// lines that were applied change nothing on the map (its load note says
// so); those that were undone are not in the map and apply again.
func (w *World) bakeNote(mapName string) string {
	n, listed, undone := w.bakeEdits()
	msg := fmt.Sprintf("%s is the map this session was loaded from: ", mapName)
	if n == 0 {
		msg += "the undo history starts here"
	} else {
		msg += plural(n, "edit is", "edits are") + " part of it now, and the undo history starts here"
	}
	if listed > 0 || w.Dirty() {
		save := filepath.Base(w.SavePath())
		if listed > 0 && undone > 0 {
			msg += fmt.Sprintf("; %s still lists %s (%d undone, which the map lacks): Ctrl+S writes it without them", save, plural(listed, "edit", "edits"), undone)
		} else if listed > 0 {
			msg += fmt.Sprintf("; %s still lists %s: Ctrl+S writes it without them", save, plural(listed, "edit", "edits"))
		} else {
			msg += fmt.Sprintf("; %s is not saved: Ctrl+S", save)
		}
	}
	return msg
}

// notInMap names what the session has that no map file holds: its
// regions (unless rooms, as a Tiled map keeps them), queries and agents
// ("regions, 3 queries, 2 agents"), or "".
func (w *World) notInMap(rooms bool) string {
	var out []string
	if len(w.Regions) > 0 && !rooms {
		out = append(out, "regions")
	}
	if n := len(w.Queries); n > 0 {
		out = append(out, plural(n, "query", "queries"))
	} else if w.HasStart && w.HasGoal {
		out = append(out, "the query")
	}
	if s := w.agents.sim; s != nil && s.Live() > 0 {
		out = append(out, plural(s.Live(), "agent", "agents"))
	} else if s == nil && w.scenario != nil && len(w.scenario.Agents) > 0 {
		// not begun (a headless -export): the scenario's agents, not yet
		// in a simulation, are what a map file would drop
		out = append(out, plural(len(w.scenario.Agents), "agent", "agents"))
	}
	return strings.Join(out, ", ")
}

// MapFile returns the map file the session's terrain was loaded from, as
// the loader opened it (maps.Scenario.MapFile): the file opened when it
// was a map, the file a scenario's "map PATH" line names, or "" for a map
// held inline or built in. Files are told apart by content, not by name:
// a scenario saved as case.txt names its map here, and a map named x.pls
// is its own. The save-as prompt asks before an export writes over it;
// -export refuses to.
func (w *World) MapFile() string {
	if src := w.Source; src == "" || strings.HasPrefix(src, assets.Prefix) || w.scenario == nil {
		return ""
	}
	return w.scenario.MapFile
}

// ScenarioFile returns the scenario file the session was loaded from (or
// last saved as: a save makes the session that file), whatever its name;
// "" when it came from a map file or is built in. An export over it would
// replace the whole scenario (queries, regions, edit log) with a bare map.
func (w *World) ScenarioFile() string {
	src := w.Source
	if src == "" || strings.HasPrefix(src, assets.Prefix) || w.scenario == nil || w.scenario.MapFile == src {
		return ""
	}
	return src
}
