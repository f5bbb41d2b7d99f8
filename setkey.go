package jgen

import (
	"encoding/binary"
	"sync/atomic"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// This file holds the keys under which the escaper finds its precomputed
// scan sets and escape tables, and the tables themselves.
//
// Where the next escaping option goes: an option that only adds ASCII bytes
// to escape gets the next optionKey bit, declared before keyUpperHex (its
// bytes in optionKey.extra, its field in setKeyOf and optionKey.escaping;
// the sets and tables double). One that makes the scan stop at more UTF-8
// lead bytes gets a factor of leadClass (its lead bytes in stopLeads). An
// option that needs neither (a change of form the loop makes out of line)
// needs no key at all.

// optionKey is the standard options of an Escaping as bits: the options
// that choose the scan set (the bits below keyUpperHex) and the ASCII
// escape table (all bits). CharacterEscapes and the non-ASCII options are
// not in it; leadClass holds the latter.
type optionKey uint8

const (
	// keySlash is EscapeSlash: '/' is escaped (as \/).
	keySlash optionKey = 1 << iota
	// keyHTML is HTMLSafe: '<', '>' and '&' are escaped.
	keyHTML
	// keyApostrophe is QuoteChar '\'': the apostrophe is escaped.
	keyApostrophe
	// keyUpperHex is UpperHex: it changes the form of \u escapes, not
	// which bytes are escaped, so it chooses a table but not a set.
	keyUpperHex

	// setKeys is the number of keys that choose a scan set.
	setKeys = int(keyUpperHex)
	// tableKeys is the number of keys that choose an ASCII escape table.
	tableKeys = 2 * int(keyUpperHex)
)

// optionKeyOf returns the key of e's standard options.
func optionKeyOf(e *Escaping) optionKey {
	k := setKeyOf(e)
	if e.UpperHex {
		k |= keyUpperHex
	}
	return k
}

// setKeyOf returns the key of e's options that choose a scan set:
// optionKeyOf without keyUpperHex, one test fewer.
func setKeyOf(e *Escaping) optionKey {
	var k optionKey
	if e.EscapeSlash {
		k |= keySlash
	}
	if e.HTMLSafe {
		k |= keyHTML
	}
	if e.QuoteChar == '\'' {
		k |= keyApostrophe
	}
	return k
}

// set returns the part of k that chooses a scan set, a number below
// setKeys.
func (k optionKey) set() int { return int(k &^ keyUpperHex) }

// escaping returns the Escaping with exactly the options of k.
func (k optionKey) escaping() Escaping {
	e := Escaping{EscapeSlash: k&keySlash != 0, HTMLSafe: k&keyHTML != 0, UpperHex: k&keyUpperHex != 0}
	if k&keyApostrophe != 0 {
		e.QuoteChar = '\''
	}
	return e
}

// extra returns the ASCII bytes the options of k add to the bytes every
// scan set holds.
func (k optionKey) extra() []byte {
	var extra []byte
	if k&keySlash != 0 {
		extra = append(extra, '/')
	}
	if k&keyHTML != 0 {
		extra = append(extra, '<', '>', '&')
	}
	if k&keyApostrophe != 0 {
		extra = append(extra, '\'')
	}
	return extra
}

// escCode is the form of one ASCII byte: the byte itself or its escape
// sequence, at most 8 bytes (6 under the options of the presets), held as
// the little-endian word W of which the first N bytes count; the rest of W
// is zeros. It is the kernels' entry type, so that a table goes to
// scan.Set.Escape as it is.
type escCode = scan.Escape

// stdTabs holds the ASCII escape table of each optionKey.
var stdTabs = func() (tabs [tableKeys][128]escCode) {
	for k := range tabs {
		fillTable(&tabs[k], optionKey(k), nil)
	}
	return tabs
}()

// fillTable fills t with the form of every ASCII byte under the options
// of k and the custom table ce (nil for none), as escaper.appendASCII
// writes it. Every form must fit in 8 bytes (CharacterEscapes.tableOK).
func fillTable(t *[128]escCode, k optionKey, ce *CharacterEscapes) {
	e := k.escaping()
	e.CharacterEscapes = ce
	x := escaper{hex: hexLower, quote: e.quote(), escaping: e, charEscapes: ce}
	if e.UpperHex {
		x.hex = hexUpper
	}
	for c := range t {
		var w [8]byte
		n := copy(w[:], x.appendASCII(nil, byte(c)))
		t[c] = escCode{W: binary.LittleEndian.Uint64(w[:]), N: uint8(n)}
	}
}

// lazyTable is an ASCII escape table built on first use, like lazySet.
type lazyTable struct{ p atomic.Pointer[[128]escCode] }

func (l *lazyTable) get(k optionKey, ce *CharacterEscapes) *[128]escCode {
	if t := l.p.Load(); t != nil {
		return t
	}
	t := new([128]escCode)
	fillTable(t, k, ce)
	l.p.Store(t)
	return t
}

// stdSets holds the scan set of each optionKey.set().
var stdSets = func() (sets [setKeys]scan.Set) {
	for k := range sets {
		sets[k] = scan.NewSet(optionKey(k).extra()...)
	}
	return sets
}()

// Scan sets that pass valid UTF-8 through (scan.NewUTF8Set) are used
// whenever few enough code points above U+007F need escaping that stopping
// at their lead bytes is cheap. There is one per lead class and option key
// (utf8Index), built on first use.
var stdUTF8 [utf8Sets]lazySet

// utf8Sets is the number of scan sets that pass valid UTF-8 through, for
// the standard options or for one CharacterEscapes.
const utf8Sets = int(leadClasses) * setKeys

// utf8Index returns the index in stdUTF8 (or CharacterEscapes.utf8) of the
// set for lead class c and option key k.
func utf8Index(c leadClass, k optionKey) int { return int(c)*setKeys + k.set() }

// lazySet is a scan set built on first use; concurrent first uses may
// both build it, which is harmless.
type lazySet struct{ p atomic.Pointer[scan.Set] }

func (l *lazySet) get(build func() scan.Set) *scan.Set {
	if s := l.p.Load(); s != nil {
		return s
	}
	s := build()
	l.p.Store(&s)
	return &s
}

// stdUTF8Set returns the UTF-8 scan set of the standard options for lead
// class c and key k. It inlines to one load once the set is built, with
// no closure to make: the quote functions call it per string.
func stdUTF8Set(c leadClass, k optionKey) *scan.Set {
	if s := stdUTF8[utf8Index(c, k)].p.Load(); s != nil {
		return s
	}
	return buildStdUTF8(c, k)
}

func buildStdUTF8(c leadClass, k optionKey) *scan.Set {
	return stdUTF8[utf8Index(c, k)].get(func() scan.Set {
		return scan.NewUTF8SetFunc(stopLeads(c), c.runeTest(), k.extra()...)
	})
}

// leadClass says which UTF-8 lead bytes the non-ASCII options of an
// Escaping make the scan stop at. It is a mixed-radix number below
// leadClasses: the MaxUnescaped limit (leadNoLimit, leadAbove4Byte or
// leadAbove2Byte, radix leadLimits) plus leadLineTerms for
// JSLineTerminators plus leadSurrogates for SurrogateEscapes.
type leadClass uint8

const (
	// leadNoLimit: MaxUnescaped is 0 or U+10FFFF, no code point is above it.
	leadNoLimit leadClass = 0
	// leadAbove4Byte: MaxUnescaped is U+FFFF or above; code points above
	// it are four-byte sequences.
	leadAbove4Byte leadClass = 1
	// leadAbove2Byte: MaxUnescaped is U+07FF or above; code points above
	// it are three- or four-byte sequences.
	leadAbove2Byte leadClass = 2
	// leadLimits is the number of MaxUnescaped limits, the radix of the
	// lowest digit.
	leadLimits leadClass = 3

	// leadLineTerms is added for JSLineTerminators (U+2028, U+2029).
	leadLineTerms = leadLimits
	// leadSurrogates is added for SurrogateEscapes (above U+FFFF).
	leadSurrogates = 2 * leadLineTerms
	// leadClasses is the number of lead classes.
	leadClasses = 2 * leadSurrogates
)

// leadClassOf returns the lead class of e. pass is false when MaxUnescaped
// is below U+07FF: then most non-ASCII text is escaped anyway and the sets
// that stop at every non-ASCII byte are as good.
func leadClassOf(e *Escaping) (c leadClass, pass bool) {
	switch m := e.MaxUnescaped; {
	case m == 0 || m >= utf8.MaxRune:
		c = leadNoLimit
	case m >= 0xFFFF:
		c = leadAbove4Byte
	case m >= 0x7FF:
		c = leadAbove2Byte
	default:
		return 0, false
	}
	if e.JSLineTerminators {
		c += leadLineTerms
	}
	if e.SurrogateEscapes {
		c += leadSurrogates
	}
	return c, true
}

// limit returns the MaxUnescaped digit of c.
func (c leadClass) limit() leadClass { return c % leadLimits }

// lineTerms reports whether c escapes U+2028 and U+2029.
func (c leadClass) lineTerms() bool { return c%leadSurrogates >= leadLineTerms }

// surrogates reports whether c escapes every code point above U+FFFF.
func (c leadClass) surrogates() bool { return c >= leadSurrogates }

// stopLeads returns the lead bytes at which the scan must stop for lead
// class c: where a code point they start may need an escape.
func stopLeads(c leadClass) *[256]bool {
	var t [256]bool
	switch c.limit() {
	case leadAbove4Byte:
		for b := 0xF0; b <= 0xF4; b++ {
			t[b] = true
		}
	case leadAbove2Byte:
		for b := 0xE0; b <= 0xF4; b++ {
			t[b] = true
		}
	}
	if c.lineTerms() { // U+2028, U+2029: E2 80 A8, E2 80 A9
		t[0xE2] = true
	}
	if c.surrogates() {
		for b := 0xF0; b <= 0xF4; b++ {
			t[b] = true
		}
	}
	return &t
}

// runeTest returns the rune test of the UTF-8 sets of lead class c
// (scan.NewUTF8SetFunc): nil when every code point of the lead bytes
// stopLeads lists is escaped, else a function that agrees with c.escapes
// on them. Only JSLineTerminators lists a lead byte most of whose code
// points are raw: E2, which starts U+2000..U+2FFF (U+2026, U+2605 and the
// like), of which only U+2028 and U+2029 are escaped; under a MaxUnescaped
// of U+07FF or more but below U+FFFF every code point of E2 is escaped.
func (c leadClass) runeTest() func(rune) bool {
	switch {
	case !c.lineTerms() || c.limit() == leadAbove2Byte:
		return nil
	case c.surrogates() || c.limit() == leadAbove4Byte:
		return lineTermOrAstral
	}
	return lineTerm
}

// lineTerm and lineTermOrAstral are leadClass.escapes for the classes of
// runeTest, as plain functions: a method value costs the scan a wrapper
// call per test.
func lineTerm(r rune) bool { return r == '\u2028' || r == '\u2029' }

func lineTermOrAstral(r rune) bool { return r == '\u2028' || r == '\u2029' || r > 0xFFFF }

// escapes reports whether a code point r >= U+0080 may be escaped under
// lead class c: true for every code point above the class's MaxUnescaped
// limit (the limit of the class, below the Escaping's own), for U+2028
// and U+2029 under JSLineTerminators, and above U+FFFF under
// SurrogateEscapes.
func (c leadClass) escapes(r rune) bool {
	switch c.limit() {
	case leadAbove4Byte:
		if r > 0xFFFF {
			return true
		}
	case leadAbove2Byte:
		if r > 0x7FF {
			return true
		}
	}
	if c.lineTerms() && (r == '\u2028' || r == '\u2029') {
		return true
	}
	return c.surrogates() && r > 0xFFFF
}
