package jgen

// The v2 rules' encoders of interfaces, pointers, slices, arrays and
// maps.

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen/internal/ftoa"
)

func v2InterfaceEncoder(it reflect.Type, f v2Flags) v2Func {
	// The cache of f, found once: under marshal functions it is theirs,
	// found by id otherwise.
	cache := v2Cache(f)
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
		enc := v2LookupIn(cache, t, f)
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
			return b, declineValue(t, whyPointerDepth)
		}
		b, err := enc.f(s, b, q)
		s.depth--
		if err != nil {
			return b, encodeErr(t, err)
		}
		return b, nil
	}
}

func v2PtrEncoder(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	elem := v2Lookup(t.Elem(), f)
	if elem.why != nil {
		return nil, elem.why
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), nil
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, declineValue(t, whyPointerDepth)
		}
		b, err := elem.f(s, b, q)
		s.depth--
		return b, err
	}, nil
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func v2SliceEncoder(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
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
		}, nil
	}
	elems, why := v2Elems(et, f)
	if why != nil {
		return nil, why
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
			return b, declineValue(t, whyPointerDepth)
		}
		s.room--
		b, err := elems(s, b, h.data, h.len)
		s.room++
		s.depth--
		return b, err
	}, nil
}

// v2ElemsFunc appends the array of the n elements at base.
type v2ElemsFunc func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error)

// v2Elems returns the encoder of an array of elements of type et: a loop
// of its own for float64, int and string elements without methods (no
// call per element), else a loop calling et's encoder.
func v2Elems(et reflect.Type, f v2Flags) (v2ElemsFunc, *unimplementedError) {
	elem := v2Lookup(et, f)
	if elem.why != nil {
		return nil, elem.why
	}
	plain := f&v2Stringify == 0 && !hasV2Methods(et) && et != numberType && !hasFunc(et, f)
	switch {
	case plain && et.Kind() == reflect.Float64:
		// appendFloat64s writes ",x" for each finite x: the first comma
		// becomes the '['. At a NaN or ±Inf, the element's encoder gives
		// its error.
		return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
			if n == 0 {
				return append(b, "[]"...), nil
			}
			start := len(b)
			b, i := appendFloat64s(b, unsafe.Slice((*float64)(base), n))
			if i == 0 {
				b = append(b, '[')
			} else {
				b[start] = '['
			}
			if i < n {
				b, err := elem.f(s, b, unsafe.Add(base, uintptr(i)*8)) // its error, at the element's index
				return b, atPath(err, et, strconv.Itoa(i))
			}
			return append(b, ']'), nil
		}, nil
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
		}, nil
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
		}, nil
	}
	size := et.Size()
	each := func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
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
	}
	if plain && et.Kind() == reflect.Array && et.Len() > 0 && et.Elem().Kind() == reflect.Float64 && !hasV2Methods(et.Elem()) && !hasFunc(et.Elem(), f) {
		// Arrays of float64 (canada's coordinate pairs), each written
		// here as v2ArrayEncoder and the float64 loop above would write
		// it, without their calls; where the arrays may not open
		// (s.room), each is left to v2ArrayEncoder, which refuses it.
		fenc, m := v2Lookup(et.Elem(), f), et.Len()
		// pairs appends arrays from to n-1 of the n at base, as the
		// closing ']' would follow them: after the first, each after a
		// comma.
		pairs := func(s *v2State, b []byte, base unsafe.Pointer, from, n int) ([]byte, error) {
			for i := from; i < n; i++ {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, '[')
				for j := range m {
					q := unsafe.Add(base, uintptr(i)*size+uintptr(j)*8)
					if x := *(*float64)(q); x-x != 0 {
						// Its error at the pair's index and the element's.
						_, err := fenc.f(s, b, q)
						return b, atPath(atPath(err, et.Elem(), strconv.Itoa(j)), et, strconv.Itoa(i))
					}
					if j > 0 {
						b = append(b, ',')
					}
					b = ftoa.AppendJSON64(b, *(*float64)(q))
				}
				b = append(b, ']')
			}
			return b, nil
		}
		if m == 2 {
			// Pairs by appendFloat64Pairs, which writes ",[x,y]" for
			// each: the first comma becomes the '['. At the first pair
			// with a NaN or ±Inf, pairs writes that one and its error.
			return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
				if s.room < 1 {
					return each(s, b, base, n)
				}
				if n == 0 {
					return append(b, "[]"...), nil
				}
				start := len(b)
				b, k := appendFloat64Pairs(b, unsafe.Slice((*[2]float64)(base), n))
				if k == 0 {
					b = append(b, '[')
				} else {
					b[start] = '['
				}
				if k < n {
					return pairs(s, b, base, k, n)
				}
				return append(b, ']'), nil
			}, nil
		}
		return func(s *v2State, b []byte, base unsafe.Pointer, n int) ([]byte, error) {
			if s.room < 1 {
				return each(s, b, base, n)
			}
			b = append(b, '[')
			b, err := pairs(s, b, base, 0, n)
			if err != nil {
				return b, err
			}
			return append(b, ']'), nil
		}, nil
	}
	return each, nil
}

