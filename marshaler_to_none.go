//go:build !goexperiment.jsonv2

package jgen

import (
	"bytes"
	"reflect"
	"unsafe"
)

// marshalerToType is nil: the classic encoding/json does not call
// MarshalJSONTo (marshaler_to_go127.go holds the v2 side).
var marshalerToType reflect.Type

func callMarshalJSONTo(m any, buf *bytes.Buffer) error {
	panic("jgen: MarshalJSONTo without encoding/json/v2")
}

func marshalToFailure(err error) any { return jsonFailure{err} }

// toBuffer is the output of a MarshalJSONTo call under the v2 rules
// (marshaler_to_go127.go), never made here.
type toBuffer struct{ b bytes.Buffer }

func callMarshalJSONToV2(m any, buf *toBuffer, o *JSONv2, ms any, html, js, allowUTF8 bool) (bool, error) {
	panic("jgen: MarshalJSONTo without encoding/json/v2")
}

func v2ToFailure(err error, wrote bool, tb *toBuffer) (error, bool) { return nil, false }

func v2ToDeclined(err error, wrote bool, tb *toBuffer) string { return "failed" }

// stdMarshalFunc and joinStdMarshalers return nil: there is no
// encoding/json/v2 (marshaler_to_go127.go).
func stdMarshalFunc[T any](fn func(T) ([]byte, error)) func() any { return nil }

func joinStdMarshalers(fns []marshalFunc) any { return nil }

// bindTo is never called: MarshalToFunc exists only with
// encoding/json/v2.
func bindTo(to any, t reflect.Type, p unsafe.Pointer) any {
	panic("jgen: MarshalToFunc without encoding/json/v2")
}
