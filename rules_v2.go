package jgen

import (
	"errors"
	"reflect"
)

// JSONv2 selects the rules of encoding/json/v2's Marshal (Go 1.27) for
// [Generator.WriteValue], [Marshal], [AppendMarshal] and [Encoder] in place
// of encoding/json's (v1) rules; set it as [Options.V2]. Its fields are
// the marshal options of encoding/json/v2 that change the output of the
// values jgen's v2 rules encode, each named and meaning as there. The
// others map onto jgen's own options:
//
//   - jsontext.AllowInvalidUTF8: Escaping.InvalidUTF8 = InvalidUTF8ReplaceRaw
//     (v2 writes U+FFFD raw); without it InvalidUTF8Error, as v2 refuses
//     invalid UTF-8;
//   - jsontext.EscapeForHTML and EscapeForJS: Escaping.HTMLSafe and
//     Escaping.JSLineTerminators (the default v2 escaping is [Minimal]);
//   - Multiline, WithIndent: the [Indented] layout with that Indent (only
//     spaces and tabs), which is jsontext's multiline layout with no prefix.
//
// The rules, checked against encoding/json/v2.Marshal on Go 1.27.3 by
// this package's differential tests: a nil slice is [] and a nil map {}
// (unless FormatNilSliceAsNull, FormatNilMapAsNull), a []byte and a [N]byte
// are the string of their standard base64 (a nil []byte is ""), struct
// fields by their json tags (v2's names and options: omitempty omits a
// field that would encode as null, "", {} or [], omitzero one whose Go
// value is zero (by its IsZero method where the type or its pointer has
// one, called as v2 calls it), string writes a number, or one behind
// pointers, as a JSON string, case: changes
// nothing in marshaling), a struct with fields but none exported and no
// json tag is refused, map entries sorted by the member name written
// (encoding/json/v2 sorts only under Deterministic; any order is valid
// there, so jgen sorts unless AnyMapOrder), map keys of string, integer and float
// kinds, of pointers and interfaces (named by the value they point to or
// hold, one of those kinds) and with MarshalJSONTo, MarshalJSON,
// AppendText or MarshalText methods (named by the method), time.Time as an RFC 3339 string with nanoseconds, NaN and ±Inf
// refused, time.Duration refused without a format (v2 has no default
// form for it).
//
// Go embedded structs (an anonymous field of a struct or pointer-to-struct
// type without a JSON name) and fields with the embed option of such a
// type have their members promoted into the outer object, as
// encoding/json/v2's fields.go flattens them: of the members of one name,
// the one alone at the least depth wins, else the one alone tagged with
// that name at that depth, else none; members come in the order of their
// Go field index paths; an embedded struct type met again in the walk
// adds its own fields, not its embedded ones; the exported fields of an
// unexported embedded struct are members; a member behind a nil embedded
// pointer is left out. An embedded fallback (the embed option on a map
// with string-kind keys or on a jsontext.Value) writes nothing where it
// is empty (nil, of length 0, or behind a nil pointer); a map's entries
// follow the other members, sorted by key, a jsontext.Value's members as
// they are, written as MarshalJSON output is.
//
// [Options.MaxDepth] counts the arrays and objects from the root, those
// of MarshalJSON output included, as encoding/json/v2 counts MarshalJSON
// output (its limit of 10000 levels is the default MaxDepth, to the
// level: 10000 allowed, 10001 refused, checked on Go 1.27.3); a value
// that would nest deeper is refused, before anything of it is written,
// with an *EncodeError matching [ErrMaxDepth] whose Err is the
// *SyntaxError the generator gives for the start token (a container of
// the Go value) or a *ValueError (MarshalJSON output). encoding/json/v2
// does not limit the nesting of the Go value itself, which jgen's v2
// rules decline past 1000 pointers, slices, maps and interfaces.
//
// Methods are called as v2 calls them, on a value (not a pointer or an
// interface) through its address, in v2's order: MarshalJSONTo (where
// encoding/json/v2 is built; elsewhere declined), MarshalJSON (its output
// checked, whitespace dropped, each string that is not in v2's form, with
// an escape such as \u0041 or \/, or under HTMLSafe or JSLineTerminators
// with the characters they escape, unquoted and quoted again as a string
// value, as jsontext's WriteValue does; a jsontext.Value is written as its
// MarshalJSON output, null where nil), AppendText, MarshalText (the text written
// as a string under the escaping). MarshalJSONTo gets a jsontext.Encoder
// of its own writing into a buffer, with the options v2's encoder carries
// (those of JSONv2, Deterministic always, AllowInvalidUTF8, EscapeForHTML
// and EscapeForJS as the escaping says; not the layout: the output is
// compact, laid out after), and its output, whose strings are v2's,
// escapes included, is written as it is; one that writes nothing and
// returns nil, or writes nothing or one value and returns another error,
// fails with the error v2 gives (the method's error, or v2's reason); one that returns errors.ErrUnsupported having written nothing
// falls back on the next method or the default encoding, as in v2. The
// encoder is not v2's own: a method that reads its StackDepth,
// StackPointer, OutputOffset or layout options sees those of an encoder
// at the root, and one that writes past its value and ignores the error
// its encoder returns gets its value written where v2 would fail.
//
// What jgen's v2 rules do not implement is refused with an *EncodeError
// whose Err matches [ErrV2Unimplemented], naming the type, before
// anything is written; the Err's message says what was declined: an
// embedded map with a key of invalid UTF-8, a name of an embedded
// fallback folding to the names of two case:ignore members, the format
// tag option (without SupportFormatTag, where v2 refuses it; with it, a
// format v2 refuses on the field's type, a year outside [0,9999] under
// RFC3339, and a format on a type with a MarshalJSONTo method or one a
// marshal function takes, or on pointers to it), MarshalJSONTo methods
// and MarshalToFunc functions that write more than one value or part of
// one, or return an error holding a *json.SemanticError or
// *jsontext.SyntacticError, or io.EOF (v2's errors; such a method is
// called again by v2 through the drop-in; on Go 1.26's experiment any
// that fails), MarshalFunc output that MarshalJSON output would be
// declined as (see [Marshalers]), map keys a MarshalToFunc applies to or
// whose MarshalFunc names need more than copying or repeat, an embedded
// fallback under Marshalers, MarshalJSON and MarshalJSONTo output and
// jsontext.Value under an escaping other than Minimal's with or without
// HTMLSafe and JSLineTerminators (for MarshalJSONTo also an InvalidUTF8
// policy other than Error and ReplaceRaw), the string option on a type
// that is not a number or that a MarshalJSONTo method or MarshalToFunc
// writes (v2 gives it the option in its encoder's options), map keys of
// other kinds (v2 refuses bool, struct and array keys), a nil pointer or
// interface key, an interface key holding a float64 or a named type,
// keys whose method fails, yields invalid UTF-8 or (MarshalJSON,
// MarshalJSONTo) other than a string without escapes, distinct keys of
// one name without AllowDuplicateNames (v2's error), and a struct type
// that encoding/json/v2 refuses (malformed tags, duplicate names in one
// struct, a tag on an unexported field, an embedded non-struct without a
// JSON name, options other than embed on an embedded struct, an embedded
// type with marshal or unmarshal methods, two fallbacks in one struct).
// The package github.com/jgen-go/jgen/json/v2 encodes such a value with
// encoding/json/v2 itself. The errors of the v2 rules (invalid UTF-8,
// NaN, a failing method, an invalid json.Number, nesting past MaxDepth)
// are jgen's *EncodeError; where encoding/json/v2 is built (Go 1.27, Go
// 1.26 with GOEXPERIMENT=jsonv2), errors.As also finds in them the
// *json.SemanticError or *jsontext.SyntacticError encoding/json/v2
// returns for the same value, with its JSONPointer and GoType (its
// ByteOffset is 0: jgen does not track the output offset of a failure;
// see the *EncodeError's Err). An ErrV2Unimplemented refusal holds
// neither. The drop-in returns encoding/json/v2's own error, whole, by
// encoding the value again there.
type JSONv2 struct {
	// Deterministic is encoding/json/v2's option: map entries in order of
	// their names. jgen sorts them without it too, unless AnyMapOrder.
	Deterministic bool
	// AnyMapOrder, without Deterministic, lets map entries be written in
	// Go's map iteration order, as encoding/json/v2 writes them by
	// default: faster (no names to gather and sort), but the order then
	// varies between runs. It applies to maps whose keys cannot share a
	// name (string kinds, integers and floats without methods); the
	// others, and string keys with invalid UTF-8 under an InvalidUTF8
	// policy that replaces it without AllowDuplicateNames, are sorted.
	AnyMapOrder bool
	// FormatNilSliceAsNull writes a nil slice (a nil []byte included) as
	// null.
	FormatNilSliceAsNull bool
	// FormatNilMapAsNull writes a nil map as null.
	FormatNilMapAsNull bool
	// OmitZeroStructFields omits every struct field whose value is zero,
	// as if each had the omitzero tag option.
	OmitZeroStructFields bool
	// StringifyNumbers writes every number (integer and float kinds) as a
	// JSON string holding its text, map keys being strings already.
	StringifyNumbers bool
	// AllowDuplicateNames is jsontext's option. The only duplicate names
	// the v2 rules can write are those of map keys with invalid UTF-8
	// under InvalidUTF8ReplaceRaw or InvalidUTF8Replace, which become the
	// same name, those of raw JSON (MarshalJSON output, a jsontext.Value,
	// an embedded one), and those of distinct map keys named alike (by a
	// method, or pointers or interfaces to equal values; written in either
	// order, as v2 writes them in the map's order); without this option
	// such a key or raw JSON is refused as [ErrV2Unimplemented].
	AllowDuplicateNames bool
	// SupportFormatTag is the experimental option of encoding/json/v2
	// (Go 1.27) known only by its marker method
	// ExperimentalSupportFormatTag (encoding/json/internal/jsonopts,
	// which leaves exporting it to github.com/go-json-experiment/json):
	// struct fields with the format tag option are written in that format.
	// Without it, v2 refuses a struct with a format option on a field
	// (declined here, as ErrV2Unimplemented). The formats written are
	// those of time.Time (RFC3339, RFC3339Nano, the time package's other
	// layout names, a layout of its own, unix, unixmilli, unixmicro,
	// unixnano), time.Duration (sec, milli, micro, nano, units, iso8601),
	// []byte and [N]byte (base64, base64url, base32, base32hex, base16 or
	// hex, array), floats (nonfinite), slices and maps (emitnull,
	// emitempty), and of those behind pointers; a type with MarshalJSON
	// or text methods is written by them, the format ignored, as in v2.
	// A format v2 refuses on a type, and one on a type with a
	// MarshalJSONTo method, is declined.
	SupportFormatTag bool
	// Marshalers are encoding/json/v2's WithMarshalers: caller marshal
	// functions ([MarshalFunc], MarshalToFunc where encoding/json/v2 is
	// built, [JoinMarshalers]) called before a type's methods and default
	// encoding.
	Marshalers *Marshalers
}

