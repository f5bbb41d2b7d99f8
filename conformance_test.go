package jgen_test

// The conformance table: every string entry point of jgen, under every
// option set, compared byte for byte with internal/reference.
//
// This file also holds the test-side machinery the other proof files share:
// escSpec (one description of an option set, from which both the jgen
// Escaping and the reference.Options are built, so that custom escapes,
// opaque in jgen, reach both sides identically) and the entry points.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

var fullFlag = flag.Bool("full", false, "run the full cross product of the exhaustive sweeps (also JGEN_FULL=1)")

// full reports whether the full cross product was asked for.
func full() bool {
	if *fullFlag {
		return true
	}
	v, err := strconv.ParseBool(os.Getenv("JGEN_FULL"))
	return err == nil && v
}

// ---------------------------------------------------------------------------
// Option specs: one description, two compiled forms.

// tEscape is a custom escape for one ASCII byte, test side.
type tEscape struct {
	kind reference.Kind
	char byte
	seq  string
}

func (e tEscape) jgen() jgen.Escape {
	switch e.kind {
	case reference.KindNone:
		return jgen.EscapeNone()
	case reference.KindUnicode:
		return jgen.EscapeUnicode()
	case reference.KindBackslash:
		return jgen.EscapeBackslash(e.char)
	case reference.KindSequence:
		return jgen.EscapeSequence(e.seq)
	}
	return jgen.Escape{}
}

func (e tEscape) ref() reference.Escape {
	return reference.Escape{Kind: e.kind, Char: e.char, Seq: e.seq}
}

var (
	eNone    = tEscape{kind: reference.KindNone}
	eUnicode = tEscape{kind: reference.KindUnicode}
	eDefault = tEscape{kind: reference.KindDefault}
)

func eBackslash(c byte) tEscape { return tEscape{kind: reference.KindBackslash, char: c} }
func eSeq(s string) tEscape     { return tEscape{kind: reference.KindSequence, seq: s} }

// ceSpec is a custom character escapes table, test side.
type ceSpec struct {
	name  string
	ascii map[byte]tEscape
	runes map[rune]string
	hook  func([]byte) int
	// builtin is the shipped jgen value this spec describes, if any; it is
	// used instead of compiling the spec.
	builtin *jgen.CharacterEscapes
	// refASCII, when not nil, is the ASCII table the reference sees instead
	// of ascii (for a hook that misses bytes on purpose).
	refASCII map[byte]tEscape
	// lossy is set when some sequence does not decode to its character, so
	// the output does not round-trip.
	lossy bool

	once sync.Once
	ce   *jgen.CharacterEscapes
	err  error
}

// compiled returns the jgen form of c, built once.
func (c *ceSpec) compiled() (*jgen.CharacterEscapes, error) {
	c.once.Do(func() {
		if c.builtin != nil {
			c.ce = c.builtin
			return
		}
		spec := jgen.EscapeSpec{IndexEscape: c.hook}
		if c.ascii != nil {
			spec.ASCII = map[byte]jgen.Escape{}
			for b, e := range c.ascii {
				spec.ASCII[b] = e.jgen()
			}
		}
		if c.runes != nil {
			spec.Runes = map[rune]string{}
			for r, s := range c.runes {
				spec.Runes[r] = s
			}
		}
		c.ce, c.err = jgen.NewCharacterEscapes(spec)
	})
	return c.ce, c.err
}

func (c *ceSpec) refTables() (map[byte]reference.Escape, map[rune]string) {
	src := c.ascii
	if c.refASCII != nil {
		src = c.refASCII
	}
	var a map[byte]reference.Escape
	if len(src) > 0 {
		a = map[byte]reference.Escape{}
		for b, e := range src {
			a[b] = e.ref()
		}
	}
	return a, c.runes
}

// hookFor returns an honest scan hook for the custom bytes of ascii.
func hookFor(ascii map[byte]tEscape) func([]byte) int {
	var set [256]bool
	for b, e := range ascii {
		if e.kind != reference.KindDefault {
			set[b] = true
		}
	}
	return func(s []byte) int {
		for i, c := range s {
			if set[c] {
				return i
			}
		}
		return -1
	}
}

