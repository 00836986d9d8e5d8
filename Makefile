# cqlvm: a CQL 6.2 engine in Go.
GO      ?= go
BIN     := bin/cqlvm
SHARED  ?= ../shared

.PHONY: variant-corpus variant-check all build install demo test test-engine test-short conformance conformance-shared bench bench-quick bench-heavy bench-pgn fuzz vet lint clean

all: build

# A static binary (no cgo: only net's resolver would use it) starts in
# less time than a dynamically linked one, which every run pays twice
# (the supervisor and its child).
build:
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./cmd/cqlvm

# Install cqlvm, and the link cql beside it (under that name the binary
# is the official program's command line), into GOBIN, else GOPATH/bin,
# the directory `go install` uses (the first of several GOPATH entries):
# `make install GOBIN=DIR` for another.
GOBIN   ?= $(shell $(GO) env GOBIN)
BINDIR  := $(or $(GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin)
install:
	mkdir -p '$(BINDIR)'
	CGO_ENABLED=0 $(GO) build -o '$(BINDIR)/cqlvm' ./cmd/cqlvm
	ln -sf cqlvm '$(BINDIR)/cql'
	@case ":$$PATH:" in *':$(BINDIR):'*) ;; *) echo "$(BINDIR) is not on your PATH: add it (export PATH=\"\$$PATH:$(BINDIR)\")";; esac

# Run a bundled demo query on the bundled sample database.
demo: build
	$(BIN) run -o /tmp/cqlvm-demo-out.pgn testdata/demo/mirrormate.cql testdata/pgn/sample.pgn
	@echo "matched games written to /tmp/cqlvm-demo-out.pgn"

# The test suite CI runs: unit tests, goldens, perft, PGN edge files, and
# the conformance cases on sample.pgn (all bundled under testdata/).
test: vet lint
	$(GO) test ./...

# staticcheck, pinned in go.mod as a tool dependency (go get -tool), and
# gofmt: a file it would change fails the target.
lint:
	$(GO) tool staticcheck ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

test-short:
	$(GO) test -short ./...

vet:
	$(GO) vet ./...

# The long conformance suite: every case on sample, studies and games.
conformance:
	CQLVM_CORPORA=sample,studies,games $(GO) test ./engine -run TestConformance -count=1 -timeout 60m

# The official checker against ../shared (when it is beside the checkout).
conformance-shared: build
	python3 $(SHARED)/conformance/check.py --engine '$(BIN) run' --corpus all -j 2

# Bigger self-played variant corpora (issue 28; needs fairy-stockfish):
# VARIANT_GAMES games of each variant, with their TSVs of facts, into
# VARIANT_DIR (default: a new temporary folder, printed). Not part of test.
VARIANT_GAMES ?= 500
variant-corpus:
	@dir="$${VARIANT_DIR:-$$(mktemp -d /tmp/cqlvm-variants.XXXXXX)}"; mkdir -p "$$dir"; \
	for v in crazyhouse antichess kingofthehill 3check horde racingkings; do \
	  nice python3 scripts/variants/selfplay -variant $$v -games $(VARIANT_GAMES) -seed 2 -o "$$dir/$$v.pgn" 2>"$$dir/$$v.log" || exit 1; \
	  echo "$$dir/$$v.pgn $$dir/$$v.tsv"; \
	done

# cqlvm's mate, terminal, check and drop counts on the committed variant
# corpora against their TSVs (scripts/variants/check-counts).
variant-check: build
	python3 scripts/variants/check-counts -cqlvm $(BIN)

# The throughput harness (bench/README.md): the query suite on human.pgn,
# 5 runs each with 1 and all threads, pgn-extract as yardstick, the ×4 RSS test.
bench:
	$(GO) run ./bench

# One run per measurement, no ×4 memory test (3-5 minutes on human.pgn).
bench-quick:
	$(GO) run ./bench -quick

# The heavy queries of bench/heavy on games.pgn, beside the official
# program when CQL_REFERENCE names it.
bench-heavy:
	$(GO) run ./bench -heavy -runs 3

bench-pgn:
	$(GO) run ./bench/pgnbench

# The hostile-input suite (hostile/): every abuse the limits and the
# server's defences stop, against the built program and a running
# `cqlvm serve`, with bounds on memory and time. Minutes; not in make test.
.PHONY: hostile
hostile:
	$(GO) vet -tags hostile ./hostile
	$(GO) test -tags hostile -count=1 -timeout 30m ./hostile

clean:
	rm -rf bin

# Differential test against the official CQL 6.2 (cmd/difftest): random
# queries run by both programs on a few hundred games, each disagreement
# minimised into difftest-out/. Needs the reference ($CQL_REFERENCE or
# ../shared/reference/cql); without it, it says so and succeeds.
.PHONY: difftest
difftest:
	$(GO) run ./cmd/difftest -duration 10m

# The tests that need a real UCI engine (the CQL-S :evaluation): installs
# Debian's stockfish when it is missing (needs root and the network), then
# runs them; without an engine they skip and say so.
test-engine:
	@command -v stockfish >/dev/null || test -x /usr/games/stockfish || \
		(apt-get update -qq && apt-get install -y -qq stockfish) || \
		echo "test-engine: could not install stockfish; the engine tests will skip"
	@(command -v stockfish || ls /usr/games/stockfish) 2>/dev/null | sed 's/^/test-engine: engine /'
	$(GO) test -count=1 -run 'Engine|Evaluat|Stockfish|UCI' ./uci ./compiler ./engine

# The browser test of `cqlvm serve` and `cqlvm run --html`: installs
# Debian's chromium when it is missing (needs root and the network), then
# drives it headless over the page and the report; make screenshots also
# rewrites the README's pictures in docs/screenshots/.
.PHONY: browser-test
browser-test:
	@command -v chromium >/dev/null || \
		(apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core)
	CQLVM_BROWSER_TEST=1 $(GO) test -count=1 -v -run TestBrowser ./cmd/cqlvm

.PHONY: screenshots
screenshots:
	CQLVM_BROWSER_TEST=1 $(GO) test -count=1 -run TestBrowser ./cmd/cqlvm -update-screenshots

# Beyond one machine (README, deploy/): a 4-shard search of human.pgn under
# GNU parallel and as a Slurm job array on a one-node cluster it sets up,
# merged and compared byte for byte with the single run; installs
# parallel, slurm-wlm and munge from Debian when missing (needs root and
# ../shared/data/human.pgn.gz). Not part of make test.
.PHONY: scale-test shard-matrix
scale-test:
	bash scripts/scale-test.sh

# Shards of 1, 2, 3, 7 and 16 merged against the single run on the bundled
# corpora and human.pgn, plain and sorted, PGN and JSON.
shard-matrix:
	bash scripts/shard-matrix.sh