// ErrV2Unimplemented is matched (errors.Is) by the reason of the
// *EncodeError of a value that jgen's v2 rules ([JSONv2]) decline: one
// they do not implement, or one encoding/json/v2 refuses with an error of
// its own to give, which the package github.com/jgen-go/jgen/json/v2
// returns by encoding the value there. Its Type is the Go type declined
// (the key type for a map key), and nothing of the value was written.
// The reason's message is this error's followed by what was declined, in
// the terms of the Go type and its tags, and, for a type declined within
// a struct, the fields it was met in, innermost first, as in
// "jgen: encoding/json/v2 rule not implemented: time.Duration without a
// format tag option (encoding/json/v2's error: no default
// representation), in Go struct field main.Job.Timeout". The kinds of
// declines:
//   - types: time.Duration without a format, chan, func, complex and
//     unsafe.Pointer kinds, a struct encoding/json/v2 refuses (a tag it
//     refuses or jgen does not parse, a tag on an unexported field,
//     duplicate names in one struct, an embedded non-struct without a
//     name, options other than embed on an embedded struct, an embedded
//     type with methods, two fallbacks in one struct, a struct with no
//     exported fields), a MarshalJSONTo method of another signature, an
//     embedded fallback under Marshalers;
//   - tag options: format without SupportFormatTag, a format
//     encoding/json/v2 refuses on the field's type or one on a type with
//     a MarshalJSONTo method or a marshal function, the string option on
//     a field that is not a number or that a marshal function writes;
//   - map keys: a key type encoding/json/v2 refuses or jgen does not
//     implement, keys a MarshalToFunc applies to, a nil pointer or
//     interface key, an interface key holding a float64 or a named type,
//     NaN and ±Inf keys, a key whose method or marshal function fails or
//     does not give a plain JSON string, keys of invalid UTF-8 that could
//     share a name, distinct keys of one name without AllowDuplicateNames;
//   - values: a time.Time encoding/json/v2 refuses under its format (a
//     year outside [0,9999], a zone offset of 24 hours or more, a layout
//     giving invalid UTF-8), an embedded fallback jgen cannot merge,
//     nesting of pointers, interfaces, slices and maps past 1000 levels
//     (encoding/json/v2's cycle check);
//   - MarshalJSON, MarshalJSONTo and marshal function output that
//     encoding/json/v2 refuses or writes under rules jgen does not
//     implement, and MarshalJSONTo methods and MarshalToFuncs that fail
//     in ways encoding/json/v2 reports with positions of its own encoder
//     (see [JSONv2]), or run under an escaping other than those of
//     encoding/json/v2's options.
//
// The reason is of a type of jgen's own; only errors.Is compares it with
// ErrV2Unimplemented (== does not).
var ErrV2Unimplemented = errors.New("jgen: encoding/json/v2 rule not implemented")

