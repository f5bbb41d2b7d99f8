package jgen_test

// jgen against the real peers: encoding/json.Marshal (the Stdlib preset)
// and jsontext (the Minimal preset), and the round trip through
// encoding/json.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/compat"
)

// The tests over ../shared also run with -shared (looked up by
// compat.SharedRequested) or JGEN_SHARED=1.
var _ = flag.Bool("shared", false, "run the tests over the corpora in ../shared (also JGEN_SHARED=1); pass it after -args")

// peerChecker compares jgen with the peers on one string at a time. Its
// encoders are reused, so one serves one goroutine.
type peerChecker struct {
	f      *failures
	buf    bytes.Buffer
	raw    *jsontext.Encoder // AllowInvalidUTF8
	rawWeb *jsontext.Encoder // AllowInvalidUTF8, EscapeForHTML, EscapeForJS
	got    []byte
}

func newPeerChecker(f *failures) *peerChecker {
	p := &peerChecker{f: f}
	p.raw = jsontext.NewEncoder(&p.buf, jsontext.AllowInvalidUTF8(true))
	p.rawWeb = jsontext.NewEncoder(&p.buf, jsontext.AllowInvalidUTF8(true), jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true))
	return p
}

// marshalPolicy is the invalid-UTF-8 policy of the encoding/json.Marshal
// this test binary is built with, read off its output for one invalid
// byte: the original encoding/json writes \ufffd, the one built on
// encoding/json/v2 (Go 1.27) a raw U+FFFD. The tests take what to expect
// of Stdlib from here, so they check it against whichever is compiled in.
func marshalPolicy() jgen.InvalidUTF8Policy {
	out, err := json.Marshal("a\xffb")
	switch string(out) {
	case `"a\ufffdb"`:
		return jgen.InvalidUTF8Replace
	case "\"a\uFFFDb\"":
		return jgen.InvalidUTF8ReplaceRaw
	}
	panic(fmt.Sprintf("encoding/json.Marshal(\"a\\xffb\") = %q, %v: neither \\ufffd nor a raw U+FFFD", out, err))
}

// TestStdlibFollowsMarshal checks Stdlib's build-constrained policy
// against the encoding/json compiled in, and Stdlib's bytes against
// Marshal's on every invalid-UTF-8 class, alone and among the characters
// Stdlib escapes.
func TestStdlibFollowsMarshal(t *testing.T) {
	if got, want := jgen.Stdlib.InvalidUTF8, marshalPolicy(); got != want {
		t.Errorf("Stdlib.InvalidUTF8 = %v, encoding/json.Marshal (%s) writes as %v", got, runtime.Version(), want)
	}
	for _, c := range invalidClasses {
		for _, s := range []string{c.s, "<" + c.s + "\u2028&\u2029>"} {
			want, _ := json.Marshal(s)
			got, err := jgen.Stdlib.Quote(s)
			if err != nil || got != string(want) {
				t.Errorf("Stdlib.Quote(%q) = %q, %v; encoding/json.Marshal: %q", s, got, err, want)
			}
		}
	}
}

var (
	minimalRaw = jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}
	stdlibRaw  = jgen.Escaping{HTMLSafe: true, JSLineTerminators: true, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}
)

func (p *peerChecker) encode(enc *jsontext.Encoder, s []byte) ([]byte, error) {
	p.buf.Reset()
	if err := enc.WriteToken(jsontext.String(string(s))); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(p.buf.Bytes(), []byte("\n")), nil
}

