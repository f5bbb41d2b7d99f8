package jgen_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestErrorTypesUnwrap: every error type reaches its sentinel through
// Unwrap, so that errors.Unwrap, errors.Is and errors.As all see it.
func TestErrorTypesUnwrap(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want []error
	}{
		{"UTF8Error", &jgen.UTF8Error{Offset: 3}, []error{jgen.ErrInvalidUTF8}},
		{"OptionsError", &jgen.OptionsError{Option: "Layout", Reason: "x"}, []error{jgen.ErrInvalidOptions}},
		{"SyntaxError", &jgen.SyntaxError{Err: jgen.ErrMaxDepth}, []error{jgen.ErrMaxDepth}},
		{"ValueError", &jgen.ValueError{Err: jgen.ErrInvalidValue, Cause: jgen.ErrInvalidUTF8}, []error{jgen.ErrInvalidValue, jgen.ErrInvalidUTF8}},
		{"EncodeError", &jgen.EncodeError{Err: jgen.ErrInvalidValue}, []error{jgen.ErrInvalidValue}},
	}
	for _, tc := range cases {
		var got []error
		switch u := tc.err.(type) {
		case interface{ Unwrap() error }:
			got = []error{u.Unwrap()}
		case interface{ Unwrap() []error }:
			got = u.Unwrap()
		default:
			t.Errorf("%s has no Unwrap method", tc.name)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: Unwrap = %v, want %v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: Unwrap = %v, want %v", tc.name, got, tc.want)
			}
		}
	}
}

// TestValueErrorNonFinite: NaN and ±Inf under NonFiniteError come back as
// a *ValueError with the output offset, which Close returns unchanged.
func TestValueErrorNonFinite(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{math.NaN(), "jgen: cannot write number: RFC 8259 §6 has no form for NaN (output offset 4)"},
		{math.Inf(1), "jgen: cannot write number: RFC 8259 §6 has no form for +Inf (output offset 4)"},
		{math.Inf(-1), "jgen: cannot write number: RFC 8259 §6 has no form for -Inf (output offset 4)"},
	} {
		for _, width := range []int{64, 32} {
			g := appendGen(t, nil)
			chk(t, g.WriteStartObject())
			chk(t, g.WriteName("f"))
			var err error
			if width == 32 {
				err = g.WriteFloat32(float32(tc.v))
			} else {
				err = g.WriteFloat(tc.v)
			}
			var ve *jgen.ValueError
			if !errors.As(err, &ve) || ve.Err != jgen.ErrNonFinite || ve.Token != "number" || ve.Offset != 4 || ve.Index != 0 || ve.Cause != nil {
				t.Fatalf("%v/%d: got %#v, want a *ValueError for number matching ErrNonFinite at offset 4", tc.v, width, err)
			}
			if !errors.Is(err, jgen.ErrNonFinite) || err.Error() != tc.want {
				t.Errorf("%v/%d: message %q, want %q", tc.v, width, err.Error(), tc.want)
			}
			chk(t, g.WriteNull())
			chk(t, g.WriteEndObject())
			if cerr := g.Close(); cerr != err {
				t.Errorf("%v/%d: Close = %v, want the refusal", tc.v, width, cerr)
			}
			if got := string(g.Bytes()); got != `{"f":null}`+"\n" {
				t.Errorf("%v/%d: output %q", tc.v, width, got)
			}
		}
	}
}

// TestValueErrorNumberText: text outside RFC 8259 §6 comes back as a
// *ValueError whose Index is the first byte no number continues with.
func TestValueErrorNumberText(t *testing.T) {
	long := "1." + strings.Repeat("7", 1<<16) + "e"
	cases := []struct {
		text  string
		index int64
		what  string
	}{
		{"", 0, "unexpected end"},
		{"-", 1, "unexpected end"},
		{"+1", 0, "unexpected '+'"},
		{"01", 1, "unexpected '1'"},
		{"-01", 2, "unexpected '1'"},
		{".5", 0, "unexpected '.'"},
		{"1.", 2, "unexpected end"},
		{"1.e5", 2, "unexpected 'e'"},
		{"1.x", 2, "unexpected 'x'"},
		{"1e", 2, "unexpected end"},
		{"1e+", 3, "unexpected end"},
		{"1e+-5", 3, "unexpected '-'"},
		{"1ee5", 2, "unexpected 'e'"},
		{" 1", 0, "unexpected ' '"},
		{"1 ", 1, "unexpected ' '"},
		{"1.5.5", 3, "unexpected '.'"},
		{"1e5.5", 3, "unexpected '.'"},
		{"--1", 1, "unexpected '-'"},
		{"0x10", 1, "unexpected 'x'"},
		{"NaN", 0, "unexpected 'N'"},
		{"１", 0, "unexpected 0xEF"},
		{"1\x00", 1, "unexpected 0x00"},
		{long, int64(len(long)), "unexpected end"},
	}
	for _, tc := range cases {
		g := appendGen(t, nil)
		chk(t, g.WriteStartArray())
		chk(t, g.WriteInt(1))
		err := g.WriteNumber(tc.text)
		var ve *jgen.ValueError
		if !errors.As(err, &ve) || ve.Err != jgen.ErrInvalidNumber || ve.Token != "number" || ve.Offset != 2 || ve.Index != tc.index {
			t.Errorf("%.20q: got %#v, want a *ValueError for number matching ErrInvalidNumber at offset 2, index %d", tc.text, err, tc.index)
			continue
		}
		quoted := tc.text
		if len(quoted) > 40 {
			quoted = quoted[:40] + "..."
		}
		want := "jgen: cannot write number: " + strconv.Quote(quoted) + " does not match the number grammar of RFC 8259 §6: " + tc.what + " at byte " + strconv.FormatInt(tc.index, 10) + " of the text (output offset 2)"
		if err.Error() != want {
			t.Errorf("%.20q: message\n%s\nwant\n%s", tc.text, err.Error(), want)
		}
		chk(t, g.WriteEndArray())
		if cerr := g.Close(); cerr != err {
			t.Errorf("%.20q: Close = %v, want the refusal", tc.text, cerr)
		}
	}
}

