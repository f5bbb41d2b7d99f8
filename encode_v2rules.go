package jgen

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// This file holds the value encoder of encoding/json/v2's rules (JSONv2):
// encoders compiled per Go type and v2Flags, each appending the compact
// encoding of the value at a pointer to a byte slice. WriteValue then
// writes the bytes as one value (writeValueV2).

// v2Func appends the encoding of the value at p, of the type it was
// compiled for, to b.
type v2Func func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error)

// v2Entry is a compiled v2 encoder; ok is false when the rules do not
// implement the type, or a type it contains by value or pointer (f then
// refuses every value with ErrV2Unimplemented).
type v2Entry struct {
	f  v2Func
	ok bool
	// copy is set where a value of the type held in an interface is
	// copied out before it is encoded (see v2InterfaceEncoder).
	copy bool
}

// v2Encoders caches the *v2Entry of each reflect.Type, one map per
// v2Flags (a key of type and flags would be boxed on every lookup).
var v2Encoders [v2Stringify << 1]sync.Map

// v2State is the state of one value encoded under the v2 rules.
type v2State struct {
	g   *Generator
	esc *escaper
	// plainNames is set when the escaping writes every member name the
	// way Minimal does (the quoted forms compiled into struct encoders).
	plainNames bool
	// dupNames is JSONv2.AllowDuplicateNames; strictUTF8 is set under
	// InvalidUTF8Error.
	dupNames, strictUTF8 bool
	// depth counts the pointers, slices, maps and interfaces entered; a
	// value nested deeper than v2MaxPointers is declined (a cycle, or
	// nesting encoding/json/v2 reports itself).
	depth int
	// room is how many more arrays and objects may be opened, counting
	// those of MarshalJSON output, before Options.MaxDepth is exceeded:
	// Options.MaxDepth less the generator's open containers, less the
	// containers of the value open at the moment.
	room int
	// rootStart is the index in the encoder's buffer where the value
	// begins, rootOffset the output offset of that byte (for the
	// *SyntaxError of a nesting past Options.MaxDepth).
	rootStart  int
	rootOffset int64
	// tmp is scratch for AppendText.
	tmp []byte
	// word holds the root value when its interface holds it directly (a
	// pointer or map), so that the encoders get its address.
	word unsafe.Pointer
}

// v2MaxPointers bounds s.depth: encoding/json/v2 starts looking for
// cycles beyond 1000 levels, whose errors jgen leaves to it.
const v2MaxPointers = 1000

var v2StatePool = sync.Pool{New: func() any { return new(v2State) }}

// writeValueV2 is WriteValue under the v2 rules: v is encoded whole into
// a scratch buffer, then written as one value (verbatim in the Compact
// layout, through the raw-value rule in the others, which lays it out).
func (g *Generator) writeValueV2(v any) error {
	if err := g.checkValue("value"); err != nil {
		return g.note(err)
	}
	s := v2StatePool.Get().(*v2State)
	s.g, s.esc = g, &g.esc
	s.plainNames = plainNameEscaping(&g.esc)
	s.dupNames = g.opts.V2.AllowDuplicateNames
	s.strictUTF8 = g.esc.escaping.InvalidUTF8 == InvalidUTF8Error
	s.room = g.state.maxDepth - len(g.state.stack)
	var err error
	if g.out.w == nil && g.state.compact {
		// Append mode, Compact layout: encoded in place, cut back on
		// error.
		saved := g.state
		mark, berr := g.beginValue("value", 0)
		if berr != nil {
			err = berr
		} else {
			var b []byte
			s.rootStart, s.rootOffset = len(g.out.buf), g.out.offset()
			b, err = s.encodeRoot(g.out.buf, v, g.opts.V2.flags())
			if err != nil {
				g.out.buf = b[:mark]
				g.state = saved
			} else {
				g.out.buf = b
				err = g.valueDone()
			}
		}
	} else {
		sp := scratchPool.Get().(*[]byte)
		var b []byte
		// The value begins after the separator beginValue writes; in the
		// other layouts its bytes are laid out, and the offset of a
		// nesting error is that of the value's first byte.
		s.rootStart, s.rootOffset = 0, -1
		b, err = s.encodeRoot((*sp)[:0], v, g.opts.V2.flags())
		if err == nil {
			if g.state.compact {
				err = g.writeV2Compact(b)
			} else {
				err = g.writeRaw("value", b)
			}
		}
		putScratch(sp, b)
	}
	s.g, s.esc, s.depth, s.word = nil, nil, 0, nil
	v2StatePool.Put(s)
	if ee, ok := err.(*EncodeError); ok {
		ee.finish()
	}
	return g.note(err)
}

