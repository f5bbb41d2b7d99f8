package jgen

// The v2 rules' flattening of Go embedded fields and of the embed tag
// option into a struct's member list, by encoding/json/v2's fields.go
// (Go 1.27, makeStructFields).

import (
	"cmp"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// v2Member is one member of a struct's JSON object as encoding/json/v2
// flattens it: a field of the struct itself, or one promoted from an
// embedded struct (Go embedding without a JSON name, or the embed
// option), at any depth.
type v2Member struct {
	// sf is the Go field; its Offset is within the struct that declares
	// it, not the outer one (see offset and hops).
	sf  reflect.StructField
	tag v2Tag
	// index is the path of field indexes from the outer struct, as
	// reflect.Type.FieldByIndex takes it: its length is the depth.
	index []int
	// offset is the field's offset from the start of the outer struct
	// where no embedded pointer is on the way (hops empty); otherwise
	// that of the first embedded pointer. hops has one entry per
	// embedded pointer: after following it, the offset to the next
	// embedded pointer, or to the field after the last one.
	offset uintptr
	hops   []uintptr
}

// v2Where is where a struct of the breadth-first walk lies from the
// outer struct: offset and hops as in v2Member.
type v2Where struct {
	offset uintptr
	hops   []uintptr
}

// at returns where a field at offset off within the struct at w lies.
func (w v2Where) at(off uintptr) v2Where {
	if len(w.hops) == 0 {
		return v2Where{offset: w.offset + off}
	}
	h := slices.Clone(w.hops)
	h[len(h)-1] += off
	return v2Where{offset: w.offset, hops: h}
}

// v2StructMembers returns the members of struct type root in the order
// encoding/json/v2 writes them, with their parsed tags, by makeStructFields
// of its fields.go: a breadth-first walk through the embedded structs
// (an anonymous field of struct or pointer-to-struct type without a JSON
// name, or a field with the embed option), a struct type met again
// contributing its own fields but not its embedded ones; of the fields of
// one name, the one alone at the least depth, else the one alone tagged
// with a name at that depth, and none if there is no such one; the
// members sorted by their index paths (depth first).
//
// fallback is the embedded fallback, as v2 chooses it among the fields
// tagged embed of a map type with string-kind keys without methods or of
// jsontext.Value: the one alone at the least depth; nil if none.
//
// It declines (why, see compileV2) where that code sets an error (what v2 refuses: an
// embedded non-struct without a name, options other than embed on an
// embed, an embedded type with marshal or unmarshal methods, two fields
// of one name or two fallbacks in one struct, an unexported field with a
// tag, an unexported non-struct with a name or tagged embed, a struct in
// the walk with fields but no exported or tagged one, a tag parseV2Tag
// does not take).
func v2StructMembers(root reflect.Type) (members []v2Member, fallback *v2Member, why *unimplementedError) {
	type entry struct {
		t     reflect.Type
		index []int
		where v2Where
		visit bool // whether the struct's embedded structs are walked
	}
	queue := []entry{{t: root, visit: true}}
	seen := map[reflect.Type]bool{root: true}
	var all, fallbacks []v2Member
	for qi := 0; qi < len(queue); qi++ {
		qe := queue[qi]
		t := qe.t
		names := map[string]bool{}
		hasTag, hasField, fallbackIn := false, false, false
		for i := range t.NumField() {
			sf := t.Field(i)
			tag, tagged := sf.Tag.Lookup("json")
			hasTag = hasTag || tagged
			if tag == "-" {
				continue
			}
			if !sf.IsExported() && !sf.Anonymous {
				if tagged {
					return nil, nil, whyStruct(t, sf, "is unexported and has a json tag")
				}
				continue
			}
			hasField = true
			o, ok := parseV2Tag(sf.Name, tag)
			if !ok {
				return nil, nil, unimplemented("Go struct field " + t.String() + "." + sf.Name + " has a json tag that encoding/json/v2 refuses or jgen does not parse: " + strconv.Quote(tag))
			}
			index := append(slices.Clip(qe.index), i)
			where := qe.where.at(sf.Offset)
			tf := sf.Type
			if tf.Kind() == reflect.Pointer && tf.Name() == "" {
				tf = tf.Elem()
			}
			embed := o.embed
			if sf.Anonymous && !o.hasName {
				if tf.Kind() != reflect.Struct {
					return nil, nil, whyStruct(t, sf, "is an embedded "+tf.Kind().String()+" without a JSON name")
				}
				embed = true
			}
			if embed {
				if o != (v2Tag{name: o.name, embed: o.embed}) {
					return nil, nil, whyStruct(t, sf, "is embedded with tag options other than embed")
				}
				if hasAnyMethod(tf) && (jsontextValueType == nil || tf != jsontextValueType) {
					return nil, nil, whyStruct(t, sf, "is embedded and of a type with marshal or unmarshal methods")
				}
				if tf.Kind() != reflect.Struct {
					isValue := jsontextValueType != nil && tf == jsontextValueType
					isMap := tf.Kind() == reflect.Map && tf.Key().Kind() == reflect.String && !hasAnyMethod(tf.Key())
					switch {
					case !isValue && !isMap:
						return nil, nil, whyStruct(t, sf, "has the embed option on a type that is not a struct, a map of string keys or jsontext.Value")
					case !sf.IsExported():
						return nil, nil, whyStruct(t, sf, "is an unexported embedded fallback")
					case fallbackIn:
						return nil, nil, whyStruct(t, sf, "is a second embedded fallback in one struct")
					}
					fallbackIn = true
					fallbacks = append(fallbacks, v2Member{sf: sf, tag: o, index: index, offset: where.offset, hops: where.hops})
					continue
				}
				if qe.visit {
					w := where
					if tf != sf.Type {
						w = v2Where{offset: where.offset, hops: append(slices.Clone(where.hops), 0)}
					}
					queue = append(queue, entry{t: tf, index: index, where: w, visit: !seen[tf]})
				}
				seen[tf] = true
				continue
			}
			if !sf.IsExported() && (tf.Kind() != reflect.Struct || hasAnyMethod(tf) ||
				o.omitZero && (tf.Implements(isZeroerType) || reflect.PointerTo(tf).Implements(isZeroerType))) {
				return nil, nil, whyStruct(t, sf, "is unexported and a non-struct, of a type with methods, or omitzero with an IsZero method")
			}
			if names[o.name] {
				return nil, nil, whyStruct(t, sf, "has the JSON name "+strconv.Quote(o.name)+" of another field of the struct")
			}
			names[o.name] = true
			all = append(all, v2Member{sf: sf, tag: o, index: index, offset: where.offset, hops: where.hops})
		}
		if t.NumField() > 0 && !hasTag && !hasField {
			return nil, nil, unimplemented("Go struct " + t.String() + " has no exported fields (encoding/json/v2's error)")
		}
	}
	slices.SortStableFunc(all, func(x, y v2Member) int {
		return cmp.Or(strings.Compare(x.tag.name, y.tag.name),
			cmp.Compare(len(x.index), len(y.index)),
			boolCompare(!x.tag.hasName, !y.tag.hasName))
	})
	kept := all[:0]
	for len(all) > 0 {
		n := 1
		for n < len(all) && all[n-1].tag.name == all[n].tag.name {
			n++
		}
		if n == 1 || len(all[0].index) != len(all[1].index) || all[0].tag.hasName != all[1].tag.hasName {
			kept = append(kept, all[0])
		}
		all = all[n:]
	}
	slices.SortFunc(kept, func(x, y v2Member) int { return slices.Compare(x.index, y.index) })
	if n := len(fallbacks); n == 1 || n > 1 && len(fallbacks[0].index) != len(fallbacks[1].index) {
		fallback = &fallbacks[0]
	}
	return kept, fallback, nil
}

// whyStruct is the reason declining a struct whose field sf, of struct
// type t, is what encoding/json/v2 refuses: the field does what.
func whyStruct(t reflect.Type, sf reflect.StructField, does string) *unimplementedError {
	return unimplemented("Go struct field " + t.String() + "." + sf.Name + " " + does + " (encoding/json/v2's error)")
}

// boolCompare orders false before true.
func boolCompare(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// follow returns the address of the member, from p the address of the
// first embedded pointer on the way (the outer struct's plus m.offset),
// or nil where an embedded pointer on the way is nil.
func (m *v2Member) follow(p unsafe.Pointer) unsafe.Pointer {
	for _, h := range m.hops {
		p = *(*unsafe.Pointer)(p)
		if p == nil {
			return nil
		}
		p = unsafe.Add(p, h)
	}
	return p
}

// v2Through returns fd, compiled for the field at the end of m.hops, as
// the struct loop writes it from the outer struct's first embedded
// pointer on the way (fd.offset, m.offset): v2 leaves out a member behind
// a nil embedded pointer (fieldByIndex without allocation), which the
// loop tells by omitted (skip v2SkipOther, isZero), and the other
// omissions are fd's own, tested on the field; its encoder follows the
// pointers to the field.
func v2Through(m v2Member, fd v2Field) v2Field {
	in := fd
	in.offset = 0
	out := fd
	out.offset = m.offset
	out.skip = v2SkipOther
	out.write = v2WriteCall
	out.emptyKind = 0
	out.omitZero = true
	out.isZero = func(p unsafe.Pointer) bool {
		q := m.follow(p)
		return q == nil || in.skipped(q)
	}
	out.enc = func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		return in.enc(s, b, m.follow(p))
	}
	return out
}

// skipped reports whether the struct loop leaves out the field at q (the
// field's own address) by its skip.
func (fd *v2Field) skipped(q unsafe.Pointer) bool {
	switch fd.skip {
	case v2SkipLen:
		return *(*int)(unsafe.Add(q, unsafe.Sizeof(uintptr(0)))) == 0
	case v2SkipNil:
		return *(*unsafe.Pointer)(q) == nil
	case v2SkipOther:
		return fd.omitted(q)
	}
	return false
}

// v2WithFallback returns enc, the encoder of a struct whose embedded
// fallback is fb (members its other members), under flags f, with the
// fallback's members written after the others as v2 writes them:
// nothing for a nil pointer on the way to it or to the map, a map of
// length 0, or a jsontext.Value of length 0; a map's entries sorted by
// key (as Deterministic; any order is valid without it), each written as
// a map entry is; a jsontext.Value's members as appendEmbeddedValue
// writes them. Declined, before anything of the struct is written: a
// jsontext.Value appendEmbeddedValue declines; a map holding a key of
// invalid UTF-8 (v2 sorts such keys by their bytes, not by the name
// written), or, without AllowDuplicateNames, keys v2 refuses as the
// names of members (v2ClaimedBy, v2ClaimsFree); a map whose values
// jgen's v2 rules do not implement.
func v2WithFallback(t reflect.Type, f v2Flags, enc v2Func, members []v2Member, fb *v2Member) v2Func {
	ft := fb.sf.Type
	ptr := ft.Kind() == reflect.Pointer
	if ptr {
		ft = ft.Elem()
	}
	isMap := ft.Kind() == reflect.Map
	var (
		me   v2Func
		mwhy *unimplementedError
	)
	if isMap {
		if e := v2Lookup(ft, f); e.why == nil {
			me = e.f
		} else {
			mwhy = e.why
		}
	}
	field := fb.sf.Name + " in " + t.String()
	what := "embedded fallback jsontext.Value (Go struct field " + field + ")"
	var (
		whyFallbackUTF8 = unimplemented("embedded fallback (Go struct field " + field + ") with a map key of invalid UTF-8, which encoding/json/v2 sorts by its bytes")
		whyAmbiguous    = unimplemented("name of the embedded fallback (Go struct field " + field + ") folding to the names of two case:ignore members")
		whyClaimed      = unimplemented("name of the embedded fallback (Go struct field " + field + ") that is the name of a member written, or of another of its names (encoding/json/v2's error)")
	)
	decline := func(b []byte, why *unimplementedError) ([]byte, error) {
		return b, declineValue(t, why)
	}
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := fb.follow(unsafe.Add(p, fb.offset))
		if q != nil && ptr {
			q = *(*unsafe.Pointer)(q)
		}
		switch {
		case q == nil:
			return enc(s, b, p)
		case !isMap:
			if (*sliceHeader)(q).len == 0 {
				return enc(s, b, p)
			}
			return appendEmbeddedValue(s, b, p, enc, *(*[]byte)(q), members, what, decline)
		case knownEmpty(reflect.Map, q):
			return enc(s, b, p)
		case me == nil:
			return decline(b, mwhy)
		}
		var claims []*v2Member
		for it := reflect.NewAt(ft, q).Elem().MapRange(); it.Next(); {
			k := it.Key().String()
			if !utf8.ValidString(k) {
				return decline(b, whyFallbackUTF8)
			}
			if s.dupNames {
				continue
			}
			m, ok := v2ClaimedBy(members, stringBytes(k))
			if !ok {
				return decline(b, whyAmbiguous)
			}
			if m != nil {
				claims = append(claims, m)
			}
		}
		start := len(b)
		b, err := enc(s, b, p)
		if err != nil {
			return b, err
		}
		if len(claims) > 0 && !v2ClaimsFree(s, b[start:], claims) {
			return decline(b[:start], whyClaimed)
		}
		// The struct's members end in a value, never in '{': b ends in
		// "{}" where it has none.
		b = b[:len(b)-1]
		none := b[len(b)-1] == '{'
		mark := len(b)
		if b, err = me(s, b, q); err != nil {
			return b, err
		}
		// The map's entries, its '{' cut or made the ',' after the
		// members, its '}' the struct's.
		if none {
			b = append(b[:mark], b[mark+1:]...)
		} else {
			b[mark] = ','
		}
		return b, nil
	}
}

