//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"weak"
)

type fpoint struct{ X, Y int }

type fstringer struct{ N int }

func (s fstringer) String() string { return "s" + strconv.Itoa(s.N) }

// fptrStringer's String has a pointer receiver: a func on fmt.Stringer
// applies to every value of the type (v2 takes its address).
type fptrStringer struct{ N int }

func (s *fptrStringer) String() string { return "p" + strconv.Itoa(s.N) }

type fjsonMethod struct{ A int }

func (fjsonMethod) MarshalJSON() ([]byte, error) { return []byte(`"method"`), nil }

type fholder struct {
	P   fpoint
	Q   *fpoint
	R   *fpoint `json:",omitempty"`
	S   []fpoint
	A   [2]fpoint
	M   map[string]fpoint
	Any any
	N   int
	I   int `json:",string"`
	Str string
	E   string `json:",omitempty"`
	Z   fpoint `json:",omitzero"`
	F   fempty `json:",omitempty"`
	G   fempty
}

type fempty string

var fpointFunc = func(p fpoint) ([]byte, error) {
	return fmt.Appendf(nil, "[ %d , %d ]", p.X, p.Y), nil
}

func fholders() []any {
	p := &fpoint{3, 4}
	h := fholder{P: fpoint{1, 2}, Q: p, S: []fpoint{{5, 6}}, A: [2]fpoint{{7, 8}}, M: map[string]fpoint{"b": {1, 1}, "a": {2, 2}},
		Any: fpoint{9, 9}, N: 10, I: 11, Str: "str", Z: fpoint{0, 1}, F: "f", G: "g"}
	return []any{h, &h, fholder{}, fpoint{1, 2}, p, (*fpoint)(nil), []any{fpoint{}, p, nil, 1, "x"},
		map[string]any{"k": []fpoint{{1, 2}}}, []int{1, 2}, map[string]int{"a": 1, "b": 2}, map[int]string{1: "a"},
		struct{ T time.Time }{}, struct{ D time.Duration }{time.Second}, []byte("ab"), [2]byte{1, 2},
		fstringer{1}, &fstringer{2}, fptrStringer{3}, []fptrStringer{{4}}, struct {
			S fmt.Stringer
			T fstringer
			U any
		}{fstringer{5}, fstringer{6}, &fptrStringer{7}},
		fjsonMethod{}, []fjsonMethod{{}}, methodTo{}, fallbackMap{1, map[string]int{"a": 1}},
		nil, 1, "root", true, 1.5,
		struct {
			fpoint
			N int
		}{fpoint{1, 2}, 3}, struct{ *fpoint }{&fpoint{4, 5}},
		&flist{P: fpoint{1, 0}, Next: &flist{P: fpoint{2, 1}, Next: &flist{}}},
		map[fpoint]int{{1, 2}: 1}, map[string]string{"a": "x", "b": "y"}}
}

// flist is recursive: its encoder is compiled through a forwarding one.
type flist struct {
	P    fpoint
	Next *flist `json:",omitempty"`
}

// marshalersCase is a list of functions and whether jgen encodes (with
// them) every value of fholders that it encodes without them.
type marshalersCase struct {
	name string
	ms   *Marshalers
	jgen bool
}