func v2ArrayEncoder(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	et := t.Elem()
	n := t.Len()
	if et.Kind() == reflect.Uint8 && et.PkgPath() == "" {
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, unsafe.Slice((*byte)(p), n))
			return append(b, '"'), nil
		}, nil
	}
	elems, why := v2Elems(et, f)
	if why != nil {
		return nil, why
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		if s.room < 1 {
			return b, s.depthError(b, '[')
		}
		s.room--
		b, err := elems(s, b, p, n)
		s.room++
		return b, err
	}, nil
}

func v2MapEncoder(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	kt, et := t.Key(), t.Elem()
	// name returns the member name of a key; names of number keys are
	// appended to the arena (one buffer per map written) and point into
	// it. mayRepeat is set where distinct keys may get one name.
	var (
		name      v2KeyNameFunc
		mayRepeat bool
	)
	if fns := funcsFor(kt, f); len(fns) > 0 {
		if len(fns) > 1 || fns[0].to != nil {
			// A MarshalToFunc may write at the name's position, or pass
			// the key on to v2's key encoding: left to v2.
			return nil, unimplemented("map key type " + kt.String() + " that a MarshalToFunc, or more than one marshal function, applies to")
		}
		name, mayRepeat = v2FuncKeyName(kt, fns[0]), true
	} else if k := kt.Kind(); f>>v2MarshalersShift != 0 && (k == reflect.Pointer || k == reflect.Interface) {
		// A marshal function may apply to what the key points to or
		// holds: left to v2.
		return nil, unimplemented("map key type " + kt.String() + " of " + kt.Kind().String() + " kind under Marshalers")
	} else {
		name, mayRepeat = v2KeyName(kt, 0)
	}
	if name == nil {
		return nil, v2KeyTypeReason(kt)
	}
	elem := v2Lookup(et, f)
	if elem.why != nil {
		return nil, elem.why
	}
	isString := kt.Kind() == reflect.String
	size := et.Size()
	sliceType := reflect.SliceOf(et)
	each := func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
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
			return b, declineValue(t, whyPointerDepth)
		}
		s.room--
		if s.anyOrder && !mayRepeat && (!isString || s.strictUTF8 || s.dupNames || validKeys(m, kt)) {
			return v2MapInOrder(s, b, m, kt, et, name, elem.f)
		}
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
			nm, err := name(s, key, &arena)
			if err != nil {
				return b, err
			}
			if isString && !mayRepeat && !s.strictUTF8 && !s.dupNames && !utf8.ValidString(nm) {
				// Two such keys may be written as the same name.
				return b, declineKey(kt, whyKeyUTF8)
			}
			if mayRepeat && !utf8.ValidString(nm) {
				// Refused by v2 or replaced, sorted by the replaced name.
				return b, declineKey(kt, whyKeyNameUTF8)
			}
			names[i] = nm
			vals.Index(i).SetIterValue(&it)
		}
		idx := make([]int, i)
		for j := range idx {
			idx[j] = j
		}
		slices.SortFunc(idx, func(x, y int) int { return strings.Compare(names[x], names[y]) })
		if mayRepeat && !s.dupNames {
			for j := 1; j < len(idx); j++ {
				if names[idx[j]] == names[idx[j-1]] {
					// Distinct keys of one name: v2's error, its own to
					// give. (With AllowDuplicateNames v2 writes them in
					// the order of the map's iteration: any order.)
					return b, declineKey(kt, unimplemented("distinct map keys of type "+kt.String()+" named "+strconv.Quote(names[idx[j]])+" without AllowDuplicateNames (encoding/json/v2's error)"))
				}
			}
		}
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
	}
	if small := v2SmallMapEncoder(kt, et, f); small != nil {
		// A small map of string keys and plain values (attributes,
		// labels, counters): its entries sorted on the stack, as the v1
		// direct path does (appendMapDirect), without reflection. The
		// rest, and what each refuses, are left to each. In iteration
		// order (AnyMapOrder, no key of invalid UTF-8 to look for) it
		// takes maps of any size: there is nothing to sort.
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			n := mapLen(p)
			big := n > smallMap && !(s.anyOrder && (s.strictUTF8 || s.dupNames))
			if n == 0 || big || s.room < 1 || s.depth >= v2MaxPointers {
				return each(s, b, p)
			}
			s.depth++
			s.room--
			b, err := small(s, b, p)
			s.room++
			s.depth--
			return b, err
		}, nil
	}
	return each, nil
}

