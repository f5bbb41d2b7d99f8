#!/usr/bin/env bash
# Throughput of the jgen command on real NDJSON: an old revision against
# the work tree, in one run (docs/PERFORMANCE.md, "jgen command").
#
# The input is twitter.json's statuses (../shared/corpus/simdjson), one per
# line, every byte of each kept (whitespace removed), repeated to about
# SIZE bytes in a temporary folder. The old revision is built from
# `git archive OLD_REV` in a temporary folder, the work tree as it is. Each
# round runs both binaries on the file, output to /dev/null, in alternating
# order (old first on odd rounds); the script reports the median CPU time
# (user + system, steadier than wall time on a shared machine), the median
# wall time and the input MB/s of each (1 MB = 10^6 bytes) and checks that
# both wrote the same bytes.
#
#   scripts/cli-throughput.sh [-n ROUNDS] [-s SIZE] [-a "ARGS"] [OLD_REV]
#
# ROUNDS defaults to 7, SIZE to 200000000, OLD_REV to main; ARGS are the
# command's flags for both binaries (default none: --preset minimal,
# compact). Needs /usr/bin/time (Debian package "time").
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=7
size=200000000
args=
while getopts n:s:a: opt; do
	case $opt in
	n) rounds=$OPTARG ;;
	s) size=$OPTARG ;;
	a) args=$OPTARG ;;
	*) sed -n '2,20p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
old=${1:-main}
corpus=${JGEN_SHARED_DIR:-../shared}/corpus/simdjson/twitter.json
[ -x /usr/bin/time ] || { echo "cli-throughput.sh: /usr/bin/time missing (apt-get install -y time)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go run ./scripts/ndjson -in "$corpus" -member statuses -size "$size" -out "$tmp/in.ndjson"
bytes=$(stat -c %s "$tmp/in.ndjson")
mkdir "$tmp/old"
git archive "$old" | tar -x -C "$tmp/old"
(cd "$tmp/old" && go build -o "$tmp/jgen-old" ./cmd/jgen)
go build -o "$tmp/jgen-new" ./cmd/jgen

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo "input: $bytes bytes, $(wc -l <"$tmp/in.ndjson") lines; flags: ${args:-(none)}"
echo "old: $old ($(git rev-parse --short "$old")); new: work tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ', modified'))"
echo "CPU: $cpu, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# shellcheck disable=SC2086
{
	"$tmp/jgen-old" --no-progress $args "$tmp/in.ndjson" | md5sum >"$tmp/sum-old"
	"$tmp/jgen-new" --no-progress $args "$tmp/in.ndjson" | md5sum >"$tmp/sum-new"
}
if cmp -s "$tmp/sum-old" "$tmp/sum-new"; then
	echo "outputs: identical"
else
	echo "outputs: DIFFER"
fi

measure() { # which -> appends "wall cpu" to $tmp/which.times
	# shellcheck disable=SC2086
	/usr/bin/time -f '%e %U %S' -o "$tmp/t" "$tmp/jgen-$1" --no-progress $args "$tmp/in.ndjson" >/dev/null
	awk '{ print $1, $2 + $3 }' "$tmp/t" >>"$tmp/$1.times"
}
for ((r = 1; r <= rounds; r++)); do
	if ((r % 2)); then
		measure old
		measure new
	else
		measure new
		measure old
	fi
done

median() { # column file
	sort -n -k"$1" "$2" | awk -v c="$1" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
printf '%-5s %12s %10s %12s %10s\n' binary 'CPU s (med)' 'MB/s' 'wall s (med)' 'MB/s'
for b in old new; do
	c=$(median 2 "$tmp/$b.times")
	w=$(median 1 "$tmp/$b.times")
	printf '%-5s %12.3f %10.0f %12.3f %10.0f\n' "$b" "$c" "$(echo "$bytes / $c / 1000000" | bc -l)" "$w" "$(echo "$bytes / $w / 1000000" | bc -l)"
done
co=$(median 2 "$tmp/old.times")
cn=$(median 2 "$tmp/new.times")
printf 'speed-up (CPU time, old / new): %.2fx over %d rounds\n' "$(echo "$co / $cn" | bc -l)" "$rounds"
echo "CPU seconds per round (old new):"
paste -d' ' <(awk '{ print $2 }' "$tmp/old.times") <(awk '{ print $2 }' "$tmp/new.times") | sed 's/^/  /'