// writeV2Compact writes b, a compact value the v2 encoder wrote under the
// generator's escaping, verbatim.
func (g *Generator) writeV2Compact(b []byte) error {
	if _, err := g.beginValue("value", len(b)); err != nil {
		return err
	}
	if err := g.appendRaw(b); err != nil {
		return err
	}
	return g.valueDone()
}

// plainNameEscaping reports whether x writes the struct member names the
// v2 encoders compile (valid UTF-8, quoted under Minimal) the way Minimal
// does: Minimal itself under any invalid-UTF-8 policy.
func plainNameEscaping(x *escaper) bool {
	e := x.escaping
	e.InvalidUTF8 = InvalidUTF8Error
	return e == Minimal
}

func (s *v2State) encodeRoot(b []byte, v any, f v2Flags) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	t := reflect.TypeOf(v)
	data := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	p := data
	if ifaceHoldsValue(t) {
		s.word = data
		p = unsafe.Pointer(&s.word)
	} else if k := t.Kind(); k == reflect.Struct || k == reflect.Array || hasV2Methods(t) {
		// Possibly held directly in the interface, or the receiver of a
		// method (the interface's copy may be read-only): copy it out.
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(v))
		p = c.UnsafePointer()
	}
	b, err := v2Lookup(t, f).f(s, b, p)
	if err != nil {
		return b, encodeErr(t, err)
	}
	return b, nil
}

// ifaceHoldsValue reports whether an interface holding a value of type t
// holds the value itself in its data word (not a pointer to it), for the
// kinds where that is known from the kind; a struct or an array of one
// pointer-shaped element may be either, and is copied by the callers.
func ifaceHoldsValue(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// v2Lookup returns the compiled encoder of t under f, compiling it on
// first use; a recursive type's use of itself while it is compiled gets a
// forwarding encoder.
func v2Lookup(t reflect.Type, f v2Flags) *v2Entry {
	m := &v2Encoders[f]
	if e, ok := m.Load(t); ok {
		return e.(*v2Entry)
	}
	var (
		wg  sync.WaitGroup
		got *v2Entry
	)
	wg.Add(1)
	fwd := &v2Entry{ok: true, f: func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		wg.Wait()
		return got.f(s, b, p)
	}}
	if e, loaded := m.LoadOrStore(t, fwd); loaded {
		return e.(*v2Entry)
	}
	fn, ok := compileV2(t, f)
	if !ok {
		fn = v2Unimplemented(t)
	}
	k := t.Kind()
	got = &v2Entry{f: fn, ok: ok, copy: k == reflect.Struct || k == reflect.Array || hasV2Methods(t)}
	wg.Done()
	m.Store(t, got)
	return got
}

func v2Unimplemented(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
	}
}

var (
	durationType      = reflect.TypeFor[time.Duration]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
)

// hasV2Methods reports whether t or *t has a method encoding/json/v2
// calls to marshal a value (MarshalJSONTo, MarshalJSON, AppendText,
// MarshalText): v2 calls a pointer receiver's method on any value, all
// its values being addressable.
func hasV2Methods(t reflect.Type) bool {
	for _, u := range []reflect.Type{t, reflect.PointerTo(t)} {
		if u.Implements(jsonMarshalerType) || u.Implements(textMarshalerType) || u.Implements(textAppenderType) {
			return true
		}
		if _, ok := u.MethodByName("MarshalJSONTo"); ok {
			return true
		}
	}
	return false
}

// hasMethod reports whether t or *t has the method name.
func hasMethod(t reflect.Type, name string) bool {
	_, ok := t.MethodByName(name)
	_, pok := reflect.PointerTo(t).MethodByName(name)
	return ok || pok
}

