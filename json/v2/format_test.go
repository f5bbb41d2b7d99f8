//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math"
	"testing"
	"time"
)

// experimentalFormatTag is encoding/json/v2's experimental option that
// enables the format tag option: an option with the marker method
// jsonopts recognises (the way it expects
// github.com/go-json-experiment/json to expose it).
type experimentalFormatTag struct {
	Options
	v bool
}

func (o *experimentalFormatTag) ExperimentalSupportFormatTag() bool { return o.v }

type formatted struct {
	T  time.Time     `json:"t,format:unixmilli"`
	D  time.Duration `json:"d,format:iso8601"`
	U  time.Duration `json:"u,omitempty,format:units"`
	B  []byte        `json:"b,format:hex"`
	F  float64       `json:"f,format:nonfinite"`
	S  []int         `json:"s,format:emitnull"`
	M  map[string]int
	P  *time.Time    `json:"p,format:DateOnly"`
	L  time.Time     `json:"l,format:'Jan.02<15:04>&'"`
	N  []int         `json:"n,format:emitempty"`
	A  [3]byte       `json:"a,format:array"`
	Sx time.Duration `json:"sx,string,format:sec"`
}

// formatValues are values with format tags: those jgen writes, and
// those v2 refuses (its error returned whole by the drop-in).
var formatValues = []any{
	formatted{},
	formatted{T: time.Unix(-1, 5), D: -90 * time.Minute, U: time.Microsecond, B: []byte{1, 0xab}, F: math.NaN(), S: []int{1}, P: new(time.Time), N: nil, Sx: 1500 * time.Millisecond},
	struct {
		T time.Time `json:",format:RFC3339"`
	}{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}, // v2: year outside of range
	struct {
		T time.Time `json:",format:Bogus"`
	}{}, // v2: invalid format flag
	struct {
		D time.Duration `json:",string,format:units"`
	}{}, // v2: invalid use of the string tag option
	struct {
		I int `json:",format:unix"`
	}{}, // v2: invalid format flag
	struct{ D time.Duration }{1}, // v2: no default representation
}

// TestMarshalFormatTag compares Marshal with encoding/json/v2's for the
// format values, with the format tag enabled (by itself and joined with
// other options), disabled, and not given (v2 then refuses every format):
// the same bytes and the same error, of the same type.
func TestMarshalFormatTag(t *testing.T) {
	on, off := &experimentalFormatTag{v: true}, &experimentalFormatTag{v: false}
	for i, opts := range [][]Options{{on}, {on, StringifyNumbers(true)}, {JoinOptions(on, jsontext.Multiline(true))},
		{on, FormatNilSliceAsNull(true), jsontext.EscapeForHTML(true)}, {on, off}, {off}, nil} {
		opts = append(opts[:len(opts):len(opts)], Deterministic(true))
		for j, v := range formatValues {
			what := fmt.Sprintf("options %d, value %d (%T)", i, j, v)
			got, gerr := Marshal(v, opts...)
			want, werr := jsonv2.Marshal(v, opts...)
			sameResult(t, what, got, gerr, want, werr)
			var gw, ww bytes.Buffer
			gerr = MarshalWrite(&gw, v, opts...)
			werr = jsonv2.MarshalWrite(&ww, v, opts...)
			sameResult(t, what+" MarshalWrite", gw.Bytes(), gerr, ww.Bytes(), werr)
		}
	}
}

// TestMarshalFormatTagFallback: with the format tag enabled, jgen writes
// the formats it implements; v2's refusals, and every format without the
// option, go to encoding/json/v2.
func TestMarshalFormatTagFallback(t *testing.T) {
	on := &experimentalFormatTag{v: true}
	for _, c := range []struct {
		v        any
		opts     []Options
		fallback bool
	}{
		{formatValues[0], []Options{on}, false},
		{formatValues[1], []Options{on, Deterministic(true)}, false},
		{formatValues[1], []Options{JoinOptions(on, &experimentalFormatTag{v: false})}, true},
		{formatValues[1], nil, true},
		{formatValues[2], []Options{on}, true},
		{formatValues[3], []Options{on}, true},
	} {
		before := fallbacks.Load()
		_, _ = Marshal(c.v, c.opts...)
		if got := fallbacks.Load() != before; got != c.fallback {
			t.Errorf("Marshal(%#v, %v): fallback %v, want %v", c.v, c.opts, got, c.fallback)
		}
	}
}
