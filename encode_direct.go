package jgen

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/jgen-go/jgen/internal/ftoa"
)

// The direct path writes a whole subtree of a value in the Compact layout
// straight into the output buffer from memory: structs, slices, arrays and
// pointers whose leaves are the fastKinds, with no reflect.Value, no
// encoderFunc call and no grammar state per token. The nesting depth is
// counted locally against Options.MaxDepth and the pointers against
// startDetectingCycles; the state is touched once for the whole subtree.
// A part it does not write itself (a string the escaping refuses, a NaN or
// ±Inf, a container at the depth or pointer limit, a type it does not
// take) it hands to the state path at that place (appendState), which
// writes the part or fails. A failure there is the value's error: the
// direct path reports false with the error in encState.directErr, each
// level adding its reference token on the way up as the state path does,
// and nothing is written again. So every part of a value is encoded once
// (a marshal method is called once per value encoded), and a failure
// costs no more than the walk to it.

// directKind is the shape of a directNode.
type directKind uint8

const (
	directScalar directKind = iota
	directPtr
	directSlice
	directArray
	directStruct
	directIface
	directState
	directTime    // a time.Time (appendTime)
	directTimePtr // a *time.Time: null, or as directTime with the pointer's type for the state path
	// The kinds of appendMethod (encode_direct_methods.go).
	directMarshal    // a non-pointer type whose value has MarshalJSON
	directMarshalPtr // a pointer type with MarshalJSON
	directText       // a non-pointer type whose value has MarshalText
	directTextPtr    // a pointer type with MarshalText
	directNumber     // json.Number
	directMap        // a map of string keys and fast values (appendMapDirect)
)

// directNode is the compiled direct encoding of one Go type. Nodes are
// built once per type (directNodeOf) and never changed afterwards; a
// recursive type's nodes point at each other.
type directNode struct {
	kind directKind
	fast fastKind    // directScalar: the kind of the value
	elem *directNode // directPtr, directSlice, directArray: the element's node
	size uintptr     // directSlice, directArray: the element's size
	n    int         // directArray: the length
	// directStruct: the members (names and memory offsets) and, per
	// member of no fastKind, its node and how an omitted one is told.
	se  *structEncoder
	ops []directOp
	// typ is the Go type of the node, for the state path; directState and
	// directTime: enc is its encoderFunc.
	typ reflect.Type
	enc encoderFunc
	// ptr, for directState, directTime and directTimePtr, is an
	// interface holding a nil pointer to typ, whose data word valueAt
	// sets.
	ptr any
	// marshaler, text and appender are, for the method kinds, the
	// method's interface holding a nil pointer (of typ, or of *typ for
	// a non-pointer typ), whose data word appendMethod sets; appender
	// is nil where the pointer has no AppendText.
	marshaler json.Marshaler
	text      encoding.TextMarshaler
	appender  encoding.TextAppender
	// word is set where an interface holding a value of this type holds
	// the value itself in its data word (a pointer-shaped type), rather
	// than a pointer to it.
	word bool
}

// directMember is what the direct path knows of a member of no fastKind.
type directMember struct {
	node *directNode
	// omit is set for an omitempty or omitzero member; empty then tells
	// from memory whether it is left out.
	omit  bool
	empty emptyKind
}

// directOp is one member of a struct's directNode.
type directOp struct {
	offset uintptr
	node   *directNode // nil for a member of a fastKind
	fast   fastKind
	// zero says how a member with omitempty or omitzero is found to be
	// left out: the memory at zoff from the struct is zero (or for a
	// float, equal to 0), or always, or never (zeroNone, also for a member
	// with neither option).
	zero zeroTest
	zoff uintptr
}

// zeroTest is how directOp tells an omitted member.
type zeroTest uint8

const (
	zeroNone   zeroTest = iota
	zero1               // a byte
	zero2               // two bytes
	zero4               // four bytes
	zero8               // eight bytes
	zeroF32             // a float32, -0 included
	zeroF64             // a float64, -0 included
	zeroAlways          // an array of length 0
	zeroMap             // a map: nil or of length 0
)

const wordSize = unsafe.Sizeof(uintptr(0))

