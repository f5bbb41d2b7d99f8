package jgen

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

// failWriter fails every Write with err, counting the calls.
type failWriter struct {
	err   error
	calls int
}

func (w *failWriter) Write([]byte) (int, error) { w.calls++; return 0, w.err }

// TestDropinSharedGenerators interleaves the drop-ins' shared options
// with Marshal's by value (the pool's generators set up from one, then
// the other), checking every result's bytes.
func TestDropinSharedGenerators(t *testing.T) {
	shared := &Options{Escaping: Stdlib}
	v := map[string]any{"a": "<&>", "b": []int{1, 2}}
	const std, minimal = `{"a":"\u003c\u0026\u003e","b":[1,2]}`, `{"a":"<&>","b":[1,2]}`
	for i := range 20 {
		b, err := dropinMarshal(v, shared)
		if err != nil || string(b) != std {
			t.Fatalf("round %d, dropinMarshal: %q, %v; want %q", i, b, err, std)
		}
		b, err = Marshal(v, nil)
		if err != nil || string(b) != minimal {
			t.Fatalf("round %d, Marshal: %q, %v; want %q", i, b, err, minimal)
		}
		var w bytes.Buffer
		if ok, err := dropinWrite(&w, v, shared); !ok || err != nil || w.String() != std {
			t.Fatalf("round %d, dropinWrite: %q, %v, %v; want %q", i, w.String(), ok, err, std)
		}
		b, err = AppendMarshal(nil, v, &Options{Escaping: Stdlib, Layout: Indented})
		if want := "{\n  \"a\": \"\\u003c\\u0026\\u003e\",\n  \"b\": [\n    1,\n    2\n  ]\n}"; err != nil || string(b) != want {
			t.Fatalf("round %d, AppendMarshal: %q, %v; want %q", i, b, err, want)
		}
	}
}

// TestDropinWriteErrors: an encoding error is reported as not encoded,
// without a Write; a failing Write as encoded, with the writer's error.
func TestDropinWriteErrors(t *testing.T) {
	w := &failWriter{err: errors.New("full")}
	ok, err := dropinWrite(w, math.Inf(1), &Options{})
	var ee *EncodeError
	if ok || w.calls != 0 || !errors.As(err, &ee) {
		t.Errorf("dropinWrite(+Inf): encoded %v, %d writes, %v; want not encoded, no write, an *EncodeError", ok, w.calls, err)
	}
	ok, err = dropinWrite(w, 1, &Options{})
	if !ok || w.calls != 1 || err != w.err {
		t.Errorf("dropinWrite(1): encoded %v, %d writes, %v; want encoded, one write, %v", ok, w.calls, err, w.err)
	}
	if b, err := dropinMarshal(math.NaN(), &Options{}); b != nil || !errors.As(err, &ee) {
		t.Errorf("dropinMarshal(NaN): %q, %v; want nil and an *EncodeError", b, err)
	}
}

// dropinFailing is a value whose MarshalJSON fails.
type dropinFailing struct{}

func (dropinFailing) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

// TestDropinRootPath: the drop-ins' root path (marshalRoot) writes
// Marshal's bytes and returns Marshal's errors (type and text) under the
// v2 rules, in the Compact layout it takes and the Indented one it leaves
// to marshal.
func TestDropinRootPath(t *testing.T) {
	deep := []any{}
	for range 12 {
		deep = []any{deep}
	}
	values := []any{nil, 1, "a<b>", []int{1, 2}, map[string]int{"b": 2, "a": 1}, [2]bool{true},
		struct{ A, B int }{1, 2}, &struct{ S []string }{[]string{"x"}}, math.NaN(), make(chan int),
		dropinFailing{}, deep, "bad\xff"}
	for _, opts := range []*Options{
		{V2: &JSONv2{Deterministic: true}},
		{V2: &JSONv2{Deterministic: true}, MaxDepth: 8},
		{V2: &JSONv2{StringifyNumbers: true, Deterministic: true}, Escaping: Escaping{HTMLSafe: true}},
		{V2: &JSONv2{Deterministic: true}, Layout: Indented},
	} {
		for i, v := range values {
			want, werr := Marshal(v, opts)
			for range 2 {
				got, gerr := dropinMarshal(v, opts)
				if string(got) != string(want) || (gerr == nil) != (werr == nil) ||
					gerr != nil && (gerr.Error() != werr.Error() || !errors.Is(gerr, ErrV2Unimplemented) != !errors.Is(werr, ErrV2Unimplemented)) {
					t.Errorf("%+v, value %d (%T): %q, %v; want %q, %v", *opts, i, v, got, gerr, want, werr)
				}
			}
		}
	}
}
