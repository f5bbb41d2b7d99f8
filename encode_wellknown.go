package jgen

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"time"
	"unsafe"
)

// This file holds the well-known types written without their marshal
// methods' allocations: time.Time as its MarshalJSON writes it, and the
// types implementing encoding.TextAppender, whose AppendText is called
// where encoding/json would call MarshalText.

var (
	timeType    = reflect.TypeFor[time.Time]()
	timePtrType = reflect.TypeFor[*time.Time]()
)

// rfc3339Bytes is every byte time.Time's MarshalJSON writes inside its
// quotes for a time it does not refuse (RFC 3339 §5.6, with Go's
// fractional seconds).
const rfc3339Bytes = "0123456789-+:.TZ"

// rfc3339Escaped reports whether x writes any byte of rfc3339Bytes other
// than as itself, or has a CharacterEscapes hook. Only CharacterEscapes
// can escape one (QuoteChar is a double or single quote, MaxUnescaped at least
// U+007F); with them the answer is cached as base64Escaped caches its
// own.
func (x *escaper) rfc3339Escaped() bool {
	if x.charEscapes == nil {
		return false
	}
	if x.rfc3339 == 0 {
		var buf [len(rfc3339Bytes) + 2]byte
		q, err := x.appendQuoted(buf[:0], stringBytes(rfc3339Bytes))
		x.rfc3339 = 1
		if x.hook != nil || err != nil || string(q[1:len(q)-1]) != rfc3339Bytes {
			x.rfc3339 = 2
		}
	}
	return x.rfc3339 == 2
}

// marshalerEscaper returns the escaper of MarshalJSON output
// (writeMarshalerOutput's).
func (g *Generator) marshalerEscaper() *escaper {
	if g.opts.MarshalerEscaping != nil {
		return &g.mx
	}
	return &g.esc
}

// maxRFC3339 is the length of the longest text time.Time's MarshalJSON
// writes without an error: "2006-01-02T15:04:05.999999999-07:00".
const maxRFC3339 = len(time.RFC3339Nano)

// appendTime appends t quoted as time.Time's MarshalJSON writes it and
// re-encoded by the raw-value rule (which, for bytes that the escaping
// leaves as they are, changes nothing but the quote char), and reports
// true; or reports false with b unchanged where t.MarshalJSON must be
// called: the escaping changes one of its bytes, or the year or zone is
// out of the range RFC 3339 can write, an error that MarshalJSON words.
// The text is AppendText's: both are time's appendStrictRFC3339.
func (g *Generator) appendTime(b []byte, t time.Time) ([]byte, bool) {
	x := g.marshalerEscaper()
	if x.rfc3339Escaped() {
		return b, false
	}
	if cap(b)-len(b) < maxRFC3339+2+slack {
		b = growOut(b, maxRFC3339+2+slack)
	}
	r, ok := appendRFC3339(append(b, x.quote), t)
	if !ok {
		var err error
		if r, err = t.AppendText(append(b, x.quote)); err != nil || cap(r)-len(r) < slack+1 {
			return b, false
		}
	}
	return append(r, x.quote), true
}

// The range of Unix times, in seconds, whose date in some zone (of an
// offset below 24 hours) can be from year 0 to 9999: appendRFC3339 looks
// at no other.
const (
	minRFC3339Unix = -62167219200 - 86400 // 0000-01-01T00:00:00Z, less a day
	maxRFC3339Unix = 253402300799 + 86400 // 9999-12-31T23:59:59Z, and a day
)

