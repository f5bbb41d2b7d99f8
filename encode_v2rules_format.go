package jgen

// The v2 rules' encoders of a struct field with the format tag option
// (JSONv2.SupportFormatTag): encoding/json/v2's formats (Go 1.27.3
// v2/arshal_default.go, v2/arshal_time.go) of time.Time, time.Duration,
// []byte and [N]byte, floats, slices and maps, through pointers.

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"
)

// compileV2Format compiles the encoder of a struct field of type t with
// the format option format under f, as encoding/json/v2 applies a format:
// to the field's own value only (jsontext clears it on entering an array
// or object), forwarded through pointers. str is the string option, which
// v2 accepts on the numeric formats of time.Time and time.Duration only.
// It declines (see compileV2) where v2 refuses the format on t (its
// "invalid format flag" error, or the string option's) and where jgen's
// rules do not implement t or its format: a type with a MarshalJSONTo method, arrays,
// structs, interfaces and the other kinds, which v2 refuses with a
// format. A type with the other methods v2 calls (time.Time and
// time.Duration aside, which v2 formats itself) is written by them, the
// format ignored, as v2 does.
func compileV2Format(t reflect.Type, f v2Flags, format string, str bool) (v2Func, *unimplementedError) {
	switch {
	case t == timeType:
		return v2TimeFormat(format, str, f&v2Stringify != 0)
	case t == durationType:
		return v2DurationFormat(format, str, f&v2Stringify != 0)
	case t.Kind() == reflect.Pointer:
		return v2PtrFormat(t, f, format, str)
	case str:
		// Of the kinds left, v2 takes the string option with a format
		// on floats only, whose stringify is in f already.
		if k := t.Kind(); k != reflect.Float32 && k != reflect.Float64 {
			return nil, unimplemented("string tag option with format:" + format + " on " + t.String() + " (encoding/json/v2's error)")
		}
	}
	if hasV2Methods(t) {
		// v2's method arshalers ignore the format, but a MarshalJSONTo
		// that returns errors.ErrUnsupported hands the value, format
		// and all, to the encoding of its kind.
		if hasMethod(t, "MarshalJSONTo") {
			return nil, unimplemented("format tag option on " + t.String() + ", a type with a MarshalJSONTo method")
		}
		return compileV2(t, f)
	}
	switch k := t.Kind(); {
	case k == reflect.Float32 || k == reflect.Float64:
		if format != "nonfinite" {
			return nil, whyFormat(format, t)
		}
		return v2NonFinite(t, f&v2Stringify != 0), nil
	case (k == reflect.Slice || k == reflect.Array) && t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "":
		return v2BytesFormat(t, f, format)
	case k == reflect.Slice || k == reflect.Map:
		var emitNull bool
		switch format {
		case "emitnull":
			emitNull = true
		case "emitempty":
		default:
			return nil, whyFormat(format, t)
		}
		return v2EmitFormat(t, f, emitNull)
	}
	return nil, whyFormat(format, t)
}

// whyFormat is the reason declining the format option format on type t,
// which encoding/json/v2 refuses on it ("invalid format flag") or jgen's
// rules do not implement.
func whyFormat(format string, t reflect.Type) *unimplementedError {
	return unimplemented("format:" + format + " tag option on " + t.String() + ", which encoding/json/v2 refuses or jgen does not implement")
}

// whyStringFormat is the reason declining the string option with the
// format option format on type t, which encoding/json/v2 refuses.
func whyStringFormat(format string, t reflect.Type) *unimplementedError {
	return unimplemented("string tag option with format:" + format + " on " + t.String() + " (encoding/json/v2's error)")
}

