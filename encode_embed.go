package jgen

import (
	"encoding"
	"encoding/json"
	"reflect"
)

// This file holds the embed tag option of encoding/json/v2, which Go
// 1.27's encoding/json (v1 on v2) follows: `json:",embed"` on a field of
// a struct type (or an unnamed pointer to one) promotes the struct's
// members into the parent object, as Go embedding does; on a field of a
// map type with string-kind keys, or of jsontext.Value, it makes the field
// the parent's fallback, whose entries or members are written after all
// the other members.

// fieldRules are the tag rules a struct type's members are compiled under
// (compileStruct): the switch by which a mode of rules turns an option on
// for the whole plan of a struct, rather than the encoders testing the
// build.
type fieldRules struct {
	// embed applies the embed option by encoding/json/v2's fields.go
	// (makeStructFields, handleEmbed), as DefaultOptionsV1 leaves it:
	// the structural errors v2 reports there are dropped, and the field
	// is then encoded as that code goes on to (embedRole).
	embed bool
}

// stdlibRules are the rules of the toolchain's encoding/json, which the
// value encoder follows: embed on Go 1.27's v1-on-v2 only (jsonV2Go127);
// the classic encoding/json and Go 1.26's experiment know no embed option
// and write such a field as a member.
var stdlibRules = fieldRules{embed: jsonV2Go127}

// embedRole decides field sf of a struct under the embed option, with ft
// its type with an unnamed pointer taken away and named, opts its tag's
// name and options (tagName). It reports false where the field is no
// embed (then the classic rules decide); otherwise its role: a field
// tagged embed or an untagged embedded struct. One with a JSON name is a
// plain member (false too: v2 refuses the name with embed and keeps the
// field as it is); an embed's other tag options are dropped. A struct is
// inlined (roleInline, also one with marshal methods, which v2 ignores
// there); an unexported field of another type is nothing; a map whose key
// is of a string kind without marshal or unmarshal methods, and
// jsontext.Value, are the fallback; anything else is a member of the Go
// field's name without options (roleMember).
func embedRole(sf reflect.StructField, ft reflect.Type, named bool, opts string) (fieldRole, bool) {
	if named || !(sf.Anonymous && ft.Kind() == reflect.Struct) && !tagOption(opts, "embed") {
		return roleNone, false
	}
	switch {
	case ft.Kind() == reflect.Struct:
		return roleInline, true
	case !sf.IsExported():
		return roleNone, true
	case jsontextValueType != nil && ft == jsontextValueType,
		ft.Kind() == reflect.Map && ft.Key().Kind() == reflect.String && !hasAnyMethod(ft.Key()):
		return roleFallback, true
	}
	return roleMember, true
}

// hasAnyMethod reports whether t or *t has one of the marshal or
// unmarshal methods encoding/json/v2 knows (allMethodTypes in its
// arshal_methods.go).
func hasAnyMethod(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	for _, m := range []reflect.Type{marshalerType, textMarshalerType, textAppenderType, marshalerToType,
		unmarshalerType, textUnmarshalerType, unmarshalerFromType} {
		if m != nil && (t.Implements(m) || p.Implements(m)) {
			return true
		}
	}
	return false
}

var (
	textAppenderType    = reflect.TypeFor[encoding.TextAppender]()
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// fallbackKind says what an embedded fallback holds.
type fallbackKind uint8

const (
	fallbackMap   fallbackKind = iota // a map with string-kind keys
	fallbackValue                     // a jsontext.Value
)

// embedFallback is the field whose entries (a map) or members (a
// jsontext.Value) follow the other members of its struct.
type embedFallback struct {
	// index is the path of field indexes from the outer struct, as in
	// structField.
	index []int
	kind  fallbackKind
	// elemType is the map type (the field's, an unnamed pointer taken
	// away); me its encoder, set by newStructEncoder.
	elemType reflect.Type
	me       *mapEncoder
}

// newEmbedFallback returns the fallback of the field f, whose typ is the
// field's type with an unnamed pointer taken away.
func newEmbedFallback(f structField) embedFallback {
	fb := embedFallback{index: f.index, elemType: f.typ}
	if f.typ.Kind() != reflect.Map {
		fb.kind = fallbackValue
	}
	return fb
}

// writeMembers writes the fallback's members into the open object of the
// struct v: nothing for a nil pointer on the way to it, a nil or empty
// map, or an empty jsontext.Value; the map's entries sorted by key (as
// encoding/json's Deterministic, which v1 sets) with no check against the
// names of the other members (v1 allows duplicate names); the
// jsontext.Value's members re-encoded as MarshalJSON output is. A
// jsontext.Value that is not one JSON object is a *json.UnsupportedValueError
// with encoding/json's text.
func (fb *embedFallback) writeMembers(e *encState, v reflect.Value) error {
	fv, ok := promotedField(v, fb.index)
	if !ok {
		return nil
	}
	if fv.Kind() == reflect.Pointer {
		if fv.IsNil() {
			return nil
		}
		fv = fv.Elem()
	}
	if fb.kind == fallbackMap {
		return fb.me.writeMembers(e, fv)
	}
	b := fv.Bytes()
	if len(b) == 0 {
		return nil
	}
	inner, err := embeddedValueMembers(b)
	if err != nil {
		return &EncodeError{Type: jsontextValueType, Err: &json.UnsupportedValueError{Str: err.Error()}}
	}
	return e.writeEmbeddedMembers(b, inner)
}

// writeEmbeddedMembers writes inner, the members of the JSON object raw,
// into the open object by the rule for checked raw values (writeRaw),
// under Options.MarshalerEscaping where it is set, as MarshalJSON output
// is; raw is checked whole first, so that a refused value writes nothing.
func (e *encState) writeEmbeddedMembers(raw, inner []byte) error {
	g := e.g
	if g.opts.MarshalerEscaping != nil {
		saved := g.esc
		g.esc = g.mx
		defer func() { g.esc = saved }()
	}
	if at, reason, cause := g.checkRaw(raw); reason != "" {
		return encodeErr(jsontextValueType, &ValueError{Token: "embedded jsontext.Value", Offset: g.out.offset(), Index: int64(at), Reason: reason, Err: ErrInvalidValue, Cause: cause})
	}
	if err := g.emitRaw(inner); err != nil {
		return encodeErr(jsontextValueType, err)
	}
	return nil
}
