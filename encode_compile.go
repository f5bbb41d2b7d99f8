package jgen

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

// encoderFunc writes v, a value of the type it was compiled for, through
// e.g. It may leave a partial value in the output when it fails; WriteValue
// cuts the output back.
type encoderFunc func(e *encState, v reflect.Value) error

// encoders caches the encoderFunc of each reflect.Type.
var encoders sync.Map

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	numberType        = reflect.TypeFor[json.Number]()
)

// typeEncoder returns the encoder of t, compiling it on first use. Safe
// for concurrent use: concurrent first uses of a type, and a recursive
// type's use of itself while it is compiled, get a forwarding encoder that
// waits for the compiled one.
func typeEncoder(t reflect.Type) encoderFunc {
	if f, ok := encoders.Load(t); ok {
		return f.(encoderFunc)
	}
	var (
		wg sync.WaitGroup
		f  encoderFunc
	)
	wg.Add(1)
	fi, loaded := encoders.LoadOrStore(t, encoderFunc(func(e *encState, v reflect.Value) error {
		wg.Wait()
		return f(e, v)
	}))
	if loaded {
		return fi.(encoderFunc)
	}
	f = newTypeEncoder(t, true)
	wg.Done()
	encoders.Store(t, f)
	return f
}

// newTypeEncoder compiles the encoder of t. With allowAddr, a value whose
// pointer has a marshal method gets it called when the value is
// addressable, as encoding/json does.
func newTypeEncoder(t reflect.Type, allowAddr bool) encoderFunc {
	switch t {
	case timeType:
		return timeEncode // MarshalJSON's bytes, written directly
	case timePtrType:
		return timePtrEncode
	}
	// MarshalJSONTo (encoding/json on v2 only) comes before MarshalJSON,
	// as there, with the same rule for a pointer receiver; json.Number's
	// own (which carries its rules, the string option included) is left
	// to numberEncode.
	if marshalerToType != nil && !isNumber(t) {
		if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(marshalerToType) {
			return condAddrEncoder(addrMarshalerToEncode, newTypeEncoder(t, false))
		}
		if t.Implements(marshalerToType) {
			return marshalerToEncode
		}
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(marshalerType) {
		return condAddrEncoder(addrMarshalerEncoder(t), newTypeEncoder(t, false))
	}
	if t.Implements(marshalerType) {
		return marshalerEncode
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(textMarshalerType) {
		return condAddrEncoder(addrTextMarshalerEncoder(t), newTypeEncoder(t, false))
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncode
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolEncode
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intEncode
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintEncode
	case reflect.Float32:
		return float32Encode
	case reflect.Float64:
		return float64Encode
	case reflect.String:
		if t == numberType {
			return numberEncode
		}
		return stringEncode
	case reflect.Interface:
		return interfaceEncode
	case reflect.Struct:
		return newStructEncoder(t)
	case reflect.Map:
		return newMapEncoder(t)
	case reflect.Slice:
		return newSliceEncoder(t)
	case reflect.Array:
		return newArrayEncoder(t)
	case reflect.Pointer:
		return newPtrEncoder(typeEncoder(t.Elem()))
	}
	return func(e *encState, v reflect.Value) error { return unsupportedType(v.Type()) }
}

// hasMarshaler reports whether t or its pointer has a marshal method, which
// then decides its encoding whatever the ",string" option says.
func hasMarshaler(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		t.Kind() != reflect.Pointer && (p.Implements(marshalerType) || p.Implements(textMarshalerType)) ||
		implementsTo(t)
}

// quotedEncoder returns the encoder of a struct field of type t with the
// ",string" option, which writes a bool, number or string value inside a
// JSON string, also through one pointer. A marshal method that is called
// decides the encoding instead, as in encoding/json, where the option
// reaches the kind's encoder only: a method with a value receiver (or any
// method of a pointer type) always, and one with a pointer receiver only
// where the value is addressable. An unaddressable value of such a type
// (in an interface, a map value, a struct passed by value) is written as
// its kind with the option, as encoding/json's condAddrEncoder falls back
// to newTypeEncoder(t, false) (Go 1.26 encode.go), and as
// encoding/json/v2's method arshalers under CallMethodsWithLegacySemantics
// fall back to the default arshaler for a forcedAddr value (Go 1.27
// v2/arshal_methods.go).
func quotedEncoder(t reflect.Type) encoderFunc {
	if hasMarshaler(t) {
		if t.Kind() == reflect.Pointer || t.Implements(marshalerType) || t.Implements(textMarshalerType) {
			return typeEncoder(t)
		}
		// Only *t has a method: called where the value is addressable.
		return condAddrEncoder(typeEncoder(t), quotedKindEncoder(t))
	}
	return quotedKindEncoder(t)
}

// quotedKindEncoder returns the encoder of a value of type t with the
// ",string" option by its kind, whatever methods t has.
func quotedKindEncoder(t reflect.Type) encoderFunc {
	switch t.Kind() {
	case reflect.Bool:
		return quotedBoolEncode
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return quotedIntEncode
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return quotedUintEncode
	case reflect.Float32:
		return quotedFloatEncoder(32)
	case reflect.Float64:
		return quotedFloatEncoder(64)
	case reflect.String:
		if t == numberType {
			return quotedNumberEncode
		}
		return quotedStringEncode
	case reflect.Pointer:
		return newPtrEncoder(quotedEncoder(t.Elem()))
	}
	return typeEncoder(t)
}

func condAddrEncoder(addr, other encoderFunc) encoderFunc {
	return func(e *encState, v reflect.Value) error {
		if v.CanAddr() {
			return addr(e, v)
		}
		return other(e, v)
	}
}

func boolEncode(e *encState, v reflect.Value) error { return e.writeBool(v.Bool()) }

func intEncode(e *encState, v reflect.Value) error { return e.writeInt(v.Int()) }

func uintEncode(e *encState, v reflect.Value) error { return e.writeUint(v.Uint()) }

func float32Encode(e *encState, v reflect.Value) error { return e.writeFloat(v, 32) }

func float64Encode(e *encState, v reflect.Value) error { return e.writeFloat(v, 64) }

// writeFloat writes a float as encoding/json does; NaN and ±Inf are an
// error under NonFiniteError, as there, and otherwise follow the option.
func (e *encState) writeFloat(v reflect.Value, bits int) error {
	f := v.Float()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.g.opts.NonFinite == NonFiniteError {
			return unsupportedValue(v, strconv.FormatFloat(f, 'g', -1, bits))
		}
		return e.g.writeNonFinite(f)
	}
	return e.writeFiniteFloat(f, bits)
}

func stringEncode(e *encState, v reflect.Value) error { return e.g.WriteString(v.String()) }

func numberEncode(e *encState, v reflect.Value) error {
	s, err := numberText(e.g, v)
	if err != nil {
		return err
	}
	return e.g.WriteNumber(s)
}

// numberText returns the text of a json.Number: "0" when empty, as
// encoding/json writes it, and an error when not a JSON number.
func numberText(g *Generator, v reflect.Value) (string, error) {
	s := v.String()
	if s == "" {
		s = "0"
	}
	if !validNumber(s) {
		if jsonOnV2 {
			return "", marshalerErr(v.Type(), numberErr(s, g.out.offset()), "MarshalJSON")
		}
		return "", &EncodeError{Type: v.Type(), Err: numberErr(s, g.out.offset())}
	}
	return s, nil
}

func quotedBoolEncode(e *encState, v reflect.Value) error {
	if v.Bool() {
		return e.g.WriteString("true")
	}
	return e.g.WriteString("false")
}

func quotedIntEncode(e *encState, v reflect.Value) error {
	e.tmp = strconv.AppendInt(e.tmp[:0], v.Int(), 10)
	return e.g.WriteStringBytes(e.tmp)
}

func quotedUintEncode(e *encState, v reflect.Value) error {
	e.tmp = strconv.AppendUint(e.tmp[:0], v.Uint(), 10)
	return e.g.WriteStringBytes(e.tmp)
}

func quotedFloatEncoder(bits int) encoderFunc {
	return func(e *encState, v reflect.Value) error {
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return e.writeFloat(v, bits)
		}
		e.tmp = appendFloat(e.tmp[:0], f, bits)
		return e.g.WriteStringBytes(e.tmp)
	}
}

