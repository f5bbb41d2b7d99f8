package jgen

import (
	"math"
	"strconv"

	"github.com/jgen-go/jgen/internal/ftoa"
)

// WriteInt writes v in decimal. It returns a [*SyntaxError] where a value
// may not stand.
func (g *Generator) WriteInt(v int64) error {
	if _, err := g.beginValue("number", 20); err != nil {
		return g.note(err)
	}
	g.out.buf = strconv.AppendInt(g.out.buf, v, 10)
	return g.note(g.valueDone())
}

// WriteUint writes v in decimal. It returns a [*SyntaxError] where a value
// may not stand.
func (g *Generator) WriteUint(v uint64) error {
	if _, err := g.beginValue("number", 20); err != nil {
		return g.note(err)
	}
	g.out.buf = strconv.AppendUint(g.out.buf, v, 10)
	return g.note(g.valueDone())
}

// WriteFloat writes v in the shortest form that parses back to the same
// float64, formatted as encoding/json does: no exponent from 1e-6 up to
// below 1e21 (0.000001, 100000000000000000000), otherwise an exponent
// with sign and no leading zero (1e-7, 1e+21); -0 as -0.
//
// NaN and ±Inf follow Options.NonFinite; under NonFiniteError (the
// default) WriteFloat returns a [*ValueError] matching [ErrNonFinite] and
// writes nothing. It returns a [*SyntaxError] where a value may not stand.
func (g *Generator) WriteFloat(v float64) error {
	return g.note(g.writeFloat(v, 64))
}

// WriteFloat32 is WriteFloat for a float32: the shortest form that parses
// back to the same float32 (so float32(0.1) is written 0.1).
func (g *Generator) WriteFloat32(v float32) error {
	return g.note(g.writeFloat(float64(v), 32))
}

func (g *Generator) writeFloat(v float64, bits int) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return g.writeNonFinite(v)
	}
	if _, err := g.beginValue("number", 32); err != nil {
		return err
	}
	g.out.buf = appendFloat(g.out.buf, v, bits)
	return g.valueDone()
}

func (g *Generator) writeNonFinite(v float64) error {
	if err := g.checkValue("number"); err != nil {
		return err
	}
	switch g.opts.NonFinite {
	case NonFiniteString:
		s := "NaN"
		if math.IsInf(v, 1) {
			s = "Infinity"
		} else if math.IsInf(v, -1) {
			s = "-Infinity"
		}
		return g.WriteString(s)
	case NonFiniteNull:
		return g.WriteNull()
	}
	return nonFiniteErr(v, g.out.offset())
}

// appendFloat formats a finite v like encoding/json: the shortest
// decimal that parses back to v at its width (bits 32: v holds a
// float32), without exponent inside [1e-6, 1e21) and with one outside,
// written without the exponent's leading zero (1e-7). internal/ftoa
// writes it; its tests hold it to strconv's digits byte for byte.
func appendFloat(b []byte, v float64, bits int) []byte {
	if bits == 32 {
		return ftoa.AppendJSON32(b, float32(v))
	}
	return ftoa.AppendJSON64(b, v)
}

// WriteNumber writes text as a number, verbatim, after checking it against
// the number grammar of RFC 8259 §6 (for instance "-0", "1.50", "2e-3";
// not "01", "+1", ".5", "NaN" or " 1"). It returns a [*ValueError] matching
// [ErrInvalidNumber] for text outside the grammar, and a [*SyntaxError] where a
// value may not stand; in both cases nothing is written.
func (g *Generator) WriteNumber(text string) error {
	return g.note(g.writeNumber(text))
}

func (g *Generator) writeNumber(text string) error {
	if err := g.checkValue("number"); err != nil {
		return err
	}
	if !validNumber(text) {
		return numberErr(text, g.out.offset())
	}
	if _, err := g.beginValue("number", 0); err != nil {
		return err
	}
	if err := g.appendRaw(stringBytes(text)); err != nil {
		return err
	}
	return g.valueDone()
}

// validNumber reports whether s matches RFC 8259 §6:
// [ minus ] int [ frac ] [ exp ].
func validNumber(s string) bool {
	return len(s) > 0 && numberLen(stringBytes(s)) == len(s)
}

// numberLen returns the length of the number (RFC 8259 §6) at the start of
// s, or 0 if none starts there. The number ends at the first byte that
// cannot continue it; whether that byte may follow a value is the
// caller's concern.
func numberLen(s []byte) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digits(s, i+1)
	default:
		return 0
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			return 0
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return 0
		}
		i = j
	}
	return i
}

func digits(s []byte, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}
