//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/bufpool"
	"github.com/jgen-go/jgen/internal/dropin"
)

// fallbacks counts the calls handed to encoding/json/v2 whole, for the
// tests.
var fallbacks atomic.Int64

// v2Rules holds every JSONv2 the translation can produce, indexed by
// v2Index, so that the pointer in jgen.Options costs no allocation.
// Without Deterministic map entries may come in any order, as
// encoding/json/v2 writes them (AnyMapOrder).
var v2Rules = func() (r [128]jgen.JSONv2) {
	for i := range r {
		r[i] = jgen.JSONv2{
			Deterministic:        i&1 != 0,
			AnyMapOrder:          i&1 == 0,
			FormatNilSliceAsNull: i&2 != 0,
			FormatNilMapAsNull:   i&4 != 0,
			OmitZeroStructFields: i&8 != 0,
			StringifyNumbers:     i&16 != 0,
			AllowDuplicateNames:  i&32 != 0,
			SupportFormatTag:     i&64 != 0,
		}
	}
	return r
}()

// defaultOptionsV1 is encoding/json's DefaultOptionsV1, one pointer to
// encoding/json's own options struct (every call returns it).
var defaultOptionsV1 = jsonv1.DefaultOptionsV1()

// v1Rules are the options of jgen's v1 drop-in (github.com/jgen-go/jgen/json)
// for encoding/json's Marshal: jgen's v1 rules (no V2), the Stdlib
// escaping, and MarshalJSON output with invalid UTF-8 or lone surrogate
// escapes refused, so that encoding/json/v2 writes it (it copies such
// output as it is, where Stdlib would replace it).
var v1Rules = func() jgen.Options {
	strict := jgen.Stdlib
	strict.InvalidUTF8 = jgen.InvalidUTF8Error
	return jgen.Options{Escaping: jgen.Stdlib, MarshalerEscaping: &strict}
}()

// boolOption is an option function of encoding/json/v2, jsontext or
// encoding/json (v1) taking a bool.
type boolOption = func(bool) jsonv2.Options

// v2Bits are the options translated to jgen.JSONv2, by their bit in
// v2Index.
var v2Bits = [...]boolOption{
	jsonv2.Deterministic, jsonv2.FormatNilSliceAsNull, jsonv2.FormatNilMapAsNull,
	jsonv2.OmitZeroStructFields, jsonv2.StringifyNumbers, jsontext.AllowDuplicateNames,
	supportFormatTag,
}

// formatTagProbe has the marker method by which encoding/json/v2's
// options (jsonopts) recognise its experimental option that enables the
// format tag option (exported, jsonopts says, by
// github.com/go-json-experiment/json); GetOption of supportFormatTag reports
// that option's value in a set of options.
type formatTagProbe struct{ jsonv2.Options }

func (formatTagProbe) ExperimentalSupportFormatTag() bool { return true }

// supportFormatTag is the setter by which GetOption finds the
// experimental option (jsonopts reads only the marker method of the
// setter's result, for any argument).
func supportFormatTag(bool) jsonv2.Options { return formatTagProbe{} }

// v1Options are encoding/json's options for v1 semantics: any of them
// set to true is left to encoding/json/v2 (jgen implements v1 in package
// jgen/json, not here).
var v1Options = [...]boolOption{
	jsonv1.CallMethodsWithLegacySemantics, jsonv1.FormatByteArrayAsArray,
	jsonv1.FormatBytesWithLegacySemantics, jsonv1.FormatDurationAsNano,
	jsonv1.MatchCaseSensitiveDelimiter, jsonv1.MergeWithLegacySemantics,
	jsonv1.OmitEmptyWithLegacySemantics, jsonv1.ParseBytesWithLooseRFC4648,
	jsonv1.ParseTimeWithLooseRFC3339, jsonv1.ReportErrorsWithLegacySemantics,
	jsonv1.StringifyWithLegacySemantics, jsonv1.UnmarshalArrayFromAnyLength,
}

// rawOptions are jsontext's options that change how a raw value is
// written; any of them set to true is left to encoding/json/v2.
var rawOptions = [...]boolOption{
	jsontext.CanonicalizeRawInts, jsontext.CanonicalizeRawFloats,
	jsontext.ReorderRawObjects, jsontext.PreserveRawStrings,
}

