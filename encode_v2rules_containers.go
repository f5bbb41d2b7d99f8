package jgen

// The v2 rules' encoders of interfaces, pointers, slices, arrays and
// maps.

import (
	"encoding/base64"
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
	if plain && et.Kind() == reflect.Array && et.Len() > 0 && et.Elem().Kind() == reflect.Float64 && !hasV2Methods(et.Elem()) {
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
			}, true
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
		}, true
	}
	return each, true
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
	}
	if small := v2SmallMapEncoder(kt, et, f); small != nil {
		// A small map of string keys and plain values (attributes,
		// labels, counters): its entries sorted on the stack, as the v1
		// direct path does (appendMapDirect), without reflection. The
		// rest, and what each refuses, are left to each.
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			if n := mapLen(p); n == 0 || n > smallMap || s.room < 1 || s.depth >= v2MaxPointers {
				return each(s, b, p)
			}
			s.depth++
			s.room--
			b, err := small(s, b, p)
			s.room++
			s.depth--
			return b, err
		}, true
	}
	return each, true
}

// v2SmallMapEncoder returns the encoder of the entries of a map of 1 to
// smallMap entries of key type kt and value type et under f where kt is
// string and et is string, bool, or (without StringifyNumbers) int or
// int64; else nil.
func v2SmallMapEncoder(kt, et reflect.Type, f v2Flags) v2Func {
	if kt != stringType {
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
	var a [smallMap]smallEntry[V]
	es := sortSmall(&a, m)
	b = append(b, '{')
	var err error
	for j := range es {
		e := &es[j]
		if !s.strictUTF8 && !s.dupNames && !utf8.ValidString(e.k) {
			// Two such keys may be written as the same name.
			return b, &EncodeError{Type: stringType, Err: ErrV2Unimplemented, key: true}
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

// arenaString stores grown, *arena with text appended, as *arena and
// returns the appended text as a string sharing its memory. The bytes
// are never written again: a later append that moves the arena leaves
// them in the old array, which the string keeps alive.
func arenaString(arena *[]byte, grown []byte) string {
	start := len(*arena)
	*arena = grown
	return unsafe.String(unsafe.SliceData(grown[start:]), len(grown)-start)
}
