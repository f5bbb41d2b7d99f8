//go:build goexperiment.jsonv2 && go1.27

package json_test

// Edge cases of option translation and MarshalEncode, each compared with
// encoding/json/v2: layouts jgen must not approximate, options that
// rewrite raw values, a member name's position, a nil Options, and depth
// through MarshalJSON output.

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

// bugRawJSON is a value whose MarshalJSON returns its string as is.
type bugRawJSON string

func (r bugRawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// bugStruct has its members out of name order and a number that only an
// integer keeps exactly.
type bugStruct struct {
	B int
	A uint64
}

func bugSame(t *testing.T, what string, got []byte, gerr error, want []byte, werr error) {
	t.Helper()
	if !bytes.Equal(got, want) || reflect.TypeOf(gerr) != reflect.TypeOf(werr) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%s:\n got %q, %v\nwant %q, %v", what, got, gerr, want, werr)
	}
}

// SpaceAfterComma under Multiline (jsontext writes ", \n") is left to
// encoding/json/v2, and a Multiline(false) after WithIndent gives the
// compact layout.
func TestDropInLayoutOptions(t *testing.T) {
	for i, opts := range [][]jsonv2.Options{
		{jsontext.Multiline(true), jsontext.SpaceAfterComma(true)},
		{jsontext.WithIndent("  "), jsontext.Multiline(false)},
	} {
		v := []int{1, 2}
		got, gerr := jv2.Marshal(v, opts...)
		want, werr := jsonv2.Marshal(v, opts...)
		bugSame(t, fmt.Sprintf("options %d", i), got, gerr, want, werr)
	}
}

// jsontext's raw-value options, which encoding/json/v2 applies to
// MarshalJSON output, leave the value to it.
func TestDropInRawValueOptions(t *testing.T) {
	v := bugRawJSON(`{"b":1.50,"a":-0,"c":123456789012345678901234567890}`)
	for i, opt := range []jsonv2.Options{
		jsontext.ReorderRawObjects(true), jsontext.CanonicalizeRawInts(true), jsontext.CanonicalizeRawFloats(true),
	} {
		got, gerr := jv2.Marshal(v, opt)
		want, werr := jsonv2.Marshal(v, opt)
		bugSame(t, fmt.Sprintf("option %d", i), got, gerr, want, werr)
	}
}

// An encoder's raw-value options would apply to the whole of jgen's
// encoding in out.WriteValue (members reordered, a uint64 through
// float64): MarshalEncode leaves such an encoder to encoding/json/v2.
func TestDropInMarshalEncodeRawOptions(t *testing.T) {
	v := bugStruct{B: 1, A: math.MaxUint64}
	for i, opt := range []jsonv2.Options{jsontext.ReorderRawObjects(true), jsontext.CanonicalizeRawInts(true)} {
		var gb, wb bytes.Buffer
		gerr := jv2.MarshalEncode(jsontext.NewEncoder(&gb, opt), v)
		werr := jsonv2.MarshalEncode(jsontext.NewEncoder(&wb, opt), v)
		bugSame(t, fmt.Sprintf("option %d", i), gb.Bytes(), gerr, wb.Bytes(), werr)
	}
}

// Where an object member name is expected, v2 writes a number as a name
// (no error), and a duplicate name is v2's *SemanticError, not
// jsontext's *SyntacticError: MarshalEncode gives both to v2.
func TestDropInMarshalEncodeAtName(t *testing.T) {
	for _, v := range []any{1, bugRawJSON(`"a"`)} {
		var gb, wb bytes.Buffer
		ge, we := jsontext.NewEncoder(&gb), jsontext.NewEncoder(&wb)
		for _, e := range []*jsontext.Encoder{ge, we} {
			_ = e.WriteToken(jsontext.BeginObject)
			_ = e.WriteToken(jsontext.String("a"))
			_ = e.WriteToken(jsontext.Int(1))
		}
		gerr := jv2.MarshalEncode(ge, v)
		werr := jsonv2.MarshalEncode(we, v)
		bugSame(t, fmt.Sprintf("%T", v), nil, gerr, nil, werr)
	}
}

// encoding/json/v2 counts nesting from the root through MarshalJSON
// output: 10000 levels of it inside an array are 10001, which it refuses
// ("exceeded max depth").
func TestDropInV2MarshalJSONDepth(t *testing.T) {
	v := []any{bugRawJSON(strings.Repeat("[", 10000) + strings.Repeat("]", 10000))}
	got, gerr := jv2.Marshal(v)
	want, werr := jsonv2.Marshal(v)
	if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("got %d bytes, %v\nwant %d bytes, %v", len(got), gerr, len(want), werr)
	}
}

// A nil Options is ignored, as encoding/json/v2 ignores it.
func TestDropInNilOption(t *testing.T) {
	for name, f := range map[string]func() ([]byte, error){
		"Marshal": func() ([]byte, error) { return jv2.Marshal(1, nil) },
		"MarshalWrite": func() ([]byte, error) {
			var b bytes.Buffer
			err := jv2.MarshalWrite(&b, 1, nil)
			return b.Bytes(), err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(1, nil): panic %v; encoding/json/v2 writes 1", name, r)
				}
			}()
			got, err := f()
			want, werr := jsonv2.Marshal(1, nil)
			bugSame(t, name, got, err, want, werr)
		}()
	}
}
