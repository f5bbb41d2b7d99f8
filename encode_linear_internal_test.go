package jgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// A value that fails deep inside nested containers must cost work linear
// in its size: the direct path (encode_direct.go) hands what it cannot
// write to the state path at that place, and a failure there is the
// value's error, so no subtree is encoded twice. The work counted is
// encState.work, the pointers, slices and maps entered on either path.

// failingMarshaler is a MarshalJSON that always fails.
type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("refused") }

// linearNode is the typed nesting: map[string]*linearNode levels.
type linearNode struct {
	Next map[string]*linearNode `json:"n,omitempty"`
	F    float64                `json:"f,omitempty"`
	S    string                 `json:"s,omitempty"`
	V    any                    `json:"v,omitempty"`
}

// linearLeaf is a value that fails to encode, with the options under
// which it does.
type linearLeaf struct {
	name string
	// untyped is the innermost value of the map[string]any nesting;
	// typed sets the innermost *linearNode.
	untyped any
	typed   func(*linearNode)
	// opts gives the options for a nesting of n levels.
	opts func(n int) *Options
}

func defaultOpts(int) *Options { return nil }

var linearLeaves = []linearLeaf{
	{"NaN", math.NaN(), func(l *linearNode) { l.F = math.NaN() }, defaultOpts},
	{"chan", make(chan int), func(l *linearNode) { l.V = make(chan int) }, defaultOpts},
	{"MarshalJSON", failingMarshaler{}, func(l *linearNode) { l.V = failingMarshaler{} }, defaultOpts},
	{"invalidUTF8", "a\xffb", func(l *linearNode) { l.S = "a\xffb" }, defaultOpts},
	// The innermost map is one level past the limit.
	{"maxDepth", map[string]any{}, func(l *linearNode) { l.Next = map[string]*linearNode{} },
		func(n int) *Options { return &Options{MaxDepth: n} }},
}

// nestUntyped returns n levels of map[string]any around leaf.
func nestUntyped(n int, leaf any) any {
	v := leaf
	for range n {
		v = map[string]any{"a": 1, "k": v, "z": "x"}
	}
	return v
}

// nestTyped returns n levels of map[string]*linearNode, the innermost
// node set by set.
func nestTyped(n int, set func(*linearNode)) any {
	inner := &linearNode{}
	set(inner)
	v := map[string]*linearNode{"k": inner}
	for range n - 1 {
		v = map[string]*linearNode{"a": {F: 1}, "k": {Next: v}, "z": {S: "x"}}
	}
	return v
}

// nestSlices returns n levels of []any around leaf.
func nestSlices(n int, leaf any) any {
	v := leaf
	for range n {
		v = []any{1, v, "x"}
	}
	return v
}

// workOf returns the work WriteValue spends on v under opts and its error.
func workOf(t testing.TB, v any, opts *Options) (int, error) {
	t.Helper()
	work := 0
	workHook = func(w int) { work += w }
	defer func() { workHook = nil }()
	_, err := Marshal(v, opts)
	return work, err
}

// stateErr returns the error Marshal returns for v with the direct path
// off: the state path's, which reports every failure on its own.
func stateErr(v any, opts *Options) error {
	directOff = true
	defer func() { directOff = false }()
	_, err := Marshal(v, opts)
	return err
}