var htmlASCII = map[byte]tEscape{'<': eUnicode, '>': eUnicode, '&': eUnicode, '\'': eUnicode}
var jsonpRunes = map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`}

var (
	ceHTML  = &ceSpec{name: "HTMLEscapes", ascii: htmlASCII, builtin: jgen.HTMLEscapes}
	ceJSONP = &ceSpec{name: "JSONPEscapes", runes: jsonpRunes, builtin: jgen.JSONPEscapes}
	// ceHTMLJSONP is the html+jsonp combination of the Jackson vectors.
	ceHTMLJSONP = &ceSpec{name: "HTML+JSONP", ascii: htmlASCII, runes: jsonpRunes}

	// ceSeq exercises every action and precedence over the options; some
	// of it does not round-trip. (Raw non-ASCII and empty sequences are
	// refused: TestCustomEscapesValidation.)
	ceSeq = &ceSpec{
		name: "customSeq",
		ascii: map[byte]tEscape{
			'"':    eUnicode,
			'\n':   eSeq(`\u000A`),
			'\t':   eDefault,
			'/':    eNone,
			'<':    eNone,
			'#':    eSeq(`\u0023`),
			'~':    eSeq("~~"),
			0x7F:   eUnicode,
			'\\':   eBackslash('\\'),
			'\x01': eBackslash('b'),
			'q':    eSeq(`Q\u00e9`),
			'&':    eBackslash('/'),
		},
		runes: map[rune]string{
			'\u00e9':     `\u00e9`,
			'€':          "EUR",
			'\U0001F600': `\uD83D\uDE00`,
			'\uFFFD':     "?",
			'\u2028':     "LS",
			'\u00FF':     "yy",
			'\U0010FFFF': `\uDBFF\uDFFF`,
			'\u0080':     "-",
		},
		lossy: true,
	}

	ceHookASCII = map[byte]tEscape{
		'#':  eSeq(`\u0023`),
		'%':  eUnicode,
		'/':  eBackslash('/'),
		'+':  eSeq(`\u002b`),
		0x7F: eUnicode,
		'Z':  eSeq(`\u005A`),
		'"':  eSeq(`\u0022`),
	}
	// ceHook is a lossless table with an honest scan hook.
	ceHook = &ceSpec{
		name:  "customHook",
		ascii: ceHookASCII,
		runes: map[rune]string{'ü': `\u00FC`},
		hook:  hookFor(ceHookASCII),
	}
	// ceMissHook has a hook that never finds anything: the documented
	// result is that '#' is written as the options write it (raw).
	ceMissHook = &ceSpec{
		name:     "missingHook",
		ascii:    map[byte]tEscape{'#': eSeq(`\u0023`)},
		hook:     func([]byte) int { return -1 },
		refASCII: map[byte]tEscape{},
	}
)

// escSpec is one option set.
type escSpec struct {
	quote                          byte
	slash, html, jslt, upper, surr bool
	maxU                           rune
	policy                         jgen.InvalidUTF8Policy
	ce                             *ceSpec
	label                          string // optional name
}

func (s escSpec) String() string {
	if s.label != "" {
		return s.label
	}
	var p []string
	if s.quote == '\'' {
		p = append(p, "apos")
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{s.slash, "slash"}, {s.html, "html"}, {s.jslt, "jslt"}, {s.upper, "upper"}, {s.surr, "surr"}} {
		if f.on {
			p = append(p, f.name)
		}
	}
	if s.maxU != 0 {
		p = append(p, fmt.Sprintf("max=%X", s.maxU))
	}
	p = append(p, s.policy.String())
	if s.ce != nil {
		p = append(p, s.ce.name)
	}
	return strings.Join(p, "+")
}

// escaping returns the jgen form of s.
func (s escSpec) escaping() (jgen.Escaping, error) {
	e := jgen.Escaping{
		QuoteChar:         s.quote,
		EscapeSlash:       s.slash,
		HTMLSafe:          s.html,
		JSLineTerminators: s.jslt,
		UpperHex:          s.upper,
		SurrogateEscapes:  s.surr,
		MaxUnescaped:      s.maxU,
		InvalidUTF8:       s.policy,
	}
	if s.ce != nil {
		ce, err := s.ce.compiled()
		if err != nil {
			return e, err
		}
		e.CharacterEscapes = ce
	}
	return e, nil
}

func mustEscaping(t testing.TB, s escSpec) jgen.Escaping {
	t.Helper()
	e, err := s.escaping()
	if err != nil {
		t.Fatalf("%v: %v", s, err)
	}
	return e
}

// refOptions converts a jgen Escaping into reference options. The custom
// escapes of e, opaque in jgen, must be the compiled form of ce.
func refOptions(e jgen.Escaping, ce *ceSpec) reference.Options {
	o := reference.Options{
		Quote:             e.QuoteChar,
		EscapeSlash:       e.EscapeSlash,
		HTMLSafe:          e.HTMLSafe,
		JSLineTerminators: e.JSLineTerminators,
		UpperHex:          e.UpperHex,
		SurrogateEscapes:  e.SurrogateEscapes,
		MaxUnescaped:      e.MaxUnescaped,
	}
	switch e.InvalidUTF8 {
	case jgen.InvalidUTF8Error:
		o.InvalidUTF8 = reference.PolicyError
	case jgen.InvalidUTF8Replace:
		o.InvalidUTF8 = reference.PolicyReplace
	case jgen.InvalidUTF8ReplaceRaw:
		o.InvalidUTF8 = reference.PolicyReplaceRaw
	default:
		panic("unknown policy " + e.InvalidUTF8.String())
	}
	if e.CharacterEscapes != nil || ce != nil {
		if ce == nil {
			panic("refOptions: custom escapes without a spec")
		}
		if c, err := ce.compiled(); err != nil || c != e.CharacterEscapes {
			panic("refOptions: escaping's CharacterEscapes is not the compiled " + ce.name)
		}
		o.ASCII, o.Runes = ce.refTables()
	}
	return o
}

func (s escSpec) ref() reference.Options {
	e, err := s.escaping()
	if err != nil {
		panic(err)
	}
	return refOptions(e, s.ce)
}

// The presets, as specs; TestPresetSpecs checks they equal jgen's values.
var (
	specMinimal     = escSpec{label: "Minimal"}
	specStdlib      = escSpec{label: "Stdlib", html: true, jslt: true, policy: marshalPolicy()}
	specJackson     = escSpec{label: "Jackson", upper: true}
	specJacksonSurr = escSpec{label: "Jackson+SurrogateEscapes", upper: true, surr: true}
	specASCII       = escSpec{label: "ASCII", maxU: 0x7F}
	presetSpecs     = []escSpec{specMinimal, specStdlib, specJackson, specJacksonSurr, specASCII}
)

func TestPresetSpecs(t *testing.T) {
	js := jgen.Jackson
	js.SurrogateEscapes = true
	for _, tt := range []struct {
		spec escSpec
		want jgen.Escaping
	}{{specMinimal, jgen.Minimal}, {specStdlib, jgen.Stdlib}, {specJackson, jgen.Jackson}, {specJacksonSurr, js}, {specASCII, jgen.ASCII}} {
		if got := mustEscaping(t, tt.spec); got != tt.want {
			t.Errorf("%v: spec gives %+v, preset is %+v", tt.spec, got, tt.want)
		}
	}
}

// refQuote runs the reference. off is the offset of the invalid byte under
// the error policy, else -1.
func refQuote(s []byte, o reference.Options) (q []byte, off int) {
	q, err := reference.AppendQuote(nil, s, o)
	if err != nil {
		var ue *reference.UTF8Error
		if !errors.As(err, &ue) {
			panic(fmt.Sprintf("reference refused options %+v: %v", o, err))
		}
		return nil, ue.Offset
	}
	return q, -1
}

// ---------------------------------------------------------------------------
// Entry points.

type strKind int

const (
	kValue strKind = iota
	kValueBytes
	kName
	kNameBytes
	kEncodedSame
	kEncodedOther
	kReader
)

var kindNames = [...]string{"WriteString", "WriteStringBytes", "WriteName", "WriteNameBytes", "WriteEncodedName/same", "WriteEncodedName/other", "WriteStringFrom"}

// readerMaker wraps s into an io.Reader for WriteStringFrom.
type readerMaker struct {
	name string
	make func(s []byte) io.Reader
}

// chunkReader returns the data n bytes (or fewer, at the end) per Read.
type chunkReader struct {
	data []byte
	n    int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(r.n, len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

func chunks(n int) readerMaker {
	return readerMaker{"chunk" + strconv.Itoa(n), func(s []byte) io.Reader { return &chunkReader{s, n} }}
}

var (
	rWhole   = readerMaker{"whole", func(s []byte) io.Reader { return bytes.NewReader(s) }}
	rOneByte = readerMaker{"OneByteReader", func(s []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(s)) }}
	rDataErr = readerMaker{"DataErrReader", func(s []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(s)) }}
	rHalf    = readerMaker{"HalfReader", func(s []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(s)) }}
	// rChunk3DataErr returns 3 bytes a read and io.EOF with the last data.
	rChunk3DataErr = readerMaker{"chunk3+DataErrReader", func(s []byte) io.Reader { return iotest.DataErrReader(&chunkReader{s, 3}) }}
	allReaders     = []readerMaker{rWhole, rOneByte, chunks(2), chunks(3), chunks(5), chunks(7), chunks(13), rDataErr, rHalf, rChunk3DataErr}
)

// entry is one way to write a string: an entry point, append or writer
// mode, and for writer mode the padding before the string.
type entry struct {
	name   string
	quote  int // 0: a quote function (AppendQuote, AppendQuoteBytes, Quote)
	kind   strKind
	writer bool // writer mode with a 512-byte buffer (else append mode)
	pad    int  // bytes of filler before the string
	rd     readerMaker
}

func (en entry) String() string { return en.name }

func quoteEntry(name string, which int) entry { return entry{name: name, quote: which} }

func genEntry(kind strKind, writer bool, pad int, rd readerMaker) entry {
	name := kindNames[kind]
	if kind == kReader {
		name += "/" + rd.name
	}
	if writer {
		name += "/writer512/pad=" + strconv.Itoa(pad)
	} else {
		name += "/append"
		if pad > 0 {
			name += "/pad=" + strconv.Itoa(pad)
		}
	}
	return entry{name: name, kind: kind, writer: writer, pad: pad, rd: rd}
}

var (
	eAppendQuote      = quoteEntry("AppendQuote", 1)
	eAppendQuoteBytes = quoteEntry("AppendQuoteBytes", 2)
	eQuote            = quoteEntry("Quote", 3)
	eWriteString      = genEntry(kValue, false, 0, readerMaker{})
	eWriteName        = genEntry(kName, false, 0, readerMaker{})
)

// allEntries returns every entry point: the quote functions, each
// generator method in append mode and in writer mode at the given pads, and
// WriteStringFrom with every reader.
func allEntries(pads ...int) []entry {
	es := []entry{eAppendQuote, eAppendQuoteBytes, eQuote}
	for k := kValue; k < kReader; k++ {
		es = append(es, genEntry(k, false, 0, readerMaker{}))
		for _, p := range pads {
			es = append(es, genEntry(k, true, p, readerMaker{}))
		}
	}
	for _, rd := range allReaders {
		es = append(es, genEntry(kReader, false, 0, rd))
	}
	for _, p := range pads {
		es = append(es, genEntry(kReader, true, p, rOneByte), genEntry(kReader, true, p, chunks(7)), genEntry(kReader, true, p, rWhole))
	}
	return es
}

func checkUTF8Err(err error, wantOff int) string {
	if wantOff < 0 {
		if err != nil {
			return fmt.Sprintf("unexpected error %v", err)
		}
		return ""
	}
	var ue *jgen.UTF8Error
	if !errors.As(err, &ue) {
		return fmt.Sprintf("error %v, want *UTF8Error at offset %d", err, wantOff)
	}
	if !errors.Is(err, jgen.ErrInvalidUTF8) {
		return fmt.Sprintf("error %v does not match ErrInvalidUTF8", err)
	}
	if ue.Offset != int64(wantOff) {
		return fmt.Sprintf("UTF8Error offset %d, want %d", ue.Offset, wantOff)
	}
	return ""
}

func quoteOf(e jgen.Escaping) string {
	if e.QuoteChar == '\'' {
		return "'"
	}
	return `"`
}