// compileV2 compiles the encoder of t under f; false when the rules do
// not implement t.
func compileV2(t reflect.Type, f v2Flags) (v2Func, bool) {
	switch {
	case t == timeType:
		return v2Time, true
	case t == numberType:
		// encoding/json's Number, whose MarshalJSONTo (Go 1.27) writes a
		// valid number verbatim, "" as 0, and under StringifyNumbers or
		// the string option as a string.
		return v2NumberEncoder(f&v2Stringify != 0), true
	case t == durationType:
		return nil, false // v2 refuses it ("no default representation")
	case t.PkgPath() == "encoding/json/jsontext" && t.Name() == "Value":
		return nil, false
	case t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && hasV2Methods(t):
		// v2 calls the methods of a value (never of a pointer or an
		// interface, whose nil would be the receiver), through its
		// address, in the order MarshalJSONTo, MarshalJSON, AppendText,
		// MarshalText (Go 1.27 v2/arshal_methods.go).
		pt := reflect.PointerTo(t)
		switch {
		case hasMethod(t, "MarshalJSONTo"):
			return nil, false
		case pt.Implements(jsonMarshalerType):
			return v2MarshalJSONEncoder(t), true
		case pt.Implements(textAppenderType):
			return v2AppendTextEncoder(t), true
		default:
			return v2MarshalTextEncoder(t), true
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return v2Bool, true
	case reflect.String:
		return v2String, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v2IntEncoder(t.Size(), f&v2Stringify != 0), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v2UintEncoder(t.Size(), f&v2Stringify != 0), true
	case reflect.Float32, reflect.Float64:
		return v2FloatEncoder(t, f&v2Stringify != 0), true
	case reflect.Interface:
		return v2InterfaceEncoder(t, f), true
	case reflect.Pointer:
		return v2PtrEncoder(t, f)
	case reflect.Slice:
		return v2SliceEncoder(t, f)
	case reflect.Array:
		return v2ArrayEncoder(t, f)
	case reflect.Map:
		return v2MapEncoder(t, f)
	case reflect.Struct:
		return v2StructEncoder(t, f)
	}
	return nil, false // chan, func, complex, unsafe.Pointer: v2's errors
}

func v2Bool(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
	if *(*bool)(p) {
		return append(b, "true"...), nil
	}
	return append(b, "false"...), nil
}

func v2String(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
	return s.appendString(b, stringBytes(*(*string)(p)))
}

// appendString appends str quoted under the escaping: where the vector
// kernel finds nothing to escape in it (and no hook applies), in one
// kernel call that copies it; otherwise through appendQuoted.
func (s *v2State) appendString(b, str []byte) ([]byte, error) {
	x := s.esc
	if x.hook != nil {
		return x.appendQuoted(b, str)
	}
	if need := len(str) + slack + 2; cap(b)-len(b) < need {
		b = slices.Grow(b, need)
	}
	l := len(b)
	// The capacity holds the quotes, str and the kernel's slack from l on.
	p := unsafe.Pointer(unsafe.SliceData(b))
	*(*byte)(unsafe.Add(p, l)) = x.quote
	n := x.set.CopyTo((*byte)(unsafe.Add(p, l+1)), str)
	if n == len(str) {
		*(*byte)(unsafe.Add(p, l+1+n)) = x.quote
		return b[:l+n+2], nil
	}
	return x.appendQuoted(b, str)
}

// readInt reads a signed integer of size bytes at p.
func readInt(p unsafe.Pointer, size uintptr) int64 {
	switch size {
	case 1:
		return int64(*(*int8)(p))
	case 2:
		return int64(*(*int16)(p))
	case 4:
		return int64(*(*int32)(p))
	}
	return *(*int64)(p)
}

// readUint reads an unsigned integer of size bytes at p.
func readUint(p unsafe.Pointer, size uintptr) uint64 {
	switch size {
	case 1:
		return uint64(*(*uint8)(p))
	case 2:
		return uint64(*(*uint16)(p))
	case 4:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

func v2IntEncoder(size uintptr, quoted bool) v2Func {
	if quoted {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			b = append(b, '"')
			b = appendInt(b, readInt(p, size))
			return append(b, '"'), nil
		}
	}
	if size == 8 {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendInt(b, *(*int64)(p)), nil
		}
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		return appendInt(b, readInt(p, size)), nil
	}
}

func v2UintEncoder(size uintptr, quoted bool) v2Func {
	if quoted {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			b = append(b, '"')
			b = appendUint(b, readUint(p, size))
			return append(b, '"'), nil
		}
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		return appendUint(b, readUint(p, size)), nil
	}
}