// v2HasFormat returns the first field (as "T.Field"), of struct t or of
// a struct it embeds (Go embedding or the embed option, by value or
// pointer), whose json tag has a format option, "" if none: without
// SupportFormatTag v2 refuses such a struct even where the field is not a
// member (a name at a greater depth). seen holds the structs looked at.
func v2HasFormat(t reflect.Type, seen map[reflect.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		_, opts, _ := tagName(tag)
		o := parseV2TagOptions(opts)
		if o.format != "" {
			return t.String() + "." + sf.Name
		}
		ft := sf.Type
		if ft.Kind() == reflect.Pointer && ft.Name() == "" {
			ft = ft.Elem()
		}
		if (sf.Anonymous || slices.Contains(o.names, "embed")) && ft.Kind() == reflect.Struct {
			if field := v2HasFormat(ft, seen); field != "" {
				return field
			}
		}
	}
	return ""
}

// v2PtrFormat is a pointer's encoder with the format forwarded to what it
// points at, as v2 forwards it; nil is null whatever the format.
func v2PtrFormat(t reflect.Type, f v2Flags, format string, str bool) (v2Func, *unimplementedError) {
	// A pointer type may point at itself (type P *P): such chains are
	// declined rather than compiled without end.
	u := t
	for range v2MaxFormatPointers {
		if u = u.Elem(); u.Kind() != reflect.Pointer {
			break
		}
	}
	if u.Kind() == reflect.Pointer {
		return nil, unimplemented("format tag option on " + t.String() + ", more than 64 pointer types deep")
	}
	elem, why := compileV2Format(t.Elem(), f, format, str)
	if why != nil {
		return nil, why
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), nil
		}
		if s.depth++; s.depth > v2MaxPointers {
			return b, declineValue(t, whyPointerDepth)
		}
		b, err := elem(s, b, q)
		s.depth--
		return b, err
	}, nil
}

// v2MaxFormatPointers bounds the pointer types a format is compiled
// through.
const v2MaxFormatPointers = 64

// v2EmitFormat is the emitnull (emitNull) or emitempty format of a slice
// or map type t: a nil one is null or empty whatever FormatNilSliceAsNull
// and FormatNilMapAsNull say; any other is written as without the format.
func v2EmitFormat(t reflect.Type, f v2Flags, emitNull bool) (v2Func, *unimplementedError) {
	e := v2Lookup(t, f)
	if e.why != nil {
		return nil, e.why
	}
	isMap := t.Kind() == reflect.Map
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		var isNil bool
		if isMap {
			isNil = *(*unsafe.Pointer)(p) == nil
		} else {
			isNil = (*sliceHeader)(p).data == nil
		}
		if !isNil {
			return e.f(s, b, p)
		}
		if emitNull {
			return append(b, "null"...), nil
		}
		open := byte('[')
		if isMap {
			open = '{'
		}
		if s.room < 1 {
			return b, s.depthError(b, open)
		}
		return append(b, open, open+2), nil // [] or {}
	}, nil
}

// v2NonFinite is a float's encoder under the nonfinite format: NaN, +Inf
// and -Inf as the strings "NaN", "Infinity" and "-Infinity" (jsontext's
// Float token), finite values as without the format.
func v2NonFinite(t reflect.Type, quoted bool) v2Func {
	bits := t.Bits()
	finite := v2FloatEncoder(t, quoted)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		var x float64
		if bits == 32 {
			x = float64(*(*float32)(p))
		} else {
			x = *(*float64)(p)
		}
		switch {
		case math.IsNaN(x):
			return append(b, `"NaN"`...), nil
		case math.IsInf(x, 1):
			return append(b, `"Infinity"`...), nil
		case math.IsInf(x, -1):
			return append(b, `"-Infinity"`...), nil
		}
		return finite(s, b, p)
	}
}