// run writes s with e (o in the reference) through the entry point and returns "" or what is
// wrong. want is the reference's quoted string, wantOff the offset of its
// UTF-8 error or -1.
func (en entry) run(e jgen.Escaping, o reference.Options, s []byte, want []byte, wantOff int) string {
	switch en.quote {
	case 1, 2:
		pre := []byte("pre")
		var got []byte
		var err error
		if en.quote == 1 {
			got, err = e.AppendQuote(pre, string(s))
		} else {
			got, err = e.AppendQuoteBytes(pre, s)
		}
		if msg := checkUTF8Err(err, wantOff); msg != "" {
			return msg
		}
		if wantOff >= 0 {
			if string(got) != "pre" {
				return fmt.Sprintf("on error returned %q, want dst unchanged %q", got, "pre")
			}
			return ""
		}
		if w := "pre" + string(want); string(got) != w {
			return diffMsg(got, []byte(w))
		}
		return ""
	case 3:
		got, err := e.Quote(string(s))
		if msg := checkUTF8Err(err, wantOff); msg != "" {
			return msg
		}
		if wantOff >= 0 {
			if got != "" {
				return fmt.Sprintf("on error returned %q, want \"\"", got)
			}
			return ""
		}
		if got != string(want) {
			return diffMsg([]byte(got), want)
		}
		return ""
	}
	return en.runGen(e, o, s, want, wantOff)
}

