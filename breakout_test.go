package jgen_test

// No breakout: random strings under random escapings, custom escapes with
// random sequences and scan hooks that return anything, through every
// entry point. With quote '"' the output is exactly one JSON string whose
// value is the input (or its documented replacement; with custom escapes,
// just one valid JSON string); with quote '\'' the quote char never stands
// unescaped inside, and swapping the delimiters gives the same JSON string.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// breakoutPieces are the pieces random strings are made of: every class
// that matters to escaping, and invalid UTF-8.
var breakoutPieces = []string{
	"a", "Z", " ", "0", "\"", "'", "\\", "/", "<", ">", "&", "\x00", "\x08", "\n", "\x1f", "\x7f",
	"é", "€", "😀", "\u2028", "\u2029", "\ufffd", "\uffff", "\u0080", "\U0010ffff",
	"\xff", "\x80", "\xc3", "\xe2\x80", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80",
	"\\u0022", "\\\"", "abcdefghijklmnopqrstuvwxyz0123456789", strings.Repeat("x", 70),
}

func randomBreakoutString(r *rand.Rand) []byte {
	var b []byte
	n := r.IntN(12)
	if r.IntN(8) == 0 {
		n = r.IntN(400) // past the 512-byte buffer once escaped
	}
	for range n {
		if r.IntN(6) == 0 {
			b = append(b, byte(r.UintN(256)))
		} else {
			b = append(b, breakoutPieces[r.IntN(len(breakoutPieces))]...)
		}
	}
	return b
}

// seqPieces build random custom sequences: valid pieces, then (badPieces)
// pieces that are not valid JSON string content on their own.
var (
	seqPieces = []string{
		"a", "é", "😀", "'", "\\\\", "\\\"", "\\/", "\\n", "\\t", "\\u0041", "\\uD83D\\uDE00", "\\ud800", "\x7f", "<", "}", "]", "\\u00e9",
	}
	badPieces = []string{
		"\"", "\\", "\\u", "\\u00", "\\x41", "\\'", "\\U0041", "\\u00g0", "\x00", "\n", "\x1f", "\xff", "\xed\xa0\x80",
	}
)

func randomSeq(r *rand.Rand) string {
	var sb strings.Builder
	for range r.IntN(4) {
		if r.IntN(12) == 0 {
			sb.WriteString(badPieces[r.IntN(len(badPieces))])
		} else {
			sb.WriteString(seqPieces[r.IntN(len(seqPieces))])
		}
	}
	return sb.String()
}

// seqValid is the oracle for custom sequences: valid JSON string content,
// not empty, only printable ASCII raw, and no lone surrogate escape. The
// pieces hold no \ufffd escape, so a U+FFFD in the decoded sequence can
// only come from a lone surrogate escape (json.Unmarshal replaces it).
func seqValid(seq string) bool {
	if seq == "" || !utf8.ValidString(seq) || !json.Valid([]byte(`"`+seq+`"`)) {
		return false
	}
	for i := 0; i < len(seq); i++ {
		if seq[i] < 0x20 || seq[i] > 0x7E {
			return false
		}
	}
	var dec string
	return json.Unmarshal([]byte(`"`+seq+`"`), &dec) == nil && !strings.ContainsRune(dec, utf8.RuneError)
}

// rawEscapedOracle reports whether a custom sequence of spec (its ASCII
// sequences as tab records them) holds raw a byte that an option of e
// escapes: '<', '>', '&' under HTMLSafe and '/' under EscapeSlash, unless
// spec.ASCII has EscapeNone for it.
func rawEscapedOracle(spec jgen.EscapeSpec, tab asciiTable, e jgen.Escaping) bool {
	escapes := func(c byte) bool {
		if spec.ASCII[c] == jgen.EscapeNone() {
			return false
		}
		return e.HTMLSafe && strings.IndexByte("<>&", c) >= 0 || e.EscapeSlash && c == '/'
	}
	var seqs []string
	for _, seq := range tab.seqs {
		seqs = append(seqs, seq)
	}
	for _, seq := range spec.Runes {
		seqs = append(seqs, seq)
	}
	for _, seq := range seqs {
		for i := 0; i < len(seq); i++ {
			switch {
			case seq[i] == '\\' && i+1 < len(seq) && seq[i+1] == 'u':
				i += 5
			case seq[i] == '\\':
				i++
			case escapes(seq[i]):
				return true
			}
		}
	}
	return false
}

