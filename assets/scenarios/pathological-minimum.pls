pathlens-scenario 1
name pathological-minimum
about With minimum connection costs each step between rooms costs about the same, so the plan counts steps: L→H→R (2) through the hall beats L→a→…→e→R (6) along the straight corridor of small rooms. Press M: maximin and average minimum walk the corridor. Worse: click a start in room a (9,17) and a goal in room e (33,17); under minimum costs the hall and the corridor tie at four steps, and the walk loops through the hall, 65.46 against 24 (+173%).
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
###L###################################R###
#LLLLL#aaaaa#bbbbb#ccccc#ddddd#eeeee#RRRRR#
#LLLLLLaaaaaabbbbbbccccccddddddeeeeeeRRRRR#
#LLLLL#aaaaa#bbbbb#ccccc#ddddd#eeeee#RRRRR#
###########################################
end
query 2,17 40,17
