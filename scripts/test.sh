#!/usr/bin/env bash
# Runs the whole test suite (after `make test` has built it) as two groups at once.
#
# Thirteen live test classes spend their time waiting on the clock — real-time UDP input, a 20 s
# origin outage, a silent input, a second process joining 20 s late, a stop against an origin
# that never answers — and use about a tenth of a core while they wait (the first twelve
# measured per class with /usr/bin/time, 2026-12-06: 235 s of wall, 27 s of CPU; the thirteenth,
# LiveShutdownBudgetTests, waits 25 s). Run one after the other with everything else, that waiting was a third of the suite.
# So the clock-bound group runs beside the CPU-bound rest, and the rest runs under `nice` so that
# the clock-bound group's live channels get the CPU first when both want it: their deadlines
# (announce within 1 s, no stall over 3 s) are what those tests pin.
#
# Each group has its own TMPDIR, so the media caches the tests fill there (GeneratedMedia,
# StitchedMedia, ...) are never written by one process while the other reads them.
#
# A class named below that no longer exists stops the run: the list must stay true.
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}

clock_bound=(LiveFaultTests LiveOutageTests LiveWatchTests LossyUDPInputTests RedundantPairProcessTests
             LiveEndToEndTests StitchedLiveTests ProgrammeSwitchTests LiveFileInputTests TimelineWatcherTests
             LiveShutdownTests LiveTimelinessTests LiveShutdownBudgetTests)

bin=$("$swift" build --show-bin-path)
tests="$bin/pkgctlPackageTests.xctest"
if [ ! -x "$tests" ]; then
  echo "test: $tests is missing; build it first (swift build --build-tests)" >&2
  exit 2
fi
listed=$("$tests" --list-tests | sed -n 's/^PackagerTests\.\([A-Za-z0-9_]*\)\/.*/\1/p' | sort -u)
if [ -z "$listed" ]; then
  echo "test: $tests lists no tests" >&2
  exit 2
fi
declare -A in_bundle=() is_clock_bound=()
for class in $listed; do in_bundle[$class]=1; done
filters=()
for class in "${clock_bound[@]}"; do
  if [ -z "${in_bundle[$class]:-}" ]; then
    echo "test: scripts/test.sh names $class, which the test bundle no longer has" >&2
    exit 2
  fi
  is_clock_bound[$class]=1
  filters+=("PackagerTests.$class")
done

clock_tmp=$(mktemp -d "${TMPDIR:-/tmp}/pkgctl-clock-bound-tests.XXXXXX")
clock_log="$clock_tmp/tests.log"
(IFS=,; TMPDIR="$clock_tmp" exec "$tests" "${filters[*]}") >"$clock_log" 2>&1 &
clock_pid=$!
trap 'kill "$clock_pid" 2>/dev/null' EXIT

# The rest, every other class, straight through the test bundle: `swift test` would start the
# bundle at its own priority, not at the nice level it was given.
rest_filters=()
for class in $listed; do
  [ -n "${is_clock_bound[$class]:-}" ] || rest_filters+=("PackagerTests.$class")
done
(IFS=,; exec nice -n 10 "$tests" "${rest_filters[*]}")
rest=$?

wait "$clock_pid"
clock=$?
trap - EXIT
echo
echo "== clock-bound group (${#clock_bound[@]} classes, run beside the rest) =="
cat "$clock_log"
rm -rf "$clock_tmp"
echo
echo "test: the rest $([ $rest -eq 0 ] && echo passed || echo FAILED), the clock-bound group $([ $clock -eq 0 ] && echo passed || echo FAILED)"
[ $rest -eq 0 ] && [ $clock -eq 0 ]
