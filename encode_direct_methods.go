package jgen

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unsafe"
)

// The direct path's marshal methods. A type whose encoding is its own
// MarshalJSON or MarshalText, called the same way whether or not the
// value is addressable (a value receiver, or a pointer type), and
// json.Number, are written by the direct path itself: the method is
// called in place through an interface whose data word is set to the
// value's address, and its output is appended straight to the direct
// path's buffer when it needs no rewriting (plainRaw for MarshalJSON
// output, the string fast path for text). Only otherwise (a method's
// error, output the raw-value rule rewrites or refuses) is the result
// handed to the state path, which writes it or fails as it would have
// after calling the method itself; the method is not called again. So a
// Marshaler in a struct or slice costs its call and one check of its
// output, without the state hand-over (appendState) and the encoder
// chain of the state path on every value.

// methodResult is the outcome of a marshal method the direct path called,
// handed to the state path (appendMethodResult) to write or to fail
// with: the method's output, or the error to return.
type methodResult struct {
	out []byte
	err error
	typ reflect.Type // the type named in errors
}

// directMethodKind returns the direct kind of t when the direct path
// calls t's marshal method itself (directMarshal, directMarshalPtr,
// directText, directTextPtr) or writes it itself (directNumber), or
// false. It follows newTypeEncoder's order: MarshalJSONTo (left to the
// state path), MarshalJSON, MarshalText; a method only the pointer of a
// non-pointer type has is left to the state path, where being
// addressable decides whether it is called.
func directMethodKind(t reflect.Type) (directKind, bool) {
	if t == numberType {
		return directNumber, true
	}
	if implementsTo(t) {
		return 0, false
	}
	switch t.Kind() {
	case reflect.Interface:
		return 0, false
	case reflect.Pointer:
		if t.Implements(marshalerType) {
			return directMarshalPtr, true
		}
		if t.Implements(textMarshalerType) {
			return directTextPtr, true
		}
		return 0, false
	}
	p := reflect.PointerTo(t)
	switch {
	case t.Implements(marshalerType):
		return directMarshal, true
	case p.Implements(marshalerType):
		return 0, false
	case t.Implements(textMarshalerType):
		return directText, true
	}
	return 0, false
}

// buildMethodNode sets up n, of type t and method kind k, for appendMethod:
// the interfaces whose data word it sets, of t for a pointer type and of
// *t otherwise (whose method set holds t's value methods).
func buildMethodNode(n *directNode, t reflect.Type, k directKind) {
	n.kind, n.enc = k, typeEncoder(t)
	n.ptr = reflect.Zero(reflect.PointerTo(t)).Interface()
	mt := t
	if t.Kind() != reflect.Pointer {
		mt = reflect.PointerTo(t)
	}
	z := reflect.Zero(mt).Interface()
	switch k {
	case directMarshal, directMarshalPtr:
		n.marshaler = z.(json.Marshaler)
	case directText, directTextPtr:
		n.text = z.(encoding.TextMarshaler)
		n.appender, _ = z.(encoding.TextAppender)
	}
}

// withData returns x with its data word set to p.
func withData[I any](x I, p unsafe.Pointer) I {
	(*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] = p
	return x
}

// appendMethod appends the value of the method node n at p, with d
// containers open around it, as appendDirect does.
func (e *encState) appendMethod(b []byte, n *directNode, p unsafe.Pointer, d int) ([]byte, bool) {
	q := p
	if n.kind == directMarshalPtr || n.kind == directTextPtr {
		// marshalerEncode and textMarshalerEncode: a nil pointer is null.
		if q = *(*unsafe.Pointer)(p); q == nil {
			return append(b, "null"...), true
		}
	}
	switch n.kind {
	case directNumber:
		s := *(*string)(p)
		if s == "" {
			return append(b, '0'), true // as numberText writes it
		}
		if numberLen(stringBytes(s)) == len(s) {
			return append(b, s...), true
		}
		// numberEncode's error.
		return e.appendState(b, n.enc, n.valueAt(p), d)
	case directMarshal, directMarshalPtr:
		out, err := withData(n.marshaler, q).MarshalJSON()
		if x := e.g.marshalerEscaper(); err == nil && plainRawOK(x) && plainRaw(out, x.set, min(e.g.state.maxDepth-d, 64)) {
			return append(b, out...), true
		}
		e.method = methodResult{out: out, err: err, typ: n.typ}
		return e.appendState(b, marshalJSONResultEncode, reflect.Value{}, d)
	}
	// directText, directTextPtr: as writeMarshalText.
	var out []byte
	var err error
	if n.appender != nil {
		out, err = e.appendTextOf(withData(n.appender, q), n.typ)
	} else if out, err = withData(n.text, q).MarshalText(); err != nil {
		err = marshalerErr(n.typ, err, "MarshalText")
	}
	if err == nil {
		if r, ok := e.appendString(b, bytesString(out)); ok {
			return r, true
		}
	}
	e.method = methodResult{out: out, err: err, typ: n.typ}
	return e.appendState(b, textResultEncode, reflect.Value{}, d)
}

// plainRawOK reports whether MarshalJSON output that plainRaw accepts
// under the scan set of x, the escaper of MarshalJSON output (the
// generator's own, or Options.MarshalerEscaping's), is written as it is
// here: x has '"' as the quote char and no CharacterEscapes hook, and
// neither of the raw-value paths is turned off by a test.
func plainRawOK(x *escaper) bool {
	return x.quote == '"' && x.hook == nil && !rawVerbatimOff && !rawCheckedOff
}

// marshalJSONResultEncode writes e.method, the result of a MarshalJSON
// method, as writeMarshalJSON does after the call.
func marshalJSONResultEncode(e *encState, _ reflect.Value) error {
	r := e.method
	e.method = methodResult{}
	return e.writeMarshalJSONResult(r.out, r.err, r.typ)
}

// textResultEncode writes e.method, the text of a MarshalText or
// AppendText method (its error already made), as writeMarshalText does
// after the call.
func textResultEncode(e *encState, _ reflect.Value) error {
	r := e.method
	e.method = methodResult{}
	if r.err != nil {
		return r.err
	}
	return e.g.WriteStringBytes(r.out)
}

// bytesString returns b as a string sharing its memory, for a call that
// does not keep the string.
func bytesString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
