package slogjgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// state encodes one record, or the attrs of one WithAttrs call, into buf.
// It follows the structure of slog's commonHandler so that the output is
// the same byte for byte.
type state struct {
	h    *Handler
	text *jgen.Quoter // == h.c.text
	buf  []byte
	// sep is set when a member has been written in the innermost open
	// object, so the next one needs a comma before it.
	sep bool
	// track is set when groups holds the open groups for ReplaceAttr; for
	// the built-in attrs it is not, and ReplaceAttr sees nil groups.
	track  bool
	groups []string
	// g writes the values of kind slog.KindAny, with WriteValue.
	g *jgen.Generator
	// tmp holds the text of a time before it is quoted.
	tmp [64]byte
	// The last times written with rawTime, to the second: [0] for the
	// record's time, [1] for time values, which are often of another
	// second.
	times [2]secondText
}

// secondText is the RFC 3339 text of a time to the second in a location:
// its first 19 bytes are the date and time, the rest is the zone, and the
// fraction of a second goes between them.
type secondText struct {
	sec  int64
	loc  *time.Location
	text []byte
}

// builtIns writes time, level, source and message. They are in no group.
func (s *state) builtIns(r *slog.Record) {
	rep := s.h.c.opts.ReplaceAttr
	if !r.Time.IsZero() {
		t := r.Time.Round(0) // no monotonic reading, as in an Attr
		if rep == nil {
			s.rawKey(s.h.c.timeKey)
			s.time(t, 0)
		} else {
			s.attr(slog.Time(slog.TimeKey, t))
		}
	}
	if rep == nil {
		s.rawKey(s.h.c.levelKey)
		s.level(r.Level)
	} else {
		s.attr(slog.Any(slog.LevelKey, r.Level))
	}
	if s.h.c.opts.AddSource {
		src := r.Source()
		if src == nil {
			src = &slog.Source{}
		}
		s.attr(slog.Any(slog.SourceKey, src))
	}
	if rep == nil {
		s.rawKey(s.h.c.msgKey)
		s.str(r.Message)
	} else {
		s.attr(slog.String(slog.MessageKey, r.Message))
	}
}

// nonBuiltIns writes the attrs from WithAttrs, then those of r inside the
// groups opened since, and closes every object.
func (s *state) nonBuiltIns(r *slog.Record) {
	h := s.h
	if len(h.pre) > 0 {
		if s.sep {
			s.buf = append(s.buf, ',')
		}
		s.buf = append(s.buf, h.pre...)
		s.sep = h.pre[len(h.pre)-1] != '{'
	}
	nOpen := h.nOpen
	// Without attrs in r, the groups opened since stay out.
	if r.NumAttrs() > 0 {
		s.trackGroups()
		pos := len(s.buf)
		s.openGroups()
		nOpen = len(h.groups)
		empty := true
		r.Attrs(func(a slog.Attr) bool {
			if s.attr(a) {
				empty = false
			}
			return true
		})
		if empty {
			s.buf = s.buf[:pos]
			nOpen = h.nOpen
		}
	}
	for range nOpen {
		s.buf = append(s.buf, '}')
	}
	s.buf = append(s.buf, '}')
}

// trackGroups starts passing the groups opened in h.pre to ReplaceAttr.
func (s *state) trackGroups() {
	if s.h.c.opts.ReplaceAttr != nil {
		s.track = true
		s.groups = append(s.groups[:0], s.h.groups[:s.h.nOpen]...)
	}
}

// openGroups opens the groups named after the last WithAttrs.
func (s *state) openGroups() {
	for _, name := range s.h.groups[s.h.nOpen:] {
		s.openGroup(name)
	}
}

func (s *state) openGroup(name string) {
	s.key(name)
	s.buf = append(s.buf, '{')
	s.sep = false
	if s.track {
		s.groups = append(s.groups, name)
	}
}

func (s *state) closeGroup() {
	s.buf = append(s.buf, '}')
	s.sep = true
	if s.track {
		s.groups = s.groups[:len(s.groups)-1]
	}
}

// attrs writes as and reports whether it wrote anything.
func (s *state) attrs(as []slog.Attr) bool {
	wrote := false
	for _, a := range as {
		if s.attr(a) {
			wrote = true
		}
	}
	return wrote
}