// lastBool returns the value of the option setter sets in opts, the last
// one holding it winning, as encoding/json/v2 joins options.
func lastBool(opts []Options, setter boolOption) (v, ok bool) {
	for _, o := range opts {
		if x, has := jsonv2.GetOption(o, setter); has {
			v, ok = x, true
		}
	}
	return v, ok
}

// translate returns the jgen options that give encoding/json/v2's bytes
// under opts, or false where opts hold an option jgen does not translate.
// encoding/json's DefaultOptionsV1 alone selects jgen's v1 rules; any
// other set holding encoding/json's v1 options is not translated.
// The escaping and layout follow jsontext: EscapeForHTML and EscapeForJS
// as HTMLSafe and JSLineTerminators, AllowInvalidUTF8 as
// InvalidUTF8ReplaceRaw (else InvalidUTF8Error), Multiline or WithIndent
// as the Indented layout (jsontext's default indent is a tab); p is set
// to the pass that writes the layouts jgen does not (WithIndentPrefix,
// the spaces after colons and commas).
func translate(opts []Options, o *jgen.Options, p *layoutPass) bool {
	*p = layoutPass{}
	switch {
	case len(opts) == 1 && opts[0] == defaultOptionsV1:
		// Exactly encoding/json's DefaultOptionsV1: encoding/json's
		// Marshal is encoding/json/v2's under it (Go 1.27's
		// v2_encode.go), and jgen's v1 rules with the Stdlib escaping are
		// that Marshal's bytes (the drop-in github.com/jgen-go/jgen/json).
		*o = v1Rules
		return true
	case len(opts) == 0 || len(opts) == 1 && opts[0] == nil:
		// encoding/json/v2 ignores a nil Options.
		*o = jgen.Options{V2: &v2Rules[0]}
		return true
	case len(opts) == 1:
		if so, ok := sharedTranslation(opts, p); so != nil {
			*o = *so
			return ok
		}
	case len(opts) > 1:
		// Joined once: GetOption joins a value that is not the joined
		// form on every call.
		opts = []Options{jsonv2.JoinOptions(opts...)}
	}
	return translateJoined(opts, o, p)
}

// translation is a cached result of translate for the option key. Its
// o is shared by the calls passing key, read-only.
type translation struct {
	key Options
	o   jgen.Options
	p   layoutPass
	ok  bool
}

// translations caches translate's result for a single option of a value
// type, by that value, for up to maxCached values (WithIndent's are
// strings, which a program could vary without end).
var (
	translations sync.Map
	cached       atomic.Int64
)

const maxCached = 256

