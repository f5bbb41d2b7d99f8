//go:build !goexperiment.jsonv2

package jgen

// stdlibInvalidUTF8 is Stdlib's InvalidUTF8 when the program is built with
// the original encoding/json (the default up to Go 1.26; Go 1.27 with
// GOEXPERIMENT=nojsonv2): its Marshal writes each invalid byte as the
// escape sequence \ufffd.
const stdlibInvalidUTF8 = InvalidUTF8Replace
