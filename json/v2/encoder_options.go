//go:build goexperiment.jsonv2 && go1.27

package json

import (
	jsonv2 "encoding/json/v2"
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/jgen-go/jgen"
)

// encoderKey is what the translation of a jsontext.Encoder's options
// depends on, read from encoding/json/v2's options struct (jsonopts.Struct,
// which Encoder.Options returns a pointer to): its flags (every bool
// option's presence and value, and the presence of the others) and the
// indent strings. Options with marshal functions or a format have no key.
type encoderKey struct {
	presence, values uint64
	indent, prefix   string
}

// optionsLayout is where the fields encoderKey reads lie in Go's
// jsonopts.Struct, checked against its type by reflection when the
// program starts; ok is false where the type is not as expected (another
// Go release: a field renamed, retyped or added), and then every call
// translates the options in full. ByteLimit and DepthLimit are left out of
// the key: no option sets them in Go 1.27 (jsontext's WithByteLimit and
// WithDepthLimit are not exported yet, go.dev/issue/56733).
var optionsLayout = func() (l struct {
	ok                                 bool
	typ                                reflect.Type
	flags, indent, prefix, marsh, frmt uintptr
}) {
	t := reflect.TypeOf(jsonv2.DefaultOptionsV2())
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct ||
		t.Elem().PkgPath() != "encoding/json/internal/jsonopts" || t.Elem().Name() != "Struct" {
		return l
	}
	st := t.Elem()
	// Every field of the struct must be one this file knows: a field
	// added by another Go release (a new option that is not a flag) would
	// otherwise be missing from the key, and two encoders differing only
	// in it would share a translation.
	known := map[string]bool{
		"Flags": true, "CoderValues": true, "ArshalValues": true,
		"Indent": true, "IndentPrefix": true, "ByteLimit": true, "DepthLimit": true,
		"Marshalers": true, "Unmarshalers": true, "Format": true,
	}
	for _, f := range reflect.VisibleFields(st) {
		if !known[f.Name] {
			return l
		}
	}
	// offset returns the offset of the field name in st, of kind k.
	offset := func(name string, k reflect.Kind) (uintptr, bool) {
		f, ok := st.FieldByName(name)
		if !ok || f.Type.Kind() != k {
			return 0, false
		}
		var off uintptr
		for i := range f.Index {
			off += st.FieldByIndex(f.Index[:i+1]).Offset
		}
		return off, true
	}
	var ok [5]bool
	l.flags, ok[0] = offset("Flags", reflect.Struct)
	l.indent, ok[1] = offset("Indent", reflect.String)
	l.prefix, ok[2] = offset("IndentPrefix", reflect.String)
	l.marsh, ok[3] = offset("Marshalers", reflect.Interface)
	l.frmt, ok[4] = offset("Format", reflect.String)
	if ok != [5]bool{true, true, true, true, true} {
		return l
	}
	f, _ := st.FieldByName("Flags")
	if ft := f.Type; ft.NumField() != 2 || ft.Size() != 16 ||
		ft.Field(0).Name != "Presence" || ft.Field(0).Type.Kind() != reflect.Uint64 || ft.Field(0).Offset != 0 ||
		ft.Field(1).Name != "Values" || ft.Field(1).Type.Kind() != reflect.Uint64 || ft.Field(1).Offset != 8 {
		return l
	}
	l.typ, l.ok = t, true
	return l
}()

// keyOf returns eo's encoderKey, false where it has none (an Options of
// another type, marshal functions, a format, or an unknown layout).
func keyOf(eo Options) (encoderKey, bool) {
	if !optionsLayout.ok || reflect.TypeOf(eo) != optionsLayout.typ {
		return encoderKey{}, false
	}
	p := (*[2]unsafe.Pointer)(unsafe.Pointer(&eo))[1]
	if p == nil || *(*any)(unsafe.Add(p, optionsLayout.marsh)) != nil || *(*string)(unsafe.Add(p, optionsLayout.frmt)) != "" {
		return encoderKey{}, false
	}
	flags := (*[2]uint64)(unsafe.Add(p, optionsLayout.flags))
	return encoderKey{
		presence: flags[0], values: flags[1],
		indent: *(*string)(unsafe.Add(p, optionsLayout.indent)),
		prefix: *(*string)(unsafe.Add(p, optionsLayout.prefix)),
	}, true
}

// encoderTranslation is the translation of an Encoder's options for
// MarshalEncode (the Compact layout: the Encoder lays the value out), or
// ok false where jgen does not translate them. It is shared, read-only.
type encoderTranslation struct {
	key  encoderKey
	call Options // the call's one option, nil for none
	o    jgen.Options
	ok   bool
}

// encoderTranslations hold the translations of the last few encoder
// option sets, replaced in turn: a program's encoders have few.
var (
	encoderTranslations [4]atomic.Pointer[encoderTranslation]
	encoderNext         atomic.Uint32
)

// translateEncoder returns the translation of eo, an Encoder's options,
// joined with call, the one option of a MarshalEncode call (nil for
// none), cached by eo's key and call; nil where eo have no key or call is
// not of a comparable value type. Its ok is false where call sets one of
// jsontext's options (MarshalEncode leaves those to encoding/json/v2).
func translateEncoder(eo, call Options) *encoderTranslation {
	k, ok := keyOf(eo)
	if !ok {
		return nil
	}
	for i := range encoderTranslations {
		// An interface comparison panics only for two values of one
		// incomparable type; a cached call's type is comparable.
		if tr := encoderTranslations[i].Load(); tr != nil && tr.key == k && tr.call == call {
			return tr
		}
	}
	if call != nil {
		if t := reflect.TypeOf(call); t.Kind() == reflect.Pointer || !t.Comparable() {
			return nil
		}
	}
	tr := &encoderTranslation{key: k, call: call}
	var lp layoutPass // out lays the value out: no layoutPass
	switch {
	case call == nil:
		tr.ok = translate([]Options{eo}, &tr.o, &lp)
	case hasEncoderOption([]Options{call}):
		tr.ok = false
	default:
		tr.ok = translate([]Options{jsonv2.JoinOptions(eo, call)}, &tr.o, &lp)
	}
	tr.o.Layout, tr.o.Indent = jgen.Compact, ""
	encoderTranslations[encoderNext.Add(1)%uint32(len(encoderTranslations))].Store(tr)
	return tr
}