func v2FloatEncoder(t reflect.Type, quoted bool) v2Func {
	bits := 64
	if t.Kind() == reflect.Float32 {
		bits = 32
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		var f float64
		if bits == 32 {
			f = float64(*(*float32)(p))
		} else {
			f = *(*float64)(p)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, &EncodeError{Type: t, Err: &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, bits)}}
		}
		if quoted {
			b = append(b, '"')
			b = appendFloat(b, f, bits)
			return append(b, '"'), nil
		}
		return appendFloat(b, f, bits), nil
	}
}

func v2NumberEncoder(quoted bool) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		n := *(*string)(p)
		if n == "" {
			n = "0"
		}
		if !validNumber(n) {
			return b, &EncodeError{Type: numberType, Err: numberErr(n, 0)}
		}
		if quoted {
			b = append(b, '"')
			b = append(b, n...)
			return append(b, '"'), nil
		}
		return append(b, n...), nil
	}
}

// v2Time writes a time.Time as encoding/json/v2 does by default: its
// RFC 3339 text with nanoseconds (time.RFC3339Nano), as its MarshalJSON
// writes it. A time appendTime declines (a year outside [0,9999], or an
// escaping that changes the text) is declined here too.
func v2Time(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
	t := *(*time.Time)(p)
	if out, ok := s.g.appendTime(b, t); ok {
		return out, nil
	}
	return b, &EncodeError{Type: timeType, Err: ErrV2Unimplemented}
}

func v2InterfaceEncoder(it reflect.Type, f v2Flags) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		// A non-empty interface is {itab, data}, an empty one {type,
		// data}: the data word is second in both.
		words := (*[2]unsafe.Pointer)(p)
		if words[0] == nil {
			return append(b, "null"...), nil
		}
		ev := reflect.NewAt(it, p).Elem().Elem()
		t := ev.Type()
		q := words[1]
		enc := v2Lookup(t, f)
		if ifaceHoldsValue(t) {
			q = unsafe.Pointer(&words[1])
		} else if enc.copy {
			// Copied where it may be held in the interface directly, and
			// where a method may get its address (the interface's copy
			// may be read-only memory).
			c := reflect.New(t)
			c.Elem().Set(ev)
			q = c.UnsafePointer()
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		b, err := enc.f(s, b, q)
		s.depth--
		if err != nil {
			return b, encodeErr(t, err)
		}
		return b, nil
	}
}

func v2PtrEncoder(t reflect.Type, f v2Flags) (v2Func, bool) {
	elem := v2Lookup(t.Elem(), f)
	if !elem.ok {
		return nil, false
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), nil
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		b, err := elem.f(s, b, q)
		s.depth--
		return b, err
	}, true
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func v2SliceEncoder(t reflect.Type, f v2Flags) (v2Func, bool) {
	et := t.Elem()
	if et.Kind() == reflect.Uint8 && et.PkgPath() == "" {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			h := (*sliceHeader)(p)
			if h.data == nil && f&v2NilSliceNull != 0 {
				return append(b, "null"...), nil
			}
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, unsafe.Slice((*byte)(h.data), h.len))
			return append(b, '"'), nil
		}, true
	}
	elems, ok := v2Elems(et, f)
	if !ok {
		return nil, false
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		h := (*sliceHeader)(p)
		if h.data == nil && f&v2NilSliceNull != 0 {
			return append(b, "null"...), nil
		}
		if s.room < 1 {
			return b, s.depthError(b, '[')
		}
		if h.data == nil {
			return append(b, "[]"...), nil
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		s.room--
		b, err := elems(s, b, h.data, h.len)
		s.room++
		s.depth--
		return b, err
	}, true
}

// v2ElemsFunc appends the array of the n elements at base.
type v2ElemsFunc func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error)