// randomHook returns a scan hook of one of several kinds of dishonesty and
// its name. The results are random but for the honest-looking kinds.
func randomHook(r *rand.Rand) (func([]byte) int, string) {
	seed := r.Uint64()
	switch k := r.IntN(10); k {
	case 0:
		return func([]byte) int { return -1 }, "-1"
	case 1:
		return func([]byte) int { return math.MinInt }, "MinInt"
	case 2:
		return func([]byte) int { return math.MaxInt }, "MaxInt"
	case 3:
		return func(s []byte) int { return len(s) }, "len"
	case 4:
		return func(s []byte) int { return len(s) + 1 }, "len+1"
	case 5:
		return func([]byte) int { return 0 }, "0"
	case 6:
		hr := rand.New(rand.NewPCG(seed, 1))
		return func(s []byte) int { return hr.IntN(len(s)+7) - 3 }, "random near"
	case 7:
		hr := rand.New(rand.NewPCG(seed, 2))
		return func([]byte) int { return int(hr.Uint64()) }, "random any"
	case 8:
		hr := rand.New(rand.NewPCG(seed, 3))
		return func(s []byte) int {
			if len(s) > 0 && hr.IntN(2) == 0 {
				return len(s) - 1
			}
			return math.MinInt + hr.IntN(3)
		}, "last or very negative"
	default:
		// Honest: the first byte the ASCII table could want.
		return func(s []byte) int { return bytes.IndexAny(s, "'<>&/a~") }, "honest-ish"
	}
}

// randomCharacterEscapes builds a random spec; it reports whether the
// oracle expects NewCharacterEscapes to accept it.
type asciiTable struct {
	none map[byte]bool
	bs   map[byte]byte
	seqs map[byte]string
}

func randomCharacterEscapes(r *rand.Rand) (jgen.EscapeSpec, bool, asciiTable, string) {
	spec := jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{}, Runes: map[rune]string{}}
	tab := asciiTable{map[byte]bool{}, map[byte]byte{}, map[byte]string{}}
	ok := true
	var desc strings.Builder
	for range r.IntN(6) {
		c := byte(r.IntN(0x80))
		switch r.IntN(60) {
		case 0:
			c = byte(0x80 + r.IntN(0x80)) // not ASCII: rejected
			ok = false
		case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15:
			c = "'<>&/ab~"[r.IntN(8)] // bytes the random strings hold
		}
		delete(tab.none, c)
		delete(tab.bs, c)
		delete(tab.seqs, c)
		switch r.IntN(4) {
		case 0:
			spec.ASCII[c] = jgen.EscapeNone()
			tab.none[c] = true
			fmt.Fprintf(&desc, "%q:none ", c)
		case 1:
			spec.ASCII[c] = jgen.EscapeUnicode()
			fmt.Fprintf(&desc, "%q:unicode ", c)
		case 2:
			b := `"\/bfnrt'xu0`[r.IntN(12)]
			spec.ASCII[c] = jgen.EscapeBackslash(b)
			tab.bs[c] = b
			fmt.Fprintf(&desc, "%q:backslash(%q) ", c, b)
		default:
			seq := randomSeq(r)
			spec.ASCII[c] = jgen.EscapeSequence(seq)
			tab.seqs[c] = seq
			fmt.Fprintf(&desc, "%q:seq(%q) ", c, seq)
		}
	}
	for range r.IntN(4) {
		var k rune
		switch r.IntN(24) {
		case 0:
			k = rune(r.IntN(0x80)) // below U+0080: rejected
		case 1:
			k = 0xD800 + rune(r.IntN(0x800)) // surrogate: rejected
		case 2:
			k = 0x110000 + rune(r.IntN(5)) // too big: rejected
		case 3, 4, 5, 6, 7, 8, 9, 10, 11, 12:
			k = []rune{'é', '€', '😀', '\u2028', '\ufffd', 0x80, 0x10FFFF}[r.IntN(7)]
		default:
			k = 0x80 + rune(r.IntN(0x110000-0x80))
		}
		seq := randomSeq(r)
		spec.Runes[k] = seq
		fmt.Fprintf(&desc, "%U:%q ", k, seq)
	}
	return spec, ok, tab, desc.String()
}

