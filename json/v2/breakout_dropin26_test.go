//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

// TestBreakoutEncodeMatrix: MarshalEncode against encoding/json/v2's, for
// encoders of many option sets (escaping, invalid UTF-8, whitespace,
// indent prefixes without Multiline, raw-value rewriting, marshal
// options, more than translateEncoder caches) times call options (none,
// nil, marshal options, jsontext options, marshal functions), at the top
// level, in an array and as a member's value, each value followed by
// another: the errors of each call, and the bytes once the containers
// are closed.
func TestBreakoutEncodeMatrix(t *testing.T) {
	encs := [][]Options{
		{}, {jsontext.AllowInvalidUTF8(true)}, {jsontext.EscapeForJS(true)}, {jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)},
		{jsontext.SpaceAfterColon(true)}, {jsontext.SpaceAfterComma(true), jsontext.Multiline(true)},
		{jsontext.WithIndentPrefix("  "), jsontext.Multiline(true)}, {jsontext.WithIndentPrefix("  ")},
		{jsontext.WithIndent("\t\t"), jsontext.Multiline(false)}, {jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)},
		{jsontext.PreserveRawStrings(true)}, {jsontext.CanonicalizeRawInts(true)}, {jsontext.ReorderRawObjects(true)},
		{FormatNilSliceAsNull(true)}, {OmitZeroStructFields(true), jsontext.Multiline(true)}, {StringifyNumbers(true)}, {StringifyNumbers(false)},
		{jsonv2.DefaultOptionsV2()}, {Deterministic(false)},
	}
	calls := [][]Options{nil, {nil}, {Deterministic(true)}, {StringifyNumbers(true)}, {StringifyNumbers(false)}, {FormatNilMapAsNull(true)},
		{jsontext.AllowInvalidUTF8(true)}, {jsontext.AllowDuplicateNames(true)}, {jsontext.Multiline(true)}, {jsontext.AllowInvalidUTF8(false)},
		{Deterministic(true), OmitZeroStructFields(true)}, {jsonv2.DefaultOptionsV2()},
		{WithMarshalers(MarshalFunc(func(int) ([]byte, error) { return []byte(`"i"`), nil }))}}
	values := []any{1, "a<\u2028>\xff", []int(nil), map[string]int(nil), map[string]int{"b": 1}, &record{ID: 1, Tags: []string{"x\xfe"}},
		dupJSON{}, escapedJSON{}, methodTo{}, struct {
			A int `json:",omitzero"`
			B []int
		}{}, []any{1.5, "x", nil, true}, jsontext.Value(`{"b":1,"a":00}`), jsontext.Value(`[1.0, 1e2]`), jsonv1.Number("1.50")}
	for ei, eo := range encs {
		for ci, call := range calls {
			for pos := range 3 {
				for vi, v := range values {
					var gb, wb bytes.Buffer
					ge, we := jsontext.NewEncoder(&gb, eo...), jsontext.NewEncoder(&wb, eo...)
					for _, e := range []*jsontext.Encoder{ge, we} {
						switch pos {
						case 1:
							_ = e.WriteToken(jsontext.BeginArray)
						case 2:
							_ = e.WriteToken(jsontext.BeginObject)
							_ = e.WriteToken(jsontext.String("k"))
						}
					}
					what := fmt.Sprintf("encoder %d, call %d, position %d, value %d (%T)", ei, ci, pos, vi, v)
					for _, x := range []any{v, 1} {
						gerr := MarshalEncode(ge, x, call...)
						werr := jsonv2.MarshalEncode(we, x, call...)
						if fmt.Sprint(gerr) != fmt.Sprint(werr) {
							t.Errorf("%s: error %v, want %v", what, gerr, werr)
						}
						if pos == 2 {
							_ = ge.WriteToken(jsontext.String("j"))
							_ = we.WriteToken(jsontext.String("j"))
						}
					}
					var gerr, werr error
					switch pos {
					case 1:
						gerr, werr = ge.WriteToken(jsontext.EndArray), we.WriteToken(jsontext.EndArray)
					case 2:
						_ = ge.WriteToken(jsontext.Int(2))
						_ = we.WriteToken(jsontext.Int(2))
						gerr, werr = ge.WriteToken(jsontext.EndObject), we.WriteToken(jsontext.EndObject)
					}
					if fmt.Sprint(gerr) != fmt.Sprint(werr) || !bytes.Equal(gb.Bytes(), wb.Bytes()) {
						t.Errorf("%s:\n got %q %v\nwant %q %v", what, gb.Bytes(), gerr, wb.Bytes(), werr)
					}
				}
			}
		}
	}
}

