package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// The direct path (encode_direct.go) writes subtrees of a value in the
// Compact layout from memory. These tests hold it to the state path, the
// same encoder with the direct path turned off, byte for byte and error
// for error.

type directLeaf struct {
	S   string  `json:"s"`
	I   int64   `json:"i,omitempty"`
	U8  uint8   `json:"u8,omitempty"`
	I16 int16   `json:"i16,omitempty"`
	U32 uint32  `json:"u32,omitzero"`
	F32 float32 `json:"f32,omitempty"`
	F   float64 `json:"f,omitempty"`
	B   bool    `json:"b,omitempty"`
	Up  uintptr `json:",omitempty"`
	E   string  `json:"e,omitempty"`
	N   int     `json:"n"`
}

type directTree struct {
	Name    string                `json:"name"`
	Kids    []directTree          `json:"kids,omitempty"`
	Leaf    *directLeaf           `json:"leaf,omitempty"`
	Leaves  [2]directLeaf         `json:"leaves"`
	None    [0]int                `json:"none,omitempty"`
	P       *int                  `json:"p,omitzero"`
	Any     any                   `json:"any"`
	Nums    []int64               `json:"nums"`
	M       map[string]directLeaf `json:"m,omitempty"`
	Strs    []string              `json:"strs,omitempty"`
	When    time.Time             `json:"when"`
	Text    valueText             `json:"text"`
	Matrix  [][2]float64          `json:"matrix"`
	Ptrs    []*directLeaf         `json:"ptrs"`
	Inner   struct{ A, B int }    `json:"inner"`
	Bytes   []byte                `json:"bytes"`
	Numbers []json.Number         `json:"numbers,omitempty"`
}

type directList struct {
	Next *directList `json:"next"`
	V    []int       `json:"v"`
}

// pointerShaped is stored in an interface's data word itself.
type pointerShaped struct{ P *int }

func directTreeValue() *directTree {
	n := -7
	leaf := directLeaf{S: "a \"q\" <b> é\u2028", I: -1 << 62, U8: 255, I16: -300, U32: 1 << 31, F32: 1.5,
		F: math.Copysign(0, -1), B: true, Up: 3, N: math.MinInt32}
	return &directTree{
		Name: "root/é",
		Kids: []directTree{
			{Name: "k1", Leaves: [2]directLeaf{leaf, {}}, Any: []any{1.5, "x", nil, map[string]any{"z": 1, "a": []any{}}}},
			{Name: "k2", Kids: []directTree{{Name: "k21", Any: &pointerShaped{P: &n}, P: &n}}, Any: pointerShaped{P: &n}},
			{Name: "k3", Any: directLeaf{S: "in interface"}, M: map[string]directLeaf{"b": leaf, "a": {}}},
			{Name: "k4", Any: map[string]int{}, Kids: []directTree{}},
		},
		Leaf:    &leaf,
		Leaves:  [2]directLeaf{{S: "x"}, leaf},
		Any:     json.RawMessage(`{"raw" : [1, 2]}`),
		Nums:    []int64{0, 9, 10, 99999999, 100000000, math.MaxInt64, math.MinInt64, -1},
		M:       map[string]directLeaf{},
		Strs:    []string{"", "\x00\x1f", "😀", "a/b"},
		When:    time.Date(2024, 2, 29, 1, 2, 3, 4, time.UTC),
		Text:    valueText{S: "t"},
		Matrix:  [][2]float64{{1, 2.5}, {-1e21, 1e-7}},
		Ptrs:    []*directLeaf{nil, &leaf},
		Inner:   struct{ A, B int }{1, 2},
		Bytes:   []byte("bytes/+"),
		Numbers: []json.Number{"12.5e3"},
	}
}