// attr writes a, resolved and passed through ReplaceAttr (groups are not
// passed, their members are), and reports whether it wrote anything, as
// slog's handler counts it: an empty Attr, an empty *slog.Source and a
// group whose members all come to nothing are left out; an empty group is
// counted as written.
func (s *state) attr(a slog.Attr) bool {
	kind := a.Value.Kind()
	if kind == slog.KindLogValuer {
		a.Value = a.Value.Resolve()
		kind = a.Value.Kind()
	}
	if rep := s.h.c.opts.ReplaceAttr; rep != nil && kind != slog.KindGroup {
		var groups []string
		if s.track {
			groups = s.groups
		}
		a = rep(groups, a)
		if kind = a.Value.Kind(); kind == slog.KindLogValuer { // ReplaceAttr may return one
			a.Value = a.Value.Resolve()
			kind = a.Value.Kind()
		}
	}
	if kind == slog.KindAny {
		v := a.Value.Any()
		if v == nil && a.Key == "" {
			return false // the zero Attr
		}
		if src, ok := v.(*slog.Source); ok {
			if src == nil || *src == (slog.Source{}) {
				return false
			}
			a.Value = sourceGroup(src)
			kind = slog.KindGroup
		}
	}
	if kind != slog.KindGroup {
		s.key(a.Key)
		s.value(kind, a.Value)
		return true
	}
	members := a.Value.Group()
	if len(members) == 0 {
		// Written, though it writes nothing, as in slog: the groups around
		// it stay, as {} when it is all they hold. Only a group that
		// comes here (from a LogValuer, ReplaceAttr or WithAttrs) can be
		// empty: slog.GroupValue and Record.AddAttrs drop the others.
		return true
	}
	// A group with the empty key is inlined. One whose members all come
	// to nothing is taken back whole, with the comma before it.
	pos, sep := len(s.buf), s.sep
	if a.Key != "" {
		s.openGroup(a.Key)
	}
	if !s.attrs(members) {
		s.buf, s.sep = s.buf[:pos], sep
		if a.Key != "" && s.track {
			s.groups = s.groups[:len(s.groups)-1]
		}
		return false
	}
	if a.Key != "" {
		s.closeGroup()
	}
	return true
}

// sourceGroup is src as a group of its non-zero fields, as slog writes it.
func sourceGroup(src *slog.Source) slog.Value {
	as := make([]slog.Attr, 0, 3)
	if src.Function != "" {
		as = append(as, slog.String("function", src.Function))
	}
	if src.File != "" {
		as = append(as, slog.String("file", src.File))
	}
	if src.Line != 0 {
		as = append(as, slog.Int("line", src.Line))
	}
	return slog.GroupValue(as...)
}

// rawKey writes a pre-quoted key with its ':'.
func (s *state) rawKey(k []byte) {
	if s.sep {
		s.buf = append(s.buf, ',')
	}
	s.buf = append(s.buf, k...)
	s.sep = true
}

// level writes the name of l, pre-quoted for the standard levels.
func (s *state) level(l slog.Level) {
	if i := (l - slog.LevelDebug) / 4; l%4 == 0 && i >= 0 && i < 4 {
		s.buf = append(s.buf, s.h.c.levels[i]...)
		return
	}
	s.str(l.String())
}

func (s *state) key(k string) {
	b := s.buf
	if s.sep {
		b = append(b, ',')
	}
	b, _ = s.text.AppendQuote(b, k)
	s.buf = append(b, ':')
	s.sep = true
}

// str appends v quoted under the text escaping, whose invalid-UTF-8
// policy is never InvalidUTF8Error, so it cannot fail.
func (s *state) str(v string) {
	s.buf, _ = s.text.AppendQuote(s.buf, v)
}

// value writes v, whose kind is k.
func (s *state) value(k slog.Kind, v slog.Value) {
	switch k {
	case slog.KindString:
		s.str(v.String())
	case slog.KindInt64:
		s.buf = strconv.AppendInt(s.buf, v.Int64(), 10)
	case slog.KindUint64:
		s.buf = strconv.AppendUint(s.buf, v.Uint64(), 10)
	case slog.KindFloat64:
		var err error
		if s.buf, err = jgen.AppendFloat(s.buf, v.Float64(), 64); err != nil {
			s.failed(v.Float64(), err)
		}
	case slog.KindBool:
		s.buf = strconv.AppendBool(s.buf, v.Bool())
	case slog.KindDuration:
		// A time.Duration is an int64 to encoding/json.
		s.buf = strconv.AppendInt(s.buf, int64(v.Duration()), 10)
	case slog.KindTime:
		s.time(v.Time(), 1)
	default:
		s.any(v.Any())
	}
}