// panicky's MarshalJSON panics on every other call (counted in *n).
type panicky struct{ n *int }

func (p panicky) MarshalJSON() ([]byte, error) {
	*p.n++
	if *p.n%2 == 1 {
		panic("panicky")
	}
	return []byte(`"ok"`), nil
}

// panickyTo's MarshalJSONTo panics within an object on every other call.
type panickyTo struct{ n *int }

func (p panickyTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	*p.n++
	_ = enc.WriteToken(jsontext.BeginObject)
	_ = enc.WriteToken(jsontext.String("k"))
	if *p.n%2 == 1 {
		panic("panickyTo")
	}
	_ = enc.WriteToken(jsontext.String("v"))
	return enc.WriteToken(jsontext.EndObject)
}

// panickyWriter panics on every Write.
type panickyWriter struct{}

func (panickyWriter) Write([]byte) (int, error) { panic("panickyWriter") }

// recovered returns what f panics with, nil for none.
func recovered(f func()) (p any) {
	defer func() { p = recover() }()
	f()
	return nil
}

// TestBreakoutPanicsDontPoison: a panic in a MarshalJSON or MarshalJSONTo
// method, within a large value, or in the io.Writer, through Marshal,
// MarshalWrite and MarshalEncode under shared translations, leaves no
// pooled generator, buffer or cached translation that changes a later
// call's bytes.
func TestBreakoutPanicsDontPoison(t *testing.T) {
	var n, panics int
	big := strings.Repeat("x", 5000)
	optionSets := [][]Options{nil, {Deterministic(true)}, {jsontext.Multiline(true), Deterministic(true)}}
	for range 4 {
		vals := []any{
			[]any{1, big, panicky{&n}, map[string]any{"a": []int{1, 2}}},
			map[string]any{"z": panickyTo{&n}, "a": big},
			struct {
				A []int
				P panicky
				S string
			}{[]int{1}, panicky{&n}, "s"},
		}
		for _, opts := range optionSets {
			for _, v := range vals {
				for _, f := range []func(){
					func() { _, _ = Marshal(v, opts...) },
					func() { var b bytes.Buffer; _ = MarshalWrite(&b, v, opts...) },
					func() { var b bytes.Buffer; _ = MarshalEncode(jsontext.NewEncoder(&b), v, opts...) },
					func() { _ = MarshalWrite(panickyWriter{}, big, opts...) },
				} {
					if recovered(f) != nil {
						panics++
					}
				}
				for i, w := range dropInValues {
					o := append(opts[:len(opts):len(opts)], Deterministic(true))
					got, gerr := Marshal(w, o...)
					want, werr := jsonv2.Marshal(w, o...)
					sameResult(t, fmt.Sprintf("after panics, options %v, value %d", opts, i), got, gerr, want, werr)
					var gb, wb bytes.Buffer
					gerr = MarshalEncode(jsontext.NewEncoder(&gb, o...), w)
					werr = jsonv2.MarshalEncode(jsontext.NewEncoder(&wb, o...), w)
					sameResult(t, fmt.Sprintf("after panics, MarshalEncode, options %v, value %d", opts, i), gb.Bytes(), gerr, wb.Bytes(), werr)
				}
			}
		}
	}
	if panics == 0 {
		t.Fatal("no call panicked")
	}
}

// reenter's MarshalJSON marshals v under opts with the drop-in's Marshal,
// or encoding/json/v2's where std.
type reenter struct {
	v    any
	opts []Options
	std  bool
}

func (r reenter) MarshalJSON() ([]byte, error) {
	if r.std {
		return jsonv2.Marshal(r.v, r.opts...)
	}
	return Marshal(r.v, r.opts...)
}

// reenterTo's MarshalJSONTo writes v marshaled with MarshalWrite under
// opts (the drop-in's, or encoding/json/v2's where std).
type reenterTo struct {
	v    any
	opts []Options
	std  bool
}

