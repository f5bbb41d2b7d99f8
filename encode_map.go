package jgen

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// keyKind says how a map key becomes a member name, in encoding/json's
// order of preference.
type keyKind uint8

const (
	keyString keyKind = iota // a string kind: the string itself
	keyText                  // an encoding.TextMarshaler: its text
	keyInt                   // a signed integer: its decimal form
	keyUint                  // an unsigned integer: its decimal form
	// On v2 (jsonOnV2) only:
	keyFloat // a float: its form as a number (appendFloat)
	keyAny   // an interface: by its dynamic value's kind, string or integer
	keyNone  // any other type: an error once the map has an entry
)

type mapEncoder struct {
	typ  reflect.Type
	keys keyKind
	elem encoderFunc
	// byIndex is set when the element type behaves differently when
	// addressable (a pointer method MarshalJSON or MarshalText somewhere
	// in it without an indirection): then each value is read with
	// MapIndex, which copies it unaddressable as encoding/json sees it.
	// Otherwise the values are copied into a pooled, addressable slice,
	// which costs no allocation.
	byIndex bool
	// plain is the fastKind of the element where the map type is
	// map[string]string, map[string]int, map[string]int64 or
	// map[string]bool (encodePlain), fastNone otherwise.
	plain fastKind
	// sortValid is set where encoding/json on v2 sorts the names as they
	// are written, with each invalid UTF-8 byte replaced by U+FFFD: for
	// every key type but a string kind without marshal methods.
	sortValid bool
	pool      sync.Pool // of *mapScratch
	// direct holds the direct path's node of the element type, made on
	// first use (directElem); its node is nil where the path does not
	// take the type.
	direct atomic.Pointer[directRef]
}

// directRef holds a directNode found for a type, nil included.
type directRef struct{ node *directNode }

// directElem returns the direct node of the element type, or nil.
func (me *mapEncoder) directElem() *directNode {
	r := me.direct.Load()
	if r == nil {
		r = &directRef{directNodeOf(me.typ.Elem())}
		if r.node != nil && r.node.kind == directState {
			r.node = nil // no faster than me.elem
		}
		me.direct.Store(r)
	}
	return r.node
}

// mapScratch holds one map's entries while they are sorted.
type mapScratch struct {
	iter    reflect.MapIter
	keys    reflect.Value // []K
	vals    reflect.Value // []V
	entries []mapEntry
	text    []byte // decimal keys
}

type mapEntry struct {
	name string
	i    int
	// start and end delimit a decimal key's form in mapScratch.text.
	start, end int
}

func newMapEncoder(t reflect.Type) encoderFunc {
	if !jsonOnV2 && mapKeyKind(t.Key()) >= keyFloat && !t.Key().Implements(textMarshalerType) {
		// Classic encoding/json refuses the type, even for a nil map.
		return func(e *encState, v reflect.Value) error { return unsupportedType(v.Type()) }
	}
	return newMapEncoderOf(t).encode
}

// mapKeyKind returns the keyKind of key type kt by its kind alone.
func mapKeyKind(kt reflect.Type) keyKind {
	switch kt.Kind() {
	case reflect.String:
		return keyString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return keyInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return keyUint
	case reflect.Float32, reflect.Float64:
		return keyFloat
	case reflect.Interface:
		return keyAny
	}
	return keyNone
}

// newMapEncoderOf returns the encoder of map type t, whose key type the
// toolchain's encoding/json takes (newMapEncoder has refused the others).
func newMapEncoderOf(t reflect.Type) *mapEncoder {
	kt := t.Key()
	me := &mapEncoder{typ: t, keys: mapKeyKind(kt)}
	// Go 1.26's experiment calls MarshalText on a key of a string kind
	// too; Go 1.27 and the classic encoding/json take the string.
	if (kt.Kind() != reflect.String || jsonOnV2 && !jsonV2Go127) && kt.Implements(textMarshalerType) {
		me.keys = keyText
	}
	me.sortValid = jsonOnV2 && (kt.Kind() != reflect.String || hasMarshaler(kt))
	me.elem = typeEncoder(t.Elem())
	me.byIndex = addrSensitive(t.Elem(), map[reflect.Type]bool{})
	if kt == stringType {
		switch t.Elem() {
		case stringType, reflect.TypeFor[int](), reflect.TypeFor[int64](), reflect.TypeFor[bool]():
			me.plain = fastKindOf(t.Elem())
		}
	}
	me.pool.New = func() any { return new(mapScratch) }
	return me
}