// v2MapInOrder appends the members of m, a map of n > 0 entries whose
// keys cannot share a name (under [JSONv2.AnyMapOrder]), in the map's
// iteration order, as encoding/json/v2 writes them without
// Deterministic, and closes the object v2MapEncoder opened (s.room and
// s.depth). Each key's name is used only until the next key's, so the
// names of number keys share one arena buffer; integer keys are written
// as their digits, quoted, which no escaping changes.
func v2MapInOrder(s *v2State, b []byte, m reflect.Value, kt, et reflect.Type, name v2KeyNameFunc, elem v2Func) ([]byte, error) {
	switch k := kt.Kind(); {
	case k >= reflect.Int && k <= reflect.Int64:
		return v2IntMapInOrder(s, b, m, kt, et, elem, func(key reflect.Value, b []byte) []byte { return strconv.AppendInt(b, key.Int(), 10) })
	case k >= reflect.Uint && k <= reflect.Uintptr:
		return v2IntMapInOrder(s, b, m, kt, et, elem, func(key reflect.Value, b []byte) []byte { return strconv.AppendUint(b, key.Uint(), 10) })
	}
	// One key and one value reused for every entry: MapIter.Key and
	// Value would copy each to the heap.
	key := reflect.New(kt).Elem()
	val := reflect.New(et).Elem()
	vp := val.Addr().UnsafePointer()
	var it reflect.MapIter
	it.Reset(m)
	var arena []byte
	b = append(b, '{')
	for first := true; it.Next(); first = false {
		key.SetIterKey(&it)
		arena = arena[:0]
		nm, err := name(s, key, &arena)
		if err != nil {
			return b, err
		}
		if !first {
			b = append(b, ',')
		}
		if b, err = s.appendString(b, stringBytes(nm)); err != nil {
			return b, &EncodeError{Type: kt, Err: err, key: true}
		}
		b = append(b, ':')
		val.SetIterValue(&it)
		if b, err = elem(s, b, vp); err != nil {
			return b, atPath(err, et, nm)
		}
	}
	s.room++
	s.depth--
	return append(b, '}'), nil
}

// v2IntMapInOrder is v2MapInOrder for keys of integer kinds, each
// written as digits appends them.
func v2IntMapInOrder(s *v2State, b []byte, m reflect.Value, kt, et reflect.Type, elem v2Func, digits func(key reflect.Value, b []byte) []byte) ([]byte, error) {
	key := reflect.New(kt).Elem()
	val := reflect.New(et).Elem()
	vp := val.Addr().UnsafePointer()
	var it reflect.MapIter
	it.Reset(m)
	b = append(b, '{')
	for first := true; it.Next(); first = false {
		key.SetIterKey(&it)
		if !first {
			b = append(b, ',')
		}
		b = append(digits(key, append(b, '"')), '"', ':')
		val.SetIterValue(&it)
		var err error
		if b, err = elem(s, b, vp); err != nil {
			return b, atPath(err, et, string(digits(key, nil)))
		}
	}
	s.room++
	s.depth--
	return append(b, '}'), nil
}

// validKeys reports whether every key of m, a map of key type kt of
// string kind, is valid UTF-8 (no two keys then share a name under an
// InvalidUTF8 policy that replaces invalid bytes).
func validKeys(m reflect.Value, kt reflect.Type) bool {
	key := reflect.New(kt).Elem()
	var it reflect.MapIter
	it.Reset(m)
	for it.Next() {
		key.SetIterKey(&it)
		if !utf8.ValidString(key.String()) {
			return false
		}
	}
	return true
}

