//go:build goexperiment.jsonv2 && !go1.27

package jgen

// This file and its twin (embed_value_go126.go / embed_value_go127.go)
// hold the same code, for the reason marshaler_to_go127.go gives.

import (
	"bytes"
	"encoding/json/jsontext"
	"errors"
	"io"
	"reflect"
	"strconv"
	"unicode/utf8"
)

// jsontextValueType is jsontext.Value, which a field tagged embed holds as
// the fallback for the object's other members (nil where encoding/json is
// the classic one).
var jsontextValueType = reflect.TypeFor[jsontext.Value]()

// unmarshalerFromType is encoding/json/v2's UnmarshalerFrom, one of the
// methods that keep a map key type from an embedded fallback.
var unmarshalerFromType = reflect.TypeFor[interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}]()

// errRawEmbedNotObject is encoding/json/v2's reason for an embedded
// jsontext.Value that is not a JSON object (arshal_embedded.go).
var errRawEmbedNotObject = errors.New("embedded raw value must be a JSON object")

// embeddedValueMembers checks b, a non-empty embedded jsontext.Value, as
// encoding/json/v2 reads it (duplicate names and invalid UTF-8 allowed):
// one JSON object, with only whitespace after it. It returns the bytes
// between the object's braces, or the error whose text encoding/json
// reports as the *json.UnsupportedValueError's Str: jsontext's syntax
// error, io.ErrUnexpectedEOF for a value of only whitespace, or
// errRawEmbedNotObject.
func embeddedValueMembers(b []byte) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	tok, err := dec.ReadToken()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if tok.Kind() != '{' {
		return nil, errRawEmbedNotObject
	}
	start := int(dec.InputOffset())
	for dec.PeekKind() != '}' {
		// A name, then a value; PeekKind's error comes back from
		// ReadValue.
		for range 2 {
			if _, err := dec.ReadValue(); err != nil {
				return nil, err
			}
		}
	}
	end := int(dec.InputOffset())
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	// Only whitespace may follow (jsontext's CheckEOF).
	after := int(dec.InputOffset())
	for i := after; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return nil, afterTopLevel(b[i:], i)
	}
	return b[start:end], nil
}

// afterTopLevel is jsontext's syntax error for rest, at offset off, after
// the top-level value.
func afterTopLevel(rest []byte, off int) error {
	r, _ := utf8.DecodeRune(rest)
	q := strconv.QuoteRune(r)
	if r == '\'' {
		q = `'\''`
	}
	return errors.New("jsontext: invalid character " + q + " after top-level value after offset " + strconv.Itoa(off))
}
