package jgen

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// structField is one member a struct type encodes to.
type structField struct {
	name string
	// index is the path of field indexes from the outer struct, through
	// embedded structs (and pointers to them).
	index  []int
	typ    reflect.Type // the Go field's type
	tagged bool         // the name comes from a json tag
	// omitEmpty and omitZero are the tag options; isZero, when set, is the
	// type's IsZero method.
	omitEmpty bool
	omitZero  bool
	isZero    func(reflect.Value) bool
	quoted    bool
	enc       encoderFunc
	// fast is the field's fastKind where the encoder may read it from
	// memory at offset from the outer struct: no pointer on its path, no
	// ",string" and no IsZero method for omitzero. fastNone otherwise.
	fast   fastKind
	offset uintptr
	// ptr is the fastKind of the element of a pointer field at offset
	// (same conditions as fast, and the pointer type has no marshal
	// method): a nil pointer is null, any other the element read from
	// memory. fastNone otherwise.
	ptr fastKind
	// empty says how omitempty can be decided from memory at offset
	// (emptyUnknown: through reflect); set where fast could be but is not.
	empty emptyKind
}

type structEncoder struct {
	typ    reflect.Type
	fields []structField
	// fallback is the embedded map or jsontext.Value whose members follow
	// fields (encode_embed.go), nil if none.
	fallback *embedFallback
	// ops holds, for each field, what the member loop reads of it on the
	// memory paths, packed small so that the loop over a struct of many
	// omitted members stays cheap; fields is read only off those paths.
	ops []memberOp
	// names holds the quoted member names under the Escaping last used;
	// replaced, never changed, when another Escaping comes along.
	names atomic.Pointer[quotedNames]
	// direct holds the direct path's nodes for the struct and its
	// members, made on first use (directMembers).
	direct atomic.Pointer[directStructRef]
}

type quotedNames struct {
	key escKey
	q   [][]byte
	// qc holds each quoted name followed by the Compact layout's ':', and
	// cqc the same after a comma. All are slices of one buffer with
	// nameSlack readable bytes after its end (appendName).
	qc  [][]byte
	cqc [][]byte
}

// nameSlack is the number of bytes readable after the start of every
// quoted name in quotedNames, beyond its end if need be: appendName copies
// a name of up to that length as whole 16-byte blocks.
const nameSlack = 32

// memberOp is the part of a structField the member loop reads first.
type memberOp struct {
	offset uintptr
	fast   fastKind
	ptr    fastKind
	empty  emptyKind
	omit   bool // omitempty or omitzero, on a field with fast or ptr
}

func newStructEncoder(t reflect.Type) encoderFunc {
	if msg := formatRefusal(t); msg != "" {
		return func(e *encState, v reflect.Value) error { return unsupportedValue(v, msg) }
	}
	if err := v2TagRefusal(t); err != nil {
		return func(e *encState, v reflect.Value) error { return &EncodeError{Type: t, Err: err} }
	}
	se := newStructLayout(t)
	for i := range se.fields {
		f := &se.fields[i]
		if f.quoted {
			f.enc = quotedEncoder(f.typ)
		} else {
			f.enc = typeEncoder(f.typ)
		}
	}
	if fb := se.fallback; fb != nil && fb.kind == fallbackMap {
		fb.me = newMapEncoderOf(fb.elemType)
	}
	return se.encode
}

// newStructLayout returns the structEncoder of struct type t with its
// members, their memory offsets and ops, but no encoderFuncs (the direct
// path needs none).
func newStructLayout(t reflect.Type) *structEncoder {
	plan := compileStruct(t, stdlibRules)
	se := &structEncoder{typ: t, fields: plan.fields, fallback: plan.fallback}
	for i := range se.fields {
		f := &se.fields[i]
		if off, direct := fieldOffset(t, f.index); direct && !f.quoted && !(f.omitZero && f.isZero != nil) {
			f.fast, f.offset = fastKindOf(f.typ), off
			if f.fast == fastNone && f.typ.Kind() == reflect.Pointer && !hasMarshaler(f.typ) {
				f.ptr = fastKindOf(f.typ.Elem())
			}
			if f.fast == fastNone && f.omitEmpty && !f.omitZero {
				f.empty = emptyKindOf(f.typ)
			}
		}
	}
	se.compileOps()
	return se
}