// translateJoined is translate for opts without the shortcuts.
func translateJoined(opts []Options, o *jgen.Options, p *layoutPass) bool {
	*o = jgen.Options{}
	i := 0
	for bit, setter := range v2Bits {
		if v, _ := lastBool(opts, setter); v {
			i |= 1 << bit
		}
	}
	o.V2 = &v2Rules[i]
	if len(opts) == 0 {
		return true
	}
	for _, op := range opts {
		if carriesTagFlags(op) {
			// A field's string or format tag option, for the root
			// value only (an Encoder's options within the field's
			// MarshalJSONTo): left to encoding/json/v2.
			return false
		}
	}
	for _, setter := range v1Options {
		if v, _ := lastBool(opts, setter); v {
			return false
		}
	}
	if v, has := lastBool(opts, jsonv2.StringifyNumbers); has && !v {
		// encoding/json's Number reads the option with GetOption, which
		// reports the string tag option only where StringifyNumbers is
		// not set: StringifyNumbers(false) writes a Number field with
		// the string option as a number, where jgen quotes it.
		return false
	}
	var (
		ms  *Marshalers
		has bool
	)
	for _, op := range opts {
		if m, ok := jsonv2.GetOption(op, jsonv2.WithMarshalers); ok {
			ms, has = m, true
		}
	}
	if has {
		// Functions of this package's MarshalFunc and JoinMarshalers
		// only (marshalers.go). WithMarshalers(nil) is left to
		// encoding/json/v2: Go 1.27.3's is not the empty list it is
		// documented as (a value of type any under it panics).
		e := lookupFuncs(ms)
		if e == nil {
			return false
		}
		o.V2 = e.rulesAt(i)
	}
	// The options that rewrite raw values (MarshalJSON output, json.Number)
	// as jsontext writes them: jgen writes such values as they are.
	for _, setter := range rawOptions {
		if v, _ := lastBool(opts, setter); v {
			return false
		}
	}
	if v, _ := lastBool(opts, jsontext.EscapeForHTML); v {
		o.Escaping.HTMLSafe = true
	}
	if v, _ := lastBool(opts, jsontext.EscapeForJS); v {
		o.Escaping.JSLineTerminators = true
	}
	if v, _ := lastBool(opts, jsontext.AllowInvalidUTF8); v {
		o.Escaping.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	}
	multi, _ := lastBool(opts, jsontext.Multiline)
	indent, hasIndent := "", false
	prefix := ""
	for _, op := range opts {
		if s, has := jsonv2.GetOption(op, jsontext.WithIndent); has {
			indent, hasIndent = s, true
		}
		if s, has := jsonv2.GetOption(op, jsontext.WithIndentPrefix); has {
			prefix = s
		}
	}
	colon, hasColon := lastBool(opts, jsontext.SpaceAfterColon)
	comma, _ := lastBool(opts, jsontext.SpaceAfterComma)
	// multi is the Multiline flag as the options leave it: WithIndent and
	// WithIndentPrefix set it, and a later Multiline(false) clears it again
	// (jsonopts joins them into one flag), so hasIndent does not imply it.
	// jsontext ignores WithIndentPrefix without Multiline.
	switch {
	case multi:
		o.Layout = jgen.Indented
		o.Indent = "\t"
		if hasIndent {
			o.Indent = indent
		}
		if o.Indent == "" {
			return false // jgen reads "" as two spaces
		}
		// jsontext's multiline layout has a space after each colon
		// unless SpaceAfterColon(false); the rest is layoutPass's.
		*p = layoutPass{prefix: prefix, indented: true, colonSpace: !hasColon || colon, commaSpace: comma}
		p.active = prefix != "" || !p.colonSpace || p.commaSpace
	case colon || comma:
		*p = layoutPass{colonSpace: colon, commaSpace: comma, active: true}
	}
	return true
}

// layoutPass rewrites jgen's Compact or Indented output into the layouts
// of jsontext that jgen does not write: WithIndentPrefix (the prefix after
// every newline, as jsontext writes it: not before the first line),
// SpaceAfterColon and SpaceAfterComma without Multiline, and in the
// multiline layout no space after a colon or one after a comma. It is
// one pass over the output, copying it once; the layouts jgen writes
// itself need none.
type layoutPass struct {
	prefix     string
	indented   bool // the output is jgen's Indented layout (": " after a name)
	colonSpace bool // a space after each colon
	commaSpace bool // a space after each comma
	active     bool // the output needs the pass
}

