package jgen

import (
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// The rule for checked raw values. A raw value is one JSON value (RFC 8259
// §2), with optional whitespace around and inside it, re-encoded into the
// generator as if it had been written token by token with the generator's
// own methods:
//
//   - structure and whitespace follow the layout (the raw whitespace is
//     dropped; separators, line breaks and indentation are the
//     generator's);
//   - numbers and the literals true, false and null are kept verbatim;
//   - in strings (names and values alike) a valid escape sequence is kept
//     verbatim, as encoding/json's Compact keeps it, except a lone
//     surrogate escape; a raw character is written as the current
//     escaping writes it (so a raw 'é' under ASCII escaping becomes
//     \u00e9, and a raw '\'' under QuoteChar '\'' becomes \u0027); the
//     string is quoted with the current quote char;
//   - a byte that is not valid UTF-8 (utf8.DecodeRune's rule, byte by
//     byte) and a lone surrogate escape (\uD800..\uDBFF not followed by an
//     escaped low surrogate, or \uDC00..\uDFFF not preceded by an escaped
//     high surrogate) follow the invalid-UTF-8 policy: the error policy
//     refuses the whole value, the replace policy writes \ufffd (in the
//     escaping's hex case), the replace-raw policy writes U+FFFD as the
//     escaping writes that code point.
//
// The value is checked whole before any byte of it is written, so a
// refused value leaves the output and the state as they were.

// rawSet stops a scan of string content at '"', '\\', a control byte, and
// a byte that does not start a valid UTF-8 sequence.
var rawSet = scan.NewUTF8Set(nil)

// rawIndex returns rawSet.Index(s). Strings in raw values are often a few
// bytes long, where a kernel call costs more than a byte loop, so the
// first bytes are looked at here.
func rawIndex(s []byte) int {
	i := 0
	for n := min(len(s), 16); i < n; {
		c := s[i]
		if c >= utf8.RuneSelf {
			if _, size := utf8.DecodeRune(s[i:]); size > 1 {
				i += size
				continue
			}
			return i
		}
		if c < 0x20 || c == '"' || c == '\\' {
			return i
		}
		i++
	}
	if i >= len(s) {
		return len(s)
	}
	return i + rawSet.Index(s[i:])
}

// writeRaw checks raw by the rule for checked raw values and writes it as
// one value; tok names it in errors ("raw value"). It returns a
// *SyntaxError where a value may not stand, a *ValueError matching
// ErrInvalidValue for a raw value it refuses, or the writer's error.
func (g *Generator) writeRaw(tok string, raw []byte) error {
	if err := g.checkValue(tok); err != nil {
		return err
	}
	if g.emitRawChecked(tok, raw) {
		return nil
	}
	if at, reason, cause := g.checkRaw(raw); reason != "" {
		return &ValueError{Token: tok, Offset: g.out.offset(), Index: int64(at), Reason: reason, Err: ErrInvalidValue, Cause: cause}
	}
	if g.emitRawVerbatim(tok, raw) {
		return nil
	}
	return g.emitRaw(raw)
}

// rawVerbatimOff turns emitRawVerbatim off, for the test that compares it
// with emitRaw; set only while no value is being written.
var rawVerbatimOff bool

// emitRawVerbatim writes raw, a value checkRaw has accepted, by the rule
// for checked raw values where that rule changes nothing but whitespace,
// and reports true; otherwise it writes nothing and reports false, for
// emitRaw. That is the case in append mode and the Compact layout, with
// '"' as the quote char and no CharacterEscapes hook, when every string
// of raw holds only bytes the escaping writes as themselves (the vector
// kernel of the string fast path tells them) and valid escape sequences
// other than \u ones of surrogates: then the rule's output is raw with
// the whitespace between tokens dropped, which this copies in one pass.
func (g *Generator) emitRawVerbatim(tok string, raw []byte) bool {
	x := &g.esc
	if g.out.w != nil || !g.state.compact || x.quote != '"' || x.hook != nil || g.err != nil || rawVerbatimOff {
		return false
	}
	mark, err := g.beginValue(tok, len(raw))
	if err != nil {
		return false // not in append mode's Compact layout, where it cannot fail
	}
	d := g.out.buf[:cap(g.out.buf)]
	o := len(g.out.buf)
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '"' {
			if c > ' ' {
				d[o] = c
				o++
			}
			i++ // whitespace between tokens is dropped, as emitRaw drops it
			continue
		}
		d[o] = '"'
		o++
		i++
		for {
			// checkRaw has seen the string end, so raw[i] exists.
			n := x.set.Copy(d[o:], raw[i:])
			o += n
			i += n
			if c = raw[i]; c == '"' {
				d[o] = '"'
				o++
				i++
				break
			}
			if c != '\\' {
				g.out.buf = g.out.buf[:mark]
				return false // a byte the escaping rewrites
			}
			l := 2
			if raw[i+1] == 'u' {
				if r, _ := hex4(raw[i+2:]); r >= 0xD800 && r <= 0xDFFF {
					g.out.buf = g.out.buf[:mark]
					return false // a surrogate: the rule checks its pairing
				}
				l = 6
			}
			copy(d[o:], raw[i:i+l])
			o += l
			i += l
		}
	}
	g.out.buf = d[:o]
	_ = g.valueDone() // append mode: cannot fail
	return true
}

