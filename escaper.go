package jgen

import (
	"encoding/binary"

	"github.com/jgen-go/jgen/internal/scan"
)

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
	// maxEsc is the most bytes one escape can write.
	maxEsc int
	// tab, when not nil, holds the form of every ASCII byte under the
	// standard options (no CharacterEscapes).
	tab *[128]escCode
	// raw2 is set when every code point from U+0080 to U+07FF (two UTF-8
	// bytes) is written raw, so valid two-byte sequences skip decoding.
	raw2 bool
}

// escCode is the form of one ASCII byte: the byte itself or its escape
// sequence, at most 6 bytes, held as the little-endian word w of which the
// first n bytes count.
type escCode struct {
	w uint64
	n uint8
}

// stdTabs holds the escCode tables of the standard options, indexed by
// setIndex | 8 for upper-case hex.
var stdTabs = func() (tabs [16][128]escCode) {
	for i := range tabs {
		e := Escaping{EscapeSlash: i&1 != 0, HTMLSafe: i&2 != 0, UpperHex: i&8 != 0}
		if i&4 != 0 {
			e.QuoteChar = '\''
		}
		x := escaper{hex: hexLower, quote: e.quote(), esc: e}
		if e.UpperHex {
			x.hex = hexUpper
		}
		for c := range tabs[i] {
			var w [8]byte
			n := copy(w[:], x.appendASCII(nil, byte(c)))
			tabs[i][c] = escCode{w: binary.LittleEndian.Uint64(w[:]), n: uint8(n)}
		}
	}
	return tabs
}()

const (
	lowerHex = "0123456789abcdef"
	upperHex = "0123456789ABCDEF"
)

var (
	hexLower = (*[16]byte)([]byte(lowerHex))
	hexUpper = (*[16]byte)([]byte(upperHex))
)

// stdSets holds the scan sets of the standard options, indexed by
// setIndex: bit 0 escape slash, bit 1 HTML-safe, bit 2 quote char '\”.
var stdSets = func() (sets [8]scan.Set) {
	for i := range sets {
		sets[i] = scan.NewSet(setExtra(i)...)
	}
	return sets
}()

func setIndex(e *Escaping) int {
	i := 0
	if e.EscapeSlash {
		i |= 1
	}
	if e.HTMLSafe {
		i |= 2
	}
	if e.QuoteChar == '\'' {
		i |= 4
	}
	return i
}

func setExtra(i int) []byte {
	var extra []byte
	if i&1 != 0 {
		extra = append(extra, '/')
	}
	if i&2 != 0 {
		extra = append(extra, '<', '>', '&')
	}
	if i&4 != 0 {
		extra = append(extra, '\'')
	}
	return extra
}

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
	i := setIndex(&e)
	*x = escaper{
		set:    &stdSets[i],
		hex:    hexLower,
		quote:  e.quote(),
		esc:    e,
		ce:     e.CharacterEscapes,
		maxEsc: 12,
	}
	if e.UpperHex {
		x.hex = hexUpper
		i |= 8
	}
	x.raw2 = e.MaxUnescaped == 0 || e.MaxUnescaped >= 0x7FF
	if ce := e.CharacterEscapes; ce != nil {
		x.set = &ce.sets[i&7]
		x.hook = ce.hook
		x.maxEsc = ce.maxSeq
		x.raw2 = x.raw2 && ce.minRune > 0x7FF
	} else {
		x.tab = &stdTabs[i]
	}
}
