//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// MarshalJSONTo under jgen's v2 rules against encoding/json/v2's Marshal:
// the values jgen encodes byte for byte, those it declines (a failing
// method, one writing other than one value) given by the drop-in as
// encoding/json/v2 gives them. Go 1.27 only, as compareV2 and the
// drop-in are.

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
	jgenv2 "github.com/jgen-go/jgen/json/v2"
)

// toObj writes an object by tokens (value receiver).
type toObj struct{ N int }

func (x toObj) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginObject); err != nil {
		return err
	}
	for _, tok := range []jsontext.Token{jsontext.String("n"), jsontext.Int(int64(x.N)), jsontext.String("a")} {
		if err := enc.WriteToken(tok); err != nil {
			return err
		}
	}
	if err := enc.WriteValue(jsontext.Value(` [ true , null, 1.50 ] `)); err != nil {
		return err
	}
	return enc.WriteToken(jsontext.EndObject)
}

// toPtr writes a string (pointer receiver).
type toPtr struct{ S string }

func (x *toPtr) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("p:" + x.S))
}

// toNum marshals a number and a nested toObj through MarshalEncode, with
// the encoder's options (StringifyNumbers among them).
type toNum struct{}

func (toNum) MarshalJSONTo(enc *jsontext.Encoder) error {
	return jsonv2.MarshalEncode(enc, []any{42, 1.5, toObj{7}, map[string]int{"b": 2, "a": 1}, []int(nil)})
}

// toFunc calls its func.
type toFunc struct {
	f func(*jsontext.Encoder) error
}

func (x toFunc) MarshalJSONTo(enc *jsontext.Encoder) error { return x.f(enc) }

func toValue(s string) toFunc {
	return toFunc{func(enc *jsontext.Encoder) error { return enc.WriteValue(jsontext.Value(s)) }}
}

var errTo = errors.New("to failed")

// toSkip refuses with errors.ErrUnsupported, having written nothing:
// encoded as a struct, as v2 falls back on the default encoding.
type toSkip struct {
	A     int
	calls *int
}

func (x toSkip) MarshalJSONTo(*jsontext.Encoder) error {
	*x.calls++
	return fmt.Errorf("skip: %w", errors.ErrUnsupported)
}

// toSkipText refuses as toSkip does, falling back on its MarshalText.
type toSkipText struct{}

func (toSkipText) MarshalJSONTo(*jsontext.Encoder) error { return errors.ErrUnsupported }
func (toSkipText) MarshalText() ([]byte, error)          { return []byte("text"), nil }

// toSkipLate writes a value, then refuses: v2's error.
type toSkipLate struct{}

func (toSkipLate) MarshalJSONTo(enc *jsontext.Encoder) error {
	enc.WriteToken(jsontext.Null)
	return errors.ErrUnsupported
}

