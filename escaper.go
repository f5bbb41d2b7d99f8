package jgen

import (
	"encoding/binary"
	"sync/atomic"
	"unicode/utf8"

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
	// b64 caches whether the escaping changes a symbol of the standard
	// base64 alphabet (see base64Escaped): 0 not known yet, 1 no, 2 yes.
	b64 uint8
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
// setIndex: bit 0 escape slash, bit 1 HTML-safe, bit 2 quote char '.
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
	lc, pass := leadClass(&e)
	if ce := e.CharacterEscapes; ce != nil {
		x.set = &ce.sets[i&7]
		// A hook is promised runs of ASCII bytes, so with one the scan
		// must stop at every non-ASCII byte.
		if pass && ce.hook == nil {
			x.set = ce.utf8[lc*8+i&7].get(func() scan.Set {
				return scan.NewUTF8Set(ce.stopLeads(lc), ce.scanExtra(setExtra(i&7))...)
			})
		}
		x.hook = ce.hook
		x.maxEsc = ce.maxSeq
		x.raw2 = x.raw2 && ce.minRune > 0x7FF
	} else {
		if pass {
			x.set = stdUTF8[lc*8+i&7].get(func() scan.Set {
				return scan.NewUTF8Set(stopLeads(lc), setExtra(i&7)...)
			})
		}
		x.tab = &stdTabs[i]
	}
}

// quickSet returns the scan set of e when e is valid, has no
// CharacterEscapes and takes a set that passes valid UTF-8 through: then a
// string the set finds nothing in is written as it is. Otherwise it
// returns nil.
func (e *Escaping) quickSet() *scan.Set {
	if e.CharacterEscapes != nil || e.InvalidUTF8 > InvalidUTF8ReplaceRaw {
		return nil
	}
	if q := e.QuoteChar; q != 0 && q != '"' && q != '\'' {
		return nil
	}
	lc, pass := leadClass(e)
	if !pass || e.MaxUnescaped > utf8.MaxRune {
		return nil
	}
	i := setIndex(e)
	return stdUTF8[lc*8+i].get(func() scan.Set {
		return scan.NewUTF8Set(stopLeads(lc), setExtra(i)...)
	})
}

// Scan sets that pass valid UTF-8 through (scan.NewUTF8Set) are used
// whenever few enough code points above U+007F need escaping that stopping
// at their lead bytes is cheap. There is one per standard option set
// (setIndex) and lead class, built on first use.
const leadClasses = 12

var stdUTF8 [leadClasses * 8]lazySet

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

// leadClass says which UTF-8 lead bytes the non-ASCII options of e make
// the scan stop at, as a number below leadClasses: MaxUnescaped (none,
// U+FFFF or above, U+07FF or above), JSLineTerminators and
// SurrogateEscapes. pass is false when MaxUnescaped is below U+07FF: then
// most non-ASCII text is escaped anyway and the plain sets are as good.
func leadClass(e *Escaping) (class int, pass bool) {
	switch m := e.MaxUnescaped; {
	case m == 0 || m >= utf8.MaxRune:
	case m >= 0xFFFF:
		class = 1
	case m >= 0x7FF:
		class = 2
	default:
		return 0, false
	}
	if e.JSLineTerminators {
		class += 3
	}
	if e.SurrogateEscapes {
		class += 6
	}
	return class, true
}

// stopLeads returns the lead bytes at which the scan must stop for lead
// class c: where a code point they start may need an escape.
func stopLeads(c int) *[256]bool {
	var t [256]bool
	switch c % 3 {
	case 1: // above U+FFFF: four-byte sequences
		for b := 0xF0; b <= 0xF4; b++ {
			t[b] = true
		}
	case 2: // above U+07FF: three- and four-byte sequences
		for b := 0xE0; b <= 0xF4; b++ {
			t[b] = true
		}
	}
	if c%6 >= 3 { // U+2028, U+2029: E2 80 A8, E2 80 A9
		t[0xE2] = true
	}
	if c >= 6 {
		for b := 0xF0; b <= 0xF4; b++ {
			t[b] = true
		}
	}
	return &t
}
