//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// JSONv2.AnyMapOrder: map entries in Go's map iteration order, as
// encoding/json/v2 writes them without Deterministic. The order varies
// between runs, so outputs are compared after sortMembers puts the
// members of every object in order of their names; everything else of
// them (strings, numbers, layout) byte for byte.

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/membersort"
)

// sortMembers is membersort.Sort, failing the test on invalid JSON.
func sortMembers(t *testing.T, in []byte) []byte {
	t.Helper()
	out, err := membersort.Sort(in)
	if err != nil {
		t.Fatalf("sortMembers(%s): %v", in, err)
	}
	return out
}

// anyOrderValues are maps that AnyMapOrder writes in iteration order, and
// some it sorts (keys that may share a name).
var anyOrderValues = []any{
	map[string]any(nil), map[string]any{}, map[string]int(nil), map[int]string{},
	manyKeys(20),
	map[string]any{"tree": manyKeys(12), "list": []any{manyKeys(9), map[string]any{"x": manyKeys(3)}}, "n": 1.5, "s": "é<\u2028>"},
	map[string]map[string]int{"b": {"y": 1, "x": 2, "z": 3}, "a": {"k": 1}, "c": nil},
	map[string]struct {
		A int
		M map[int]string
	}{"s1": {1, map[int]string{3: "c", 1: "a", 2: "b", -7: "m"}}, "s0": {}, "s2": {A: 2}},
	map[int]int{10: 1, 9: 2, -1: 3, 100: 4, math.MinInt: 5, math.MaxInt: 6},
	map[uint16]bool{1: true, 2: false, 65535: true, 0: false},
	map[int8]any{-128: nil, 127: []int{1}, 0: map[string]int{"q": 1, "p": 2}},
	map[float64]int{1.5: 1, 1e21: 2, -0.25: 3, 5e-324: 4},
	map[v2Plain]int{"b": 1, "a": 2, "c": 3},
	map[string]v2RawJSON{"b": `{"y":1,"x":2}`, "a": `[1, 2]`, "c": `"\u0041"`},
	map[string]v2MapJSON{"m": {"a": 1}, "n": nil, "o": {}},
	map[string]v2Text{"t": {"<&>"}, "u": {"é"}, "v": {"\xff"}},
	// Small maps of plain values (written on the stack), and one past
	// smallMap.
	map[string]string{"k": "v\xff", "a": "<\u2028>", "é": "", "\"": "\\"}, map[string]bool{"t": true, "f": false, "u": true},
	map[string]int64{"z": -1, "y": 1 << 40, "x": 0}, map[string]int{"a": 1, "b": 2, "c": 3},
	map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9},
	// Keys of invalid UTF-8: two of them become one name where the
	// escaping replaces them (declined without AllowDuplicateNames, as
	// sorted); one alone does not.
	map[string]int{"\xff": 1, "\xfe": 2, "a": 3}, map[string]string{"\xff": "x", "\xfe": "y"},
	map[string]any{"\xff": 1, "ok": 2}, map[string]int{"\xff": 1},
	map[string]any{"outer": map[string]int{"\xff": 1, "\xfe": 2}},
	// Keys that may share a name: sorted under AnyMapOrder too.
	map[v2Text]int{{"b"}: 1, {"a"}: 2, {"c"}: 3}, map[any]int{"b": 1, 2: 2, "a": 3},
	map[*int]int{new(1): 1, new(2): 2},
	// Errors inside a map's values.
	map[string]float64{"a": 1, "b": math.NaN(), "c": 2}, map[string]any{"a": map[string]any{"b": math.Inf(1)}},
	map[int]float64{1: 1, 2: math.NaN()}, map[uint]any{1: map[int]float64{-1: math.Inf(-1)}},
}

// manyKeys returns a map of n string keys holding numbers, strings and
// booleans.
func manyKeys(n int) map[string]any {
	m := make(map[string]any, n)
	for i := range n {
		switch k := "key" + strconv.Itoa(i); i % 3 {
		case 0:
			m[k] = i
		case 1:
			m[k] = k + "\"<"
		default:
			m[k] = i%2 == 0
		}
	}
	return m
}

