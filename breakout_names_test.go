package jgen_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/jgen-go/jgen"
)

type brkNames struct {
	A int            `json:"<a&b>"`
	B string         `json:"é日"`
	C []int          `json:"a/b"`
	D *int           `json:"x y"`
	E map[string]int `json:"%$#"`
	Ü int
	F struct {
		G int `json:"<g>"`
	} `json:"<f>"`
}

// TestBreakoutNames: struct member names that escapings change (<, &, /,
// non-ASCII), through the direct path (Compact) and the state path
// (Indented, compacted again), alternating escapings on the same types so
// that names quoted under one escaping are not reused under another.
func TestBreakoutNames(t *testing.T) {
	v := brkNames{E: map[string]int{"<k>é": 1}}
	escs := []jgen.Escaping{jgen.Stdlib, jgen.Minimal, jgen.ASCII, {EscapeSlash: true}, jgen.StdlibNoHTML, {QuoteChar: '\''}, jgen.Jackson, jgen.PrintableASCII, {HTMLSafe: true, UpperHex: true}}
	for round := 0; round < 3; round++ {
		for i, esc := range escs {
			for _, x := range []any{v, &v, []brkNames{v}} {
				got, err := jgen.Marshal(x, &jgen.Options{Escaping: esc})
				if err != nil {
					t.Fatal(err)
				}
				g, _ := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: esc, Layout: jgen.Indented})
				_ = g.WriteValue(x)
				var c bytes.Buffer
				_ = json.Compact(&c, g.Bytes())
				if esc.QuoteChar == '\'' {
					continue
				}
				if c.String() != string(got) {
					t.Errorf("round %d esc %d %T: compact %s\nindented->compact %s", round, i, x, got, c.String())
				}
				if i == 0 {
					want, _ := json.Marshal(x)
					if !bytes.Equal(want, got) {
						t.Errorf("std %s got %s", want, got)
					}
				}
			}
		}
	}
}
