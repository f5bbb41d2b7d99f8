package jgen_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// FuzzWriteValue compares jgen with encoding/json on three values made
// from the input: the input as a json.RawMessage (re-encoded, equal to
// encoding/json's compaction when it is valid UTF-8 without lone
// surrogate escapes, else at least valid JSON and valid UTF-8), the input
// decoded into any with UseNumber (byte for byte under Stdlib, the same
// value and obeyed escaping under the other presets), and a random value
// of a random struct type drawn from seed.
func FuzzWriteValue(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,2.5e10,-0,"x<y>\u2028"],"b":{"c":null,"d":true}}`,
		` [ "\ud83d\ude00", "\ud800", "\u00e9\/" ] `,
		"\"\xff\xe2\x82\"",
		`12345678901234567890123`,
		`{"":{"":{"":[[[]]]}}}`,
	} {
		f.Add([]byte(s), uint64(len(s)))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		if json.Valid(data) {
			raw := json.RawMessage(data)
			got, err := jgen.Marshal(raw, stdlibOpts)
			if err != nil {
				t.Fatalf("RawMessage %q: %v", data, err)
			}
			if utf8.Valid(data) && !hasLoneSurrogateEscape(data) {
				want, err := json.Marshal(raw)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("RawMessage %q:\n got %s\nwant %s", data, got, want)
				}
			} else if !json.Valid(got) || !utf8.Valid(got) {
				t.Fatalf("RawMessage %q: output %q is not valid JSON in UTF-8", data, got)
			}
			if v, err := decodeAny(data); err == nil {
				compareWithStdlib(t, "decoded input", v)
				if std, err := json.Marshal(v); err == nil {
					comparePresets(t, "decoded input", v, std)
				}
			}
		}
		rv := &randomValues{r: newRand(seed)}
		v := reflect.New(rv.structType(2))
		rv.fill(v.Elem(), 3)
		compareWithStdlib(t, "random value", v.Interface())
	})
}

// hasLoneSurrogateEscape reports whether the valid JSON text data holds a
// \u escape of a surrogate that is not part of a pair.
func hasLoneSurrogateEscape(data []byte) bool {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if data[i+1] != 'u' {
			i++
			continue
		}
		r := hexValue(data[i+2 : i+6])
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+12 > len(data) || data[i+6] != '\\' || data[i+7] != 'u' {
				return true
			}
			if lo := hexValue(data[i+8 : i+12]); lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		default:
			i += 5
		}
	}
	return false
}

func hexValue(b []byte) rune {
	var r rune
	for _, c := range b {
		switch {
		case c >= 'a':
			c = c - 'a' + 10
		case c >= 'A':
			c = c - 'A' + 10
		default:
			c -= '0'
		}
		r = r<<4 | rune(c)
	}
	return r
}
