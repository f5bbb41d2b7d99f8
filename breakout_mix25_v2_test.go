//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
	jv2 "github.com/jgen-go/jgen/json/v2"
)

// mix25Funcs are marshal functions (of the drop-in, so that jgen encodes
// with them) for types the random v2 types hold, each giving its output
// from the value alone (the runs compare bytes).
func mix25Funcs() []*jsonv2.Marshalers {
	return []*jsonv2.Marshalers{
		jv2.MarshalFunc(func(i int) ([]byte, error) { return []byte(`"i` + strconv.Itoa(i) + `"`), nil }),
		jv2.MarshalFunc(func(s string) ([]byte, error) { return jsonv2.Marshal("<" + s + ">") }),
		jv2.MarshalFunc(func(s *string) ([]byte, error) {
			b, err := jsonv2.Marshal(*s)
			if err != nil {
				return nil, err
			}
			return append([]byte(` "\u0041`), b[1:]...), nil
		}),
		jv2.MarshalFunc(func(f float64) ([]byte, error) {
			return strconv.AppendQuote(nil, strconv.FormatFloat(f, 'g', -1, 64)), nil
		}),
		jv2.MarshalFunc(func(f float64) ([]byte, error) { return strconv.AppendFloat(nil, math.Round(f), 'g', -1, 64), nil }),
		jv2.MarshalFunc(func(t time.Time) ([]byte, error) { return []byte(`{"y":` + strconv.Itoa(t.Year()) + `}`), nil }),
		jv2.MarshalFunc(func(b []byte) ([]byte, error) { return []byte(`[` + strconv.Itoa(len(b)) + `]`), nil }),
		jv2.MarshalFunc(func(b bool) ([]byte, error) { return nil, errors.ErrUnsupported }),
		jv2.MarshalFunc(func(p ptrMarshaler) ([]byte, error) { return []byte(`"pm<` + p.S + `>"`), nil }),
		jv2.MarshalFunc(func(p *valueText) ([]byte, error) { return []byte(`null`), nil }),
		jv2.MarshalToFunc(func(e *jsontext.Encoder, u uint16) error {
			if u%2 == 1 {
				return errors.ErrUnsupported
			}
			return e.WriteToken(jsontext.String("u" + strconv.Itoa(int(u))))
		}),
		jv2.MarshalToFunc(func(e *jsontext.Encoder, s string) error { return e.WriteToken(jsontext.String(s + "<")) }),
		jv2.MarshalFunc(func(m map[string]int) ([]byte, error) { return []byte(`{"m":` + strconv.Itoa(len(m)) + `}`), nil }),
		jv2.MarshalFunc(func(i int64) ([]byte, error) { return nil, errors.New("no int64") }),
		jv2.MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return []byte(`"stringer"`), nil }),
		jv2.MarshalFunc(func(m interface{ MarshalText() ([]byte, error) }) ([]byte, error) {
			b, err := m.MarshalText()
			if err != nil {
				return nil, err
			}
			return jsonv2.Marshal("texter:" + string(b))
		}),
		jv2.MarshalFunc(func(a [4]byte) ([]byte, error) { return []byte(`"` + strconv.Itoa(int(a[0])) + `"`), nil }),
	}
}

// seed25 seeds TestBreakoutMix25Random.
var seed25 uint64 = 2525

// mix25Options are options for random subsets.
var mix25Options = []jsonv2.Options{
	jsontext.Multiline(true), jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t"), jsontext.SpaceAfterColon(true),
	jsontext.SpaceAfterComma(true), jsontext.SpaceAfterColon(false), jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true),
	jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true), jsonv2.StringifyNumbers(true),
	jsonv2.OmitZeroStructFields(true), jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true),
	jsonv2.Deterministic(false), jsonv2.StringifyNumbers(false), jsontext.Multiline(false),
}