// v2BytesFormat is the encoder of a []byte or [N]byte t under format:
// the RFC 4648 encodings base64 (section 4), base64url (5), base32 (6),
// base32hex (7), base16 or hex (8) as a string, or array, an array of the
// bytes as numbers. A nil slice is null under FormatNilSliceAsNull.
func v2BytesFormat(t reflect.Type, f v2Flags, format string) (v2Func, *unimplementedError) {
	var appendEncode func(dst, src []byte) []byte
	switch format {
	case "base64":
		appendEncode = base64.StdEncoding.AppendEncode
	case "base64url":
		appendEncode = base64.URLEncoding.AppendEncode
	case "base32":
		appendEncode = base32.StdEncoding.AppendEncode
	case "base32hex":
		appendEncode = base32.HexEncoding.AppendEncode
	case "base16", "hex":
		appendEncode = hex.AppendEncode
	case "array":
		return v2ByteArray(t, f)
	default:
		return nil, whyFormat(format, t)
	}
	bytesAt := v2BytesAt(t, f)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		data, n, null := bytesAt(p)
		if null {
			return append(b, "null"...), nil
		}
		b = append(b, '"')
		b = appendEncode(b, unsafe.Slice((*byte)(data), n))
		return append(b, '"'), nil
	}, nil
}

// v2BytesAt returns, for a []byte or [N]byte t, the function giving the
// bytes of the value at p (their address and count) and whether it is a
// nil slice written as null under f (FormatNilSliceAsNull). The count is
// the function's own per call: the encoders holding it are shared.
func v2BytesAt(t reflect.Type, f v2Flags) func(p unsafe.Pointer) (data unsafe.Pointer, n int, null bool) {
	if t.Kind() != reflect.Slice {
		n := t.Len()
		return func(p unsafe.Pointer) (unsafe.Pointer, int, bool) { return p, n, false }
	}
	nullNil := f&v2NilSliceNull != 0
	return func(p unsafe.Pointer) (unsafe.Pointer, int, bool) {
		h := (*sliceHeader)(p)
		return h.data, h.len, h.data == nil && nullNil
	}
}

// v2ByteArray is the array format of a []byte or [N]byte t: its bytes as
// an array of numbers, as v2 writes a slice or array of another element
// type (a nil slice null under FormatNilSliceAsNull, else []).
func v2ByteArray(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	et := t.Elem()
	elems, why := v2Elems(et, f)
	if why != nil {
		return nil, why
	}
	bytesAt := v2BytesAt(t, f)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		data, n, null := bytesAt(p)
		if null {
			return append(b, "null"...), nil
		}
		if s.room < 1 {
			return b, s.depthError(b, '[')
		}
		if n == 0 {
			return append(b, "[]"...), nil
		}
		s.room--
		b, err := elems(s, b, data, n)
		s.room++
		return b, err
	}, nil
}

// v2TimeFormat is the encoder of a time.Time under format, as v2's
// timeArshaler reads it: RFC3339 and RFC3339Nano (checked as RFC 3339,
// a year outside [0,9999] or a zone hour past 23 declined: v2's error),
// unix, unixmilli, unixmicro and unixnano (the possibly fractional number
// of those units since the Unix epoch, a string under stringify or str),
// the names of the time package's other layout constants, and, where
// format is not a Go identifier or begins with other than an ASCII
// letter, format itself as a layout. Any other identifier is refused by
// v2 (declined here), as is str with a format that is not a number.
func v2TimeFormat(format string, str, stringify bool) (v2Func, *unimplementedError) {
	if format == "" {
		return nil, whyFormat(format, timeType)
	}
	if c := format[0]; !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') {
		return v2TimeLayout(format, str)
	}
	var unit int // digits of the fraction of a second before the point
	switch format {
	case "RFC3339":
		if str {
			return nil, whyStringFormat(format, timeType)
		}
		return v2TimeRFC3339, nil
	case "RFC3339Nano":
		if str {
			return nil, whyStringFormat(format, timeType)
		}
		return v2Time, nil // the default, RFC 3339 with nanoseconds
	case "unix":
		unit = 0
	case "unixmilli":
		unit = 3
	case "unixmicro":
		unit = 6
	case "unixnano":
		unit = 9
	default:
		if layout, ok := timeLayouts[format]; ok {
			return v2TimeLayout(layout, str)
		}
		if strings.TrimFunc(format, isLetterOrDigit) == "" {
			// v2 keeps identifiers for layouts to come.
			return nil, whyFormat(format, timeType)
		}
		return v2TimeLayout(format, str)
	}
	quoted := str || stringify
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		t := (*time.Time)(p)
		if quoted {
			b = append(b, '"')
		}
		b = appendUnixTime(b, t.Unix(), t.Nanosecond(), unit)
		if quoted {
			b = append(b, '"')
		}
		return b, nil
	}, nil
}

