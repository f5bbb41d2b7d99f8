#!/usr/bin/env bash
# Compares the jgen command with jq -c and python3 -m json.tool --compact on
# the same files in the same run: best wall time of N runs per tool, and
# input MB/s (1 MB = 10^6 bytes). Output goes to /dev/null; process start-up
# is included, as a user would see it.
#
#   cmd/jgen/bench.sh [N] [FILE...]   (default: 5 runs of twitter.json and canada.json)
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=${1:-5}
shift || true
corpus=${JGEN_SHARED_DIR:-../shared}/corpus/simdjson
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$corpus/twitter.json" "$corpus/canada.json")

bin=$(mktemp -d)/jgen
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/jgen

best() { # best wall time in seconds of $runs runs of "$@" > /dev/null
	local b=999999 t
	for ((i = 0; i < runs; i++)); do
		local s=$(date +%s.%N)
		"$@" > /dev/null
		t=$(echo "$(date +%s.%N) - $s" | bc -l)
		if (($(echo "$t < $b" | bc -l))); then b=$t; fi
	done
	echo "$b"
}

printf '%-16s %-28s %10s %10s\n' file tool seconds MB/s
for f in "${files[@]}"; do
	size=$(stat -c %s "$f")
	tools=("jgen -c" "$bin -c $f")
	if command -v jq > /dev/null; then tools+=("jq -c ." "jq -c . $f"); fi
	if command -v python3 > /dev/null; then tools+=("python3 -m json.tool --compact" "python3 -m json.tool --compact $f"); fi
	for ((k = 0; k < ${#tools[@]}; k += 2)); do
		# shellcheck disable=SC2086
		t=$(best ${tools[k + 1]})
		printf '%-16s %-28s %10.3f %10.1f\n' "$(basename "$f")" "${tools[k]}" "$t" "$(echo "$size / $t / 1000000" | bc -l)"
	done
done
