package jgen

import (
	"math"
	"reflect"
	"strconv"
	"unsafe"
)

// fastKind names the Go types whose values the encoder reads straight from
// memory, without a reflect.Value or an encoderFunc call: the bool, integer,
// float and string kinds without marshal methods, encoded as themselves
// (not json.Number, not under ",string").
type fastKind uint8

const (
	fastNone fastKind = iota
	fastString
	fastBool
	fastInt
	fastInt8
	fastInt16
	fastInt32
	fastInt64
	fastUint
	fastUint8
	fastUint16
	fastUint32
	fastUint64
	fastUintptr
	fastFloat32
	fastFloat64
)

// fastKindOf returns the fastKind of t, or fastNone.
func fastKindOf(t reflect.Type) fastKind {
	if t == numberType || hasMarshaler(t) {
		return fastNone
	}
	switch t.Kind() {
	case reflect.String:
		return fastString
	case reflect.Bool:
		return fastBool
	case reflect.Int:
		return fastInt
	case reflect.Int8:
		return fastInt8
	case reflect.Int16:
		return fastInt16
	case reflect.Int32:
		return fastInt32
	case reflect.Int64:
		return fastInt64
	case reflect.Uint:
		return fastUint
	case reflect.Uint8:
		return fastUint8
	case reflect.Uint16:
		return fastUint16
	case reflect.Uint32:
		return fastUint32
	case reflect.Uint64:
		return fastUint64
	case reflect.Uintptr:
		return fastUintptr
	case reflect.Float32:
		return fastFloat32
	case reflect.Float64:
		return fastFloat64
	}
	return fastNone
}

// fastZero reports whether the value of kind k at p is its type's zero
// value, which is both omitempty's and omitzero's test for these kinds
// (reflect.Value.IsZero's: a float -0 is zero too).
func fastZero(k fastKind, p unsafe.Pointer) bool {
	switch k {
	case fastString:
		return len(*(*string)(p)) == 0
	case fastBool, fastInt8, fastUint8:
		return *(*uint8)(p) == 0
	case fastInt16, fastUint16:
		return *(*uint16)(p) == 0
	case fastInt32, fastUint32:
		return *(*uint32)(p) == 0
	case fastInt, fastUint, fastUintptr:
		return *(*uint)(p) == 0
	case fastFloat32:
		return *(*float32)(p) == 0
	case fastFloat64:
		return *(*float64)(p) == 0
	}
	return *(*uint64)(p) == 0 // fastInt64, fastUint64
}

// writeFast writes the value of kind k at p and reports true, or reports
// false for a NaN or ±Inf float, which the caller leaves to the type's
// encoderFunc (an error, or Options.NonFinite).
func (e *encState) writeFast(k fastKind, p unsafe.Pointer) (bool, error) {
	switch k {
	case fastString:
		return true, e.g.WriteString(*(*string)(p))
	case fastBool:
		return true, e.writeBool(*(*bool)(p))
	case fastInt:
		return true, e.writeInt(int64(*(*int)(p)))
	case fastInt8:
		return true, e.writeInt(int64(*(*int8)(p)))
	case fastInt16:
		return true, e.writeInt(int64(*(*int16)(p)))
	case fastInt32:
		return true, e.writeInt(int64(*(*int32)(p)))
	case fastInt64:
		return true, e.writeInt(*(*int64)(p))
	case fastUint:
		return true, e.writeUint(uint64(*(*uint)(p)))
	case fastUint8:
		return true, e.writeUint(uint64(*(*uint8)(p)))
	case fastUint16:
		return true, e.writeUint(uint64(*(*uint16)(p)))
	case fastUint32:
		return true, e.writeUint(uint64(*(*uint32)(p)))
	case fastUint64:
		return true, e.writeUint(*(*uint64)(p))
	case fastUintptr:
		return true, e.writeUint(uint64(*(*uintptr)(p)))
	case fastFloat32:
		f := float64(*(*float32)(p))
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false, nil
		}
		return true, e.writeFiniteFloat(f, 32)
	}
	f := *(*float64)(p)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return false, nil
	}
	return true, e.writeFiniteFloat(f, 64)
}