// specAcceptable is the oracle for NewCharacterEscapes.
func specAcceptable(spec jgen.EscapeSpec, keysOK bool) bool {
	if !keysOK {
		return false
	}
	for k, seq := range spec.Runes {
		if k < 0x80 || k > utf8.MaxRune || (0xD800 <= k && k < 0xE000) || !seqValid(seq) {
			return false
		}
	}
	return true
}

// asciiAcceptable judges the ASCII table: EscapeNone only for bytes that may
// stand raw, backslash escapes and sequences valid JSON content.
func asciiAcceptable(tab asciiTable) bool {
	for c := range tab.none {
		if c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	for _, b := range tab.bs {
		if !strings.ContainsRune(`"\/bfnrt`, rune(b)) {
			return false
		}
	}
	for _, s := range tab.seqs {
		if !seqValid(s) {
			return false
		}
	}
	return true
}

// expectedValue is s as a JSON parser must read it back: each invalid
// byte (utf8.DecodeRune's RuneError of width 1) replaced by U+FFFD. off
// is the offset of the first invalid byte, or -1.
func expectedValue(s []byte) (string, int) {
	var sb strings.Builder
	off := -1
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRune(s[i:])
		if c == utf8.RuneError && n == 1 && off < 0 {
			off = i
		}
		sb.WriteRune(c)
		i += n
	}
	return sb.String(), off
}

// checkQuoted checks out (one quoted string, quote q) and returns the value
// it holds.
func checkQuoted(out []byte, q byte) (string, error) {
	if len(out) < 2 || out[0] != q || out[len(out)-1] != q {
		return "", fmt.Errorf("%q is not delimited by %q", out, q)
	}
	if !utf8.Valid(out) {
		return "", fmt.Errorf("%q is not valid UTF-8", out)
	}
	inner := out[1 : len(out)-1]
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; {
		case c == '\\':
			i++
		case c == q || c == '"':
			return "", fmt.Errorf("raw %q at %d inside %q", c, i+1, out)
		case c < 0x20:
			return "", fmt.Errorf("raw control 0x%02x at %d inside %q", c, i+1, out)
		}
	}
	doc := append(append([]byte{'"'}, inner...), '"')
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("%q does not parse: %v", out, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", fmt.Errorf("%q: more than one value", out)
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%q is not a string", out)
	}
	return s, nil
}

// breakoutEntry writes s through one entry point and returns the quoted
// string it produced.
type breakoutEntry struct {
	name   string
	stream bool // WriteStringFrom: a UTF-8 error is sticky, output cut
	run    func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error)
}