// v2Elems returns the encoder of an array of elements of type et: a loop
// of its own for float64, int and string elements without methods (no
// call per element), else a loop calling et's encoder.
func v2Elems(et reflect.Type, f v2Flags) (v2ElemsFunc, bool) {
	elem := v2Lookup(et, f)
	if !elem.ok {
		return nil, false
	}
	plain := f&v2Stringify == 0 && !hasV2Methods(et) && et != numberType
	switch {
	case plain && et.Kind() == reflect.Float64:
		return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			for i, x := range unsafe.Slice((*float64)(base), n) {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					b, err := elem.f(s, b, unsafe.Pointer(&unsafe.Slice((*float64)(base), n)[i])) // its error
					return b, atPath(err, et, strconv.Itoa(i))
				}
				if i > 0 {
					b = append(b, ',')
				}
				b = appendFloat(b, x, 64)
			}
			return append(b, ']'), nil
		}, true
	case plain && (et.Kind() == reflect.Int || et.Kind() == reflect.Int64) && et.Size() == 8:
		return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			for i, x := range unsafe.Slice((*int64)(base), n) {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendInt(b, x)
			}
			return append(b, ']'), nil
		}, true
	case plain && et.Kind() == reflect.String:
		return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			var err error
			for i, x := range unsafe.Slice((*string)(base), n) {
				if i > 0 {
					b = append(b, ',')
				}
				if b, err = s.appendString(b, stringBytes(x)); err != nil {
					return b, atPath(&EncodeError{Type: et, Err: err}, et, strconv.Itoa(i))
				}
			}
			return append(b, ']'), nil
		}, true
	}
	size := et.Size()
	return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
		b = append(b, '[')
		var err error
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = elem.f(s, b, unsafe.Add(base, uintptr(i)*size)); err != nil {
				return b, atPath(err, et, strconv.Itoa(i))
			}
		}
		return append(b, ']'), nil
	}, true
}

func v2ArrayEncoder(t reflect.Type, f v2Flags) (v2Func, bool) {
	et := t.Elem()
	n := t.Len()
	if et.Kind() == reflect.Uint8 && et.PkgPath() == "" {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, unsafe.Slice((*byte)(p), n))
			return append(b, '"'), nil
		}, true
	}
	elems, ok := v2Elems(et, f)
	if !ok {
		return nil, false
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		if s.room < 1 {
			return b, s.depthError(b, '[')
		}
		s.room--
		b, err := elems(s, b, p, n)
		s.room++
		return b, err
	}, true
}

func v2MapEncoder(t reflect.Type, f v2Flags) (v2Func, bool) {
	kt, et := t.Key(), t.Elem()
	if hasV2Methods(kt) {
		return nil, false
	}
	// name returns the member name of key k; names of number keys are
	// appended to *arena (one buffer per map written) and point into it.
	var name func(k reflect.Value, arena *[]byte) (string, error)
	switch kt.Kind() {
	case reflect.String:
		name = func(k reflect.Value, _ *[]byte) (string, error) { return k.String(), nil }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		name = func(k reflect.Value, arena *[]byte) (string, error) {
			return arenaString(arena, strconv.AppendInt(*arena, k.Int(), 10)), nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		name = func(k reflect.Value, arena *[]byte) (string, error) {
			return arenaString(arena, strconv.AppendUint(*arena, k.Uint(), 10)), nil
		}
	case reflect.Float32, reflect.Float64:
		bits := kt.Bits()
		name = func(k reflect.Value, _ *[]byte) (string, error) {
			x := k.Float()
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return "", &EncodeError{Type: kt, Err: ErrV2Unimplemented, key: true}
			}
			return string(appendFloat(nil, x, bits)), nil
		}
	default:
		return nil, false
	}
	elem := v2Lookup(et, f)
	if !elem.ok {
		return nil, false
	}
	isString := kt.Kind() == reflect.String
	size := et.Size()
	sliceType := reflect.SliceOf(et)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m := reflect.NewAt(t, p).Elem()
		n := m.Len()
		if n == 0 && f&v2NilMapNull != 0 && m.IsNil() {
			return append(b, "null"...), nil
		}
		if s.room < 1 {
			return b, s.depthError(b, '{')
		}
		if n == 0 {
			return append(b, "{}"...), nil
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		s.room--
		names := make([]string, n)
		vals := reflect.MakeSlice(sliceType, n, n)
		base := vals.UnsafePointer()
		// One key Value reused for every entry: MapIter.Key would copy
		// each key to the heap.
		key := reflect.New(kt).Elem()
		var it reflect.MapIter
		it.Reset(m)
		var arena []byte
		i := 0
		for ; it.Next() && i < n; i++ {
			key.SetIterKey(&it)
			nm, err := name(key, &arena)
			if err != nil {
				return b, err
			}
			if isString && !s.strictUTF8 && !s.dupNames && !utf8.ValidString(nm) {
				// Two such keys may be written as the same name.
				return b, &EncodeError{Type: kt, Err: ErrV2Unimplemented, key: true}
			}
			names[i] = nm
			vals.Index(i).SetIterValue(&it)
		}
		idx := make([]int, i)
		for j := range idx {
			idx[j] = j
		}
		slices.SortFunc(idx, func(x, y int) int { return strings.Compare(names[x], names[y]) })
		b = append(b, '{')
		var err error
		for j, k := range idx {
			if j > 0 {
				b = append(b, ',')
			}
			if b, err = s.appendString(b, stringBytes(names[k])); err != nil {
				return b, &EncodeError{Type: kt, Err: err, key: true}
			}
			b = append(b, ':')
			if b, err = elem.f(s, b, unsafe.Add(base, uintptr(k)*size)); err != nil {
				return b, atPath(err, et, names[k])
			}
		}
		s.room++
		s.depth--
		return append(b, '}'), nil
	}, true
}