// unimplementedError is the reason of a value the v2 rules decline: what
// is declined (rule), in the terms of the Go type and its tags. It
// matches ErrV2Unimplemented. The declines found when a type is compiled
// are made once, with the encoder; those found on a value cost one
// allocation, on the error path only.
type unimplementedError struct{ rule string }

func (e *unimplementedError) Error() string { return ErrV2Unimplemented.Error() + ": " + e.rule }

// Is reports whether target is ErrV2Unimplemented.
func (e *unimplementedError) Is(target error) bool { return target == ErrV2Unimplemented }

// in returns the reason e for the type of the field sf of struct t: e's
// rule, and where it was met (after those of the fields it was met in
// below t).
func (e *unimplementedError) in(t reflect.Type, sf reflect.StructField) *unimplementedError {
	return unimplemented(e.rule + ", in Go struct field " + t.String() + "." + sf.Name)
}

// unimplemented returns the reason declining rule.
func unimplemented(rule string) *unimplementedError { return &unimplementedError{rule: rule} }

// declineValue returns the *EncodeError declining a value of type t for
// the reason why.
func declineValue(t reflect.Type, why *unimplementedError) *EncodeError {
	return &EncodeError{Type: t, Err: why}
}

// declineKey returns the *EncodeError declining a map key of type t for
// the reason why.
func declineKey(t reflect.Type, why *unimplementedError) *EncodeError {
	return &EncodeError{Type: t, Err: why, key: true}
}

