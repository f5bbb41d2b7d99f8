package jgen_test

// The reasons of the values jgen's v2 rules decline: each names the rule
// declined, and matches ErrV2Unimplemented.

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// declineCase is a value the v2 rules decline under opts, with the
// *EncodeError's whole message and Type.
type declineCase struct {
	name string
	in   any
	opts *jgen.Options
	msg  string
	typ  reflect.Type
}

// v2Opts returns the options of the v2 rules r.
func v2Opts(r jgen.JSONv2) *jgen.Options { return &jgen.Options{V2: &r} }

// checkDeclines asserts each case's error: an *EncodeError of its Type
// and message whose Err matches ErrV2Unimplemented (and whose Err's own
// message is the message less the EncodeError's prefix).
func checkDeclines(t *testing.T, cases []declineCase) {
	t.Helper()
	for _, c := range cases {
		opts := c.opts
		if opts == nil {
			opts = v2Opts(jgen.JSONv2{})
		}
		_, err := jgen.Marshal(c.in, opts)
		var ee *jgen.EncodeError
		switch {
		case err == nil:
			t.Errorf("%s: no error, want %q", c.name, c.msg)
			continue
		case !errors.As(err, &ee):
			t.Errorf("%s: %T %v, want an *EncodeError", c.name, err, err)
			continue
		}
		if err.Error() != c.msg {
			t.Errorf("%s:\n got  %s\n want %s", c.name, err, c.msg)
		}
		if !errors.Is(err, jgen.ErrV2Unimplemented) || !errors.Is(ee.Err, jgen.ErrV2Unimplemented) {
			t.Errorf("%s: %v does not match ErrV2Unimplemented", c.name, err)
		}
		if ee.Err == jgen.ErrV2Unimplemented {
			t.Errorf("%s: the bare sentinel, without a reason", c.name)
		}
		if ee.Type != c.typ {
			t.Errorf("%s: Type %v, want %v", c.name, ee.Type, c.typ)
		}
	}
}

type (
	declFormat struct {
		At time.Time `json:"at,format:DateOnly"`
	}
	declFormatOuter struct {
		Shapes []declFormat
	}
	declDuration struct{ D time.Duration }
	declChan     struct{ C chan int }
	declDupNames struct {
		X int
		Y int `json:"X"`
	}
	declQuoted struct {
		A int `json:"'a'"`
	}
	declEmbedInt  int
	declEmbedded  struct{ declEmbedInt }
	declNoExport  struct{ a, b int }
	declBadFormat struct {
		N int `json:",format:base64"`
	}
	declStringOpt struct {
		B bool `json:",string"`
	}
	declStringUnits struct {
		D time.Duration `json:",string,format:units"`
	}
	declTimeIdent struct {
		At time.Time `json:",format:Tomorrow"`
	}
	declRFC3339 struct {
		At time.Time `json:",format:RFC3339"`
	}
	declNode     struct{ Next *declNode }
	declFallback struct {
		A     int
		Extra map[string]any `json:",embed"`
	}
	declText    struct{ s string }
	declBadText struct{ s string }
	declRawKey  struct{ s string }
)

func (k declText) MarshalText() ([]byte, error) { return []byte("same"), nil }

func (k declBadText) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

func (k declRawKey) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

// declRaw is MarshalJSON output as it is.
type declRaw string

func (r declRaw) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// declChain returns a list of n nodes.
func declChain(n int) *declNode {
	var head *declNode
	for range n {
		head = &declNode{Next: head}
	}
	return head
}

const unimpl = "jgen: cannot encode "

// declTagged is a struct with a json tag on an unexported field (made
// with reflect, as go vet refuses such a tag in source).
var declTagged = reflect.StructOf([]reflect.StructField{{Name: "a", PkgPath: "jgen_test", Type: reflect.TypeFor[int](), Tag: `json:"a"`}})