// rawCheckedOff turns emitRawChecked off, for the test that compares it
// with the two-pass path; set only while no value is being written.
var rawCheckedOff bool

// emitRawChecked is checkRaw and emitRawVerbatim in one pass, for the
// values emitRawVerbatim writes: it checks raw and copies it with the
// whitespace between tokens dropped, and reports true when it has written
// the value. Where the value is not one that pass both accepts and writes
// (any fault checkRaw would report, nesting deeper than 64 levels or than
// Options.MaxDepth allows, a byte the escaping rewrites, a \u escape of a
// surrogate, or a layout emitRawVerbatim does not serve) it writes nothing
// and reports false, and writeRaw takes the two-pass path, which reports
// the fault. So what it accepts is a subset of what checkRaw accepts, and
// its output is emitRawVerbatim's; it saves the second walk of raw.
func (g *Generator) emitRawChecked(tok string, raw []byte) bool {
	x := &g.esc
	if g.out.w != nil || !g.state.compact || x.quote != '"' || x.hook != nil || g.err != nil || rawVerbatimOff || rawCheckedOff {
		return false
	}
	room := min(g.state.maxDepth-len(g.state.stack), 64)
	mark, err := g.beginValue(tok, len(raw))
	if err != nil {
		return false // not in append mode's Compact layout, where it cannot fail
	}
	d := g.out.buf[:cap(g.out.buf)]
	o := len(g.out.buf)
	if plainRaw(raw, x.set, room) {
		// Written as it is: one read to check, one memmove to copy.
		g.out.buf = d[:o+copy(d[o:], raw)]
		_ = g.valueDone() // append mode: cannot fail
		return true
	}
	var objects uint64 // bit k: the container at depth k is an object
	depth := 0
	i := 0
	const (
		wantValue = iota
		wantName
		afterValue
	)
	want := wantValue
	for {
		if i < len(raw) && raw[i] <= ' ' {
			i = skipSpace(raw, i)
		}
		if want == afterValue {
			if depth == 0 {
				if i != len(raw) {
					break // data after the value
				}
				g.out.buf = d[:o]
				_ = g.valueDone() // append mode: cannot fail
				return true
			}
			if i >= len(raw) {
				break
			}
			c := raw[i]
			inObject := objects>>(depth-1)&1 != 0
			if c == ',' {
				d[o] = ','
				o++
				i++
				want = wantValue
				if inObject {
					want = wantName
				}
				continue
			}
			if (c == '}' && inObject) || (c == ']' && !inObject) {
				d[o] = c
				o++
				i++
				depth--
				continue
			}
			break
		}
		if i >= len(raw) {
			break
		}
		c := raw[i]
		if want == wantName && c != '"' {
			break
		}
		switch c {
		case '{', '[':
			if depth >= room {
				break
			}
			d[o] = c
			o++
			if i++; i < len(raw) && raw[i] <= ' ' {
				i = skipSpace(raw, i)
			}
			if c == '{' {
				objects |= 1 << depth
			} else {
				objects &^= 1 << depth
			}
			depth++
			if i < len(raw) && raw[i] == c+2 { // '}' or ']'
				d[o] = c + 2
				o++
				i++
				depth--
				want = afterValue
			} else if c == '{' {
				want = wantName
			} else {
				want = wantValue
			}
			continue
		case '"':
			d[o] = '"'
			o++
			i++
			// Strings in raw values are often a few ASCII bytes, where a
			// kernel call costs more than a byte loop: the first bytes
			// the escaping keeps are copied here (Contains is true for
			// every byte >= 0x80, which Copy then looks at).
			for n := min(len(raw), i+16); i < n && !x.set.Contains(raw[i]); i++ {
				d[o] = raw[i]
				o++
			}
			for i < len(raw) {
				if c = raw[i]; c == '"' {
					break
				}
				if c == '\\' {
					// A valid escape other than one of a surrogate is
					// kept verbatim (maxEscapeLen is a surrogate pair).
					n, lone := escapeLen(raw[i:])
					if n == 0 || lone || n == maxEscapeLen {
						break
					}
					copy(d[o:], raw[i:i+n])
					o += n
					i += n
					continue
				}
				n := x.set.Copy(d[o:], raw[i:])
				if n == 0 {
					break // a byte the escaping rewrites
				}
				o += n
				i += n
			}
			if i >= len(raw) || raw[i] != '"' {
				break // unterminated, or a byte the two-pass path looks at
			}
			d[o] = '"'
			o++
			i++
			if want == wantName {
				if i < len(raw) && raw[i] <= ' ' {
					i = skipSpace(raw, i)
				}
				if i >= len(raw) || raw[i] != ':' {
					break
				}
				d[o] = ':'
				o++
				i++
				want = wantValue
				continue
			}
			want = afterValue
			continue
		case 't', 'f', 'n':
			n := literalLen(raw[i:])
			if n == 0 {
				break
			}
			o += copy(d[o:], raw[i:i+n])
			i += n
			want = afterValue
			continue
		default:
			n := numberLen(raw[i:])
			if n == 0 {
				break
			}
			o += copy(d[o:], raw[i:i+n])
			i += n
			want = afterValue
			continue
		}
		break
	}
	g.out.buf = g.out.buf[:mark]
	return false
}