// compileOps fills se.ops from se.fields.
func (se *structEncoder) compileOps() {
	se.ops = make([]memberOp, len(se.fields))
	for i := range se.fields {
		f := &se.fields[i]
		se.ops[i] = memberOp{offset: f.offset, fast: f.fast, ptr: f.ptr, empty: f.empty, omit: f.omitEmpty || f.omitZero}
	}
}

// fieldOffset returns the offset of the field at index in struct type t,
// and whether the path to it goes through no pointer.
func fieldOffset(t reflect.Type, index []int) (uintptr, bool) {
	var off uintptr
	for n, i := range index {
		if t.Kind() != reflect.Struct {
			return 0, false
		}
		sf := t.Field(i)
		off += sf.Offset
		t = sf.Type
		if n < len(index)-1 && t.Kind() == reflect.Pointer {
			return 0, false
		}
	}
	return off, true
}

// quoted returns the quoted member names under the generator's escaping,
// whose key is e.key. A name never fails to quote: names are valid UTF-8
// (isValidTag and Go identifiers).
func (se *structEncoder) quoted(e *encState) *quotedNames {
	if n := se.names.Load(); n != nil && n.key == e.key {
		return n
	}
	return se.quoteNames(&e.g.esc, e.key)
}

// quoteNames quotes the member names under x, whose key is k, and keeps
// them for the next struct value.
func (se *structEncoder) quoteNames(x *escaper, k escKey) *quotedNames {
	l := len(se.fields)
	n := &quotedNames{key: k, q: make([][]byte, l), qc: make([][]byte, l), cqc: make([][]byte, l)}
	var buf []byte
	ends := make([]int, l)
	for i := range se.fields {
		buf = append(buf, ',')
		buf, _ = x.appendQuoted(buf, stringBytes(se.fields[i].name))
		buf = append(buf, ':')
		ends[i] = len(buf)
	}
	buf = append(buf, make([]byte, nameSlack)...)
	start := 0
	for i, end := range ends {
		n.cqc[i] = buf[start:end:end]
		n.qc[i] = buf[start+1 : end : end]
		n.q[i] = buf[start+1 : end-1 : end-1]
		start = end
	}
	se.names.Store(n)
	return n
}

func (se *structEncoder) encode(e *encState, v reflect.Value) error {
	g := e.g
	// The fields of an addressable struct are read from memory where
	// their kind allows (fastKind), and the whole struct is where the
	// direct path takes it.
	var base unsafe.Pointer
	if v.CanAddr() {
		base = unsafe.Pointer(v.UnsafeAddr())
	}
	dr := se.directMembers()
	if base != nil && dr.node != nil {
		if ok, err := e.writeDirect(dr.node, base); ok || err != nil {
			return err
		}
	}
	if err := e.writeStart(inObject); err != nil {
		return err
	}
	qn := se.quoted(e)
	// In the Compact layout, a member of a fastKind is appended whole
	// (comma, name, colon, value) with no state to keep but the object's
	// first flag. WriteValue's sink is in append mode, so the appends need
	// no room check.
	st := &g.state
	direct := st.compact && g.err == nil && base != nil
	nested := direct && e.directOK()
	for i, op := range se.ops {
		if direct {
			if op.fast != fastNone {
				p := unsafe.Add(base, op.offset)
				if op.omit && fastZero(op.fast, p) {
					continue
				}
				b := g.out.buf
				if !st.first {
					b = append(b, ',')
				}
				if b, ok := e.appendScalar(append(b, qn.qc[i]...), op.fast, p); ok {
					g.out.buf = b
					st.first = false
					continue
				}
			} else if op.ptr != fastNone && e.appendPtrMember(op, qn.qc[i], base) {
				continue
			} else if m := &dr.members[i]; nested && m.node != nil {
				ok, err := e.appendMemberDirect(m, qn.qc[i], unsafe.Add(base, op.offset))
				if err != nil {
					f := &se.fields[i]
					return atPath(err, f.typ, f.name)
				}
				if ok {
					continue
				}
			}
		}
		if op.empty != emptyUnknown && base != nil && memEmpty(op.empty, unsafe.Add(base, op.offset)) {
			continue
		}
		if err := se.writeMember(e, v, &se.fields[i], qn.q[i], base); err != nil {
			return err
		}
	}
	if se.fallback != nil {
		if err := se.fallback.writeMembers(e, v); err != nil {
			return err
		}
	}
	return e.writeEnd(inObject)
}