// v2FuncKeyName returns the name function of v2MapEncoder for keys of
// type kt that fn, a MarshalFunc, encodes: the key's address to fn, as v2
// calls it at the name's position, whose output must be a JSON string
// (v2 refuses anything else); the name is the string's text, which is
// written under the escaping as v2 writes it. Output with whitespace
// around it, escapes, control characters or invalid UTF-8 is declined.
func v2FuncKeyName(kt reflect.Type, fn *marshalFunc) v2KeyNameFunc {
	return func(_ *v2State, k reflect.Value, _ *[]byte) (string, error) {
		out, err := fn.call(kt, k.Addr().UnsafePointer())
		if err != nil {
			if errors.Is(err, errors.ErrUnsupported) {
				err = errFuncUnsupported
			}
			return "", methodErr(fn.typ, "MarshalFunc", err)
		}
		if len(out) < 2 || out[0] != '"' || out[len(out)-1] != '"' {
			return "", declineKey(kt, whyFuncKeyNotString)
		}
		text := out[1 : len(out)-1]
		for _, c := range text {
			if c < 0x20 || c == '"' || c == '\\' {
				return "", declineKey(kt, whyFuncKeyEscapes)
			}
		}
		if !utf8.Valid(text) {
			return "", declineKey(kt, whyKeyNameUTF8)
		}
		return string(text), nil
	}
}

// v2SmallMapEncoder returns the encoder of the entries of a map of 1 to
// smallMap entries (of any number in iteration order, where
// v2SmallMapInOrder need not look for keys of invalid UTF-8) of key
// type kt and value type et under f where kt is
// string and et is string, bool, or (without StringifyNumbers) int or
// int64; else nil.
func v2SmallMapEncoder(kt, et reflect.Type, f v2Flags) v2Func {
	if kt != stringType || hasFunc(et, f) || hasFunc(kt, f) {
		return nil
	}
	switch {
	case et == stringType:
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			return v2SmallMap(s, b, *(*map[string]string)(p), et, func(s *v2State, b []byte, v string) ([]byte, error) {
				return s.appendString(b, stringBytes(v))
			})
		}
	case et == boolType:
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			return v2SmallMap(s, b, *(*map[string]bool)(p), et, func(_ *v2State, b []byte, v bool) ([]byte, error) {
				if v {
					return append(b, "true"...), nil
				}
				return append(b, "false"...), nil
			})
		}
	case f&v2Stringify != 0:
		return nil
	case et == reflect.TypeFor[int]():
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			return v2SmallMap(s, b, *(*map[string]int)(p), et, func(_ *v2State, b []byte, v int) ([]byte, error) {
				return appendInt(b, int64(v)), nil
			})
		}
	case et == reflect.TypeFor[int64]():
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			return v2SmallMap(s, b, *(*map[string]int64)(p), et, func(_ *v2State, b []byte, v int64) ([]byte, error) {
				return appendInt(b, v), nil
			})
		}
	}
	return nil
}

// v2SmallMap appends the object of m, of 1 to smallMap entries, its
// members sorted by name, each value written by val, with the errors of
// v2MapEncoder's loop: a key of invalid UTF-8 that could become another
// key's name declined, a key or value the escaping refuses.
func v2SmallMap[V any](s *v2State, b []byte, m map[string]V, et reflect.Type, val func(s *v2State, b []byte, v V) ([]byte, error)) ([]byte, error) {
	if s.anyOrder && (s.strictUTF8 || s.dupNames || validNames(m)) {
		return v2SmallMapInOrder(s, b, m, et, val)
	}
	var a [smallMap]smallEntry[V]
	es := sortSmall(&a, m)
	b = append(b, '{')
	var err error
	for j := range es {
		e := &es[j]
		if !s.strictUTF8 && !s.dupNames && !utf8.ValidString(e.k) {
			// Two such keys may be written as the same name.
			return b, declineKey(stringType, whyKeyUTF8)
		}
		if j > 0 {
			b = append(b, ',')
		}
		if b, err = s.appendString(b, stringBytes(e.k)); err != nil {
			return b, &EncodeError{Type: stringType, Err: err, key: true}
		}
		b = append(b, ':')
		if b, err = val(s, b, e.v); err != nil {
			return b, atPath(err, et, e.k)
		}
	}
	return append(b, '}'), nil
}

