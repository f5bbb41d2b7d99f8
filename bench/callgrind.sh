#!/bin/sh
# Instruction counts of the string-writing matrix under callgrind.
#
# Usage: bench/callgrind.sh [-bench REGEX] [-bytes N] [-o FILE]
#
#   -bench REGEX  go test -bench pattern selecting the cells
#                 (default: every BenchmarkStrings cell with input=string)
#   -bytes N      input bytes each cell writes while counted (default 2000000;
#                 the op count is N / input size, between 10 and 5000)
#   -o FILE       output TSV (default results/callgrind.tsv)
#
# Builds the benchmark test binary with CGO_ENABLED=0 and runs each writer's
# cells in one valgrind process per writer, with GODEBUG=asyncpreemptoff=1
# (and cpu.rdtscp=off: valgrind 3.19 cannot decode the RDTSCP the runtime
# would use). Instructions are collected only inside countedLoop
# (bench_test.go), which runs the op a fixed number of times after the setup
# and warm-up, and callgrind dumps a profile when cellDone follows it; so the count is
# the op's own cost, with no baseline to subtract. Valgrind hides AVX-512:
# this measures the AVX2/SWAR kernels.
#
# Output columns: benchmark name, ops, input bytes per op, instructions,
# instructions per op, instructions per input byte. A writer whose run fails
# (valgrind cannot run every JIT) is reported on stderr and left out.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bench='^BenchmarkStrings/.*/.*/input=string/'
bytes=2000000
out="$here/results/callgrind.tsv"
while [ $# -gt 0 ]; do
	case "$1" in
	-bench) bench=$2; shift 2 ;;
	-bytes) bytes=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	*) echo "callgrind.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind not found (apt-get install valgrind)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
CGO_ENABLED=0 go test -c -o "$tmp/bench.test" .

# The selected cells, natively and without measuring: names and input sizes.
JGEN_BENCH_SIZES=1 "$tmp/bench.test" -test.run '^$' -test.bench "$bench" -test.benchtime 1x |
	awk -F'\t' '$1 == "inputsize" { print $2 }' >"$tmp/names"
[ -s "$tmp/names" ] || { echo "callgrind.sh: no benchmark matches $bench" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
printf 'name\tops\tinput_bytes\tinstructions\tinstr_per_op\tinstr_per_byte\n' >"$out.tmp"
fn='github.com/jgen-go/jgen/bench.countedLoop'
mark='github.com/jgen-go/jgen/bench.cellDone'
for w in $(sed 's|^[^/]*/writer=\([^/]*\)/.*|\1|' "$tmp/names" | sort -u); do
	d="$tmp/w.$w"
	mkdir -p "$d"
	# This writer's cells as a pattern, one alternation per name level (the
	# selection is level-wise, so this runs exactly the selected cells).
	pat=$(grep "/writer=$w/" "$tmp/names" | awk -F/ '
		{ for (i = 1; i <= NF; i++) if (!seen[i, $i]++) alt[i] = alt[i] (alt[i] == "" ? "" : "|") $i; if (NF > n) n = NF }
		END { for (i = 1; i <= n; i++) printf "%s^(%s)$", (i > 1 ? "/" : ""), alt[i] }')
	echo "callgrind.sh: $w" >&2
	if ! GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off JGEN_CALLGRIND=$bytes \
		valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$fn" --dump-before="$mark" \
		--callgrind-out-file="$d/cg.out" \
		"$tmp/bench.test" -test.run '^$' -test.bench "$pat" -test.benchtime 1x >"$d/stdout" 2>"$d/stderr"; then
		echo "callgrind.sh: $w failed under valgrind, left out:" >&2
		grep -v '^==' "$d/stderr" | head -5 >&2
		continue
	fi
	# One dump per cell (on entering cellDone, right after countedLoop),
	# numbered in call order, which is the order of the countedops lines.
	awk -F'\t' '$1 == "countedops" { print $2 "\t" $3 "\t" $4 }' "$d/stdout" >"$d/ops"
	i=0
	: >"$d/ir"
	while [ -f "$d/cg.out.$((i + 1))" ]; do
		i=$((i + 1))
		awk '/^totals:/ { print $2 }' "$d/cg.out.$i" >>"$d/ir"
	done
	if [ "$(wc -l <"$d/ops")" -ne "$i" ]; then
		echo "callgrind.sh: $w: $(wc -l <"$d/ops") cells but $i dumps; left out" >&2
		continue
	fi
	paste "$d/ops" "$d/ir" | awk -F'\t' '{ printf "%s\t%d\t%d\t%d\t%.0f\t%.3f\n", $1, $2, $3, $4, $4 / $2, $4 / $2 / $3 }' >>"$out.tmp"
done
mv "$out.tmp" "$out"
printf 'library: %s\nwhen: %s\nbench: %s\nbytes: %s\ncpu: %s\n' "$(git -C "$here/.." rev-parse HEAD 2>/dev/null || echo unknown)" \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$bench" "$bytes" \
	"$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)" >"$out.info"
column -t -s "$(printf '\t')" "$out"