// encodeBoth encodes v with opts with the direct path on and off, in
// append mode (after some output, which must be left as it was on error)
// and writer mode, and fails where the two differ in bytes or error.
func encodeBoth(t *testing.T, name string, v any, opts *jgen.Options) (out []byte, err error) {
	t.Helper()
	run := func(on bool) ([]byte, error) {
		jgen.SetDirectPath(on)
		defer jgen.SetDirectPath(true)
		g, err := jgen.NewAppendGenerator([]byte("prefix "), opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.WriteStartArray(); err != nil {
			t.Fatal(err)
		}
		before := string(g.Bytes())
		werr := g.WriteValue(v)
		if werr != nil && string(g.Bytes()) != before {
			t.Errorf("%s (direct %v): output changed on error: %q", name, on, g.Bytes())
		}
		var w bytes.Buffer
		wg, err := jgen.NewGenerator(&w, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := wg.WriteStartArray(); err != nil {
			t.Fatal(err)
		}
		werr2 := wg.WriteValue(v)
		if err := wg.Flush(); err != nil {
			t.Fatal(err)
		}
		if errString(werr) != errString(werr2) {
			t.Errorf("%s (direct %v): append mode error %v, writer mode %v", name, on, werr, werr2)
		}
		if werr == nil && "prefix "+w.String() != string(g.Bytes()) {
			t.Errorf("%s (direct %v): writer mode wrote %q, append mode %q", name, on, w.Bytes(), g.Bytes())
		}
		return g.Bytes()[len(before):], werr
	}
	got, gotErr := run(true)
	want, wantErr := run(false)
	if errString(gotErr) != errString(wantErr) {
		t.Errorf("%s: direct path error %v, state path %v", name, gotErr, wantErr)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: direct path\n%s\nstate path\n%s", name, got, want)
	}
	return got, gotErr
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// directOptions are the options the direct path is compared under: every
// encoding preset of the differential tests, Stdlib in both layouts, and
// the options that make it fall back mid-value.
func directOptions() []struct {
	name string
	opts *jgen.Options
} {
	out := []struct {
		name string
		opts *jgen.Options
	}{
		{"Stdlib", stdlibOpts},
		{"Stdlib/indented", stdlibIndent},
		{"Minimal", nil},
		{"NonFinite null", &jgen.Options{NonFinite: jgen.NonFiniteNull}},
		{"InvalidUTF8 error", &jgen.Options{Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Error}}},
	}
	for _, p := range encPresets() {
		out = append(out, struct {
			name string
			opts *jgen.Options
		}{p.name, &p.opts})
	}
	return out
}

// directFloats holds float64 elements, which the direct path writes in a
// loop of their own: in a slice, and in arrays in a slice (canada.json's
// coordinates).
type directFloats struct {
	V []float64
	A [][2]float64
}

// TestDirectPathMatchesStatePath holds the direct path to the state path
// on a tree of every shape it writes itself (structs, slices, arrays,
// pointers, empty interfaces, omitted members of every test) and of the
// types it hands back to the state path in place (maps, Marshalers,
// RawMessage, []byte, json.Number), on the table of the differential test
// and on random struct types, under every preset and layout; and, under
// Stdlib, to encoding/json.
func TestDirectPathMatchesStatePath(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[directTree](), reflect.TypeFor[directLeaf](), reflect.TypeFor[directList](), reflect.TypeFor[directFloats]()} {
		if !jgen.DirectWrites(typ) {
			t.Fatalf("the direct path does not write %v itself: this test would not test it", typ)
		}
	}
	tree := directTreeValue()
	values := []tableCase{
		{"tree", tree},
		{"tree value", *tree},
		{"tree in interface", []any{*tree, tree}},
		{"tree in map", map[string]directTree{"x": *tree}},
		{"leaf with NaN", &directLeaf{F: math.NaN()}},
		{"leaf with +Inf in a slice", []directLeaf{{S: "ok"}, {F32: float32(math.Inf(1))}}},
		{"floats", &directFloats{V: []float64{0, math.Copysign(0, -1), 1e-7, 1e21, 123.456, -65.613617}, A: [][2]float64{{1, 2}, {3.5, -4.25}}}},
		{"floats with NaN in a slice", &directFloats{V: []float64{1.5, math.NaN()}}},
		{"floats with -Inf in an array", &directFloats{A: [][2]float64{{1, 2}, {math.Inf(-1), 0}}}},
		{"leaf with invalid UTF-8", &directTree{Kids: []directTree{{Name: "bad\xff"}}}},
		{"failing marshaler deep down", &directTree{Kids: []directTree{{Any: map[string]any{"k": failingMarshaler{}}}}}},
		{"invalid marshaler output", &directTree{Any: []any{invalidMarshaler{Out: "{"}}}},
		{"channel in interface", &directTree{Kids: []directTree{{}, {Any: make(chan int)}}}},
		{"empty", &directTree{}},
	}
	// The differential tests hold the table and random types to
	// encoding/json already.
	for _, c := range values {
		compareWithStdlib(t, c.name, c.v)
	}
	values = append(values, valueTable()...)
	rv := &randomValues{r: newRand(99), embeds: true}
	for range 80 {
		v := reflect.New(rv.structType(3))
		rv.fill(v.Elem(), 3)
		values = append(values, tableCase{"random " + v.Type().String(), v.Interface()})
	}
	for _, c := range values {
		for i, o := range directOptions() {
			if i > 1 && strings.Contains(c.name, "cycle") {
				break // a thousand levels deep each time: Stdlib in both layouts will do
			}
			encodeBoth(t, c.name+" under "+o.name, c.v, o.opts)
		}
	}
}

// TestDirectPathMaxDepth: the depth limit reached inside a direct subtree
// refuses the value as the state path does, at every limit around the
// value's depth, and the value is written whole where it fits.
func TestDirectPathMaxDepth(t *testing.T) {
	// Depth (encodeBoth writes in an array): the tree's object 2, kids 3,
	// kid 4, kids 5, kid 6, its leaves array 7, a leaf 8.
	v := &directTree{Kids: []directTree{{Kids: []directTree{{Name: "deep"}}}}}
	for depth := 1; depth <= 10; depth++ {
		for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented} {
			opts := &jgen.Options{MaxDepth: depth, Layout: layout}
			_, err := encodeBoth(t, "depth", v, opts)
			if (depth < 8) != errors.Is(err, jgen.ErrMaxDepth) {
				t.Errorf("MaxDepth %d: error %v", depth, err)
			}
		}
	}
	// Inside an array of structs inside an array at the root.
	for depth := 8; depth <= 10; depth++ {
		encodeBoth(t, "depth in slice", []any{[]directTree{*v}}, &jgen.Options{MaxDepth: depth})
	}
	// Arrays of floats in a slice, which have a loop of their own: the
	// object 2, A 3, a pair 4.
	fv := &directFloats{A: [][2]float64{{1, 2}, {3, 4}}}
	for depth := 1; depth <= 6; depth++ {
		_, err := encodeBoth(t, "float pairs", fv, &jgen.Options{MaxDepth: depth})
		if (depth < 4) != errors.Is(err, jgen.ErrMaxDepth) {
			t.Errorf("float pairs, MaxDepth %d: error %v", depth, err)
		}
	}
}