func quotedNumberEncode(e *encState, v reflect.Value) error {
	s, err := numberText(e.g, v)
	if err != nil {
		return err
	}
	return e.g.WriteString(s)
}

// quotedStringEncode writes the string quoted under the generator's
// escaping, inside a string: encoding/json's ",string" on a string field.
func quotedStringEncode(e *encState, v reflect.Value) error {
	q, err := e.g.esc.appendQuoted(e.tmp[:0], stringBytes(v.String()))
	if err != nil {
		return err
	}
	e.tmp = q
	return e.g.WriteStringBytes(q)
}

func interfaceEncode(e *encState, v reflect.Value) error {
	if v.IsNil() {
		return e.writeNull()
	}
	ev := v.Elem()
	if err := typeEncoder(ev.Type())(e, ev); err != nil {
		return encodeErr(ev.Type(), err) // the dynamic type, not the interface
	}
	return nil
}

func newPtrEncoder(elem encoderFunc) encoderFunc {
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			return e.writeNull()
		}
		if err := e.enter(v, -1); err != nil {
			return err
		}
		if err := elem(e, v.Elem()); err != nil {
			return err
		}
		e.leave(v, -1)
		return nil
	}
}

func newSliceEncoder(t reflect.Type) encoderFunc {
	// []byte is base64, unless its element type's pointer has a marshal
	// method (arrays of bytes are arrays).
	if t.Elem().Kind() == reflect.Uint8 {
		p := reflect.PointerTo(t.Elem())
		if !p.Implements(marshalerType) && !p.Implements(textMarshalerType) && !implementsTo(p) {
			return byteSliceEncode
		}
	}
	arr := newArrayEncoder(t)
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			return e.writeNull()
		}
		n := v.Len()
		if err := e.enter(v, n); err != nil {
			return err
		}
		if err := arr(e, v); err != nil {
			return err
		}
		e.leave(v, n)
		return nil
	}
}