// appendRFC3339 appends t as time.Time's AppendText writes it (RFC 3339
// with the nanoseconds, their trailing zeros cut, and the zone offset in
// whole minutes, "Z" for UTC) and reports true; or reports false, b
// unchanged in its length, for a time whose year is outside 0-9999 or
// whose zone offset is 24 hours or more, where AppendText decides (an
// error, the same as MarshalJSON's). Its result is AppendText's for every
// other time (TestAppendRFC3339 compares them); it only avoids the time
// package's general formatter.
func appendRFC3339(b []byte, t time.Time) ([]byte, bool) {
	u := t.Unix()
	if u < minRFC3339Unix || u > maxRFC3339Unix {
		return b, false
	}
	_, offset := t.Zone()
	zone := offset / 60 // minutes, truncated as the time package does
	if zone <= -24*60 || zone >= 24*60 {
		return b, false
	}
	sec := u + int64(offset)
	days := sec / 86400
	if sec%86400 < 0 {
		days--
	}
	clock := int(sec - days*86400)
	// The civil date of days since 1970-01-01, in eras of 400 years from
	// 0000-03-01 (H. Hinnant, "chrono-Compatible Low-Level Date
	// Algorithms", days_from_civil's inverse).
	z := days + 719468
	era := z
	if era < 0 {
		era -= 146096
	}
	era /= 146097
	doe := int(z - era*146097)
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	year := yoe + int(era)*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	month := mp + 3
	if mp >= 10 {
		month = mp - 9
		year++
	}
	if year < 0 || year > 9999 {
		return b, false
	}
	var buf [maxRFC3339]byte
	put2(buf[0:], year/100)
	put2(buf[2:], year%100)
	buf[4] = '-'
	put2(buf[5:], month)
	buf[7] = '-'
	put2(buf[8:], day)
	buf[10] = 'T'
	put2(buf[11:], clock/3600)
	buf[13] = ':'
	put2(buf[14:], clock/60%60)
	buf[16] = ':'
	put2(buf[17:], clock%60)
	n := 19
	if ns := t.Nanosecond(); ns != 0 {
		// Nine digits, their trailing zeros cut: whole pairs of zeros
		// first, then one.
		buf[19] = '.'
		n = 29
		if ns%1000000 == 0 {
			ns /= 1000000
			n = 23
		} else if ns%1000 == 0 {
			ns /= 1000
			n = 26
		}
		// ns has n-20 digits now: one odd digit first, then pairs.
		i := n
		for i-20 >= 2 {
			i -= 2
			put2(buf[i:], ns%100)
			ns /= 100
		}
		if i > 20 {
			buf[20] = byte('0' + ns)
		}
		if buf[n-1] == '0' {
			n--
			if buf[n-1] == '0' {
				n--
			}
		}
	}
	if offset == 0 {
		buf[n] = 'Z'
		n++
	} else {
		buf[n] = '+'
		if zone < 0 {
			buf[n] = '-'
			zone = -zone
		}
		put2(buf[n+1:], zone/60)
		buf[n+3] = ':'
		put2(buf[n+4:], zone%60)
		n += 6
	}
	return append(b, buf[:n]...), true
}

// put2 writes v, from 0 to 99, as two decimal digits at b.
func put2(b []byte, v int) {
	d := digitPairs[2*uint(v)%200:]
	b[0], b[1] = d[0], d[1]
}

// timeEncode writes a time.Time as its MarshalJSON does, without the
// method's allocation where appendTime can, and through the method
// otherwise (its errors included).
func timeEncode(e *encState, v reflect.Value) error {
	var t time.Time
	if v.CanAddr() {
		t = *(*time.Time)(unsafe.Pointer(v.UnsafeAddr()))
	} else {
		t, _ = reflect.TypeAssert[time.Time](v)
	}
	return e.writeTime(t, timeType)
}

// timePtrEncode writes a *time.Time: null for nil, else as timeEncode,
// but with the pointer type in a *json.MarshalerError, as encoding/json
// reports it (the method it calls is the pointer's).
func timePtrEncode(e *encState, v reflect.Value) error {
	if v.IsNil() {
		return e.writeNull()
	}
	return e.writeTime(*(*time.Time)(v.UnsafePointer()), timePtrType)
}

// writeTime writes t through appendTime, or through its MarshalJSON
// where appendTime declines, naming typ in the method's error.
func (e *encState) writeTime(t time.Time, typ reflect.Type) error {
	g := e.g
	if mark := len(g.out.buf); e.fastValue(maxRFC3339 + 2) {
		if b, ok := g.appendTime(g.out.buf, t); ok {
			g.out.buf = b
			g.state.fastValueDone()
			return nil
		}
		g.out.buf = g.out.buf[:mark] // the separator fastValue wrote
	}
	return e.writeMarshalJSON(timeMarshaler{t}, typ)
}

// timeMarshaler is time.Time's MarshalJSON with the error encoding/json
// reports for it: on v2 (jsonOnV2) encoding/json formats a time itself,
// with an error text of its own for a time that MarshalJSON refuses, so
// the method's error is replaced by encoding/json's there. It is used
// only where appendTime declines.
type timeMarshaler struct{ t time.Time }

func (m timeMarshaler) MarshalJSON() ([]byte, error) {
	b, err := m.t.MarshalJSON()
	if err != nil && jsonOnV2 {
		var me *json.MarshalerError
		if _, jerr := json.Marshal(m.t); errors.As(jerr, &me) {
			err = me.Err
		}
	}
	return b, err
}

// appendTextOf appends the text of the TextAppender a to e.tmp, for
// writeMarshalText; it returns the text, or the error of AppendText as
// encoding/json reports it: on v2 (jsonOnV2), which calls AppendText
// itself, named so; on v1, which calls MarshalText (the same text and
// error by the interfaces' contract), named MarshalText.
func (e *encState) appendTextOf(a encoding.TextAppender, t reflect.Type) ([]byte, error) {
	b, err := a.AppendText(e.tmp[:0])
	if err != nil {
		if jsonOnV2 {
			return nil, marshalerErr(t, err, "AppendText")
		}
		return nil, marshalerErr(t, err, "MarshalText")
	}
	if cap(b) <= 1<<10 {
		e.tmp = b[:0]
	}
	return b, nil
}
