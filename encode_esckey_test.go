package jgen

import (
	"reflect"
	"testing"
)

// TestEscKeyCoversEscaping checks that escKeyOf tells apart Escapings
// differing in any one field, and that Escaping has no field it ignores.
func TestEscKeyCoversEscaping(t *testing.T) {
	if n := reflect.TypeFor[Escaping]().NumField(); n != escKeyFields {
		t.Fatalf("Escaping has %d fields, escKeyOf packs %d", n, escKeyFields)
	}
	base := Stdlib
	ce := &CharacterEscapes{}
	variants := map[string]func(*Escaping){
		"QuoteChar":         func(e *Escaping) { e.QuoteChar = '\'' },
		"EscapeSlash":       func(e *Escaping) { e.EscapeSlash = !e.EscapeSlash },
		"HTMLSafe":          func(e *Escaping) { e.HTMLSafe = !e.HTMLSafe },
		"JSLineTerminators": func(e *Escaping) { e.JSLineTerminators = !e.JSLineTerminators },
		"UpperHex":          func(e *Escaping) { e.UpperHex = !e.UpperHex },
		"SurrogateEscapes":  func(e *Escaping) { e.SurrogateEscapes = !e.SurrogateEscapes },
		"MaxUnescaped":      func(e *Escaping) { e.MaxUnescaped = 0x7F },
		"MaxUnescapedHigh":  func(e *Escaping) { e.MaxUnescaped = 0x10FFFF },
		"InvalidUTF8":       func(e *Escaping) { e.InvalidUTF8++ },
		"CharacterEscapes":  func(e *Escaping) { e.CharacterEscapes = ce },
	}
	seen := map[escKey]string{escKeyOf(&base): "base"}
	for name, change := range variants {
		e := base
		change(&e)
		if e == base {
			t.Fatalf("%s: variant equals the base", name)
		}
		k := escKeyOf(&e)
		if other, dup := seen[k]; dup {
			t.Errorf("%s: key %+v equals the key of %s", name, k, other)
		}
		seen[k] = name
	}
}

// TestWriteValueNamesFollowEscaping checks that the cached member names
// of one struct type are quoted again when the generator's escaping
// changes between values.
func TestWriteValueNamesFollowEscaping(t *testing.T) {
	type names struct {
		Slash int `json:"a/b"`
		Tag   int `json:"<x>"`
	}
	v := names{1, 2}
	for _, tc := range []struct {
		esc  Escaping
		want string
	}{
		{Minimal, `{"a/b":1,"<x>":2}`},
		{Escaping{EscapeSlash: true}, `{"a\/b":1,"<x>":2}`},
		{Escaping{HTMLSafe: true}, `{"a/b":1,"\u003cx\u003e":2}`},
		{Escaping{HTMLSafe: true, UpperHex: true}, `{"a/b":1,"\u003Cx\u003E":2}`},
		{Minimal, `{"a/b":1,"<x>":2}`},
	} {
		b, err := Marshal(&v, &Options{Escaping: tc.esc})
		if err != nil {
			t.Fatalf("%+v: %v", tc.esc, err)
		}
		if string(b) != tc.want {
			t.Errorf("%+v: got %s, want %s", tc.esc, b, tc.want)
		}
	}
}