// zeroTestOf returns the zeroTest of a member at offset with omitempty or
// omitzero, of fastKind k, or else of emptyKind em, and where it reads.
func zeroTestOf(offset uintptr, k fastKind, em emptyKind) (zeroTest, uintptr) {
	word := zero8
	if wordSize == 4 {
		word = zero4
	}
	switch k {
	case fastString:
		return word, offset + wordSize // the length
	case fastBool, fastInt8, fastUint8:
		return zero1, offset
	case fastInt16, fastUint16:
		return zero2, offset
	case fastInt32, fastUint32:
		return zero4, offset
	case fastInt64, fastUint64:
		return zero8, offset
	case fastInt, fastUint, fastUintptr:
		return word, offset
	case fastFloat32:
		return zeroF32, offset
	case fastFloat64:
		return zeroF64, offset
	}
	switch em {
	case emptyNilWord:
		return word, offset
	case emptySliceLen:
		return word, offset + wordSize
	case emptyAlways:
		return zeroAlways, offset
	case emptyMapLen:
		return zeroMap, offset
	}
	return zeroNone, offset // emptyNever
}

// omitted reports whether the member op of the struct at p is left out.
func (op *directOp) omitted(p unsafe.Pointer) bool {
	q := unsafe.Add(p, op.zoff)
	switch op.zero {
	case zeroNone:
		return false
	case zero8:
		return *(*uint64)(q) == 0
	case zero1:
		return *(*uint8)(q) == 0
	case zero4:
		return *(*uint32)(q) == 0
	case zero2:
		return *(*uint16)(q) == 0
	case zeroF64:
		return *(*float64)(q) == 0
	case zeroF32:
		return *(*float32)(q) == 0
	case zeroMap:
		return mapLen(q) == 0
	}
	return true // zeroAlways
}

var (
	// directNodes caches the node of each type directNodeOf was asked
	// for: a *directNode, or nil for a type the direct path does not
	// take.
	directNodes sync.Map
	// directMu serialises the building of nodes, so that the nodes of a
	// recursive type are built once.
	directMu sync.Mutex
)

// directNodeOf returns the direct node of t, or nil when a value of t can
// hold anything the direct path does not write: a marshal method, an
// interface, a map, a []byte (base64), a ",string" member, an omitzero
// member with an IsZero method or of a kind other than pointer, an
// omitempty member of a map kind, a member promoted through a pointer,
// or any other kind. Safe for concurrent use.
func directNodeOf(t reflect.Type) *directNode {
	if n, ok := directNodes.Load(t); ok {
		return n.(*directNode)
	}
	directMu.Lock()
	defer directMu.Unlock()
	if n, ok := directNodes.Load(t); ok {
		return n.(*directNode)
	}
	if !directTakes(t, map[reflect.Type]bool{}) {
		directNodes.Store(t, (*directNode)(nil))
		return nil
	}
	// Every type t reaches is taken too: keep all their nodes.
	built := map[reflect.Type]*directNode{}
	n := buildDirect(t, built)
	for bt, bn := range built {
		directNodes.LoadOrStore(bt, bn)
	}
	return n
}

// directTakes reports whether the direct path can write every value of t:
// itself (directOwn), or through the state path (a directState node)
// where the encoding does not depend on whether the value is addressable,
// which the direct path does not track. visiting holds the types on the
// way down, taken as writable so that a recursive type is judged by its
// other parts.
func directTakes(t reflect.Type, visiting map[reflect.Type]bool) bool {
	return directOwn(t, visiting) || !addrMatters(t, map[reflect.Type]bool{})
}