// fastElemArray returns the encoder of an array or slice type whose
// element type has a fastKind (other than a slice of bytes, which is
// base64), reading the elements from memory when they are addressable (a
// slice's always are), or nil when the element type has none.
func fastElemArray(t reflect.Type, elem encoderFunc) encoderFunc {
	et := t.Elem()
	k := fastKindOf(et)
	if k == fastNone {
		return nil
	}
	size := et.Size()
	generic := arrayLoop(et, elem)
	return func(e *encState, v reflect.Value) error {
		var base unsafe.Pointer
		switch {
		case v.Kind() == reflect.Slice:
			base = v.UnsafePointer()
		case v.CanAddr():
			base = unsafe.Pointer(v.UnsafeAddr())
		default:
			return generic(e, v)
		}
		if err := e.writeStart(inArray); err != nil {
			return err
		}
		if e.g.state.compact && e.g.err == nil {
			if err := e.appendElems(v, k, base, size, elem); err != nil {
				return err
			}
			return e.writeEnd(inArray)
		}
		for i, n := 0, v.Len(); i < n; i++ {
			ok, err := e.writeFast(k, unsafe.Add(base, uintptr(i)*size))
			if !ok {
				err = elem(e, v.Index(i))
			}
			if err != nil {
				return atPath(err, et, strconv.Itoa(i))
			}
		}
		return e.writeEnd(inArray)
	}
}

// emptyKind says how omitempty's test (isEmptyValue) reads a value of a
// kind other than the fastKinds from memory.
type emptyKind uint8

const (
	emptyUnknown  emptyKind = iota // through reflect
	emptyNilWord                   // a pointer or interface: empty when its first word is nil
	emptySliceLen                  // a slice: empty when its length is 0
	emptyNever                     // a struct, or an array of non-zero length: never empty
	emptyAlways                    // an array of length 0: always empty
	emptyMapLen                    // a map: empty when nil or of length 0 (direct path only)
)

// emptyKindOf returns the emptyKind of t. Maps are left to reflect, where
// a non-nil map may still be empty.
func emptyKindOf(t reflect.Type) emptyKind {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		return emptyNilWord
	case reflect.Slice:
		return emptySliceLen
	case reflect.Struct:
		return emptyNever
	case reflect.Array:
		if t.Len() == 0 {
			return emptyAlways
		}
		return emptyNever
	}
	return emptyUnknown
}

// memEmpty reports whether the value at p is empty by k, which is not
// emptyUnknown.
func memEmpty(k emptyKind, p unsafe.Pointer) bool {
	switch k {
	case emptyNilWord:
		return *(*unsafe.Pointer)(p) == nil
	case emptySliceLen:
		return len(*(*[]byte)(p)) == 0
	case emptyMapLen:
		return mapLen(p) == 0
	}
	return k == emptyAlways
}

// appendString appends s quoted under the generator's escaping and
// reports true, or reports false where the state path must write it: under
// a CharacterEscapes hook, and for a string the escaping refuses (invalid
// UTF-8 under InvalidUTF8Error), whose error that path reports, with b
// returned at its length (its content past it, and its memory, may have
// changed). A string with nothing to escape costs one kernel call, as on the generator's own
// fast path; any other is escaped in place as there, or when it does not
// fit, through the escaper from its start.
func (e *encState) appendString(b []byte, s string) ([]byte, bool) {
	x := &e.g.esc
	if x.hook != nil {
		return b, false
	}
	src := stringBytes(s)
	if cap(b)-len(b) < len(src)+slack+2 {
		b = growOut(b, len(src)+slack+2)
	}
	// The room is proved above: the quotes and the copy are written
	// through a pointer, without the bounds checks and slicing of d,
	// which cost as much as the copy of a short string.
	l := len(b)
	at := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	*(*byte)(at) = x.quote
	n := x.set.CopyTo((*byte)(unsafe.Add(at, 1)), src)
	if n == len(src) {
		*(*byte)(unsafe.Add(at, 1+n)) = x.quote
		return b[:l+n+2], true
	}
	d := b[:cap(b)]
	// Something to escape or check (non-ASCII text): escape the rest in
	// place while it fits, as the generator's fast path does, the ASCII
	// escapes of a table in the vector kernel where there is one.
	m := l + 1 + n
	if t := x.table; t != nil && vectorRest(src, n) {
		in, out := x.set.Escape(d[m:], src[n:], t)
		n, m = n+in, m+out
		if n == len(src) {
			d[m] = x.quote
			return d[:m+1], true
		}
	}
	r, i, bad := x.appendSome(d[:m], src, n)
	if i == len(src) && !bad && cap(r)-len(r) > slack {
		return append(r, x.quote), true
	}
	q, err := x.appendQuoted(b, src)
	if err != nil {
		return b, false
	}
	return q, true
}

