package jgen

import (
	"reflect"
	"unsafe"
)

// The direct path's maps: a map with string keys and values of string,
// int, int64 or bool (mapEncoder's plain maps) of at most smallMap
// entries is written by the direct path itself, its entries copied into
// an array on the stack and sorted there, as writeSmallPlain does on the
// state path, but appended straight to the direct path's buffer: without
// the state hand-over (appendState), the grammar state per name and value
// and the token methods. Such maps (attributes, labels, counters) are
// common members of API payloads. A larger map, and one whose key or
// value the string fast path does not write (a byte to check under the
// error policy, a CharacterEscapes hook), is handed to the state path
// whole; no method of the user is called, so writing it again there is
// the same.

// directMapOf reports whether the direct path writes maps of type t
// itself (directMap).
func directMapOf(t reflect.Type) bool {
	if t.Kind() != reflect.Map || t.Key() != stringType || hasMarshaler(t) {
		return false
	}
	switch t.Elem() {
	case stringType, reflect.TypeFor[int](), reflect.TypeFor[int64](), reflect.TypeFor[bool]():
		return true
	}
	return false
}

// appendMapDirect appends the map of node n (directMap) at p, with d
// containers open around it, as appendDirect does.
func (e *encState) appendMapDirect(b []byte, n *directNode, p unsafe.Pointer, d int) ([]byte, bool) {
	if *(*unsafe.Pointer)(p) == nil {
		return append(b, "null"...), true
	}
	if mapLen(p) > smallMap || e.ptrLevel >= startDetectingCycles || d >= e.g.state.maxDepth {
		return e.appendFallback(b, n.typ, p, d)
	}
	// A map counts as a pointer, as mapEncoder's enter counts it.
	e.ptrLevel++
	e.work++
	mark := len(b)
	var r []byte
	ok := false
	switch n.fast {
	case fastString:
		r, ok = appendSmallMap(e, b, *(*map[string]string)(p), func(e *encState, b []byte, v string) ([]byte, bool) {
			return e.appendString(b, v)
		})
	case fastInt:
		r, ok = appendSmallMap(e, b, *(*map[string]int)(p), func(_ *encState, b []byte, v int) ([]byte, bool) {
			return appendInt(b, int64(v)), true
		})
	case fastInt64:
		r, ok = appendSmallMap(e, b, *(*map[string]int64)(p), func(_ *encState, b []byte, v int64) ([]byte, bool) {
			return appendInt(b, v), true
		})
	default:
		r, ok = appendSmallMap(e, b, *(*map[string]bool)(p), func(_ *encState, b []byte, v bool) ([]byte, bool) {
			if v {
				return append(b, "true"...), true
			}
			return append(b, "false"...), true
		})
	}
	e.ptrLevel--
	if ok {
		return r, true
	}
	// The state path writes it or fails; r may be a longer buffer.
	return e.appendFallback(r[:mark], n.typ, p, d)
}

// appendSmallMap appends the object of m, of at most smallMap entries,
// with its keys in Go's string order (encoding/json's), each key written
// as a string value is and each value by put; it reports false where a
// key or value is one the fast path does not write.
func appendSmallMap[V any](e *encState, b []byte, m map[string]V, put func(*encState, []byte, V) ([]byte, bool)) ([]byte, bool) {
	var a [smallMap]smallEntry[V]
	s := sortSmall(&a, m)
	if len(s) == 0 {
		return append(b, "{}"...), true
	}
	// Every entry is written after a comma; the first becomes the '{'.
	start := len(b)
	ok := true
	for i := range s {
		if b, ok = e.appendString(append(b, ','), s[i].k); !ok {
			return b, false
		}
		if b, ok = put(e, append(b, ':'), s[i].v); !ok {
			return b, false
		}
	}
	b[start] = '{'
	return append(b, '}'), true
}