// time writes t in RFC 3339 with nanoseconds, as time.Time.MarshalJSON.
// A year outside 0..9999 has no RFC 3339 form; slog's JSONHandler of Go
// 1.27 writes this error text in its place.
func (s *state) time(t time.Time, slot int) {
	if y := t.Year(); y < 0 || y >= 10000 {
		s.str("!ERROR:time.Time year outside of range [0,9999]")
		return
	}
	if c := s.h.c; c.rawTime {
		s.buf = append(s.buf, c.quote)
		s.buf = s.times[slot].appendRFC3339Nano(s.buf, t)
		s.buf = append(s.buf, c.quote)
		return
	}
	s.buf, _ = s.text.AppendQuoteBytes(s.buf, t.AppendFormat(s.tmp[:0], time.RFC3339Nano))
}

// any writes v: an error that is not a json.Marshaler as the text of its
// Error method, anything else with Generator.WriteValue. A panic in a
// method of v is written as slog writes it: "<nil>" when v is a nil
// pointer, the panic's value otherwise.
func (s *state) any(v any) {
	pos := len(s.buf)
	defer func() {
		if r := recover(); r != nil {
			s.buf = s.buf[:pos]
			if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
				s.str("<nil>")
				return
			}
			s.str(fmt.Sprintf("!PANIC: %v", r))
		}
	}()
	if err, ok := v.(error); ok {
		if _, jm := v.(json.Marshaler); !jm {
			s.str(err.Error())
			return
		}
	}
	s.g.ResetAppend(s.buf)
	err := s.g.WriteValue(v)
	// On an error, nothing of the value was written.
	s.buf = s.g.Bytes()
	s.g.ResetAppend(nil)
	if err != nil {
		s.failed(v, err)
	}
}

// failed writes what stands in the place of v, which jgen could not
// encode (err). With an escaping, that is "!ERROR:" and err's text. With
// the nil escaping, it is what slog's JSONHandler writes: v is encoded
// again, as slog encodes it, by an [encoding/json.Encoder] after
// SetEscapeHTML(false), and its error is written as slog writes it
// ("!ERROR:%v"), so the text is encoding/json's on every Go release; when
// encoding/json does encode v (a nesting deeper than jgen's limit, on a
// release whose encoding/json has none), its output is written, unless it
// holds invalid UTF-8 (from MarshalJSON output), when err is. The methods
// of v are then called a second time; this path is taken only for a value
// that jgen refuses, so it costs nothing to the others.
func (s *state) failed(v any, err error) {
	if !s.h.c.asSlog {
		s.str("!ERROR:" + err.Error())
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if jerr := enc.Encode(v); jerr != nil {
		s.str(fmt.Sprintf("!ERROR:%v", jerr))
		return
	}
	out := bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
	if !utf8.Valid(out) {
		s.str("!ERROR:" + err.Error())
		return
	}
	s.buf = append(s.buf, out...)
}

// appendRFC3339Nano appends t as t.AppendFormat(b, time.RFC3339Nano) does,
// for a year in 0..9999. Records logged within one second share all but
// the fraction, so the rest is formatted once per second and location.
func (st *secondText) appendRFC3339Nano(b []byte, t time.Time) []byte {
	sec, loc := t.Unix(), t.Location()
	if sec != st.sec || loc != st.loc || st.loc == nil {
		st.text = t.AppendFormat(st.text[:0], time.RFC3339)
		st.sec, st.loc = sec, loc
	}
	const date = len("2006-01-02T15:04:05")
	b = append(b, st.text[:date]...)
	if ns := t.Nanosecond(); ns != 0 {
		// .999999999: nine digits, trailing zeros dropped.
		var d [10]byte
		d[0] = '.'
		for i := 9; i > 1; i -= 2 {
			r := ns % 100
			d[i-1], d[i] = pairs[2*r], pairs[2*r+1]
			ns /= 100
		}
		d[1] = byte('0' + ns)
		n := 10
		for d[n-1] == '0' {
			n--
		}
		b = append(b, d[:n]...)
	}
	return append(b, st.text[date:]...)
}

// pairs holds the two digits of 00 to 99.
const pairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"
