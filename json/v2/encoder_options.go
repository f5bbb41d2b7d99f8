//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
	"sync"
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

// structOptionsType is the type of encoding/json/v2's options struct
// (*jsonopts.Struct), whatever its layout: the type of an Encoder's
// Options, of JoinOptions' result and of DefaultOptionsV2.
var structOptionsType = reflect.TypeOf(jsonv2.DefaultOptionsV2())

// structPointer returns the pointer to jsonopts.Struct that o holds, nil
// where o is of another type or the layout is unknown.
func structPointer(o Options) unsafe.Pointer {
	if !optionsLayout.ok || reflect.TypeOf(o) != optionsLayout.typ {
		return nil
	}
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&o))[1]
}

// tagFlags are the presence bits of the flags of jsonopts.Struct that
// encoding/json/v2 sets, for the call of a struct field's marshal method
// or function, where the field has the string or the format tag option
// (jsonflags.StringTag, FormatTag): they are in the options of the
// Encoder the method is given, and apply to the root value marshaled
// through it (the string tag option quotes a number at the root and
// refuses an array, a map or a struct; the format tag option formats the
// root value), which jgen's translation does not express. No option
// sets them. They are found by marshaling fields with those options
// through encoding/json/v2 once, on the first use (tagProbe), so that a
// program that never needs them pays nothing at start-up; 0 where that
// fails or the layout is unknown (carriesTagFlags then suspects every
// jsonopts.Struct).
var tagFlags = sync.OnceValue(func() uint64 {
	if !optionsLayout.ok {
		return 0
	}
	var plain, str, format uint64
	probe := struct {
		P tagProbe
		S tagProbe `json:",string"`
		F tagProbe `json:",format:probe"`
	}{tagProbe{&plain}, tagProbe{&str}, tagProbe{&format}}
	// formatTagProbe: the format tag option on a struct type is allowed
	// only under the experimental option that supports it.
	if _, err := jsonv2.Marshal(&probe, formatTagProbe{}); err != nil {
		return 0
	}
	s, f := str&^plain, format&^plain
	if s == 0 || f == 0 || s&f != 0 {
		return 0
	}
	return s | f
})

// tagProbe is a type whose MarshalJSONTo records the presence bits of the
// flags of its encoder's options in *seen, and writes null.
type tagProbe struct{ seen *uint64 }

func (t tagProbe) MarshalJSONTo(enc *jsontext.Encoder) error {
	if p := structPointer(enc.Options()); p != nil {
		*t.seen = (*[2]uint64)(unsafe.Add(p, optionsLayout.flags))[0]
	}
	return enc.WriteToken(jsontext.Null)
}

// carriesTagFlags reports whether o is an options struct holding the
// flags of a field's string or format tag option (tagFlags): the options
// of an Encoder given to a field's MarshalJSONTo, or a join of them. Where
// those flags are unknown, any options struct is suspected.
func carriesTagFlags(o Options) bool {
	if reflect.TypeOf(o) != structOptionsType {
		return false
	}
	p := structPointer(o)
	tf := tagFlags()
	if p == nil || tf == 0 {
		return true
	}
	return (*[2]uint64)(unsafe.Add(p, optionsLayout.flags))[0]&tf != 0
}

// keyOf returns eo's encoderKey, false where it has none (an Options of
// another type, marshal functions, a format, or an unknown layout).
func keyOf(eo Options) (encoderKey, bool) {
	p := structPointer(eo)
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
