package jgen

import "strconv"

// context is the kind of container the generator is in.
type context uint8

const (
	inRoot context = iota
	inObject
	inArray
)

// state is the position of the generator in the grammar of RFC 8259 §2.
// It is checked before any byte of a token is written, so a refused token
// leaves the output as it was.
type state struct {
	// stack holds the enclosing containers, innermost last; its length is
	// the nesting depth.
	stack []context
	// container is the innermost open container, or inRoot.
	container context
	// first is true until the current container has a member or element.
	first bool
	// afterName is true in an object between a name and its value.
	afterName bool
	// rootValues counts the complete values written at the root.
	rootValues int64
	// objects counts the open objects (the Jackson layout indents by it).
	objects  int
	maxDepth int
	// compact is set in the Compact layout, where values may take the
	// fast path.
	compact bool
	// valueSep is what the fast path writes before a value: 0 for nothing,
	// ',' or ':'; noFast where the fast path does not apply (at the root,
	// where a name is expected, or in a pretty layout). sync keeps it.
	valueSep byte
}

const noFast = 0xFF

func (s *state) reset(maxDepth int, compact bool) {
	*s = state{stack: s.stack[:0], maxDepth: maxDepth, compact: compact}
	s.sync()
}

// sync recomputes valueSep from the state.
func (s *state) sync() {
	s.valueSep = noFast
	if !s.compact {
		return
	}
	switch s.container {
	case inArray:
		s.valueSep = ','
		if s.first {
			s.valueSep = 0
		}
	case inObject:
		if s.afterName {
			s.valueSep = ':'
		}
	}
}

// nameDone records a name.
func (s *state) nameDone() {
	s.afterName = true
	s.first = false
	s.sync()
}

// canValue reports whether a value may be written now.
func (s *state) canValue() bool { return s.container != inObject || s.afterName }

// canName reports whether a name may be written now.
func (s *state) canName() bool { return s.container == inObject && !s.afterName }

// valueDone records a complete value.
func (s *state) valueDone() {
	if s.container == inRoot {
		s.rootValues++
	} else {
		s.first = false
		s.afterName = false
	}
	s.sync()
}

// fastValueDone is valueDone for a value written on the fast path, that
// is with valueSep != noFast: in a compact array, or in a compact object
// after a name. It sets what sync would, without recomputing.
func (s *state) fastValueDone() {
	s.first = false
	s.afterName = false
	s.valueSep = noFast
	if s.container == inArray {
		s.valueSep = ','
	}
}

// push opens a container; the caller has checked the depth.
func (s *state) push(c context) {
	s.stack = append(s.stack, c)
	s.container = c
	s.first = true
	s.afterName = false
	if c == inObject {
		s.objects++
	}
	s.sync()
}

// pop closes the current container and records it as a complete value of
// its parent.
func (s *state) pop() {
	if s.container == inObject {
		s.objects--
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.container = inRoot
	if n := len(s.stack); n > 0 {
		s.container = s.stack[n-1]
	}
	s.valueDone()
}

// where describes the position for error messages.
func (s *state) where() string {
	switch s.container {
	case inObject:
		w := "in object at depth " + strconv.Itoa(len(s.stack))
		if s.afterName {
			return w + ", after a name (a value is expected)"
		}
		return w + ", where a name is expected"
	case inArray:
		return "in array at depth " + strconv.Itoa(len(s.stack))
	}
	if s.rootValues > 0 {
		return "at root, after " + strconv.FormatInt(s.rootValues, 10) + " complete value(s)"
	}
	return "at root"
}
