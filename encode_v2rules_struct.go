package jgen

// The v2 rules' struct encoder and the json tags it reads.

import (
	"reflect"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// v2Field is a struct field as the v2 struct encoder writes it. The
// members the loop reads for every field come first.
type v2Field struct {
	offset uintptr
	// skip tells, before the field is written, a value omitempty or
	// omitzero leaves out; write is how the loop writes it.
	skip  v2Skip
	write v2Write
	// checkEmpty is set for omitempty where the encoding itself must be
	// looked at (emptyJSON): where skip does not tell every value whose
	// encoding is null, "", {} or [].
	checkEmpty bool
	// quoted is the quoted name under Minimal with its ':', with
	// nameSlack bytes readable from its start (appendName).
	quoted []byte
	enc    v2Func
	name   string
	typ    reflect.Type
	// omitZero: the tag option (also under OmitZeroStructFields); isZero
	// reports a zero value for it.
	omitZero bool
	isZero   func(p unsafe.Pointer) bool
	// emptyKind, for omitEmpty on a type without methods, tells a value
	// known empty before it is written, as v2's isEmpty does: a string,
	// slice or map of length 0, a nil pointer or interface (0: none).
	emptyKind reflect.Kind
}

// v2Skip is how the struct loop tells an omitted field from memory.
type v2Skip uint8

const (
	v2SkipNone  v2Skip = iota // never omitted
	v2SkipLen                 // omitempty on a string or slice: the length word is 0
	v2SkipNil                 // omitempty on a pointer or interface: the first word is nil
	v2SkipOther               // omitzero, or omitempty on a map: v2Field.omitted
)

// v2Write is how the struct loop writes a field: kinds whose encoder is
// known written in the loop (no call through enc), else v2WriteCall.
type v2Write uint8

const (
	v2WriteCall   v2Write = iota // through enc
	v2WriteString                // a string kind without methods (v2String)
	v2WriteInt64                 // an 8-byte int kind without methods, not stringified
	v2WriteBool                  // a bool kind without methods (v2Bool)
)

// omitted reports whether the field at p is left out, for v2SkipOther:
// by omitzero's isZero, or by omitempty's knownEmpty.
func (fd *v2Field) omitted(p unsafe.Pointer) bool {
	if fd.omitZero && fd.isZero(p) {
		return true
	}
	return fd.emptyKind != 0 && knownEmpty(fd.emptyKind, p)
}

// v2StructEncoder compiles a struct by encoding/json/v2's field rules
// (Go 1.27 v2/fields.go), its members those of v2StructMembers (its
// embedded fallback is v2WithFallback's), where they hold no format
// option and nothing v2 refuses; declined otherwise (see compileV2).
func v2StructEncoder(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	members, _, why := v2StructMembers(t)
	if why != nil {
		return nil, why // what v2 refuses
	}
	if f&v2FormatTag == 0 {
		if field := v2HasFormat(t, map[reflect.Type]bool{}); field != "" {
			return nil, unimplemented("format tag option without SupportFormatTag on Go struct field " + field + " (encoding/json/v2's error)")
		}
	}
	var fields []v2Field
	for _, m := range members {
		sf, o := m.sf, m.tag
		ff := f
		if o.str && o.format != "" && sf.Type == timeType {
			ff |= v2Stringify // a numeric format; compileV2Format checks
		} else if o.str {
			// v2 passes the option through pointers to the value they
			// point to (a nil pointer is null), and refuses it on
			// others, as on a type that is not a number.
			nt := sf.Type
			for i := 0; nt.Kind() == reflect.Pointer && i < v2MaxPointers; i++ {
				nt = nt.Elem()
			}
			switch nt.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
				reflect.Float32, reflect.Float64:
				if v2StringToCall(sf.Type, f) {
					return nil, unimplemented("string tag option on Go struct field " + t.String() + "." + sf.Name + " of type " + sf.Type.String() + ", written by a MarshalJSONTo method or a MarshalToFunc")
				}
				ff |= v2Stringify
			default:
				if nt != numberType {
					return nil, unimplemented("string tag option on Go struct field " + t.String() + "." + sf.Name + " of type " + sf.Type.String() + ", not a number (encoding/json/v2's error)")
				}
				ff |= v2Stringify
			}
		}
		var enc v2Func
		if o.format != "" {
			var why *unimplementedError
			if enc, why = compileV2Format(sf.Type, ff, o.format, o.str); why != nil {
				return nil, why.in(t, sf)
			}
		} else {
			e := v2Lookup(sf.Type, ff)
			if e.why != nil {
				return nil, e.why.in(t, sf)
			}
			enc = e.f
		}
		fd := v2Field{name: o.name, offset: m.offset, typ: sf.Type, enc: enc, checkEmpty: o.omitEmpty}
		k := sf.Type.Kind()
		// A field with a format is written through enc, its encoding
		// looked at for omitempty.
		funcs := hasFunc(sf.Type, f)
		if o.format != "" && v2FuncThroughPointers(sf.Type, f) {
			// A format on a type a marshal function takes, or on
			// pointers to one (v2 calls the function on the value they
			// point to, the format ignored).
			return nil, unimplemented("format tag option on Go struct field " + t.String() + "." + sf.Name + " of type " + sf.Type.String() + ", which a marshal function takes")
		}
		plain := !hasV2Methods(sf.Type) && sf.Type != numberType && o.format == "" && !funcs
		if o.omitEmpty && !funcs && (k == reflect.Pointer || k == reflect.Interface ||
			plain && (k == reflect.String || k == reflect.Slice || k == reflect.Map)) {
			fd.emptyKind = k
		}
		switch {
		case plain && k == reflect.String:
			fd.write = v2WriteString
		case plain && k == reflect.Bool:
			fd.write = v2WriteBool
		case plain && (k == reflect.Int || k == reflect.Int64) && sf.Type.Size() == 8 &&
			ff&v2Stringify == 0 && sf.Type != durationType:
			fd.write = v2WriteInt64
		}
		// A plain string is "" only when empty (skipped by its length), a
		// non-empty plain slice is never "" or [], a number or bool never
		// empty: their encodings need no look.
		if fd.write != v2WriteCall || plain && k == reflect.Slice {
			fd.checkEmpty = false
		}
		q, err := minimalEscaper.appendQuoted(nil, []byte(o.name))
		if err != nil {
			return nil, unimplemented("JSON name of Go struct field " + t.String() + "." + sf.Name + " that cannot be quoted (invalid UTF-8)")
		}
		q = append(q, ':')
		fd.quoted = append(make([]byte, 0, len(q)+nameSlack), q...)
		if o.omitZero || f&v2OmitZero != 0 {
			fd.omitZero = true
			switch {
			case sf.Type == timeType:
				fd.isZero = func(p unsafe.Pointer) bool { return (*time.Time)(p).IsZero() }
			case sf.Type.Implements(isZeroerType) || reflect.PointerTo(sf.Type).Implements(isZeroerType):
				fd.isZero = v2IsZeroFunc(sf.Type)
			default:
				ft := sf.Type
				fd.isZero = func(p unsafe.Pointer) bool { return reflect.NewAt(ft, p).Elem().IsZero() }
			}
		}
		switch {
		case fd.omitZero || k == reflect.Map && fd.emptyKind != 0:
			fd.skip = v2SkipOther
		case k == reflect.String && fd.emptyKind != 0 || k == reflect.Slice && fd.emptyKind != 0:
			fd.skip = v2SkipLen
		case fd.emptyKind != 0:
			fd.skip = v2SkipNil
		}
		if m.hops != nil {
			fd = v2Through(m, fd)
		}
		fields = append(fields, fd)
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		if s.room < 1 {
			return b, s.depthError(b, '{')
		}
		s.room--
		open := len(b)
		b = append(b, '{')
		var err error
		for i := range fields {
			fd := &fields[i]
			q := unsafe.Add(p, fd.offset)
			switch fd.skip {
			case v2SkipNone:
			case v2SkipLen:
				if *(*int)(unsafe.Add(q, unsafe.Sizeof(uintptr(0)))) == 0 {
					continue
				}
			case v2SkipNil:
				if *(*unsafe.Pointer)(q) == nil {
					continue
				}
			default:
				if fd.omitted(q) {
					continue
				}
			}
			mark := len(b)
			if mark != open+1 {
				b = append(b, ',')
			}
			if s.plainNames {
				b = appendName(b, fd.quoted)
			} else {
				if b, err = s.esc.appendQuoted(b, stringBytes(fd.name)); err != nil {
					return b, err
				}
				b = append(b, ':')
			}
			switch fd.write {
			case v2WriteString:
				if b, err = s.appendString(b, stringBytes(*(*string)(q))); err != nil {
					// v2String's error, as the call would return it.
					return b, atPath(err, fd.typ, fd.name)
				}
				continue
			case v2WriteInt64:
				b = appendInt(b, *(*int64)(q))
				continue
			case v2WriteBool:
				if *(*bool)(q) {
					b = append(b, "true"...)
				} else {
					b = append(b, "false"...)
				}
				continue
			}
			start := len(b)
			if b, err = fd.enc(s, b, q); err != nil {
				return b, atPath(err, fd.typ, fd.name)
			}
			if fd.checkEmpty && emptyJSON(b[start:]) {
				b = b[:mark]
			}
		}
		s.room++
		return append(b, '}'), nil
	}, nil
}

