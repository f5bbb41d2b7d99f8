#!/usr/bin/env bash
# Cross-compile the tests of the root package and internal/... for s390x
# (big-endian) and arm64 and run them with -test.short under qemu-user, each
# binary in its package's directory so testdata/ and ../shared paths resolve.
#
#   scripts/cross.sh [ARCH...]        (default: s390x arm64)
#
# Needs qemu-s390x and qemu-aarch64 (Debian package qemu-user); installs it
# with apt-get when missing and running as root.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
arches=("$@")
[ ${#arches[@]} -eq 0 ] && arches=(s390x arm64)

qemu_for() {
	case $1 in
	s390x) echo qemu-s390x ;;
	arm64) echo qemu-aarch64 ;;
	*) echo "cross.sh: no qemu for $1" >&2; return 1 ;;
	esac
}

for a in "${arches[@]}"; do
	q=$(qemu_for "$a")
	if ! command -v "$q" >/dev/null; then
		if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
			apt-get update -qq >/dev/null && apt-get install -y -qq qemu-user >/dev/null
		else
			echo "cross.sh: $q missing: apt-get install qemu-user" >&2
			exit 1
		fi
	fi
done

pkgs=(. $(go list -f '{{.Dir}}' ./internal/... | sed "s|^$root|.|"))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for a in "${arches[@]}"; do
	q=$(qemu_for "$a")
	for p in "${pkgs[@]}"; do
		name=$(echo "$p" | tr './' '__')
		bin="$out/$a$name.test"
		start=$(date +%s)
		GOOS=linux GOARCH=$a CGO_ENABLED=0 go test -c -o "$bin" "$p"
		if [ ! -f "$bin" ]; then
			echo "==> $a $p: no test files"
			continue
		fi
		if (cd "$p" && "$q" "$bin" -test.short -test.timeout 20m ${JGEN_CROSS_FLAGS:-}); then
			echo "==> $a $p: ok ($(($(date +%s) - start))s)"
		else
			echo "==> $a $p: FAIL ($(($(date +%s) - start))s)"
			status=1
		fi
	done
done
exit $status
