//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"sync"
	"testing"
)

// TestOptionsLayoutKnown: the layout of Go's jsonopts.Struct that
// MarshalEncode's cache reads is recognised under this Go (else every
// MarshalEncode translates in full, correct but slow), and the keys of
// encoders tell their options apart.
func TestOptionsLayoutKnown(t *testing.T) {
	if !optionsLayout.ok {
		t.Fatal("jsonopts.Struct's layout not recognised: MarshalEncode translates per call")
	}
	key := func(opts ...Options) (encoderKey, bool) {
		return keyOf(jsontext.NewEncoder(&bytes.Buffer{}, opts...).Options())
	}
	k0, ok0 := key()
	k1, ok1 := key(Deterministic(true))
	k2, ok2 := key(jsontext.WithIndent("  "))
	k3, ok3 := key(jsontext.WithIndent("\t"), jsontext.WithIndentPrefix(" "))
	if !ok0 || !ok1 || !ok2 || !ok3 || k0 == k1 || k0 == k2 || k2 == k3 {
		t.Errorf("keys %+v %v, %+v %v, %+v %v, %+v %v: want four distinct", k0, ok0, k1, ok1, k2, ok2, k3, ok3)
	}
	if k3.indent != "\t" || k3.prefix != " " {
		t.Errorf("key %+v: want indent %q, prefix %q", k3, "\t", " ")
	}
	if _, ok := key(WithMarshalers(MarshalFunc(func(int) ([]byte, error) { return []byte("0"), nil }))); ok {
		t.Error("an encoder with marshal functions has a key")
	}
	if _, ok := keyOf(Deterministic(true)); ok {
		t.Error("an option value that is not jsonopts.Struct has a key")
	}
}

// encoderConfigs are more option sets than translateEncoder caches, so
// that writing through them in turn replaces its entries (each with
// Deterministic: encoding/json/v2's map order is random without it).
var encoderConfigs = [][]Options{
	{Deterministic(true)}, {Deterministic(true), FormatNilSliceAsNull(true)}, {jsontext.Multiline(true), Deterministic(true)},
	{jsontext.WithIndent("  "), jsontext.WithIndentPrefix("\t"), Deterministic(true)},
	{jsontext.EscapeForHTML(true), Deterministic(true)}, {StringifyNumbers(true), Deterministic(true)},
	{jsontext.AllowDuplicateNames(true), Deterministic(true)}, {jsontext.WithIndent(""), jsontext.Multiline(true), Deterministic(true)},
	{WithMarshalers(MarshalFunc(func(float64) ([]byte, error) { return []byte(`"f"`), nil })), Deterministic(true)},
}

// TestMarshalEncodeCacheTurns writes every value through encoders of each
// config in turn (the cache's entries replaced again and again) and
// through one encoder Reset with each config (one options struct whose
// contents change), with and without a call option, comparing the bytes
// and errors with encoding/json/v2's.
func TestMarshalEncodeCacheTurns(t *testing.T) {
	for _, call := range [][]Options{nil, {OmitZeroStructFields(true)}, {nil}, {jsontext.EscapeForJS(true)}} {
		n := len(encoderConfigs)
		gb, wb := make([]bytes.Buffer, n), make([]bytes.Buffer, n)
		ge, we := make([]*jsontext.Encoder, n), make([]*jsontext.Encoder, n)
		for i, eo := range encoderConfigs {
			ge[i], we[i] = jsontext.NewEncoder(&gb[i], eo...), jsontext.NewEncoder(&wb[i], eo...)
		}
		var rgb, rwb bytes.Buffer
		rge, rwe := jsontext.NewEncoder(&rgb), jsontext.NewEncoder(&rwb)
		for j, v := range dropInValues {
			for i, eo := range encoderConfigs {
				if _, err := jsonv2.Marshal(v, eo...); err != nil {
					continue // map order, or a value v2 itself refuses
				}
				what := fmt.Sprintf("call %v, encoder %d, value %d (%T)", call, i, j, v)
				gerr := MarshalEncode(ge[i], v, call...)
				werr := jsonv2.MarshalEncode(we[i], v, call...)
				sameResult(t, what, nil, gerr, nil, werr)
				rgb.Reset()
				rwb.Reset()
				rge.Reset(&rgb, eo...)
				rwe.Reset(&rwb, eo...)
				gerr = MarshalEncode(rge, v, call...)
				werr = jsonv2.MarshalEncode(rwe, v, call...)
				sameResult(t, what+", Reset", rgb.Bytes(), gerr, rwb.Bytes(), werr)
			}
		}
		for i := range encoderConfigs {
			sameResult(t, fmt.Sprintf("call %v, encoder %d", call, i), gb[i].Bytes(), nil, wb[i].Bytes(), nil)
		}
	}
}