// knownEmpty reports whether the value at p, of kind k (a
// v2Field's emptyKind), is empty: its encoding is then null, "", [] or {}.
func knownEmpty(k reflect.Kind, p unsafe.Pointer) bool {
	switch k {
	case reflect.String:
		return len(*(*string)(p)) == 0
	case reflect.Slice:
		return (*sliceHeader)(p).len == 0
	case reflect.Map:
		return mapLen(p) == 0
	}
	return *(*unsafe.Pointer)(p) == nil // pointer, interface
}

// emptyJSON reports whether v is the compact null, "", {} or [], which
// v2's omitempty omits.
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}

// minimalEscaper quotes the member names compiled into struct encoders.
var minimalEscaper = func() *escaper {
	var x escaper
	x.init(Minimal)
	return &x
}()

// v2Tag is a parsed json tag.
type v2Tag struct {
	name string
	// hasName: the tag gives the name (else it is the Go field's).
	hasName                  bool
	omitEmpty, omitZero, str bool
	// embed is the embed option; casing is case:ignore or case:strict,
	// ignoreCase case:ignore.
	embed, casing, ignoreCase bool
	// format is the format option's value, "" if none.
	format string
}

// parseV2Tag parses a json tag by encoding/json/v2's grammar where the
// tag is of the plain forms: a name holding none of ,\'"` and options
// each a Go identifier (omitempty, omitzero, string, embed, case:ignore
// or case:strict, or one v2 ignores), none twice, and last a format
// whose value is an identifier or a single-quoted string. It reports
// false for the rest (single-quoted names, and what v2 refuses).
func parseV2Tag(field, tag string) (v2Tag, bool) {
	o := v2Tag{name: field}
	name, opts, hasOpts := strings.Cut(tag, ",")
	if strings.ContainsAny(name, "\\'\"`") || !utf8.ValidString(name) {
		return o, false
	}
	if name != "" {
		o.name, o.hasName = name, true
	}
	if !hasOpts {
		return o, true
	}
	seen := map[string]bool{}
	off := 0 // of opt in opts
	for _, opt := range strings.Split(opts, ",") {
		if v, ok := strings.CutPrefix(opts[off:], "format:"); ok {
			// The value may hold commas; v2 refuses any option after it.
			f, n, ok := consumeV2TagOption(v, true)
			if !ok || f == "" || n != len(v) {
				return o, false
			}
			o.format = f
			break
		}
		off += len(opt) + len(",")
		if !isIdent(opt) {
			if opt != "case:ignore" && opt != "case:strict" {
				return o, false
			}
			if seen["case"] {
				return o, false
			}
			seen["case"] = true
			o.casing = true
			o.ignoreCase = opt == "case:ignore"
			continue
		}
		if seen[opt] {
			return o, false
		}
		seen[opt] = true
		switch opt {
		case "omitempty":
			o.omitEmpty = true
		case "omitzero":
			o.omitZero = true
		case "string":
			o.str = true
		case "embed":
			o.embed = true
		default:
			switch strings.ReplaceAll(strings.ToLower(opt), "_", "") {
			case "case", "embed", "omitzero", "omitempty", "string", "format":
				return o, false // format, or a mutant v2 refuses
			}
		}
	}
	return o, true
}