// toCases are the values compared, and whether jgen encodes each under
// the default options (or fails on it itself, with v2's error) rather
// than declining it.
var toCases = []struct {
	v       any
	encodes bool
}{
	{toObj{3}, true},
	{&toObj{3}, true},
	{(*toObj)(nil), true},
	{toPtr{"x"}, true},
	{&toPtr{"y"}, true},
	{(*toPtr)(nil), true},
	{[]toPtr{{"a"}, {"b"}}, true},
	{[2]toObj{{1}, {2}}, true},
	{map[string]toPtr{"k": {"v"}, "j": {"w"}}, true},
	{map[string]any{"k": toPtr{"v"}, "o": toObj{1}}, true},
	{[]any{toPtr{"i"}, &toPtr{"j"}, nil}, true},
	{struct {
		F toPtr
		P *toPtr
		Q *toPtr
		I any
		O toObj `json:"o,omitempty"`
	}{F: toPtr{"f"}, P: &toPtr{"p"}, I: toPtr{"i"}}, true},
	{toNum{}, true},
	{[]toNum{{}}, true},
	{toValue(`[[[[1]]]]`), true},
	{toValue(`{"a":{"b":[{},[]]},"c":"<&>\u2028"}`), true}, // jsontext writes \u2028 raw
	{toValue("\"<&>\u2028\""), true},
	{toValue("\"a\xffb\""), false}, // invalid UTF-8 refused by v2's encoder
	{toValue(`"a\nb"`), true},
	{toValue(`{"k\u0041\"\n":["\u003c&>\u2028\u001f\/é\ud83d\ude00",{"":"\t"}]}`), true},
	{toPtr{"a\"b\n<&>\u2028\x01\x7f"}, true},
	{[]any{toObj{1}, &toPtr{"<\x1f>"}}, true},
	{toValue(`{"a":1,"a":2}`), false},
	{toFunc{func(*jsontext.Encoder) error { return nil }}, true}, // v2's error: no value
	{toFunc{func(enc *jsontext.Encoder) error {
		enc.WriteToken(jsontext.Int(1))
		return enc.WriteToken(jsontext.Int(2))
	}}, false},
	{toFunc{func(enc *jsontext.Encoder) error { return enc.WriteToken(jsontext.BeginArray) }}, false},
	{toFunc{func(*jsontext.Encoder) error { return errTo }}, true},                  // the method's error
	{toFunc{func(*jsontext.Encoder) error { return errors.ErrUnsupported }}, false}, // a func: v2's error
	{[]toSkip{{A: 1, calls: new(int)}}, true},
	{map[string]toSkipText{"k": {}}, true},
	{toSkipLate{}, false},
	{[]any{1, toFunc{func(enc *jsontext.Encoder) error {
		enc.WriteToken(jsontext.Null)
		return errTo
	}}}, true}, // one value written, then the error
	{map[string]toFunc{"k": {func(enc *jsontext.Encoder) error {
		enc.WriteToken(jsontext.BeginObject)
		enc.WriteToken(jsontext.EndObject)
		return errTo
	}}}, true},
	{[]toFunc{{func(enc *jsontext.Encoder) error {
		enc.WriteToken(jsontext.BeginArray)
		return errTo
	}}}, false}, // part of a value: v2's pointer is within it
	{[]toFunc{{func(enc *jsontext.Encoder) error {
		enc.WriteToken(jsontext.Null)
		enc.WriteToken(jsontext.Null)
		return errTo
	}}}, false},
	{struct{ A []toFunc }{[]toFunc{toValue(`1`), toFunc{func(*jsontext.Encoder) error { return errTo }}}}, true},
	{[]toFunc{{func(*jsontext.Encoder) error { return fmt.Errorf("wrapped: %w", errTo) }}}, true},
	{map[string]toFunc{"k": {func(*jsontext.Encoder) error { return io.EOF }}}, false},                          // v2 says io.ErrUnexpectedEOF
	{[]toFunc{{func(enc *jsontext.Encoder) error { return jsonv2.MarshalEncode(enc, make(chan int)) }}}, false}, // a SemanticError
	{[]toFunc{{func(*jsontext.Encoder) error { return &jsonv2.SemanticError{Err: errTo} }}}, false},
}

// TestWriteValueV2MarshalJSONTo compares toCases under every option set,
// checks which jgen encodes under the default options, and that the
// drop-in gives what encoding/json/v2 gives, errors included.
func TestWriteValueV2MarshalJSONTo(t *testing.T) {
	for _, c := range v2OptionCases() {
		var n v2Tally
		for i, tc := range toCases {
			name := fmt.Sprintf("value %d (%T)", i, tc.v)
			compareV2(t, name, c, tc.v, &n)
			_, err := jgen.Marshal(tc.v, &c.jgen)
			if c.name == "default" {
				if declined := errors.Is(err, jgen.ErrV2Unimplemented); declined == tc.encodes {
					t.Errorf("%s: error %v, want encoded %v", name, err, tc.encodes)
				}
			}
			want, werr := jsonv2.Marshal(tc.v, append(c.std, jsonv2.Deterministic(true))...)
			if err != nil && werr != nil && !errors.Is(err, jgen.ErrV2Unimplemented) {
				checkV2StdError(t, name+" under "+c.name, err, werr)
			}
			got, gerr := jgenv2.Marshal(tc.v, append(c.std, jsonv2.Deterministic(true))...)
			if string(got) != string(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("%s under %s: drop-in %q, %v; want %q, %v", name, c.name, got, gerr, want, werr)
			}
		}
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
	}
}