// arenaString stores grown, *arena with text appended, as *arena and
// returns the appended text as a string sharing its memory. The bytes
// are never written again: a later append that moves the arena leaves
// them in the old array, which the string keeps alive.
func arenaString(arena *[]byte, grown []byte) string {
	start := len(*arena)
	*arena = grown
	return unsafe.String(unsafe.SliceData(grown[start:]), len(grown)-start)
}

// v2Field is a struct field as the v2 struct encoder writes it.
type v2Field struct {
	name   string
	quoted string // the quoted name under Minimal, with its ':'
	offset uintptr
	typ    reflect.Type
	enc    v2Func
	// omitZero, omitEmpty: the tag options (omitZero also under
	// OmitZeroStructFields); isZero reports a zero value for omitZero.
	omitZero, omitEmpty bool
	isZero              func(p unsafe.Pointer) bool
	// emptyKind, for omitEmpty on a type without methods, tells a value
	// known empty before it is written, as v2's isEmpty does: a string,
	// slice or map of length 0, a nil pointer or interface (0: none).
	emptyKind reflect.Kind
}

// v2StructEncoder compiles a struct by encoding/json/v2's field rules
// (Go 1.27 v2/fields.go) where they hold no Go embedded field, no embed or
// format option and no tag v2 refuses; false otherwise.
func v2StructEncoder(t reflect.Type, f v2Flags) (v2Func, bool) {
	var fields []v2Field
	hasTag, names := false, map[string]bool{}
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, tagged := sf.Tag.Lookup("json")
		hasTag = hasTag || tagged
		if tag == "-" {
			continue
		}
		if sf.Anonymous {
			return nil, false // Go embedding: v2 inlines (embed)
		}
		if !sf.IsExported() {
			if tagged {
				return nil, false // v2 refuses a tag on an unexported field
			}
			continue
		}
		o, ok := parseV2Tag(sf.Name, tag)
		if !ok || names[o.name] {
			return nil, false
		}
		names[o.name] = true
		ff := f
		if o.str {
			switch sf.Type.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
				reflect.Float32, reflect.Float64:
				ff |= v2Stringify
			default:
				if sf.Type != numberType {
					return nil, false
				}
				ff |= v2Stringify
			}
		}
		e := v2Lookup(sf.Type, ff)
		if !e.ok {
			return nil, false
		}
		fd := v2Field{name: o.name, offset: sf.Offset, typ: sf.Type, enc: e.f, omitEmpty: o.omitEmpty}
		if k := sf.Type.Kind(); o.omitEmpty && (k == reflect.Pointer || k == reflect.Interface ||
			!hasV2Methods(sf.Type) && sf.Type != numberType && (k == reflect.String || k == reflect.Slice || k == reflect.Map)) {
			fd.emptyKind = k
		}
		q, err := minimalEscaper.appendQuoted(nil, []byte(o.name))
		if err != nil {
			return nil, false
		}
		fd.quoted = string(append(q, ':'))
		if o.omitZero || f&v2OmitZero != 0 {
			fd.omitZero = true
			switch {
			case sf.Type == timeType:
				fd.isZero = func(p unsafe.Pointer) bool { return (*time.Time)(p).IsZero() }
			case sf.Type.Implements(isZeroerType) || reflect.PointerTo(sf.Type).Implements(isZeroerType):
				return nil, false
			default:
				ft := sf.Type
				fd.isZero = func(p unsafe.Pointer) bool { return reflect.NewAt(ft, p).Elem().IsZero() }
			}
		}
		fields = append(fields, fd)
	}
	if t.NumField() > 0 && !hasTag && len(fields) == 0 {
		return nil, false // v2: "Go struct has no exported fields"
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		if s.room < 1 {
			return b, s.depthError(b, '{')
		}
		s.room--
		b = append(b, '{')
		first := true
		var err error
		for i := range fields {
			fd := &fields[i]
			q := unsafe.Add(p, fd.offset)
			if fd.omitZero && fd.isZero(q) {
				continue
			}
			if fd.emptyKind != 0 && knownEmpty(fd.emptyKind, fd.typ, q) {
				continue
			}
			mark := len(b)
			if !first {
				b = append(b, ',')
			}
			if s.plainNames {
				b = append(b, fd.quoted...)
			} else {
				if b, err = s.esc.appendQuoted(b, stringBytes(fd.name)); err != nil {
					return b, err
				}
				b = append(b, ':')
			}
			start := len(b)
			if b, err = fd.enc(s, b, q); err != nil {
				return b, atPath(err, fd.typ, fd.name)
			}
			if fd.omitEmpty && emptyJSON(b[start:]) {
				b = b[:mark]
				continue
			}
			first = false
		}
		s.room++
		return append(b, '}'), nil
	}, true
}