// addrMatters reports whether encoding a value of type t can depend on
// whether the value is addressable: where a marshal method has a pointer
// receiver (and none of the same interface a value receiver), in t or in
// the fields and elements stored in it. A value-receiver method is called
// either way. seen holds the types visited.
func addrMatters(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		p := reflect.PointerTo(t)
		if p.Implements(marshalerType) && !t.Implements(marshalerType) ||
			implementsTo(p) && !(marshalerToType != nil && t.Implements(marshalerToType)) {
			return true
		}
		if !p.Implements(marshalerType) && p.Implements(textMarshalerType) && !t.Implements(textMarshalerType) {
			return true
		}
	}
	switch t.Kind() {
	case reflect.Array:
		return addrMatters(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if addrMatters(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// directOwn reports whether the direct path writes every value of t
// itself, with directTakes for the parts.
func directOwn(t reflect.Type, visiting map[reflect.Type]bool) bool {
	if fastKindOf(t) != fastNone {
		return true
	}
	if visiting[t] || t == timeType || t == timePtrType {
		return true
	}
	if hasMarshaler(t) || formatRefusal(t) != "" || v2TagRefusal(t) != nil {
		return false
	}
	visiting[t] = true
	defer delete(visiting, t)
	switch t.Kind() {
	case reflect.Pointer, reflect.Array:
		return directTakes(t.Elem(), visiting)
	case reflect.Slice:
		return t.Elem().Kind() != reflect.Uint8 && directTakes(t.Elem(), visiting)
	case reflect.Interface:
		// The dynamic value is judged when written (appendIface).
		return t.NumMethod() == 0
	case reflect.Struct:
		// An embedded fallback's members go through the state path
		// (embedFallback.writeMembers), which then writes the struct.
		plan := compileStruct(t, stdlibRules)
		if plan.fallback != nil {
			return false
		}
		for _, f := range plan.fields {
			if _, ok := directMemberOf(t, &f); !ok || fastKindOf(f.typ) == fastNone && !directTakes(f.typ, visiting) {
				return false
			}
		}
		return true
	}
	return false
}

// directMemberOf returns how the direct path omits the member f of struct
// type t, and false where it cannot write f whatever its type.
func directMemberOf(t reflect.Type, f *structField) (directMember, bool) {
	if _, ok := fieldOffset(t, f.index); !ok || f.quoted {
		return directMember{}, false
	}
	if fastKindOf(f.typ) != fastNone {
		// fastZero decides omitempty and omitzero, as in the member loop.
		return directMember{}, !(f.omitZero && f.isZero != nil)
	}
	m := directMember{omit: f.omitEmpty || f.omitZero}
	switch {
	case f.omitZero:
		// reflect.Value.IsZero of a pointer: nil.
		if f.isZero != nil || f.typ.Kind() != reflect.Pointer || f.omitEmpty {
			return m, false
		}
		m.empty = emptyNilWord
	case f.omitEmpty && f.typ.Kind() == reflect.Map:
		m.empty = emptyMapLen
	case f.omitEmpty:
		if m.empty = emptyKindOf(f.typ); m.empty == emptyUnknown {
			return m, false
		}
	}
	return m, true
}

// buildDirect returns the node of t, which directTakes accepts, building
// the nodes it reaches; built holds those made so far.
func buildDirect(t reflect.Type, built map[reflect.Type]*directNode) *directNode {
	if n := built[t]; n != nil {
		return n
	}
	if n, ok := directNodes.Load(t); ok && n.(*directNode) != nil {
		return n.(*directNode)
	}
	n := &directNode{typ: t}
	built[t] = n
	// The data word of an interface holding the zero value is nil only
	// for a pointer-shaped type.
	z := reflect.Zero(t).Interface()
	n.word = (*[2]unsafe.Pointer)(unsafe.Pointer(&z))[1] == nil
	if k := fastKindOf(t); k != fastNone {
		n.kind, n.fast = directScalar, k
		return n
	}
	if t == timeType {
		n.kind, n.typ, n.enc = directTime, t, typeEncoder(t)
		n.ptr = reflect.Zero(reflect.PointerTo(t)).Interface()
		return n
	}
	if t == timePtrType {
		// Not a directPtr to a directTime node: a time MarshalJSON
		// refuses goes to the state path as the pointer, whose type
		// encoding/json names in its error.
		n.kind, n.typ, n.enc = directTimePtr, t, typeEncoder(t)
		n.ptr = reflect.Zero(reflect.PointerTo(t)).Interface()
		return n
	}
	if k, ok := directMethodKind(t); ok {
		buildMethodNode(n, t, k)
		return n
	}
	if directMapOf(t) {
		n.kind, n.fast = directMap, fastKindOf(t.Elem())
		return n
	}
	if !directOwn(t, map[reflect.Type]bool{}) {
		n.kind, n.enc = directState, typeEncoder(t)
		n.ptr = reflect.Zero(reflect.PointerTo(t)).Interface()
		return n
	}
	switch t.Kind() {
	case reflect.Pointer:
		n.kind, n.elem = directPtr, buildDirect(t.Elem(), built)
	case reflect.Slice:
		n.kind, n.elem, n.size = directSlice, buildDirect(t.Elem(), built), t.Elem().Size()
	case reflect.Array:
		n.kind, n.elem, n.size, n.n = directArray, buildDirect(t.Elem(), built), t.Elem().Size(), t.Len()
	case reflect.Interface:
		n.kind = directIface
	case reflect.Struct:
		n.kind = directStruct
		n.se = newStructLayout(t)
		n.ops = make([]directOp, len(n.se.fields))
		for i := range n.se.fields {
			f := &n.se.fields[i]
			op := &n.ops[i]
			op.offset, op.fast = f.offset, f.fast
			var m directMember
			if f.fast == fastNone {
				m, _ = directMemberOf(t, f)
				op.node = buildDirect(f.typ, built)
			}
			if f.omitEmpty || f.omitZero {
				op.zero, op.zoff = zeroTestOf(f.offset, f.fast, m.empty)
			}
		}
	}
	return n
}

// appendDirect appends the value of node n at p, with d containers open
// around it, and reports true; or reports false with the value's error in
// e.directErr (b then holds a partial value past the caller's mark).
func (e *encState) appendDirect(b []byte, n *directNode, p unsafe.Pointer, d int) ([]byte, bool) {
	switch n.kind {
	case directScalar:
		if b, ok := e.appendScalar(b, n.fast, p); ok {
			return b, true
		}
		// appendScalar has left b as it was.
		return e.appendFallback(b, n.typ, p, d)
	case directPtr:
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), true
		}
		if e.ptrLevel >= startDetectingCycles {
			return e.appendFallback(b, n.typ, p, d)
		}
		e.ptrLevel++
		e.work++
		b, ok := e.appendDirect(b, n.elem, q, d)
		e.ptrLevel--
		return b, ok
	case directSlice:
		return e.appendSliceDirect(b, n, p, d)
	case directArray:
		return e.appendElemsDirect(b, n, p, n.n, d)
	case directIface:
		return e.appendIface(b, p, d)
	case directState:
		return e.appendState(b, n.enc, n.valueAt(p), d)
	case directTime:
		if r, ok := e.g.appendTime(b, *(*time.Time)(p)); ok {
			return r, true
		}
		// MarshalJSON's own bytes or error, through the state path.
		return e.appendState(b, n.enc, n.valueAt(p), d)
	case directTimePtr:
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), true
		}
		if r, ok := e.g.appendTime(b, *(*time.Time)(q)); ok {
			return r, true
		}
		return e.appendState(b, n.enc, n.valueAt(p), d)
	case directMarshal, directMarshalPtr, directText, directTextPtr, directNumber:
		return e.appendMethod(b, n, p, d)
	case directMap:
		return e.appendMapDirect(b, n, p, d)
	}
	return e.appendStructDirect(b, n, p, d)
}