// TestWriteValueV2MarshalJSONToBytes pins jgen's bytes for a few values
// and the errors of the drop-in for the failing methods.
func TestWriteValueV2MarshalJSONToBytes(t *testing.T) {
	v2 := &jgen.JSONv2{}
	for _, tc := range []struct {
		v    any
		o    jgen.Options
		want string
	}{
		{toObj{3}, jgen.Options{V2: v2}, `{"n":3,"a":[true,null,1.50]}`},
		{[]toPtr{{"a"}}, jgen.Options{V2: v2}, `["p:a"]`},
		{toNum{}, jgen.Options{V2: &jgen.JSONv2{StringifyNumbers: true}}, `["42","1.5",{"n":7,"a":[true,null,1.50]},{"a":"1","b":"2"},[]]`},
		{toNum{}, jgen.Options{V2: &jgen.JSONv2{FormatNilSliceAsNull: true}}, `[42,1.5,{"n":7,"a":[true,null,1.50]},{"a":1,"b":2},null]`},
		{toObj{1}, jgen.Options{V2: v2, Layout: jgen.Indented, Indent: "  "}, "{\n  \"n\": 1,\n  \"a\": [\n    true,\n    null,\n    1.50\n  ]\n}"},
		{toValue("\"<&>\u2028\""), jgen.Options{V2: v2}, "\"<&>\u2028\""},
		{toPtr{"<\n\u2028"}, jgen.Options{V2: v2, Escaping: jgen.Escaping{HTMLSafe: true, JSLineTerminators: true}}, `"p:\u003c\n\u2028"`},
		{toValue(`"\u0041\/"`), jgen.Options{V2: v2}, `"A/"`},
	} {
		got, err := jgen.Marshal(tc.v, &tc.o)
		if err != nil || string(got) != tc.want {
			t.Errorf("%T: got %q, %v; want %q", tc.v, got, err, tc.want)
		}
	}
	// Nesting to v2's limit of 10000 levels, and past it (declined).
	deep := func(n int) any { return []any{toValue(strings.Repeat("[", n) + strings.Repeat("]", n))} }
	var n v2Tally
	compareV2(t, "9999 levels in one", v2OptionCases()[0], deep(9999), &n)
	compareV2(t, "10000 levels in one", v2OptionCases()[0], deep(10000), &n)
	if n.same != 1 || n.declined != 1 {
		t.Errorf("nesting: %+v, want 1 same, 1 declined", n)
	}
	calls := 0
	got, err := jgenv2.Marshal(struct{ S toSkip }{toSkip{2, &calls}})
	if string(got) != `{"S":{"A":2}}` || err != nil || calls != 1 {
		t.Errorf("toSkip: got %s, %v after %d calls; want {\"S\":{\"A\":2}} after 1", got, err, calls)
	}
	for _, tc := range []struct {
		v       any
		pointer jsontext.Pointer
		is      error
	}{
		{[]any{1, toFunc{func(*jsontext.Encoder) error { return errTo }}}, "/1", errTo},
		{map[string]any{"k": toFunc{func(*jsontext.Encoder) error { return nil }}}, "/k", nil},
		{struct{ A []toFunc }{[]toFunc{toValue(`1`), toValue(`"a\xff"`)}}, "/A/1", nil},
	} {
		_, err := jgenv2.Marshal(tc.v)
		var se *jsonv2.SemanticError
		if !errors.As(err, &se) || se.JSONPointer != tc.pointer || (tc.is != nil && !errors.Is(err, tc.is)) {
			t.Errorf("%T: error %v, want a *SemanticError at %q", tc.v, err, tc.pointer)
		}
		_, werr := jsonv2.Marshal(tc.v)
		if err == nil || err.Error() != werr.Error() {
			t.Errorf("%T: error %v, want %v", tc.v, err, werr)
		}
	}
}