// addrSensitive reports whether encoding a value of type t can depend on
// whether the value is addressable.
func addrSensitive(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		p := reflect.PointerTo(t)
		if p.Implements(marshalerType) || p.Implements(textMarshalerType) || implementsTo(p) {
			return true
		}
	}
	switch t.Kind() {
	case reflect.Array:
		return addrSensitive(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if addrSensitive(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

func (me *mapEncoder) encode(e *encState, v reflect.Value) error {
	if v.IsNil() {
		return e.writeNull()
	}
	if err := e.enter(v, -2); err != nil {
		return err
	}
	if me.plain != fastNone {
		if err := me.encodePlain(e, v.UnsafePointer()); err != nil {
			return err
		}
		e.leave(v, -2)
		return nil
	}
	if err := me.writeObject(e, v, true); err != nil {
		return err
	}
	e.leave(v, -2)
	return nil
}

// writeMembers writes the entries of the map v, not nil, as members of
// the object open in e (an embedded fallback, encode_embed.go): sorted by
// name, nothing for an empty map.
func (me *mapEncoder) writeMembers(e *encState, v reflect.Value) error {
	if v.Len() == 0 {
		return nil
	}
	return me.writeObject(e, v, false)
}

// writeObject writes the entries of the map v sorted by name, inside
// braces where braces is set.
func (me *mapEncoder) writeObject(e *encState, v reflect.Value, braces bool) error {
	n := v.Len()
	sc := me.pool.Get().(*mapScratch)
	err := me.encodeEntries(e, v, n, sc, braces)
	if n > 0 {
		// Drop the references to the map's keys and values (element by
		// element: Value.Slice would allocate).
		for i := range n {
			sc.keys.Index(i).SetZero()
			if !me.byIndex {
				sc.vals.Index(i).SetZero()
			}
		}
		clear(sc.entries[:n])
	}
	sc.iter.Reset(reflect.Value{})
	me.pool.Put(sc)
	return err
}

// encodeEntries writes the n entries of the map v, sorted by name, with
// sc as scratch, inside braces where braces is set.
func (me *mapEncoder) encodeEntries(e *encState, v reflect.Value, n int, sc *mapScratch, braces bool) error {
	n, err := me.collectEntries(v, n, sc)
	if err != nil {
		e.setNameNotString(err)
		return err
	}
	entries := sc.entries[:n]
	if me.sortValid {
		slices.SortStableFunc(entries, func(a, b mapEntry) int { return compareValidNames(a.name, b.name) })
	} else {
		slices.SortFunc(entries, func(a, b mapEntry) int { return strings.Compare(a.name, b.name) })
	}
	return me.writeEntries(e, v, entries, sc, braces)
}

// collectEntries copies up to n entries of the map v into sc (keys, and
// values unless byIndex) with each one's member name, and returns how many
// it found: a map changed while encoded (by a method) may have shrunk.
func (me *mapEncoder) collectEntries(v reflect.Value, n int, sc *mapScratch) (int, error) {
	if n > 0 && (!sc.keys.IsValid() || sc.keys.Len() < n) {
		c := max(n, 8)
		sc.keys = reflect.MakeSlice(reflect.SliceOf(me.typ.Key()), c, c)
		if !me.byIndex {
			sc.vals = reflect.MakeSlice(reflect.SliceOf(me.typ.Elem()), c, c)
		}
	}
	sc.entries = slices.Grow(sc.entries[:0], n)[:n]
	sc.text = sc.text[:0]
	sc.iter.Reset(v)
	i := 0
	for ; i < n && sc.iter.Next(); i++ {
		k := sc.keys.Index(i)
		k.SetIterKey(&sc.iter)
		if !me.byIndex {
			sc.vals.Index(i).SetIterValue(&sc.iter)
		}
		en := &sc.entries[i]
		en.i = i
		if err := me.entryName(en, k, sc); err != nil {
			return i, err
		}
	}
	if me.keys != keyString {
		// The keys' texts become strings once sc.text stops growing.
		for j := range sc.entries[:i] {
			en := &sc.entries[j]
			en.name = unsafe.String(unsafe.SliceData(sc.text[en.start:]), en.end-en.start)
		}
	}
	return i, nil
}

// entryName sets the member name of en, whose key is k: the string
// itself, or a key's text appended to sc.text (delimited by en.start and
// en.end until collectEntries makes it a string).
func (me *mapEncoder) entryName(en *mapEntry, k reflect.Value, sc *mapScratch) error {
	switch me.keys {
	case keyString:
		en.name = k.String()
	case keyText:
		en.start = len(sc.text)
		var err error
		method := "MarshalText"
		if sc.text, method, err = appendTextKey(sc.text, k); err != nil {
			if jsonOnV2 {
				return marshalerErr(k.Type(), err, method)
			}
			return &EncodeError{Type: me.typ, Err: fmt.Errorf("json: encoding error for type %q: %q", me.typ.String(), err.Error())}
		}
		en.end = len(sc.text)
	case keyFloat, keyAny, keyNone:
		en.start = len(sc.text)
		var err error
		if sc.text, err = appendKeyV2(sc.text, k); err != nil {
			return err
		}
		en.end = len(sc.text)
	case keyInt:
		en.start = len(sc.text)
		sc.text = strconv.AppendInt(sc.text, k.Int(), 10)
		en.end = len(sc.text)
	case keyUint:
		en.start = len(sc.text)
		sc.text = strconv.AppendUint(sc.text, k.Uint(), 10)
		en.end = len(sc.text)
	}
	return nil
}

// writeEntries writes the entries of the map v in the order given,
// inside braces where braces is set.
func (me *mapEncoder) writeEntries(e *encState, v reflect.Value, entries []mapEntry, sc *mapScratch, braces bool) error {
	if braces {
		if err := e.writeStart(inObject); err != nil {
			return err
		}
	}
	// Values copied into sc.vals are addressable memory the direct path
	// can read.
	var (
		vals  unsafe.Pointer
		vnode *directNode
	)
	if !me.byIndex && len(entries) > 0 && e.directOK() {
		if vnode = me.directElem(); vnode != nil {
			vals = sc.vals.UnsafePointer()
		}
	}
	size := me.typ.Elem().Size()
	for _, en := range entries {
		if err := e.writeName(en.name); err != nil {
			// A key that cannot be written (invalid UTF-8) is blamed on
			// the map: its own text may not be fit for a pointer.
			return keyErr(me.typ.Key(), err)
		}
		if vnode != nil {
			ok, err := e.writeDirect(vnode, unsafe.Add(vals, uintptr(en.i)*size))
			if err != nil {
				return atPath(err, me.typ.Elem(), en.name)
			}
			if ok {
				continue
			}
		}
		var ev reflect.Value
		if me.byIndex {
			ev = v.MapIndex(sc.keys.Index(en.i))
		} else {
			ev = sc.vals.Index(en.i)
		}
		if err := me.elem(e, ev); err != nil {
			return atPath(err, me.typ.Elem(), en.name)
		}
	}
	if !braces {
		return nil
	}
	return e.writeEnd(inObject)
}

// appendTextKey appends the text of a TextMarshaler key to b, a nil
// pointer's being "": through AppendText where the key has it, as
// encoding/json on v2 calls it (the same text as MarshalText's by the
// interfaces' contract), else through MarshalText. It returns the name of
// the method called, for its error; on error b is returned unchanged.
func appendTextKey(b []byte, k reflect.Value) ([]byte, string, error) {
	if k.Kind() == reflect.Pointer && k.IsNil() {
		return b, "MarshalText", nil
	}
	tm, _ := assertAddr[encoding.TextMarshaler](k)
	if a, ok := tm.(encoding.TextAppender); ok {
		// Given b's spare capacity only: whatever the method returns,
		// b's keys stay as they are, and the text is appended after them
		// (in place, when the method kept to the capacity given).
		r, err := a.AppendText(b[len(b):])
		if err != nil {
			return b, "AppendText", err
		}
		return append(b, r...), "AppendText", nil
	}
	t, err := tm.MarshalText()
	if err != nil {
		return b, "MarshalText", err
	}
	return append(b, t...), "MarshalText", nil
}

// appendKeyV2 appends the member name of the map key k by the rules of
// encoding/json on v2 (jsonOnV2), which marshals a key as a value in the
// place of a name: a string kind as itself (Go 1.26's experiment calls
// MarshalText first), an integer or float kind in its number form, a type
// with MarshalText (through a pointer: a pointer-receiver method only
// where the key sits behind a pointer) as its text, a non-nil pointer by
// what it points to, and an interface by its dynamic value, except that
// a bool, a float64 or a nil held in an interface{} is written as a JSON
// bool, number or null there. Any other key, and those, is a name that is
// not a string: a *json.UnsupportedValueError (nameNotString).
func appendKeyV2(b []byte, k reflect.Value) ([]byte, error) {
	for {
		switch k.Kind() {
		case reflect.Interface:
			if k.IsNil() {
				return b, nameNotString(k)
			}
			any := k.NumMethod() == 0
			k = k.Elem()
			if any && (k.Type() == boolType || k.Type() == float64Type && !math.IsNaN(k.Float()) && !math.IsInf(k.Float(), 0)) {
				return b, nameNotString(k)
			}
			continue
		case reflect.Pointer:
			if k.IsNil() {
				return b, nameNotString(k)
			}
			if k.Type().Implements(textMarshalerType) {
				return appendKeyText(b, k)
			}
			k = k.Elem()
			continue
		}
		if k.Type().Implements(textMarshalerType) && (k.Kind() != reflect.String || !jsonV2Go127) {
			return appendKeyText(b, k)
		}
		switch k.Kind() {
		case reflect.String:
			return append(b, k.String()...), nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return strconv.AppendInt(b, k.Int(), 10), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return strconv.AppendUint(b, k.Uint(), 10), nil
		case reflect.Float32, reflect.Float64:
			f, bits := k.Float(), k.Type().Bits()
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return b, unsupportedValue(k, strconv.FormatFloat(f, 'g', -1, bits))
			}
			return appendFloat(b, f, bits), nil
		case reflect.Complex64, reflect.Complex128, reflect.Chan, reflect.Func, reflect.UnsafePointer:
			return b, unsupportedType(k.Type())
		}
		return b, nameNotString(k)
	}
}

var (
	boolType    = reflect.TypeFor[bool]()
	float64Type = reflect.TypeFor[float64]()
)

// compareValidNames compares a and b as encoding/json on v2 sorts the
// names of a map whose keys are not plain strings: with each byte of
// invalid UTF-8 replaced by U+FFFD. (Names equal so are in iteration
// order there, which is random; here in the order collected.)
func compareValidNames(a, b string) int {
	if utf8.ValidString(a) && utf8.ValidString(b) {
		return strings.Compare(a, b)
	}
	return strings.Compare(string([]rune(a)), string([]rune(b)))
}

// appendKeyText appends the text of the key k, through AppendText where
// its type has it (encoding/json on v2 calls AppendText before
// MarshalText, and names the method it called in its error).
func appendKeyText(b []byte, k reflect.Value) ([]byte, error) {
	r, method, err := appendTextKey(b, k)
	if err != nil {
		return b, marshalerErr(k.Type(), err, method)
	}
	return r, nil
}

// nameNotString reports the map key k that encoding/json on v2 would write
// as a JSON value other than a string in the place of a member name. Its
// *json.UnsupportedValueError gets jsontext's message (with the map's
// offset and JSON Pointer) from setNameNotString and finish.
func nameNotString(k reflect.Value) error {
	ee := &EncodeError{Type: k.Type(), Err: &json.UnsupportedValueError{Value: k, Str: "map key of type " + k.Type().String() + " is not a string"}}
	ee.nameOffset = -1
	return ee
}

// setNameNotString records in err, if it is from nameNotString, the
// output offset encoding/json reports: one past the map's '{' (two on Go
// 1.27), which e is about to write.
func (e *encState) setNameNotString(err error) {
	ee, ok := err.(*EncodeError)
	if !ok || ee.nameOffset != -1 {
		return
	}
	st := &e.g.state
	off := e.g.out.offset() - e.start
	if st.container == inArray && !st.first || st.container == inObject && st.afterName {
		off++ // the comma or colon before the map, written with it
	}
	off++
	if jsonV2Go127 {
		off++
	}
	ee.nameOffset = off
}

// writeName writes a map key as a name. In the Compact layout it escapes
// the name straight into the buffer when it fits, as the generator's
// string fast path does for values; otherwise, and for an invalid name,
// it leaves the work to WriteName.
func (e *encState) writeName(name string) error {
	g := e.g
	st := &g.state
	if !st.compact || st.container != inObject || st.afterName || g.err != nil {
		return g.WriteName(name)
	}
	if n := len(name) + 3; g.out.free() < n {
		_ = g.out.room(n) // append mode while WriteValue runs
	}
	mark := len(g.out.buf)
	b := g.out.buf
	if !st.first {
		b = append(b, ',')
	}
	b = append(b, g.esc.quote)
	b, i, bad := g.esc.appendSome(b, stringBytes(name), 0)
	if i < len(name) || bad || cap(b)-len(b) <= slack {
		g.out.buf = g.out.buf[:mark]
		return g.WriteName(name)
	}
	g.out.buf = append(b, g.esc.quote)
	st.nameDone()
	return nil
}

var stringType = reflect.TypeFor[string]()

// plainKeysPool holds the key slices of encodePlain.
var plainKeysPool = sync.Pool{New: func() any { return new([]string) }}

// encodePlain writes the map at p, whose type is one that me.plain names,
// through the Go map itself rather than reflect: its keys collected into a
// pooled slice and sorted, and each value looked up and written as the
// fastKind it is. No method of the user is called, so the map cannot
// change meanwhile.
func (me *mapEncoder) encodePlain(e *encState, p unsafe.Pointer) error {
	switch me.plain {
	case fastString:
		if m := *(*map[string]string)(unsafe.Pointer(&p)); len(m) <= smallMap {
			return writeSmallPlain(me, e, m, func(e *encState, v string) error { return e.g.WriteString(v) })
		}
	case fastInt:
		if m := *(*map[string]int)(unsafe.Pointer(&p)); len(m) <= smallMap {
			return writeSmallPlain(me, e, m, func(e *encState, v int) error { return e.writeInt(int64(v)) })
		}
	}
	kp := plainKeysPool.Get().(*[]string)
	keys := (*kp)[:0]
	switch me.plain {
	case fastString:
		keys = appendMapKeys[string](keys, p)
	case fastInt:
		keys = appendMapKeys[int](keys, p)
	case fastInt64:
		keys = appendMapKeys[int64](keys, p)
	default:
		keys = appendMapKeys[bool](keys, p)
	}
	slices.Sort(keys)
	err := me.writePlain(e, p, keys)
	clear(keys) // no references to the map's strings from the pool
	if cap(keys) <= 1<<10 {
		*kp = keys[:0]
		plainKeysPool.Put(kp)
	}
	return err
}

// smallMap is the most entries writeSmallPlain takes.
const smallMap = 8

// writeSmallPlain is encodePlain for a map of at most smallMap entries:
// its entries, keys and values, are copied into an array on the stack in
// one iteration and sorted there by key (Go's string order, which is
// encoding/json's), so that no pooled slice is taken and no value is
// looked up again. write writes one value.
func writeSmallPlain[V any](me *mapEncoder, e *encState, m map[string]V, write func(*encState, V) error) error {
	var a [smallMap]smallEntry[V]
	s := sortSmall(&a, m)
	if err := e.writeStart(inObject); err != nil {
		return err
	}
	for i := range s {
		if err := e.writeName(s[i].k); err != nil {
			return keyErr(me.typ.Key(), err)
		}
		if err := write(e, s[i].v); err != nil {
			return atPath(err, me.typ.Elem(), s[i].k)
		}
	}
	return e.writeEnd(inObject)
}

// smallEntry is one entry of a small plain map, copied out of it.
type smallEntry[V any] struct {
	k string
	v V
}

// sortSmall copies the entries of m, which has at most smallMap, into a
// and returns them sorted by key in Go's string order (encoding/json's),
// by insertion, which is the fastest sort at this size. The result shares
// a's memory, which the caller keeps on its stack.
func sortSmall[V any](a *[smallMap]smallEntry[V], m map[string]V) []smallEntry[V] {
	n := 0
	for k, v := range m {
		a[n] = smallEntry[V]{k, v}
		n++
	}
	s := a[:n]
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].k < s[j-1].k; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// appendMapKeys appends the keys of the map[string]V at p to keys.
func appendMapKeys[V any](keys []string, p unsafe.Pointer) []string {
	for k := range *(*map[string]V)(unsafe.Pointer(&p)) {
		keys = append(keys, k)
	}
	return keys
}

// writePlain writes the object of the map at p with its keys in the order
// given, for encodePlain.
func (me *mapEncoder) writePlain(e *encState, p unsafe.Pointer, keys []string) error {
	if err := e.writeStart(inObject); err != nil {
		return err
	}
	mp := unsafe.Pointer(&p)
	for _, k := range keys {
		if err := e.writeName(k); err != nil {
			return keyErr(me.typ.Key(), err)
		}
		var err error
		switch me.plain {
		case fastString:
			err = e.g.WriteString((*(*map[string]string)(mp))[k])
		case fastInt:
			err = e.writeInt(int64((*(*map[string]int)(mp))[k]))
		case fastInt64:
			err = e.writeInt((*(*map[string]int64)(mp))[k])
		default:
			err = e.writeBool((*(*map[string]bool)(mp))[k])
		}
		if err != nil {
			return atPath(err, me.typ.Elem(), k)
		}
	}
	return e.writeEnd(inObject)
}
