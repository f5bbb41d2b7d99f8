package jgen

import (
	"testing"

	"github.com/jgen-go/jgen/internal/scan"
)

// TestQuickTable: appendQuote's lookup of the options (quickKey,
// quickSetOf, quickSlow) gives quickSet's set and the table of optionKeyOf for every
// combination of the options it tests, before and after the sets are
// built, so the shortcut never changes which path a string takes.
func TestQuickTable(t *testing.T) {
	var es []Escaping
	for bits := 0; bits < 1<<6; bits++ {
		for _, q := range []byte{0, '"', '\'', '`'} {
			for _, m := range []rune{0, 0x7F, 0xFFFF, 0x10FFFF, 0x110000} {
				for _, p := range []InvalidUTF8Policy{InvalidUTF8Error, InvalidUTF8ReplaceRaw, InvalidUTF8ReplaceRaw + 1} {
					es = append(es, Escaping{QuoteChar: q, MaxUnescaped: m, InvalidUTF8: p,
						EscapeSlash: bits&1 != 0, HTMLSafe: bits&2 != 0, UpperHex: bits&4 != 0,
						JSLineTerminators: bits&8 != 0, SurrogateEscapes: bits&16 != 0})
				}
			}
		}
		es = append(es, Escaping{HTMLSafe: bits&2 != 0, CharacterEscapes: HTMLEscapes})
	}
	for pass := 0; pass < 2; pass++ { // before and after quickSet built the sets
		for _, e := range es {
			// appendQuote's lookup.
			var set *scan.Set
			k := e.quickKey()
			if k != noQuickKey {
				set = e.quickSetOf(k)
			}
			if set == nil {
				set, k = e.quickSlow()
			}
			want := e.quickSet()
			if set != want {
				t.Fatalf("%+v: appendQuote's set %p, quickSet's %p", e, set, want)
			}
			if want != nil && k != optionKeyOf(&e) {
				t.Fatalf("%+v: appendQuote's key %d, want %d", e, k, optionKeyOf(&e))
			}
		}
	}
}