// valueAt returns the addressable value of type n.typ at p, as
// reflect.NewAt(n.typ, p).Elem() does, for a directState or directTime
// node: it sets the data word of a copy of n.ptr (a pointer's interface
// holds the pointer itself) to p, where NewAt looks the pointer type up
// on every call.
func (n *directNode) valueAt(p unsafe.Pointer) reflect.Value {
	x := n.ptr
	(*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] = p
	return reflect.ValueOf(x).Elem()
}

// appendSliceDirect appends the slice of node n at p; the member loop
// calls it straight, a nil or empty slice being frequent among members.
func (e *encState) appendSliceDirect(b []byte, n *directNode, p unsafe.Pointer, d int) ([]byte, bool) {
	s := (*[]byte)(p)
	if unsafe.SliceData(*s) == nil {
		return append(b, "null"...), true
	}
	if e.ptrLevel >= startDetectingCycles || d >= e.g.state.maxDepth {
		// appendElemsDirect's depth check, made here so that the state
		// path is given the slice.
		return e.appendFallback(b, n.typ, p, d)
	}
	if len(*s) == 0 {
		return append(b, "[]"...), true
	}
	e.ptrLevel++
	e.work++
	b, ok := e.appendElemsDirect(b, n, unsafe.Pointer(unsafe.SliceData(*s)), len(*s), d)
	e.ptrLevel--
	return b, ok
}