// appendEmbeddedValue appends the struct at p (encoded by enc, its
// members members) with the members of raw, its embedded jsontext.Value
// of non-zero length, after its own, as encoding/json/v2's
// marshalEmbeddedFallbackAll writes them: each name and value through
// jsontext's WriteValue (appendReformat: the strings rewritten,
// whitespace dropped), nothing for an empty object. Declined (decline)
// where v2 fails: raw is not one valid JSON object with only whitespace
// around it, holds what WriteValue refuses, or, without
// AllowDuplicateNames, has a name that v2's check refuses
// (v2ClaimedBy, v2ClaimsFree); where it nests past Options.MaxDepth; and
// under an escaping appendPlainJSON declines; what names the fallback in
// the reasons.
func appendEmbeddedValue(s *v2State, b []byte, p unsafe.Pointer, enc v2Func, raw []byte, members []v2Member,
	what string, decline func([]byte, *unimplementedError) ([]byte, error)) ([]byte, error) {
	if !json.Valid(raw) || raw[skipSpace(raw, 0)] != '{' {
		return decline(b, unimplemented(what+" that is not one JSON object (encoding/json/v2's error)"))
	}
	e := s.esc.escaping
	e.InvalidUTF8, e.HTMLSafe, e.JSLineTerminators = InvalidUTF8Error, false, false
	if e != Minimal {
		// An escaping other than Minimal's (with HTMLSafe,
		// JSLineTerminators, any InvalidUTF8 policy), under which the
		// rules write no raw JSON (appendPlainJSON).
		return decline(b, unimplemented(what+" under an escaping other than Minimal's with or without HTMLSafe and JSLineTerminators"))
	}
	// The names of raw that are members' (v2's lookup by folded name),
	// and whether one is ambiguous: one variable for top to capture.
	var found struct {
		claims    []*v2Member
		ambiguous bool
	}
	var top func([]byte) bool
	if !s.dupNames {
		top = func(name []byte) bool {
			m, ok := v2ClaimedBy(members, name)
			if m != nil {
				found.claims = append(found.claims, m)
			}
			found.ambiguous = !ok
			return ok
		}
	}
	// Rewritten before the struct is written, so that nothing of it is
	// written where the raw value is refused.
	sp := scratchPool.Get().(*[]byte)
	out, ok, _ := s.appendReformat((*sp)[:0], raw, s.room, top)
	defer func() { putScratch(sp, out) }()
	if !ok {
		if found.ambiguous {
			return decline(b, unimplemented("name of the "+what+" folding to the names of two case:ignore members"))
		}
		return decline(b, unimplemented(what+" with a duplicate name, invalid UTF-8, an unpaired surrogate escape or nesting deeper than Options.MaxDepth (encoding/json/v2's error)"))
	}
	mark := len(b)
	b, err := enc(s, b, p)
	if err != nil {
		return b, err
	}
	if len(found.claims) > 0 && !v2ClaimsFree(s, b[mark:], found.claims) {
		return decline(b[:mark], unimplemented("name of the "+what+" that is the name of a member written, or of another of its names (encoding/json/v2's error)"))
	}
	if len(out) == 2 {
		return b, nil // an empty object adds nothing
	}
	// The struct's members end in a value, never in '{': b ends in "{}"
	// where it has none. The raw object's '}' is the struct's.
	b = b[:len(b)-1]
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	return append(b, out[1:]...), nil
}