func diffMsg(got, want []byte) string {
	return fmt.Sprintf("\n  got  %q\n  want %q\n  got  %x\n  want %x", got, want, got, want)
}

// runGen writes a small document around s with a Generator:
// values as [<pad>,<s>] and names as {<pad>:0,<s>:1} (pad omitted when 0),
// in append mode after the bytes "pre".
func (en entry) runGen(e jgen.Escaping, o reference.Options, s []byte, want []byte, wantOff int) string {
	var out bytes.Buffer
	opts := &jgen.Options{Escaping: e, BufferSize: 512}
	var g *jgen.Generator
	var err error
	pre := ""
	if en.writer {
		g, err = jgen.NewGenerator(&out, opts)
	} else {
		pre = "pre"
		g, err = jgen.NewAppendGenerator([]byte(pre), opts)
	}
	if err != nil {
		return fmt.Sprintf("new generator: %v", err)
	}
	output := func() []byte {
		if en.writer {
			return out.Bytes()
		}
		return g.Bytes()
	}
	q := quoteOf(e)
	isName := en.kind == kName || en.kind == kNameBytes || en.kind == kEncodedSame || en.kind == kEncodedOther
	var head string
	if isName {
		head = "{"
		if err := g.WriteStartObject(); err != nil {
			return fmt.Sprintf("WriteStartObject: %v", err)
		}
		if en.pad > 0 {
			k := strings.Repeat("k", en.pad)
			if err := g.WriteName(k); err != nil {
				return fmt.Sprintf("WriteName(pad): %v", err)
			}
			if err := g.WriteInt(0); err != nil {
				return fmt.Sprintf("WriteInt: %v", err)
			}
			head += q + k + q + ":0,"
		}
	} else {
		head = "["
		if err := g.WriteStartArray(); err != nil {
			return fmt.Sprintf("WriteStartArray: %v", err)
		}
		if en.pad > 0 {
			num := strings.Repeat("1", en.pad)
			if err := g.WriteNumber(num); err != nil {
				return fmt.Sprintf("WriteNumber(pad): %v", err)
			}
			head += num + ","
		}
	}
	head = pre + head

	var werr error
	switch en.kind {
	case kValue:
		werr = g.WriteString(string(s))
	case kValueBytes:
		werr = g.WriteStringBytes(s)
	case kName:
		werr = g.WriteName(string(s))
	case kNameBytes:
		werr = g.WriteNameBytes(s)
	case kEncodedSame:
		n, nerr := jgen.NewEncodedName(string(s), e)
		if msg := checkUTF8Err(nerr, wantOff); msg != "" {
			return "NewEncodedName: " + msg
		}
		if wantOff >= 0 {
			return ""
		}
		if n.Name() != string(s) {
			return fmt.Sprintf("EncodedName.Name() = %q, want %q", n.Name(), s)
		}
		if n.Escaping() != e {
			return "EncodedName.Escaping() differs from the escaping given"
		}
		if got := n.AppendQuoted([]byte("x")); string(got) != "x"+string(want) {
			return "EncodedName.AppendQuoted:" + diffMsg(got, append([]byte("x"), want...))
		}
		werr = g.WriteEncodedName(n)
	case kEncodedOther:
		other := e
		other.UpperHex = !other.UpperHex
		other.InvalidUTF8 = jgen.InvalidUTF8Replace
		n, nerr := jgen.NewEncodedName(string(s), other)
		if nerr != nil {
			return fmt.Sprintf("NewEncodedName under other escaping: %v", nerr)
		}
		werr = g.WriteEncodedName(n)
	case kReader:
		n, rerr := g.WriteStringFrom(en.rd.make(s))
		if msg := checkUTF8Err(rerr, wantOff); msg != "" {
			return msg
		}
		if wantOff < 0 {
			if n != int64(len(s)) {
				return fmt.Sprintf("WriteStringFrom returned n=%d, want %d", n, len(s))
			}
			break
		}
		// Streamed: the error is sticky and the output ends inside the
		// string, with nothing but the escaped valid prefix.
		if err := g.WriteNull(); !errors.Is(err, jgen.ErrInvalidUTF8) {
			return fmt.Sprintf("after a streamed UTF-8 error, WriteNull returned %v, want the sticky error", err)
		}
		if err := g.Close(); err == nil {
			return "after a streamed UTF-8 error, Close returned nil"
		}
		got := output()
		pq, _ := reference.AppendQuote(nil, s[:wantOff], o)
		allowed := head + string(pq[:len(pq)-1])
		if !strings.HasPrefix(allowed, string(got)) || len(got) > len(allowed) {
			return "output after streamed UTF-8 error is not a prefix of the valid part:" + diffMsg(got, []byte(allowed))
		}
		return ""
	}
	if msg := checkUTF8Err(werr, wantOff); msg != "" {
		return msg
	}
	var tail string
	if wantOff >= 0 {
		// Nothing written, state unchanged: the next token follows as if
		// the string had not been tried.
		if isName {
			if err := g.WriteName("z"); err != nil {
				return fmt.Sprintf("WriteName after refused name: %v", err)
			}
			if err := g.WriteInt(1); err != nil {
				return fmt.Sprintf("WriteInt: %v", err)
			}
			tail = q + "z" + q + ":1}"
		} else {
			if err := g.WriteNull(); err != nil {
				return fmt.Sprintf("WriteNull after refused string: %v", err)
			}
			tail = "null]"
		}
	} else if isName {
		if err := g.WriteInt(1); err != nil {
			return fmt.Sprintf("WriteInt after name: %v", err)
		}
		tail = string(want) + ":1}"
	} else {
		tail = string(want) + "]"
	}
	if isName {
		err = g.WriteEndObject()
	} else {
		err = g.WriteEndArray()
	}
	if err != nil {
		return fmt.Sprintf("end: %v", err)
	}
	// Close reports the refused string (the first error), if any.
	if err := g.Close(); (wantOff < 0 && err != nil) || (wantOff >= 0 && !errors.Is(err, jgen.ErrInvalidUTF8)) {
		return fmt.Sprintf("Close: %v", err)
	}
	if got, w := output(), head+tail+"\n"; string(got) != w { // "\n": the root terminator
		return diffMsg(got, []byte(w))
	}
	return ""
}