// appendElemsDirect appends an array of the l elements of n.elem from
// base: the array of node n at base, or the elements of the slice of node
// n (whose caller has made the depth check).
func (e *encState) appendElemsDirect(b []byte, n *directNode, base unsafe.Pointer, l, d int) ([]byte, bool) {
	if d >= e.g.state.maxDepth {
		return e.appendFallback(b, n.typ, base, d)
	}
	if l == 0 {
		return append(b, "[]"...), true
	}
	// Every element is written after a comma; the first comma becomes
	// the '['.
	start := len(b)
	ok := true
	if el := n.elem; el.kind == directScalar && el.fast == fastInt64 {
		for i := range l {
			b = appendInt(append(b, ','), *(*int64)(unsafe.Add(base, uintptr(i)*8)))
		}
	} else if el.kind == directScalar && el.fast == fastFloat64 {
		// Coordinates and measurements: appendFloat64s, the float
		// formatter straight without appendScalar's switch, up to a NaN
		// or ±Inf, which the state path writes or refuses.
		for i := 0; i < l; i++ {
			var k int
			b, k = appendFloat64s(b, unsafe.Slice((*float64)(unsafe.Add(base, uintptr(i)*8)), l-i))
			if i += k; i == l {
				break
			}
			q := unsafe.Add(base, uintptr(i)*8)
			if b, ok = e.appendFallback(append(b, ','), el.typ, q, d+1); !ok {
				return b, e.failedAt(el.typ, i)
			}
		}
	} else if fl := el.elem; el.kind == directArray && el.n > 0 && fl.kind == directScalar && fl.fast == fastFloat64 && d+1 < e.g.state.maxDepth {
		// Arrays of float64 (canada.json's coordinate pairs), each
		// written here as appendElemsDirect would, without its call and
		// appendDirect's per array. (At the depth limit, the last branch
		// has appendElemsDirect hand each array to the state path.)
		// Pairs go by appendFloat64Pairs, which writes them as this
		// loop would, up to one with a NaN or ±Inf, which the loop
		// gives the state path.
		for i := 0; i < l; i++ {
			if el.n == 2 {
				var k int
				b, k = appendFloat64Pairs(b, unsafe.Slice((*[2]float64)(unsafe.Add(base, uintptr(i)*16)), l-i))
				if i += k; i == l {
					break
				}
			}
			q := unsafe.Add(base, uintptr(i)*n.size)
			b = append(b, ',')
			in := len(b)
			for j := range el.n {
				r := unsafe.Add(q, uintptr(j)*8)
				if f := *(*float64)(r); f-f == 0 {
					b = ftoa.AppendJSON64(append(b, ','), f)
				} else if b, ok = e.appendFallback(append(b, ','), fl.typ, r, d+2); !ok {
					e.failedAt(fl.typ, j)
					return b, e.failedAt(el.typ, i)
				}
			}
			b[in] = '['
			b = append(b, ']')
		}
	} else if el.kind == directScalar {
		for i := range l {
			q := unsafe.Add(base, uintptr(i)*n.size)
			if b, ok = e.appendScalar(append(b, ','), el.fast, q); !ok {
				if b, ok = e.appendFallback(b, el.typ, q, d+1); !ok {
					return b, e.failedAt(el.typ, i)
				}
			}
		}
	} else {
		for i := range l {
			b = append(b, ',')
			q := unsafe.Add(base, uintptr(i)*n.size)
			if el.kind == directStruct {
				b, ok = e.appendStructDirect(b, el, q, d+1)
			} else {
				b, ok = e.appendDirect(b, el, q, d+1)
			}
			if !ok {
				return b, e.failedAt(el.typ, i)
			}
		}
	}
	b[start] = '['
	return append(b, ']'), true
}