// appendPtrMember appends the member f, a pointer field with a ptr kind,
// of the struct at base, in the Compact layout with the state path's
// checks passed (the object open, no name pending, no sticky error), and
// reports true, or reports false and appends nothing where writeMember
// must write it (a value appendScalar refuses). qc is the quoted name with
// its colon. A member omitted by omitempty or omitzero counts as written.
func (e *encState) appendPtrMember(f memberOp, qc []byte, base unsafe.Pointer) bool {
	// base is the addressable memory of the struct, so the word at
	// offset is the pointer itself.
	p := *(*unsafe.Pointer)(unsafe.Add(base, f.offset))
	if p == nil {
		if !f.omit {
			e.appendNullMember(qc)
		}
		return true
	}
	g := e.g
	st := &g.state
	b := g.out.buf
	if !st.first {
		b = append(b, ',')
	}
	b, ok := e.appendScalar(append(b, qc...), f.ptr, p)
	if ok {
		g.out.buf = b
		st.first = false
	}
	return ok
}

// appendNullMember appends a member whose value is null, as appendMember
// does.
func (e *encState) appendNullMember(qc []byte) {
	g := e.g
	st := &g.state
	b := g.out.buf
	if !st.first {
		b = append(b, ',')
	}
	g.out.buf = append(append(b, qc...), "null"...)
	st.first = false
}

// writeMember writes the member f of the struct v (at base when v is
// addressable, else nil) through the state path, with q its quoted name;
// an omitted member writes nothing. The caller has tested f.empty.
func (se *structEncoder) writeMember(e *encState, v reflect.Value, f *structField, q []byte, base unsafe.Pointer) error {
	if f.fast != fastNone && base != nil {
		p := unsafe.Add(base, f.offset)
		if (f.omitEmpty || f.omitZero) && fastZero(f.fast, p) {
			return nil
		}
		if err := e.writeQuotedName(q); err != nil {
			return err
		}
		ok, err := e.writeFast(f.fast, p)
		if !ok {
			err = f.enc(e, v.FieldByIndex(f.index))
		}
		if err != nil {
			return atPath(err, f.typ, f.name)
		}
		return nil
	}
	fv := v.Field(f.index[0])
	if len(f.index) > 1 {
		var ok bool
		if fv, ok = promotedField(fv, f.index[1:]); !ok {
			return nil
		}
	}
	// An f.empty other than emptyUnknown has been tested from memory.
	if f.omitEmpty && (f.empty == emptyUnknown || base == nil) && isEmptyValue(fv) {
		return nil
	}
	if f.omitZero && (f.isZero == nil && fv.IsZero() || f.isZero != nil && f.isZero(fv)) {
		return nil
	}
	if err := e.writeQuotedName(q); err != nil {
		return err
	}
	if err := f.enc(e, fv); err != nil {
		return atPath(err, f.typ, f.name)
	}
	return nil
}

// promotedField returns the field at index below fv, through embedded
// structs, or false when one of them is a nil pointer (then the member is
// left out, as encoding/json does).
func promotedField(fv reflect.Value, index []int) (reflect.Value, bool) {
	for _, j := range index {
		if fv.Kind() == reflect.Pointer {
			if fv.IsNil() {
				return reflect.Value{}, false
			}
			fv = fv.Elem()
		}
		fv = fv.Field(j)
	}
	return fv, true
}

// writeQuotedName writes a name already quoted under the current escaping.
func (e *encState) writeQuotedName(q []byte) error {
	g := e.g
	if st := &g.state; st.compact && st.container == inObject && !st.afterName && g.err == nil {
		// The Compact layout's prefix of a name is a comma or nothing.
		if g.out.free() < len(q)+1 {
			_ = g.out.room(len(q) + 1) // append mode while WriteValue runs
		}
		b := g.out.buf
		if !st.first {
			b = append(b, ',')
		}
		g.out.buf = append(b, q...)
		st.first = false
		st.afterName = true
		st.valueSep = ':' // what nameDone's sync sets in the Compact layout
		return nil
	}
	if err := g.beginName(); err != nil {
		return err
	}
	g.out.buf = g.appendPrefix(g.out.buf, true)
	if err := g.appendRaw(q); err != nil {
		return err
	}
	g.state.nameDone()
	return nil
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// isZeroFunc returns the test of omitzero for a field of type t that has
// an IsZero method, or nil (then reflect.Value.IsZero decides).
func isZeroFunc(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() {
				return true
			}
			z, _ := reflect.TypeAssert[isZeroer](v)
			return z.IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if v.IsNil() {
				return true
			}
			z, _ := reflect.TypeAssert[isZeroer](v)
			return z.IsZero()
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			z, _ := reflect.TypeAssert[isZeroer](v)
			return z.IsZero()
		}
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(v.Type()).Elem()
				c.Set(v)
				v = c
			}
			z, _ := reflect.TypeAssert[isZeroer](v.Addr())
			return z.IsZero()
		}
	}
	return nil
}

