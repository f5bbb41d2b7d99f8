package jgen_test

// The test-side machinery the proof files share: escSpec (one description
// of an option set, from which both the jgen Escaping and the
// reference.Options are built, so that custom escapes, opaque in jgen,
// reach both sides identically), the entry points, and the failure
// collector.

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
