//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// Map keys of integer, float and text-marshaling types, IsZero methods
// under omitzero and OmitZeroStructFields, and the string option through
// pointers, under jgen's v2 rules against encoding/json/v2 (Go 1.27).

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"testing"

	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// v2KeyText is a key whose MarshalText (value receiver) yields names that
// need escapes and that sort otherwise than the keys.
type v2KeyText string

func (k v2KeyText) MarshalText() ([]byte, error) { return []byte("<" + string(k) + ">"), nil }

// v2KeyPtrText is an int key whose MarshalText has a pointer receiver:
// its names ("n-1", "n10", "n2") sort otherwise than its numbers.
type v2KeyPtrText int

func (k *v2KeyPtrText) MarshalText() ([]byte, error) { return []byte("n" + strconv.Itoa(int(*k))), nil }

// v2KeyAppend is a key whose AppendText (which v2 calls before
// MarshalText) appends its hex.
type v2KeyAppend uint16

func (k v2KeyAppend) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendUint(b, uint64(k), 16), nil
}
func (k v2KeyAppend) MarshalText() ([]byte, error) { return []byte("not called"), nil }

// v2KeyHalf gives the keys 2n and 2n+1 one name: duplicate names from
// distinct keys.
type v2KeyHalf int

func (k v2KeyHalf) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(k) / 2)), nil }

// v2KeyFail fails for negative keys.
type v2KeyFail int

func (k v2KeyFail) MarshalText() ([]byte, error) {
	if k < 0 {
		return nil, errors.New("negative key")
	}
	return []byte(strconv.Itoa(int(k))), nil
}

// v2KeyBad yields invalid UTF-8 for odd keys.
type v2KeyBad int

func (k v2KeyBad) MarshalText() ([]byte, error) {
	if k%2 != 0 {
		return []byte{'x', 0xff, byte('0' + k)}, nil
	}
	return []byte{'x', byte('0' + k)}, nil
}

// v2KeyJSON has MarshalJSON (v2 calls it before MarshalText).
type v2KeyJSON int

func (k v2KeyJSON) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(strconv.Itoa(int(k)))), nil
}
func (k v2KeyJSON) MarshalText() ([]byte, error) { return []byte("text"), nil }

// v2KeyRaw is a key whose MarshalJSON output is the key itself.
type v2KeyRaw string

func (k v2KeyRaw) MarshalJSON() ([]byte, error) { return []byte(k), nil }

// v2KeyTo's MarshalJSONTo (pointer receiver) writes "t<int>" for keys
// up to 100, a number for those past it, two strings for 200, and
// errors.ErrUnsupported for negative keys (v2 then calls MarshalText).
type v2KeyTo int

func (k *v2KeyTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	switch {
	case *k < 0:
		return errors.ErrUnsupported
	case *k == 200:
		enc.WriteToken(jsontext.String("a"))
		return enc.WriteToken(jsontext.String("b"))
	case *k > 100:
		return enc.WriteToken(jsontext.Int(int64(*k)))
	}
	return enc.WriteToken(jsontext.String("t" + strconv.Itoa(int(*k))))
}
func (k v2KeyTo) MarshalText() ([]byte, error) { return []byte("text"), nil }

// v2KeyNamedInt is a named integer key without methods.
type v2KeyNamedInt int32

// v2ZVal is zero by its IsZero (value receiver) where N is 42.
type v2ZVal struct{ N int }

func (z v2ZVal) IsZero() bool { return z.N == 42 }

// v2ZPtr is zero by its IsZero (pointer receiver) where N is 7.
type v2ZPtr struct{ N int }

func (z *v2ZPtr) IsZero() bool { return z.N == 7 }

// v2ZMap is a map that is zero by its IsZero where it holds "zero".
type v2ZMap map[string]int

func (m v2ZMap) IsZero() bool { _, ok := m["zero"]; return ok }

// v2ZNum is an int that is zero by its IsZero where it is 1.
type v2ZNum int

func (n v2ZNum) IsZero() bool { return n == 1 }

