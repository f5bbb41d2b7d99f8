//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"
	"time"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

type brkKey string

func (k brkKey) MarshalText() ([]byte, error) { return []byte("k" + string(k)), nil }

type brkRev string

func (k brkRev) MarshalText() ([]byte, error) {
	b := []byte(k)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b, nil
}

type brkZ struct{ X int }

func (z brkZ) IsZero() bool { return z.X == 7 }

type brkPZ struct{ X int }

func (z *brkPZ) IsZero() bool { return z == nil || z.X == 7 }

type brkOmit struct {
	T  time.Time   `json:",omitzero"`
	PT *time.Time  `json:",omitzero"`
	Z  brkZ        `json:",omitzero"`
	PZ brkPZ       `json:",omitzero"`
	PP *brkPZ      `json:",omitzero"`
	S  []int       `json:",omitzero"`
	M  map[int]int `json:",omitempty"`
	E  string      `json:",omitempty"`
	I  any         `json:",omitempty"`
	N  int         `json:",omitempty"`
}

// TestBreakoutMapOrderAndOmitZero: map entries under Deterministic for
// keys that sort differently as Go strings, as replaced invalid UTF-8 and
// as UTF-16 (U+FF61 against an emoji), for keys with MarshalText, int,
// float, uint8 and bool keys; and omitzero with IsZero methods on values
// and pointers and zero times in other zones.
func TestBreakoutMapOrderAndOmitZero(t *testing.T) {
	zt := time.Time{}.In(time.FixedZone("x", 3600))
	vals := []any{
		map[string]int{"\xff": 1, "\uFFFE": 2, "\uFFFD": 3, "a": 4},
		map[string]int{"\xff": 1, "\uFFFE": 2, "a": 4},
		map[string]int{"\xff": 1, "\xfe": 2, "\xfd": 3, "\xef\xbf": 4, "\uFFFD": 5, "\xc3": 6, "\xc3\xa9": 7},
		map[string]any{"\xff": []any{"\xfe"}, "\xfe": map[string]any{"\xff": 1, "\xfe": 2}},
		map[brkKey]int{"b": 1, "a": 2, "\xff": 3},
		map[brkRev]int{"ab": 1, "ba": 2, "ca": 3, "\xffz": 3},
		map[int]int{10: 1, 9: 2, -1: 3, 100: 4},
		map[float64]int{1.5: 1, 10: 2, -0.5: 3, 1e21: 4, 2e-7: 5},
		map[uint8]int{1: 1, 20: 2},
		map[bool]int{true: 1, false: 2},
		map[string]int{"\uFF61": 1, "😀": 2, "\u00e9": 3},
		map[any]int{},
		brkOmit{T: zt, PT: &zt, Z: brkZ{7}, PZ: brkPZ{7}, PP: &brkPZ{7}, S: []int{}, M: map[int]int{}, I: 0},
		brkOmit{},
		&brkOmit{Z: brkZ{1}, PZ: brkPZ{1}, PP: &brkPZ{1}, N: 1},
	}
	optsets := [][]jsonv2.Options{
		{jsonv2.Deterministic(true)},
		{jsonv2.Deterministic(true), jsontext.AllowInvalidUTF8(true)},
		{jsonv2.Deterministic(true), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)},
		{jsonv2.Deterministic(true), jsonv2.StringifyNumbers(true)},
		{jsonv2.Deterministic(true), jsonv2.OmitZeroStructFields(true)},
		{jsonv2.Deterministic(true), jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true)},
	}
	for i, o := range optsets {
		for j, v := range vals {
			got, gerr := jv2.Marshal(v, o...)
			want, werr := jsonv2.Marshal(v, o...)
			// On an error the partial output is encoding/json/v2's, in
			// map order where keys become equal: only the error counts.
			if werr == nil && !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("opt %d val %d: got %q %v\nwant %q %v", i, j, got, gerr, want, werr)
			}
		}
	}
}