// timeLayouts are the time package's layout constants by name, as v2
// reads a format of that name (RFC3339 and RFC3339Nano aside).
var timeLayouts = map[string]string{
	"ANSIC": time.ANSIC, "UnixDate": time.UnixDate, "RubyDate": time.RubyDate,
	"RFC822": time.RFC822, "RFC822Z": time.RFC822Z, "RFC850": time.RFC850,
	"RFC1123": time.RFC1123, "RFC1123Z": time.RFC1123Z, "Kitchen": time.Kitchen,
	"Stamp": time.Stamp, "StampMilli": time.StampMilli, "StampMicro": time.StampMicro,
	"StampNano": time.StampNano, "DateTime": time.DateTime, "DateOnly": time.DateOnly,
	"TimeOnly": time.TimeOnly,
}

// v2TimeLayout writes a time.Time as the string time.Time.Format gives
// for layout, quoted under the escaping; text that is not valid UTF-8 is
// declined (v2's error, or its replacement, is v2's to give). v2 refuses
// the string option on it (str).
func v2TimeLayout(layout string, str bool) (v2Func, *unimplementedError) {
	if str {
		return nil, unimplemented("string tag option with the time layout format " + strconv.Quote(layout) + " (encoding/json/v2's error)")
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		var tmp [64]byte
		text := (*time.Time)(p).AppendFormat(tmp[:0], layout)
		if !utf8.Valid(text) {
			return b, declineValue(timeType, whyTimeUTF8)
		}
		return s.appendString(b, text)
	}, nil
}

// v2TimeRFC3339 writes a time.Time as RFC 3339 without the fraction of a
// second (time.RFC3339), declining the times v2 refuses: a year of other
// than four digits, a zone offset of 24 hours or more.
func v2TimeRFC3339(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
	var tmp [64]byte
	text := (*time.Time)(p).AppendFormat(tmp[:0], time.RFC3339)
	if !validRFC3339(text) {
		return b, declineValue(timeType, whyTimeRFC3339)
	}
	return s.appendString(b, text)
}

// validRFC3339 reports whether text, a time formatted with time.RFC3339
// or time.RFC3339Nano, is RFC 3339 as v2 checks it: a year of four
// digits, a zone "Z" or of an hour offset below 24.
func validRFC3339(text []byte) bool {
	if len(text) < len("2006-01-02T15:04:05Z") || text[4] != '-' {
		return false
	}
	if text[len(text)-1] == 'Z' {
		return true
	}
	zone := text[len(text)-len("-07:00"):]
	if zone[0] != '+' && zone[0] != '-' {
		return false // an offset of three digits of hours
	}
	return (zone[1]-'0')*10+(zone[2]-'0') < 24
}

// appendUnixTime appends the time sec seconds and nsec nanoseconds after
// the Unix epoch in units of 10^-unit seconds (unit 0, 3, 6 or 9): the
// whole units, then a point and the fraction, its trailing zeros cut,
// where it is not 0; a time before the epoch with a minus sign. The
// digits are the decimal text of the seconds followed by the nine of the
// nanoseconds, the point after unit of those, which cannot overflow.
func appendUnixTime(b []byte, sec int64, nsec, unit int) []byte {
	u := uint64(sec)
	if sec < 0 {
		b = append(b, '-')
		// -(sec + nsec/1e9) as whole seconds and nanoseconds, in uint64
		// (the negation of math.MinInt64 too).
		u = -u
		if nsec > 0 {
			u--
			nsec = 1e9 - nsec
		}
	}
	var digits [32]byte
	d := strconv.AppendUint(digits[:0], u, 10)
	ns := len(d)
	d = strconv.AppendUint(d, uint64(nsec)+1e9, 10) // 1 and nine digits
	copy(d[ns:], d[ns+1:])
	d = d[:len(d)-1]
	whole, frac := d[:ns+unit], d[ns+unit:]
	for len(whole) > 1 && whole[0] == '0' {
		whole = whole[1:]
	}
	b = append(b, whole...)
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	if len(frac) > 0 {
		b = append(append(b, '.'), frac...)
	}
	return b
}