// check compares every corresponding pair on s. With invalid false it
// compares only the presets on valid input (for the code point sweeps).
func (p *peerChecker) check(s []byte, invalid bool) {
	f := p.f
	var err error
	// Stdlib vs encoding/json.Marshal, invalid UTF-8 included (both write
	// U+FFFD per invalid byte, as \ufffd or raw: see marshalPolicy).
	peer, perr := json.Marshal(string(s))
	p.got, err = jgen.Stdlib.AppendQuoteBytes(p.got[:0], s)
	if err != nil || perr != nil || !bytes.Equal(p.got, peer) {
		f.add("Stdlib vs encoding/json.Marshal on %q (%x): jgen err %v, peer err %v%s", s, s, err, perr, diffMsg(p.got, peer))
	}
	// Minimal vs jsontext.AppendQuote: equal on valid input; both refuse
	// invalid input.
	peer, perr = jsontext.AppendQuote(nil, s)
	p.got, err = jgen.Minimal.AppendQuoteBytes(p.got[:0], s)
	switch valid := utf8.Valid(s); {
	case valid && (err != nil || perr != nil || !bytes.Equal(p.got, peer)):
		f.add("Minimal vs jsontext.AppendQuote on %q (%x): jgen err %v, peer err %v%s", s, s, err, perr, diffMsg(p.got, peer))
	case !valid && (err == nil || perr == nil):
		f.add("Minimal vs jsontext.AppendQuote on invalid %x: jgen err %v, peer err %v", s, err, perr)
	}
	if !invalid {
		return
	}
	// Minimal+ReplaceRaw vs jsontext with AllowInvalidUTF8.
	peer, perr = p.encode(p.raw, s)
	p.got, err = minimalRaw.AppendQuoteBytes(p.got[:0], s)
	if err != nil || perr != nil || !bytes.Equal(p.got, peer) {
		f.add("Minimal+ReplaceRaw vs jsontext AllowInvalidUTF8 on %q (%x): jgen err %v, peer err %v%s", s, s, err, perr, diffMsg(p.got, peer))
	}
	// Stdlib options with ReplaceRaw vs jsontext with AllowInvalidUTF8,
	// EscapeForHTML and EscapeForJS.
	peer, perr = p.encode(p.rawWeb, s)
	p.got, err = stdlibRaw.AppendQuoteBytes(p.got[:0], s)
	if err != nil || perr != nil || !bytes.Equal(p.got, peer) {
		f.add("Stdlib+ReplaceRaw vs jsontext AllowInvalidUTF8+EscapeForHTML+EscapeForJS on %q (%x): jgen err %v, peer err %v%s", s, s, err, perr, diffMsg(p.got, peer))
	}
}

// TestPeersEveryCodePoint compares every code point but the surrogates,
// alone, and inside text in blocks of 64.
func TestPeersEveryCodePoint(t *testing.T) {
	f := newFailures(t)
	p := newPeerChecker(f)
	var s, block []byte
	n := 0
	for cp := rune(0); cp <= utf8.MaxRune; cp++ {
		if 0xD800 <= cp && cp <= 0xDFFF {
			continue
		}
		s = utf8.AppendRune(s[:0], cp)
		p.check(s, false)
		block = utf8.AppendRune(append(block, 'a'), cp)
		if n++; n%64 == 0 {
			p.check(block, false)
			block = block[:0]
		}
	}
	p.check(block, false)
	f.done()
}

// TestPeersInvalidUTF8 compares every string of one and two bytes and the
// invalid UTF-8 classes in context, under every pair of corresponding
// policies.
func TestPeersInvalidUTF8(t *testing.T) {
	f := newFailures(t)
	p := newPeerChecker(f)
	for b0 := 0; b0 < 256; b0++ {
		p.check([]byte{byte(b0)}, true)
		for b1 := 0; b1 < 256; b1++ {
			p.check([]byte{byte(b0), byte(b1)}, true)
		}
	}
	for _, c := range invalidClasses {
		for _, s := range []string{c.s, "ab" + c.s + "cd", c.s + c.s, "<" + c.s + "\u2028&", strings.Repeat("x", 40) + c.s} {
			p.check([]byte(s), true)
		}
	}
	for _, c := range conformanceStrings() {
		p.check([]byte(c.s), true)
	}
	f.done()
}

