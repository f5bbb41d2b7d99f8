package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// doc is a JSON document tree for the layout tests: nil, bool, float64,
// string, []any, or obj (members in order).
type obj []member

type member struct {
	k string
	v any
}

// docOps returns the token program that writes d.
func docOps(d any) []op {
	switch d := d.(type) {
	case nil:
		return []op{opNull()}
	case bool:
		return []op{opBool(d)}
	case float64:
		return []op{opFloat(d)}
	case string:
		return []op{opString(d)}
	case []any:
		ops := []op{opStartArray()}
		for _, e := range d {
			ops = append(ops, docOps(e)...)
		}
		return append(ops, opEndArray())
	case obj:
		ops := []op{opStartObject()}
		for _, m := range d {
			ops = append(ops, opName(m.k))
			ops = append(ops, docOps(m.v)...)
		}
		return append(ops, opEndObject())
	}
	panic(fmt.Sprintf("bad doc %T", d))
}

// docAny converts d to what encoding/json marshals the same way (objects
// as maps, so their keys must be sorted and unique in d).
func docAny(d any) any {
	switch d := d.(type) {
	case []any:
		out := make([]any, len(d))
		for i, e := range d {
			out[i] = docAny(e)
		}
		return out
	case obj:
		m := make(map[string]any, len(d))
		for _, e := range d {
			m[e.k] = docAny(e.v)
		}
		return m
	}
	return d
}

// randomDoc returns a random document; object keys are sorted and unique.
func randomDoc(r *rand.Rand, depth int) any {
	k := r.IntN(8)
	if depth >= 5 {
		k = r.IntN(4)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return []float64{0, -1.5, 1e21, 1e-7, 12345, r.NormFloat64()}[r.IntN(6)]
	case 3:
		return []string{"", "a", "é<&>", "x\"\\\n\t\x01", "\u2028😀"}[r.IntN(5)]
	case 4, 5:
		a := make([]any, r.IntN(4))
		for i := range a {
			a[i] = randomDoc(r, depth+1)
		}
		return a
	default:
		n := r.IntN(4)
		o := make(obj, 0, n)
		for i := range n {
			o = append(o, member{fmt.Sprintf("k%d%s", i, []string{"", "é", "<"}[r.IntN(3)]), randomDoc(r, depth+1)})
		}
		slices.SortFunc(o, func(a, b member) int { return strings.Compare(a.k, b.k) })
		return o
	}
}

// designDoc is {"a":1,"b":[1,"x",{},[]],"c":{"d":null}} from docs/DESIGN.md §3.
var designDoc = obj{{"a", 1.0}, {"b", []any{1.0, "x", obj{}, []any{}}}, {"c", obj{{"d", nil}}}}

func TestJacksonPretty(t *testing.T) {
	tests := []struct {
		name string
		doc  any
		want string
	}{
		{"design example", designDoc, "{\n  \"a\" : 1,\n  \"b\" : [ 1, \"x\", { }, [ ] ],\n  \"c\" : {\n    \"d\" : null\n  }\n}"},
		{"empty object", obj{}, "{ }"},
		{"empty array", []any{}, "[ ]"},
		{"scalar", "x", `"x"`},
		{"array of scalars", []any{1.0, true, nil}, "[ 1, true, null ]"},
		{"nested empty arrays", []any{[]any{}, []any{[]any{}}}, "[ [ ], [ [ ] ] ]"},
		{"array of objects", []any{obj{{"a", 1.0}}, obj{{"b", 2.0}}}, "[ {\n  \"a\" : 1\n}, {\n  \"b\" : 2\n} ]"},
		{"object with empty containers", obj{{"a", obj{}}, {"b", []any{}}}, "{\n  \"a\" : { },\n  \"b\" : [ ]\n}"},
		{"objects in arrays in objects", obj{{"x", []any{obj{{"y", obj{{"z", []any{}}}}}}}},
			"{\n  \"x\" : [ {\n    \"y\" : {\n      \"z\" : [ ]\n    }\n  } ]\n}"},
		{"object in array in array", []any{[]any{obj{{"a", nil}}}}, "[ [ {\n  \"a\" : null\n} ] ]"},
		{"empty object in array", []any{obj{}, obj{}}, "[ { }, { } ]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := &jgen.Options{Layout: jgen.JacksonPretty, Indent: "\t"} // Indent is ignored
			if got := runOps(t, opts, docOps(tc.doc)...); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			opts.BufferSize = 512
			if got := runOpsWriter(t, opts, docOps(tc.doc)...); got != tc.want {
				t.Errorf("writer mode: got %q", got)
			}
		})
	}
}

