#!/usr/bin/env bash
# Peak RSS of jgen on 1 GiB inputs (docs/RELIABILITY.md):
#   1. a 1 GiB string streamed from an io.Reader through WriteStringFrom;
#   2. a 1 GiB NDJSON file through the jgen command.
# Both must stay bounded by the buffer sizes, not the input. Needs
# /usr/bin/time (Debian package "time") and ~1 GiB free in $TMPDIR.
#
#   scripts/memory.sh [SIZE_BYTES]     (default 1073741824)
#
# Exits non-zero if a peak RSS is above $JGEN_MAX_RSS_KB (default 65536).
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1073741824}
max=${JGEN_MAX_RSS_KB:-65536}
tmp=${TMPDIR:-/tmp}
[ -x /usr/bin/time ] || { echo "memory.sh: /usr/bin/time missing (apt-get install -y time)" >&2; exit 1; }

go build -o "$tmp/jgen-memstream" ./scripts/memstream
go build -o "$tmp/jgen" ./cmd/jgen

rss() { # command... -> prints peak RSS in KiB, fails with the command
	local log="$tmp/jgen-time.$$"
	if ! /usr/bin/time -v "$@" 2>"$log" >/dev/null; then
		cat "$log" >&2
		return 1
	fi
	grep 'Maximum resident set size' "$log" | awk '{print $NF}'
	grep -E 'Elapsed \(wall|^memstream:' "$log" | sed 's/^\s*/  /' >&2
	rm -f "$log"
}

status=0
check() { # name kib
	echo "$1: peak RSS $2 KiB"
	if [ "$2" -gt "$max" ]; then
		echo "$1: above the bound of $max KiB" >&2
		status=1
	fi
}

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
exit $status