// TestPeersShared compares over every string of ../shared/corpus/strings
// and every string value of ../shared/corpus/simdjson/twitter.json. It runs
// with JGEN_SHARED=1 (or -args -shared) and then fails if the data is
// missing.
func TestPeersShared(t *testing.T) {
	dir := compat.RequireShared(t)
	strs, err := compat.CorpusStrings(dir)
	if err != nil {
		t.Fatal(err)
	}
	tw, err := compat.JSONStringValues(filepath.Join(dir, "corpus", "simdjson", "twitter.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(strs) == 0 || len(tw) == 0 {
		t.Fatalf("empty corpus: %d strings, %d twitter values", len(strs), len(tw))
	}
	f := newFailures(t)
	p := newPeerChecker(f)
	invalid := 0
	for _, s := range strs {
		if !utf8.Valid(s) {
			invalid++
		}
		p.check(s, true)
	}
	for _, s := range tw {
		p.check(s, true)
	}
	f.done()
	t.Logf("compared %d corpus strings (%d with invalid UTF-8) and %d twitter.json string values", len(strs), invalid, len(tw))
}

// TestPeersSharedReference compares every shared corpus string through
// every entry point with the reference under a few option sets.
func TestPeersSharedReference(t *testing.T) {
	dir := compat.RequireShared(t)
	strs, err := compat.CorpusStrings(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := newFailures(t)
	entries := allEntries(0, 509)
	for _, spec := range []escSpec{specMinimal, specStdlib, specJacksonSurr, {maxU: 0x7F, policy: jgen.InvalidUTF8ReplaceRaw}, {ce: ceSeq, quote: '\'', policy: jgen.InvalidUTF8Replace}} {
		e := mustEscaping(t, spec)
		o := spec.ref()
		for _, s := range strs {
			f.check(spec, e, o, s, entries)
		}
	}
	f.done()
}

// decodedWant is what encoding/json should decode the output of s to: s
// with each invalid byte replaced by U+FFFD.
func decodedWant(s []byte) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.Write(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// roundTrip checks that jgen's output for s under e (quote '"') is one JSON
// string that encoding/json decodes to s, or to s with the documented
// replacements.
func roundTrip(f *failures, spec fmt.Stringer, e jgen.Escaping, s []byte) {
	out, err := e.AppendQuoteBytes(nil, s)
	if err != nil {
		if e.InvalidUTF8 == jgen.InvalidUTF8Error && !utf8.Valid(s) {
			return
		}
		f.add("%v: %x: %v", spec, s, err)
		return
	}
	var got string
	if err := json.Unmarshal(out, &got); err != nil {
		f.add("%v: output %q for %x does not parse: %v", spec, out, s, err)
		return
	}
	if want := decodedWant(s); got != want {
		f.add("%v: %x written %q decodes to %q, want %q", spec, s, out, got, want)
	}
}

// TestRoundTrip checks that with quote '"' every output parses with
// encoding/json back to the input: the conformance strings under the
// lossless conformance option sets, one input of each escape class under
// every lossless option combination, and every code point (in blocks)
// under the presets.
func TestRoundTrip(t *testing.T) {
	f := newFailures(t)
	lossless := func(spec escSpec) bool { return spec.quote != '\'' && (spec.ce == nil || !spec.ce.lossy) }
	for _, spec := range conformanceSpecs() {
		if !lossless(spec) {
			continue
		}
		e := mustEscaping(t, spec)
		for _, c := range conformanceStrings() {
			roundTrip(f, spec, e, []byte(c.s))
		}
	}
	var short [][]byte
	for _, c := range classInputs {
		short = append(short, []byte(c.s), []byte("ab"+c.s+"cd"))
	}
	for _, spec := range append(comboSpecs(), escSpec{ce: ceMissHook}, escSpec{ce: ceHTMLJSONP}) {
		if !lossless(spec) {
			continue
		}
		e := mustEscaping(t, spec)
		for _, s := range short {
			roundTrip(f, spec, e, s)
		}
	}
	var block []byte
	for _, spec := range append(presetSpecs, escSpec{maxU: 0xFF, surr: true, jslt: true, ce: ceHook}) {
		e := mustEscaping(t, spec)
		for cp := rune(0); cp <= utf8.MaxRune; cp++ {
			if 0xD800 <= cp && cp <= 0xDFFF {
				continue
			}
			block = utf8.AppendRune(block, cp)
			if len(block) > 4000 || cp == utf8.MaxRune {
				roundTrip(f, spec, e, block)
				block = block[:0]
			}
		}
	}
	f.done()
}
