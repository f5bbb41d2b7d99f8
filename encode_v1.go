//go:build !go1.27 && !goexperiment.jsonv2

package jgen

// jsonOnV2 is set when the toolchain's encoding/json (v1) is implemented on
// encoding/json/v2 (Go 1.27, or GOEXPERIMENT=jsonv2): then the value
// encoder follows that implementation where it differs from the classic one
// (map key types, tag names, some error types).
const jsonOnV2 = false