func marshalersCases() []marshalersCase {
	pointF := MarshalFunc(fpointFunc)
	intF := MarshalFunc(func(i int) ([]byte, error) { return fmt.Appendf(nil, `"i%d"`, i), nil })
	return []marshalersCase{
		{"struct type", pointF, true},
		{"pointer type", MarshalFunc(func(p *fpoint) ([]byte, error) { return fmt.Appendf(nil, `{"x":%d}`, p.X), nil }), true},
		{"int", intF, true},
		{"string", MarshalFunc(func(s string) ([]byte, error) { return jsonv2.Marshal(strings.ToUpper(s)) }), true},
		{"to empty", MarshalFunc(func(fempty) ([]byte, error) { return []byte(`""`), nil }), true},
		{"to null", MarshalFunc(func(*fempty) ([]byte, error) { return []byte(`null`), nil }), true},
		{"uint8", MarshalFunc(func(b uint8) ([]byte, error) { return []byte(`"byte"`), nil }), true},
		{"bytes", MarshalFunc(func(b []byte) ([]byte, error) { return []byte(`"bytes"`), nil }), true},
		{"duration", MarshalFunc(func(d time.Duration) ([]byte, error) { return []byte(strconv.Quote(d.String())), nil }), true},
		{"time", MarshalFunc(func(t time.Time) ([]byte, error) { return []byte(`"when"`), nil }), true},
		{"method type", MarshalFunc(func(fjsonMethod) ([]byte, error) { return []byte(`"func"`), nil }), true},
		{"interface Stringer", MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return jsonv2.Marshal(s.String()) }), true},
		{"interface any", MarshalFunc(func(v any) ([]byte, error) { return jsonv2.Marshal(fmt.Sprintf("%T", v)) }), true},
		{"join first wins", JoinMarshalers(intF, MarshalFunc(func(i int) ([]byte, error) { return []byte(`0`), nil }), pointF), true},
		{"join nested", JoinMarshalers(nil, JoinMarshalers(MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return []byte(`"S"`), nil })), pointF, nil), true},
		{"output with members", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte("{\"b\" : [1, {\"c\":\t2}], \"a\":null}"), nil }), true},
		{"nested Marshal", MarshalFunc(func(p fpoint) ([]byte, error) {
			return Marshal(map[string]int{"y": p.Y, "x": p.X}, Deterministic(true))
		}), true},
		{"output to escape", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte("[\"<a&b>\u2028\",\"\xff\"]"), nil }), true},
		{"MarshalToFunc output to escape", MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error {
			return enc.WriteToken(jsontext.String("<a&b>\u2028\xff"))
		}), true},
		{"names", MarshalFunc(func(p fpoint) ([]byte, error) { return fmt.Appendf(nil, `"p%d_%d é"`, p.X, p.Y), nil }), true},
		{"names repeated", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte(`"p"`), nil }), true},
		{"error", MarshalFunc(func(p fpoint) ([]byte, error) { return nil, errors.New("boom") }), false},
		{"ErrUnsupported", MarshalFunc(func(p fpoint) ([]byte, error) { return nil, errors.ErrUnsupported }), false},
		{"invalid output", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte(`{"a":`), nil }), false},
		{"two values", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte(`1 2`), nil }), false},
		{"escaped output", MarshalFunc(func(p fpoint) ([]byte, error) { return []byte(`"\u0041"`), nil }), true},
		{"std MarshalFunc", jsonv2.MarshalFunc(fpointFunc), false},
		{"join with std", JoinMarshalers(pointF, jsonv2.MarshalFunc(func(i int) ([]byte, error) { return []byte(`0`), nil })), false},
		{"MarshalToFunc skip to func", JoinMarshalers(MarshalToFunc(func(enc *jsontext.Encoder, i int) error {
			if i%2 == 0 {
				return errors.ErrUnsupported
			}
			return enc.WriteToken(jsontext.String("odd"))
		}), intF), true},
		{"MarshalToFunc skip to default", MarshalToFunc(func(enc *jsontext.Encoder, p *fpoint) error {
			if p.X%2 == 0 {
				return errors.ErrUnsupported
			}
			return enc.WriteValue(jsontext.Value(` [ "odd" ] `))
		}), true},
		{"MarshalToFunc nested MarshalEncode", JoinMarshalers(MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error {
			return jsonv2.MarshalEncode(enc, []int{p.X, p.Y})
		}), intF), true},
		{"MarshalToFunc interface", MarshalToFunc(func(enc *jsontext.Encoder, s fmt.Stringer) error {
			return enc.WriteToken(jsontext.String(s.String()))
		}), true},
		{"MarshalToFunc with a MarshalJSONTo type", JoinMarshalers(MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error {
			return jsonv2.MarshalEncode(enc, methodTo{})
		})), true},
		{"MarshalToFunc error", MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error { return errors.New("boom") }), false},
		{"MarshalToFunc two values", MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error {
			enc.WriteToken(jsontext.Int(1))
			return enc.WriteToken(jsontext.Int(2))
		}), false},
		{"MarshalToFunc skip after writing", MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error {
			enc.WriteToken(jsontext.Int(1))
			return errors.ErrUnsupported
		}), false},
		{"MarshalToFunc nothing written", MarshalToFunc(func(enc *jsontext.Encoder, p fpoint) error { return nil }), false},
	}
}

