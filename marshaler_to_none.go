//go:build !goexperiment.jsonv2

package jgen

import (
	"bytes"
	"reflect"
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

func callMarshalJSONToV2(m any, buf *toBuffer, o *JSONv2, html, js, allowUTF8 bool) (bool, error) {
	panic("jgen: MarshalJSONTo without encoding/json/v2")
}

func v2ToFailure(err error, wrote bool, tb *toBuffer) (error, bool) { return nil, false }