// structPlan is what a struct type encodes to under a set of fieldRules:
// its members and the embedded fallback whose members follow them.
type structPlan struct {
	// fields are the members in the order encoding/json writes them.
	fields []structField
	// fallback is the embedded map or jsontext.Value (rules.embed only)
	// whose members are written after fields, nil if none.
	fallback *embedFallback
}

// compileStruct returns the plan of struct type t under rules r: the
// exported fields and, breadth first, the fields promoted from embedded
// structs (exported or not, through pointers) and, under r.embed, from
// fields tagged embed, where by Go's rules a shallower field hides a
// deeper one of the same name, a tagged field wins over untagged ones at
// its depth, and two equal candidates hide each other; and under r.embed
// the shallowest embedded fallback, unless two share that depth
// (encoding/json/v2's makeStructFields, fields.go).
func compileStruct(t reflect.Type, r fieldRules) structPlan {
	found, fallbacks := candidateFields(t, r)
	out := dominantFields(found)
	slices.SortFunc(out, func(a, b structField) int { return slices.Compare(a.index, b.index) })
	plan := structPlan{fields: slices.Clip(out)}
	if n := len(fallbacks); n == 1 || n > 1 && len(fallbacks[0].index) != len(fallbacks[1].index) {
		plan.fallback = &fallbacks[0]
	}
	return plan
}

// formatRefusal returns, on Go 1.27's encoding/json (jsonV2Go127), the
// reason it refuses to encode struct type t, "" if none: a member field
// (of t or of a struct embedded in it, in breadth-first order) with the
// json/v2 tag option format, which encoding/json's v1 options leave
// unsupported (errUnsupportedFormat in encoding/json/v2's fields.go).
// encoding/json reports it as a *json.UnsupportedValueError with this
// text as its Str.
func formatRefusal(t reflect.Type) string {
	if !jsonV2Go127 || t.Kind() != reflect.Struct {
		return ""
	}
	sf, _ := taggedField(t, func(sf reflect.StructField, role fieldRole) string {
		if role == roleMember && hasFormatOption(sf.Tag.Get("json")) {
			return "format"
		}
		return ""
	})
	if sf == "" {
		return ""
	}
	return "Go struct field " + sf + " has unsupported `format` tag option"
}

// v2TagRefusal returns, on Go 1.26's encoding/json under
// GOEXPERIMENT=jsonv2 (jsonOnV2 and not jsonV2Go127), the reason the
// value encoder refuses struct type t under the Stdlib rules, nil if
// none: a field of t or of a struct embedded in it (breadth first), a
// member or an embedded struct, whose json tag holds the option inline,
// unknown or format with a value as encoding/json/v2 reads them
// (parseV2TagOptions). That encoding/json applies these options (its v2
// rules read them under v1 options, fields.go); jgen's Stdlib rules do
// not, so it refuses the type rather than write other bytes. The error
// matches ErrTagOptionUnsupported.
func v2TagRefusal(t reflect.Type) error {
	if !jsonOnV2 || jsonV2Go127 || t.Kind() != reflect.Struct {
		return nil
	}
	sf, opt := taggedField(t, func(sf reflect.StructField, role fieldRole) string {
		if role != roleMember && role != roleInline {
			return ""
		}
		_, opts, _ := tagName(sf.Tag.Get("json"))
		o := parseV2TagOptions(opts)
		for _, n := range o.names {
			if n == "inline" || n == "unknown" {
				return n
			}
		}
		if o.format != "" {
			return "format"
		}
		return ""
	})
	if sf == "" {
		return nil
	}
	return &tagOptionError{field: sf, option: opt}
}

// tagOptionError is the reason of v2TagRefusal: the Go struct field field
// holds the tag option option.
type tagOptionError struct{ field, option string }

