//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"strconv"
	"testing"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

// kPtrText names an int key "n<int>" by a pointer-receiver MarshalText.
type kPtrText int

func (k *kPtrText) MarshalText() ([]byte, error) { return []byte("n" + strconv.Itoa(int(*k))), nil }

// kHalf gives 2n and 2n+1 one name.
type kHalf int

func (k kHalf) AppendText(b []byte) ([]byte, error) { return strconv.AppendInt(b, int64(k)/2, 10), nil }

// kFail's MarshalText fails for negative keys.
type kFail int

func (k kFail) MarshalText() ([]byte, error) {
	if k < 0 {
		return nil, errors.New("negative")
	}
	return []byte(strconv.Itoa(int(k))), nil
}

// kJSON's MarshalJSON output is the key.
type kJSON string

func (k kJSON) MarshalJSON() ([]byte, error) { return []byte(k), nil }

// kTo's MarshalJSONTo writes "t<int>", a number past 100, and
// errors.ErrUnsupported for negative keys (then MarshalText is called).
type kTo int

func (k kTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	switch {
	case k < 0:
		return errors.ErrUnsupported
	case k > 100:
		return enc.WriteToken(jsontext.Int(int64(k)))
	}
	return enc.WriteToken(jsontext.String("t" + strconv.Itoa(int(k))))
}
func (k kTo) MarshalText() ([]byte, error) { return []byte("text"), nil }

type zV struct{ N int }

func (z zV) IsZero() bool { return z.N == 42 }

type zP struct{ N int }

func (z *zP) IsZero() bool { return z.N == 7 }

type zStruct struct {
	V  zV                         `json:",omitzero"`
	P  zP                         `json:",omitzero,omitempty"`
	PV *zV                        `json:",omitzero"`
	PP *zP                        `json:",omitzero"`
	I  interface{ IsZero() bool } `json:",omitzero"`
	NP zP
	S  *int   `json:",string"`
	SS **uint `json:",string,omitempty"`
}

// TestKeysAndIsZeroDropIn: the drop-in's bytes and errors are
// encoding/json/v2's for map keys of integer kinds and with methods,
// IsZero methods and the string option through pointers, jgen's own or
// handed back.
func TestKeysAndIsZeroDropIn(t *testing.T) {
	u := uint(3)
	pu := &u
	i64, str, str2 := int64(-4), "s", "s"
	vals := []any{
		map[int64]int{math.MinInt64: 1, math.MaxInt64: 2, 2: 3, 10: 4, -1: 5},
		map[uint64]int{math.MaxUint64: 1, 0: 2},
		map[int8]int{math.MinInt8: 1, math.MaxInt8: 2},
		map[kPtrText]int{2: 1, 10: 2, -1: 3},
		map[kHalf]int{2: 1, 4: 2},
		map[kHalf]int{2: 1, 3: 1},
		map[kFail]int{1: 1, -1: 2},
		map[kJSON]int{`"<a>"`: 1, ` "b" `: 2},
		map[kJSON]int{`1`: 1},
		map[kJSON]int{`"\n"`: 1},
		map[bool]int{true: 1},
		map[kTo]int{1: 1, 10: 2, 2: 3},
		map[kTo]int{1: 1, -1: 2},
		map[kTo]int{101: 1},
		map[*int64]int{&i64: 1, nil: 2},
		map[*int64]int{&i64: 1},
		map[*string]int{&str: 1, &str2: 1},
		map[any]int{1: 1, "a": 2, uint8(3): 3},
		map[any]int{1: 1, "1": 1}, // one value: duplicates come in random order
		map[any]int{1.5: 1},
		map[any]int{nil: 1},
		zStruct{},
		zStruct{V: zV{42}, P: zP{7}, PV: &zV{42}, PP: &zP{7}, I: &zP{7}, NP: zP{7}, S: new(int), SS: &pu},
		zStruct{V: zV{1}, P: zP{1}, PV: &zV{}, PP: &zP{}, I: (*zP)(nil), NP: zP{1}},
		&zStruct{I: zV{1}},
	}
	optsets := [][]jsonv2.Options{
		{jsonv2.Deterministic(true)},
		{jsonv2.Deterministic(true), jsontext.AllowDuplicateNames(true)},
		{jsonv2.Deterministic(true), jsonv2.OmitZeroStructFields(true)},
		{jsonv2.Deterministic(true), jsonv2.StringifyNumbers(true)},
		{jsonv2.Deterministic(true), jsontext.EscapeForHTML(true)},
	}
	for i, o := range optsets {
		for j, v := range vals {
			got, gerr := jv2.Marshal(v, o...)
			want, werr := jsonv2.Marshal(v, o...)
			if werr == nil && !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("opt %d val %d (%T): got %q %v\nwant %q %v", i, j, v, got, gerr, want, werr)
			}
		}
	}
}
