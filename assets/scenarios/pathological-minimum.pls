pathlens-scenario 1
name pathological-minimum
about Minimum costs count rooms, so the plan takes the hall (2 rooms) over the corridor of small rooms (6); switch to avgmin to walk the straight corridor.
set abstraction groups
set algo group
set levels 1
set cost minimum
set exclusion off
set neighborhood 8
set target representative
map inline
###########################################
#.........................................#
#.........................................#
#.........................................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
#....................#....................#
###.###################################.###
#.....#.....#.....#.....#.....#.....#.....#
#.........................................#
#.....#.....#.....#.....#.....#.....#.....#
###########################################
end
regions 1
###########################################
#HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHHH#HHHHHHHHHHHHHHHHHHHH#
###S###################################G###
#SSSSS#aaaaa#bbbbb#ccccc#ddddd#eeeee#GGGGG#
#SSSSSSaaaaaabbbbbbccccccddddddeeeeeeGGGGG#
#SSSSS#aaaaa#bbbbb#ccccc#ddddd#eeeee#GGGGG#
###########################################
end
query 2,17 40,17
