//go:build !goexperiment.jsonv2

package jgen

// jsonOnV2 is set when the toolchain's encoding/json (v1) is implemented on
// encoding/json/v2, which the build tag goexperiment.jsonv2 says (set by
// default from Go 1.27, by GOEXPERIMENT=jsonv2 on Go 1.26, cleared by
// GOEXPERIMENT=nojsonv2): then the value encoder follows that
// implementation where it differs from the classic one (map key types, tag
// names, some error types). The Go version alone says nothing: Go 1.27
// with GOEXPERIMENT=nojsonv2 builds the classic encoding/json.
const jsonOnV2 = false

// jsonV2Go127 is set when jsonOnV2 is and the toolchain is Go 1.27 or
// later, whose v1-on-v2 rules differ from Go 1.26's experiment in details
// (tag names in single quotes, the format tag option).
const jsonV2Go127 = false
