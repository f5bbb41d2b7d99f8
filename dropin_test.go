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