func (r reenterTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	var b bytes.Buffer
	var err error
	if r.std {
		err = jsonv2.MarshalWrite(&b, r.v, r.opts...)
	} else {
		err = MarshalWrite(&b, r.v, r.opts...)
	}
	if err != nil {
		return err
	}
	return enc.WriteValue(b.Bytes())
}

// TestBreakoutReentry: Marshal inside a MarshalJSON, nested twice, and
// MarshalWrite inside a MarshalJSONTo, under the outer call's options or
// others (the pooled generator and the shared translations in use by the
// outer call while the inner one takes its own).
func TestBreakoutReentry(t *testing.T) {
	optionSets := [][]Options{{Deterministic(true)}, {jsontext.Multiline(true), Deterministic(true)}, {StringifyNumbers(true), Deterministic(true)}}
	for oi, outer := range optionSets {
		for ii, inner := range optionSets {
			for vi, v := range dropInValues {
				mk := func(std bool) any {
					return []any{reenter{v, inner, std}, 2, reenter{[]any{reenter{v, outer, std}, v}, inner, std}, reenterTo{v, inner, std}}
				}
				got, gerr := Marshal(mk(false), outer...)
				want, werr := jsonv2.Marshal(mk(true), outer...)
				sameResult(t, fmt.Sprintf("outer %d, inner %d, value %d (%T)", oi, ii, vi, v), got, gerr, want, werr)
			}
		}
	}
}

// toT has marshal functions (TestBreakoutToFuncErrors) and toM a
// MarshalJSONTo method, which behave as toBehaviour says.
type (
	toT struct{ N int }
	toM struct{ N int }
)

var (
	errTo       = errors.New("to failed")
	toBehaviour func(*jsontext.Encoder, int) error
	toStd       bool // toEncode is encoding/json/v2's MarshalEncode
)

func (m toM) MarshalJSONTo(e *jsontext.Encoder) error { return toBehaviour(e, m.N) }

// toEncode is the drop-in's MarshalEncode, or encoding/json/v2's where
// toStd.
func toEncode(e *jsontext.Encoder, v any) error {
	if toStd {
		return jsonv2.MarshalEncode(e, v)
	}
	return MarshalEncode(e, v)
}

