package jgen_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/jgen-go/jgen"
	jdrop "github.com/jgen-go/jgen/json"
)

type brkPM struct{ X int }

func (p *brkPM) MarshalJSON() ([]byte, error) { return []byte(`"pm"`), nil }

type brkPT struct{ X int }

func (p *brkPT) MarshalText() ([]byte, error) { return []byte("pt"), nil }

type brkVB byte

func (brkVB) MarshalJSON() ([]byte, error) { return []byte(`"vb"`), nil }

type brkPB byte

func (*brkPB) MarshalText() ([]byte, error) { return []byte("pb"), nil }

type brkTB byte

func (brkTB) MarshalText() ([]byte, error) { return []byte("tb"), nil }

type brkPMS struct {
	A brkPM
	B [2]brkPM
	C []brkPM
	D map[string]brkPM
	E any
	F *brkPM
	G brkPT
	H map[brkPT]int
	I [1]brkPT
	J []brkPB
	K [2]brkPB
	L []brkVB
	M [2]brkTB
	N struct{ Y brkPM }
	O []struct{ Y brkPT }
	P map[string][1]brkPM
	Q map[string][]brkPM
}

// TestBreakoutAddressable: marshal methods on pointer receivers are
// called only where encoding/json calls them (addressable values: fields
// of a pointed-to struct, slice elements, not map values, interface
// contents or a root array), and byte slices and arrays whose element
// type has marshal methods are arrays, not base64, as in encoding/json.
func TestBreakoutAddressable(t *testing.T) {
	v := brkPMS{B: [2]brkPM{{1}, {2}}, C: []brkPM{{3}}, D: map[string]brkPM{"k": {4}}, E: brkPM{5}, F: &brkPM{6},
		H: map[brkPT]int{{7}: 1}, J: []brkPB{1, 2}, K: [2]brkPB{3, 4}, L: []brkVB{5}, M: [2]brkTB{6, 7},
		O: []struct{ Y brkPT }{{}}, P: map[string][1]brkPM{"p": {}}, Q: map[string][]brkPM{"q": {{}}}}
	for i, x := range []any{v, &v, []brkPMS{v}, [1]brkPMS{v}, map[string]brkPMS{"m": v}, []any{v, &v}, brkPM{}, [2]brkPM{}, []brkPM{{}},
		[]brkPB{1}, [2]brkPB{}, []brkVB{1}, [3]brkTB{}, map[string]any{"a": brkPM{}, "b": &brkPM{}}, struct{ A any }{brkPM{}},
		&struct{ A [2]brkPM }{}, struct{ A [2]brkPM }{}} {
		want, werr := json.Marshal(x)
		got, gerr := jgen.Marshal(x, &jgen.Options{Escaping: jgen.Stdlib})
		if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
			t.Errorf("%d %T:\n got %s %v\nwant %s %v", i, x, got, gerr, want, werr)
		}
		dg, derr := jdrop.Marshal(x)
		if !bytes.Equal(dg, want) || (derr == nil) != (werr == nil) {
			t.Errorf("drop-in %d %T:\n got %s %v\nwant %s %v", i, x, dg, derr, want, werr)
		}
	}
}