// v2SmallMapInOrder is v2SmallMap under [JSONv2.AnyMapOrder]: the
// members in the map's iteration order, no key sharing a name with
// another.
func v2SmallMapInOrder[V any](s *v2State, b []byte, m map[string]V, et reflect.Type, val func(s *v2State, b []byte, v V) ([]byte, error)) ([]byte, error) {
	b = append(b, '{')
	first := true
	var err error
	for k, v := range m {
		if !first {
			b = append(b, ',')
		}
		first = false
		if b, err = s.appendString(b, stringBytes(k)); err != nil {
			return b, &EncodeError{Type: stringType, Err: err, key: true}
		}
		b = append(b, ':')
		if b, err = val(s, b, v); err != nil {
			return b, atPath(err, et, k)
		}
	}
	return append(b, '}'), nil
}

// validNames reports whether every key of m is valid UTF-8.
func validNames[V any](m map[string]V) bool {
	for k := range m {
		if !utf8.ValidString(k) {
			return false
		}
	}
	return true
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

// v2KeyNameFunc returns the member name of the map key k under s.
type v2KeyNameFunc func(s *v2State, k reflect.Value, arena *[]byte) (string, error)

// v2KeyName returns the function giving the member name of a map key of
// type kt under the v2 rules, as v2 marshals a key (its arshaler in the
// position of a name, numbers quoted), and whether distinct keys may
// have one name (keys named by a method, pointers, interfaces); nil where
// jgen does not implement the key type (bool, struct, array keys and
// others v2 refuses among them). Names of number keys and those of
// methods are appended to *arena (one buffer per map written) and point
// into it. A name the function cannot give exactly (a nil pointer or
// interface, NaN, ±Inf, v2's errors all; an interface holding a named
// type, a float64 (which v2 writes as a number, refused as a name, but
// under StringifyNumbers) or another kind) is declined with an
// *EncodeError. depth bounds the pointers followed.
func v2KeyName(kt reflect.Type, depth int) (name v2KeyNameFunc, mayRepeat bool) {
	switch k := kt.Kind(); {
	case depth > v2MaxPointers:
		return nil, false
	case hasV2Methods(kt) && k != reflect.Pointer && k != reflect.Interface:
		return v2KeyMethodName(kt), true
	case k == reflect.Pointer:
		elem, _ := v2KeyName(kt.Elem(), depth+1)
		if elem == nil {
			return nil, false
		}
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			if k.IsNil() {
				return "", declineKey(kt, whyKeyNilPointer)
			}
			return elem(s, k.Elem(), arena)
		}, true
	case k == reflect.Interface:
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			if k.IsNil() {
				return "", declineKey(kt, whyKeyNilInterface)
			}
			e := k.Elem()
			if t := e.Type(); t.PkgPath() != "" || t.Name() == "" || t.Kind() == reflect.Float64 {
				// A type that may have methods, or a float64.
				return "", declineKey(kt, whyInterfaceKey(kt, t))
			}
			switch k := e.Kind(); {
			case k == reflect.String:
				return e.String(), nil
			case k >= reflect.Int && k <= reflect.Int64:
				return arenaString(arena, strconv.AppendInt(*arena, e.Int(), 10)), nil
			case k >= reflect.Uint && k <= reflect.Uintptr:
				return arenaString(arena, strconv.AppendUint(*arena, e.Uint(), 10)), nil
			case k == reflect.Float32:
				if x := e.Float(); !math.IsNaN(x) && !math.IsInf(x, 0) {
					return string(appendFloat(nil, x, 32)), nil
				}
				return "", declineKey(kt, whyKeyNonFinite)
			}
			return "", declineKey(kt, whyInterfaceKey(kt, e.Type()))
		}, true
	case k == reflect.String:
		return func(_ *v2State, k reflect.Value, _ *[]byte) (string, error) { return k.String(), nil }, false
	case k >= reflect.Int && k <= reflect.Int64:
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			return arenaString(arena, strconv.AppendInt(*arena, k.Int(), 10)), nil
		}, false
	case k >= reflect.Uint && k <= reflect.Uintptr:
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			return arenaString(arena, strconv.AppendUint(*arena, k.Uint(), 10)), nil
		}, false
	case k == reflect.Float32 || k == reflect.Float64:
		bits := kt.Bits()
		return func(_ *v2State, k reflect.Value, _ *[]byte) (string, error) {
			x := k.Float()
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return "", declineKey(kt, whyKeyNonFinite)
			}
			return string(appendFloat(nil, x, bits)), nil
		}, false
	}
	return nil, false
}

