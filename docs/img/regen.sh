#!/bin/sh
# Regenerates the screenshots in docs/img with -shot (1280×800). Run from
# the module root with a display (or: xvfb-run -a -s "-screen 0 1280x800x24"
# sh docs/img/regen.sh). PL may name a built binary (default: go run .);
# OUT another folder to compare before replacing. Look at every picture.
# agents-replan.png comes from the e2e test TestAgents (its F12 shot after
# the replan: out/e2e/TestAgents/).
set -e
PL=${PL:-go run .}
OUT=${OUT:-docs/img}
M=${PATHLENS_MAPS:-../shared/maps/movingai}
shot() { name=$1; shift; $PL -shot "$OUT/$name.png" "$@"; }

shot overview
for c in world textbook-groups pathological-minimum pathological-maximin exclusion-shortcut; do
	shot gallery-$c -scenario builtin:$c
done
shot hpa-step-level2 -algo hpa -layers weights,borders,search,plans -level 2 -cursor "phase:abstract L2"
shot hpa-step-level1 -algo hpa -layers weights,borders,search,plans,segments -cursor "phase:refine L1"
shot hpa-step-cells -algo hpa -layers weights,borders,search,plans,segments -cursor "phase:cells step 4"

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