// checkRaw validates raw as one JSON value that the generator can write
// at its current position: grammar (RFC 8259 §2-§7), nesting within
// Options.MaxDepth counting the open containers, and, under the
// InvalidUTF8Error policy, UTF-8 and surrogate escapes. It returns "" as
// reason for a valid value, otherwise the byte offset of the fault in raw,
// what is wrong, and the sentinel of the rule that refused it (nil for a
// grammar fault).
func (g *Generator) checkRaw(raw []byte) (at int, reason string, cause error) {
	strict := g.esc.escaping.InvalidUTF8 == InvalidUTF8Error
	room := g.state.maxDepth - len(g.state.stack)
	var small [4]uint64
	open := rawNesting{objects: small[:0]}
	i := skipSpace(raw, 0)
	for {
		// A value starts at i.
		if i >= len(raw) {
			return i, "unexpected end of input, a value is expected", nil
		}
		switch c := raw[i]; c {
		case '{', '[':
			if open.depth >= room {
				return i, "nesting deeper than Options.MaxDepth", ErrMaxDepth
			}
			open = open.push(c == '{')
			var empty bool
			if i, empty, at, reason, cause = checkOpen(raw, i, &open, strict); reason != "" {
				return at, reason, cause
			}
			if !empty {
				continue
			}
		case '"':
			if i, at, reason, cause = checkString(raw, i, strict); reason != "" {
				return at, reason, cause
			}
		case 't', 'f', 'n':
			n := literalLen(raw[i:])
			if n == 0 {
				return i, "invalid literal", nil
			}
			i += n
		default:
			n := numberLen(raw[i:])
			if n == 0 {
				return i, "invalid character, a value is expected", nil
			}
			i += n
		}
		var done bool
		if i, done, at, reason, cause = checkAfterValue(raw, i, &open, strict); done || reason != "" {
			return at, reason, cause
		}
	}
}

// rawNesting is the stack of the containers open in a raw value that
// checkRaw walks: one bit per container, innermost last, 1 for an object.
// Four words on checkRaw's stack hold 256 levels before it allocates.
type rawNesting struct {
	objects []uint64
	depth   int
}

// push returns s with one more open container, an object if object is
// set. (A value receiver: an append through a pointer would move
// checkRaw's first words to the heap.)
func (s rawNesting) push(object bool) rawNesting {
	if s.depth%64 == 0 {
		s.objects = append(s.objects, 0)
	}
	if object {
		s.objects[s.depth/64] |= 1 << (s.depth % 64)
	} else {
		s.objects[s.depth/64] &^= 1 << (s.depth % 64)
	}
	s.depth++
	return s
}