// TestBreakoutToFuncErrors: MarshalToFunc functions and MarshalJSONTo
// methods that fail in every way encoding/json/v2 tells apart (an error
// having written nothing, one value or part of one; nil having written
// nothing or two values; errors.ErrUnsupported before and after a write,
// wrapped; a *json.SemanticError; io.EOF; the encoder's own errors; a
// nested MarshalEncode that fails), at the root, in an array, a struct
// field, a map value and a map key: the drop-in's bytes, error texts and
// types, errors.Is and the SemanticError's fields are encoding/json/v2's.
func TestBreakoutToFuncErrors(t *testing.T) {
	behaviours := []func(e *jsontext.Encoder, n int) error{
		func(e *jsontext.Encoder, n int) error { return errTo },
		func(e *jsontext.Encoder, n int) error { _ = e.WriteToken(jsontext.Int(int64(n))); return errTo },
		func(e *jsontext.Encoder, n int) error { return nil },
		func(e *jsontext.Encoder, n int) error {
			_ = e.WriteToken(jsontext.Int(1))
			return e.WriteToken(jsontext.Int(2))
		},
		func(e *jsontext.Encoder, n int) error { _ = e.WriteToken(jsontext.BeginObject); return errTo },
		func(e *jsontext.Encoder, n int) error { return errors.ErrUnsupported },
		func(e *jsontext.Encoder, n int) error {
			_ = e.WriteToken(jsontext.Int(1))
			return errors.ErrUnsupported
		},
		func(e *jsontext.Encoder, n int) error { return fmt.Errorf("wrapped: %w", errors.ErrUnsupported) },
		func(e *jsontext.Encoder, n int) error { return &jsonv2.SemanticError{Err: errTo} },
		func(e *jsontext.Encoder, n int) error { return io.EOF },
		func(e *jsontext.Encoder, n int) error { return e.WriteToken(jsontext.String("bad\xff")) },
		func(e *jsontext.Encoder, n int) error { return e.WriteValue(jsontext.Value(`{"a":1,"a":2}`)) },
		func(e *jsontext.Encoder, n int) error { return e.WriteValue(jsontext.Value(`{"a":`)) },
		func(e *jsontext.Encoder, n int) error { return toEncode(e, map[string]any{"x": "bad\xff"}) },
		func(e *jsontext.Encoder, n int) error { return toEncode(e, []any{n, "s"}) },
		func(e *jsontext.Encoder, n int) error { return e.WriteToken(jsontext.Int(int64(n))) },
		func(e *jsontext.Encoder, n int) error {
			_ = e.WriteToken(jsontext.Int(int64(n)))
			return fmt.Errorf("x: %w", io.ErrShortWrite)
		},
	}
	shapes := []func(int) any{
		func(n int) any { return toT{n} },
		func(n int) any { return []any{1, toT{n}} },
		func(n int) any { return struct{ A, B toT }{toT{n}, toT{n + 1}} },
		func(n int) any { return map[string]toT{"k": {n}} },
		func(n int) any { return map[toT]int{{n}: 1} },
		func(n int) any { return toM{n} },
		func(n int) any { return []any{1, toM{n}} },
		func(n int) any { return struct{ A, B toM }{toM{n}, toM{n + 1}} },
		func(n int) any { return map[string]toM{"k": {n}} },
		func(n int) any { return &struct{ A *toM }{&toM{n}} },
	}
	defer func() { toStd = false }()
	for bi, b := range behaviours {
		toBehaviour = b
		ms := MarshalToFunc(func(e *jsontext.Encoder, v toT) error { return b(e, v.N) })
		sms := jsonv2.MarshalToFunc(func(e *jsontext.Encoder, v toT) error { return b(e, v.N) })
		for si, mk := range shapes {
			for oi, opts := range [][]Options{nil, {Deterministic(true)}, {jsontext.Multiline(true)}, {StringifyNumbers(true)}} {
				v := mk(7)
				what := fmt.Sprintf("behaviour %d, shape %d (%T), options %d", bi, si, v, oi)
				toStd = false
				got, gerr := Marshal(v, append(opts, WithMarshalers(ms))...)
				toStd = true
				want, werr := jsonv2.Marshal(v, append(opts, WithMarshalers(sms))...)
				sameResult(t, what, got, gerr, want, werr)
				for _, target := range []error{errTo, io.EOF, io.ErrShortWrite, errors.ErrUnsupported} {
					if errors.Is(gerr, target) != errors.Is(werr, target) {
						t.Errorf("%s: errors.Is(%v) %v, want %v", what, target, errors.Is(gerr, target), errors.Is(werr, target))
					}
				}
				var gs, ws *jsonv2.SemanticError
				if errors.As(gerr, &gs) != errors.As(werr, &ws) {
					t.Errorf("%s: errors.As SemanticError differs: %v, %v", what, gerr, werr)
				} else if gs != nil && (gs.JSONPointer != ws.JSONPointer || gs.ByteOffset != ws.ByteOffset || gs.GoType != ws.GoType || gs.JSONKind != ws.JSONKind) {
					t.Errorf("%s: SemanticError %+v, want %+v", what, *gs, *ws)
				}
			}
		}
	}
}

