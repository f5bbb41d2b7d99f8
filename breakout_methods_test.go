package jgen_test

// The direct path's marshal methods against encoding/json: value and
// pointer receivers, nil pointers, promoted methods, MarshalJSON output
// that the Stdlib escaping rewrites, and json.Number edge values.

import (
	"encoding/json"
	"testing"

	"github.com/jgen-go/jgen"
)

type bmVal string

func (v bmVal) MarshalJSON() ([]byte, error) { return []byte(v), nil }

type bmPtr struct{ s string }

func (v *bmPtr) MarshalJSON() ([]byte, error) { return []byte(v.s), nil }

type bmText string

func (v bmText) MarshalText() ([]byte, error) { return []byte(v), nil }

type bmEmbed struct {
	bmVal
	X int
}

type bmHolder struct {
	A bmVal
	B *bmPtr
	C bmText
	D *bmText
	E bmEmbed
	F json.Number
	G any
	H bmVal  `json:",omitempty"`
	I *bmPtr `json:",omitempty"`
}

func TestDirectMethodsMatchStdlib(t *testing.T) {
	raws := []string{`1`, `"<&>"`, `"\u2028"`, "\"\u2028\u2029\"", ` 1 `, `{"a" : [1, 2]}`, `[]`, `nul`, `"é"`, `{"<":1}`}
	nums := []string{"", "0", "-0", "1e999", "01", "-", "1.5e+10", "123456789012345678901234567890"}
	for _, r := range raws {
		for _, nm := range nums {
			tx := bmText(r)
			vals := []any{
				bmHolder{A: bmVal(r), B: &bmPtr{r}, C: bmText(r), D: &tx, E: bmEmbed{bmVal(r), 1}, F: json.Number(nm), G: bmVal(r)},
				[]bmVal{bmVal(r)},
				&bmHolder{A: `1`, E: bmEmbed{`2`, 3}, F: "1", G: &bmPtr{r}},
				[]*bmPtr{nil, {r}},
			}
			for _, v := range vals {
				want, werr := json.Marshal(v)
				got, gerr := jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib})
				if (werr == nil) != (gerr == nil) || string(want) != string(got) {
					t.Errorf("raw %q num %q %T:\n got %s, %v\nwant %s, %v", r, nm, v, got, gerr, want, werr)
				}
			}
		}
	}
}