// v2ClaimedBy returns the member of members that encoding/json/v2 takes
// name, a name of an embedded jsontext.Value, to be (its
// lookupByFoldedName: the member of that name, else the first of those
// with case:ignore whose names fold to it, '-' and '_' aside), or nil; ok
// is false where jgen does not know which (two such case:ignore
// members).
func v2ClaimedBy(members []v2Member, name []byte) (m *v2Member, ok bool) {
	var folded *v2Member
	n := 0
	for i := range members {
		mm := &members[i]
		if mm.tag.name == string(name) {
			return mm, true
		}
		if mm.tag.ignoreCase && strings.EqualFold(stripDelims(mm.tag.name), stripDelims(string(name))) {
			folded = mm
			n++
		}
	}
	return folded, n <= 1
}

// v2ClaimsFree reports whether no member in claims (in the order of the
// names of the embedded jsontext.Value that are theirs) was written in
// obj, the struct's encoding, or is claimed twice: encoding/json/v2
// refuses the name otherwise (a duplicate of a member written, or of
// one another).
func v2ClaimsFree(s *v2State, obj []byte, claims []*v2Member) bool {
	written := map[string]bool{}
	top := func(name []byte) bool {
		written[string(name)] = true
		return true
	}
	sp := scratchPool.Get().(*[]byte)
	out, ok, _ := s.appendReformat((*sp)[:0], obj, 1<<30, top)
	putScratch(sp, out)
	if !ok {
		return false
	}
	for _, m := range claims {
		if written[m.tag.name] {
			return false
		}
		written[m.tag.name] = true
	}
	return true
}

// stripDelims returns s without '-' and '_', which v2's name folding
// ignores.
func stripDelims(s string) string {
	if !strings.ContainsAny(s, "-_") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' {
			return -1
		}
		return r
	}, s)
}