// inObject reports whether the innermost open container is an object;
// depth must be above 0.
func (s *rawNesting) inObject() bool {
	d := s.depth - 1
	return s.objects[d/64]>>(d%64)&1 != 0
}

// checkOpen checks the start of the container whose '{' or '[' is raw[i],
// already pushed on open, up to its first value: it returns the index of
// that value, or, for an empty container (popped again), the index after
// its end, with empty set.
func checkOpen(raw []byte, i int, open *rawNesting, strict bool) (next int, empty bool, at int, reason string, cause error) {
	object := raw[i] == '{'
	i = skipSpace(raw, i+1)
	end := byte(']')
	if object {
		end = '}'
	}
	if i < len(raw) && raw[i] == end {
		open.depth--
		return i + 1, true, 0, "", nil
	}
	if object {
		i, at, reason, cause = checkMember(raw, i, strict)
	}
	return i, false, at, reason, cause
}

// checkAfterValue checks what follows a value that ends at i: separators
// (and the member names after them) and the ends of the containers it
// closes. It returns the index of the next value, or done at the end of
// the input after the root value.
func checkAfterValue(raw []byte, i int, open *rawNesting, strict bool) (next int, done bool, at int, reason string, cause error) {
	for {
		i = skipSpace(raw, i)
		if open.depth == 0 {
			if i != len(raw) {
				return i, true, i, "data after the value", nil
			}
			return i, true, 0, "", nil
		}
		if i >= len(raw) {
			return i, true, i, "unexpected end of input in a container", nil
		}
		inObject := open.inObject()
		c := raw[i]
		if c == ',' {
			i = skipSpace(raw, i+1)
			if inObject {
				i, at, reason, cause = checkMember(raw, i, strict)
			}
			return i, false, at, reason, cause
		}
		if (c == '}' && inObject) || (c == ']' && !inObject) {
			i++
			open.depth--
			continue
		}
		return i, true, i, "invalid character after a value", nil
	}
}

// checkMember checks a name and the ':' after it, from i, and returns the
// index of the member's value.
func checkMember(raw []byte, i int, strict bool) (int, int, string, error) {
	if i >= len(raw) || raw[i] != '"' {
		return i, i, "a name is expected", nil
	}
	i, at, reason, cause := checkString(raw, i, strict)
	if reason != "" {
		return i, at, reason, cause
	}
	i = skipSpace(raw, i)
	if i >= len(raw) || raw[i] != ':' {
		return i, i, "':' is expected after a name", nil
	}
	return skipSpace(raw, i+1), 0, "", nil
}

// checkString checks the string whose opening quote is raw[i] and returns
// the index after its closing quote.
func checkString(raw []byte, i int, strict bool) (int, int, string, error) {
	i++
	for {
		i += rawIndex(raw[i:])
		if i >= len(raw) {
			return i, i, "unterminated string", nil
		}
		switch c := raw[i]; {
		case c == '"':
			return i + 1, 0, "", nil
		case c == '\\':
			n, lone := escapeLen(raw[i:])
			if n == 0 {
				return i, i, "invalid escape sequence", nil
			}
			if lone && strict {
				return i, i, "lone surrogate escape", ErrInvalidUTF8
			}
			i += n
		case c < 0x20:
			return i, i, "control character in a string", nil
		default: // a byte that is not valid UTF-8
			if strict {
				return i, i, "invalid UTF-8 in a string", ErrInvalidUTF8
			}
			i++
		}
	}
}

// escapeLen returns the length of the escape sequence at the start of s
// (s[0] is '\\'), 0 if it is not valid (RFC 8259 §7), and whether it is a
// lone surrogate escape. An escaped surrogate pair is one sequence of
// maxEscapeLen bytes, \uXXXX\uXXXX.
func escapeLen(s []byte) (n int, lone bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, false
	case 'u':
	default:
		return 0, false
	}
	u, ok := hex4(s[2:])
	if !ok {
		return 0, false
	}
	switch {
	case u < 0xD800 || u > 0xDFFF:
		return 6, false
	case u >= 0xDC00:
		return 6, true
	}
	if len(s) >= maxEscapeLen && s[6] == '\\' && s[7] == 'u' {
		if v, ok := hex4(s[8:]); ok && v >= 0xDC00 && v <= 0xDFFF {
			return maxEscapeLen, false
		}
	}
	return 6, true
}

// hex4 decodes the four hex digits at the start of s.
func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var u rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		u = u<<4 | rune(c)
	}
	return u, true
}