// v2KeyMethodName returns the name function of v2MapEncoder for a key
// type kt with methods v2 calls, where jgen implements them:
// MarshalJSONTo, MarshalJSON, AppendText and MarshalText (in v2's order)
// on a type that is not a pointer or an interface (whose key v2 marshals
// as its element or dynamic value), called through the key's address as
// v2 calls them. The name, copied to the arena, is the text, or the
// MarshalJSON or MarshalJSONTo output (the latter written by an encoder
// of its own, as v2MarshalJSONToEncoder calls it) where that is one JSON
// string without escapes (whitespace around it dropped, as jsontext drops
// it); v2 writes it as any name, escaped under the escaping. Other output
// (a non-string is v2's error), a MarshalJSONTo that fails
// (errors.ErrUnsupported, on which v2 calls the next method, included),
// a name of invalid UTF-8 (which v2 refuses or replaces, sorting by the
// replaced name) and a method's error (v2's, its own to give) are
// declined. Else nil.
func v2KeyMethodName(kt reflect.Type) v2KeyNameFunc {
	if kt.Kind() == reflect.Pointer || kt.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(kt)
	switch {
	case hasMethod(kt, "MarshalJSONTo"):
		if marshalerToType == nil || !pt.Implements(marshalerToType) {
			return nil // the classic build, or a method v2 does not call
		}
		z := v2MethodIface(kt)
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			// As v2MarshalJSONToEncoder calls it, its output read as
			// MarshalJSON's.
			e := s.esc.escaping
			if e.InvalidUTF8 != InvalidUTF8Error && e.InvalidUTF8 != InvalidUTF8ReplaceRaw {
				return "", declineKey(kt, unimplemented("map key type "+kt.String()+" whose MarshalJSONTo method runs under an InvalidUTF8 policy other than InvalidUTF8Error and InvalidUTF8ReplaceRaw"))
			}
			tb := toBufferPool.Get().(*toBuffer)
			_, err := callMarshalJSONToV2(withData(z, k.Addr().UnsafePointer()), tb, s.g.opts.V2, s.g.opts.V2.Marshalers.stdMarshalers(), e.HTMLSafe, e.JSLineTerminators, e.InvalidUTF8 != InvalidUTF8Error)
			name, ok := plainJSONString(tb.b.Bytes())
			if err == nil && ok {
				nm := arenaString(arena, append(*arena, name...))
				if tb.b.Cap() <= 1<<16 {
					toBufferPool.Put(tb)
				}
				return nm, nil
			}
			if tb.b.Cap() <= 1<<16 {
				toBufferPool.Put(tb)
			}
			// A failure, ErrUnsupported (v2's fallback) included.
			if err != nil {
				return "", declineKey(kt, whyKeyMethodFailed("MarshalJSONTo", kt))
			}
			return "", declineKey(kt, whyKeyMethodNotString("MarshalJSONTo", kt))
		}
	case pt.Implements(jsonMarshalerType):
		z := v2MethodIface(kt).(json.Marshaler)
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			val, err := withData(z, k.Addr().UnsafePointer()).MarshalJSON()
			if err != nil {
				return "", declineKey(kt, whyKeyMethodFailed("MarshalJSON", kt))
			}
			name, ok := plainJSONString(val)
			if !ok {
				return "", declineKey(kt, whyKeyMethodNotString("MarshalJSON", kt))
			}
			return arenaString(arena, append(*arena, name...)), nil
		}
	case pt.Implements(textAppenderType):
		z := v2MethodIface(kt).(encoding.TextAppender)
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			// Appended to the arena, as v2 has it appended to its buffer.
			start := len(*arena)
			t, err := withData(z, k.Addr().UnsafePointer()).AppendText(*arena)
			if err != nil || len(t) < start {
				return "", declineKey(kt, whyKeyMethodFailed("AppendText", kt))
			}
			if !utf8.Valid(t[start:]) {
				return "", declineKey(kt, whyKeyNameUTF8)
			}
			return arenaString(arena, t), nil
		}
	case pt.Implements(textMarshalerType):
		z := v2MethodIface(kt).(encoding.TextMarshaler)
		return func(s *v2State, k reflect.Value, arena *[]byte) (string, error) {
			t, err := withData(z, k.Addr().UnsafePointer()).MarshalText()
			if err != nil {
				return "", declineKey(kt, whyKeyMethodFailed("MarshalText", kt))
			}
			if !utf8.Valid(t) {
				return "", declineKey(kt, whyKeyNameUTF8)
			}
			return arenaString(arena, append(*arena, t...)), nil
		}
	}
	return nil
}

