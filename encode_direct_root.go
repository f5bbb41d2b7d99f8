package jgen

import (
	"reflect"
	"unsafe"
)

// writeRootDirect writes v, of type t, whole on the direct path where v is
// a root value (no container open) and the direct path takes t, and
// reports true with the value's error (nil when written); or reports
// false with nothing written, for the state path. At the root the
// generator's fast path does not apply (state.valueSep is noFast), so
// without this a root struct or slice was opened by the state path and
// each member or element handed to the direct path on its own: a fixed
// cost on every call that a small response (one object of a few members)
// pays in full. Only a container (or a pointer to one) is taken, so that
// whatever the direct path hands to the state path is inside it: the
// state path writes the root terminator after a root value of its own,
// which here is writeRootDirect's to write. A second root value with a root separator, which the
// state path's prefix writes, is left to the state path.
func (e *encState) writeRootDirect(v any, t reflect.Type) (bool, error) {
	g := e.g
	st := &g.state
	if st.container != inRoot || st.rootValues > 0 && g.rootSep != "" || !e.directOK() {
		return false, nil
	}
	// The last root type's node is kept in e (which the pool keeps):
	// a program encodes the same response type again and again, and
	// directNodeOf's sync.Map lookup of an interface key costs about as
	// much as a small value's members.
	n := e.rootNode
	if t != e.rootType {
		n = directNodeOf(t)
		if n != nil && n.kind == directPtr && !rootContainer(n.elem.kind) || n != nil && n.kind != directPtr && !rootContainer(n.kind) {
			n = nil
		}
		e.rootType, e.rootNode = t, n
	}
	if n == nil || st.maxDepth < 1 {
		return false, nil
	}
	p := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	if n.word {
		// The value is the data word itself; its node reads it from
		// memory. The word is kept in e, not in v, whose address would
		// make v escape.
		e.word = p
		p = unsafe.Pointer(&e.word)
	}
	b := g.out.buf
	mark := len(b)
	level, tracked := e.ptrLevel, len(e.tracked)
	b, ok := e.appendDirect(b, n, p, 0)
	e.word = nil
	if !ok {
		// appendState may have set the buffer to a longer one.
		g.out.buf = b[:mark]
		return true, e.directFailed(level, tracked)
	}
	g.out.buf = b
	st.valueDone()
	return true, g.rootDone()
}

// rootContainer reports whether writeRootDirect takes a root value of
// kind k: one the direct path opens itself, so that no part of it is
// handed to the state path at the root.
func rootContainer(k directKind) bool {
	return k == directStruct || k == directSlice || k == directArray
}