// skipSpace returns the index of the first byte of raw from i on that is
// not JSON whitespace (RFC 8259 §2).
func skipSpace(raw []byte, i int) int {
	for i < len(raw) {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// literalLen returns the length of the literal true, false or null at the
// start of s, or 0.
func literalLen(s []byte) int {
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(s) >= len(lit) && string(s[:len(lit)]) == lit {
			return len(lit)
		}
	}
	return 0
}

// emitRaw writes raw, which checkRaw accepted, token by token through the
// generator's own paths, so that prefixes, separators and layout are
// exactly those of the Write methods. Its only errors are the writer's.
func (g *Generator) emitRaw(raw []byte) error {
	for i := 0; i < len(raw); {
		var err error
		switch c := raw[i]; c {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		case '{':
			err = g.writeStart(inObject, '{', "start of object")
			i++
		case '[':
			err = g.writeStart(inArray, '[', "start of array")
			i++
		case '}':
			err = g.writeEnd(inObject, '}', "end of object")
			i++
		case ']':
			err = g.writeEnd(inArray, ']', "end of array")
			i++
		case '"':
			i, err = g.emitString(raw, i)
		case 't':
			err = g.writeLiteral("true", "true")
			i += 4
		case 'f':
			err = g.writeLiteral("false", "false")
			i += 5
		case 'n':
			err = g.writeLiteral("null", "null")
			i += 4
		default:
			n := numberLen(raw[i:])
			if _, err = g.beginValue("number", 0); err == nil {
				if err = g.appendRaw(raw[i : i+n]); err == nil {
					err = g.valueDone()
				}
			}
			i += n
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// emitString writes the string whose opening quote is raw[i], as a name
// where the state expects one and as a value elsewhere, and returns the
// index after its closing quote.
func (g *Generator) emitString(raw []byte, i int) (int, error) {
	isName := g.state.canName()
	if isName {
		if err := g.beginName(); err != nil {
			return i, err
		}
		g.out.buf = g.appendPrefix(g.out.buf, true)
	} else if _, err := g.beginValue("string value", 2); err != nil {
		return i, err
	}
	out := &g.out
	out.buf = append(out.buf, g.esc.quote)
	i++
	start := i
	// Most names and many values are a few ASCII bytes that the escaping
	// writes as they are: a byte loop finds that, and one copy writes them.
	// (With a hook, the set does not hold every byte the escaping changes.)
	if g.esc.hook == nil {
		set := g.esc.set
		for n := min(len(raw), i+32); i < n && !set.Contains(raw[i]); {
			i++
		}
		if raw[i] == '"' {
			if err := out.room(i - start); err != nil {
				return i, g.fail(err)
			}
			out.buf = append(out.buf, raw[start:i]...)
			return g.endString(i, isName)
		}
		i = start
	}
	str := strState{checked: true} // checkRaw has checked the UTF-8
	for {
		i += rawIndex(raw[i:])
		c := raw[i]
		if c != '"' && c != '\\' {
			i++ // an invalid byte, left to the escaper's policy
			continue
		}
		if i > start {
			if err := g.esc.writeContent(out, raw[start:i], &str); err != nil {
				return i, g.fail(err)
			}
		}
		if c == '"' {
			break
		}
		n, lone := escapeLen(raw[i:])
		if err := out.room(max(n, g.esc.maxEsc)); err != nil {
			return i, g.fail(err)
		}
		switch {
		case !lone:
			out.buf = append(out.buf, raw[i:i+n]...)
		case g.esc.escaping.InvalidUTF8 == InvalidUTF8Replace:
			out.buf = g.esc.appendU(out.buf, utf8.RuneError)
		default: // InvalidUTF8ReplaceRaw (checkRaw refuses a lone escape under InvalidUTF8Error)
			out.buf = g.esc.appendRune(out.buf, utf8.RuneError, replacementUTF8)
		}
		i += n
		start = i
	}
	return g.endString(i, isName)
}

// endString writes the closing quote of a string whose closing quote in
// the raw value is at i, records it in the state and returns i+1.
func (g *Generator) endString(i int, isName bool) (int, error) {
	if err := g.out.room(1); err != nil {
		return i, g.fail(err)
	}
	g.out.buf = append(g.out.buf, g.esc.quote)
	if isName {
		g.state.nameDone()
		return i + 1, nil
	}
	return i + 1, g.valueDone()
}
