// Package compat holds the compatibility data of jgen's tests and the code to
// read it: the Jackson vectors (testdata/jackson), their mapping to escaping
// options, and the string corpora of ../shared.
//
// It is ordinary (non-test) code so that the tests of package jgen and of
// internal/reference can share it; nothing outside tests imports it.
//
// # Jackson vectors
//
// Each vector is one string written by jackson-core 2.14.1 under one config
// (a '+'-joined list of tokens, see testdata/jackson/README.md), with the
// output of the byte-output generator (UTF8JsonGenerator, column utf8) and of
// the char-output one (WriterBasedJsonGenerator, column writer).
//
// Invalid input: every input of the file is valid UTF-8 (no invalid byte and
// no encoded surrogate, which Load checks) and every result in both columns
// is a success, so the vectors do not show what Jackson does with invalid
// UTF-8 or lone surrogates. (Jackson's input is a Java String, a sequence of
// UTF-16 units, so it never sees invalid UTF-8; from its source, the byte
// generator writes any surrogate unit it does not combine as a \uXXXX escape
// and the Writer one passes it on to the Writer. Neither is captured here.)
// ReferenceOptions therefore maps every config to PolicyError: with the
// vectors' inputs the policy is never consulted.
package compat

import (
	"bufio"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/reference"
)

// Result is what one Jackson generator wrote for one vector.
type Result struct {
	OK  bool   // the generator succeeded
	Out []byte // the whole document written, when OK
	Err string // the exception, when not OK
}

// Vector is one line of the Jackson vectors file.
type Vector struct {
	Line   int      // 1-based line number in the file
	Config string   // '+'-joined tokens, as in the file
	Tokens []string // Config split on '+'
	Input  []byte   // the string written, as UTF-8
	UTF8   Result   // UTF8JsonGenerator (byte output)
	Writer Result   // WriterBasedJsonGenerator (char output), encoded as UTF-8
}

// Column returns the UTF8 result when byteOutput is true, else Writer.
func (v Vector) Column(byteOutput bool) Result {
	if byteOutput {
		return v.UTF8
	}
	return v.Writer
}

// VectorsPath is the path of the vectors file relative to the module root.
const VectorsPath = "testdata/jackson/jackson-2.14.jsonl.gz"

