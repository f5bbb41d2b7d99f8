package jgen_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"testing"

	"github.com/jgen-go/jgen"
)

// textOption is an option type with text methods.
type textOption interface {
	encoding.TextMarshaler
	fmt.Stringer
}

// TestOptionText: Layout, NonFinitePolicy and InvalidUTF8Policy marshal
// to their names and back; other text and unknown values are refused
// with an *OptionsError that lists the names.
func TestOptionText(t *testing.T) {
	type named struct {
		v    textOption
		name string
	}
	cases := []struct {
		typ    string
		values []named
		bad    textOption
		parse  func(text []byte) (textOption, error)
		want   string // the list of names in the refusal
	}{
		{
			"Layout",
			[]named{{jgen.Compact, "compact"}, {jgen.Indented, "indented"}, {jgen.JacksonPretty, "jackson"}},
			jgen.Layout(3),
			func(text []byte) (textOption, error) {
				l := jgen.JacksonPretty
				err := l.UnmarshalText(text)
				if err != nil && l != jgen.JacksonPretty {
					return nil, fmt.Errorf("refusal changed the value to %v", l)
				}
				return l, err
			},
			"compact, indented or jackson",
		},
		{
			"NonFinitePolicy",
			[]named{{jgen.NonFiniteError, "error"}, {jgen.NonFiniteString, "string"}, {jgen.NonFiniteNull, "null"}},
			jgen.NonFinitePolicy(200),
			func(text []byte) (textOption, error) {
				p := jgen.NonFiniteNull
				err := p.UnmarshalText(text)
				if err != nil && p != jgen.NonFiniteNull {
					return nil, fmt.Errorf("refusal changed the value to %v", p)
				}
				return p, err
			},
			"error, string or null",
		},
		{
			"InvalidUTF8Policy",
			[]named{{jgen.InvalidUTF8Error, "error"}, {jgen.InvalidUTF8Replace, "replace"}, {jgen.InvalidUTF8ReplaceRaw, "replace-raw"}},
			jgen.InvalidUTF8Policy(3),
			func(text []byte) (textOption, error) {
				p := jgen.InvalidUTF8ReplaceRaw
				err := p.UnmarshalText(text)
				if err != nil && p != jgen.InvalidUTF8ReplaceRaw {
					return nil, fmt.Errorf("refusal changed the value to %v", p)
				}
				return p, err
			},
			"error, replace or replace-raw",
		},
	}
	for _, tc := range cases {
		for _, v := range tc.values {
			text, err := v.v.MarshalText()
			if err != nil || string(text) != v.name || v.v.String() != v.name {
				t.Errorf("%s %d: MarshalText = %q, %v; String = %q; want %q", tc.typ, v.v, text, err, v.v.String(), v.name)
			}
			got, err := tc.parse([]byte(v.name))
			if err != nil || got != v.v {
				t.Errorf("%s: UnmarshalText(%q) = %v, %v; want %v", tc.typ, v.name, got, err, v.v)
			}
		}
		for _, text := range []string{"", "Error", "JACKSON", " compact", "null ", "replace_raw", "jackson\x00", "pretty"} {
			_, err := tc.parse([]byte(text))
			var oe *jgen.OptionsError
			if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) || oe.Option != tc.typ {
				t.Errorf("%s: UnmarshalText(%q) = %v, want an *OptionsError for %s", tc.typ, text, err, tc.typ)
				continue
			}
			want := "want " + tc.want + ", not " + fmt.Sprintf("%q", text)
			if oe.Reason != want {
				t.Errorf("%s: UnmarshalText(%q) reason %q, want %q", tc.typ, text, oe.Reason, want)
			}
		}
		text, err := tc.bad.MarshalText()
		var oe *jgen.OptionsError
		if text != nil || !errors.As(err, &oe) || oe.Option != tc.typ {
			t.Errorf("%s: MarshalText of %v = %q, %v; want an *OptionsError", tc.typ, tc.bad, text, err)
		}
	}
	_, err := jgen.Layout(3).MarshalText()
	if want := "jgen: invalid option Layout: unknown layout Layout(3)"; err == nil || err.Error() != want {
		t.Errorf("Layout(3).MarshalText: %v, want %q", err, want)
	}
}

// TestOptionTextJSON: the option types are written by encoding/json as
// their names and read back, in struct fields and as map keys.
func TestOptionTextJSON(t *testing.T) {
	type config struct {
		Layout      jgen.Layout
		NonFinite   jgen.NonFinitePolicy
		InvalidUTF8 jgen.InvalidUTF8Policy
		ByLayout    map[jgen.Layout]int
	}
	in := config{jgen.JacksonPretty, jgen.NonFiniteString, jgen.InvalidUTF8ReplaceRaw, map[jgen.Layout]int{jgen.Indented: 2}}
	b, err := json.Marshal(in)
	chk(t, err)
	want := `{"Layout":"jackson","NonFinite":"string","InvalidUTF8":"replace-raw","ByLayout":{"indented":2}}`
	if string(b) != want {
		t.Fatalf("got %s, want %s", b, want)
	}
	var out config
	chk(t, json.Unmarshal(b, &out))
	if out.Layout != in.Layout || out.NonFinite != in.NonFinite || out.InvalidUTF8 != in.InvalidUTF8 || out.ByLayout[jgen.Indented] != 2 || len(out.ByLayout) != 1 {
		t.Errorf("round trip: %+v, want %+v", out, in)
	}
	if err := json.Unmarshal([]byte(`{"Layout":"pretty"}`), &out); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Errorf("unknown layout: %v, want an error matching ErrInvalidOptions", err)
	}
}

// A command-line flag for a layout, read with the layout's UnmarshalText.
func ExampleLayout_UnmarshalText() {
	fs := flag.NewFlagSet("example", flag.ContinueOnError)
	var opts jgen.Options
	fs.TextVar(&opts.Layout, "layout", jgen.Compact, "`LAYOUT`: compact, indented or jackson")
	fs.TextVar(&opts.Escaping.InvalidUTF8, "invalid-utf8", jgen.InvalidUTF8Error, "`POLICY`: error, replace or replace-raw")
	if err := fs.Parse([]string{"-layout", "jackson", "-invalid-utf8", "replace"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(opts.Layout, opts.Escaping.InvalidUTF8)

	var l jgen.Layout
	fmt.Println(l.UnmarshalText([]byte("pretty")))
	// Output:
	// jackson replace
	// jgen: invalid option Layout: want compact, indented or jackson, not "pretty"
}