// Reasons of map keys declined.
var (
	whyKeyUTF8          = unimplemented("map keys of invalid UTF-8 that could be written as one name, under an InvalidUTF8 policy that replaces it, without AllowDuplicateNames")
	whyKeyNameUTF8      = unimplemented("map key named with invalid UTF-8 by a method or marshal function (encoding/json/v2 refuses or replaces it)")
	whyFuncKeyNotString = unimplemented("map key whose MarshalFunc output is not a JSON string (encoding/json/v2's error)")
	whyFuncKeyEscapes   = unimplemented("map key whose MarshalFunc output is a JSON string with escapes or control characters")
	whyKeyNilPointer    = unimplemented("nil pointer map key (encoding/json/v2's error)")
	whyKeyNilInterface  = unimplemented("nil interface map key (encoding/json/v2's error)")
	whyKeyNonFinite     = unimplemented("NaN or ±Inf map key (encoding/json/v2's error)")
)

// whyKeyMethodFailed is the reason declining a map key of type kt whose
// method returned an error (encoding/json/v2's to report, with its
// position).
func whyKeyMethodFailed(method string, kt reflect.Type) *unimplementedError {
	return unimplemented("map key type " + kt.String() + " whose " + method + " method failed (encoding/json/v2's error)")
}

// whyKeyMethodNotString is the reason declining a map key of type kt
// whose method's output is not one JSON string without escapes.
func whyKeyMethodNotString(method string, kt reflect.Type) *unimplementedError {
	return unimplemented("map key type " + kt.String() + " whose " + method + " output is not a JSON string without escapes")
}

// whyInterfaceKey is the reason declining a map key of interface type kt
// holding a value of type t that jgen does not name.
func whyInterfaceKey(kt, t reflect.Type) *unimplementedError {
	why := " (jgen names predeclared string, integer and float32 types only)"
	if t.Kind() == reflect.Float64 && t.PkgPath() == "" && t.Name() != "" {
		why = " (encoding/json/v2 writes it as a number, refused as a name but under StringifyNumbers)"
	}
	return unimplemented("map key of interface type " + kt.String() + " holding a " + t.String() + why)
}

// v2KeyTypeReason is the reason v2MapEncoder declines a map key type kt
// for which v2KeyName gives no name function.
func v2KeyTypeReason(kt reflect.Type) *unimplementedError {
	et := kt
	for range v2MaxPointers + 1 {
		if et.Kind() != reflect.Pointer {
			break
		}
		et = et.Elem()
	}
	switch {
	case et.Kind() == reflect.Pointer:
		return unimplemented("map key type " + kt.String() + " of pointers deeper than 1000 levels")
	case hasMethod(et, "MarshalJSONTo"):
		return unimplemented("map key type " + kt.String() + " with a MarshalJSONTo method not of the signature of encoding/json/v2's MarshalerTo")
	}
	return unimplemented("map key type " + kt.String() + " of " + et.Kind().String() + " kind (encoding/json/v2 refuses bool, struct and array keys; jgen implements string, integer, float and method keys)")
}

// plainJSONString returns the content of val where val is one JSON
// string, with JSON whitespace around it, holding neither a backslash nor
// a control character, of valid UTF-8: the name it is, unescaped.
func plainJSONString(val []byte) ([]byte, bool) {
	val = bytes.Trim(val, " \t\r\n")
	if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return nil, false
	}
	in := val[1 : len(val)-1]
	for _, c := range in {
		if c < 0x20 || c == '"' || c == '\\' {
			return nil, false
		}
	}
	return in, utf8.Valid(in)
}
