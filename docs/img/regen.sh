#!/bin/sh
# Regenerates the screenshots in docs/img (1280×800; hpa-timeline.gif, an
# animated GIF of a whole timeline, 960×600). Run from the module
# root with a display (or: xvfb-run -a -s "-screen 0 1280x800x24"
# sh docs/img/regen.sh). PL may name a built binary (default: go run .);
# OUT another folder to compare before replacing. Look at every picture.
#
# -shot ignores the pointer (before 0e11fb5 it drew the hovered cell, the
# inspector's hover and edge tooltips wherever the pointer rested), so these
# are the same on every display; -pin puts a cell in the inspector.
# help.png and gallery.png are F12 shots of the live window (last part,
# needs xdotool); agents-replan.png comes from the e2e test TestAgents (its
# F12 shot after the replan: out/e2e/TestAgents/01-agent-replanned.png).
set -e
PL=${PL:-go run .}
OUT=${OUT:-docs/img}
M=${PATHLENS_MAPS:-../shared/maps/movingai}
shot() { name=$1; shift; $PL -shot "$OUT/$name.png" "$@"; }

shot overview -pin 87,49
for c in world textbook-groups pathological-minimum pathological-maximin exclusion-shortcut; do
	shot gallery-$c -scenario builtin:$c
done
shot hpa-step-level2 -algo hpa -layers weights,borders,search,plans -level 2 -cursor "phase:abstract L2"
shot hpa-step-level1 -algo hpa -layers weights,borders,search,plans,segments -cursor "phase:refine L1"
shot hpa-step-cells -algo hpa -layers weights,borders,search,plans,segments -cursor "phase:refine cells step 4"
# The README's animation: the whole HPA* timeline, as Shift+F12 records it.
$PL -gif "$OUT/hpa-timeline.gif" -size 960x600 -gif-frames 60 -algo hpa -layers weights,borders,search,plans,segments

L="-nolegend"
shot layer-weights $L -layers weights
shot layer-borders $L -algo hpa -layers weights,borders,plans -level 2
shot layer-regions $L -scenario builtin:textbook-groups -layers weights,regions,plans
shot layer-groups $L -algo group -layers weights,groups,plans
shot layer-nodes $L -algo hpa -layers weights,borders,nodes -zoom 14 -center 44,44
shot layer-edges $L -algo hpa -layers weights,borders,nodes,edges -zoom 14 -center 44,44
shot layer-components $L -map "$M/Berlin_0_256.map" -layers weights,components
shot layer-search $L -layers weights,search -cursor 0.45
shot layer-plans $L -algo hpa -layers weights,borders,plans
shot layer-segments $L -algo hpa -layers weights,borders,segments
shot layer-excluded $L -scenario builtin:exclusion-shortcut -layers weights,regions,plans,excluded
shot layer-parents $L -layers weights,search,parents -zoom 28 -center 32,31 -cursor 0.3
shot layer-values $L -layers weights,search,values -zoom 40 -center 25,30 -cursor 0.3
shot layer-compare $L -scenario builtin:pathological-minimum -layers weights,regions,plans,compare

# The help screen (F1) and the gallery (F2): F12 in a live window, with the
# pointer on the panel's empty bottom, where it highlights nothing.
if ! command -v xdotool >/dev/null; then
	echo "regen.sh: no xdotool: help.png and gallery.png not retaken" >&2
	exit 0
fi
dir=$(mktemp -d)
if [ "$PL" = "go run ." ]; then
	go build -o "$dir/pathlens" . && PL="$dir/pathlens"
fi
$PL -size 1280x800 -shotdir "$dir" & # the window fits the screen without -size
pid=$!
win=
for _ in $(seq 100); do
	win=$(xdotool search --name '^pathlens' 2>/dev/null | head -n 1) && [ -n "$win" ] && break
	sleep 0.2
done
[ -n "$win" ] || { kill $pid; echo "regen.sh: no pathlens window" >&2; exit 1; }
sleep 1
xdotool mousemove --window "$win" 1270 790
press() { xdotool keydown "$1"; sleep 0.2; xdotool keyup "$1"; sleep 0.6; }
take() { # $1: the picture's name
	press F12
	for _ in $(seq 50); do
		f=$(ls "$dir"/pathlens-*.png 2>/dev/null | head -n 1)
		[ -n "$f" ] && break
		sleep 0.1
	done
	[ -n "$f" ] || { kill $pid; echo "regen.sh: F12 wrote nothing for $1" >&2; exit 1; }
	sleep 0.3 # the file is written whole before the app logs it; give it time
	mv "$f" "$OUT/$1.png"
}
# The gallery first: F12's "screenshot saved" note would show under its box,
# while the help screen is opaque.
press F2
take gallery
press Escape
press F1
take help
kill $pid
rm -rf "$dir"
