//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

type brkR struct {
	A int               `json:"a"`
	B []byte            `json:"b"`
	C []int             `json:"c"`
	D map[string]string `json:"d"`
	E *brkR             `json:"e,omitempty"`
	F float32           `json:"f"`
	G string            `json:"g,omitempty"`
	H time.Time         `json:"h,omitzero"`
	I any               `json:"i"`
	J uint8             `json:"j,string"`
	K [2]byte           `json:"k"`
	L map[int]bool      `json:"l"`
	M brkRawJ           `json:"m"`
	N brkTxt            `json:"n"`
}

type brkRawJ string

func (r brkRawJ) MarshalJSON() ([]byte, error) {
	if r == "" {
		return []byte("null"), nil
	}
	return []byte(r), nil
}

type brkTxt string

func (r brkTxt) MarshalText() ([]byte, error) { return []byte(r), nil }

// TestBreakoutOptionCombos: 3000 random sets of up to four options
// (layout, escaping, v1 and v2 options, options set to false after true,
// nil) plus Deterministic, through Marshal, MarshalWrite and MarshalEncode
// (an encoder made with the set), give encoding/json/v2's bytes and errors.
func TestBreakoutOptionCombos(t *testing.T) {
	opts := []jsonv2.Options{
		jsontext.Multiline(true), jsontext.Multiline(false), jsontext.WithIndent("  "), jsontext.WithIndent("\t"),
		jsontext.WithIndentPrefix(" "), jsontext.SpaceAfterColon(true), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(true),
		jsontext.EscapeForHTML(true), jsontext.EscapeForHTML(false), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true),
		jsontext.AllowInvalidUTF8(false), jsontext.AllowDuplicateNames(true), jsonv2.StringifyNumbers(true), jsonv2.StringifyNumbers(false),
		jsonv2.OmitZeroStructFields(true), jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true),
		jsonv1.FormatByteArrayAsArray(false), jsonv1.OmitEmptyWithLegacySemantics(false), jsonv1.DefaultOptionsV1(),
		jsonv2.DefaultOptionsV2(), jsonv2.MatchCaseInsensitiveNames(true), jsonv2.RejectUnknownMembers(true), nil,
		jsontext.CanonicalizeRawInts(false), jsontext.PreserveRawStrings(false), jsontext.ReorderRawObjects(false),
	}
	vals := []any{
		brkR{},
		&brkR{A: 1, B: []byte{0xff}, C: []int{}, D: map[string]string{"<": "\u2028\xff", "b": ""}, E: &brkR{G: "x"}, F: 1e-7,
			G: "é<>&'\"\\/", H: time.Date(2001, 2, 3, 4, 5, 6, 7, time.FixedZone("", -3600)), I: []any{1.0, "s", nil, true, map[string]any{}},
			J: 7, K: [2]byte{1, 2}, L: map[int]bool{-1: true, 10: false, 2: true}, M: `{"z":[1 , 2],"a":"<\u00e9>"}`, N: "t<x>"},
		[]any{brkRawJ(` "a\u0041" `), brkRawJ(`[]`), brkRawJ(`{}`), brkTxt("")},
		map[string]any{"\xff": 1},
		"\xe2\x80<\xed\xa0\x80>",
		[]string{"\x00\x1f\x7f"},
	}
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 3000 {
		k := r.IntN(5)
		var set []jsonv2.Options
		for range k {
			set = append(set, opts[r.IntN(len(opts))])
		}
		set = append(set, jsonv2.Deterministic(true))
		v := vals[r.IntN(len(vals))]
		got, gerr := jv2.Marshal(v, set...)
		want, werr := jsonv2.Marshal(v, set...)
		if !bytes.Equal(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("%d options %v, %T:\n got %q %v\nwant %q %v", i, set, v, got, gerr, want, werr)
		}
		var gb, wb bytes.Buffer
		gerr = jv2.MarshalWrite(&gb, v, set...)
		werr = jsonv2.MarshalWrite(&wb, v, set...)
		if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("%d MarshalWrite options %v, %T:\n got %q %v\nwant %q %v", i, set, v, gb.Bytes(), gerr, wb.Bytes(), werr)
		}
		gb.Reset()
		wb.Reset()
		ge, we := jsontext.NewEncoder(&gb, set...), jsontext.NewEncoder(&wb, set...)
		gerr = jv2.MarshalEncode(ge, v)
		werr = jsonv2.MarshalEncode(we, v)
		if !bytes.Equal(gb.Bytes(), wb.Bytes()) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("%d MarshalEncode options %v, %T:\n got %q %v\nwant %q %v", i, set, v, gb.Bytes(), gerr, wb.Bytes(), werr)
		}
	}
}