// byteSliceEncode writes a []byte as the string of its standard base64
// encoding (RFC 4648 §4), as encoding/json does. That string obeys the
// escaping like any other: where the escaping changes a symbol of the
// alphabet (EscapeSlash's '/', or a CharacterEscapes rule for a letter),
// the text goes through the escaper; otherwise WriteBinary writes it
// directly, which is the same bytes.
func byteSliceEncode(e *encState, v reflect.Value) error {
	if v.IsNil() {
		return e.writeNull()
	}
	escaped, scratch := e.g.esc.base64Escaped(e.tmp)
	e.tmp = scratch[:0]
	if !escaped {
		return e.g.WriteBinary(base64.StdEncoding, v.Bytes())
	}
	e.tmp = base64.StdEncoding.AppendEncode(e.tmp[:0], v.Bytes())
	return e.g.WriteStringBytes(e.tmp)
}

// base64Alphabet is every byte the standard base64 encoding writes: its 64
// symbols and the padding.
const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// base64Escaped reports whether x writes any byte of base64Alphabet other
// than as itself. It quotes the alphabet once per escaper, through the
// same path as any string (CharacterEscapes hooks included), into
// scratch's memory (a buffer of its own would escape to the heap through
// the hooks, costing an allocation each time an escaper is set up), and
// caches the answer; it returns scratch, grown if it was.
func (x *escaper) base64Escaped(scratch []byte) (bool, []byte) {
	if x.b64 == 0 {
		q, err := x.appendQuoted(scratch[:0], stringBytes(base64Alphabet))
		x.b64 = 1
		if err != nil || string(q[1:len(q)-1]) != base64Alphabet {
			x.b64 = 2
		}
		scratch = q
	}
	return x.b64 == 2, scratch
}

func newArrayEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem())
	if f := fastElemArray(t, elem); f != nil {
		return f
	}
	return arrayLoop(t.Elem(), elem)
}

// arrayLoop returns the encoder of an array or slice whose elements, of
// type et, elem encodes.
func arrayLoop(et reflect.Type, elem encoderFunc) encoderFunc {
	return func(e *encState, v reflect.Value) error {
		if err := e.writeStart(inArray); err != nil {
			return err
		}
		for i, n := 0, v.Len(); i < n; i++ {
			if err := elem(e, v.Index(i)); err != nil {
				return atPath(err, et, strconv.Itoa(i))
			}
		}
		return e.writeEnd(inArray)
	}
}

func marshalerEncode(e *encState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return e.writeNull()
	}
	m, ok := assertAddr[json.Marshaler](v)
	if !ok {
		return e.writeNull()
	}
	return e.writeMarshalJSON(m, v.Type())
}

// addrMarshalerEncoder returns the encoder of an addressable value of t,
// whose pointer has MarshalJSON: the method of the value's address.
func addrMarshalerEncoder(t reflect.Type) encoderFunc {
	z := reflect.Zero(reflect.PointerTo(t)).Interface()
	return func(e *encState, v reflect.Value) error {
		m, _ := pointerTo(z, v).(json.Marshaler)
		return e.writeMarshalJSON(m, v.Type())
	}
}

// pointerTo returns v.Addr().Interface() for v, an addressable value of
// the type whose nil pointer z holds: a copy of z with its data word set
// to v's address (a pointer's interface holds the pointer itself), where
// Addr looks the pointer type up (reflect.PointerTo) on every call. A
// value that may not be used as an interface (one read through an
// unexported member) takes Addr, whose TypeAssert refuses it.
func pointerTo(z any, v reflect.Value) any {
	if !v.CanInterface() {
		m, _ := reflect.TypeAssert[any](v.Addr())
		return m
	}
	(*[2]unsafe.Pointer)(unsafe.Pointer(&z))[1] = unsafe.Pointer(v.UnsafeAddr())
	return z
}

func (e *encState) writeMarshalJSON(m json.Marshaler, t reflect.Type) error {
	b, err := m.MarshalJSON()
	return e.writeMarshalJSONResult(b, err, t)
}