// v2DurationFormat is the encoder of a time.Duration under format, as
// v2's durationArshaler reads it: sec, milli, micro and nano (the
// possibly fractional number of those units, a string under stringify or
// str), units (time.Duration.String's text) and iso8601 (ISO 8601's
// PnTnHnMnS form with hours, minutes and seconds only). v2 refuses other
// formats, and str with units or iso8601 (declined here).
func v2DurationFormat(format string, str, stringify bool) (v2Func, *unimplementedError) {
	var digits int // of the fraction of a unit, in nanoseconds
	switch format {
	case "sec":
		digits = 9
	case "milli":
		digits = 6
	case "micro":
		digits = 3
	case "nano":
		digits = 0
	case "units":
		if str {
			return nil, whyStringFormat(format, durationType)
		}
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			var tmp [32]byte
			return s.appendString(b, append(tmp[:0], (*time.Duration)(p).String()...))
		}, nil
	case "iso8601":
		if str {
			return nil, whyStringFormat(format, durationType)
		}
		return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
			var tmp [48]byte
			return s.appendString(b, appendISO8601(tmp[:0], *(*time.Duration)(p)))
		}, nil
	default:
		return nil, whyFormat(format, durationType)
	}
	quoted := str || stringify
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		if quoted {
			b = append(b, '"')
		}
		b = appendDurationUnits(b, *(*time.Duration)(p), digits)
		if quoted {
			b = append(b, '"')
		}
		return b, nil
	}, nil
}

// durationMagnitude returns d's sign and its absolute value in
// nanoseconds (math.MinInt64's included).
func durationMagnitude(b []byte, d time.Duration) ([]byte, uint64) {
	n := uint64(d)
	if d < 0 {
		b = append(b, '-')
		n = -n
	}
	return b, n
}

// appendDurationUnits appends d in units of 10^digits nanoseconds: the
// whole units, then a point and the fraction, its trailing zeros cut,
// where it is not 0.
func appendDurationUnits(b []byte, d time.Duration, digits int) []byte {
	b, n := durationMagnitude(b, d)
	pow := uint64(1)
	for range digits {
		pow *= 10
	}
	b = strconv.AppendUint(b, n/pow, 10)
	return appendFraction(b, n%pow, digits)
}

// appendFraction appends frac, a fraction of digits decimal digits, as a
// point and those digits less their trailing zeros; nothing for 0.
func appendFraction(b []byte, frac uint64, digits int) []byte {
	if frac == 0 {
		return b
	}
	for frac%10 == 0 {
		frac /= 10
		digits--
	}
	b = append(b, '.')
	var tmp [20]byte
	t := strconv.AppendUint(tmp[:0], frac, 10)
	for range digits - len(t) {
		b = append(b, '0')
	}
	return append(b, t...)
}

// appendISO8601 appends d as an ISO 8601 duration of hours, minutes and
// seconds ("PT1H30M", "-PT0.5S"), each written where it is not 0, the
// seconds with their fraction; 0 is "PT0S".
func appendISO8601(b []byte, d time.Duration) []byte {
	if d == 0 {
		return append(b, "PT0S"...)
	}
	b, n := durationMagnitude(b, d)
	b = append(b, "PT"...)
	nsec := n % 1e9
	n /= 1e9
	sec, min, hour := n%60, n/60%60, n/3600
	if hour > 0 {
		b = append(strconv.AppendUint(b, hour, 10), 'H')
	}
	if min > 0 {
		b = append(strconv.AppendUint(b, min, 10), 'M')
	}
	if sec > 0 || nsec > 0 {
		b = appendFraction(strconv.AppendUint(b, sec, 10), nsec, 9)
		b = append(b, 'S')
	}
	return b
}
