package jgen

import (
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// plainRaw reports whether raw is a raw value that the rule for checked
// raw values (rawvalue.go) writes byte for byte as it is, under an
// escaping whose scan set is set and whose quote char is '"', with room
// containers (at most 64) still allowed to open: one JSON value with no
// whitespace at all, whose strings hold only bytes set passes, valid
// UTF-8 sequences set.SeqLen passes, and valid escape sequences other
// than \u escapes of surrogates. That is the shape of what most
// MarshalJSON methods return (encoding/json's Compact output, or bytes
// appended by hand), so the check is one read of raw with no write and
// no state per token beyond the open containers, and the caller copies
// raw with one memmove. Where it reports false the value may still be
// valid: the caller takes emitRawChecked or the two-pass path, which
// decide.
func plainRaw(raw []byte, set *scan.Set, room int) bool {
	var objects uint64 // bit k: the container at depth k is an object
	depth := 0
	i := 0
	name := false // a member name and its ':' come first
	for {
		if name {
			// A member name, as a string value below, then ':'. Here
			// rather than in a function: two calls per member cost as
			// much as the name.
			if i >= len(raw) || raw[i] != '"' {
				return false
			}
			j := i + 1
			for j < len(raw) && !set.Contains(raw[j]) {
				j++
			}
			if j < len(raw) && raw[j] == '"' {
				i = j + 1
			} else if i = plainString(raw, j, set); i < 0 {
				return false
			}
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
			// plainString's loop over plain bytes here first: the
			// strings of MarshalJSON output are most often a few plain
			// ASCII bytes, where the call costs as much as the loop.
			j := i + 1
			for j < len(raw) && !set.Contains(raw[j]) {
				j++
			}
			if j < len(raw) && raw[j] == '"' {
				i = j + 1
			} else if i = plainString(raw, j, set); i < 0 {
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
			depth++
			name = true
			continue
		case 't', 'f', 'n':
			n := literalLen(raw[i:])
			if n == 0 {
				return false
			}
			i += n
		default:
			n := numberLen(raw[i:])
			if n == 0 {
				return false
			}
			i += n
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
				continue
			}
			return false
		}
	}
}

// plainString returns the offset in raw past the closing quote of the
// string whose content starts at i, or -1 where plainRaw does not take
// the string. Set members are '"', '\\', the control bytes, every byte
// of 0x80 or more and the ASCII bytes the escaping rewrites; the loop
// passes the others with one table load each.
func plainString(raw []byte, i int, set *scan.Set) int {
	for i < len(raw) {
		c := raw[i]
		if !set.Contains(c) {
			i++
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c == '\\':
			// A valid escape other than one of a surrogate is kept
			// verbatim (maxEscapeLen is a surrogate pair).
			n, lone := escapeLen(raw[i:])
			if n == 0 || lone || n == maxEscapeLen {
				return -1
			}
			i += n
		case c >= utf8.RuneSelf:
			n := set.SeqLen(raw[i:])
			if n == 0 {
				return -1
			}
			i += n
		default:
			return -1
		}
	}
	return -1
}
