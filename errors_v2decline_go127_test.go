//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// The declines and failures of MarshalJSONTo methods and marshal
// functions under the v2 rules, against encoding/json/v2 (Go 1.27: its
// errors for them are compared).

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/jgen-go/jgen"
)

// declTo is a value whose MarshalJSONTo calls f.
type declTo struct{ f func(*jsontext.Encoder) error }

func (x declTo) MarshalJSONTo(enc *jsontext.Encoder) error { return x.f(enc) }

// declToNum is an integer with a MarshalJSONTo method.
type declToNum int

func (declToNum) MarshalJSONTo(enc *jsontext.Encoder) error { return enc.WriteToken(jsontext.Int(1)) }

type (
	declToFormat struct {
		T declToNum `json:",format:hex"`
	}
	declToString struct {
		N declToNum `json:",string"`
	}
	declValueFallback struct {
		A     int
		Extra jsontext.Value `json:",embed"`
	}
	declFuncPoint  struct{ X, Y int }
	declFuncHolder struct {
		P  declFuncPoint
		PP *declFuncPoint
	}
)

func TestV2DeclineReasonsTo(t *testing.T) {
	partial := declTo{func(enc *jsontext.Encoder) error {
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		return errors.New("half")
	}}
	eof := declTo{func(*jsontext.Encoder) error { return io.EOF }}
	sem := declTo{func(*jsontext.Encoder) error { return &jsonv2.SemanticError{Err: errors.New("mine")} }}
	two := jgen.MarshalToFunc(func(enc *jsontext.Encoder, p declFuncPoint) error {
		if err := enc.WriteToken(jsontext.Int(1)); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.Int(2))
	})
	keyTo := jgen.MarshalToFunc(func(enc *jsontext.Encoder, s string) error { return enc.WriteToken(jsontext.String(s)) })
	replace := v2Opts(jgen.JSONv2{})
	replace.Escaping.InvalidUTF8 = jgen.InvalidUTF8Replace
	formatTag := v2Opts(jgen.JSONv2{SupportFormatTag: true})
	toType := reflect.TypeFor[declTo]()
	checkDeclines(t, []declineCase{
		{name: "MarshalJSONTo writes part of a value and fails", in: partial,
			msg: unimpl + "value of type jgen_test.declTo: encoding/json/v2 rule not implemented: MarshalJSONTo method of jgen_test.declTo failed having written part of a value or more than one (encoding/json/v2's error, at its position within the output)",
			typ: toType},
		{name: "MarshalJSONTo returns io.EOF", in: []declTo{eof},
			msg: unimpl + "value of type jgen_test.declTo at /0: encoding/json/v2 rule not implemented: MarshalJSONTo method of jgen_test.declTo returned io.EOF, which encoding/json/v2 reports as io.ErrUnexpectedEOF",
			typ: toType},
		{name: "MarshalJSONTo returns a SemanticError", in: sem,
			msg: unimpl + "value of type jgen_test.declTo: encoding/json/v2 rule not implemented: MarshalJSONTo method of jgen_test.declTo returned an error holding a *json.SemanticError, whose position encoding/json/v2 fills in from its own encoder",
			typ: toType},
		{name: "MarshalJSONTo under InvalidUTF8Replace", in: declToNum(1), opts: replace,
			msg: unimpl + "value of type jgen_test.declToNum: encoding/json/v2 rule not implemented: MarshalJSONTo method of jgen_test.declToNum under an InvalidUTF8 policy other than InvalidUTF8Error and InvalidUTF8ReplaceRaw",
			typ: reflect.TypeFor[declToNum]()},
		{name: "MarshalToFunc writes two values", in: declFuncPoint{}, opts: v2Opts(jgen.JSONv2{Marshalers: two}),
			msg: unimpl + "value of type jgen_test.declFuncPoint: encoding/json/v2 rule not implemented: MarshalToFunc of jgen_test.declFuncPoint output that is not exactly one JSON value (encoding/json/v2's error)",
			typ: reflect.TypeFor[declFuncPoint]()},
		{name: "MarshalToFunc on map keys", in: map[string]int{"a": 1}, opts: v2Opts(jgen.JSONv2{Marshalers: keyTo}),
			msg: unimpl + "value of type map[string]int: encoding/json/v2 rule not implemented: map key type string that a MarshalToFunc, or more than one marshal function, applies to",
			typ: reflect.TypeFor[map[string]int]()},
		{name: "format on a type with MarshalJSONTo", in: declToFormat{}, opts: formatTag,
			msg: unimpl + "value of type jgen_test.declToFormat: encoding/json/v2 rule not implemented: format tag option on jgen_test.declToNum, a type with a MarshalJSONTo method, in Go struct field jgen_test.declToFormat.T",
			typ: reflect.TypeFor[declToFormat]()},
		{name: "string option on a type with MarshalJSONTo", in: declToString{},
			msg: unimpl + "value of type jgen_test.declToString: encoding/json/v2 rule not implemented: string tag option on Go struct field jgen_test.declToString.N of type jgen_test.declToNum, written by a MarshalJSONTo method or a MarshalToFunc",
			typ: reflect.TypeFor[declToString]()},
		{name: "embedded jsontext.Value not an object", in: declValueFallback{Extra: jsontext.Value(`[1]`)},
			msg: unimpl + "value of type jgen_test.declValueFallback: encoding/json/v2 rule not implemented: embedded fallback jsontext.Value (Go struct field Extra in jgen_test.declValueFallback) that is not one JSON object (encoding/json/v2's error)",
			typ: reflect.TypeFor[declValueFallback]()},
		{name: "embedded jsontext.Value naming a member", in: declValueFallback{Extra: jsontext.Value(`{"A":2}`)},
			msg: unimpl + "value of type jgen_test.declValueFallback: encoding/json/v2 rule not implemented: name of the embedded fallback jsontext.Value (Go struct field Extra in jgen_test.declValueFallback) that is the name of a member written, or of another of its names (encoding/json/v2's error)",
			typ: reflect.TypeFor[declValueFallback]()},
	})
}