// isIdent reports whether s is a Go identifier as v2's tag grammar reads
// an option: a letter or '_', then letters, digits and '_'.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsNumber(r) {
			continue
		}
		return false
	}
	return true
}

// v2IsZeroFunc returns omitzero's test of a field of type t whose type
// or pointer type has an IsZero method, as encoding/json/v2 calls it
// (Go 1.27 v2/fields.go): an interface type with the method is zero
// where nil or holding a nil pointer, else by the method of the value it
// holds; a pointer type with the method is zero where nil, else by the
// method; another type by the method of the value (a value receiver) or
// of its address (a pointer receiver), v2's values being addressable.
// The method of a pointer or value is called through a nil *T in an
// interface whose data word is set to the pointer (withData), without a
// conversion per value.
func v2IsZeroFunc(t reflect.Type) func(p unsafe.Pointer) bool {
	switch {
	case t.Kind() == reflect.Interface:
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			if v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() {
				return true
			}
			z, _ := reflect.TypeAssert[isZeroer](v)
			return z.IsZero()
		}
	case t.Kind() == reflect.Pointer:
		z := reflect.Zero(t).Interface().(isZeroer)
		return func(p unsafe.Pointer) bool {
			q := *(*unsafe.Pointer)(p)
			return q == nil || withData(z, q).IsZero()
		}
	}
	z := v2MethodIface(t).(isZeroer)
	return func(p unsafe.Pointer) bool { return withData(z, p).IsZero() }
}

