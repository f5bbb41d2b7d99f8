package jgen

import (
	"encoding"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/bits"
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
// package's general formatter, whose layout interpreter costs several
// times as many instructions. It grows b as append does; it is the one
// RFC 3339 writer of the value encoders (appendTime), for v1's and v2's
// rules alike.
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
	// The local time in seconds from 0000-01-01 less two days, which is
	// not negative here, and a whole number of days from 1970-01-01.
	local := uint64(u + int64(offset) + int64(civilShift)*86400)
	days := uint32(local / 86400)
	clock := uint32(local - uint64(days)*86400)
	year, month, day := civilDate(days)
	if year < 0 || year > 9999 {
		return b, false
	}
	if cap(b)-len(b) < maxRFC3339 {
		b = growOut(b, maxRFC3339)
	}
	l := len(b)
	d := (*[maxRFC3339]byte)(b[l : l+maxRFC3339])
	date := digitPairs4(uint32(year)/100, uint32(year)%100, month, day)
	binary.LittleEndian.PutUint32(d[0:], uint32(date))
	d[4] = '-'
	binary.LittleEndian.PutUint16(d[5:], uint16(date>>32))
	d[7] = '-'
	binary.LittleEndian.PutUint16(d[8:], uint16(date>>48))
	d[10] = 'T'
	h := clock / 3600
	ms := clock - h*3600
	m := ms / 60
	hms := digitPairs4(h, m, ms-m*60, 0)
	binary.LittleEndian.PutUint16(d[11:], uint16(hms))
	d[13] = ':'
	binary.LittleEndian.PutUint16(d[14:], uint16(hms>>16))
	d[16] = ':'
	binary.LittleEndian.PutUint16(d[17:], uint16(hms>>32))
	n := 19
	if ns := uint32(t.Nanosecond()); ns != 0 {
		// Nine digits, their trailing zeros cut: the first, then eight
		// in the lanes of one word, whose zero lanes at the top (the
		// last digits) are counted from its leading zero bits. The
		// first digit is not 0 when the other eight are.
		d[19] = '.'
		q := ns / 1e8
		d[20] = byte('0' + q)
		lanes := digitLanes(ns - q*1e8)
		binary.LittleEndian.PutUint64(d[21:], lanes|0x3030303030303030)
		n = 29 - bits.LeadingZeros64(lanes)/8
	}
	z := (*[6]byte)(d[n : n+6])
	if offset == 0 {
		z[0] = 'Z'
		return b[:l+n+1], true
	}
	z[0] = '+'
	if zone < 0 {
		z[0] = '-'
		zone = -zone
	}
	hm := digitPairs4(uint32(zone)/60, uint32(zone)%60, 0, 0)
	binary.LittleEndian.PutUint16(z[1:], uint16(hm))
	z[3] = ':'
	binary.LittleEndian.PutUint16(z[4:], uint16(hm>>16))
	return b[:l+n+6], true
}

// civilDate returns the proleptic Gregorian date of days, the number of
// days from 1970-01-01 plus civilShift (so that no date appendRFC3339
// looks at is negative): year, month 1-12 and day 1-31. It is the algorithm
// of C. Neri and L. Schneider ("Euclidean affine functions and their
// application to calendar algorithms", 2022), in which every division is
// by a constant (a multiplication) and no branch depends on the date;
// TestCivilDate compares it with the time package on every day from
// year -1 to 10000.
func civilDate(days uint32) (year int, month, day uint32) {
	// The count from 0000-03-01 shifted by civilEras eras of 400 years,
	// so that it is not negative for days from civilShift's year -1 on.
	n := days - civilShift + 719468 + 146097*civilEras
	n1 := 4*n + 3
	c := n1 / 146097
	nc := n1 % 146097 / 4
	n2 := 4*nc + 3
	p2 := 2939745 * uint64(n2)
	z := uint32(p2 >> 32)
	ny := uint32(p2) / 2939745 / 4
	y := 100*c + z
	n3 := 2141*ny + 197913
	month = n3 >> 16
	day = n3&0xFFFF/2141 + 1
	year = int(y) - 400*civilEras
	if ny >= 306 {
		year++
		month -= 12
	}
	return year, month, day
}

// civilShift is the count of days civilDate adds to a day number from
// 1970-01-01, so that it counts from two days before 0000-01-01, as
// appendRFC3339 does.
const civilShift = uint32(-(minRFC3339Unix - 86400) / 86400)

// civilEras is how many eras of 400 years civilDate shifts its count by.
const civilEras = 1

// digitPairs4 returns a, b, c and d, each below 100, as eight ASCII
// digits, two per number in that order, the first in the lowest byte:
// each number is a 16-bit lane, split into its two digits in every lane
// at once by one multiplication (n/10 = n·103 >> 10 for n < 100; no
// lane's product reaches the next lane).
func digitPairs4(a, b, c, d uint32) uint64 {
	x := uint64(a) | uint64(b)<<16 | uint64(c)<<32 | uint64(d)<<48
	q := (x * 103 >> 10) & 0x000F000F000F000F
	return q | (x-q*10)<<8 | 0x3030303030303030
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
