# pathlens — `make run` opens the app, `make test` runs everything CI runs.
# Both install missing Debian packages first (scripts/deps.sh).

GO        ?= go
ARGS      ?=
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"
# Packages that must never link Ebiten (they run anywhere, CI without a display included).
HEADLESS  := ./pathing/... ./maps/... ./game/world/... ./cmd/... ./internal/...
TESTFLAGS ?= -timeout 20m

.PHONY: run test deps deps-test vet fmt-check headless-check test-headless test-race test-peers test-window bench bench-peers fuzz shot clean

run: deps
	$(GO) run . $(ARGS)

deps:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

test: deps-test fmt-check vet headless-check test-headless test-race test-peers test-window
	@echo "make test: all checks passed"

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Fails if a package that must stay headless has come to depend on Ebiten.
headless-check:
	@bad=$$($(GO) list -f '{{.ImportPath}}: {{join .Deps " "}}' $(HEADLESS) | grep ebiten | cut -d: -f1); \
	if [ -n "$$bad" ]; then echo "these packages must not import Ebiten: $$bad"; exit 1; fi

test-headless:
	$(GO) test $(TESTFLAGS) $(HEADLESS)

# The tests that share work between goroutines, again under the race detector: many HPA*
# queriers on one hierarchy and the parallel build (issue 3 asks for -race proof), cancelled
# builds, the group planners, and the session's build, search, optimal-cost and cut-cell workers. The
# whole packages take about four minutes under -race; these take well under one.
RACE_TESTS := Concurrent|TakenBack|ReplansAgentsOnce|BuildContext|ParallelBuild|RaceMix|BuildOnlyTheLatest|CloseEnds|CloseStops|EditsDuringABuild|SlicedSearch|SaveWhileSearching|OptimalLine|Batch|CutCells
test-race:
	CGO_ENABLED=1 $(GO) test -race -count=1 -run '$(RACE_TESTS)' ./pathing/hpa/ ./pathing/groups/ ./game/world/

# The peer A* libraries live in their own module (cmd/bench/peers) so they never enter ours;
# its short tests check every adapter finds the optimal cost the way ours does.
test-peers:
	cd cmd/bench/peers && $(GO) vet . && $(GO) test -short .

# Everything that links Ebiten, plus the end-to-end window test, under a virtual display.
test-window:
	$(XVFB) $(GO) test $(TESTFLAGS) $$($(GO) list ./... | grep -v -e /pathing -e /maps -e /game/world -e /cmd/ -e /internal/)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./pathing/... ./maps/... ./game/world/...

# pathlens A* against beefsack/go-astar and fzipp/astar on the same Moving AI queries (ratio table).
bench-peers:
	cd cmd/bench/peers && $(GO) run .

# Each reader, and a whole session opened from a fuzzed .pls, fuzzed for
# FUZZTIME (one at a time: the machine has two cores). scripts/fuzz.sh fails on any
# failure but one: the bare "context deadline exceeded" that Go's own fuzz coordinator
# (1.26 here) can end a timed run with, a race of its own that no input causes (the
# script says why).
FUZZTIME ?= 60s
fuzz:
	@GO='$(GO)' scripts/fuzz.sh $(FUZZTIME) ./maps/ ./game/world/

# The built-in world drawn to out/shot.png (what the README screenshot is made from).
shot: deps-test
	mkdir -p out && $(XVFB) $(GO) run . -shot out/shot.png $(ARGS)

clean:
	rm -rf out
