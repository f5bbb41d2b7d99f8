//lint:file-ignore SA5008 malformed and odd json tags are deliberate: the test compares their handling with encoding/json
package jgen_test

// The value encoder against the toolchain's encoding/json on the cases
// where the four builds jgen supports differ from each other (Go 1.26; Go
// 1.27, whose encoding/json runs on encoding/json/v2; Go 1.27 with
// GOEXPERIMENT=nojsonv2, the classic encoding/json; Go 1.26 with
// GOEXPERIMENT=jsonv2, an earlier v1-on-v2), each a named case, with the
// bytes and the error's encoding/json types and fields compared exactly.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

type (
	keyPtrText  struct{ K string } // MarshalText on the pointer only
	intText     int                // an integer kind with MarshalText
	badJSON     struct{}           // MarshalJSON returns invalid JSON
	badJSONPtr  struct{}           // the same, pointer receiver
	failTextPtr struct{}           // MarshalText fails, pointer receiver
	failJSONPtr struct{}           // MarshalJSON fails, pointer receiver
	depthJSON   struct{ N int }    // MarshalJSON returns N nested arrays

	quotedNames struct {
		A int `json:"'a,b'"`
		B int `json:"'c\\'d',omitempty"`
		C int `json:"'e\"f'"`
		D int `json:"'unterminated"`
		E int `json:"x'y'"`
		F int `json:"'g'h"`
		G int `json:"'',omitempty"`
	}
	backslashNames struct {
		A int `json:"a\\b"`
		B int `json:"c\"d"`
		C int "json:\"e`f\""
	}
	formatTag struct {
		T time.Time `json:"t,format:RFC3339"`
		N int
	}
	formatTagBytes struct {
		B []byte `json:",format:hex"`
	}
	formatNested struct {
		Outer int
		In    formatTag
	}
)

func (k *keyPtrText) MarshalText() ([]byte, error) { return []byte("pk:" + k.K), nil }
func (i intText) MarshalText() ([]byte, error)     { return []byte(fmt.Sprintf("i%d", int(i))), nil }
func (badJSON) MarshalJSON() ([]byte, error)       { return []byte(`{"a":}`), nil }
func (*badJSONPtr) MarshalJSON() ([]byte, error)   { return []byte(`[1,]`), nil }
func (*failTextPtr) MarshalText() ([]byte, error)  { return nil, errors.New("text failed") }
func (*failJSONPtr) MarshalJSON() ([]byte, error)  { return nil, errors.New("json failed") }
func (d depthJSON) MarshalJSON() ([]byte, error) {
	return []byte(strings.Repeat("[", d.N) + strings.Repeat("]", d.N)), nil
}