// knownEmpty reports whether the value at p, of type t and kind k (a
// v2Field's emptyKind), is empty: its encoding is then null, "", [] or {}.
func knownEmpty(k reflect.Kind, t reflect.Type, p unsafe.Pointer) bool {
	switch k {
	case reflect.String:
		return len(*(*string)(p)) == 0
	case reflect.Slice:
		return (*sliceHeader)(p).len == 0
	case reflect.Map:
		m := *(*unsafe.Pointer)(p)
		return m == nil || reflect.NewAt(t, p).Elem().Len() == 0
	}
	return *(*unsafe.Pointer)(p) == nil // pointer, interface
}

// emptyJSON reports whether v is the compact null, "", {} or [], which
// v2's omitempty omits.
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}

// minimalEscaper quotes the member names compiled into struct encoders.
var minimalEscaper = func() *escaper {
	var x escaper
	x.init(Minimal)
	return &x
}()

// v2Tag is a parsed json tag.
type v2Tag struct {
	name                     string
	omitEmpty, omitZero, str bool
}

// parseV2Tag parses a json tag by encoding/json/v2's grammar where the
// tag is of the plain forms: a name holding none of ,\'"` and options
// each a Go identifier (omitempty, omitzero, string, case:ignore or
// case:strict, or one v2 ignores), none twice. It reports false for the
// rest (single-quoted names, embed, format, and what v2 refuses).
func parseV2Tag(field, tag string) (v2Tag, bool) {
	o := v2Tag{name: field}
	name, opts, hasOpts := strings.Cut(tag, ",")
	if strings.ContainsAny(name, "\\'\"`") || !utf8.ValidString(name) {
		return o, false
	}
	if name != "" {
		o.name = name
	}
	if !hasOpts {
		return o, true
	}
	seen := map[string]bool{}
	for _, opt := range strings.Split(opts, ",") {
		if !isIdent(opt) {
			if opt != "case:ignore" && opt != "case:strict" {
				return o, false
			}
			if seen["case"] {
				return o, false
			}
			seen["case"] = true
			continue
		}
		if seen[opt] {
			return o, false
		}
		seen[opt] = true
		switch opt {
		case "omitempty":
			o.omitEmpty = true
		case "omitzero":
			o.omitZero = true
		case "string":
			o.str = true
		default:
			switch strings.ReplaceAll(strings.ToLower(opt), "_", "") {
			case "case", "embed", "omitzero", "omitempty", "string", "format":
				return o, false // embed, format, or a mutant v2 refuses
			}
		}
	}
	return o, true
}