// appendStructDirect appends the object of the struct n at p.
func (e *encState) appendStructDirect(b []byte, n *directNode, p unsafe.Pointer, d int) ([]byte, bool) {
	if d >= e.g.state.maxDepth {
		return e.appendFallback(b, n.typ, p, d)
	}
	d++ // the object's members
	// Every member is written after a comma (cqc); the first comma
	// becomes the '{'.
	start := len(b)
	// se.quoted, whose call does not inline, by hand.
	qn := n.se.names.Load()
	if qn == nil || qn.key != e.key {
		qn = n.se.quoteNames(&e.g.esc, e.key)
	}
	cqc := qn.cqc
	ops := n.ops
	for i := 0; i < len(ops); i++ {
		op := &ops[i]
		// One byte tells a member without omitempty or omitzero, most
		// members of most structs, which then cost no more than that.
		if op.zero != zeroNone {
			if op.zero == zero8 {
				if *(*uint64)(unsafe.Add(p, op.zoff)) == 0 {
					continue
				}
			} else if op.omitted(p) {
				continue
			}
		}
		fp := unsafe.Add(p, op.offset)
		b = appendName(b, cqc[i])
		ok := true
		switch op.fast {
		case fastNone:
			switch m := op.node; m.kind {
			case directStruct:
				b, ok = e.appendStructDirect(b, m, fp, d)
			case directSlice:
				b, ok = e.appendSliceDirect(b, m, fp, d)
			default:
				b, ok = e.appendDirect(b, m, fp, d)
			}
		case fastString:
			b, ok = e.appendString(b, *(*string)(fp))
		case fastInt64:
			b = appendInt(b, *(*int64)(fp))
		case fastInt:
			b = appendInt(b, int64(*(*int)(fp)))
		default:
			b, ok = appendFast(b, op.fast, fp)
		}
		if !ok {
			f := &n.se.fields[i]
			if op.fast == fastNone {
				// The member's own error, from the state path below.
				return b, e.failedAtName(f.typ, f.name)
			}
			// A value appendString or appendFast refuses (leaving b as it
			// was): the state path writes it or fails.
			if b, ok = e.appendFallback(b, f.typ, fp, d); !ok {
				return b, e.failedAtName(f.typ, f.name)
			}
		}
	}
	if len(b) == start {
		return append(b, "{}"...), true
	}
	b[start] = '{'
	return append(b, '}'), true
}

// appendName appends q, a quoted name from quotedNames (which has
// nameSlack bytes readable from its start): a short one as whole 16-byte
// blocks, past the end of b's length but within its capacity, without a
// call to memmove.
func appendName(b, q []byte) []byte {
	l, n := len(b), len(q)
	if n > nameSlack || cap(b)-l < nameSlack {
		return append(b, q...)
	}
	dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	src := unsafe.Pointer(unsafe.SliceData(q))
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	if n > 16 {
		*(*[16]byte)(unsafe.Add(dst, 16)) = *(*[16]byte)(unsafe.Add(src, 16))
	}
	return b[:l+n]
}

// directOK reports whether the direct path may write a value now: the
// Compact layout, no sticky error, no CharacterEscapes hook, and not
// inside a part the direct path has handed to the state path
// (appendFallback), which the state path writes whole.
func (e *encState) directOK() bool {
	g := e.g
	return g.state.compact && g.err == nil && g.esc.hook == nil && !e.noDirect && !directOff
}

// directOff turns the direct path off, for tests that compare it with the
// state path; set only while no value is being encoded.
var directOff bool

