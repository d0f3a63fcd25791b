pathlens-scenario 1
name textbook-groups
about Figure 4.39: C is entered from A at its top cell and from B at its bottom-left cell, so C→D costs 1 (minimum), 5 (maximin) or 3.5 (avgmin). Press E to show the abstract edges and hover the one from C to D; M switches the cost.
set abstraction groups
set algo group
set levels 1
set cost minimum
set exclusion off
set neighborhood 8
set target representative
map inline
..##
#.##
#.##
#...
....
end
regions 1
AC##
#C##
#C##
#CCD
BCCD
end
query 0,0 3,4
query 0,4 3,3