// isIdent reports whether s is a Go identifier as v2's tag grammar reads
// an option: a letter or '_', then letters, digits and '_'.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsNumber(r) {
			continue
		}
		return false
	}
	return true
}

// methodErr wraps the error of the method of a value of type t.
func methodErr(t reflect.Type, method string, err error) error {
	return &EncodeError{Type: t, Err: err, method: method}
}

// v2AppendTextEncoder writes the text of AppendText as a string under
// the escaping (invalid UTF-8 under its policy, as v2 under
// AllowInvalidUTF8 or not).
func v2AppendTextEncoder(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(encoding.TextAppender)
		text, err := m.AppendText(s.tmp[:0])
		if err != nil {
			return b, methodErr(t, "AppendText", err)
		}
		if cap(text) <= 1<<10 {
			s.tmp = text[:0]
		}
		return s.appendString(b, text)
	}
}

// v2MarshalTextEncoder writes the text of MarshalText as a string, as
// v2AppendTextEncoder does.
func v2MarshalTextEncoder(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(encoding.TextMarshaler)
		text, err := m.MarshalText()
		if err != nil {
			return b, methodErr(t, "MarshalText", err)
		}
		return s.esc.appendQuoted(b, text)
	}
}

// v2MarshalJSONEncoder writes the output of MarshalJSON as v2 writes it
// (jsontext's WriteValue: checked, whitespace dropped, strings written
// canonically under the escaping, numbers verbatim, duplicate names
// refused), for the output that v2 leaves unchanged but for its
// whitespace: valid JSON and valid UTF-8 without a backslash, and under
// HTMLSafe or JSLineTerminators without the characters they escape. Other
// output (whose strings v2 rewrites) is declined, as is any under an
// escaping other than Minimal's (with HTMLSafe, JSLineTerminators).
func v2MarshalJSONEncoder(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(json.Marshaler)
		val, err := m.MarshalJSON()
		if err != nil {
			return b, methodErr(t, "MarshalJSON", err)
		}
		out, ok, deep := s.appendPlainJSON(b, val)
		if deep >= 0 {
			return b, methodErr(t, "MarshalJSON", &ValueError{
				Token:  "MarshalJSON output",
				Offset: s.valueOffset(b),
				Index:  int64(deep),
				Reason: "nesting deeper than Options.MaxDepth",
				Err:    ErrInvalidValue,
				Cause:  ErrMaxDepth,
			})
		}
		if !ok {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		return out, nil
	}
}

// appendPlainJSON appends val without its whitespace, where
// v2MarshalJSONEncoder accepts it. deep is -1, or the index in val of the
// '{' or '[' that nests past Options.MaxDepth counting the containers
// open around val (s.room), as encoding/json/v2 counts the nesting of
// MarshalJSON output from the root (b is then returned unchanged, ok
// false).
func (s *v2State) appendPlainJSON(b, val []byte) (out []byte, ok bool, deep int) {
	e := s.esc.escaping
	html, js := e.HTMLSafe, e.JSLineTerminators
	e.InvalidUTF8, e.HTMLSafe, e.JSLineTerminators = InvalidUTF8Error, false, false
	if e != Minimal {
		return b, false, -1
	}
	if !json.Valid(val) || !utf8.Valid(val) {
		// json.Valid refuses nesting past its own limit of 10000 levels;
		// a refusal of Options.MaxDepth is reported as such.
		return b, false, nestsPast(val, s.room)
	}
	mark := len(b)
	inStr, objects := false, false
	// Without backslashes (refused below) a '"' always opens or closes a
	// string, so the brackets outside strings are the containers.
	room := s.room
	for i, c := range val {
		switch {
		case c == '\\':
			return b[:mark], false, -1
		case c == '"':
			inStr = !inStr
		case inStr:
			if html && (c == '<' || c == '>' || c == '&') ||
				js && c == 0xE2 && i+2 < len(val) && val[i+1] == 0x80 && (val[i+2] == 0xA8 || val[i+2] == 0xA9) {
				return b[:mark], false, -1
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
		var names [][]byte
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