// apply appends src, a JSON value jgen wrote in the layout p assumes,
// rewritten to dst. src's strings are copied as they are: jgen escapes
// their quotes and control characters.
func (p *layoutPass) apply(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src)-1)
			dst = append(dst, src[i:j+1]...)
			i = j
		case ':':
			dst = append(dst, ':')
			if p.indented && i+1 < len(src) && src[i+1] == ' ' {
				i++
			}
			if p.colonSpace {
				dst = append(dst, ' ')
			}
		case ',':
			dst = append(dst, ',')
			if p.commaSpace {
				dst = append(dst, ' ')
			}
		case '\n':
			dst = append(dst, '\n')
			dst = append(dst, p.prefix...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// optsPool holds the jgen.Options that translate fills, so that
// translating costs no allocation.
var optsPool = sync.Pool{New: func() any { return new(jgen.Options) }}

var bufPool = sync.Pool{New: func() any {
	b := make([]byte, 0, 1024)
	return &b
}}

// putBuf returns b, the grown contents of *p, to the pool where
// bufpool.Keep keeps it.
func putBuf(p *[]byte, b []byte) {
	if !bufpool.Keep(b) {
		return
	}
	*p = b[:0]
	bufPool.Put(p)
}

// appendJgen appends in encoded by jgen under opts to dst; false where
// the value is left to encoding/json/v2 (an option jgen does not
// translate, a value it declines or fails to encode).
func appendJgen(dst []byte, in any, opts []Options) ([]byte, bool) {
	var p layoutPass
	o, ok := sharedTranslation(opts, &p)
	var scratch *jgen.Options
	if o == nil {
		scratch = optsPool.Get().(*jgen.Options)
		ok, o = translate(opts, scratch, &p), scratch
	}
	var (
		b   []byte
		err error
	)
	if ok {
		b, err = jgen.AppendMarshal(dst, in, o)
	}
	if scratch != nil {
		optsPool.Put(scratch)
	}
	if !ok || err != nil {
		return dst, false
	}
	if p.active {
		tp := bufPool.Get().(*[]byte)
		tmp := append((*tp)[:0], b[len(dst):]...)
		b = p.apply(b[:len(dst)], tmp)
		putBuf(tp, tmp)
	}
	return b, true
}

// defaultRules are the jgen options of a call without options.
var defaultRules = jgen.Options{V2: &v2Rules[0]}

// directTranslation returns the shared, read-only jgen options of opts
// where they translate and need no layout pass (the common case: no
// options, or one cached option), nil where the call takes the general
// path (appendJgen), which translates, declines or lays out.
func directTranslation(opts []Options) *jgen.Options {
	if len(opts) == 0 {
		return &defaultRules
	}
	var p layoutPass
	if o, ok := sharedTranslation(opts, &p); o != nil && ok && !p.active {
		return o
	}
	return nil
}

// lastTranslation is the cached translation sharedTranslation returned
// last for a single option, looked at before the cache: a program passes
// the same option (Deterministic(true), say) call after call.
var lastTranslation atomic.Pointer[translation]

// sharedTranslation returns the translation of opts where it is shared
// and read-only (no options, DefaultOptionsV1 alone, or one cached option
// of a value type), with p set and ok as translate reports; o is nil
// where opts need translating into options of the call's own.
func sharedTranslation(opts []Options, p *layoutPass) (o *jgen.Options, ok bool) {
	switch {
	case len(opts) == 0 || len(opts) == 1 && opts[0] == nil:
		// encoding/json/v2 ignores a nil Options.
		*p = layoutPass{}
		return &defaultRules, true
	case len(opts) != 1:
		return nil, false
	}
	// An interface comparison panics only for two values of one
	// incomparable type; the key's type is comparable.
	if tr := lastTranslation.Load(); tr != nil && tr.key == opts[0] {
		*p = tr.p
		return &tr.o, tr.ok
	}
	if opts[0] == defaultOptionsV1 {
		*p = layoutPass{}
		return &v1Rules, true
	}
	if t := reflect.TypeOf(opts[0]); t.Kind() == reflect.Pointer || !t.Comparable() {
		return nil, false
	}
	// One option of a value type (such as Deterministic(true)): its
	// translation is cached, a value type having few values.
	var tr *translation
	if t, ok := translations.Load(opts[0]); ok {
		tr = t.(*translation)
	} else {
		if cached.Load() >= maxCached {
			return nil, false
		}
		tr = &translation{key: opts[0]}
		tr.ok = translateJoined(opts, &tr.o, &tr.p)
		if cached.Add(1) <= maxCached {
			translations.Store(opts[0], tr)
		}
	}
	lastTranslation.Store(tr)
	*p = tr.p
	return &tr.o, tr.ok
}

// Marshal is encoding/json/v2's Marshal: the JSON encoding of in under
// opts (marshal and jsontext options; unmarshal options are ignored), with
// no newline after it. Its bytes and errors are encoding/json/v2's: jgen
// encodes what its v2 rules implement under the options jgen translates
// (see the package documentation), encoding/json/v2 the rest, and on an
// error encoding/json/v2 encodes the value again, returning its result
// (the *SemanticError or *jsontext.SyntacticError with its JSON pointer).
// A value jgen encodes costs the result's allocation, one more where
// opts holds more than one option (encoding/json/v2's JoinOptions), and
// up to about five for each non-empty map: none for a map[string]string,
// map[string]bool, map[string]int or map[string]int64 unless sorted
// (Deterministic and more than 8 entries), a few more for a large map of
// integer keys under Deterministic, whose names share a growing buffer.
// A nil Options is ignored, as encoding/json/v2 ignores it.
func Marshal(in any, opts ...Options) ([]byte, error) {
	if o := directTranslation(opts); o != nil {
		// Options shared and read-only, with no layout pass: jgen's
		// pooled generator encodes and copies the result out.
		if b, err := dropin.Marshal(in, o); err == nil {
			return b, nil
		}
		fallbacks.Add(1)
		return jsonv2.Marshal(in, opts...)
	}
	p := bufPool.Get().(*[]byte)
	b, ok := appendJgen((*p)[:0], in, opts)
	if !ok {
		putBuf(p, b)
		fallbacks.Add(1)
		return jsonv2.Marshal(in, opts...)
	}
	out := bytes.Clone(b)
	putBuf(p, b)
	return out, nil
}

// MarshalWrite is encoding/json/v2's MarshalWrite: the encoding of in, as
// [Marshal] writes it, written to out with no newline after it. jgen's
// encoding is written with one Write call; a value left to
// encoding/json/v2 is written as its MarshalWrite writes it. Where out's
// Write fails, it returns the error encoding/json/v2 returns for it:
// jsontext's, whose text is "jsontext: write error: " and out's error's,
// and which errors.Is and errors.As see through to out's error. A Write
// that takes fewer bytes without an error is not an error, as in
// encoding/json/v2.
func MarshalWrite(out io.Writer, in any, opts ...Options) error {
	if o := directTranslation(opts); o != nil {
		// Written from jgen's pooled generator's buffer.
		encoded, err := dropin.Write(out, in, o)
		if !encoded {
			fallbacks.Add(1)
			return jsonv2.MarshalWrite(out, in, opts...)
		}
		if err != nil {
			return writeError(err)
		}
		return nil
	}
	p := bufPool.Get().(*[]byte)
	b, ok := appendJgen((*p)[:0], in, opts)
	if !ok {
		putBuf(p, b)
		fallbacks.Add(1)
		return jsonv2.MarshalWrite(out, in, opts...)
	}
	_, err := out.Write(b)
	putBuf(p, b)
	if err != nil {
		return writeError(err)
	}
	return nil
}

// writeError returns the error a jsontext.Encoder returns when its
// writer fails with err: encoding/json/v2's MarshalWrite returns that
// one, of a type jsontext does not export, so an Encoder whose writer
// fails with err makes it. A top-level token is flushed at once.
func writeError(err error) error {
	if werr := jsontext.NewEncoder(failingWriter{err}).WriteToken(jsontext.Null); werr != nil {
		return werr
	}
	return err // not reached: the flush of the token fails
}

// failingWriter is an io.Writer whose every Write fails with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// MarshalEncode is encoding/json/v2's MarshalEncode: in written to out as
// its next value. Where out's own options, joined with the marshal
// options of opts for the call, translate, jgen encodes the value compact
// and out.WriteValue writes it, laying it out under out's options at its
// position; where opts set any of jsontext's options (which change out's
// for the call, under rules of encoding/json/v2's own), options jgen does
// not translate, at a member name's position, or where out.WriteValue
// refuses jgen's encoding, encoding/json/v2's MarshalEncode writes it. Its
// errors are encoding/json/v2's. Where out's writer fails as out flushes
// the value jgen encoded, MarshalEncode returns out's error for it (as
// encoding/json/v2 does, the text "jsontext: write error: " and the
// writer's error), out keeping the value for its next flush. out writes
// jgen's value with one flush at most, after the whole value, where
// encoding/json/v2 may flush within a value below the top level as out's
// buffer fills: a writer that fails there fails at another Write call,
// leaving out within the value.
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) error {
	depth := out.StackDepth()
	k, n := out.StackIndex(depth)
	if k == '{' && n%2 == 0 {
		// The next value is a member name, which encoding/json/v2 writes
		// from what in marshals to under its own rules.
		fallbacks.Add(1)
		return jsonv2.MarshalEncode(out, in, opts...)
	}
	eo := out.Options()
	if len(opts) <= 1 {
		// The common case, no option or one of a value type, translated
		// once for the encoder's options (translateEncoder).
		var call Options
		if len(opts) == 1 {
			call = opts[0]
		}
		if tr := translateEncoder(eo, call); tr != nil {
			if tr.ok {
				encoded, err := dropin.Write((*valueWriter)(out), in, &tr.o)
				if encoded && (err == nil || kept(out, depth, n)) {
					return err
				}
			}
			// Not translated, declined, or refused by out (which then
			// wrote nothing of it), as below.
			fallbacks.Add(1)
			return jsonv2.MarshalEncode(out, in, opts...)
		}
	}
	if len(opts) > 0 && hasEncoderOption(opts) {
		// jsontext's options given for the call: encoding/json/v2
		// refuses some changes of them mid-stream, which it decides.
		fallbacks.Add(1)
		return jsonv2.MarshalEncode(out, in, opts...)
	}
	if len(opts) > 0 {
		// The call's marshal options over the encoder's, as
		// encoding/json/v2 joins them for the call.
		eo = jsonv2.JoinOptions(append([]Options{eo}, opts...)...)
	}
	o := optsPool.Get().(*jgen.Options)
	// out lays the value out under its own options: no layoutPass.
	var lp layoutPass
	if !translate([]Options{eo}, o, &lp) {
		optsPool.Put(o)
		fallbacks.Add(1)
		return jsonv2.MarshalEncode(out, in, opts...)
	}
	o.Layout, o.Indent = jgen.Compact, ""
	p := bufPool.Get().(*[]byte)
	b, err := jgen.AppendMarshal((*p)[:0], in, o)
	optsPool.Put(o)
	if err != nil {
		putBuf(p, b)
		fallbacks.Add(1)
		return jsonv2.MarshalEncode(out, in, opts...)
	}
	err = out.WriteValue(b)
	putBuf(p, b)
	if err != nil && kept(out, depth, n) {
		return err
	}
	if err != nil {
		// out refused the value (a duplicate name, its byte or depth
		// limit) and wrote nothing of it: encoding/json/v2 meets the same
		// refusal and returns its own error for it.
		fallbacks.Add(1)
		return jsonv2.MarshalEncode(out, in, opts...)
	}
	return nil
}

