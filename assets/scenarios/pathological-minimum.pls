pathlens-scenario 1
name pathological-minimum
about With minimum connection costs each step between rooms costs about the same, so the plan counts steps: S→H→G (2) through the hall beats S→a→…→e→G (6) along the straight corridor of small rooms. Press M: maximin and average minimum walk the corridor.
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
