package jgen

import (
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
}

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
	}
	if ce := e.CharacterEscapes; ce != nil {
		x.set = &ce.sets[i]
		x.hook = ce.hook
		x.maxEsc = ce.maxSeq
	}
	return nil
}
