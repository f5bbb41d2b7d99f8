package jgen

// The v2 rules' nesting errors (Options.MaxDepth) and the output
// offsets they report.

import (
	"strconv"
)

// depthError returns the *SyntaxError refusing the start of an array or
// object (open) at the end of b, the encoder's buffer, because it would
// nest deeper than Options.MaxDepth: the error the generator gives for
// such a start (writeStart), its Context found by scanning the value
// written so far for the containers still open (only on this error path).
func (s *v2State) depthError(b []byte, open byte) error {
	tok := "start of array"
	if open == '{' {
		tok = "start of object"
	}
	var where string
	inner, n := openContainers(b[s.rootStart:])
	switch depth := strconv.Itoa(len(s.g.state.stack) + n); inner {
	case '[':
		where = "in array at depth " + depth
	case '{':
		where = "in object at depth " + depth + ", after a name (a value is expected)"
	default:
		where = s.g.state.where()
	}
	return &SyntaxError{Token: tok, Context: where, Offset: s.valueOffset(b), Err: ErrMaxDepth}
}

// valueOffset returns the output offset of the byte at the end of b, the
// encoder's buffer: exact in the Compact layout; in the others, whose
// layout is written after the value is encoded, the offset of the value's
// first byte.
func (s *v2State) valueOffset(b []byte) int64 {
	g := s.g
	if s.rootOffset >= 0 {
		return s.rootOffset + int64(len(b)-s.rootStart)
	}
	off := g.out.offset() + int64(len(g.appendPrefix(nil, false)))
	if g.state.compact {
		off += int64(len(b) - s.rootStart)
	}
	return off
}

// openContainers returns the innermost array or object still open at the
// end of v, a prefix of a compact JSON value ('[', '{', or 0 for none),
// and how many are open.
func openContainers(v []byte) (inner byte, n int) {
	var stack []byte
	inStr := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			stack = append(stack, c)
		case c == ']' || c == '}':
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return 0, 0
	}
	return stack[len(stack)-1], len(stack)
}

// nestsPast returns the index in v of the first '{' or '[' outside strings
// that opens more than room containers, or -1.
func nestsPast(v []byte, room int) int {
	inStr := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			if room--; room < 0 {
				return i
			}
		case c == ']' || c == '}':
			room++
		}
	}
	return -1
}