// writeDirect writes the value of n at p whole where a value may take the
// fast path (st.valueSep != noFast), and reports true; or reports false
// with nothing written, for the caller's state path; or reports the
// value's error, with its reference tokens below the value, which the
// caller returns as the state path's own.
func (e *encState) writeDirect(n *directNode, p unsafe.Pointer) (bool, error) {
	g := e.g
	st := &g.state
	if st.valueSep == noFast || !e.directOK() {
		return false, nil
	}
	b := g.out.buf
	mark := len(b)
	if st.valueSep != 0 {
		b = append(b, st.valueSep)
	}
	level, tracked := e.ptrLevel, len(e.tracked)
	b, ok := e.appendDirect(b, n, p, len(st.stack))
	if !ok {
		// appendState may have set the buffer to a longer one.
		g.out.buf = b[:mark]
		return false, e.directFailed(level, tracked)
	}
	g.out.buf = b
	st.fastValueDone()
	return true, nil
}

// directStructRef is what a struct type's state-path encoder knows of the
// direct path: the struct's own node (nil where the direct path does not
// take the type) and, per member of no fastKind, the member's node where
// the direct path takes the member (nil otherwise).
type directStructRef struct {
	node    *directNode
	members []directMember
}

// directMembers returns se's directStructRef, made on first use.
func (se *structEncoder) directMembers() *directStructRef {
	if r := se.direct.Load(); r != nil {
		return r
	}
	r := &directStructRef{node: directNodeOf(se.typ), members: make([]directMember, len(se.fields))}
	if r.node != nil && r.node.kind == directState {
		r.node = nil // its own encoder: that is this one
	}
	for i := range se.fields {
		f := &se.fields[i]
		if f.fast != fastNone {
			continue
		}
		if m, ok := directMemberOf(se.typ, f); ok {
			if m.node = directNodeOf(f.typ); m.node != nil && m.node.kind != directState {
				r.members[i] = m
			}
		}
	}
	se.direct.Store(r)
	return r
}

// appendMemberDirect appends the member m at p whole, with qc its quoted
// name and colon, in the Compact layout of an open object with the state
// path's checks passed, and reports true; an omitted member counts as
// written. Or it reports the member's error, with its reference tokens
// below the member, and nothing written.
func (e *encState) appendMemberDirect(m *directMember, qc []byte, p unsafe.Pointer) (bool, error) {
	if m.omit && memEmpty(m.empty, p) {
		return true, nil
	}
	g := e.g
	st := &g.state
	b := g.out.buf
	level, tracked := e.ptrLevel, len(e.tracked)
	mark := len(b)
	if !st.first {
		b = append(b, ',')
	}
	b, ok := e.appendDirect(append(b, qc...), m.node, p, len(st.stack))
	if !ok {
		// appendState may have set the buffer to a longer one.
		g.out.buf = b[:mark]
		return false, e.directFailed(level, tracked)
	}
	g.out.buf = b
	st.first = false
	return true, nil
}

// appendIface appends the value of the empty interface at p: null for a
// nil interface, or its dynamic value where the direct path takes its
// type.
func (e *encState) appendIface(b []byte, p unsafe.Pointer, d int) ([]byte, bool) {
	x := *(*any)(p)
	if x == nil {
		return append(b, "null"...), true
	}
	t := reflect.TypeOf(x)
	n := directNodeOf(t)
	var ok bool
	if n == nil || n.kind == directState {
		// As interfaceEncode does: the dynamic value, not addressable.
		b, ok = e.appendState(b, typeEncoder(t), reflect.ValueOf(x), d)
	} else {
		data := (*[2]unsafe.Pointer)(p)[1]
		if n.word {
			// The value is the data word itself; its node reads it from
			// memory, so pass the word's address.
			data = unsafe.Add(p, unsafe.Sizeof(uintptr(0)))
		}
		b, ok = e.appendDirect(b, n, data, d)
	}
	if !ok {
		// As interfaceEncode reports it: the dynamic type.
		e.directErr = encodeErr(t, e.directErr)
	}
	return b, ok
}