// kept reports whether out, which held n values at depth before a
// WriteValue that failed, holds the value: out wrote it into its buffer
// and state, and the flush to its writer failed (a write error, which
// out survives: it keeps the unwritten bytes for its next flush).
// encoding/json/v2's MarshalEncode returns that error as it is, out
// holding the value once.
func kept(out *jsontext.Encoder, depth int, n int64) bool {
	_, m := out.StackIndex(depth)
	return out.StackDepth() == depth && m != n
}

// valueWriter is a jsontext.Encoder as an io.Writer whose Write writes
// one whole value with WriteValue (a pointer type: converting it to
// io.Writer costs no allocation).
type valueWriter jsontext.Encoder

// Write writes b, one JSON value, as the Encoder's next value, or
// returns WriteValue's error (the Encoder then wrote nothing of it).
func (w *valueWriter) Write(b []byte) (int, error) {
	if err := (*jsontext.Encoder)(w).WriteValue(b); err != nil {
		return 0, err
	}
	return len(b), nil
}

// encoderOptions are jsontext's options taking a bool, and encoderStrings
// those taking a string: the options of an Encoder.
var (
	encoderOptions = [...]boolOption{
		jsontext.AllowDuplicateNames, jsontext.AllowInvalidUTF8,
		jsontext.EscapeForHTML, jsontext.EscapeForJS, jsontext.Multiline,
		jsontext.SpaceAfterColon, jsontext.SpaceAfterComma,
		jsontext.CanonicalizeRawInts, jsontext.CanonicalizeRawFloats,
		jsontext.ReorderRawObjects, jsontext.PreserveRawStrings,
	}
	encoderStrings = [...]func(string) Options{jsontext.WithIndent, jsontext.WithIndentPrefix}
)

// hasEncoderOption reports whether opts set any of jsontext's options.
func hasEncoderOption(opts []Options) bool {
	for _, op := range opts {
		for _, setter := range encoderOptions {
			if _, has := jsonv2.GetOption(op, setter); has {
				return true
			}
		}
		for _, setter := range encoderStrings {
			if _, has := jsonv2.GetOption(op, setter); has {
				return true
			}
		}
	}
	return false
}
