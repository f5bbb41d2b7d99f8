package jgen

import (
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// maxEscapeLen is the length in bytes of the longest escape sequence the
// options write: a code point above U+FFFF as an escaped surrogate pair,
// \uXXXX\uXXXX (RFC 8259 §7).
const maxEscapeLen = 12

// escaper is an Escaping compiled for writing: the scan set, hex digits and
// quote char are chosen here, once per option change, so that the string
// loop has no mode switch.
type escaper struct {
	set   *scan.Set
	hex   *[16]byte
	quote byte
	esc   Escaping
	ce    *CharacterEscapes // == esc.CharacterEscapes
	hook  func([]byte) int  // == ce.hook, or nil
	// maxEsc is the most bytes one escape can write: maxEscapeLen, or a
	// longer sequence of ce.
	maxEsc int
	// tab, when not nil, holds the form of every ASCII byte under the
	// standard options (no CharacterEscapes).
	tab *[128]escCode
	// raw2 is set when every code point from U+0080 to U+07FF (two UTF-8
	// bytes) is written raw, so valid two-byte sequences skip decoding.
	raw2 bool
	// b64 caches whether the escaping changes a symbol of the standard
	// base64 alphabet (see base64Escaped): 0 not known yet, 1 no, 2 yes.
	b64 uint8
}

const (
	lowerHex = "0123456789abcdef"
	upperHex = "0123456789ABCDEF"
)

var (
	hexLower = (*[16]byte)([]byte(lowerHex))
	hexUpper = (*[16]byte)([]byte(upperHex))
)

// compile validates e and fills x. It does not allocate.
func (x *escaper) compile(e Escaping) error {
	if err := e.Validate(); err != nil {
		return err
	}
	x.init(e)
	return nil
}

// init fills x from a valid e.
func (x *escaper) init(e Escaping) {
	key := optionKeyOf(&e)
	*x = escaper{
		set:    &stdSets[key.set()],
		hex:    hexLower,
		quote:  e.quote(),
		esc:    e,
		ce:     e.CharacterEscapes,
		maxEsc: maxEscapeLen,
	}
	if e.UpperHex {
		x.hex = hexUpper
	}
	x.raw2 = e.MaxUnescaped == 0 || e.MaxUnescaped >= 0x7FF
	lead, pass := leadClassOf(&e)
	if ce := e.CharacterEscapes; ce != nil {
		x.set = &ce.sets[key.set()]
		// A hook is promised runs of ASCII bytes, so with one the scan
		// must stop at every non-ASCII byte.
		if pass && ce.hook == nil {
			x.set = ce.utf8[utf8Index(lead, key)].get(func() scan.Set {
				return scan.NewUTF8Set(ce.stopLeads(lead), ce.scanExtra(key.extra())...)
			})
		}
		x.hook = ce.hook
		x.maxEsc = ce.maxSeq
		x.raw2 = x.raw2 && ce.minRune > 0x7FF
	} else {
		if pass {
			x.set = stdUTF8[utf8Index(lead, key)].get(func() scan.Set {
				return scan.NewUTF8Set(stopLeads(lead), key.extra()...)
			})
		}
		x.tab = &stdTabs[key]
	}
}

// quickSet returns the scan set of e when e has no CharacterEscapes and
// takes a set that passes valid UTF-8 through: then a string the set finds
// nothing in is written as it is. Otherwise it returns nil. It returns a
// set only for an e that Validate accepts (TestQuickSetOnlyValid), so its
// callers need not validate.
func (e *Escaping) quickSet() *scan.Set {
	if e.CharacterEscapes != nil || e.InvalidUTF8 > InvalidUTF8ReplaceRaw {
		return nil
	}
	if q := e.QuoteChar; q != 0 && q != '"' && q != '\'' {
		return nil
	}
	lead, pass := leadClassOf(e)
	if !pass || e.MaxUnescaped > utf8.MaxRune {
		return nil
	}
	key := optionKeyOf(e)
	return stdUTF8[utf8Index(lead, key)].get(func() scan.Set {
		return scan.NewUTF8Set(stopLeads(lead), key.extra()...)
	})
}