// TestMarshalersDifferential compares Marshal, MarshalWrite and
// MarshalEncode with WithMarshalers against encoding/json/v2's with the
// same *Marshalers, under several option sets, and checks which
// encoded it.
func TestMarshalersDifferential(t *testing.T) {
	optSets := [][]Options{
		{Deterministic(true)},
		{Deterministic(true), StringifyNumbers(true), FormatNilSliceAsNull(true)},
		{Deterministic(true), jsontext.Multiline(true)},
		{JoinOptions(Deterministic(true), OmitZeroStructFields(true))},
		{Deterministic(true), jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)},
		{Deterministic(true), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)},
	}
	for _, c := range marshalersCases() {
		for i, base := range optSets {
			opts := append([]Options{WithMarshalers(c.ms)}, base...)
			for j, v := range fholders() {
				what := fmt.Sprintf("%s, options %d, value %d (%T)", c.name, i, j, v)
				before := fallbacks.Load()
				got, gerr := Marshal(v, opts...)
				fell := fallbacks.Load() != before
				want, werr := jsonv2.Marshal(v, opts...)
				sameResult(t, what, got, gerr, want, werr)
				if c.jgen && fell && werr == nil && !declinedValue(v) && !declinedWith(v, c.name) {
					t.Errorf("%s: encoded by encoding/json/v2, want jgen", what)
				}
				if !c.jgen && !fell && usesFuncs(v, c.ms, base) {
					t.Errorf("%s: encoded by jgen, want encoding/json/v2", what)
				}
				var gw, ww bytes.Buffer
				gerr = MarshalWrite(&gw, v, opts...)
				werr = jsonv2.MarshalWrite(&ww, v, opts...)
				sameResult(t, what+" MarshalWrite", gw.Bytes(), gerr, ww.Bytes(), werr)
				gw.Reset()
				ww.Reset()
				gerr = MarshalEncode(jsontext.NewEncoder(&gw, opts...), v)
				werr = jsonv2.MarshalEncode(jsontext.NewEncoder(&ww, opts...), v)
				sameResult(t, what+" MarshalEncode", gw.Bytes(), gerr, ww.Bytes(), werr)
			}
		}
	}
}

// declinedWith reports whether jgen declines v under the functions of
// the case named name for a reason of the value's own: a map whose keys
// a function applies to, a MarshalJSONTo method, an embedded fallback.
func declinedWith(v any, name string) bool {
	switch v.(type) {
	case fallbackMap:
		return true
	case fholder, *fholder:
		// The names of "interface any" repeat; a MarshalToFunc on int
		// meets the field I with the string option.
		return name == "interface any" || name == "MarshalToFunc skip to func"
	case map[string]int, map[string]any:
		// The names of "interface any" repeat.
		return name == "interface any"
	case map[string]string:
		return name == "interface any"
	case map[int]string:
		switch name {
		case "interface any", "MarshalToFunc skip to func", "MarshalToFunc nested MarshalEncode":
			return true // a MarshalToFunc on int keys
		}
		return false
	}
	return false
}

// usesFuncs reports whether encoding/json/v2 calls a function of ms for
// v under opts: its output differs from that without ms.
func usesFuncs(v any, ms *Marshalers, opts []Options) bool {
	a, aerr := jsonv2.Marshal(v, opts...)
	b, berr := jsonv2.Marshal(v, append(opts[:len(opts):len(opts)], WithMarshalers(ms))...)
	return !bytes.Equal(a, b) || (aerr == nil) != (berr == nil)
}

