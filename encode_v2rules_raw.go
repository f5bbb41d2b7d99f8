package jgen

// The v2 rules' checks of MarshalJSON output: the raw values written
// as they are, and the duplicate names refused in them.

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// appendPlainJSON appends val without its whitespace, its strings as v2
// rewrites them (appendReformat, for output with escapes), where
// v2MarshalJSONEncoder accepts it. deep is -1, or the index in val of the
// '{' or '[' that nests past Options.MaxDepth counting the containers
// open around val (s.room), as encoding/json/v2 counts the nesting of
// MarshalJSON output from the root (b is then returned unchanged, ok
// false).
func (s *v2State) appendPlainJSON(b, val []byte) (out []byte, ok bool, deep int) {
	if s.rawEscaping == 0 {
		// Once per value: the comparison of two Escaping structs costs
		// as much as the check of a small MarshalJSON output.
		e := s.esc.escaping
		e.InvalidUTF8, e.HTMLSafe, e.JSLineTerminators = InvalidUTF8Error, false, false
		s.rawEscaping = -1
		if e == Minimal {
			s.rawEscaping = 1
		}
	}
	if s.rawEscaping < 0 {
		return b, false, -1
	}
	html, js := s.esc.escaping.HTMLSafe, s.esc.escaping.JSLineTerminators
	if out, ok := s.appendCompactJSON(b, val); ok && !v2CompactJSONOff {
		return out, true, -1
	}
	if !json.Valid(val) {
		// json.Valid refuses nesting past its own limit of 10000 levels;
		// a refusal of Options.MaxDepth is reported as such.
		return b, false, nestsPast(val, s.room)
	}
	if !utf8.Valid(val) {
		return s.appendReformat(b, val, s.room, nil)
	}
	mark := len(b)
	inStr, objects := false, false
	// Without backslashes (refused below) a '"' always opens or closes a
	// string, so the brackets outside strings are the containers.
	room := s.room
	for i, c := range val {
		switch {
		case c == '\\':
			// A string v2 rewrites.
			return s.appendReformat(b[:mark], val, s.room, nil)
		case c == '"':
			inStr = !inStr
		case inStr:
			if html && (c == '<' || c == '>' || c == '&') ||
				js && c == 0xE2 && i+2 < len(val) && val[i+1] == 0x80 && (val[i+2] == 0xA8 || val[i+2] == 0xA9) {
				return s.appendReformat(b[:mark], val, s.room, nil)
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '{' || c == '[':
			if room--; room < 0 {
				return b[:mark], false, i
			}
			objects = objects || c == '{'
		case c == '}' || c == ']':
			room++
		}
		b = append(b, c)
	}
	if objects && !s.dupNames && hasDuplicateNames(b[mark:]) {
		return b[:mark], false, -1
	}
	return b, true, -1
}

// appendCompactJSON appends val as it is where one read shows that
// appendPlainJSON's slow path would write it unchanged: val is the
// compact form plainRaw takes under the escaping's scan set (which holds
// '"', '\\', the control bytes, the bytes of 0x80 or more and the ASCII
// bytes HTMLSafe rewrites, and passes only the valid UTF-8 sequences the
// escaping leaves, U+2028 and U+2029 not under JSLineTerminators), with
// no backslash, nesting within s.room (and 64), and under
// !AllowDuplicateNames no object with two members of one name. It reports
// false, with b unchanged, for the rest, which the slow path decides.
func (s *v2State) appendCompactJSON(b, val []byte) ([]byte, bool) {
	x := s.esc
	if x.set == nil || x.hook != nil || x.quote != '"' || !compactV2(val, x.set, min(s.room, 64), !s.dupNames) {
		return b, false
	}
	return append(b, val...), true
}

// compactNames is how many member names compactV2 holds at once (those of
// the objects open at one moment), compactObjects how deep it nests
// objects under its duplicate check; output past either is left to the
// slow path.
const (
	compactNames   = 16
	compactObjects = 16
)

// compactV2 reports whether raw is what appendCompactJSON writes as it
// is: plainRaw's form under set and room (at most 64), with no backslash,
// and under dup no object with two members of one name. It is plainRaw's
// read, with the backslash refused in the string loop and the names of
// the open objects kept on a stack (without escapes a name's bytes are
// the name), so that one read decides: v2's MarshalJSON output is most
// often a small object with a few plain names.
func compactV2(raw []byte, set *scan.Set, room int, dup bool) bool {
	var objects uint64 // bit k: the container at depth k is an object
	// names[first[k]:n] are the spans of the names of the object at depth
	// k, each raw[start:end] without its quotes.
	var (
		names [compactNames]struct{ start, end int32 }
		first [compactObjects]int32
		n     int32
	)
	depth := 0
	i := 0
	name := false // a member name and its ':' come first
	for {
		if name {
			if i >= len(raw) || raw[i] != '"' {
				return false
			}
			j := i + 1
			for j < len(raw) && !set.Contains(raw[j]) {
				j++
			}
			if j >= len(raw) || raw[j] != '"' {
				if j = plainNoEscape(raw, j, set); j < 0 {
					return false
				}
				j-- // the closing quote
			}
			if dup {
				nm := raw[i+1 : j]
				for _, o := range names[first[depth-1]:n] {
					if string(raw[o.start:o.end]) == string(nm) {
						return false
					}
				}
				if n == compactNames {
					return false
				}
				names[n].start, names[n].end = int32(i+1), int32(j)
				n++
			}
			i = j + 1
			if i >= len(raw) || raw[i] != ':' {
				return false
			}
			i++
			name = false
		}
		// A value starts at i.
		if i >= len(raw) {
			return false
		}
		switch c := raw[i]; c {
		case '"':
			j := i + 1
			for j < len(raw) && !set.Contains(raw[j]) {
				j++
			}
			if j < len(raw) && raw[j] == '"' {
				i = j + 1
			} else if i = plainNoEscape(raw, j, set); i < 0 {
				return false
			}
		case '{', '[':
			if depth >= room {
				return false
			}
			if i++; i < len(raw) && raw[i] == c+2 { // '}' or ']'
				i++
				break
			}
			if c == '[' {
				objects &^= 1 << depth
				depth++
				continue
			}
			objects |= 1 << depth
			if dup {
				if depth >= compactObjects || len(raw) > 1<<30 {
					return false
				}
				first[depth] = n
			}
			depth++
			name = true
			continue
		case 't', 'f', 'n':
			m := literalLen(raw[i:])
			if m == 0 {
				return false
			}
			i += m
		default:
			m := numberLen(raw[i:])
			if m == 0 {
				return false
			}
			i += m
		}
		// After a value: the end, a separator or the end of containers.
		for {
			if depth == 0 {
				return i == len(raw)
			}
			if i >= len(raw) {
				return false
			}
			c := raw[i]
			inObject := objects>>(depth-1)&1 != 0
			if c == ',' {
				i++
				name = inObject
				break
			}
			if c == '}' && inObject || c == ']' && !inObject {
				i++
				depth--
				if inObject && dup {
					n = first[depth]
				}
				continue
			}
			return false
		}
	}
}

// plainNoEscape is plainString refusing every backslash: the offset in
// raw past the closing quote of the string whose content starts at i, or
// -1.
func plainNoEscape(raw []byte, i int, set *scan.Set) int {
	for i < len(raw) {
		c := raw[i]
		if !set.Contains(c) {
			i++
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c >= utf8.RuneSelf:
			m := set.SeqLen(raw[i:])
			if m == 0 {
				return -1
			}
			i += m
		default:
			return -1 // a backslash or a byte the escaping rewrites
		}
	}
	return -1
}

// v2CompactJSONOff turns appendCompactJSON off in appendPlainJSON, for the
// test that compares the two.
var v2CompactJSONOff bool

// hasDuplicateNames reports whether an object in v, a valid JSON value
// without whitespace or backslash escapes (appendPlainJSON's output),
// has two members of one name: without escapes a name's bytes are the
// name.
func hasDuplicateNames(v []byte) bool {
	_, dup := scanDup(v, 0)
	return dup
}

// scanDup scans the value at v[i:] for hasDuplicateNames; it returns the
// index after the value.
func scanDup(v []byte, i int) (int, bool) {
	switch v[i] {
	case '"':
		return i + 1 + bytes.IndexByte(v[i+1:], '"') + 1, false
	case '[':
		i++
		if v[i] == ']' {
			return i + 1, false
		}
		for {
			var dup bool
			if i, dup = scanDup(v, i); dup {
				return i, true
			}
			if v[i] == ']' {
				return i + 1, false
			}
			i++ // ','
		}
	case '{':
		i++
		if v[i] == '}' {
			return i + 1, false
		}
		var buf [16][]byte // most objects' names, with no allocation
		names := buf[:0]
		for {
			end := i + 1 + bytes.IndexByte(v[i+1:], '"')
			name := v[i+1 : end]
			for _, n := range names {
				if bytes.Equal(n, name) {
					return end, true
				}
			}
			names = append(names, name)
			var dup bool
			if i, dup = scanDup(v, end+2); dup { // after '"' and ':'
				return i, true
			}
			if v[i] == '}' {
				return i + 1, false
			}
			i++ // ','
		}
	}
	// A number or literal: up to the next delimiter.
	for i < len(v) && v[i] != ',' && v[i] != ']' && v[i] != '}' {
		i++
	}
	return i, false
}