// Reasons found on a value: one each, shared (an *unimplementedError is
// never changed once made).
var (
	whyPointerDepth = unimplemented("nesting of pointers, interfaces, slices or maps deeper than 1000 levels (encoding/json/v2 checks for cycles past them)")
	whyTimeRange    = unimplemented("time.Time with a year outside [0,9999] or a zone offset of 24 hours or more (encoding/json/v2's error)")
	whyTimeEscaped  = unimplemented("time.Time under an escaping that changes its RFC 3339 text")
	whyTimeRFC3339  = unimplemented("time.Time under the format RFC3339 with a year outside [0,9999] or a zone offset of 24 hours or more (encoding/json/v2's error)")
	whyDuration     = unimplemented("time.Duration without a format tag option (encoding/json/v2's error: no default representation)")
	whyTimeUTF8     = unimplemented("time.Time whose format layout gives invalid UTF-8")
)

// v2Flags are the options of JSONv2 that change a compiled encoder: part
// of the cache key of the v2 encoders.
//
// The bits above v2MarshalersShift are the id of JSONv2.Marshalers
// (lookupMarshalers), 0 where there is none.
type v2Flags uint64

const (
	v2NilSliceNull v2Flags = 1 << iota
	v2NilMapNull
	v2OmitZero
	v2Stringify
	v2FormatTag

	// v2FlagsMask holds the bits of the options; v2MarshalersShift is
	// where the Marshalers' id starts.
	v2FlagsMask       = v2FormatTag<<1 - 1
	v2MarshalersShift = 8
)

func (o *JSONv2) flags() v2Flags {
	var f v2Flags
	if o.FormatNilSliceAsNull {
		f |= v2NilSliceNull
	}
	if o.FormatNilMapAsNull {
		f |= v2NilMapNull
	}
	if o.OmitZeroStructFields {
		f |= v2OmitZero
	}
	if o.StringifyNumbers {
		f |= v2Stringify
	}
	if o.SupportFormatTag {
		f |= v2FormatTag
	}
	if o.Marshalers != nil {
		f |= v2Flags(o.Marshalers.id) << v2MarshalersShift
	}
	return f
}