// failures collects failures and reports the first few, with a count.
type failures struct {
	t     testing.TB
	n     int
	limit int
}

func newFailures(t testing.TB) *failures { return &failures{t: t, limit: 12} }

func (f *failures) add(format string, args ...any) {
	f.t.Helper()
	f.n++
	if f.n <= f.limit {
		f.t.Errorf(format, args...)
	}
}

func (f *failures) done() {
	f.t.Helper()
	if f.n > f.limit {
		f.t.Errorf("... and %d more failures (%d in all)", f.n-f.limit, f.n)
	}
}

// check runs s through the entries under spec and records failures.
func (f *failures) check(spec escSpec, e jgen.Escaping, o reference.Options, s []byte, entries []entry) {
	f.t.Helper()
	want, off := refQuote(s, o)
	for _, en := range entries {
		if msg := en.run(e, o, s, want, off); msg != "" {
			f.add("%v / %v / input %q (%x): %s", spec, en, s, s, msg)
		}
	}
}

// ---------------------------------------------------------------------------
// The conformance table.

type strCase struct {
	name string
	s    string
}

func conformanceStrings() []strCase {
	var all128 []byte
	for c := 0; c < 0x80; c++ {
		all128 = append(all128, byte(c))
	}
	long := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 60) // 2160 bytes
	cs := []strCase{
		{"empty", ""},
		{"ascii_word", "hello"},
		{"nul", "\x00"},
		{"controls_short_forms", "\b\t\n\f\r"},
		{"control_1f", "\x1f"},
		{"control_01_in_text", "a\x01b"},
		{"quote", `"`},
		{"backslash", `\`},
		{"slash", "/"},
		{"apostrophe", "'"},
		{"html_lt_gt_amp", "<>&"},
		{"script_tag", "</script><!--&amp;-->"},
		{"del", "\x7f"},
		{"all_ascii", string(all128)},
		{"two_byte_min", "\u0080"},
		{"two_byte_e9", "é"},
		{"two_byte_ff", "\u00ff"},
		{"two_byte_max", "\u07ff"},
		{"three_byte_min", "\u0800"},
		{"euro", "€"},
		{"d7ff_e000", "\ud7ff\ue000"},
		{"u2028_u2029", "\u2028\u2029"},
		{"line_sep_in_text", "a\u2028b\u2029c"},
		{"fffd", "\ufffd"},
		{"fffe_ffff", "\ufffe\uffff"},
		{"four_byte_min", "\U00010000"},
		{"emoji", "😀"},
		{"max_code_point", "\U0010ffff"},
		{"mixed_scripts", "Grüße, 世界! 😀 <a href='x'>\"/\\</a>\u2028"},
		{"custom_table_bytes", "#~%+Zq\x7fü#"},
		{"custom_hook_run", "abc#def%ghi/jkl+mno\x7fpqrZ"},
		{"long_ascii", long},
		{"long_escape_at_end", long + `"`},
		{"long_escape_at_start", "\n" + long},
		{"long_escapes_dense", strings.Repeat("\"\\\n/<'\x7f", 200)},
		{"long_multibyte", strings.Repeat("é€😀\u2028", 150)},
		{"long_fffd", strings.Repeat("\ufffd", 300)},
		// Invalid UTF-8.
		{"invalid_lone_continuation", "\x80"},
		{"invalid_ff", "\xff"},
		{"invalid_fe_in_text", "ab\xfecd"},
		{"invalid_truncated_2", "\xc3"},
		{"invalid_truncated_3_of_2", "ab\xe2\x80"},
		{"invalid_truncated_4_of_3", "\xf0\x9f\x98x"},
		{"invalid_overlong_slash", "\xc0\xaf"},
		{"invalid_overlong_3", "\xe0\x80\xaf"},
		{"invalid_surrogate_d800", "\xed\xa0\x80"},
		{"invalid_cesu8_pair", "\xed\xa0\xbd\xed\xb8\x80"},
		{"invalid_above_10ffff", "\xf4\x90\x80\x80"},
		{"invalid_f5", "\xf5\x80\x80\x80"},
		{"invalid_then_valid", "\xff\u2028\U0001F600<"},
		{"fffd_then_invalid", "\ufffd\xff"},
		{"invalid_after_long", long + "\xff"},
		{"invalid_in_middle_of_long", long[:700] + "\xe2\x80" + long[:900]},
		{"invalid_at_start_of_long", "\x80" + long},
	}
	return cs
}

