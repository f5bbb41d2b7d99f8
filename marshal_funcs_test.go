package jgen_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

type funcPoint struct{ X, Y int }

type funcHolder struct {
	P funcPoint
	Q *funcPoint
	S []funcPoint
	M map[string]funcPoint
	A any
}

// funcHolderArrays is funcHolder with each funcPoint as the [2]int its
// marshal function writes.
type funcHolderArrays struct {
	P [2]int
	Q *[2]int
	S [][2]int
	M map[string][2]int
	A any
}

// TestMarshalFuncRewrites: under a function writing a funcPoint as
// [X,Y], a value encodes as the value with each funcPoint replaced by
// that array encodes without functions (encoding/json/v2's own
// comparison is marshal_funcs_v2_test.go's, on Go 1.27).
func TestMarshalFuncRewrites(t *testing.T) {
	toArray := func(p funcPoint) [2]int { return [2]int{p.X, p.Y} }
	byValue := jgen.MarshalFunc(func(p funcPoint) ([]byte, error) {
		return fmt.Appendf(nil, "[ %d, %d ]", p.X, p.Y), nil
	})
	byPointer := jgen.MarshalFunc(func(p *funcPoint) ([]byte, error) {
		return fmt.Appendf(nil, "[%d,%d]", p.X, p.Y), nil
	})
	q := funcPoint{3, 4}
	qa := toArray(q)
	v := funcHolder{P: funcPoint{1, 2}, Q: &q, S: []funcPoint{{5, 6}}, M: map[string]funcPoint{"b": {7, 8}, "a": {}}, A: funcPoint{9, 9}}
	w := funcHolderArrays{P: toArray(v.P), Q: &qa, S: [][2]int{toArray(v.S[0])}, M: map[string][2]int{"b": {7, 8}, "a": {}}, A: [2]int{9, 9}}
	plain := &jgen.Options{V2: &jgen.JSONv2{}}
	want, err := jgen.Marshal(w, plain)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*jgen.Marshalers{
		"value":         byValue,
		"pointer":       byPointer,
		"join":          jgen.JoinMarshalers(nil, byPointer, byValue),
		"join, shadows": jgen.JoinMarshalers(byValue, jgen.MarshalFunc(func(funcPoint) ([]byte, error) { return []byte(`0`), nil })),
	} {
		o := &jgen.Options{V2: &jgen.JSONv2{Marshalers: m}}
		for _, in := range []any{v, &v} {
			got, err := jgen.Marshal(in, o)
			if err != nil || string(got) != string(want) {
				t.Errorf("%s: Marshal(%T) = %s, %v; want %s", name, in, got, err, want)
			}
		}
		// The root value itself.
		got, err := jgen.Marshal(&q, o)
		if wantQ, _ := jgen.Marshal(qa, plain); err != nil || string(got) != string(wantQ) {
			t.Errorf("%s: Marshal(&q) = %s, %v; want %s", name, got, err, wantQ)
		}
	}
}

// TestMarshalFuncKeys: a function on the key type writes the member
// names, the entries sorted by them.
func TestMarshalFuncKeys(t *testing.T) {
	upper := jgen.MarshalFunc(func(s string) ([]byte, error) { return []byte(strconv.Quote(strings.ToUpper(s))), nil })
	got, err := jgen.Marshal(map[string]int{"b": 1, "a": 2, "C": 3}, &jgen.Options{V2: &jgen.JSONv2{Marshalers: upper}})
	want, _ := jgen.Marshal(map[string]any{"B": 1, "A": 2, "C": 3}, &jgen.Options{V2: &jgen.JSONv2{}})
	if err != nil || string(got) != string(want) {
		t.Errorf("got %s, %v; want %s", got, err, want)
	}
}

// TestMarshalFuncErrors: a function's error, and what the v2 rules
// decline under functions.
func TestMarshalFuncErrors(t *testing.T) {
	boom := errors.New("boom")
	failing := &jgen.Options{V2: &jgen.JSONv2{Marshalers: jgen.MarshalFunc(func(funcPoint) ([]byte, error) { return nil, boom })}}
	_, err := jgen.Marshal(funcHolder{}, failing)
	var ee *jgen.EncodeError
	if !errors.Is(err, boom) || !errors.As(err, &ee) {
		t.Errorf("failing function: %v, want an *EncodeError matching its error", err)
	}
	unsupported := &jgen.Options{V2: &jgen.JSONv2{Marshalers: jgen.MarshalFunc(func(funcPoint) ([]byte, error) { return nil, errors.ErrUnsupported })}}
	if _, err := jgen.Marshal(funcPoint{}, unsupported); err == nil || errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("errors.ErrUnsupported: %v, want an error not matching it (v2 refuses it from a MarshalFunc)", err)
	}
	for name, c := range map[string]struct {
		m  *jgen.Marshalers
		in any
	}{
		"map key not a string": {jgen.MarshalFunc(func(s string) ([]byte, error) { return []byte(`1`), nil }), map[string]int{"a": 1}},
		"map keys repeated":    {jgen.MarshalFunc(func(s string) ([]byte, error) { return []byte(`"k"`), nil }), map[string]int{"a": 1, "b": 2}},
		"invalid output":       {jgen.MarshalFunc(func(funcPoint) ([]byte, error) { return []byte(`[1,`), nil }), funcPoint{}},
	} {
		_, err := jgen.Marshal(c.in, &jgen.Options{V2: &jgen.JSONv2{Marshalers: c.m}})
		if !errors.Is(err, jgen.ErrV2Unimplemented) {
			t.Errorf("%s: %v, want ErrV2Unimplemented", name, err)
		}
	}
}

// TestMarshalFuncNamedPointer: MarshalFunc panics on a named pointer
// type, as encoding/json/v2's does.
func TestMarshalFuncNamedPointer(t *testing.T) {
	type named *funcPoint
	defer func() {
		if recover() == nil {
			t.Error("MarshalFunc[named pointer] did not panic")
		}
	}()
	jgen.MarshalFunc(func(named) ([]byte, error) { return nil, nil })
}
