package jgen_test

import (
	"fmt"
	"io"
	"reflect"
	"sync"
	"testing"

	"github.com/jgen-go/jgen"
)

type allocInner struct {
	Label string  `json:"label"`
	Score float64 `json:"score"`
	Tags  []string
}

type allocStruct struct {
	ID      int64  `json:"id"`
	Name    string `json:"name,omitempty"`
	Active  bool   `json:"active"`
	Ratio   float32
	Count   uint16 `json:",string"`
	Items   []allocInner
	Inner   allocInner `json:"inner"`
	Ptr     *allocInner
	Numbers [3]int
}

// TestWriteValueAllocs: a pointer to a struct of strings, numbers, bools,
// slices and nested structs costs no allocation per WriteValue into a
// reused append-mode generator, in every layout; maps cost none once
// warmed up.
func TestWriteValueAllocs(t *testing.T) {
	if jgen.RaceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	v := allocStruct{ID: 1, Name: "name <x>", Active: true, Ratio: 0.5, Count: 7,
		Items: []allocInner{{"a", 1.5, []string{"x", "y"}}, {"b\n", -2, nil}},
		Inner: allocInner{Label: "é"}, Ptr: &allocInner{Label: "p"}, Numbers: [3]int{1, 2, 3}}
	maps := map[string]any{"b": 1, "a": []any{"x", 2.5, true, nil}}
	intMap := map[int]allocInner{3: {Label: "c"}, -1: {Label: "d"}, 20: {}}
	cases := []struct {
		name string
		v    any
	}{
		{"struct", &v},
		{"map string any", maps},
		{"map int struct", intMap},
		// base64 of a []byte: whether the escaping changes a symbol of
		// the alphabet is found once per escaper, without a buffer of
		// its own on the heap (pooled generators set theirs up anew).
		{"bytes", &struct {
			B []byte
			S string
		}{[]byte("hello, world"), "s"}},
	}
	for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented, jgen.JacksonPretty} {
		for _, c := range cases {
			g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: jgen.Stdlib, Layout: layout})
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 0, 4096)
			run := func() {
				g.ResetAppend(buf[:0])
				if err := g.WriteValue(c.v); err != nil {
					t.Fatal(err)
				}
			}
			run() // warm up: compile the encoders, fill the pools
			if n := testing.AllocsPerRun(100, run); n != 0 {
				t.Errorf("%s, layout %v: %v allocations per WriteValue", c.name, layout, n)
			}
			// AppendMarshal into a reused slice.
			opts := &jgen.Options{Escaping: jgen.Stdlib, Layout: layout}
			appendTo := func() {
				if _, err := jgen.AppendMarshal(buf[:0], c.v, opts); err != nil {
					t.Fatal(err)
				}
			}
			appendTo()
			if n := testing.AllocsPerRun(100, appendTo); n != 0 {
				t.Errorf("%s, layout %v: %v allocations per AppendMarshal", c.name, layout, n)
			}
			// Writer mode: through the pooled scratch buffer.
			w, err := jgen.NewGenerator(io.Discard, &jgen.Options{Escaping: jgen.Stdlib, Layout: layout, BufferSize: 512})
			if err != nil {
				t.Fatal(err)
			}
			write := func() {
				if err := w.WriteValue(c.v); err != nil {
					t.Fatal(err)
				}
			}
			write()
			if n := testing.AllocsPerRun(100, write); n != 0 {
				t.Errorf("%s, layout %v, writer mode: %v allocations per WriteValue", c.name, layout, n)
			}
		}
	}
}

// TestMarshalBytesAllocs: Marshal of a value holding a []byte allocates
// its result only, and a per-use Encoder nothing, under an escaping that
// keeps base64 symbols and one that changes '/' (EscapeSlash).
func TestMarshalBytesAllocs(t *testing.T) {
	if jgen.RaceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	v := any(&struct{ B []byte }{[]byte("\xff\xfe?>hello")})
	slash := jgen.Stdlib
	slash.EscapeSlash = true
	for _, esc := range []jgen.Escaping{jgen.Stdlib, slash} {
		opts := &jgen.Options{Escaping: esc}
		marshal := func() {
			if _, err := jgen.Marshal(v, opts); err != nil {
				t.Fatal(err)
			}
		}
		marshal()
		if n := testing.AllocsPerRun(100, marshal); n != 1 {
			t.Errorf("EscapeSlash %v: %v allocations per Marshal, want 1", esc.EscapeSlash, n)
		}
		encode := func() {
			enc, err := jgen.NewEncoder(io.Discard, opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
		}
		encode()
		if n := testing.AllocsPerRun(100, encode); n != 0 {
			t.Errorf("EscapeSlash %v: %v allocations per NewEncoder and Encode, want 0", esc.EscapeSlash, n)
		}
	}
}

// TestWriteValueConcurrentFirstUse encodes values of types nobody has used
// yet from many goroutines at once (run it with -race): every goroutine
// gets the same bytes.
func TestWriteValueConcurrentFirstUse(t *testing.T) {
	rv := &randomValues{r: newRand(99)}
	for round := range 20 {
		typ := rv.structType(3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		// A fresh recursive type too: a struct holding a slice of itself.
		var outs [8][]byte
		var errs [8]error
		var wg sync.WaitGroup
		for i := range outs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				outs[i], errs[i] = jgen.Marshal(v.Interface(), &jgen.Options{Escaping: jgen.Stdlib})
			}()
		}
		wg.Wait()
		for i := range outs {
			if fmt.Sprint(errs[i]) != fmt.Sprint(errs[0]) || string(outs[i]) != string(outs[0]) {
				t.Fatalf("round %d: goroutine %d got %s, %v; goroutine 0 %s, %v", round, i, outs[i], errs[i], outs[0], errs[0])
			}
		}
	}
}
