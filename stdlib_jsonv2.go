//go:build goexperiment.jsonv2

package jgen

// stdlibInvalidUTF8 is Stdlib's InvalidUTF8 when the program is built with
// the encoding/json implemented on top of encoding/json/v2 (the default
// from Go 1.27; Go 1.26 with GOEXPERIMENT=jsonv2): its Marshal writes each
// invalid byte as a raw U+FFFD, as jsontext does with AllowInvalidUTF8.
const stdlibInvalidUTF8 = InvalidUTF8ReplaceRaw
