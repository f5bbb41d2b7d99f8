//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	"errors"
	"testing"

	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// TestV2MaxDepthMarshalJSONAgainstV2 compares the boundary of the default
// MaxDepth through MarshalJSON output with encoding/json/v2's: both count
// from the root and allow 10000 levels.
func TestV2MaxDepthMarshalJSONAgainstV2(t *testing.T) {
	o := jgen.Options{V2: &jgen.JSONv2{}}
	for _, v := range []any{
		[]any{v2Nest(9999)},
		[]any{v2Nest(10000)},
		v2Nest(10000),
		v2Nest(10001),
		map[string]any{"a": []any{v2Nest(9998)}},
		map[string]any{"a": []any{v2Nest(9999)}},
		[]any{[]any{v2Nest(1)}, v2Nest(9999)},
	} {
		want, werr := jsonv2.Marshal(v)
		got, err := jgen.Marshal(v, &o)
		switch {
		case werr == nil && (err != nil || !bytes.Equal(got, want)):
			t.Errorf("%T: jgen %d bytes, %v; encoding/json/v2 %d bytes", v, len(got), err, len(want))
		case werr != nil && !errors.Is(err, jgen.ErrMaxDepth):
			t.Errorf("%T: jgen %d bytes, %v; encoding/json/v2 %v", v, len(got), err, werr)
		}
	}
}