// Load reads a gzip-compressed JSON Lines file of Jackson vectors. It
// rejects a line with an unknown config token, bad hex, a result that is
// neither "ok:<hex>" nor "err:<text>", or input that is not valid UTF-8
// (Jackson writes Java strings, so a vector's input is always valid).
func Load(path string) ([]Vector, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer zr.Close()

	var vs []Vector
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	for line := 1; sc.Scan(); line++ {
		v, err := parseVector(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		v.Line = line
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return vs, nil
}

func parseVector(line []byte) (Vector, error) {
	var raw struct {
		Config   string `json:"config"`
		InputHex string `json:"input_hex"`
		UTF8     string `json:"utf8"`
		Writer   string `json:"writer"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return Vector{}, err
	}
	v := Vector{Config: raw.Config, Tokens: strings.Split(raw.Config, "+")}
	for _, tok := range v.Tokens {
		if !knownToken(tok) {
			return Vector{}, fmt.Errorf("unknown config token %q in %q", tok, raw.Config)
		}
	}
	var err error
	if v.Input, err = hex.DecodeString(raw.InputHex); err != nil {
		return Vector{}, fmt.Errorf("input_hex: %w", err)
	}
	if !utf8.Valid(v.Input) {
		return Vector{}, fmt.Errorf("input %x is not valid UTF-8", v.Input)
	}
	if v.UTF8, err = parseResult(raw.UTF8); err != nil {
		return Vector{}, fmt.Errorf("utf8: %w", err)
	}
	if v.Writer, err = parseResult(raw.Writer); err != nil {
		return Vector{}, fmt.Errorf("writer: %w", err)
	}
	return v, nil
}

func parseResult(s string) (Result, error) {
	switch {
	case strings.HasPrefix(s, "ok:"):
		out, err := hex.DecodeString(s[len("ok:"):])
		if err != nil {
			return Result{}, err
		}
		return Result{OK: true, Out: out}, nil
	case strings.HasPrefix(s, "err:"):
		return Result{Err: s[len("err:"):]}, nil
	}
	return Result{}, fmt.Errorf("result %.40q starts with neither ok: nor err: prefix", s)
}

func knownToken(tok string) bool {
	switch tok {
	case "std", "ascii", "apos", "lower", "html", "jsonp", "slash", "name", "chars", "noquote":
		return true
	}
	_, ok := parseHi(tok)
	return ok
}

// parseHi parses the token hi=N.
func parseHi(tok string) (rune, bool) {
	s, ok := strings.CutPrefix(tok, "hi=")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n < 0 || n > utf8.MaxRune {
		return 0, false
	}
	return rune(n), true
}

// JacksonHTMLEscapes is the custom-escapes table of the html token: what a
// Jackson user writes as a CharacterEscapes subclass that escapes < > & and '
// (with the generator's hex case).
func JacksonHTMLEscapes() map[byte]reference.Escape {
	return map[byte]reference.Escape{
		'<':  {Kind: reference.KindUnicode},
		'>':  {Kind: reference.KindUnicode},
		'&':  {Kind: reference.KindUnicode},
		'\'': {Kind: reference.KindUnicode},
	}
}

// JacksonJSONPRunes is the custom sequences of the jsonp token.
func JacksonJSONPRunes() map[rune]string {
	return map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`}
}

// ReferenceOptions maps a vector's config tokens to reference options,
// following docs/DESIGN.md §2. byteOutput selects the utf8 column (Jackson's byte
// generator, which writes supplementary code points as surrogate-pair
// escapes); false selects the writer column.
//
// name reports that the string is written as a property name, so the
// expected document is {<quoted string>:1}; chars that it was passed as
// char[] (for jgen, []byte input); skip that the config has no jgen
// equivalent (noquote) and must be skipped and counted. It panics on a token
// that Load would have rejected.
func ReferenceOptions(tokens []string, byteOutput bool) (o reference.Options, name, chars, skip bool) {
	o.UpperHex = true // Jackson 2.14's default, WRITE_HEX_UPPER_CASE
	o.SurrogateEscapes = byteOutput
	o.InvalidUTF8 = reference.PolicyError // never consulted: see the package doc
	for _, tok := range tokens {
		switch tok {
		case "std":
		case "ascii":
			o.MaxUnescaped = 0x7F
		case "apos":
			o.Quote = '\''
		case "lower":
			o.UpperHex = false
		case "html":
			o.ASCII = JacksonHTMLEscapes()
		case "jsonp":
			o.Runes = JacksonJSONPRunes()
		case "slash":
			o.EscapeSlash = true
		case "name":
			name = true
		case "chars":
			chars = true
		case "noquote":
			skip = true
		default:
			hi, ok := parseHi(tok)
			if !ok {
				panic(fmt.Sprintf("compat: unknown Jackson config token %q", tok))
			}
			o.MaxUnescaped = hi
		}
	}
	return o, name, chars, skip
}

// ReferenceDocument returns the document the reference writes for v in the
// given column: the quoted string, or with name the object {<name>:1}. skip
// is true for configs with no jgen equivalent.
func ReferenceDocument(v Vector, byteOutput bool) (doc []byte, skip bool, err error) {
	o, name, _, skip := ReferenceOptions(v.Tokens, byteOutput)
	if skip {
		return nil, true, nil
	}
	if name {
		doc = append(doc, '{')
	}
	doc, err = reference.AppendQuote(doc, v.Input, o)
	if err != nil {
		return nil, false, err
	}
	if name {
		doc = append(doc, ":1}"...)
	}
	return doc, false, nil
}
