#!/usr/bin/env bash
# Runs the Go toolchain's own encoding/json/v2 tests of marshaling
# (TestMarshal's table, MarshalEncode's tests, the examples) against the
# drop-in package github.com/jgen-go/jgen/json/v2, on a release where the
# drop-in is built (scripts/stdlibjsonv2 says how, prints each test and
# table case it had to leave out with the reason, and how many of the
# marshal calls jgen encoded itself).
#
# Usage: scripts/stdlib-jsonv2-tests.sh [toolchain...]   (default: go1.27.3)
set -euo pipefail
cd "$(dirname "$0")/.."
toolchains=("$@")
[ ${#toolchains[@]} -eq 0 ] && toolchains=(go1.27.3)
for tc in "${toolchains[@]}"; do
	echo "==> GOTOOLCHAIN=$tc"
	GOTOOLCHAIN=$tc go run ./scripts/stdlibjsonv2
done