// TestBreakoutConcurrentEncoders: goroutines each streaming through an
// encoder of its own options (more option sets than translateEncoder
// caches, so that its slots turn over while others read them), with a
// re-entrant value and a call option on every other value, against
// encoding/json/v2's output computed first. Run it under -race.
func TestBreakoutConcurrentEncoders(t *testing.T) {
	configs := append(encoderConfigs[:len(encoderConfigs):len(encoderConfigs)],
		[]Options{jsontext.AllowInvalidUTF8(true), Deterministic(true)}, []Options{jsontext.EscapeForJS(true), Deterministic(true)})
	vals := []any{&record{ID: 1, Tags: []string{"<x>"}}, map[string]any{"a": []int{1}, "b": "\u2028"}, 1.5, reenter{[]int{1, 2}, []Options{Deterministic(true)}, false}}
	stdVals := []any{vals[0], vals[1], vals[2], reenter{[]int{1, 2}, []Options{Deterministic(true)}, true}}
	const rounds = 20
	want := make([][]byte, len(configs))
	stream := func(vals []any, enc *jsontext.Encoder, encode func(*jsontext.Encoder, any, ...Options) error) error {
		for r := range rounds {
			for i, v := range vals {
				var err error
				if (r+i)%2 == 0 {
					err = encode(enc, v, OmitZeroStructFields(true))
				} else {
					err = encode(enc, v)
				}
				if err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i, eo := range configs {
		var b bytes.Buffer
		if err := stream(stdVals, jsontext.NewEncoder(&b, eo...), jsonv2.MarshalEncode); err != nil {
			t.Fatal(err)
		}
		want[i] = b.Bytes()
	}
	var wg sync.WaitGroup
	for g := range 2 * len(configs) {
		wg.Go(func() {
			i := g % len(configs)
			var b bytes.Buffer
			if err := stream(vals, jsontext.NewEncoder(&b, configs[i]...), MarshalEncode); err != nil {
				t.Errorf("config %d: %v", i, err)
				return
			}
			if !bytes.Equal(b.Bytes(), want[i]) {
				t.Errorf("config %d:\n got %q\nwant %q", i, b.Bytes(), want[i])
			}
		})
	}
	wg.Wait()
}

// TestBreakoutResultsNotAliased: the slices Marshal returns share no
// memory with its pools: a later call (large, then small, under each
// path: no option, a cached option, a layout pass, several options) and
// appending to a result leave every earlier result as it was.
func TestBreakoutResultsNotAliased(t *testing.T) {
	big := map[string]any{"a": strings.Repeat("y", 70000), "b": []int{1, 2, 3}}
	optionSets := [][]Options{nil, {Deterministic(true)}, {jsontext.WithIndentPrefix("\t"), jsontext.Multiline(true), Deterministic(true)}, {Deterministic(true), OmitZeroStructFields(true)}}
	type kept struct{ got, copy []byte }
	var results []kept
	for range 3 {
		for _, opts := range optionSets {
			for _, v := range []any{big, 1, "s", &record{ID: 9}, big} {
				b, err := Marshal(v, opts...)
				if err != nil {
					t.Fatal(err)
				}
				if cap(b) != len(b) {
					_ = append(b, "junk"...)
				}
				results = append(results, kept{b, bytes.Clone(b)})
			}
		}
	}
	for i, r := range results {
		if !bytes.Equal(r.got, r.copy) {
			t.Fatalf("result %d changed by later calls: %.40q, was %.40q", i, r.got, r.copy)
		}
	}
}

// TestBreakoutNamesThroughMarshalEncode: an object's names and values
// written with MarshalEncode (names from strings and MarshalText, a
// duplicate name, a non-string name, invalid UTF-8), under encoders that
// allow duplicates or lay out: encoding/json/v2's errors and bytes.
func TestBreakoutNamesThroughMarshalEncode(t *testing.T) {
	for _, eo := range [][]Options{nil, {jsontext.AllowDuplicateNames(true)}, {jsontext.Multiline(true)}} {
		for _, seq := range [][]any{
			{"a", 1, "a", 2},
			{"a", 1, methodText{"a"}, 2},
			{methodText{"x"}, methodJSON{}, "t:x", 3},
			{"a", map[string]int{"a": 1}, "b", dupJSON{}, "c", 1},
			{1, 2},
			{"a\xff", 1},
		} {
			var gb, wb bytes.Buffer
			ge, we := jsontext.NewEncoder(&gb, eo...), jsontext.NewEncoder(&wb, eo...)
			_ = ge.WriteToken(jsontext.BeginObject)
			_ = we.WriteToken(jsontext.BeginObject)
			for i, v := range seq {
				gerr, werr := MarshalEncode(ge, v), jsonv2.MarshalEncode(we, v)
				if fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("%v %v %d: %v, want %v", eo, seq, i, gerr, werr)
				}
			}
			gerr, werr := ge.WriteToken(jsontext.EndObject), we.WriteToken(jsontext.EndObject)
			sameResult(t, fmt.Sprint(eo, seq), gb.Bytes(), gerr, wb.Bytes(), werr)
		}
	}
}
