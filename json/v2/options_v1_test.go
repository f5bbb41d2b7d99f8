//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	jsonv1 "encoding/json"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"
	"time"
)

// v1Values are values whose encoding differs between the v1 and v2
// rules, beside dropInValues.
var v1Values = []any{
	[]int(nil), map[string]int(nil), [3]byte{1, 2, 3}, []byte("hi"), []byte(nil),
	struct {
		A []int          `json:",omitempty"`
		B map[string]int `json:",omitempty"`
		C string         `json:",omitempty"`
		D *int           `json:",omitempty"`
		E struct{}       `json:",omitempty"`
		F int            `json:",string"`
		G bool           `json:",string"`
		H string         `json:",string"`
	}{A: []int{}, B: map[string]int{}, H: "x"},
	time.Duration(1500), map[int]string{2: "b", 10: "a"}, map[string]any{"b": 1, "a": []any{nil, 1.5}},
	"<script>\u2028\u2029&", struct{ a, B int }{1, 2},
	&struct {
		Embedded
		N int
	}{Embedded{1}, 2},
	methodPtrText{"p"}, &methodPtrText{"q"}, []methodPtrText{{"r"}},
}

// Embedded is exported so that v1 embeds its fields.
type Embedded struct{ X int }

// methodPtrText has MarshalText on its pointer: v1 calls it only where
// the value is addressable.
type methodPtrText struct{ S string }

func (m *methodPtrText) MarshalText() ([]byte, error) { return []byte("t:" + m.S), nil }

// TestMarshalDefaultOptionsV1 compares Marshal and MarshalWrite under
// encoding/json's DefaultOptionsV1 with encoding/json/v2's (which are
// encoding/json's Marshal), and checks that jgen, not encoding/json/v2,
// encoded the values that do not fail.
func TestMarshalDefaultOptionsV1(t *testing.T) {
	opt := jsonv1.DefaultOptionsV1()
	for j, v := range append(append([]any(nil), dropInValues...), v1Values...) {
		what := fmt.Sprintf("value %d (%T)", j, v)
		before := fallbacks.Load()
		got, gerr := Marshal(v, opt)
		fell := fallbacks.Load() != before
		want, werr := jsonv2.Marshal(v, opt)
		sameResult(t, what, got, gerr, want, werr)
		if std, err := jsonv1.Marshal(v); !bytes.Equal(std, want) || (err == nil) != (werr == nil) {
			t.Errorf("%s: encoding/json.Marshal gives %q, %v; encoding/json/v2 under DefaultOptionsV1 %q, %v", what, std, err, want, werr)
		}
		if werr == nil && fell {
			t.Errorf("%s: encoded by encoding/json/v2, want jgen", what)
		}
		var gw, ww bytes.Buffer
		gerr = MarshalWrite(&gw, v, opt)
		werr = jsonv2.MarshalWrite(&ww, v, opt)
		sameResult(t, what+" MarshalWrite", gw.Bytes(), gerr, ww.Bytes(), werr)
	}
	// Any other set with v1 options is left to encoding/json/v2.
	for _, opts := range [][]Options{
		{opt, Deterministic(true)},
		{JoinOptions(opt)},
		{jsonv1.OmitEmptyWithLegacySemantics(true)},
	} {
		before := fallbacks.Load()
		got, gerr := Marshal(v1Values[5], opts...)
		want, werr := jsonv2.Marshal(v1Values[5], opts...)
		sameResult(t, fmt.Sprintf("options %v", opts), got, gerr, want, werr)
		if fallbacks.Load() == before {
			t.Errorf("options %v: encoded by jgen, want encoding/json/v2", opts)
		}
	}
}
