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
	jgenv2 "github.com/jgen-go/jgen/json/v2"
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

// TestV2FuncAndToFailures: the error of a MarshalToFunc, a MarshalFunc
// or a MarshalJSONTo method in jgen's own API is an *EncodeError of the
// function's T (the method's type) wrapping it, not a decline, with
// encoding/json/v2's *json.SemanticError for it beside it (its GoType and
// JSONPointer v2's); the drop-in returns encoding/json/v2's error.
func TestV2FuncAndToFailures(t *testing.T) {
	boom := errors.New("boom")
	v := declFuncHolder{PP: &declFuncPoint{}}
	for _, c := range []struct {
		name string
		m    *jgen.Marshalers   // jgen's functions (nil: none)
		std  *jsonv2.Marshalers // encoding/json/v2's
		drop *jgenv2.Marshalers // the drop-in's (nil: not compared, or none)
		in   any
		msg  string
		typ  reflect.Type
		err  error // matched by errors.Is
	}{
		{name: "MarshalToFunc", in: v,
			m:    jgen.MarshalToFunc(func(*jsontext.Encoder, declFuncPoint) error { return boom }),
			std:  jsonv2.MarshalToFunc(func(*jsontext.Encoder, declFuncPoint) error { return boom }),
			drop: jgenv2.MarshalToFunc(func(*jsontext.Encoder, declFuncPoint) error { return boom }),
			msg:  "jgen: cannot encode value of type jgen_test.declFuncPoint at /P: boom", typ: reflect.TypeFor[declFuncPoint](), err: boom},
		{name: "MarshalToFunc of a pointer type", in: v,
			m:   jgen.MarshalToFunc(func(*jsontext.Encoder, *declFuncPoint) error { return boom }),
			std: jsonv2.MarshalToFunc(func(*jsontext.Encoder, *declFuncPoint) error { return boom }),
			msg: "jgen: cannot encode value of type *jgen_test.declFuncPoint at /P: boom", typ: reflect.TypeFor[*declFuncPoint](), err: boom},
		{name: "MarshalToFunc writing nothing", in: v,
			m:   jgen.MarshalToFunc(func(*jsontext.Encoder, declFuncPoint) error { return nil }),
			std: jsonv2.MarshalToFunc(func(*jsontext.Encoder, declFuncPoint) error { return nil }),
			msg: "jgen: cannot encode value of type jgen_test.declFuncPoint at /P: must read or write exactly one value", typ: reflect.TypeFor[declFuncPoint]()},
		{name: "MarshalToFunc writing one value and failing", in: []declFuncPoint{{}},
			m: jgen.MarshalToFunc(func(enc *jsontext.Encoder, _ declFuncPoint) error {
				enc.WriteToken(jsontext.Null)
				return boom
			}),
			std: jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, _ declFuncPoint) error {
				enc.WriteToken(jsontext.Null)
				return boom
			}),
			msg: "jgen: cannot encode value of type jgen_test.declFuncPoint at /0: boom", typ: reflect.TypeFor[declFuncPoint](), err: boom},
		{name: "MarshalFunc of a pointer type", in: v,
			m:    jgen.MarshalFunc(func(*declFuncPoint) ([]byte, error) { return nil, boom }),
			std:  jsonv2.MarshalFunc(func(*declFuncPoint) ([]byte, error) { return nil, boom }),
			drop: jgenv2.MarshalFunc(func(*declFuncPoint) ([]byte, error) { return nil, boom }),
			msg:  "jgen: cannot encode value of type *jgen_test.declFuncPoint at /P: boom", typ: reflect.TypeFor[*declFuncPoint](), err: boom},
		{name: "MarshalJSONTo", in: map[string]declTo{"k": {func(*jsontext.Encoder) error { return boom }}},
			msg: "jgen: cannot encode value of type jgen_test.declTo at /k: boom", typ: reflect.TypeFor[declTo](), err: boom},
	} {
		o := v2Opts(jgen.JSONv2{Marshalers: c.m})
		_, err := jgen.Marshal(c.in, o)
		var ee *jgen.EncodeError
		if !errors.As(err, &ee) {
			t.Errorf("%s: %v, want an *EncodeError", c.name, err)
			continue
		}
		if err.Error() != c.msg || ee.Type != c.typ {
			t.Errorf("%s:\n got  %s (Type %v)\n want %s (Type %v)", c.name, err, ee.Type, c.msg, c.typ)
		}
		if errors.Is(err, jgen.ErrV2Unimplemented) || c.err != nil && !errors.Is(err, c.err) {
			t.Errorf("%s: %v: declined, or not matching %v", c.name, err, c.err)
		}
		var opts []jsonv2.Options
		if c.std != nil {
			opts = append(opts, jsonv2.WithMarshalers(c.std))
		}
		_, werr := jsonv2.Marshal(c.in, opts...)
		var gs, ws *jsonv2.SemanticError
		if !errors.As(err, &gs) || !errors.As(werr, &ws) {
			t.Errorf("%s: %v / %v: want a *json.SemanticError in both", c.name, err, werr)
			continue
		}
		if gs.Error() != ws.Error() || gs.GoType != ws.GoType || gs.JSONPointer != ws.JSONPointer {
			t.Errorf("%s: SemanticError %v (GoType %v), encoding/json/v2's %v (GoType %v)", c.name, gs, gs.GoType, ws, ws.GoType)
		}
		// The drop-in, its own functions made alike.
		if c.m == nil || c.drop != nil {
			var dopts []jgenv2.Options
			if c.drop != nil {
				dopts = append(dopts, jgenv2.WithMarshalers(c.drop))
			}
			if _, derr := jgenv2.Marshal(c.in, dopts...); derr == nil || derr.Error() != werr.Error() {
				t.Errorf("%s: drop-in %v, encoding/json/v2 %v", c.name, derr, werr)
			}
		}
	}
}