// buildCases are the named cases of TestWriteValueBuilds; v2Cases (set in
// a file built with goexperiment.jsonv2) adds those that need
// encoding/json/v2's types.
func buildCases() []tableCase {
	n, s := 3, "s"
	nested := func(depth int, inner any) any {
		v := inner
		for range depth {
			v = []any{v}
		}
		return v
	}
	cases := []tableCase{
		// Item 3: the member names and map keys that set classic apart.
		{"backslash and quote names", backslashNames{1, 2, 3}},
		{"map float64 key", map[float64]int{1.5: 1, math.Copysign(0, -1): 2, 1e21: 3}},
		{"map bool key", map[bool]int{true: 1, false: 0}},
		// Item 6: single-quoted names.
		{"quoted names", quotedNames{1, 2, 3, 4, 5, 6, 7}},
		// Item 4: map keys.
		{"map pointer int key", map[*int]int{&n: 1}},
		{"map pointer string key", map[*string]int{&s: 1}},
		{"map nil pointer key", map[*int]int{nil: 1}},
		{"map any text key", map[any]int{textKey{"t"}: 1}},
		{"map any pointer key", map[any]int{&n: 1}},
		{"map any pointer text key", map[any]int{&textKey{"p"}: 1}},
		{"map any time key", map[any]int{time.Unix(1e9, 0).UTC(): 1}},
		{"map any int text key", map[any]int{intText(7): 1}},
		{"map int text key", map[intText]int{7: 1, 10: 2}},
		{"map any float key", map[any]int{1.5: 1}},
		{"map any integral float key", map[any]int{2.0: 1}},
		{"map any NaN key", map[any]int{math.NaN(): 1}},
		{"map any nil key", map[any]int{nil: 1}},
		{"map any bool key", map[any]int{false: 1}},
		{"map any struct key", map[any]int{struct{ A int }{1}: 1}},
		{"map pointer-receiver text key", map[keyPtrText]int{{"x"}: 1}},
		{"map pointer to pointer-receiver text key", map[*keyPtrText]int{{"x"}: 1}},
		{"map invalid UTF-8 key order", map[string]int{"\xff": 1, "\xfe": 2, "\uFFFD": 3, "a": 4, "\xef\xbf\xbd\xff": 5, "z\xff": 6, "z\uFFFD": 7}},
		{"map invalid UTF-8 text key order", map[textKey]int{{"\xffa"}: 1, {"\uFFFDb"}: 2}},
		{"map any invalid UTF-8 key order", map[any]int{"\xffa": 1, "\uFFFDb": 2, 3: 3}},
		{"map any float32 key", map[any]int{float32(1.5): 1}},
		{"map any named string text key", map[any]int{textKeyString("n"): 1}},
		{"map pointer to pointer key", map[**int]int{}},
		{"map bad key nested", []any{1, map[string]any{"a/b": map[bool]int{true: 1}}}},
		{"map bad key under a long pointer", map[string]any{strings.Repeat("n", 60): []any{1, map[string]any{"é" + strings.Repeat("m", 60) + "\xff": map[bool]int{true: 1}}}}},
		{"map bad key in struct", &struct{ M map[any]int }{map[any]int{nil: 1}}},
		// Item 5: the format tag option.
		{"format tag", formatTag{N: 1}},
		{"format tag bytes", formatTagBytes{[]byte{1, 2}}},
		{"format tag nested", formatNested{Outer: 1}},
		{"format tag in slice", []formatTag{{}}},
		{"format tag nil pointer", (*formatTag)(nil)},
		{"format tag in map", map[string]formatTag{}},
		// Tag options as encoding/json/v2 reads them: an option is the
		// leading identifier after a comma (go vet refuses some of these
		// tags in source, so they are made with reflect.StructOf).
		{"tag option trailing space", withTag(`json:",omitempty "`, 0)},
		{"tag option leading space", withTag(`json:", omitempty"`, 0)},
		{"tag option colon", withTag(`json:",omitempty:x"`, 0)},
		{"tag option dash", withTag(`json:",omitzero-x"`, 0)},
		{"tag option string trailing space", withTag(`json:",string "`, 1)},
		{"tag option quoted", withTag(`json:",'omitempty'"`, 0)},
		{"tag option after case", withTag(`json:",case:ignore,omitempty"`, 0)},
		{"tag option after quoted case", withTag(`json:",case:'ignore' omitempty"`, 0)},
		{"tag option after a bad format", withTag(`json:",format:'x,omitempty"`, 0)},
		{"tag option in a name", withTag(`json:"a b,omitempty"`, 0)},
		{"tag option embed trailing space", withTag(`json:",embed "`, struct{ B int }{1})},
		{"tag option embed colon", withTag(`json:",embed:x"`, struct{ B int }{1})},
		// Item 8: errors.
		{"marshaler invalid output", badJSON{}},
		{"marshaler invalid output in slice", []badJSON{{}}},
		{"pointer marshaler invalid output", &badJSONPtr{}},
		{"pointer marshaler fails", &failJSONPtr{}},
		{"pointer marshaler fails in struct", &struct{ F failJSONPtr }{}},
		{"pointer text fails", &failTextPtr{}},
		{"text fails in slice", []failingText{{}}},
		{"text key fails", map[failingKey]int{{"k"}: 1}},
		{"map any bad key", map[any]int{[1]int{}: 1}},
		{"map any chan key", map[any]int{make(chan int): 1}},
		// Item 9: depth. encoding/json's limit on v2 is 10000 levels.
		{"depth 10000", nested(9999, []any{1})},
		{"depth 10001", nested(10000, []any{1})},
		{"depth 10001 empty innermost", nested(10000, []any{})},
		{"depth 10002 empty innermost", nested(10001, []any{})},
		{"marshaler depth 10001", depthJSON{10001}},
		{"marshaler depth 10000 under 1", []any{depthJSON{10000}}},
	}
	if v2Cases != nil {
		cases = append(cases, v2Cases()...)
	}
	return cases
}

// withTag returns a struct value with one field A of v's type and value,
// tagged tag.
func withTag(tag string, v any) any {
	rv := reflect.ValueOf(v)
	t := reflect.StructOf([]reflect.StructField{{Name: "A", Type: rv.Type(), Tag: reflect.StructTag(tag)}})
	s := reflect.New(t).Elem()
	s.Field(0).Set(rv)
	return s.Interface()
}

