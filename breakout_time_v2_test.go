//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestBreakoutTimeV2: the times and holders of TestBreakoutTimeStdlib
// under jgen's v2 rules, with OmitZeroStructFields, StringifyNumbers with
// Multiline, and EscapeForHTML, write encoding/json/v2's bytes where jgen
// takes them (the rest is ErrV2Unimplemented).
func TestBreakoutTimeV2(t *testing.T) {
	skipped, total := 0, 0
	defer func() { t.Logf("skipped %d of %d", skipped, total) }()
	for _, tm := range brkTimes(t) {
		for hi, h := range brkHolders(tm) {
			for oi, o := range []struct {
				j  *jgen.Options
				v2 []jsonv2.Options
			}{
				{&jgen.Options{V2: &jgen.JSONv2{Deterministic: true}}, []jsonv2.Options{jsonv2.Deterministic(true)}},
				{&jgen.Options{V2: &jgen.JSONv2{Deterministic: true, OmitZeroStructFields: true}}, []jsonv2.Options{jsonv2.Deterministic(true), jsonv2.OmitZeroStructFields(true)}},
				{&jgen.Options{V2: &jgen.JSONv2{Deterministic: true, StringifyNumbers: true}, Layout: jgen.Indented, Indent: "\t"}, []jsonv2.Options{jsonv2.Deterministic(true), jsonv2.StringifyNumbers(true), jsontext.Multiline(true)}},
				{&jgen.Options{V2: &jgen.JSONv2{Deterministic: true}, Escaping: jgen.Escaping{HTMLSafe: true}}, []jsonv2.Options{jsonv2.Deterministic(true), jsontext.EscapeForHTML(true)}},
			} {
				want, werr := jsonv2.Marshal(h, o.v2...)
				got, gerr := jgen.Marshal(h, o.j)
				total++
				if errors.Is(gerr, jgen.ErrV2Unimplemented) {
					skipped++
					continue
				}
				if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
					t.Errorf("%v holder %d %T opts %d:\n got %s %v\nwant %s %v", tm, hi, h, oi, got, gerr, want, werr)
				}
			}
		}
	}
}