// genWrap writes a document around one string token and cuts the token
// out: [pad,TOKEN] or {"p":pad,TOKEN:0}, in writer or append mode.
func genWrap(e jgen.Escaping, name, writer, stream bool, pad int, tok func(g *jgen.Generator) error) ([]byte, error) {
	var w bytes.Buffer
	var g *jgen.Generator
	var err error
	// One document, compared whole: no root terminator.
	opts := &jgen.Options{Escaping: e, BufferSize: 512, RootSeparator: "\n"}
	if writer {
		g, err = jgen.NewGenerator(&w, opts)
	} else {
		g, err = jgen.NewAppendGenerator([]byte("prefix"), opts)
	}
	if err != nil {
		return nil, err
	}
	padNum := strings.Repeat("7", pad)
	sep := int64(0)
	if name {
		err = g.WriteStartObject()
		if pad > 0 {
			err = errors.Join(err, g.WriteName("p"), g.WriteNumber(padNum))
			sep = 1
		}
	} else {
		err = g.WriteStartArray()
		if pad > 0 {
			err = errors.Join(err, g.WriteNumber(padNum))
			sep = 1
		}
	}
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	before := g.Offset()
	if terr := tok(g); terr != nil {
		// Only a streamed string may leave part of itself behind.
		if after := g.Offset(); after != before && !stream {
			return nil, fmt.Errorf("failed token moved the offset from %d to %d: %w", before, after, terr)
		}
		return nil, terr
	}
	end := g.Offset()
	if name {
		err = errors.Join(g.WriteInt(0), g.WriteEndObject())
	} else {
		err = g.WriteEndArray()
	}
	if err = errors.Join(err, g.Close()); err != nil {
		return nil, fmt.Errorf("close: %w", err)
	}
	doc := g.Bytes()
	if writer {
		doc = w.Bytes()
	} else {
		if !bytes.HasPrefix(doc, []byte("prefix")) {
			return nil, fmt.Errorf("append mode lost its prefix: %q", doc)
		}
		doc = doc[len("prefix"):]
	}
	if want := end + 1; name {
		want = end + 3
		if int64(len(doc)) != want || !bytes.HasSuffix(doc, []byte(":0}")) {
			return nil, fmt.Errorf("document %q does not end at offset %d with :0}", doc, end)
		}
	} else if int64(len(doc)) != want || doc[len(doc)-1] != ']' {
		return nil, fmt.Errorf("document %q does not end at offset %d with ]", doc, end)
	}
	return doc[before+sep : end], nil
}

var breakoutEntries = []breakoutEntry{
	{"AppendQuote", false, func(e jgen.Escaping, s []byte, _ int, _ *rand.Rand) ([]byte, error) {
		dst := []byte("prefix")
		out, err := e.AppendQuote(dst, string(s))
		if !bytes.HasPrefix(out, []byte("prefix")) {
			return nil, fmt.Errorf("prefix lost: %q", out)
		}
		if err != nil && len(out) != len(dst) {
			return nil, fmt.Errorf("dst changed on error %v: %q", err, out)
		}
		return out[len(dst):], err
	}},
	{"AppendQuoteBytes", false, func(e jgen.Escaping, s []byte, _ int, _ *rand.Rand) ([]byte, error) {
		out, err := e.AppendQuoteBytes(nil, s)
		if err != nil && len(out) != 0 {
			return nil, fmt.Errorf("dst changed on error %v: %q", err, out)
		}
		return out, err
	}},
	{"Quote", false, func(e jgen.Escaping, s []byte, _ int, _ *rand.Rand) ([]byte, error) {
		out, err := e.Quote(string(s))
		if err != nil && out != "" {
			return nil, fmt.Errorf("Quote returned %q with %v", out, err)
		}
		return []byte(out), err
	}},
	{"WriteString", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		return genWrap(e, false, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteString(string(s)) })
	}},
	{"WriteStringBytes", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		return genWrap(e, false, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteStringBytes(s) })
	}},
	{"WriteName", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		return genWrap(e, true, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteName(string(s)) })
	}},
	{"WriteNameBytes", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		return genWrap(e, true, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteNameBytes(s) })
	}},
	{"WriteEncodedName/same", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		n, err := jgen.NewEncodedName(string(s), e)
		if err != nil {
			return nil, err
		}
		if q := n.AppendQuoted(nil); len(q) < 2 {
			return nil, fmt.Errorf("AppendQuoted gives %q", q)
		}
		return genWrap(e, true, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteEncodedName(n) })
	}},
	{"WriteEncodedName/other", false, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		other := jgen.Escaping{QuoteChar: '\'', MaxUnescaped: 0x7F, InvalidUTF8: jgen.InvalidUTF8Replace, EscapeSlash: true}
		n, err := jgen.NewEncodedName(string(s), other)
		if err != nil {
			return nil, fmt.Errorf("NewEncodedName under %+v: %w", other, err)
		}
		return genWrap(e, true, r.IntN(2) == 0, false, pad, func(g *jgen.Generator) error { return g.WriteEncodedName(n) })
	}},
	{"WriteStringFrom", true, func(e jgen.Escaping, s []byte, pad int, r *rand.Rand) ([]byte, error) {
		k := 1 + r.IntN(9)
		return genWrap(e, false, r.IntN(2) == 0, true, pad, func(g *jgen.Generator) error {
			n, err := g.WriteStringFrom(&chunkReader{append([]byte(nil), s...), k})
			if err == nil && n != int64(len(s)) {
				return fmt.Errorf("WriteStringFrom read %d of %d bytes", n, len(s))
			}
			return err
		})
	}},
}