// v2Cases returns the cases that need encoding/json/v2's types.
var v2Cases func() []tableCase

// jsonOnV2Build is set where encoding/json runs on encoding/json/v2;
// go127Build where the toolchain is Go 1.27 or later.
var (
	jsonOnV2Build = jsonOnV2()
	go127Build    = !strings.HasPrefix(runtime.Version(), "go1.26")
)

// buildDifferences lists the cases of buildCases where jgen differs from
// encoding/json on this build (knownDifferences, per build), with the
// reason; the README and the Stdlib doc list the same.
func buildDifferences() map[string]string {
	d := map[string]string{}
	depth := "jgen refuses nesting deeper than Options.MaxDepth (DefaultMaxDepth 10000 levels, counted from the root through MarshalJSON output)"
	if !jsonOnV2Build {
		// Classic encoding/json has no depth limit for values, and
		// checks MarshalJSON output alone, to 10000 levels.
		for _, n := range []string{"depth 10001", "depth 10001 empty innermost", "depth 10002 empty innermost", "marshaler depth 10000 under 1"} {
			d[n] = depth
		}
	} else {
		// encoding/json on v2 counts a container when its first member
		// or element comes, so an empty innermost one is one level more.
		d["depth 10001 empty innermost"] = depth
	}
	if jsonOnV2Build && !go127Build {
		// Go 1.26's experiment applies them; jgen refuses the struct
		// type (ErrTagOptionUnsupported) where encoding/json encodes it.
		for _, n := range []string{"format tag", "format tag bytes", "format tag nested", "format tag in slice"} {
			d[n] = "jgen refuses the format option, which Go 1.26's experiment applies"
		}
		d["inline tag"] = "jgen refuses the inline option, which Go 1.26's experiment applies"
	}
	return d
}

// TestWriteValueBuilds compares each case of buildCases with
// encoding/json, and checks that each listed difference still differs.
func TestWriteValueBuilds(t *testing.T) {
	diffs := buildDifferences()
	for _, c := range buildCases() {
		if why, ok := diffs[c.name]; ok {
			if compareExactErr(c.v) == "" {
				t.Errorf("%s: listed as a difference (%s), but matches encoding/json", c.name, why)
			}
			continue
		}
		if msg := compareExactErr(c.v); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
	}
}

// compareExact compares jgen.Marshal under Stdlib with json.Marshal: the
// same bytes, or errors of the same shape (errShape).
func compareExact(t *testing.T, name string, v any) {
	t.Helper()
	if msg := compareExactErr(v); msg != "" {
		t.Errorf("%s: %s", name, msg)
	}
}

// compareExactErr is compareExact's check; it returns "" for a match.
func compareExactErr(v any) string {
	want, wantErr := json.Marshal(v)
	got, err := jgen.Marshal(v, stdlibOpts)
	if wantErr != nil || err != nil {
		if a, b := errShape(err), errShape(wantErr); a != b {
			return fmt.Sprintf("jgen error %.300v\n  is %s,\n encoding/json's %.300v\n  is %s", err, a, wantErr, b)
		}
		return ""
	}
	if string(got) != string(want) {
		return fmt.Sprintf("\n got %.300s\nwant %.300s", got, want)
	}
	return ""
}

// errShape describes the encoding/json errors errors.As finds in err: the
// type of each and its fields (MarshalerError's Type and the method its
// message names, UnsupportedTypeError's Type, UnsupportedValueError's Str,
// whether a SyntaxError is inside), not jgen's own message.
func errShape(err error) string {
	if err == nil {
		return "no error"
	}
	var (
		me *json.MarshalerError
		ut *json.UnsupportedTypeError
		uv *json.UnsupportedValueError
		se *json.SyntaxError
		b  strings.Builder
	)
	if errors.As(err, &me) {
		method, _, _ := strings.Cut(strings.TrimPrefix(me.Error(), "json: error calling "), " ")
		fmt.Fprintf(&b, "MarshalerError{Type: %v, method %s} ", me.Type, method)
	}
	if errors.As(err, &ut) {
		fmt.Fprintf(&b, "UnsupportedTypeError{Type: %v} ", ut.Type)
	}
	if errors.As(err, &uv) {
		fmt.Fprintf(&b, "UnsupportedValueError{Str: %q} ", uv.Str)
	}
	if errors.As(err, &se) {
		b.WriteString("SyntaxError ")
	}
	if b.Len() == 0 {
		return "other error"
	}
	return strings.TrimSpace(b.String())
}