// v2Zeroer is an interface type with IsZero.
type v2Zeroer interface{ IsZero() bool }

// v2ZStruct holds every kind of field with an IsZero method, with
// omitzero, omitzero with omitempty, and no option (OmitZeroStructFields).
type v2ZStruct struct {
	V   v2ZVal   `json:",omitzero"`
	P   v2ZPtr   `json:",omitzero"`
	PV  *v2ZVal  `json:",omitzero"`
	PP  *v2ZPtr  `json:",omitzero"`
	M   v2ZMap   `json:",omitzero,omitempty"`
	N   v2ZNum   `json:",omitzero"`
	I   v2Zeroer `json:",omitzero"`
	A   any      `json:",omitzero"`
	VE  v2ZVal   `json:",omitempty,omitzero"`
	PPE *v2ZPtr  `json:",omitempty,omitzero"`
	NV  v2ZVal
	NP  v2ZPtr
	NPP *v2ZPtr
	NN  v2ZNum
}

// v2ZEmbed promotes v2ZStruct's fields through an embedded pointer.
type v2ZEmbed struct {
	*v2ZStruct
	X v2ZVal `json:",omitzero"`
}

// v2StrPtr holds the string option on pointers to numbers, and on those
// to a bool and a string, which v2 refuses where the pointer is not nil.
type v2StrPtr struct {
	I  *int         `json:",string"`
	PI **int64      `json:",string"`
	U  *uint8       `json:",string,omitempty"`
	F  *float64     `json:",string"`
	F3 *float32     `json:",string,omitzero"`
	N  *v2ZNum      `json:",string"`
	JN *json.Number `json:",string"`
}

// v2StrPtrS holds the string option on pointers to a string and a
// bool, which v2 refuses where they are not nil (jgen declines the type).
type v2StrPtrS struct {
	S *string `json:",string"`
	B *bool   `json:",string,omitempty"`
}