// mustQuote is AppendQuoteBytes, with nil for an error or a panic (which
// the entry-point checks report).
func mustQuote(e jgen.Escaping, s []byte) (out []byte) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	out, _ = e.AppendQuoteBytes(nil, s)
	return out
}

func TestNoBreakout(t *testing.T) {
	cases := 4000
	if testing.Short() {
		cases = 600
	}
	r := rand.New(rand.NewPCG(0xb4ea, 0x0c7))
	fails := 0
	var rejected, custom, hooked int
	for i := range cases {
		if fails >= 10 {
			t.Fatal("too many failures")
		}
		e := jgen.Escaping{
			EscapeSlash: r.IntN(2) == 0, HTMLSafe: r.IntN(2) == 0, JSLineTerminators: r.IntN(2) == 0,
			UpperHex: r.IntN(2) == 0, SurrogateEscapes: r.IntN(2) == 0,
			MaxUnescaped: []rune{0, 0, 0x7F, 0x80, 0xFF, 0x7FF, 0xFFFC, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF}[r.IntN(11)],
			InvalidUTF8:  jgen.InvalidUTF8Policy(r.IntN(3)),
			QuoteChar:    []byte{0, '"', '\''}[r.IntN(3)],
		}
		desc := ""
		if r.IntN(2) == 0 {
			spec, keysOK, tab, d := randomCharacterEscapes(r)
			hookName := "none"
			if r.IntN(3) != 0 {
				spec.IndexEscape, hookName = randomHook(r)
			}
			desc = d + " hook=" + hookName
			want := specAcceptable(spec, keysOK) && asciiAcceptable(tab)
			ce, err := jgen.NewCharacterEscapes(spec)
			if (err == nil) != want {
				t.Errorf("case %d: NewCharacterEscapes(%s) = %v, oracle accepts %v", i, desc, err, want)
				fails++
				continue
			}
			if err != nil {
				var oe *jgen.OptionsError
				if !errors.Is(err, jgen.ErrInvalidOptions) || !errors.As(err, &oe) || oe.Option == "" {
					t.Errorf("case %d: rejection %v is not an *OptionsError matching ErrInvalidOptions", i, err)
					fails++
				}
				rejected++
				continue
			}
			e.CharacterEscapes = ce
			custom++
			if spec.IndexEscape != nil {
				hooked++
			}
			// With quote ', a raw ' from the table must be refused.
			rawApos := tab.none['\'']
			for _, sq := range spec.Runes {
				rawApos = rawApos || strings.Contains(sq, "'")
			}
			for _, sq := range tab.seqs {
				rawApos = rawApos || strings.Contains(sq, "'")
			}
			verr := e.Validate()
			rawEsc := rawEscapedOracle(spec, tab, e)
			if q := e.QuoteChar; (q == '\'' && rawApos || rawEsc) != (verr != nil) {
				t.Errorf("case %d: quote %q with table %s: Validate() = %v, raw ' in table %v, raw escaped byte %v", i, q, desc, verr, rawApos, rawEsc)
				fails++
				continue
			}
			if verr != nil {
				if !errors.Is(verr, jgen.ErrInvalidOptions) {
					t.Errorf("case %d: %v does not match ErrInvalidOptions", i, verr)
					fails++
				}
				continue
			}
		}
		q := e.QuoteChar
		if q == 0 {
			q = '"'
		}
		s := randomBreakoutString(r)
		want, off := expectedValue(s)
		ref := mustQuote(e, s)
		for _, en := range breakoutEntries {
			pad := []int{0, 1, 200, 505, 509}[r.IntN(5)]
			out, err := runCatching(en, e, s, pad, r)
			where := fmt.Sprintf("case %d %s pad %d, escaping %+v %s, input (%d bytes) %.160q", i, en.name, pad, e, desc, len(s), s)
			if off >= 0 && e.InvalidUTF8 == jgen.InvalidUTF8Error && en.name != "WriteEncodedName/other" {
				var u *jgen.UTF8Error
				if !errors.As(err, &u) || !errors.Is(err, jgen.ErrInvalidUTF8) || u.Offset != int64(off) {
					t.Errorf("%s: error %v, want a *UTF8Error at offset %d", where, err, off)
					fails++
				}
				continue
			}
			if off >= 0 && e.InvalidUTF8 == jgen.InvalidUTF8Error {
				// Re-encoded under the generator's policy: refused too.
				if !errors.Is(err, jgen.ErrInvalidUTF8) {
					t.Errorf("%s: error %v, want ErrInvalidUTF8", where, err)
					fails++
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", where, err)
				fails++
				continue
			}
			v, cerr := checkQuoted(out, q)
			if cerr != nil {
				t.Errorf("%s: %v", where, cerr)
				fails++
				continue
			}
			if e.CharacterEscapes == nil && v != want {
				t.Errorf("%s: output %q holds %q, want %q", where, out, v, want)
				fails++
			}
			// Without a hook, every entry point writes the same bytes.
			if (e.CharacterEscapes == nil || !strings.Contains(desc, "hook=") || strings.HasSuffix(desc, "hook=none")) && !bytes.Equal(out, ref) {
				t.Errorf("%s: output %q, AppendQuoteBytes gives %q", where, out, ref)
				fails++
			}
		}
	}
	t.Logf("%d cases: %d custom escapes (%d with a hook), %d tables rejected", cases, custom, hooked, rejected)
}

// runCatching runs an entry point and turns a panic into an error.
func runCatching(en breakoutEntry, e jgen.Escaping, s []byte, pad int, r *rand.Rand) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return en.run(e, s, pad, r)
}