// appendState writes v with enc through the state path, at a value
// position of the direct path's output b with d containers open. The
// state stands meanwhile for that position as the state path would have
// it (directPosition), with the separator before the value taken off b
// for the state path to write, so that what enc writes, and an error's
// context and output offset, are the state path's own. It reports false
// where enc fails, with the error in e.directErr: the state path writing
// the whole value would fail there the same way, having written the same
// bytes before it.
func (e *encState) appendState(b []byte, enc encoderFunc, v reflect.Value, d int) ([]byte, bool) {
	g := e.g
	st := &g.state
	saved := *st
	b, c, first, afterName := directPosition(b, &saved, d)
	for len(st.stack) < d {
		st.stack = append(st.stack, inArray)
	}
	if d > len(saved.stack) {
		st.stack[d-1] = c
	}
	st.container, st.first, st.afterName = c, first, afterName
	st.sync()
	g.out.buf = b
	err := enc(e, v)
	b = g.out.buf
	// Keep the stack's memory, which may have grown, for the next value.
	stack := st.stack
	*st = saved
	st.stack = stack[:len(saved.stack)]
	if err != nil {
		e.directErr = err
		return b, false
	}
	return b, true
}

// directPosition returns b without the separator before a value that the
// direct path has written (a member's ':', an element's ','), and the
// state path's container, first and afterName flags at that value, where
// s is the state when the direct path began and d the containers open
// around the value. With d == len(s.stack) the value is where the direct
// path began: writeDirect has appended s.valueSep, appendMemberDirect a
// member's name and ':'. Deeper, the value is in a container the direct
// path opened: a member after its ':', or an element after its ','; the
// first element's ',' stands for the '[' (appendElemsDirect makes it one)
// and is kept, and any other follows the last byte of a value.
func directPosition(b []byte, s *state, d int) ([]byte, context, bool, bool) {
	var last byte
	if len(b) > 0 {
		last = b[len(b)-1]
	}
	if last == ':' && (d > len(s.stack) || s.container == inObject) {
		return b[:len(b)-1], inObject, false, true
	}
	if d == len(s.stack) {
		if s.container == inArray && !s.first {
			return b[:len(b)-1], inArray, false, false
		}
		return b, s.container, s.first, s.afterName
	}
	if len(b) >= 2 && endsValue(b[len(b)-2]) {
		return b[:len(b)-1], inArray, false, false
	}
	return b, inArray, true, false
}

// endsValue reports whether c can be the last byte of a JSON value in the
// Compact layout: a string's quote, an object's or array's end, a
// number's digit, or the last letter of true, false or null.
func endsValue(c byte) bool {
	return c == '"' || c == '}' || c == ']' || c == 'e' || c == 'l' || '0' <= c && c <= '9'
}

// appendFallback writes the value of type t at p through the state path,
// as appendState does, for a part the direct path does not write itself:
// a scalar it refuses, or a container at the depth or pointer limit. The
// state path writes that part whole (directOK is false meanwhile), so it
// does not hand the part back.
func (e *encState) appendFallback(b []byte, t reflect.Type, p unsafe.Pointer, d int) ([]byte, bool) {
	nd := e.noDirect
	e.noDirect = true
	b, ok := e.appendState(b, typeEncoder(t), reflect.NewAt(t, p).Elem(), d)
	e.noDirect = nd
	return b, ok
}

// failedAt records the element index i, of type t, in e.directErr's
// pointer, as arrayLoop does, and returns false.
func (e *encState) failedAt(t reflect.Type, i int) bool {
	e.directErr = atPath(e.directErr, t, strconv.Itoa(i))
	return false
}

// failedAtName records the member name, of type t, in e.directErr's
// pointer, as writeMember does, and returns false.
func (e *encState) failedAtName(t reflect.Type, name string) bool {
	e.directErr = atPath(e.directErr, t, name)
	return false
}

// directFailed returns the error of a failed attempt of the direct path,
// which began at pointer level level with tracked keys logged, and clears
// it. An error is the value's own; a failure without one (which no part
// of the direct path reports) would leave the value to the state path, so
// e is then set back as it was at the start: the level, and the
// containers a nested state path recorded in e.seen.
func (e *encState) directFailed(level, tracked int) error {
	err := e.directErr
	e.directErr = nil
	e.ptrLevel = level
	if err == nil {
		for _, k := range e.tracked[tracked:] {
			delete(e.seen, k)
		}
		e.tracked = e.tracked[:tracked]
	}
	return err
}