func conformanceSpecs() []escSpec {
	specs := append([]escSpec{}, presetSpecs...)
	specs = append(specs,
		escSpec{policy: jgen.InvalidUTF8Replace},
		escSpec{policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0x7F, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0xFF, policy: jgen.InvalidUTF8ReplaceRaw, upper: true},
		escSpec{maxU: 0xFFFC, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0xFFFD, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0x7FF},
		escSpec{maxU: 0xFFFF, surr: true},
		escSpec{maxU: 0x10FFFF},
		escSpec{quote: '\''},
		escSpec{quote: '\'', maxU: 0x7F, upper: true},
		escSpec{slash: true},
		escSpec{html: true},
		escSpec{jslt: true, upper: true},
		escSpec{quote: '\'', slash: true, html: true, jslt: true, upper: true, surr: true, maxU: 0xFF, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceHTML},
		escSpec{ce: ceHTML, quote: '\'', upper: true},
		escSpec{ce: ceHTML, html: true, slash: true, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceJSONP},
		escSpec{ce: ceJSONP, jslt: true, maxU: 0x2028},
		escSpec{ce: ceHTMLJSONP, slash: true, upper: true},
		escSpec{ce: ceSeq},
		escSpec{ce: ceSeq, quote: '\'', slash: true, html: true, jslt: true, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceSeq, maxU: 0x7F, upper: true, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceSeq, maxU: 0xFFFF, surr: true, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceHook},
		escSpec{ce: ceHook, slash: true, html: true, quote: '\'', policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceHook, maxU: 0x7F, upper: true},
		escSpec{ce: ceMissHook},
		escSpec{ce: ceMissHook, html: true, slash: true, policy: jgen.InvalidUTF8Replace},
	)
	return specs
}