// v2StringToCall reports whether a field of type t with the string
// option is written by a MarshalJSONTo method or a MarshalToFunc (of t or
// of what t points to): v2 calls it with the option in its encoder's
// options (GetOption of StringifyNumbers reports true there, and the
// values it marshals through that encoder get the option), which the
// encoder jgen gives it does not carry.
func v2StringToCall(t reflect.Type, f v2Flags) bool {
	for i := 0; i <= v2MaxPointers; i++ {
		if hasMethod(t, "MarshalJSONTo") {
			return true
		}
		if f>>v2MarshalersShift != 0 {
			for _, fn := range funcsFor(t, f) {
				if fn.to != nil {
					return true
				}
			}
		}
		if t.Kind() != reflect.Pointer {
			return false
		}
		t = t.Elem()
	}
	return false
}

// v2FuncThroughPointers reports whether a marshal function of f applies to
// t or to what t points to, through any number of pointers.
func v2FuncThroughPointers(t reflect.Type, f v2Flags) bool {
	if f>>v2MarshalersShift == 0 {
		return false
	}
	for i := 0; i <= v2MaxPointers; i++ {
		if hasFunc(t, f) {
			return true
		}
		if t.Kind() != reflect.Pointer {
			return false
		}
		t = t.Elem()
	}
	return false
}
