pathlens-scenario 1
name exclusion-shortcut
about With exclusion the cell search may only use the planned rooms S, Y and G, so it walks the west corridor and misses the short way along the edge of hall Z (Figure 4.40).
set abstraction groups
set algo group
set levels 1
set cost avgmin
set exclusion on
set neighborhood 8
set target representative
map inline
####################################################
#...........#...............................#......#
#...#.......#......................................#
#...#.......#...............................#......#
#...#.......#...............................########
#...#.......................................########
#...#########...............................########
#...#########...............................########
#...#########...............................########
#...#########...............................#......#
#...#########......................................#
#...#########...............................#......#
#...#########...............................########
#...#########...............................########
#...#########...............................########
#...#.......................................########
#...#.......#...............................########
#...#.......#...............................#......#
#...#.......#......................................#
#...........#...............................#......#
####################################################
end
regions 1
####################################################
#YYYGGGGGGGG#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#PPPPPP#
#YYY#GGGGGGG#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZPPPPPP#
#YYY#GGGGGGG#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#PPPPPP#
#YYY#GGGGGGG#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#GGGGGGGGZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#QQQQQQ#
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZQQQQQQ#
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#QQQQQQ#
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#########ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#SSSSSSSSZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#SSSSSSS#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ########
#YYY#SSSSSSS#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#RRRRRR#
#YYY#SSSSSSS#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZRRRRRR#
#YYYSSSSSSSS#ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ#RRRRRR#
####################################################
end
query 8,17 8,3