// TestHookResultOnNonASCII: a scan hook's result is an index into the run
// it was given; whatever it points at, non-ASCII bytes included, the output
// is what the options write without the hook when the table is empty (no
// byte has a custom action, so a hook stop changes nothing). The failure
// it guards against: with the UTF-8 pass-through scan sets, the runs given
// to the hook hold non-ASCII bytes, and a stop on one must not index the
// 128-entry ASCII table (index out of range [169] for "aé").
func TestHookResultOnNonASCII(t *testing.T) {
	hooks := map[string]func([]byte) int{
		"len-1": func(s []byte) int { return len(s) - 1 },
		"1":     func([]byte) int { return 1 },
		"2":     func([]byte) int { return 2 },
		"0":     func([]byte) int { return 0 },
	}
	escs := []jgen.Escaping{
		{}, {InvalidUTF8: jgen.InvalidUTF8Replace}, {MaxUnescaped: 0xFFFD, InvalidUTF8: jgen.InvalidUTF8Replace},
		{MaxUnescaped: 0x7FF}, {JSLineTerminators: true, SurrogateEscapes: true}, {QuoteChar: '\'', HTMLSafe: true},
	}
	inputs := []string{"a\u0080", "é", "aé", "a😀", "ab€c", "a\u2028b", "\u0080\u0080", "x\xffy", "é" + strings.Repeat("a", 40) + "é"}
	for name, hook := range hooks {
		ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{IndexEscape: hook})
		chk(t, err)
		for _, e0 := range escs {
			e := e0
			e.CharacterEscapes = ce
			for _, s := range inputs {
				want, werr := e0.AppendQuote(nil, s)
				var got []byte
				var gerr error
				func() {
					defer func() {
						if p := recover(); p != nil {
							gerr = fmt.Errorf("panic: %v", p)
						}
					}()
					got, gerr = e.AppendQuote(nil, s)
				}()
				if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
					t.Errorf("hook %s, escaping %+v, %q: got %q, %v; want %q, %v", name, e0, s, got, gerr, want, werr)
				}
			}
		}
	}
}
