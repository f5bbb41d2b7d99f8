package jgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"testing"
	"time"
)

// dmJSON is a MarshalJSON type with a value receiver whose output is its
// own text, or its error.
type dmJSON struct {
	out string
	err bool
}

func (m dmJSON) MarshalJSON() ([]byte, error) {
	if m.err {
		return nil, errors.New("dmJSON refuses")
	}
	return []byte(m.out), nil
}

// dmText is a MarshalText type with a value receiver.
type dmText struct {
	out string
	err bool
}

func (m dmText) MarshalText() ([]byte, error) {
	if m.err {
		return nil, errors.New("dmText refuses")
	}
	return []byte(m.out), nil
}

type dmHolder struct {
	J    dmJSON            `json:"j"`
	PJ   *dmJSON           `json:"pj"`
	T    dmText            `json:"t"`
	PT   *dmText           `json:"pt,omitempty"`
	N    json.Number       `json:"n"`
	A    netip.Addr        `json:"a"`
	M    map[string]string `json:"m"`
	MI   map[string]int    `json:"mi,omitempty"`
	MB   map[string]bool   `json:"mb"`
	I    any               `json:"i"`
	When time.Time         `json:"when"`
}

// TestDirectMethods: the direct path's marshal methods, json.Number and
// small plain maps (encode_direct_methods.go, encode_direct_map.go) give
// the bytes and the error text of the state path (directOff), inside a
// struct, a slice and at the root, for output written as it is, output
// the raw-value rule rewrites (whitespace, '<' under Stdlib, invalid
// UTF-8), refused output and method errors; and the plain cases are
// encoding/json's bytes.
func TestDirectMethods(t *testing.T) {
	outs := []dmJSON{{out: `{"amount":"12.34","currency":"EUR"}`}, {out: `{ "a" : [1, 2] }`}, {out: `"<b>"`}, {out: "\"\xff\""},
		{out: `{"a":`}, {out: `"\ud800"`}, {out: `[[[[1]]]]`}, {err: true}, {out: `"é\u00e9"`}, {out: `12 13`}}
	texts := []dmText{{out: "ord_0001"}, {out: "a<b>\"c"}, {out: "\xff"}, {err: true}, {out: ""}}
	nums := []json.Number{"", "12.5e3", "-0", "01", "x"}
	maps := []map[string]string{nil, {}, {"b": "2", "a": "1", "<": "\xff"}, {"k": "v", "z": "é", "m": "\u2028"},
		{"1": "", "2": "", "3": "", "4": "", "5": "", "6": "", "7": "", "8": "", "9": ""}}
	var values []any
	for i, o := range outs {
		o := o
		h := dmHolder{J: o, PJ: &o, T: texts[i%len(texts)], N: nums[i%len(nums)], A: netip.MustParseAddr("2001:db8::1"),
			M: maps[i%len(maps)], MI: map[string]int{"x": i, "a": -i}, MB: map[string]bool{"t": true, "f": false},
			I: o, When: time.Date(2024, 2, 29, 12, 0, 0, 5000, time.UTC)}
		if i%2 == 0 {
			h.PJ, h.PT = nil, &h.T
		}
		values = append(values, h, &h, []dmHolder{h, h}, o, &o, h.M, h.T, h.N)
	}
	for _, opts := range []*Options{{Escaping: Stdlib}, {Escaping: Minimal, MaxDepth: 4}, {Escaping: Stdlib, MarshalerEscaping: &Escaping{InvalidUTF8: InvalidUTF8Error}}} {
		plain := 0
		for _, v := range values {
			got, gerr := Marshal(v, opts)
			directOff = true
			want, werr := Marshal(v, opts)
			directOff = false
			if string(got) != string(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Fatalf("%#v under %+v:\n got %s, %v\nwant %s, %v (state path)", v, opts, got, gerr, want, werr)
			}
			if gerr == nil && opts.Escaping == Stdlib && opts.MarshalerEscaping == nil {
				std, err := json.Marshal(v)
				if err == nil && string(std) == string(got) {
					plain++
				}
			}
		}
		if opts.Escaping == Stdlib && opts.MarshalerEscaping == nil && plain < len(values)/4 {
			t.Errorf("only %d of %d values are encoding/json's bytes", plain, len(values))
		}
	}
	// Output written as it is takes the plain path.
	x := &escaper{}
	x.init(Stdlib)
	for raw, want := range map[string]bool{`{"amount":"12.34","currency":"EUR"}`: true, `[1,true,null,"é"]`: true, `{}`: true,
		`{ "a":1}`: false, `"<b>"`: false, `"\ud800"`: false, `"\u00e9"`: true, `1 `: false, `[1]]`: false} {
		if got := plainRaw([]byte(raw), x.set, 64); got != want {
			t.Errorf("plainRaw(%q) = %v, want %v", raw, got, want)
		}
	}
}
