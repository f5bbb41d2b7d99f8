package jgen

import (
	"runtime"
	"testing"
)

// TestMarshalersByIDGC: a Marshalers' entry in marshalersByID, and the
// encoders compiled for it, go once it is unreachable.
func TestMarshalersByIDGC(t *testing.T) {
	m := JoinMarshalers(MarshalFunc(func(int) ([]byte, error) { return []byte(`0`), nil }))
	// []any: the interface encoder holds the cache, which is m's.
	if _, err := Marshal([]any{1, "a"}, &Options{V2: &JSONv2{Marshalers: m}}); err != nil {
		t.Fatal(err)
	}
	id := m.id
	if _, ok := marshalersByID.Load(id); !ok {
		t.Fatal("no entry for a Marshalers in use")
	}
	m = nil
	for range 20 {
		runtime.GC()
		if _, ok := marshalersByID.Load(id); !ok {
			return
		}
	}
	t.Error("the entry outlived its Marshalers")
}