// TestValueErrorJSONNumber: WriteValue refuses an invalid json.Number with
// the same *ValueError as WriteNumber, inside its *EncodeError, at the
// output offset where the number would stand: right after the name, since
// the ':' is written with the value that follows it.
func TestValueErrorJSONNumber(t *testing.T) {
	g := appendGen(t, nil)
	err := g.WriteValue(struct{ N json.Number }{"1.x"})
	var ee *jgen.EncodeError
	var ve *jgen.ValueError
	if !errors.As(err, &ee) || ee.Pointer != "/N" || !errors.As(err, &ve) || ve.Err != jgen.ErrInvalidNumber || ve.Offset != 4 || ve.Index != 2 {
		t.Fatalf("got %v, want an *EncodeError at /N wrapping a *ValueError at output offset 4, index 2", err)
	}
	if len(g.Bytes()) != 0 {
		t.Errorf("output %q after refusal", g.Bytes())
	}
}

// TestOptionsErrorBytes: messages name a byte that is not printable
// ASCII as 0xXX, never as the code point of the same value, and a code
// point as U+XXXX.
func TestOptionsErrorBytes(t *testing.T) {
	cases := []struct {
		spec jgen.EscapeSpec
		want string
	}{
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeBackslash('x')}}, `jgen: invalid option EscapeSpec.ASCII['a']: \x is not a JSON escape sequence`},
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeBackslash(0xE9)}}, `jgen: invalid option EscapeSpec.ASCII['a']: \ followed by 0xE9 is not a JSON escape sequence`},
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeBackslash(0)}}, `jgen: invalid option EscapeSpec.ASCII['a']: \ followed by 0x00 is not a JSON escape sequence`},
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`x\é`)}}, `jgen: invalid option EscapeSpec.ASCII['a']: sequence holds an invalid escape \ followed by 0xC3 at byte 1`},
		{jgen.EscapeSpec{Runes: map[rune]string{'é': `\q`}}, `jgen: invalid option EscapeSpec.Runes[U+00E9]: sequence holds an invalid escape \q at byte 0`},
		{jgen.EscapeSpec{Runes: map[rune]string{0x1F600: "\x7f\x01"}}, `jgen: invalid option EscapeSpec.Runes[U+1F600]: sequence holds a raw control character at byte 1`},
	}
	for _, tc := range cases {
		_, err := jgen.NewCharacterEscapes(tc.spec)
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

// A value refused for its content: nothing of it is written, the stream
// goes on, and Close reports the refusal.
func ExampleValueError() {
	var out strings.Builder
	g, _ := jgen.NewGenerator(&out, nil)
	g.WriteStartArray()
	g.WriteInt(1)
	err := g.WriteNumber("1.5.0")
	var ve *jgen.ValueError
	if errors.As(err, &ve) {
		fmt.Println(errors.Is(err, jgen.ErrInvalidNumber), ve.Offset, ve.Index)
	}
	g.WriteFloat(math.NaN())
	g.WriteInt(2)
	g.WriteEndArray()
	fmt.Println(g.Close() == err)
	fmt.Print(out.String())
	// Output:
	// true 2 3
	// true
	// [1,2]
}

// TestValueErrorNumberIndex: on random text the Index of the refusal is
// the length of the longest prefix that a number can still grow from, as
// a regular expression of RFC 8259 §6's prefixes says.
func TestValueErrorNumberIndex(t *testing.T) {
	prefix := regexp.MustCompile(`^-?((0|[1-9][0-9]*)(\.[0-9]*|(\.[0-9]+)?([eE][+-]?[0-9]*)?)?)?$`)
	r := rand.New(rand.NewPCG(11, 6))
	const alphabet = "-+.eE0123456789x "
	g := appendGen(t, nil)
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		text := string(b)
		g.ResetAppend(nil)
		err := g.WriteNumber(text)
		if err == nil {
			continue
		}
		want := 0
		for n := len(text); n >= 0; n-- {
			if prefix.MatchString(text[:n]) {
				want = n
				break
			}
		}
		var ve *jgen.ValueError
		if !errors.As(err, &ve) || ve.Index != int64(want) {
			t.Fatalf("%q: got %v, want Index %d", text, err, want)
		}
	}
}
