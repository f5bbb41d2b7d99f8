package jgen_test

// The Jackson vectors (testdata/jackson, real jackson-core 2.14.1 output)
// written by jgen, with the option mapping of internal/compat.

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/compat"
	"github.com/jgen-go/jgen/internal/reference"
)

// escapingFromRef converts the reference options that compat maps a
// vector's config to into a jgen Escaping. The custom escapes of the html
// and jsonp tokens become jgen's shipped HTMLEscapes and JSONPEscapes (both
// together: a table built from the same spec).
func escapingFromRef(o reference.Options) (jgen.Escaping, error) {
	e := jgen.Escaping{
		QuoteChar:         o.Quote,
		EscapeSlash:       o.EscapeSlash,
		HTMLSafe:          o.HTMLSafe,
		JSLineTerminators: o.JSLineTerminators,
		UpperHex:          o.UpperHex,
		SurrogateEscapes:  o.SurrogateEscapes,
		MaxUnescaped:      o.MaxUnescaped,
	}
	switch o.InvalidUTF8 {
	case reference.PolicyError:
		e.InvalidUTF8 = jgen.InvalidUTF8Error
	case reference.PolicyReplace:
		e.InvalidUTF8 = jgen.InvalidUTF8Replace
	case reference.PolicyReplaceRaw:
		e.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	}
	htmlRef, _ := ceHTML.refTables()
	html := len(o.ASCII) > 0
	jsonp := len(o.Runes) > 0
	if html && !maps.Equal(o.ASCII, htmlRef) {
		return e, fmt.Errorf("custom ASCII escapes %v are not the html table", o.ASCII)
	}
	if jsonp && !maps.Equal(o.Runes, jsonpRunes) {
		return e, fmt.Errorf("custom rune escapes %v are not the jsonp table", o.Runes)
	}
	var spec *ceSpec
	switch {
	case html && jsonp:
		spec = ceHTMLJSONP
	case html:
		spec = ceHTML
	case jsonp:
		spec = ceJSONP
	}
	if spec != nil {
		ce, err := spec.compiled()
		if err != nil {
			return e, err
		}
		e.CharacterEscapes = ce
	}
	return e, e.Validate()
}

// jacksonDocs writes v's input as jgen would for the config: the quoted
// string, or with name the document {<name>:1}. It returns every way of
// writing it that applies, by name.
func jacksonDocs(gens map[jgen.Escaping]*jgen.Generator, e jgen.Escaping, in []byte, name, chars bool) (map[string][]byte, error) {
	docs := map[string][]byte{}
	var buf bytes.Buffer
	g := gens[e]
	if g == nil {
		var err error
		if g, err = jgen.NewGenerator(&buf, &jgen.Options{Escaping: e, RootSeparator: "\n"}); err != nil { // one document: no root terminator
			return nil, err
		}
		gens[e] = g
	}
	g.Reset(&buf)
	var err error
	if name {
		encoded, err := jgen.NewEncodedName(string(in), e)
		if err != nil {
			return nil, err
		}
		for _, how := range []string{"WriteName", "WriteNameBytes", "WriteEncodedName"} {
			if (how == "WriteNameBytes") != chars && how != "WriteEncodedName" {
				continue
			}
			buf.Reset()
			g.Reset(&buf)
			err := g.WriteStartObject()
			if err == nil {
				switch how {
				case "WriteName":
					err = g.WriteName(string(in))
				case "WriteNameBytes":
					err = g.WriteNameBytes(in)
				default:
					err = g.WriteEncodedName(encoded)
				}
			}
			if err == nil {
				err = g.WriteInt(1)
			}
			if err == nil {
				err = g.WriteEndObject()
			}
			if err == nil {
				err = g.Close()
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", how, err)
			}
			docs[how] = bytes.Clone(buf.Bytes())
		}
		return docs, nil
	}
	buf.Reset()
	var q []byte
	if chars {
		err = g.WriteStringBytes(in)
		if err == nil {
			q, err = e.AppendQuoteBytes(nil, in)
			docs["AppendQuoteBytes"] = q
		}
	} else {
		err = g.WriteString(string(in))
		if err == nil {
			q, err = e.AppendQuote(nil, string(in))
			docs["AppendQuote"] = q
		}
	}
	if err == nil {
		err = g.Close()
	}
	if err != nil {
		return nil, err
	}
	if chars {
		docs["WriteStringBytes"] = buf.Bytes()
	} else {
		docs["WriteString"] = buf.Bytes()
	}
	return docs, nil
}

