//go:build goexperiment.jsonv2 && go1.27

package jgen

// This file and its twin (marshaler_to_go126.go / marshaler_to_go127.go)
// hold the same code: encoding/json/jsontext exists under the build tag
// goexperiment.jsonv2, but Go 1.27 declares its API as of go1.27, which a
// file of this go1.26 module may name only under a go1.27 constraint, and
// Go 1.26's experiment needs the file without one.

import (
	"bytes"
	"encoding/json/jsontext"
	"reflect"
)

// marshalerTo is encoding/json/v2's MarshalerTo.
type marshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}

// marshalerToType is the type of marshalerTo; nil where encoding/json is
// the classic one, which does not call MarshalJSONTo.
var marshalerToType = reflect.TypeFor[marshalerTo]()

// callMarshalJSONTo calls the MarshalJSONTo method of m with a
// jsontext.Encoder that writes into buf and allows what encoding/json's v1
// options allow (duplicate names, invalid UTF-8); the caller checks and
// escapes the output as MarshalJSON output.
func callMarshalJSONTo(m any, buf *bytes.Buffer) error {
	enc := jsontext.NewEncoder(buf, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return m.(marshalerTo).MarshalJSONTo(enc)
}

// toFailure is a value whose MarshalJSONTo returns err, for
// newMarshalerError.
type toFailure struct{ err error }

func (f toFailure) MarshalJSONTo(*jsontext.Encoder) error { return f.err }

func marshalToFailure(err error) any { return toFailure{err} }
