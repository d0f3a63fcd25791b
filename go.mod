module pathlens

go 1.24