func TestV2DeclineReasons(t *testing.T) {
	replaceRaw := v2Opts(jgen.JSONv2{})
	replaceRaw.Escaping.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	formatTag := v2Opts(jgen.JSONv2{SupportFormatTag: true})
	ascii := v2Opts(jgen.JSONv2{})
	ascii.Escaping = jgen.ASCII
	nonStr := jgen.MarshalFunc(func(s string) ([]byte, error) { return []byte(`1`), nil })
	escStr := jgen.MarshalFunc(func(s string) ([]byte, error) { return []byte(`"a\n"`), nil })
	checkDeclines(t, []declineCase{
		// Types and struct tags.
		{name: "format without SupportFormatTag", in: declFormatOuter{Shapes: []declFormat{{}}},
			msg: unimpl + "value of type jgen_test.declFormatOuter: encoding/json/v2 rule not implemented: format tag option without SupportFormatTag on Go struct field jgen_test.declFormat.At (encoding/json/v2's error), in Go struct field jgen_test.declFormatOuter.Shapes",
			typ: reflect.TypeFor[declFormatOuter]()},
		{name: "time.Duration", in: declDuration{},
			msg: unimpl + "value of type jgen_test.declDuration: encoding/json/v2 rule not implemented: time.Duration without a format tag option (encoding/json/v2's error: no default representation), in Go struct field jgen_test.declDuration.D",
			typ: reflect.TypeFor[declDuration]()},
		{name: "chan", in: []any{1, declChan{}},
			msg: unimpl + "value of type jgen_test.declChan at /1: encoding/json/v2 rule not implemented: chan kind (chan int), which encoding/json/v2 refuses, in Go struct field jgen_test.declChan.C",
			typ: reflect.TypeFor[declChan]()},
		{name: "tag on an unexported field", in: reflect.New(declTagged).Elem().Interface(),
			msg: unimpl + "value of type struct { a int \"json:\\\"a\\\"\" }: encoding/json/v2 rule not implemented: Go struct field struct { a int \"json:\\\"a\\\"\" }.a is unexported and has a json tag (encoding/json/v2's error)",
			typ: declTagged},
		{name: "duplicate names", in: declDupNames{},
			msg: unimpl + "value of type jgen_test.declDupNames: encoding/json/v2 rule not implemented: Go struct field jgen_test.declDupNames.Y has the JSON name \"X\" of another field of the struct (encoding/json/v2's error)",
			typ: reflect.TypeFor[declDupNames]()},
		{name: "single-quoted name", in: declQuoted{},
			msg: unimpl + "value of type jgen_test.declQuoted: encoding/json/v2 rule not implemented: Go struct field jgen_test.declQuoted.A has a json tag that encoding/json/v2 refuses or jgen does not parse: \"'a'\"",
			typ: reflect.TypeFor[declQuoted]()},
		{name: "embedded non-struct", in: declEmbedded{declEmbedInt: 1},
			msg: unimpl + "value of type jgen_test.declEmbedded: encoding/json/v2 rule not implemented: Go struct field jgen_test.declEmbedded.declEmbedInt is an embedded int without a JSON name (encoding/json/v2's error)",
			typ: reflect.TypeFor[declEmbedded]()},
		{name: "no exported fields", in: declNoExport{a: 1, b: 2},
			msg: unimpl + "value of type jgen_test.declNoExport: encoding/json/v2 rule not implemented: Go struct jgen_test.declNoExport has no exported fields (encoding/json/v2's error)",
			typ: reflect.TypeFor[declNoExport]()},
		{name: "embedded fallback under Marshalers", in: declFallback{}, opts: v2Opts(jgen.JSONv2{Marshalers: jgen.MarshalFunc(func(time.Time) ([]byte, error) { return nil, nil })}),
			msg: unimpl + "value of type jgen_test.declFallback: encoding/json/v2 rule not implemented: embedded fallback (Go struct field jgen_test.declFallback.Extra) under Marshalers",
			typ: reflect.TypeFor[declFallback]()},
		// Tag options.
		{name: "format refused on the type", in: declBadFormat{}, opts: formatTag,
			msg: unimpl + "value of type jgen_test.declBadFormat: encoding/json/v2 rule not implemented: format:base64 tag option on int, which encoding/json/v2 refuses or jgen does not implement, in Go struct field jgen_test.declBadFormat.N",
			typ: reflect.TypeFor[declBadFormat]()},
		{name: "reserved time format", in: declTimeIdent{}, opts: formatTag,
			msg: unimpl + "value of type jgen_test.declTimeIdent: encoding/json/v2 rule not implemented: format:Tomorrow tag option on time.Time, which encoding/json/v2 refuses or jgen does not implement, in Go struct field jgen_test.declTimeIdent.At",
			typ: reflect.TypeFor[declTimeIdent]()},
		{name: "string option with units", in: declStringUnits{}, opts: formatTag,
			msg: unimpl + "value of type jgen_test.declStringUnits: encoding/json/v2 rule not implemented: string tag option with format:units on time.Duration (encoding/json/v2's error), in Go struct field jgen_test.declStringUnits.D",
			typ: reflect.TypeFor[declStringUnits]()},
		{name: "string option on a bool", in: declStringOpt{},
			msg: unimpl + "value of type jgen_test.declStringOpt: encoding/json/v2 rule not implemented: string tag option on Go struct field jgen_test.declStringOpt.B of type bool, not a number (encoding/json/v2's error)",
			typ: reflect.TypeFor[declStringOpt]()},
		// Map keys.
		{name: "bool keys", in: map[bool]int{true: 1},
			msg: unimpl + "value of type map[bool]int: encoding/json/v2 rule not implemented: map key type bool of bool kind (encoding/json/v2 refuses bool, struct and array keys; jgen implements string, integer, float and method keys)",
			typ: reflect.TypeFor[map[bool]int]()},
		{name: "nil pointer key", in: map[string]map[*int]int{"m": {nil: 1}},
			msg: unimpl + "map key of type *int at /m: encoding/json/v2 rule not implemented: nil pointer map key (encoding/json/v2's error)",
			typ: reflect.TypeFor[*int]()},
		{name: "nil interface key", in: map[any]int{nil: 1},
			msg: unimpl + "map key of type interface {}: encoding/json/v2 rule not implemented: nil interface map key (encoding/json/v2's error)",
			typ: reflect.TypeFor[any]()},
		{name: "interface key holding a float64", in: map[any]int{1.5: 1},
			msg: unimpl + "map key of type interface {}: encoding/json/v2 rule not implemented: map key of interface type interface {} holding a float64 (encoding/json/v2 writes it as a number, refused as a name but under StringifyNumbers)",
			typ: reflect.TypeFor[any]()},
		{name: "interface key holding a named type", in: map[any]int{declEmbedInt(1): 1},
			msg: unimpl + "map key of type interface {}: encoding/json/v2 rule not implemented: map key of interface type interface {} holding a jgen_test.declEmbedInt (jgen names predeclared string, integer and float32 types only)",
			typ: reflect.TypeFor[any]()},
		{name: "NaN key", in: map[float64]int{math.NaN(): 1},
			msg: unimpl + "map key of type float64: encoding/json/v2 rule not implemented: NaN or ±Inf map key (encoding/json/v2's error)",
			typ: reflect.TypeFor[float64]()},
		{name: "keys of invalid UTF-8", in: map[string]int{"\xff": 1}, opts: replaceRaw,
			msg: unimpl + "map key of type string: encoding/json/v2 rule not implemented: map keys of invalid UTF-8 that could be written as one name, under an InvalidUTF8 policy that replaces it, without AllowDuplicateNames",
			typ: reflect.TypeFor[string]()},
		{name: "keys of invalid UTF-8, a large map", in: map[string]bool{"\xff": true, "a": true, "b": true, "c": true, "d": true, "e": true, "f": true, "g": true, "h": true, "i": true, "j": true, "k": true, "l": true, "m": true, "n": true, "o": true, "p": true, "q": true, "r": true}, opts: replaceRaw,
			msg: unimpl + "map key of type string: encoding/json/v2 rule not implemented: map keys of invalid UTF-8 that could be written as one name, under an InvalidUTF8 policy that replaces it, without AllowDuplicateNames",
			typ: reflect.TypeFor[string]()},
		{name: "key method fails", in: map[declBadText]int{{s: "x"}: 1},
			msg: unimpl + "map key of type jgen_test.declBadText: encoding/json/v2 rule not implemented: map key type jgen_test.declBadText whose MarshalText method failed (encoding/json/v2's error)",
			typ: reflect.TypeFor[declBadText]()},
		{name: "key MarshalJSON not a string", in: map[declRawKey]int{{s: "x"}: 1},
			msg: unimpl + "map key of type jgen_test.declRawKey: encoding/json/v2 rule not implemented: map key type jgen_test.declRawKey whose MarshalJSON output is not a JSON string without escapes",
			typ: reflect.TypeFor[declRawKey]()},
		{name: "distinct keys of one name", in: map[declText]int{{"a"}: 1, {"b"}: 2},
			msg: unimpl + "map key of type jgen_test.declText: encoding/json/v2 rule not implemented: distinct map keys of type jgen_test.declText named \"same\" without AllowDuplicateNames (encoding/json/v2's error)",
			typ: reflect.TypeFor[declText]()},
		{name: "MarshalFunc key not a string", in: map[string]int{"a": 1}, opts: v2Opts(jgen.JSONv2{Marshalers: nonStr}),
			msg: unimpl + "map key of type string: encoding/json/v2 rule not implemented: map key whose MarshalFunc output is not a JSON string (encoding/json/v2's error)",
			typ: reflect.TypeFor[string]()},
		{name: "MarshalFunc key with escapes", in: map[string]int{"a": 1}, opts: v2Opts(jgen.JSONv2{Marshalers: escStr}),
			msg: unimpl + "map key of type string: encoding/json/v2 rule not implemented: map key whose MarshalFunc output is a JSON string with escapes or control characters",
			typ: reflect.TypeFor[string]()},
		// Values.
		{name: "time.Time past 9999", in: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
			msg: unimpl + "value of type time.Time: encoding/json/v2 rule not implemented: time.Time with a year outside [0,9999] or a zone offset of 24 hours or more (encoding/json/v2's error)",
			typ: reflect.TypeFor[time.Time]()},
		{name: "RFC3339 past 9999", in: declRFC3339{At: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}, opts: formatTag,
			msg: unimpl + "value of type time.Time at /At: encoding/json/v2 rule not implemented: time.Time under the format RFC3339 with a year outside [0,9999] or a zone offset of 24 hours or more (encoding/json/v2's error)",
			typ: reflect.TypeFor[time.Time]()},
		{name: "pointers past 1000", in: declChain(1002),
			msg: unimpl + "value of type *jgen_test.declNode at /Next/…/Next (depth 1000): encoding/json/v2 rule not implemented: nesting of pointers, interfaces, slices or maps deeper than 1000 levels (encoding/json/v2 checks for cycles past them)",
			typ: reflect.TypeFor[*declNode]()},
		{name: "embedded fallback key of invalid UTF-8", in: declFallback{Extra: map[string]any{"\xff": 1}},
			msg: unimpl + "value of type jgen_test.declFallback: encoding/json/v2 rule not implemented: embedded fallback (Go struct field Extra in jgen_test.declFallback) with a map key of invalid UTF-8, which encoding/json/v2 sorts by its bytes",
			typ: reflect.TypeFor[declFallback]()},
		// Raw output.
		{name: "MarshalJSON output not one value", in: declRaw(`[1,`),
			msg: unimpl + "value of type jgen_test.declRaw: encoding/json/v2 rule not implemented: MarshalJSON output that is not exactly one JSON value (encoding/json/v2's error)",
			typ: reflect.TypeFor[declRaw]()},
		{name: "MarshalJSON output with a duplicate name", in: declRaw(`{"a":1,"a":2}`),
			msg: unimpl + "value of type jgen_test.declRaw: encoding/json/v2 rule not implemented: MarshalJSON output with a duplicate name, invalid UTF-8 or an unpaired surrogate escape (encoding/json/v2's error)",
			typ: reflect.TypeFor[declRaw]()},
		{name: "MarshalJSON output under ASCII", in: declRaw(`1`), opts: ascii,
			msg: unimpl + "value of type jgen_test.declRaw: encoding/json/v2 rule not implemented: MarshalJSON output under an escaping other than Minimal's with or without HTMLSafe and JSLineTerminators",
			typ: reflect.TypeFor[declRaw]()},
		{name: "MarshalFunc output not one value", in: declFallback{}, opts: v2Opts(jgen.JSONv2{Marshalers: jgen.MarshalFunc(func(p declFallback) ([]byte, error) { return []byte(`{`), nil })}),
			msg: unimpl + "value of type jgen_test.declFallback: encoding/json/v2 rule not implemented: MarshalFunc output that is not exactly one JSON value (encoding/json/v2's error)",
			typ: reflect.TypeFor[declFallback]()},
	})
}

// TestV2DeclineKeyTwice: a declined map key's *EncodeError is the call's
// own: a second call's Pointer is not the first's path extended (one
// error was once shared by the calls of a compiled encoder).
func TestV2DeclineKeyTwice(t *testing.T) {
	v := map[string]map[*int]int{"m": {nil: 1}}
	for i := range 3 {
		_, err := jgen.Marshal(v, v2Opts(jgen.JSONv2{}))
		var ee *jgen.EncodeError
		if !errors.As(err, &ee) || ee.Pointer != "/m" {
			t.Fatalf("call %d: %v, want an *EncodeError at /m", i, err)
		}
	}
}