// TestDirectPathPointers: a pointer cycle through a direct subtree is an
// error naming the cycle, as on the state path and in encoding/json; a
// chain of pointers longer than the depth where cycles are tracked, but
// within MaxDepth, is written whole.
func TestDirectPathPointers(t *testing.T) {
	ring := &directList{V: []int{1}}
	ring.Next = &directList{Next: ring, V: []int{2}}
	_, err := encodeBoth(t, "ring", ring, nil)
	if err == nil || !strings.Contains(err.Error(), "encountered a cycle") {
		t.Errorf("ring: error %v, want a cycle", err)
	}
	var ue *json.UnsupportedValueError
	if !errors.As(err, &ue) {
		t.Errorf("ring: error %v does not match *json.UnsupportedValueError", err)
	}
	var chain *directList
	for i := range 1500 {
		chain = &directList{Next: chain, V: []int{i}}
	}
	got, err := encodeBoth(t, "chain", chain, stdlibOpts)
	want, wantErr := json.Marshal(chain)
	if err != nil || wantErr != nil || !bytes.Equal(got, want) {
		t.Errorf("chain: error %v (encoding/json %v), %d bytes, want %d", err, wantErr, len(got), len(want))
	}
	// A slice holding itself through an interface.
	s := []any{nil}
	s[0] = s
	encodeBoth(t, "slice cycle", &directTree{Any: s}, nil)
}

// directAllocTree is a directTree without the types whose marshal
// methods allocate (time.Time, valueText).
type directAllocTree struct {
	Kids   []directAllocTree     `json:"kids,omitempty"`
	Leaf   *directLeaf           `json:"leaf,omitempty"`
	Leaves [2]directLeaf         `json:"leaves"`
	Any    any                   `json:"any"`
	M      map[string]directLeaf `json:"m,omitempty"`
	Nums   []int64               `json:"nums"`
}

// TestDirectPathAllocs: the direct path, the in-place state path under it
// (a map member, a map in an interface) and interfaces cost no allocation
// per WriteValue into a reused append-mode generator once warmed up.
func TestDirectPathAllocs(t *testing.T) {
	if jgen.RaceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	leaf := directLeaf{S: "<é>", I: 5, F: 0.25}
	v := &directAllocTree{
		Kids: []directAllocTree{{Any: []any{1.5, "x", nil, map[string]any{"z": 1}}}, {Any: &leaf, M: map[string]directLeaf{"b": leaf, "a": {}}}},
		Leaf: &leaf, Leaves: [2]directLeaf{leaf, {}}, Any: leaf, Nums: []int64{1, -2, 1 << 40},
	}
	if !jgen.DirectWrites(reflect.TypeOf(*v)) {
		t.Fatal("the direct path does not write directAllocTree itself")
	}
	g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: jgen.Stdlib})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 1<<16)
	run := func() {
		g.ResetAppend(buf[:0])
		if err := g.WriteValue(v); err != nil {
			t.Fatal(err)
		}
	}
	run()
	run()
	// The map and []any values in interfaces come from the pools of the
	// map encoder, which the race-free build keeps.
	if n := testing.AllocsPerRun(50, run); n > 0 {
		t.Errorf("%v allocations per WriteValue, want 0", n)
	}
}