// writeMarshalJSONResult writes b, the output of the MarshalJSON method of
// a value of type t, or returns the method's error err.
func (e *encState) writeMarshalJSONResult(b []byte, err error, t reflect.Type) error {
	if err != nil {
		return marshalerErr(t, err, "MarshalJSON")
	}
	// The output is re-encoded by the rule of WriteRawValue. Output that is
	// not one JSON value is the method's fault, which encoding/json
	// reports as a *json.MarshalerError; a value refused by the
	// generator's rules (its invalid-UTF-8 policy, Options.MaxDepth) is
	// jgen's own refusal.
	if err := e.g.writeMarshalerOutput(b); err != nil {
		if ve, ok := err.(*ValueError); ok && (ve.Cause == nil || ve.Cause == ErrMaxDepth) {
			// encoding/json refuses nesting past its limit inside the
			// output as it refuses a syntax error there.
			return marshalerErr(t, withSyntaxError(ve, b), "MarshalJSON")
		}
		return encodeErr(t, err)
	}
	return nil
}

// implementsTo reports whether t or its pointer has encoding/json/v2's
// MarshalJSONTo (false where encoding/json is the classic one, and for
// json.Number, which the encoder writes itself).
func implementsTo(t reflect.Type) bool {
	return marshalerToType != nil && !isNumber(t) && (t.Implements(marshalerToType) ||
		t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerToType))
}

// isNumber reports whether t is json.Number or a pointer to it.
func isNumber(t reflect.Type) bool {
	return t == numberType || t.Kind() == reflect.Pointer && t.Elem() == numberType
}

func marshalerToEncode(e *encState, v reflect.Value) error {
	if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
		return e.writeNull()
	}
	return e.writeMarshalJSONTo(v.Interface(), v.Type())
}

func addrMarshalerToEncode(e *encState, v reflect.Value) error {
	return e.writeMarshalJSONTo(v.Addr().Interface(), v.Type())
}

// errNotOneValue is encoding/json/v2's reason for MarshalJSONTo output
// that is not exactly one JSON value.
var errNotOneValue = errors.New("must read or write exactly one value")

// writeMarshalJSONTo calls the MarshalJSONTo method of m, a value of type
// t, with an encoder writing into a buffer, and writes the output as
// MarshalJSON output (writeMarshalJSON).
func (e *encState) writeMarshalJSONTo(m any, t reflect.Type) error {
	var buf bytes.Buffer
	if err := callMarshalJSONTo(m, &buf); err != nil {
		return marshalerErr(t, err, "MarshalJSONTo")
	}
	b := buf.Bytes()
	if !json.Valid(b) {
		return marshalerErr(t, errNotOneValue, "MarshalJSONTo")
	}
	if err := e.g.writeMarshalerOutput(b); err != nil {
		if ve, ok := err.(*ValueError); ok && ve.Cause == ErrMaxDepth {
			return marshalerErr(t, withSyntaxError(ve, b), "MarshalJSONTo")
		}
		return encodeErr(t, err)
	}
	return nil
}

func textMarshalerEncode(e *encState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return e.writeNull()
	}
	m, ok := assertAddr[encoding.TextMarshaler](v)
	if !ok {
		return e.writeNull()
	}
	return e.writeMarshalText(m, v.Type())
}

// addrTextMarshalerEncoder returns the encoder of an addressable value of
// t, whose pointer has MarshalText: the method of the value's address.
func addrTextMarshalerEncoder(t reflect.Type) encoderFunc {
	z := reflect.Zero(reflect.PointerTo(t)).Interface()
	return func(e *encState, v reflect.Value) error {
		m, _ := pointerTo(z, v).(encoding.TextMarshaler)
		return e.writeMarshalText(m, v.Type())
	}
}

// writeMarshalText writes the text of m, a value of type t, as a string:
// through AppendText where m has it (encoding/json on v2 calls it in
// preference to MarshalText; the text is the same by the interfaces'
// contract), else through MarshalText.
func (e *encState) writeMarshalText(m encoding.TextMarshaler, t reflect.Type) error {
	if a, ok := m.(encoding.TextAppender); ok {
		b, err := e.appendTextOf(a, t)
		if err != nil {
			return err
		}
		return e.g.WriteStringBytes(b)
	}
	b, err := m.MarshalText()
	if err != nil {
		return marshalerErr(t, err, "MarshalText")
	}
	return e.g.WriteStringBytes(b)
}

// assertAddr returns v as an I, v being of a type with I's methods in its
// own method set. An addressable value of a type that is neither a
// pointer nor an interface is asserted through its address, whose method
// set holds the same methods: an interface holding the value itself would
// be a copy on the heap.
func assertAddr[I any](v reflect.Value) (I, bool) {
	if k := v.Kind(); k != reflect.Pointer && k != reflect.Interface && v.CanAddr() {
		return reflect.TypeAssert[I](v.Addr())
	}
	return reflect.TypeAssert[I](v)
}
