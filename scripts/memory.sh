#!/usr/bin/env bash
# Peak RSS of jgen (docs/RELIABILITY.md):
#   1. a 1 GiB string streamed from an io.Reader through WriteStringFrom;
#   2. a 1 GiB NDJSON file through the jgen command;
#   3. one string value of 100 MiB (104,857,600 bytes), with and without
#      escapes: through WriteString to an io.Writer, through the jgen
#      command (the token alone in a file), and through WriteString in
#      append mode (reported, not bounded: append mode holds the output).
# Runs 1 and 2 must stay bounded by the buffer sizes, not the input; run 3
# by twice the token plus 32 MiB. Needs /usr/bin/time (Debian package
# "time") and ~1.3 GiB free in $TMPDIR.
#
#   scripts/memory.sh [--tokens] [SIZE_BYTES [TOKEN_BYTES]]
#
# SIZE_BYTES defaults to 1073741824, TOKEN_BYTES to 104857600; --tokens
# runs part 3 only (~15 s). Exits non-zero if a peak RSS of runs 1 and 2
# is above $JGEN_MAX_RSS_KB (default 65536), or one of run 3 above
# 2*TOKEN_BYTES + 32 MiB.
set -euo pipefail
cd "$(dirname "$0")/.."
only_tokens=
if [ "${1:-}" = --tokens ]; then
	only_tokens=1
	shift
fi
size=${1:-1073741824}
token=${2:-104857600}
max=${JGEN_MAX_RSS_KB:-65536}
token_max=$(((2 * token + (32 << 20)) / 1024))
tmp=${TMPDIR:-/tmp}
[ -x /usr/bin/time ] || { echo "memory.sh: /usr/bin/time missing (apt-get install -y time)" >&2; exit 1; }

go build -o "$tmp/jgen-memstream" ./scripts/memstream
go build -o "$tmp/jgen" ./cmd/jgen

rss() { # command... -> prints peak RSS in KiB; fails with the command
	local log="$tmp/jgen-time.$$"
	if ! /usr/bin/time -v "$@" 2>"$log" >/dev/null; then
		cat "$log" >&2
		return 1
	fi
	grep 'Maximum resident set size' "$log" | awk '{print $NF}'
	# Wall and CPU (user + system) seconds, for the MB/s of the command:
	# on a shared machine CPU time is the steadier measure.
	awk '/Elapsed \(wall/ { n = split($NF, t, ":"); for (i = 1; i <= n; i++) w = w * 60 + t[i] }
		/(User|System) time \(seconds\)/ { c += $NF }
		END { print w, c }' "$log" >"$tmp/jgen-wall.$$"
	grep -E '^memstream:' "$log" | sed 's/^/  /' >&2 || true
	rm -f "$log"
}

status=0
check() { # name kib [bound]
	local bound=${3:-$max}
	echo "$1: peak RSS $2 KiB (bound $bound KiB)"
	if [ "$2" -gt "$bound" ]; then
		echo "$1: above the bound of $bound KiB" >&2
		status=1
	fi
}

if [ -z "$only_tokens" ]; then
	for preset in minimal stdlib; do
		kib=$(rss "$tmp/jgen-memstream" -size "$size" -preset "$preset")
		check "WriteStringFrom $size bytes ($preset)" "$kib"
	done

	nd="$tmp/jgen-mem.ndjson"
	if [ ! -f "$nd" ] || [ "$(stat -c %s "$nd")" -gt "$size" ] || [ "$(stat -c %s "$nd")" -lt "$((size - 4096))" ]; then
		# Records of ~200 bytes with escapes, non-ASCII and numbers.
		rec='{"id":1234567,"name":"Zoë \"quoted\" <tag> & more","path":"/a/b/c","tags":["x","yé","😀"],"n":-1.5e+10,"ok":true,"nested":{"k":null,"s":"line\nbreak\ttab"}}'
		reclen=$(($(printf '%s' "$rec" | wc -c) + 1))
		set +o pipefail # yes ends on SIGPIPE
		yes "$rec" | head -c "$((size / reclen * reclen))" >"$nd.part"
		set -o pipefail
		mv "$nd.part" "$nd"
	fi
	echo "NDJSON input: $(stat -c %s "$nd") bytes"
	for args in "" "--preset stdlib --indent 2" "-a"; do
		# shellcheck disable=SC2086
		kib=$(rss "$tmp/jgen" --no-progress $args "$nd")
		check "jgen ${args:-(defaults)} on $(stat -c %s "$nd")-byte NDJSON" "$kib"
	done
fi

# One long string value. memstream prints the MB/s of the write call; for
# the command, MB/s is the file's size over the wall time of the process.
for escapes in true false; do
	what="with escapes"
	[ "$escapes" = false ] && what="no escapes"
	kib=$(rss "$tmp/jgen-memstream" -mode string -escapes="$escapes" -size "$token")
	check "WriteString, writer mode, $token-byte string ($what)" "$kib" "$token_max"
	kib=$(rss "$tmp/jgen-memstream" -mode append -escapes="$escapes" -size "$token")
	echo "WriteString, append mode, $token-byte string ($what): peak RSS $kib KiB (not bounded: holds the output)"
	doc="$tmp/jgen-mem-token-$escapes.json"
	"$tmp/jgen-memstream" -mode json -escapes="$escapes" -size "$token" -out "$doc"
	bytes=$(stat -c %s "$doc")
	for args in "" "-a"; do
		# shellcheck disable=SC2086
		kib=$(rss "$tmp/jgen" --no-progress $args "$doc")
		awk -v b="$bytes" '{ printf "  %.2f s wall (%.0f MB/s), %.2f s CPU (%.0f MB/s)\n", $1, ($1 > 0 ? b / $1 / 1e6 : 0), $2, ($2 > 0 ? b / $2 / 1e6 : 0) }' "$tmp/jgen-wall.$$" >&2
		check "jgen ${args:-(defaults)} on a $bytes-byte string value ($what)" "$kib" "$token_max"
	done
	rm -f "$doc"
done
rm -f "$tmp/jgen-wall.$$"
exit $status