// withAnyOrder returns o with AnyMapOrder set.
func withAnyOrder(o jgen.Options) jgen.Options {
	v2 := *o.V2
	v2.AnyMapOrder = true
	o.V2 = &v2
	return o
}

// compareAnyOrder encodes v under c with AnyMapOrder and requires the
// outcome of jgen's sorted encoding (c.jgen): the same error or decline,
// or output whose members, sorted, are encoding/json/v2's under
// Deterministic. Where v2 succeeds without Deterministic its output
// sorted must be that too. It reports whether jgen wrote v.
func compareAnyOrder(t *testing.T, name string, c v2Case, v any) bool {
	t.Helper()
	sorted, serr := jgen.Marshal(v, &c.jgen)
	o := withAnyOrder(c.jgen)
	got, gerr := jgen.Marshal(v, &o)
	switch {
	case (gerr == nil) != (serr == nil) || errors.Is(gerr, jgen.ErrV2Unimplemented) != errors.Is(serr, jgen.ErrV2Unimplemented):
		t.Errorf("%s under %s: AnyMapOrder gives %s, %v; sorted %s, %v", name, c.name, got, gerr, sorted, serr)
		return false
	case gerr != nil:
		if !errors.Is(gerr, jgen.ErrV2Unimplemented) {
			if _, werr := jsonv2.Marshal(v, c.std...); werr == nil {
				t.Errorf("%s under %s: AnyMapOrder fails with %v, encoding/json/v2 does not", name, c.name, gerr)
			}
		}
		return false
	}
	want, werr := jsonv2.Marshal(v, append(c.std, jsonv2.Deterministic(true))...)
	if werr != nil {
		t.Errorf("%s under %s: got %s, want error %v", name, c.name, got, werr)
		return false
	}
	if g, w := sortMembers(t, got), sortMembers(t, want); !bytes.Equal(g, w) {
		t.Errorf("%s under %s: AnyMapOrder members sorted:\n got %s\nwant %s", name, c.name, g, w)
	}
	if v2, err := jsonv2.Marshal(v, c.std...); err == nil {
		if g, w := sortMembers(t, got), sortMembers(t, v2); !bytes.Equal(g, w) {
			t.Errorf("%s under %s: AnyMapOrder and v2 without Deterministic, members sorted:\n got %s\nwant %s", name, c.name, g, w)
		}
	}
	return true
}

// TestWriteValueV2AnyMapOrder compares AnyMapOrder's output with v2's for
// the maps above and the hand-written values under every option set, a
// few times each (the order changes between iterations).
func TestWriteValueV2AnyMapOrder(t *testing.T) {
	values := append(slices.Clip(anyOrderValues), v2HandValues...)
	for _, c := range v2OptionCases() {
		wrote := 0
		for i, v := range values {
			for range 3 {
				if compareAnyOrder(t, fmt.Sprintf("value %d (%T)", i, v), c, v) {
					wrote++
				}
			}
		}
		if wrote/3 < len(values)/2 {
			t.Errorf("%s: jgen wrote only %d of %d values", c.name, wrote/3, len(values))
		}
	}
}