func TestEncodeFailureWorkLinear(t *testing.T) {
	levels := []int{1000, 2000, 4000}
	shapes := []struct {
		name string
		make func(n int, l linearLeaf) any
	}{
		{"untyped", func(n int, l linearLeaf) any { return nestUntyped(n, l.untyped) }},
		{"typed", func(n int, l linearLeaf) any { return nestTyped(n, l.typed) }},
		{"slices", func(n int, l linearLeaf) any { return nestSlices(n, l.untyped) }},
	}
	for _, sh := range shapes {
		for _, l := range linearLeaves {
			t.Run(sh.name+"/"+l.name, func(t *testing.T) {
				var works []int
				for _, n := range levels {
					v := sh.make(n, l)
					opts := l.opts(n)
					w, err := workOf(t, v, opts)
					if err == nil {
						t.Fatalf("%d levels: no error", n)
					}
					if want := stateErr(v, opts); want == nil || err.Error() != want.Error() {
						t.Fatalf("%d levels: error\n%v\nwant the state path's\n%v", n, err, want)
					}
					checkLinearErr(t, l.name, err)
					works = append(works, w)
				}
				t.Logf("work at %v levels: %v", levels, works)
				if r := float64(works[2]) / float64(works[0]); r > 4.5 {
					t.Errorf("work at %v levels: %v; 4x the levels cost %.1fx the work", levels, works, r)
				}
				// Each level enters a map or slice and at most a pointer,
				// on one path or the other, plus the siblings.
				if max := 8 * levels[2]; works[2] > max {
					t.Errorf("work at %d levels: %d, above %d", levels[2], works[2], max)
				}
			})
		}
	}
}

// checkLinearErr checks that err is the error encoding/json (or jgen's
// own rule) gives for the leaf.
func checkLinearErr(t *testing.T, leaf string, err error) {
	t.Helper()
	var ok bool
	switch leaf {
	case "NaN":
		var target *json.UnsupportedValueError
		ok = errors.As(err, &target) && target.Str == "NaN"
	case "chan":
		var target *json.UnsupportedTypeError
		ok = errors.As(err, &target)
	case "MarshalJSON":
		var target *json.MarshalerError
		ok = errors.As(err, &target)
	case "invalidUTF8":
		ok = errors.Is(err, ErrInvalidUTF8)
	case "maxDepth":
		ok = errors.Is(err, ErrMaxDepth)
	}
	if !ok {
		t.Errorf("error %v (%T) is not the one for %s", err, errors.Unwrap(err), leaf)
	}
}

// deepDocument returns a JSON document of n nested objects.
func deepDocument(n int) []byte {
	return []byte(strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n))
}

// An untrusted document nested 10,000 levels, which json.Unmarshal
// accepts, put in an envelope map is one level past DefaultMaxDepth:
// Marshal refuses it with the state path's error at the cost of one walk.
func TestEncodeDeepDocumentRefused(t *testing.T) {
	for _, doc := range []struct {
		name string
		text []byte
	}{
		{"objects", deepDocument(DefaultMaxDepth)},
		{"arrays", []byte(strings.Repeat("[", DefaultMaxDepth) + strings.Repeat("]", DefaultMaxDepth))},
	} {
		t.Run(doc.name, func(t *testing.T) {
			var body any
			if err := json.Unmarshal(doc.text, &body); err != nil {
				t.Fatal(err)
			}
			v := map[string]any{"id": 1, "body": body}
			w, err := workOf(t, v, nil)
			if !errors.Is(err, ErrMaxDepth) {
				t.Fatalf("error %v, want one matching ErrMaxDepth", err)
			}
			if want := stateErr(v, nil); err.Error() != want.Error() {
				t.Fatalf("error\n%v\nwant the state path's\n%v", err, want)
			}
			var ee *EncodeError
			if !errors.As(err, &ee) || strings.Count(ee.Pointer, "/") != DefaultMaxDepth {
				t.Errorf("error %v: pointer not %d levels deep", err, DefaultMaxDepth)
			}
			t.Logf("work: %d", w)
			if max := 3 * DefaultMaxDepth; w > max {
				t.Errorf("work %d, above %d", w, max)
			}
		})
	}
}

// BenchmarkEncodeFailureDeep encodes values failing under n levels of
// maps; ns/op grows linearly with n.
func BenchmarkEncodeFailureDeep(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		for _, sh := range []struct {
			name string
			v    any
		}{
			{"untyped", nestUntyped(n, math.NaN())},
			{"typed", nestTyped(n, func(l *linearNode) { l.F = math.NaN() })},
		} {
			b.Run(fmt.Sprintf("%s/levels=%d", sh.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Marshal(sh.v, nil); err == nil {
						b.Fatal("no error")
					}
				}
			})
		}
	}
}
