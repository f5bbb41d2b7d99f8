#!/usr/bin/env bash
# Run every fuzz target of jgen one after the other (the list below).
#
#   scripts/fuzz.sh [FUZZTIME] [PARALLEL]
#
# FUZZTIME is go test's -fuzztime for every target: an execution count
# ("10000000x" for the reliability run in docs/RELIABILITY.md) or a
# duration ("30s"); or "budget" (the default, for CI): each target's own
# execution count from the list below, sized to about 10 s of one worker
# on the CI machine class (AMD EPYC, 2 vCPU) with an empty fuzz cache. A
# count, unlike a duration, gives the same work on a loaded machine, and
# never trips the fuzz coordinator of Go 1.26 and earlier, which can fail
# a duration run with "context deadline exceeded" when the time is up
# (golang/go#75804, fixed in Go 1.27.0): internal/fuzz arms that deadline
# only for a duration.
#
# PARALLEL is -parallel (default 1: one worker, so the figures of a 2-core
# machine are comparable). A crasher is written by go test to
# testdata/fuzz/<Target>/ in the target's package; commit it as a
# regression seed. Exits non-zero at the first finding, and before
# fuzzing when a Fuzz function of the repository is missing from the list.
#
# JGEN_FUZZ_TARGETS="pkg:Target[:budget] ..." runs those targets instead.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime=${1:-budget}
parallel=${2:-1}

# package:target:budget. In its first 10 s on an empty fuzz cache one
# worker ran from about 18,000 executions per CPU second (FuzzIndex) down
# to 1,300 (FuzzCLI, which runs the whole command on each input, half of
# them inside a 64 KiB string); the
# measurements are in docs/RELIABILITY.md.
targets=(
	".:FuzzAppendQuote:70000x"
	".:FuzzGenerator:100000x"
	".:FuzzCustomEscapes:80000x"
	".:FuzzWriteRawValue:120000x"
	".:FuzzWriteValue:20000x"
	"./internal/scan:FuzzIndex:80000x"
	"./internal/scan:FuzzUTF8:170000x"
	"./cmd/jgen:FuzzCLI:15000x"
	"./cmd/jgen/internal/cli:FuzzRootPath:30000x"
	".:FuzzEscapeNonASCII:150000x"
	"./internal/ftoa:FuzzAppendJSON:150000x"
	"./internal/scan:FuzzRefinedSet:100000x"
	"./internal/scan:FuzzEscape:20000x"
	"./json:FuzzMatchStdlib:10000x"
)

if [ -n "${JGEN_FUZZ_TARGETS:-}" ]; then
	read -r -a targets <<<"$JGEN_FUZZ_TARGETS"
else
	# Every Fuzz function in the repository's test files must be listed.
	missing=0
	while IFS=: read -r file name; do
		dir=$(dirname "$file")
		[ "$dir" = . ] || dir=./${dir#./}
		listed=0
		for t in "${targets[@]}"; do
			[ "${t%:*}" = "$dir:$name" ] && listed=1
		done
		if [ "$listed" = 0 ]; then
			echo "fuzz.sh: $file: $name is not in the list of targets" >&2
			missing=1
		fi
	done < <(grep -rHo --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\([A-Za-z_]+ \*testing\.F\)' . |
		sed -E 's/:func (Fuzz[A-Za-z0-9_]*)\(.*/:\1/')
	[ "$missing" = 0 ] || exit 1
fi

for t in "${targets[@]}"; do
	IFS=: read -r pkg name budget <<<"$t"
	ft=$fuzztime
	if [ "$ft" = budget ]; then
		ft=${budget:?"fuzz.sh: $pkg:$name has no budget"}
	fi
	printf '\n==> fuzz %s %s (-fuzztime %s -parallel %s)\n' "$pkg" "$name" "$ft" "$parallel"
	start=$(date +%s)
	go test "$pkg" -timeout 0 -run '^$' -fuzz "^${name}\$" -fuzztime "$ft" -parallel "$parallel"
	printf '==> %s: %ss\n' "$name" "$(($(date +%s) - start))"
done