func (e *tagOptionError) Error() string {
	return "Go struct field " + e.field + " has tag option `" + e.option + "`, which jgen's Stdlib rules do not apply"
}

func (e *tagOptionError) Is(target error) bool { return target == ErrTagOptionUnsupported }

// taggedField returns the name of the first field, of struct type t or of
// a struct embedded in it (in breadth-first order, each struct type once),
// for which refuse, given the field and its role under stdlibRules,
// returns a non-empty option, and that option; "", "" if none.
func taggedField(t reflect.Type, refuse func(reflect.StructField, fieldRole) string) (field, option string) {
	level := []reflect.Type{t}
	visited := map[reflect.Type]bool{}
	for len(level) > 0 {
		cur := level
		level = nil
		for _, st := range cur {
			if visited[st] {
				continue
			}
			visited[st] = true
			for i := range st.NumField() {
				f, role := candidateField(embeddedStruct{typ: st}, i, stdlibRules)
				if opt := refuse(st.Field(i), role); opt != "" {
					return st.Field(i).Name, opt
				}
				if role == roleInline {
					level = append(level, f.typ)
				}
			}
		}
	}
	return "", ""
}

// hasFormatOption reports whether a json tag holds the option format
// with a value, as encoding/json/v2 reads it (parseV2TagOptions).
func hasFormatOption(tag string) bool {
	_, opts, _ := tagName(tag)
	return parseV2TagOptions(opts).format != ""
}

// embeddedStruct is a struct type embedded in the one being compiled, at
// the path index.
type embeddedStruct struct {
	typ   reflect.Type
	index []int
}

// candidateFields returns every field of struct type t that could become a
// member under rules r, level by level through the embedded structs, and
// the embedded fallbacks in the same order; a field of a struct type
// embedded twice at one depth appears twice, so that it hides itself in
// dominantFields (and a fallback so, in compileStruct).
func candidateFields(t reflect.Type, r fieldRules) (found []structField, fallbacks []embedFallback) {
	var (
		level   = []embeddedStruct{{typ: t}}
		visited = map[reflect.Type]bool{}
	)
	for len(level) > 0 {
		cur := level
		level = nil
		// seen counts how often each struct type is embedded at this
		// depth: one embedded twice makes all its fields ambiguous.
		seen := map[reflect.Type]int{}
		for _, em := range cur {
			seen[em.typ]++
		}
		for _, em := range cur {
			if visited[em.typ] {
				continue
			}
			visited[em.typ] = true
			for i := range em.typ.NumField() {
				f, role := candidateField(em, i, r)
				switch role {
				case roleInline:
					level = append(level, embeddedStruct{typ: f.typ, index: f.index})
				case roleMember:
					found = append(found, f)
					if seen[em.typ] > 1 {
						found = append(found, f)
					}
				case roleFallback:
					fb := newEmbedFallback(f)
					fallbacks = append(fallbacks, fb)
					if seen[em.typ] > 1 {
						fallbacks = append(fallbacks, fb)
					}
				}
			}
		}
	}
	return found, fallbacks
}

// fieldRole is what a struct field becomes in the plan of its struct.
type fieldRole uint8

const (
	roleNone     fieldRole = iota // nothing (unexported, or tagged "-")
	roleMember                    // one member
	roleInline                    // a struct whose fields are promoted
	roleFallback                  // a map or jsontext.Value whose members follow the others
)

// candidateField returns field i of the embedded struct em under rules r
// and its role: for roleInline the struct type to descend into (in typ,
// a pointer taken away) and its index path; for roleMember and
// roleFallback the field.
func candidateField(em embeddedStruct, i int, r fieldRules) (f structField, role fieldRole) {
	sf := em.typ.Field(i)
	if sf.Anonymous {
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if !sf.IsExported() && ft.Kind() != reflect.Struct {
			return f, roleNone
		}
	} else if !sf.IsExported() {
		return f, roleNone
	}
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return f, roleNone
	}
	name, opts, named := tagName(tag)
	index := append(em.index[:len(em.index):len(em.index)], i)
	ft := sf.Type
	if ft.Name() == "" && ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if r.embed {
		if role, ok := embedRole(sf, ft, named, opts); ok {
			if role == roleNone {
				return f, roleNone
			}
			if role != roleMember {
				return structField{typ: ft, index: index}, role
			}
			// Refused as an embed: a member of the field's own name,
			// its other options dropped with the embed option.
			return structField{name: sf.Name, index: index, typ: sf.Type}, roleMember
		}
	} else if !named && sf.Anonymous && ft.Kind() == reflect.Struct {
		return structField{typ: ft, index: index}, roleInline
	}
	f = structField{
		name:      name,
		index:     index,
		typ:       sf.Type,
		tagged:    named,
		omitEmpty: tagOption(opts, "omitempty"),
		omitZero:  tagOption(opts, "omitzero"),
	}
	if !named {
		f.name = sf.Name
	}
	if tagOption(opts, "string") {
		switch ft.Kind() {
		case reflect.Bool,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64, reflect.String:
			f.quoted = true
		}
	}
	if f.omitZero {
		f.isZero = isZeroFunc(sf.Type)
	}
	return f, roleMember
}

