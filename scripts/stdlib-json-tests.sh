#!/usr/bin/env bash
# Runs the Go toolchain's own encoding/json tests (their Marshal,
# MarshalIndent, Encoder and also decoding tests and examples) against the
# drop-in package github.com/jgen-go/jgen/json, on the machine's go and on
# the current release (scripts/stdlibjson says how, and prints each test
# it had to leave out with the reason).
#
# Usage: scripts/stdlib-json-tests.sh [toolchain...]   (default: local go1.27.3)
set -euo pipefail
cd "$(dirname "$0")/.."
toolchains=("$@")
[ ${#toolchains[@]} -eq 0 ] && toolchains=(local go1.27.3)
for tc in "${toolchains[@]}"; do
	echo "==> GOTOOLCHAIN=$tc"
	GOTOOLCHAIN=$tc go run ./scripts/stdlibjson
done