// TestMarshalersConcurrent: one list used by several goroutines at once
// (its encoders compiled on first use, for the race detector).
func TestMarshalersConcurrent(t *testing.T) {
	ms := JoinMarshalers(MarshalFunc(fpointFunc), MarshalToFunc(func(enc *jsontext.Encoder, s fmt.Stringer) error {
		return enc.WriteToken(jsontext.String(s.String()))
	}))
	values := fholders()
	want := make([][]byte, len(values))
	for i, v := range values {
		want[i], _ = jsonv2.Marshal(v, WithMarshalers(ms), Deterministic(true))
	}
	done := make(chan bool)
	for range 4 {
		go func() {
			defer func() { done <- true }()
			for i, v := range values {
				if got, _ := Marshal(v, WithMarshalers(ms), Deterministic(true)); !bytes.Equal(got, want[i]) {
					t.Errorf("value %d (%T): got %s, want %s", i, v, got, want[i])
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
}

// TestMarshalersKeys: the names a MarshalFunc writes for map keys, under
// the escaping options, sorted by name; repeated names, which
// encoding/json/v2 refuses, left to it, and written (in either order)
// under AllowDuplicateNames.
func TestMarshalersKeys(t *testing.T) {
	name := MarshalFunc(func(p fpoint) ([]byte, error) { return fmt.Appendf(nil, "\"<p%d&%d>\u2028é\"", p.X, p.Y), nil })
	same := MarshalFunc(func(p fpoint) ([]byte, error) { return []byte(`"p"`), nil })
	m := map[fpoint]int{{1, 2}: 1, {3, 4}: 2, {0, 9}: 3, {10, 0}: 4}
	for _, c := range []struct {
		ms   *Marshalers
		opts []Options
		jgen bool
	}{
		{name, nil, true},
		{name, []Options{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)}, true},
		{name, []Options{jsontext.Multiline(true)}, true},
		{same, nil, false},
		{same, []Options{jsontext.AllowDuplicateNames(true)}, true},
		{MarshalFunc(func(p fpoint) ([]byte, error) { return fmt.Appendf(nil, `"p\u0041%d"`, p.X), nil }), nil, false},
		{MarshalFunc(func(p fpoint) ([]byte, error) { return fmt.Appendf(nil, ` "p%d" `, p.X), nil }), nil, false},
		{MarshalFunc(func(p fpoint) ([]byte, error) { return fmt.Appendf(nil, `%d`, p.X), nil }), nil, false},
	} {
		opts := append([]Options{WithMarshalers(c.ms), Deterministic(true)}, c.opts...)
		before := fallbacks.Load()
		got, gerr := Marshal(m, opts...)
		fell := fallbacks.Load() != before
		want, werr := jsonv2.Marshal(m, opts...)
		if (c.jgen || werr == nil) && !bytes.Contains(want, []byte(`"p"`)) {
			sameResult(t, fmt.Sprint(c.opts), got, gerr, want, werr)
		} else if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			// Repeated names: encoding/json/v2's order (or its output
			// before the error) is its map order.
			t.Errorf("%v: got %v, want %v", c.opts, gerr, werr)
		} else if gerr == nil && len(got) != len(want) {
			// The same entries, in another order.
			t.Errorf("%v: got %s, want the entries of %s", c.opts, got, want)
		}
		if fell == c.jgen {
			t.Errorf("%v: fallback %v, want %v", c.opts, fell, !c.jgen)
		}
	}
}

// TestJoinMarshalersEmpty: a join of no functions is nil, as v2's.
func TestJoinMarshalersEmpty(t *testing.T) {
	if m := JoinMarshalers(nil, JoinMarshalers()); m != nil || jsonv2.JoinMarshalers(nil) != nil {
		t.Errorf("JoinMarshalers(nil, JoinMarshalers()) = %p, want nil", m)
	}
}

// TestMarshalersTableGC: the table entry of a *Marshalers goes once it is
// unreachable.
func TestMarshalersTableGC(t *testing.T) {
	ms := JoinMarshalers(MarshalFunc(fpointFunc), MarshalFunc(func(i int) ([]byte, error) { return []byte(`0`), nil }))
	if _, err := Marshal(fholder{}, WithMarshalers(ms)); err != nil {
		t.Fatal(err)
	}
	k := weak.Make(ms)
	if _, ok := marshalersTable.Load(k); !ok {
		t.Fatal("no table entry for a JoinMarshalers list")
	}
	ms = nil
	for range 20 {
		runtime.GC()
		if _, ok := marshalersTable.Load(k); !ok {
			return
		}
	}
	t.Error("the table entry outlived its *Marshalers")
}

// BenchmarkMarshalWithMarshalers: a struct of points, strings and ints
// under a MarshalFunc on the point type, through the drop-in and
// encoding/json/v2.
func BenchmarkMarshalWithMarshalers(b *testing.B) {
	ms := MarshalFunc(func(p fpoint) ([]byte, error) { return strconv.AppendInt(nil, int64(p.X*100+p.Y), 10), nil })
	v := make([]fholder, 16)
	for i := range v {
		v[i] = fholder{P: fpoint{i, i}, S: []fpoint{{1, 2}, {3, 4}}, Str: "name", N: i, M: map[string]fpoint{"a": {5, 6}}}
	}
	opts := []Options{WithMarshalers(ms), Deterministic(true)}
	for _, impl := range []struct {
		name    string
		marshal func(any, ...Options) ([]byte, error)
	}{{"jgen", Marshal}, {"std", jsonv2.Marshal}} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := impl.marshal(v, opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