// TestJacksonPrettyFixture compares with the committed fixture, the layout
// jackson-core's DefaultPrettyPrinter gives for the same document.
func TestJacksonPrettyFixture(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "generator", "jackson_pretty.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := obj{
		{"id", 1.0},
		{"tags", []any{"a", "b"}},
		{"owner", obj{{"name", "x"}, {"roles", []any{}}, {"meta", obj{}}}},
		{"items", []any{obj{{"k", []any{1.0, obj{{"deep", []any{obj{}}}}}}}, nil}},
	}
	got := runOps(t, &jgen.Options{Layout: jgen.JacksonPretty}, docOps(d)...)
	if got != string(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	want, err = os.ReadFile(filepath.Join("testdata", "generator", "jackson_pretty_design.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := runOps(t, &jgen.Options{Layout: jgen.JacksonPretty}, docOps(designDoc)...); got != string(want) {
		t.Errorf("design example: got\n%s\nwant\n%s", got, want)
	}
}

func TestIndented(t *testing.T) {
	tests := []struct {
		name   string
		indent string
		doc    any
		want   string
	}{
		{"design default", "", designDoc, "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    \"x\",\n    {},\n    []\n  ],\n  \"c\": {\n    \"d\": null\n  }\n}"},
		{"design tab", "\t", designDoc, "{\n\t\"a\": 1,\n\t\"b\": [\n\t\t1,\n\t\t\"x\",\n\t\t{},\n\t\t[]\n\t],\n\t\"c\": {\n\t\t\"d\": null\n\t}\n}"},
		{"four spaces", "    ", []any{obj{{"a", []any{}}}}, "[\n    {\n        \"a\": []\n    }\n]"},
		{"empty object", "", obj{}, "{}"},
		{"empty array", "", []any{}, "[]"},
		{"scalar", "", 1.0, "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := &jgen.Options{Layout: jgen.Indented, Indent: tc.indent}
			got := runOps(t, opts, docOps(tc.doc)...)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			ind := tc.indent
			if ind == "" {
				ind = "  "
			}
			var ref bytes.Buffer
			compact := runOps(t, nil, docOps(tc.doc)...)
			chk(t, json.Indent(&ref, []byte(compact), "", ind))
			if got != ref.String() {
				t.Errorf("json.Indent gives\n%s", ref.String())
			}
		})
	}
}

// TestLayoutsRandom writes random documents in each layout: Compact equals
// json.Marshal, Indented equals json.MarshalIndent and json.Indent, and
// JacksonPretty parses to the same value.
func TestLayoutsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 500 {
		d := randomDoc(r, 0)
		ops := docOps(d)
		compact := runOps(t, &jgen.Options{Escaping: jgen.Stdlib}, ops...)
		want, err := json.Marshal(docAny(d))
		chk(t, err)
		if compact != string(want) {
			t.Fatalf("doc %d: compact\n got %s\nwant %s", i, compact, want)
		}
		for _, ind := range []string{"  ", "\t", "    ", " \t"} {
			opts := &jgen.Options{Escaping: jgen.Stdlib, Layout: jgen.Indented, Indent: ind, BufferSize: 512}
			got := runOps(t, opts, ops...)
			want, err := json.MarshalIndent(docAny(d), "", ind)
			chk(t, err)
			if got != string(want) {
				t.Fatalf("doc %d indent %q:\n got %s\nwant %s", i, ind, got, want)
			}
			var ref bytes.Buffer
			chk(t, json.Indent(&ref, []byte(compact), "", ind))
			if got != ref.String() {
				t.Fatalf("doc %d indent %q: differs from json.Indent", i, ind)
			}
			if w := runOpsWriter(t, opts, ops...); w != got {
				t.Fatalf("doc %d indent %q: writer mode differs", i, ind)
			}
		}
		jp := runOps(t, &jgen.Options{Escaping: jgen.Stdlib, Layout: jgen.JacksonPretty}, ops...)
		var c bytes.Buffer
		if err := json.Compact(&c, []byte(jp)); err != nil {
			t.Fatalf("doc %d: JacksonPretty output invalid: %v\n%s", i, err, jp)
		}
		if c.String() != compact {
			t.Fatalf("doc %d: JacksonPretty compacts to\n%s\nwant\n%s", i, c.String(), compact)
		}
		if strings.HasSuffix(jp, "\n") || strings.Contains(jp, "\r") {
			t.Fatalf("doc %d: JacksonPretty has a trailing newline or CR: %q", i, jp)
		}
	}
}
