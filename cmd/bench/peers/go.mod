module pathlens/cmd/bench/peers

go 1.24

replace pathlens => ../../..

require (
	github.com/beefsack/go-astar v0.0.0-20200827232313-4ecf9e304482
	github.com/fzipp/astar v0.3.0
	pathlens v0.0.0-00010101000000-000000000000
)

require github.com/lafriks/go-tiled v0.13.0 // indirect