// TestMarshalEncodeRefused: a value the encoder refuses (a duplicate name
// of an object it is writing) gets encoding/json/v2's error, and the
// encoder's state is as encoding/json/v2 leaves it.
func TestMarshalEncodeRefused(t *testing.T) {
	var gb, wb bytes.Buffer
	ge, we := jsontext.NewEncoder(&gb), jsontext.NewEncoder(&wb)
	for _, e := range []*jsontext.Encoder{ge, we} {
		_ = e.WriteToken(jsontext.BeginArray)
	}
	gerr := MarshalEncode(ge, dupJSON{})
	werr := jsonv2.MarshalEncode(we, dupJSON{})
	if gerr == nil {
		t.Fatal("MarshalEncode of duplicate names: no error")
	}
	sameResult(t, "duplicate names", nil, gerr, nil, werr)
	for _, e := range []*jsontext.Encoder{ge, we} {
		_ = e.WriteToken(jsontext.Int(1))
		_ = e.WriteToken(jsontext.EndArray)
	}
	sameResult(t, "after", gb.Bytes(), nil, wb.Bytes(), nil)
	if got := gb.String(); got != "[1]\n" {
		t.Errorf("after: %q, want %q", got, "[1]\n")
	}
}

// TestDropInConcurrent: Marshal, MarshalWrite and MarshalEncode at once
// from several goroutines, each under other options (the shared
// translations, the encoder cache and the pooled generators of jgen used
// by all), against encoding/json/v2's results computed before.
func TestDropInConcurrent(t *testing.T) {
	type job struct {
		v    any
		opts []Options
		want []byte
		enc  []byte // MarshalEncode's output into an encoder of opts
	}
	var jobs []job
	for _, eo := range encoderConfigs {
		opts := eo
		for _, v := range dropInValues {
			want, err := jsonv2.Marshal(v, opts...)
			if err != nil {
				continue
			}
			var b bytes.Buffer
			if err := jsonv2.MarshalEncode(jsontext.NewEncoder(&b, opts...), v); err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, job{v, opts, want, b.Bytes()})
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for n := range 3 * len(jobs) {
				j := jobs[(n*7+g*13)%len(jobs)]
				if got, err := Marshal(j.v, j.opts...); err != nil || !bytes.Equal(got, j.want) {
					t.Errorf("Marshal(%T, %v): %q, %v; want %q", j.v, j.opts, got, err, j.want)
				}
				var b bytes.Buffer
				if err := MarshalWrite(&b, j.v, j.opts...); err != nil || !bytes.Equal(b.Bytes(), j.want) {
					t.Errorf("MarshalWrite(%T, %v): %q, %v; want %q", j.v, j.opts, b.Bytes(), err, j.want)
				}
				b.Reset()
				if err := MarshalEncode(jsontext.NewEncoder(&b, j.opts...), j.v); err != nil || !bytes.Equal(b.Bytes(), j.enc) {
					t.Errorf("MarshalEncode(%T, %v): %q, %v; want %q", j.v, j.opts, b.Bytes(), err, j.enc)
				}
			}
		})
	}
	wg.Wait()
}

// TestDropInAllocs: a value jgen encodes costs MarshalWrite and
// MarshalEncode no allocation, with no option and with one cached option.
func TestDropInAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	v := &record{ID: 1, Name: "n", Tags: []string{"x"}, Blob: [4]byte{1}}
	var b bytes.Buffer
	enc := jsontext.NewEncoder(&b)
	for _, opts := range [][]Options{nil, {Deterministic(true)}} {
		if n := testing.AllocsPerRun(100, func() { b.Reset(); _ = MarshalWrite(&b, v, opts...) }); n != 0 {
			t.Errorf("MarshalWrite %v: %v allocations, want 0", opts, n)
		}
		if n := testing.AllocsPerRun(100, func() { b.Reset(); enc.Reset(&b); _ = MarshalEncode(enc, v, opts...) }); n != 0 {
			t.Errorf("MarshalEncode %v: %v allocations, want 0", opts, n)
		}
	}
}
