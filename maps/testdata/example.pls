pathlens-scenario 1   # format version
# A comment line.
name pathological-minimum
about Minimum costs route through the fewest rooms; switch to average minimum to see the direct route.
about Second line: # is text here.
set abstraction groups        # hpa | groups
set algo group               # astar | dijkstra | greedy | hpa | group
set cluster 8                 # cluster size, 4..64 (hpa and groups)
set levels 2                  # 1..4
set cost minimum              # minimum | maximin | avgmin
set exclusion off             # on | off
set neighborhood 8            # 8 | 4
set heuristic octile          # octile | euclidean | manhattan | chebyshev | zero | cluster
set smooth on                 # on | off
set target representative     # representative | nearest
map inline                    # or:  map relative/or/absolute/path.map
##########
#........#
#..####3.#
##########
end
regions 1                     # optional region layer for level 1
AAAAABBBBB
AAAAABBBBB
AA    BBBB
##########
end
regions 2
XXXXXXXXXX
XXXXXXXXXX
XXXXXXXXXX
XXXXXXXXXX
end

query 1,1 8,2                 # start x,y  goal x,y
query 2,2 3,1
agent 1,1 -> 8,2              # an agent at 1,1 whose goal is 8,2
dig 4,2                       # open a cell (weight 1)
fill 4,1                      # block a cell
weight 5,1 3                  # set a weight 1..9