// TestBreakoutMix25Random: random v2 types (embedded structs and format
// options included) filled at random, under random subsets of the
// options and random lists of marshal functions of the drop-in, through
// the drop-in's Marshal and MarshalWrite, give encoding/json/v2's bytes
// and error text.
func TestBreakoutMix25Random(t *testing.T) {
	rv := &randomValues{r: newRand(seed25)}
	v2EmbedRands[rv] = true
	defer delete(v2EmbedRands, rv)
	funcs := mix25Funcs()
	r := rand.New(rand.NewPCG(25, 25))
	n := 1500
	if testing.Short() {
		n = 400
	}
	same, failed := 0, 0
	for i := range n {
		if i%3 == 0 {
			v2FormatRands[rv] = true
		} else {
			delete(v2FormatRands, rv)
		}
		typ := v2RandomStruct(rv, 3)
		pv := reflect.New(typ)
		rv.fill(pv.Elem(), 4)
		for _, v := range []any{pv.Interface(), pv.Elem().Interface(), []any{pv.Elem().Interface(), nil}} {
			var opts []jsonv2.Options
			for range r.IntN(4) {
				opts = append(opts, mix25Options[r.IntN(len(mix25Options))])
			}
			if r.IntN(3) == 0 {
				opts = append(opts, mix25Format{})
			}
			if k := r.IntN(3); k > 0 {
				var ms []*jsonv2.Marshalers
				for range k {
					ms = append(ms, funcs[r.IntN(len(funcs))])
				}
				opts = append(opts, jsonv2.WithMarshalers(jv2.JoinMarshalers(ms...)))
			}
			opts = append(opts, jsonv2.Deterministic(true))
			want, werr := jsonv2.Marshal(v, opts...)
			if !stable(v, opts, want, werr) {
				continue // v2's map order shows through (keys of one name)
			}
			got, gerr := jv2.Marshal(v, opts...)
			if werr == nil && !bytes.Equal(got, want) || !sameErr(v, opts, gerr, werr) {
				t.Errorf("type %d %v, options %v:\n got %q %v\nwant %q %v", i, typ, opts, got, gerr, want, werr)
			}
			var b, wb bytes.Buffer
			gerr = jv2.MarshalWrite(&b, v, opts...)
			werr = jsonv2.MarshalWrite(&wb, v, opts...)
			// What v2's MarshalWrite writes before an error depends on
			// when its pooled encoder flushes: only the error is compared.
			if werr == nil && !bytes.Equal(b.Bytes(), wb.Bytes()) || !sameErr(v, opts, gerr, werr) {
				t.Errorf("MarshalWrite type %d %v, options %v:\n got %q %v\nwant %q %v", i, typ, opts, b.Bytes(), gerr, wb.Bytes(), werr)
			}
			b.Reset()
			wb.Reset()
			gerr = jv2.MarshalEncode(jsontext.NewEncoder(&b, opts...), v)
			werr = jsonv2.MarshalEncode(jsontext.NewEncoder(&wb, opts...), v)
			if werr == nil && !bytes.Equal(b.Bytes(), wb.Bytes()) || !sameErr(v, opts, gerr, werr) {
				t.Errorf("MarshalEncode type %d %v, options %v:\n got %q %v\nwant %q %v", i, typ, opts, b.Bytes(), gerr, wb.Bytes(), werr)
			}
			if werr == nil {
				same++
			} else {
				failed++
			}
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d encoded, %d errors", same, failed)
}

// stable reports whether encoding/json/v2 gives want and werr for v
// under opts again and again: map entries of one name, or a failure in
// whichever entry comes first, are in the map's order there.
func stable(v any, opts []jsonv2.Options, want []byte, werr error) bool {
	for range 8 {
		w, e := jsonv2.Marshal(v, opts...)
		if !bytes.Equal(w, want) || fmt.Sprint(e) != fmt.Sprint(werr) {
			return false
		}
	}
	return true
}

// sameErr reports whether gerr is werr, as text, or where both are
// errors one that encoding/json/v2 gives for v under opts in some run: a
// map whose keys fail in more than one way fails at whichever v2 meets
// first, in the map's order (the drop-in returns v2's own error).
func sameErr(v any, opts []jsonv2.Options, gerr, werr error) bool {
	if fmt.Sprint(gerr) == fmt.Sprint(werr) {
		return true
	}
	if gerr == nil || werr == nil {
		return false
	}
	for range 200 {
		if _, e := jsonv2.Marshal(v, opts...); e != nil && strings.HasPrefix(fmt.Sprint(gerr), strings.Split(e.Error(), " after offset")[0]) {
			return true
		}
	}
	return false
}

// mix25Format is encoding/json/v2's experimental option that enables the
// format tag option, known by its marker method.
type mix25Format struct{ jsonv2.Options }

func (mix25Format) ExperimentalSupportFormatTag() bool { return true }

// TestBreakoutMix25Floats: random float64 and float32 values (random
// bits, near powers of ten, integers, subnormals, shortest-digit edge
// cases) in slices, maps (as keys and values), struct pairs, under
// StringifyNumbers and not, give encoding/json/v2's bytes, jgen's v1
// rules encoding/json's, and each float's text is strconv's shortest
// form as v2 writes it; edge values (±0, the extremes, the bounds of the
// notations) first.
func TestBreakoutMix25Floats(t *testing.T) {
	r := rand.New(rand.NewPCG(2527, 1))
	rnd64 := func() float64 {
		for {
			var f float64
			switch r.IntN(7) {
			case 0:
				f = math.Float64frombits(r.Uint64())
			case 1:
				f = math.Float64frombits(r.Uint64() & (1<<52 - 1)) // subnormal
			case 2:
				f = float64(r.Int64N(1<<54) - 1<<53)
			case 3:
				f = math.Pow(10, float64(r.IntN(600)-300))
				f = math.Float64frombits(math.Float64bits(f) + uint64(r.IntN(5)) - 2)
			case 4:
				f = float64(r.IntN(100000)) / 1000
			case 5:
				f = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
			default:
				f = math.Float64frombits(uint64(r.IntN(2047))<<52 | uint64(r.IntN(4)))
			}
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				return f
			}
		}
	}
	rnd32 := func() float32 {
		for {
			var f float32
			switch r.IntN(5) {
			case 0:
				f = math.Float32frombits(r.Uint32())
			case 1:
				f = math.Float32frombits(r.Uint32() & (1<<23 - 1))
			case 2:
				f = float32(r.Int32N(1<<25) - 1<<24)
			case 3:
				f = float32(rnd64())
			default:
				f = math.Float32frombits(uint32(r.IntN(255))<<23 | uint32(r.IntN(4)))
			}
			if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
				return f
			}
		}
	}
	type pair struct {
		A float64 `json:"a"`
		B float32 `json:"b,string"`
		C *float64
		D any
	}
	edges := []float64{0, math.Copysign(0, -1), math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64,
		1e21, 1e21 - 65536, 1e-6, 1e-7, 0.000001, 9.999999999999999e20, 123456789012345678, 5e-324, 2.2250738585072014e-308,
		float64(math.SmallestNonzeroFloat32), float64(math.MaxFloat32), 1<<53 + 1, 0.1, 0.2, 0.3, 1.0 / 3}
	n := 20000
	if testing.Short() {
		n = 4000
	}
	for i := range n + len(edges) {
		f64, f32 := rnd64(), rnd32()
		if i < len(edges) {
			f64, f32 = edges[i], float32(edges[i])
			if math.IsInf(float64(f32), 0) {
				f32 = float32(math.Copysign(math.MaxFloat32, edges[i]))
			}
		}
		g64 := rnd64()
		vals := []any{
			f64, f32, []float64{f64, g64, -f64}, []float32{f32, -f32}, [2]float32{f32, float32(g64)},
			map[float64]float32{f64: f32, g64: -f32}, map[float32]float64{f32: f64},
			pair{f64, f32, &g64, float32(g64)}, map[string]pair{"p": {A: -g64, B: f32}},
		}
		for _, v := range vals {
			for _, opts := range [][]jsonv2.Options{{jsonv2.Deterministic(true)}, {jsonv2.Deterministic(true), jsonv2.StringifyNumbers(true)}} {
				want, werr := jsonv2.Marshal(v, opts...)
				got, gerr := jv2.Marshal(v, opts...)
				if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Fatalf("%d %T %v, options %v:\n got %q %v\nwant %q %v", i, v, v, opts, got, gerr, want, werr)
				}
			}
		}
		// encoding/json (v1) against jgen's v1 rules, on what v1 takes.
		for _, v := range []any{f64, f32, []float64{f64, g64}, []float32{f32}, pair{f64, f32, &g64, float32(g64)}, map[string]any{"a": f32, "b": f64}} {
			want, werr := jsonv1.Marshal(v)
			got, gerr := jgen.Marshal(v, nil)
			if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
				t.Fatalf("v1 %d %T %v:\n got %q %v\nwant %q %v", i, v, v, got, gerr, want, werr)
			}
		}
		// The float alone against strconv's shortest form, in v2's
		// notation (encoding/json/v2 writes 'f' between 1e-6 and 1e21).
		for _, c := range []struct {
			f    float64
			bits int
		}{{f64, 64}, {float64(f32), 32}} {
			got, err := jv2.Marshal(c.f)
			if c.bits == 32 {
				got, err = jv2.Marshal(float32(c.f))
			}
			if err != nil {
				t.Fatal(err)
			}
			back, perr := strconv.ParseFloat(string(got), c.bits)
			if perr != nil || back != c.f {
				t.Fatalf("%g (float%d): %q reads back as %v (%v)", c.f, c.bits, got, back, perr)
			}
			short := strconv.FormatFloat(c.f, 'e', -1, c.bits)
			digits := strings.TrimLeft(strings.Split(short, "e")[0], "-")
			digits = strings.TrimRight(strings.Replace(digits, ".", "", 1), "0")
			mine := strings.TrimLeft(strings.Split(strings.Split(string(got), "e")[0], "E")[0], "-")
			mine = strings.Trim(strings.Replace(mine, ".", "", 1), "0")
			if c.f != 0 && mine != strings.TrimLeft(digits, "0") {
				t.Fatalf("%g (float%d): %q, shortest digits %q", c.f, c.bits, got, digits)
			}
		}
	}
}