var (
	v2KeyImplemented = []any{
		map[int8]int{math.MinInt8: 1, math.MaxInt8: 2, 0: 3, -1: 4},
		map[int16]int{math.MinInt16: 1, math.MaxInt16: 2},
		map[int32]string{math.MinInt32: "a", math.MaxInt32: "b"},
		map[int64]bool{math.MinInt64: true, math.MaxInt64: false, 2: true, 10: false, -1: true},
		map[int]int{math.MinInt: 1, math.MaxInt: 2, 2: 3, 10: 4, -1: 5, -10: 6, 0: 7},
		map[uint8]int{0: 1, math.MaxUint8: 2, 2: 3, 10: 4},
		map[uint16]int{math.MaxUint16: 1, 9: 2},
		map[uint32]int{math.MaxUint32: 1, 100: 2},
		map[uint64]int{math.MaxUint64: 1, 0: 2, 11: 3, 2: 4},
		map[uint]int{math.MaxUint: 1, 3: 2},
		map[uintptr]int{^uintptr(0): 1, 20: 2, 3: 3},
		map[v2KeyNamedInt]any{-5: nil, 5: []int{1}, 50: map[int]int{2: 1, 10: 2}},
		map[float64]int{1.5: 1, 10: 2, -0.5: 3, 1e21: 4, 2e-7: 5, math.MaxFloat64: 6, math.SmallestNonzeroFloat64: 7, 0: 8},
		map[float32]int{1.5: 1, math.MaxFloat32: 2, -3: 3},
		map[int]map[uint8]string{-1: {255: "x"}, 1: nil},
		map[v2KeyText]int{"b": 1, "a\"b": 2, "<&>": 3, "\u2028": 4, "é": 5, "\x01": 6, "": 7},
		map[v2KeyPtrText]int{2: 1, 10: 2, -1: 3, 0: 4},
		map[v2KeyAppend]string{255: "ff", 16: "10", 9: "9", 0: "0"},
		map[v2KeyHalf]int{2: 1, 4: 2, 7: 3}, // no two of one name
		map[v2KeyBad]int{0: 1, 2: 2},
		map[v2KeyFail]int{1: 1, 0: 2},
		map[v2KeyText]int{},
		map[v2KeyTo]int{1: 1, 10: 2, 2: 3, 0: 4},
		map[*int64]string{ptrTo(int64(2)): "a", ptrTo(int64(10)): "b", ptrTo(int64(-1)): "c"},
		map[*string]int{ptrTo("b"): 1, ptrTo("<a>"): 2},
		map[**uint8]int{ptrTo(ptrTo(uint8(255))): 1},
		map[*float32]int{ptrTo(float32(0.1)): 1},
		map[*v2KeyPtrText]int{ptrTo(v2KeyPtrText(3)): 1, ptrTo(v2KeyPtrText(-3)): 2},
		map[any]int{1: 1, "a": 2, uint8(3): 3, int64(-10): 4, float32(1.5): 5, "\u2028": 6},
		map[any]any{"x": map[any]string{uintptr(7): "y"}},
		map[v2KeyJSON]int{1: 1, 2: 2, 10: 3, -1: 4},
		map[v2KeyRaw]int{` "b"` + "\n\t\r": 1, `"a"`: 2, `"<&>` + "\u2028\u2029é\x7f" + `"`: 3, `""`: 4},
		map[v2KeyText]int(nil),
		&struct {
			M map[v2KeyPtrText]v2KeyText `json:",omitempty"`
			E map[int]int                `json:",omitempty"`
		}{M: map[v2KeyPtrText]v2KeyText{1: "x"}, E: map[int]int{}},
		v2ZStruct{},
		v2ZStruct{V: v2ZVal{42}, P: v2ZPtr{7}, PV: &v2ZVal{42}, PP: &v2ZPtr{7}, M: v2ZMap{"zero": 0}, N: 1,
			I: v2ZVal{42}, A: v2ZVal{42}, VE: v2ZVal{42}, PPE: &v2ZPtr{7}, NV: v2ZVal{42}, NP: v2ZPtr{7}, NPP: &v2ZPtr{7}, NN: 1},
		v2ZStruct{V: v2ZVal{1}, P: v2ZPtr{1}, PV: &v2ZVal{}, PP: &v2ZPtr{}, M: v2ZMap{}, N: 2,
			I: (*v2ZPtr)(nil), A: (*v2ZPtr)(nil), VE: v2ZVal{}, PPE: &v2ZPtr{}, NV: v2ZVal{1}, NP: v2ZPtr{1}, NPP: &v2ZPtr{1}, NN: 2},
		&v2ZStruct{I: &v2ZPtr{7}, A: &v2ZPtr{7}, M: v2ZMap{"a": 1}},
		&v2ZStruct{I: &v2ZPtr{8}, A: v2ZVal{}, N: 0},
		[]v2ZStruct{{}, {N: 1}},
		v2ZEmbed{},
		v2ZEmbed{v2ZStruct: &v2ZStruct{V: v2ZVal{42}, PP: &v2ZPtr{8}}, X: v2ZVal{42}},
		&v2ZEmbed{v2ZStruct: &v2ZStruct{V: v2ZVal{1}, NP: v2ZPtr{7}}, X: v2ZVal{1}},
		v2StrPtr{},
		v2StrPtr{I: new(int), PI: new(*int64), U: new(uint8), F: new(float64), F3: new(float32), N: new(v2ZNum), JN: new(json.Number)},
		v2StrPtr{I: ptrTo(-7), PI: ptrTo(ptrTo(int64(math.MinInt64))), U: ptrTo(uint8(255)), F: ptrTo(1.5e300), F3: ptrTo(float32(0.1)), N: ptrTo(v2ZNum(1)), JN: ptrTo(json.Number("-1.5e3"))},
	}
	// v2KeyRefused are values v2 refuses or jgen declines: two keys of
	// one name, a failing method, invalid UTF-8, MarshalJSON on a key,
	// bool and array keys, the string option on a non-nil *bool and
	// *string.
	v2KeyRefused = []any{
		map[v2KeyHalf]int{2: 1, 3: 1, 4: 2},
		map[v2KeyFail]int{-1: 1, 0: 2},
		map[v2KeyBad]int{1: 1, 2: 2, 3: 3},
		map[v2KeyRaw]int{`"\u0041"`: 1},
		map[v2KeyRaw]int{`"a\nb"`: 1},
		map[v2KeyRaw]int{"1": 1},
		map[v2KeyRaw]int{"null": 1},
		map[v2KeyRaw]int{`{}`: 1},
		map[v2KeyRaw]int{`"a" "b"`: 1},
		map[v2KeyRaw]int{`"a`: 1},
		map[v2KeyRaw]int{"\"\xff\"": 1},
		map[v2KeyRaw]int{` "a"`: 1, `"a"`: 1}, // one value: v2 writes duplicates in random order
		map[*int]int{nil: 1},
		map[*int]int{ptrTo(1): 1, ptrTo(1): 1}, // one value: v2 writes duplicates in random order
		map[*string]int{ptrTo("\xff"): 1},
		map[any]int{nil: 1},
		map[any]int{1.5: 1},
		map[any]int{true: 1},
		map[any]int{v2KeyNamedInt(1): 1},
		map[any]int{1: 1, "1": 1},
		map[any]int{"\xff": 1},
		map[any]int{[1]int{1}: 1},
		map[v2KeyTo]int{1: 1, -1: 2},
		map[v2KeyTo]int{101: 1},
		map[v2KeyTo]int{200: 1},
		map[bool]int{true: 1},
		map[[2]int]int{{1, 2}: 1},
		map[any]int{1: 1, "a": 2},
		v2StrPtrS{},
		v2StrPtrS{S: ptrTo("x")},
		v2StrPtrS{B: ptrTo(true)},
	}
)

