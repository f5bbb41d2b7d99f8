//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"strconv"
	"testing"
)

// toOptNum's MarshalJSONTo writes the options it reads from its encoder
// that v2 and jgen both set (StringifyNumbers, the string tag option
// included, EscapeForHTML, OmitZeroStructFields). Whether an option is
// set, Deterministic and the layout are not compared: jgen's encoder sets
// every option, Deterministic always and no layout (see JSONv2).
type toOptNum int

func (n toOptNum) MarshalJSONTo(e *jsontext.Encoder) error {
	s, _ := jsonv2.GetOption(e.Options(), jsonv2.StringifyNumbers)
	h, _ := jsonv2.GetOption(e.Options(), jsontext.EscapeForHTML)
	z, _ := jsonv2.GetOption(e.Options(), jsonv2.OmitZeroStructFields)
	return e.WriteToken(jsontext.String(fmt.Sprint(s, h, z, int(n))))
}

type toOptInner struct{ X int }

// TestMarshalJSONToStringOption: MarshalJSONTo methods and MarshalToFuncs
// on fields with the string option see it in their encoder's options as
// in encoding/json/v2 (jgen declines them), and functions marshaling
// through their encoder see the options.
func TestMarshalJSONToStringOption(t *testing.T) {
	ms := JoinMarshalers(
		MarshalToFunc(func(e *jsontext.Encoder, v toOptInner) error {
			return jsonv2.MarshalEncode(e, map[string]any{"x": v.X, "n": toOptNum(v.X), "s": "<"})
		}),
		MarshalToFunc(func(e *jsontext.Encoder, v string) error {
			s, _ := jsonv2.GetOption(e.Options(), jsonv2.StringifyNumbers)
			return e.WriteToken(jsontext.String(v + strconv.FormatBool(s)))
		}),
		MarshalToFunc(func(e *jsontext.Encoder, v uint8) error {
			s, _ := jsonv2.GetOption(e.Options(), jsonv2.StringifyNumbers)
			return e.WriteToken(jsontext.String("u" + strconv.FormatBool(s)))
		}),
		MarshalFunc(func(v int) ([]byte, error) { return []byte(`"int"`), nil }),
	)
	vals := []any{
		struct {
			A toOptNum `json:",string"`
			B toOptNum
			C *toOptNum `json:",string"`
			D []toOptNum
			E **toOptNum `json:",string"`
			U uint8      `json:",string"`
			V *uint8     `json:",string"`
			W uint8
		}{1, 2, new(toOptNum), []toOptNum{3}, nil, 4, new(uint8), 5},
		toOptInner{5}, []toOptInner{{1}}, map[string]toOptInner{"a": {2}}, "str",
		struct {
			S string `json:",omitzero"`
			I toOptInner
		}{"q", toOptInner{3}},
	}
	for _, v := range vals {
		for _, set := range [][]Options{nil, {StringifyNumbers(true)}, {jsontext.EscapeForHTML(true)}, {jsontext.Multiline(true)}, {OmitZeroStructFields(true)}} {
			mixSame(t, fmt.Sprint(set), v, append(set, Deterministic(true))...)
			mixSame(t, fmt.Sprint("funcs", set), v, append(set, WithMarshalers(ms), Deterministic(true))...)
		}
	}
}
