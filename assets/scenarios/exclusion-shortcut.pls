pathlens-scenario 1
name exclusion-shortcut
about Exclusion plans the rooms W, C and E and keeps the cell search inside them, so the walk goes round by corridor C. Press X: without exclusion only the first step of the wing plan is refined, toward the middle wing's centre in hall H, and the walk crosses H straight.
set abstraction groups
set algo group
set levels 2
set cost avgmin
set exclusion on
set neighborhood 8
set target representative
map inline
###########################
#.........................#
#....#....############....#
#....#...............#....#
#....#...............#....#
#....#...............#....#
#....#...............#....#
#.........................#
#....#...............#....#
#....#...............#....#
#....#...............#....#
#....#...............#....#
###########################
end
regions 1
###########################
#WWWWCCCCCCCCCCCCCCCCCEEEE#
#WWWW#CCCC############EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWWHHHHHHHHHHHHHHHHHEEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
#WWWW#HHHHHHHHHHHHHHH#EEEE#
###########################
end
regions 2
###########################
#wwwwmmmmmmmmmmmmmmmmmeeee#
#wwww#mmmm############eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwwwmmmmmmmmmmmmmmmmmeeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
#wwww#mmmmmmmmmmmmmmm#eeee#
###########################
end
query 2,7 24,7