// TestConformance runs the table of strings through every entry point
// under every option set.
func TestConformance(t *testing.T) {
	entries := allEntries(0, 1, 200, 480, 509, 511)
	for _, spec := range conformanceSpecs() {
		t.Run(spec.String(), func(t *testing.T) {
			e := mustEscaping(t, spec)
			o := spec.ref()
			if err := o.Validate(); err != nil {
				t.Fatalf("reference rejects options jgen accepts: %v", err)
			}
			f := newFailures(t)
			for _, c := range conformanceStrings() {
				f.check(spec, e, o, []byte(c.s), entries)
			}
			f.done()
		})
	}
}

// TestConformanceLiterals pins a few outputs by hand, so that a bug shared
// by jgen and the reference cannot pass unseen.
func TestConformanceLiterals(t *testing.T) {
	for _, tt := range []struct {
		name string
		spec escSpec
		in   string
		want string
	}{
		{"minimal_controls", specMinimal, "\x00\b\t\n\f\r\x1f\"\\/\x7f", `"\u0000\b\t\n\f\r\u001f\"\\/` + "\x7f\""},
		{"jackson_upper", specJackson, "\x1f😀", `"\u001F😀"`},
		{"jackson_surrogates", specJacksonSurr, "😀", `"\uD83D\uDE00"`},
		{"stdlib_html_js", escSpec{html: true, jslt: true, policy: jgen.InvalidUTF8Replace}, "<&>\u2028'\xff", `"\u003c\u0026\u003e\u2028'\ufffd"`},
		{"stdlib_jsonv2_html_js", escSpec{html: true, jslt: true, policy: jgen.InvalidUTF8ReplaceRaw}, "<&>\u2028'\xff", `"\u003c\u0026\u003e\u2028'` + "\ufffd\""},
		{"ascii", specASCII, "é€😀", `"\u00e9\u20ac\ud83d\ude00"`},
		{"apos", escSpec{quote: '\''}, `'"`, `'\u0027\"'`},
		{"slash", escSpec{slash: true}, "a/b", `"a\/b"`},
		{"replace_each_byte", escSpec{policy: jgen.InvalidUTF8Replace}, "ab\xe2\x80", `"ab\ufffd\ufffd"`},
		{"replace_raw", escSpec{policy: jgen.InvalidUTF8ReplaceRaw}, "a\xffb", "\"a\ufffdb\""},
		{"replace_raw_ascii_upper", escSpec{policy: jgen.InvalidUTF8ReplaceRaw, maxU: 0x7F, upper: true}, "a\xffb", `"a\uFFFDb"`},
		{"replace_upper", escSpec{policy: jgen.InvalidUTF8Replace, upper: true}, "\xff", `"\uFFFD"`},
		{"html_escapes_jackson", escSpec{ce: ceHTML, upper: true}, "<'>&", `"\u003C\u0027\u003E\u0026"`},
		{"jsonp_escapes", escSpec{ce: ceJSONP}, "\u2028\u2029", `"\u2028\u2029"`},
		{"max_beats_custom", escSpec{ce: ceSeq, maxU: 0x7F}, "€", `"\u20ac"`},
		{"custom_beats_jslt", escSpec{ce: ceSeq, jslt: true}, "\u2028", `"LS"`},
		{"custom_none_beats_slash", escSpec{ce: ceSeq, slash: true}, "/", `"/"`},
		{"missing_hook_leaves_raw", escSpec{ce: ceMissHook}, "a#b", `"a#b"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := mustEscaping(t, tt.spec)
			got, err := e.Quote(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Quote(%q) under %v = %q, %v; want %q", tt.in, tt.spec, got, err, tt.want)
			}
			ref, rerr := reference.AppendQuote(nil, []byte(tt.in), tt.spec.ref())
			if rerr != nil || string(ref) != tt.want {
				t.Errorf("reference gives %q, %v; want %q", ref, rerr, tt.want)
			}
		})
	}
}

// TestCustomEscapesValidation checks that jgen and the reference agree on
// which tables and option sets are refused.
func TestCustomEscapesValidation(t *testing.T) {
	for _, tt := range []struct {
		name  string
		ascii map[byte]tEscape
		runes map[rune]string
		quote byte
	}{
		{"none_for_quote", map[byte]tEscape{'"': eNone}, nil, 0},
		{"none_for_backslash", map[byte]tEscape{'\\': eNone}, nil, 0},
		{"none_for_control", map[byte]tEscape{'\n': eNone}, nil, 0},
		{"none_for_nul", map[byte]tEscape{0: eNone}, nil, 0},
		{"none_for_apostrophe_apos", map[byte]tEscape{'\'': eNone}, nil, '\''},
		{"none_for_apostrophe_dquote", map[byte]tEscape{'\'': eNone}, nil, '"'},
		{"backslash_x", map[byte]tEscape{'x': eBackslash('x')}, nil, 0},
		{"backslash_u", map[byte]tEscape{'x': eBackslash('u')}, nil, 0},
		{"backslash_n", map[byte]tEscape{'x': eBackslash('n')}, nil, 0},
		{"seq_raw_quote", map[byte]tEscape{'x': eSeq(`a"b`)}, nil, 0},
		{"seq_raw_apos_apos", map[byte]tEscape{'x': eSeq(`a'b`)}, nil, '\''},
		{"seq_raw_apos_dquote", map[byte]tEscape{'x': eSeq(`a'b`)}, nil, 0},
		{"seq_control", map[byte]tEscape{'x': eSeq("a\nb")}, nil, 0},
		{"seq_lone_backslash", map[byte]tEscape{'x': eSeq(`a\`)}, nil, 0},
		{"seq_bad_escape", map[byte]tEscape{'x': eSeq(`\x`)}, nil, 0},
		{"seq_short_u", map[byte]tEscape{'x': eSeq(`\u12`)}, nil, 0},
		{"seq_bad_hex", map[byte]tEscape{'x': eSeq(`\u12g4`)}, nil, 0},
		{"seq_good_u", map[byte]tEscape{'x': eSeq(`\u12aF`)}, nil, 0},
		{"seq_invalid_utf8", map[byte]tEscape{'x': eSeq("\xff")}, nil, 0},
		{"seq_empty", map[byte]tEscape{'x': eSeq("")}, nil, 0},
		{"seq_raw_non_ascii", map[byte]tEscape{'x': eSeq("é")}, nil, 0},
		{"seq_lone_high_surrogate", map[byte]tEscape{'x': eSeq(`\ud800`)}, nil, 0},
		{"seq_lone_low_surrogate", map[byte]tEscape{'x': eSeq(`\uDC00x`)}, nil, 0},
		{"seq_surrogate_pair", map[byte]tEscape{'x': eSeq(`\ud83d\ude00`)}, nil, 0},
		{"seq_raw_custom_escaped", map[byte]tEscape{'x': eSeq("y"), 'y': eUnicode}, nil, 0},
		{"seq_raw_custom_none", map[byte]tEscape{'x': eSeq("y"), 'y': eNone}, nil, 0},
		{"rune_seq_empty", nil, map[rune]string{'é': ""}, 0},
		{"rune_seq_u2028", nil, map[rune]string{'é': "\u2028"}, 0},
		{"rune_seq_quote", nil, map[rune]string{'é': `"`}, 0},
		{"rune_seq_apos_apos", nil, map[rune]string{'é': `'`}, '\''},
		{"rune_seq_ok", nil, map[rune]string{'é': `\u00e9`}, '\''},
		{"rune_seq_del", nil, map[rune]string{'é': "\x7f"}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := &ceSpec{name: tt.name, ascii: tt.ascii, runes: tt.runes}
			refA, refR := c.refTables()
			o := reference.Options{Quote: tt.quote, ASCII: refA, Runes: refR}
			refErr := o.Validate()
			ce, err := c.compiled()
			if err == nil {
				err = jgen.Escaping{QuoteChar: tt.quote, CharacterEscapes: ce}.Validate()
			}
			if (err == nil) != (refErr == nil) {
				t.Errorf("jgen: %v; reference: %v", err, refErr)
			}
			if err != nil && !errors.Is(err, jgen.ErrInvalidOptions) {
				t.Errorf("error %v does not match ErrInvalidOptions", err)
			}
		})
	}
	// Keys out of range are rejected.
	if _, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{0x80: jgen.EscapeUnicode()}}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Errorf("ASCII key 0x80: %v", err)
	}
	for _, r := range []rune{0x7F, 0xD800, 0xDFFF, 0x110000, -1} {
		if _, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: map[rune]string{r: "x"}}); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("Runes key %U: %v", r, err)
		}
	}
	for _, m := range []rune{-1, 1, 0x7E, 0x110000} {
		if err := (jgen.Escaping{MaxUnescaped: m}).Validate(); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("MaxUnescaped %#x: %v", m, err)
		}
	}
	for _, q := range []byte{'`', 'x', 1} {
		e := jgen.Escaping{QuoteChar: q}
		if err := e.Validate(); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("QuoteChar %q: %v", q, err)
		}
		if out, err := e.AppendQuote([]byte("pre"), "x"); err == nil || string(out) != "pre" {
			t.Errorf("AppendQuote with QuoteChar %q: %q, %v", q, out, err)
		}
	}
}

// TestUTF8ValidAgreement checks the reference's notion of invalid UTF-8
// is utf8.DecodeRune's for the conformance strings (a guard on the test
// itself).
func TestUTF8ValidAgreement(t *testing.T) {
	for _, c := range conformanceStrings() {
		_, off := refQuote([]byte(c.s), reference.Options{})
		if (off < 0) != utf8.ValidString(c.s) {
			t.Errorf("%s: reference offset %d, utf8.ValidString %v", c.name, off, utf8.ValidString(c.s))
		}
	}
}