// TestWriteValueV2AnyMapOrderRandom is TestWriteValueV2RandomImplemented
// under AnyMapOrder.
func TestWriteValueV2AnyMapOrderRandom(t *testing.T) {
	rv := &randomValues{r: newRand(2025)}
	n := 600
	if testing.Short() {
		n = 150
	}
	cases := v2OptionCases()
	for i := range n {
		typ := v2RandomStruct(rv, 3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		for _, c := range cases {
			compareAnyOrder(t, fmt.Sprintf("type %d %v", i, typ), c, v.Interface())
		}
		if t.Failed() {
			break
		}
	}
}

// TestWriteValueV2AnyMapOrderUnsorted checks that AnyMapOrder writes maps
// in iteration order (not sorted, some of the time), that Deterministic
// overrides it, and that keys which may share a name stay sorted.
func TestWriteValueV2AnyMapOrderUnsorted(t *testing.T) {
	m := manyKeys(20)
	small := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}
	text := map[v2Text]int{}
	ints := map[int]string{}
	for i := range 20 {
		text[v2Text{"k" + strconv.Itoa(i)}] = i
		ints[i*37-300] = strconv.Itoa(i)
	}
	for _, c := range []struct {
		name     string
		v        any
		o        jgen.JSONv2
		unsorted bool
	}{
		{"map[string]any", m, jgen.JSONv2{AnyMapOrder: true}, true},
		{"small map", small, jgen.JSONv2{AnyMapOrder: true}, true},
		{"map[int]string", ints, jgen.JSONv2{AnyMapOrder: true}, true},
		{"Deterministic", m, jgen.JSONv2{AnyMapOrder: true, Deterministic: true}, false},
		{"Deterministic small map", small, jgen.JSONv2{AnyMapOrder: true, Deterministic: true}, false},
		{"default", m, jgen.JSONv2{}, false},
		{"keys with methods", text, jgen.JSONv2{AnyMapOrder: true}, false},
	} {
		want, err := jsonv2.Marshal(c.v, jsonv2.Deterministic(true))
		if err != nil {
			t.Fatal(err)
		}
		differ := 0
		for range 20 {
			got, err := jgen.Marshal(c.v, &jgen.Options{V2: &c.o})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if !bytes.Equal(got, want) {
				differ++
			}
		}
		if c.unsorted && differ == 0 {
			t.Errorf("%s: 20 outputs sorted, want iteration order", c.name)
		}
		if !c.unsorted && differ > 0 {
			t.Errorf("%s: %d of 20 outputs not v2's Deterministic bytes", c.name, differ)
		}
	}
}

// TestWriteValueV2AnyMapOrderSingle compares maps of one entry (one
// order) byte for byte with encoding/json/v2 without Deterministic.
func TestWriteValueV2AnyMapOrderSingle(t *testing.T) {
	values := []any{
		map[string]any{"a": map[string]any{"b": []any{1, "x", map[string]int{"c": 3}}}},
		map[string]string{"<k>": "\u2028v"}, map[string]bool{"t": true}, map[string]int{"\xff": 1},
		map[int]string{-5: "x"}, map[uint64]any{math.MaxUint64: nil}, map[float32]int{0.1: 1},
		map[string]v2RawJSON{"r": `{"b":1, "a":2}`}, map[string]v2Text{"t": {"\xff<"}},
		map[string]struct{ M map[string]int }{"s": {map[string]int{"z": 26}}},
	}
	for _, c := range v2OptionCases() {
		for i, v := range values {
			want, werr := jsonv2.Marshal(v, c.std...)
			o := withAnyOrder(c.jgen)
			got, gerr := jgen.Marshal(v, &o)
			switch {
			case gerr == nil && werr == nil:
				if !bytes.Equal(got, want) {
					t.Errorf("value %d (%T) under %s:\n got %s\nwant %s", i, v, c.name, got, want)
				}
			case gerr == nil || werr == nil && !errors.Is(gerr, jgen.ErrV2Unimplemented):
				t.Errorf("value %d (%T) under %s: got %s, %v; want %s, %v", i, v, c.name, got, gerr, want, werr)
			}
		}
	}
}

// TestWriteValueV2AnyMapOrderErrors: a value's error in a map of one
// entry names the same key as the sorted path's.
func TestWriteValueV2AnyMapOrderErrors(t *testing.T) {
	for _, v := range []any{
		map[int]float64{-7: math.NaN()}, map[uint8]any{200: math.Inf(1)}, map[string]float64{"k": math.NaN()},
		map[int]map[int]float64{3: {4: math.NaN()}}, map[float64]float64{1.5: math.NaN()},
	} {
		sorted := jgen.Options{V2: &jgen.JSONv2{}}
		_, serr := jgen.Marshal(v, &sorted)
		o := withAnyOrder(sorted)
		_, gerr := jgen.Marshal(v, &o)
		if serr == nil || gerr == nil || gerr.Error() != serr.Error() {
			t.Errorf("%T: AnyMapOrder error %v, sorted %v", v, gerr, serr)
		}
		var ge, se *jsonv2.SemanticError
		if errors.As(gerr, &ge) != errors.As(serr, &se) || ge != nil && ge.JSONPointer != se.JSONPointer {
			t.Errorf("%T: AnyMapOrder error %#v, sorted %#v", v, ge, se)
		}
	}
}