// dominantFields keeps, of each name among found, the field that wins:
// the shallowest, then tagged, then first, unless the runner-up is as
// shallow and as tagged (then the name has no member). It reorders found
// and returns a prefix of it.
func dominantFields(found []structField) []structField {
	slices.SortStableFunc(found, func(a, b structField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := found[:0]
	for i := 0; i < len(found); {
		j := i + 1
		for j < len(found) && found[j].name == found[i].name {
			j++
		}
		if j-i == 1 || len(found[i].index) != len(found[i+1].index) || found[i].tagged != found[i+1].tagged {
			out = append(out, found[i])
		}
		i = j
	}
	return out
}

// tagName splits a json tag into the member name and the options (named
// false where the tag gives no name) by the toolchain's rule: classic
// encoding/json keeps a name of letters, digits and punctuation other than
// the backslash and quote chars (isValidTag), and drops any other; on v2, a name ends at the first
// comma, backslash, quote char or backtick, and one that does not end at a
// comma is cut to its leading letters, digits and '_' (none if it starts
// with another character), except that Go 1.26's experiment reads a name
// in single quotes (unquoteSingle).
func tagName(tag string) (name, opts string, named bool) {
	if !jsonOnV2 {
		name, opts, _ = strings.Cut(tag, ",")
		if !isValidTag(name) {
			name = ""
		}
		return name, opts, name != ""
	}
	if tag == "" || tag[0] == ',' {
		_, opts, _ = strings.Cut(tag, ",")
		return "", opts, false
	}
	n := strings.IndexAny(tag, ",\\'\"`")
	if n < 0 {
		return tag, "", true
	}
	if n == 0 && tag[0] == '\'' && !jsonV2Go127 {
		// Go 1.26's experiment takes a single-quoted name (Go 1.27 does
		// not); one that does not parse leaves the field's own name.
		if name, m, ok := unquoteSingle(tag); ok {
			_, opts, _ = strings.Cut(tag[m:], ",")
			return name, opts, true
		}
	}
	if tag[n] != ',' {
		r, _ := utf8.DecodeRuneInString(tag)
		if r == '_' || unicode.IsLetter(r) {
			n = len(tag) - len(strings.TrimLeftFunc(tag, func(r rune) bool {
				return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
			}))
			name = tag[:n]
		}
	} else {
		name = tag[:n]
	}
	_, opts, _ = strings.Cut(tag[n:], ",")
	return name, opts, name != ""
}

// unquoteSingle reads the single-quoted name at the start of tag by the
// grammar of Go 1.26's encoding/json/v2 (consumeTagOption in its
// fields.go): a Go string literal between single quotes, in which \' is a
// quote and a raw " stands for itself. It returns the name and the length
// of its quoted form, or ok false if tag holds no such literal.
func unquoteSingle(tag string) (name string, n int, ok bool) {
	b := []byte{'"'}
	inEscape := false
	for n = 1; n < len(tag); {
		r, rn := utf8.DecodeRuneInString(tag[n:])
		switch {
		case inEscape:
			if r == '\'' {
				b = b[:len(b)-1]
			}
			inEscape = false
		case r == '\\':
			inEscape = true
		case r == '"':
			b = append(b, '\\')
		case r == '\'':
			b = append(b, '"')
			out, err := strconv.Unquote(string(b))
			return out, n + 1, err == nil
		}
		b = append(b, tag[n:n+rn]...)
		n += rn
	}
	return "", 0, false
}

// isValidTag is encoding/json's rule for a usable tag name: letters,
// digits and punctuation other than the backslash and quote chars.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