// appendScalar appends the value of kind k at p and reports true, or
// reports false where the state path must write it (appendString, and a
// NaN or ±Inf float), with b returned at its length.
func (e *encState) appendScalar(b []byte, k fastKind, p unsafe.Pointer) ([]byte, bool) {
	if k == fastString {
		return e.appendString(b, *(*string)(p))
	}
	return appendFast(b, k, p)
}

// appendFast appends the value of kind k at p, which is not fastString,
// and reports true, or reports false for a NaN or ±Inf float.
func appendFast(b []byte, k fastKind, p unsafe.Pointer) ([]byte, bool) {
	switch k {
	case fastBool:
		if *(*bool)(p) {
			return append(b, "true"...), true
		}
		return append(b, "false"...), true
	case fastInt:
		return appendInt(b, int64(*(*int)(p))), true
	case fastInt8:
		return appendInt(b, int64(*(*int8)(p))), true
	case fastInt16:
		return appendInt(b, int64(*(*int16)(p))), true
	case fastInt32:
		return appendInt(b, int64(*(*int32)(p))), true
	case fastInt64:
		return appendInt(b, *(*int64)(p)), true
	case fastUint:
		return appendUint(b, uint64(*(*uint)(p))), true
	case fastUint8:
		return appendUint(b, uint64(*(*uint8)(p))), true
	case fastUint16:
		return appendUint(b, uint64(*(*uint16)(p))), true
	case fastUint32:
		return appendUint(b, uint64(*(*uint32)(p))), true
	case fastUint64:
		return appendUint(b, *(*uint64)(p)), true
	case fastUintptr:
		return appendUint(b, uint64(*(*uintptr)(p))), true
	case fastFloat32:
		f := float64(*(*float32)(p))
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, false
		}
		return appendFloat(b, f, 32), true
	}
	f := *(*float64)(p)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	return appendFloat(b, f, 64), true
}

// appendElems appends the elements of v, of kind k, from base with the
// given size, comma-separated, in the Compact layout right after the
// array's '['. An element appendScalar refuses goes through elem and the
// state.
func (e *encState) appendElems(v reflect.Value, k fastKind, base unsafe.Pointer, size uintptr, elem encoderFunc) error {
	g := e.g
	st := &g.state
	b := g.out.buf
	n := v.Len()
	for i := range n {
		mark := len(b)
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = e.appendScalar(b, k, unsafe.Add(base, uintptr(i)*size)); ok {
			continue
		}
		g.out.buf = b[:mark]
		st.first = i == 0
		st.valueSep = ','
		if st.first {
			st.valueSep = 0
		}
		if err := elem(e, v.Index(i)); err != nil {
			return atPath(err, v.Type().Elem(), strconv.Itoa(i))
		}
		b = g.out.buf
	}
	g.out.buf = b
	if n > 0 {
		st.first = false
		st.valueSep = ','
	}
	return nil
}

// mapLen returns the number of entries of the map at p, of any map type: a
// map value is a pointer to the runtime's map, whose length len reads
// without its key and element types.
func mapLen(p unsafe.Pointer) int {
	return len(*(*map[struct{}]struct{})(p))
}