// emptySliceMembers has slice members of both kinds the member loop
// writes without appendElemsDirect: empty and nil.
type emptySliceMembers struct {
	E []int              `json:"e"`
	N []int              `json:"n"`
	S []directLeaf       `json:"s"`
	K []*directLeaf      `json:"k,omitempty"`
	P *emptySliceMembers `json:"p,omitempty"`
}

// TestDirectPathEmptySliceMember: an empty slice member counts one level
// against MaxDepth, as on the state path, and a nil one none; at the
// limit the value is refused whole, one level above it written whole.
func TestDirectPathEmptySliceMember(t *testing.T) {
	if !jgen.DirectWrites(reflect.TypeFor[emptySliceMembers]()) {
		t.Fatal("the direct path does not write emptySliceMembers itself: this test would not test it")
	}
	v := &emptySliceMembers{E: []int{}, S: []directLeaf{}, P: &emptySliceMembers{S: []directLeaf{}}}
	// encodeBoth writes in an array (depth 1): the object 2, "e" 3, the
	// object of "p" 3, its "s" 4.
	const want = `{"e":[],"n":null,"s":[],"p":{"e":null,"n":null,"s":[]}}`
	for depth := 1; depth <= 5; depth++ {
		got, err := encodeBoth(t, "empty slices", v, &jgen.Options{MaxDepth: depth})
		if (depth < 4) != errors.Is(err, jgen.ErrMaxDepth) {
			t.Errorf("MaxDepth %d: error %v", depth, err)
		}
		if depth >= 4 && string(got) != want {
			t.Errorf("MaxDepth %d: wrote %s, want %s", depth, got, want)
		}
	}
}

// TestDirectPathHandOffPositions: a part the direct path hands to the
// state path in place (a container at the depth limit, a NaN, a string
// the escaping refuses) is written or refused as the state path would,
// byte for byte and with the same error (its context and output offset
// included), wherever it stands: first or later element, member, map
// value, in an interface, under a pointer.
func TestDirectPathHandOffPositions(t *testing.T) {
	nan := math.NaN()
	leaf := directLeaf{S: "x", F: 1}
	values := []tableCase{
		{"mixed", []any{1, []any{[]int{1}, [][2]float64{{1, 2}}, [][2]float64{}}, map[string]any{"a": []int{}, "b": [1][]int{{2}}}}},
		{"structs", []directTree{{Name: "a", Kids: []directTree{{Leaves: [2]directLeaf{leaf, leaf}}}}, {Kids: []directTree{{}, {Leaf: &leaf}}}}},
		{"map of slices", map[string][]directLeaf{"a": {leaf}, "b": {{}, leaf}}},
		{"pointers", &directList{Next: &directList{V: []int{1, 2}}, V: []int{}}},
		{"later elements", &directTree{Any: []any{1, []any{"a", []int{1}, [][2]float64{{1, 2}}}}}},
		{"later elements in a map", map[string][]any{"k": {true, []any{nil, []any{3}}}}},
		{"later slices", map[string][][]int{"k": {nil, {1}}, "l": {{}}}},
		{"later arrays", map[string][][2]float64{"k": {{1, 2}, {3, 4}}}},
		{"later struct", map[string][]any{"k": {"s", directLeaf{}, &directList{}}}},
		{"later pointer to struct", []*directList{nil, {}}},
		{"NaN first", &directFloats{V: []float64{nan, 1}, A: [][2]float64{{nan, 1}}}},
		{"NaN later", &directFloats{V: []float64{1, 2, nan}, A: [][2]float64{{1, 2}, {3, nan}}}},
		{"NaN member", []directLeaf{{S: "a"}, {F: nan}, {F32: float32(nan)}}},
		{"NaN in interface", []any{1, []any{nan}, map[string]any{"k": nan}}},
		{"invalid UTF-8 first", []directLeaf{{S: "\xff"}}},
		{"invalid UTF-8 later", []any{"a", []string{"b", "c\xfe"}}},
		{"invalid UTF-8 member", &directTree{Kids: []directTree{{}, {Strs: []string{"ok", "\xc3"}}}}},
	}
	policies := []*jgen.Options{
		nil,
		{NonFinite: jgen.NonFiniteNull},
		{NonFinite: jgen.NonFiniteString, Escaping: jgen.Stdlib},
		{Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Replace}},
	}
	for _, c := range values {
		for depth := 1; depth <= 9; depth++ {
			for i, p := range policies {
				o := jgen.Options{MaxDepth: depth}
				if p != nil {
					o.NonFinite, o.Escaping = p.NonFinite, p.Escaping
				}
				encodeBoth(t, fmt.Sprintf("%s, MaxDepth %d, policy %d", c.name, depth, i), c.v, &o)
			}
		}
	}
}
