#!/usr/bin/env bash
# Run every fuzz target of jgen one after the other (six targets).
#
#   scripts/fuzz.sh [FUZZTIME] [PARALLEL]
#
# FUZZTIME is go test's -fuzztime: a duration ("10s", the default, for CI) or
# an execution count ("10000000x" for the reliability run in
# docs/RELIABILITY.md). PARALLEL is -parallel (default 1: one worker, so
# the figures of a 2-core machine are comparable). A crasher is written by
# go test to testdata/fuzz/<Target>/ in the target's package; commit it as
# a regression seed. Exits non-zero at the first finding.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime=${1:-10s}
parallel=${2:-1}

targets=(
	".:FuzzAppendQuote"
	".:FuzzGenerator"
	".:FuzzCustomEscapes"
	"./internal/scan:FuzzIndex"
	"./internal/scan:FuzzUTF8"
	"./cmd/jgen:FuzzCLI"
)
[ -n "${JGEN_FUZZ_TARGETS:-}" ] && read -r -a targets <<<"$JGEN_FUZZ_TARGETS"

for t in "${targets[@]}"; do
	pkg=${t%%:*}
	name=${t#*:}
	printf '\n==> fuzz %s %s (-fuzztime %s -parallel %s)\n' "$pkg" "$name" "$fuzztime" "$parallel"
	start=$(date +%s)
	go test "$pkg" -timeout 0 -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel "$parallel"
	printf '==> %s: %ss\n' "$name" "$(($(date +%s) - start))"
done