// TestWriteValueV2MapKeysAndIsZero compares the values above under every
// option set and requires jgen to encode each of v2KeyImplemented itself
// where v2 succeeds.
func TestWriteValueV2MapKeysAndIsZero(t *testing.T) {
	for _, c := range v2OptionCases() {
		var n v2Tally
		for i, v := range v2KeyImplemented {
			name := fmt.Sprintf("implemented %d (%T)", i, v)
			before := n
			compareV2(t, name, c, v, &n)
			if n.declined != before.declined {
				_, err := jgen.Marshal(v, &c.jgen)
				t.Errorf("%s under %s: declined: %v", name, c.name, err)
			}
		}
		for i, v := range v2KeyRefused {
			compareV2(t, fmt.Sprintf("refused %d (%T)", i, v), c, v, &n)
		}
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
	}
}

// TestWriteValueV2DuplicateKeyNames: distinct keys of one name with
// distinct values are declined without AllowDuplicateNames (v2's error)
// and written with it, in an order v2 writes too (v2 writes members of
// one name in the map's order of iteration, which is random).
func TestWriteValueV2DuplicateKeyNames(t *testing.T) {
	v := map[v2KeyHalf]int{2: 1, 3: 2, 0: 0}
	if _, err := jgen.Marshal(v, &jgen.Options{V2: &jgen.JSONv2{}}); !errors.Is(err, jgen.ErrV2Unimplemented) {
		t.Errorf("without AllowDuplicateNames: got %v, want ErrV2Unimplemented", err)
	}
	if _, err := jsonv2.Marshal(v, jsonv2.Deterministic(true)); err == nil {
		t.Errorf("encoding/json/v2 wrote duplicate names without AllowDuplicateNames")
	}
	valid := map[string]bool{`{"0":0,"1":1,"1":2}`: true, `{"0":0,"1":2,"1":1}`: true}
	got, err := jgen.Marshal(v, &jgen.Options{V2: &jgen.JSONv2{AllowDuplicateNames: true}})
	if err != nil || !valid[string(got)] {
		t.Errorf("with AllowDuplicateNames: got %s, %v", got, err)
	}
	want, err := jsonv2.Marshal(v, jsonv2.Deterministic(true), jsontext.AllowDuplicateNames(true))
	if err != nil || !valid[string(want)] {
		t.Errorf("encoding/json/v2 with AllowDuplicateNames: got %s, %v", want, err)
	}
}
