package jgen

// The v2 rules' encoders of scalars: bools, strings, numbers
// (integers, floats, json.Number) and time.Time.

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"
	"unsafe"
)

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
// kernel call that copies it; otherwise the rest escaped in place, or
// through appendQuoted.
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
	// Something to escape or check: the rest escaped in place while it
	// fits, as the v1 direct path does (encState.appendString); what that
	// leaves (invalid UTF-8, no room) is quoted again by appendQuoted,
	// which also makes the error.
	d := b[:cap(b)]
	m := l + 1 + n
	if t := x.table; t != nil && vectorRest(str, n) {
		in, out := x.set.Escape(d[m:], str[n:], t)
		n, m = n+in, m+out
		if n == len(str) {
			d[m] = x.quote
			return d[:m+1], nil
		}
	}
	r, i, bad := x.appendSome(d[:m], str, n)
	if i == len(str) && !bad && cap(r)-len(r) > slack {
		return append(r, x.quote), nil
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
	if s.g.marshalerEscaper().rfc3339Escaped() {
		return b, declineValue(timeType, whyTimeEscaped)
	}
	return b, declineValue(timeType, whyTimeRange)
}