func TestJacksonVectors(t *testing.T) {
	path, err := compat.VectorsFile()
	if err != nil {
		t.Fatal(err)
	}
	vs, err := compat.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 37183 {
		t.Errorf("loaded %d vectors, want 37183", len(vs))
	}
	type count struct{ utf8, writer, skipped int }
	counts := map[string]*count{}
	var mismatches []string
	gens := map[jgen.Escaping]*jgen.Generator{} // reused, one per escaping
	for _, v := range vs {
		c := counts[v.Config]
		if c == nil {
			c = &count{}
			counts[v.Config] = c
		}
		for _, byteOutput := range []bool{true, false} {
			col := "writer"
			if byteOutput {
				col = "utf8"
			}
			o, name, chars, skip := compat.ReferenceOptions(v.Tokens, byteOutput)
			if skip {
				c.skipped++
				continue
			}
			want := v.Column(byteOutput)
			if !want.OK {
				mismatches = append(mismatches, fmt.Sprintf("line %d %s/%s: Jackson failed (%s); no jgen equivalent", v.Line, v.Config, col, want.Err))
				continue
			}
			e, err := escapingFromRef(o)
			if err != nil {
				t.Fatalf("line %d %s/%s: mapping: %v", v.Line, v.Config, col, err)
			}
			docs, err := jacksonDocs(gens, e, v.Input, name, chars)
			if err != nil {
				mismatches = append(mismatches, fmt.Sprintf("line %d %s/%s input %x: jgen failed: %v", v.Line, v.Config, col, v.Input, err))
				continue
			}
			ok := true
			for _, how := range slices.Sorted(maps.Keys(docs)) {
				if got := docs[how]; !bytes.Equal(got, want.Out) {
					ok = false
					mismatches = append(mismatches, fmt.Sprintf("line %d %s/%s %s input %x:\n  jackson %x\n  jgen    %x\n  jackson %q\n  jgen    %q",
						v.Line, v.Config, col, how, v.Input, want.Out, got, want.Out, got))
				}
			}
			if ok {
				if byteOutput {
					c.utf8++
				} else {
					c.writer++
				}
			}
		}
	}
	var total count
	var report strings.Builder
	fmt.Fprintf(&report, "%-20s %7s %7s %8s\n", "config", "utf8", "writer", "skipped")
	configs := slices.Collect(maps.Keys(counts))
	sort.Strings(configs)
	for _, cfg := range configs {
		c := counts[cfg]
		fmt.Fprintf(&report, "%-20s %7d %7d %8d\n", cfg, c.utf8, c.writer, c.skipped)
		total.utf8 += c.utf8
		total.writer += c.writer
		total.skipped += c.skipped
	}
	fmt.Fprintf(&report, "%-20s %7d %7d %8d", "total", total.utf8, total.writer, total.skipped)
	t.Logf("Jackson vectors matched by jgen (per column; skipped counts both columns):\n%s", report.String())
	if len(mismatches) > 0 {
		show := mismatches[:min(len(mismatches), 8)]
		t.Errorf("%d mismatches with Jackson; first %d:\n%s", len(mismatches), len(show), strings.Join(show, "\n"))
	}
	if total.utf8+total.writer == 0 {
		t.Error("no vector checked")
	}
}
