//go:build goexperiment.jsonv2 && go1.27 && jgen_fallbacks

package json

// Fallbacks returns how many calls of Marshal, MarshalWrite and
// MarshalEncode this process handed to encoding/json/v2 whole (an option
// jgen does not translate, a value jgen declines or fails to encode). It
// exists only under the build tag jgen_fallbacks, for
// scripts/stdlibjsonv2, which reports how much of encoding/json/v2's own
// tests jgen encoded itself.
func Fallbacks() int64 { return fallbacks.Load() }
