# The README's two commands, for a fresh machine: each first installs the Debian packages it
# needs (scripts/debian-packages lists them; run as root it installs them, as anyone else it
# prints the `sudo apt-get install` line and stops), then builds and runs.
#
#   make run                    # the switcher, on the embedded default with demo users
#   make run ARGS="users"       # any subcommand: roster users
#   make test                   # every test, then the contract's fuzz pass (.ci/fuzz)
#   make benchmarks             # Benchmarks/, a package of its own: roster-bench and the
#                               # in-process benchmarks, in release (docs/BENCHMARKS.md)
#
# On a machine that has the packages, `swift run roster` and `ROSTER_TEST_BENCH=1 swift test` do the
# same (the variable builds roster-bench, which some tests run, beside roster).

# Swift's usual place on these machines, for shells whose PATH does not have it yet.
export PATH := $(PATH):/opt/swift/usr/bin
# A crash prints the crashed thread alone, so that its top frames stay in a kept log.
export SWIFT_BACKTRACE ?= enable=yes,interactive=no,threads=crashed,registers=none,images=none,limit=48,top=16

SWIFT ?= swift

.PHONY: run test build fuzz benchmarks

run:
	@scripts/install-packages build
	@$(SWIFT) run roster $(ARGS)

build:
	@scripts/install-packages build
	$(SWIFT) build

# At most 12 tests at a time: unbounded, the suite's several hundred servers, clusters and
# commands at once on two cores stall each other past their time limits. Some tests run
# roster-bench: ROSTER_TEST_BENCH=1 has this build build it too, from the benchmarks' sources,
# beside roster (Package.swift says why). The in-process benchmarks are built by `make benchmarks`.
test: export ROSTER_TEST_BENCH := 1
test:
	@scripts/install-packages build test
	$(SWIFT) build --build-tests
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=12 scripts/tests-with-summary $(SWIFT) test
	bash .ci/fuzz

fuzz:
	@scripts/install-packages build test
	bash .ci/fuzz

benchmarks:
	@scripts/install-packages build test
	$(SWIFT) build -c release
	$(SWIFT) build -c release --package-path Benchmarks
