package slogjgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

// diffStrings hold every escape class: quote and backslash, every
// control with and without a short form, DEL, HTML characters, the slash,
// U+2028 and U+2029, two-, three- and four-byte UTF-8, U+FFFD itself and
// invalid UTF-8 (a lone continuation byte, a cut sequence, an encoded
// surrogate).
var diffStrings = []string{
	"", "a", "plain text", "quote\" and \\", "<b>&amp;</b>", "\u2028\u2029", "é€😀",
	"\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f", "tab\tnl\n\b\f", "bad\xff\xe2\x82", "\xed\xa0\x80",
	"/~a", "名前", "\ufffd", "x-key", "v-key", "E:key", "L:key", "G:key", strings.Repeat("日本語のテキスト<&>\"", 20),
}

// diffRawJSON are MarshalJSON outputs: valid JSON with escapes written
// in several ways, raw U+2028, HTML characters, and whitespace.
var diffRawJSON = []string{
	`{"a" : [1, 2.5e10, -0, "x<y>\u2028"], "b":{"c":null,"d":true}}`,
	"\"raw \u2028\u2029 <&> é\"", `"\u00e9\/\u00E9\n"`, ` 12 `, `null`, `[]`,
}

type marshaler string

func (m marshaler) MarshalJSON() ([]byte, error) { return []byte(m), nil }

type texter string

func (t texter) MarshalText() ([]byte, error) { return []byte(t), nil }

// marshalErr is an error that is also a json.Marshaler: it is written by
// MarshalJSON, not by its Error method.
type marshalErr struct{ s string }

func (e marshalErr) Error() string { return "error text " + e.s }
func (e marshalErr) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"marshaled": e.s})
}

// nilErr panics in Error on a nil receiver; slog writes "<nil>".
type nilErr struct{ s string }

func (e *nilErr) Error() string { return e.s }

type resolver struct{ v slog.Value }

func (r resolver) LogValue() slog.Value { return r.v }

type record struct {
	A string            `json:"a"`
	B []int             `json:"b,omitempty"`
	C *float64          `json:"c"`
	D map[string]string `json:"d"`
	E []byte
}

// gen makes random records, attrs and handler chains, avoiding the cases
// documented as exceptions (TestExceptions covers those).
type gen struct {
	r  *rand.Rand
	pc uintptr
	// nothing lets a group's members all come to nothing (the exception
	// of the package documentation): no member from "k" first. It also
	// makes values that fail to encode, whose text only the nil escaping
	// demands to be slog's.
	nothing bool
}

func (g *gen) str() string { return diffStrings[g.r.IntN(len(diffStrings))] }

func (g *gen) key() string {
	if g.r.IntN(8) == 0 {
		return "" // an empty key
	}
	return g.str()
}

func (g *gen) time() time.Time {
	zones := []*time.Location{time.UTC, time.FixedZone("A", 5*3600+1800), time.FixedZone("B", -7*3600)}
	return time.Date(g.r.IntN(10000), time.Month(1+g.r.IntN(12)), 1+g.r.IntN(28), g.r.IntN(24), g.r.IntN(60), g.r.IntN(60),
		[]int{0, 5, 120000000, g.r.IntN(1e9)}[g.r.IntN(4)], zones[g.r.IntN(len(zones))])
}

func (g *gen) float() float64 {
	for {
		f := []float64{0, math.Copysign(0, -1), 1e21, 1e20, 1e-7, 1e-6, 0.1, -123.456, math.MaxFloat64, math.SmallestNonzeroFloat64}[g.r.IntN(10)]
		if g.r.IntN(2) == 0 {
			f = math.Float64frombits(g.r.Uint64())
		}
		if !math.IsNaN(f) && !math.IsInf(f, 0) || g.nothing && g.r.IntN(20) == 0 {
			return f
		}
	}
}

// failing are values that fail to encode, in encoding/json and in jgen.
var failing = []any{
	map[string]any{"n": math.NaN()}, []float64{math.Inf(-1)}, make(chan int), failMarshaler{}, &ptrFail{},
	failTexter{}, map[failTexter]int{{}: 1}, json.Number("1x"), struct{ T time.Time }{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
	marshaler("{"), json.RawMessage(`[1,]`), func() {}, complex(1, 1),
}

func (g *gen) any(depth int) any {
	if g.nothing && g.r.IntN(12) == 0 {
		return failing[g.r.IntN(len(failing))]
	}
	switch g.r.IntN(16) {
	case 0:
		return errors.New(g.str())
	case 1:
		return marshalErr{g.str()}
	case 2:
		return []byte(g.str())
	case 3:
		c := g.float()
		return record{A: g.str(), B: []int{1, -2}, C: &c, D: map[string]string{g.str(): g.str(), "k": g.str()}, E: []byte(g.str())}
	case 4:
		return map[string]any{g.str(): g.str(), "n": g.float(), "l": []any{true, nil, g.str()}}
	case 5:
		return marshaler(diffRawJSON[g.r.IntN(len(diffRawJSON))])
	case 6:
		return json.RawMessage(diffRawJSON[g.r.IntN(len(diffRawJSON))])
	case 7:
		return texter(g.str())
	case 8:
		return nil
	case 9:
		return slog.Level(g.r.IntN(20) - 8)
	case 10:
		return (*nilErr)(nil)
	case 11:
		return &slog.Source{Function: g.str(), File: "f.go", Line: g.r.IntN(3)}
	case 12:
		return &slog.Source{}
	case 13:
		return []string{g.str(), g.str()}
	case 14:
		return g.time() // a time.Time inside an any is a time.Time
	default:
		return struct{ X, Y any }{g.str(), g.float()}
	}
}

func (g *gen) value(depth int) slog.Value {
	switch g.r.IntN(13) {
	case 0:
		return slog.StringValue(g.str())
	case 1:
		return slog.Int64Value(g.r.Int64() - math.MaxInt64/2)
	case 2:
		return slog.Uint64Value(g.r.Uint64())
	case 3:
		return slog.Float64Value(g.float())
	case 4:
		return slog.BoolValue(g.r.IntN(2) == 0)
	case 5:
		return slog.DurationValue(time.Duration(g.r.Int64() - math.MaxInt64/2))
	case 6:
		return slog.TimeValue(g.time())
	case 7, 8:
		if depth < 3 {
			return slog.GroupValue(g.attrs(depth+1, true)...)
		}
		return slog.IntValue(depth)
	case 9:
		switch g.r.IntN(6) {
		case 0:
			return slog.GroupValue() // an empty group: dropped by GroupValue and AddAttrs, not by WithAttrs
		case 1:
			return slog.AnyValue(resolver{slog.GroupValue()}) // an empty group that reaches the handler
		case 2:
			return slog.AnyValue(resolver{slog.AnyValue(resolver{g.value(depth + 1)})}) // nested LogValuers
		default:
			return slog.AnyValue(resolver{g.value(depth + 1)}) // a LogValuer
		}
	default:
		return slog.AnyValue(g.any(depth))
	}
}

// attrs returns up to 7 attrs. In a group (inGroup) the first one is a
// string whose key starts with "k", which no ReplaceAttr below drops, so
// that no group comes to nothing (see TestExceptions).
func (g *gen) attrs(depth int, inGroup bool) []slog.Attr {
	var as []slog.Attr
	if inGroup && !g.nothing {
		as = append(as, slog.String("k"+g.str(), g.str()))
	}
	for range g.r.IntN(7) {
		if g.r.IntN(20) == 0 && !inGroup {
			as = append(as, slog.Attr{}) // the zero Attr, left out
			continue
		}
		v := g.value(depth)
		if inGroup && v.Kind() == slog.KindAny && v.Any() == nil {
			v = slog.StringValue("not nil")
		}
		as = append(as, slog.Attr{Key: g.key(), Value: v})
	}
	return as
}

// replacers are the ReplaceAttr functions of the differential test.
var replacers = []func([]string, slog.Attr) slog.Attr{
	nil,
	// Drop keys from "x" on, except the built-ins; rename built-ins.
	func(gs []string, a slog.Attr) slog.Attr {
		if strings.HasPrefix(a.Key, "x") {
			return slog.Attr{}
		}
		if gs == nil {
			a.Key = "builtin:" + a.Key
		}
		return a
	},
	// Prefix each key with its groups, which follows the group tracking
	// (groupPathReplacer).
	func(gs []string, a slog.Attr) slog.Attr {
		a.Key = strings.Join(gs, ".") + ">" + a.Key
		return a
	},
	// Change kinds: times to Unix seconds, levels to strings, strings from
	// "v" to LogValuers (resolved after ReplaceAttr), durations to floats.
	func(gs []string, a slog.Attr) slog.Attr {
		switch a.Value.Kind() {
		case slog.KindTime:
			a.Value = slog.Int64Value(a.Value.Time().Unix())
		case slog.KindDuration:
			a.Value = slog.Float64Value(a.Value.Duration().Seconds())
		case slog.KindString:
			if strings.HasPrefix(a.Value.String(), "v") {
				a.Value = slog.AnyValue(resolver{slog.StringValue("resolved " + a.Value.String())})
			}
		case slog.KindAny:
			if l, ok := a.Value.Any().(slog.Level); ok {
				a.Value = slog.StringValue("level " + l.String())
			}
		}
		return a
	},
}

// emptyLogValuer resolves to an empty group.
var emptyLogValuer = slog.AnyValue(resolver{slog.GroupValue()})

func init() {
	// Drop keys from "x"; empty the values of keys from "E:" (to an empty
	// group) and from "L:" (to a LogValuer of one); make the values of keys
	// from "G:" groups (whose members are passed to ReplaceAttr in turn);
	// empty the built-in time and source, and drop the level.
	replacers = append(replacers, func(gs []string, a slog.Attr) slog.Attr {
		switch {
		case strings.HasPrefix(a.Key, "x"):
			return slog.Attr{}
		case strings.HasPrefix(a.Key, "E:"):
			a.Value = slog.GroupValue()
		case strings.HasPrefix(a.Key, "L:"):
			a.Value = emptyLogValuer
		case strings.HasPrefix(a.Key, "G:"):
			a.Value = slog.GroupValue(slog.String("k", "in"), slog.Attr{Key: "E:in", Value: a.Value}, slog.Attr{Key: "v", Value: a.Value})
		case gs == nil && a.Key == slog.TimeKey:
			a.Value = slog.GroupValue()
		case gs == nil && a.Key == slog.SourceKey:
			a.Value = emptyLogValuer
		case gs == nil && a.Key == slog.LevelKey:
			return slog.Attr{}
		}
		return a
	})
}

// chain derives a handler from both roots by the same random WithAttrs and
// WithGroup calls.
func (g *gen) chain(hs []slog.Handler) []slog.Handler {
	for range g.r.IntN(5) {
		if g.r.IntN(2) == 0 {
			name := g.str()
			for i := range hs {
				hs[i] = hs[i].WithGroup(name)
			}
			continue
		}
		as := g.attrs(0, false)
		switch g.r.IntN(8) {
		case 0:
			as = []slog.Attr{slog.Group("empty")}
		case 1:
			as = []slog.Attr{slog.Group("empty"), {}} // not all empty groups: the groups are opened
		case 2:
			as = []slog.Attr{slog.Attr{Key: g.key(), Value: emptyLogValuer}}
		}
		for i := range hs {
			hs[i] = hs[i].WithAttrs(as)
		}
	}
	return hs
}

func (g *gen) record() slog.Record {
	var t time.Time
	if g.r.IntN(4) != 0 {
		t = g.time()
	}
	pc := uintptr(0)
	if g.r.IntN(2) == 0 {
		pc = g.pc
	}
	r := slog.NewRecord(t, slog.Level(g.r.IntN(20)-8), g.str(), pc)
	r.AddAttrs(g.attrs(0, false)...)
	return r
}

// escapings are the non-nil escapings of the differential test, each with
// its oracle for checkObeys.
var escapings = []struct {
	name string
	esc  jgen.Escaping
	ref  reference.Options
}{
	{"Minimal", jgen.Minimal, reference.Options{InvalidUTF8: reference.PolicyReplace}},
	{"Stdlib", jgen.Escaping{HTMLSafe: true, JSLineTerminators: true}, reference.Options{HTMLSafe: true, JSLineTerminators: true, InvalidUTF8: reference.PolicyReplace}},
	{"Jackson", jgen.Jackson, reference.Options{UpperHex: true, InvalidUTF8: reference.PolicyReplace}},
	{"ASCII", jgen.Escaping{MaxUnescaped: 0x7F, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}, reference.Options{MaxUnescaped: 0x7F, InvalidUTF8: reference.PolicyReplaceRaw}},
	{"PrintableASCII", jgen.PrintableASCII, reference.Options{MaxUnescaped: 0x7F, InvalidUTF8: reference.PolicyReplace,
		ASCII: map[byte]reference.Escape{0x7F: {Kind: reference.KindUnicode}}}},
	{"custom", jgen.Escaping{EscapeSlash: true, SurrogateEscapes: true, CharacterEscapes: customEscapes},
		reference.Options{EscapeSlash: true, SurrogateEscapes: true, InvalidUTF8: reference.PolicyReplace,
			ASCII: map[byte]reference.Escape{'a': {Kind: reference.KindUnicode}, '0': {Kind: reference.KindSequence, Seq: `\u0030`}},
			Runes: map[rune]string{'é': `\u00E9`, '日': `\u65E5`}}},
}

var customEscapes = func() *jgen.CharacterEscapes {
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'a': jgen.EscapeUnicode(), '0': jgen.EscapeSequence(`\u0030`)},
		Runes: map[rune]string{'é': `\u00E9`, '日': `\u65E5`},
	})
	if err != nil {
		panic(err)
	}
	return ce
}()

// Longer runs: go test -run TestDifferential -records 100000 -seed 7
var (
	diffRecords = flag.Int("records", 0, "records of TestDifferentialRandom and TestDifferentialNothing (0: 3,000, or 300 with -short)")
	diffSeed    = flag.Uint64("seed", 13, "seed of TestDifferentialRandom and TestDifferentialNothing")
)

func diffCount() int {
	switch {
	case *diffRecords > 0:
		return *diffRecords
	case testing.Short():
		return 300
	}
	return 3000
}

// differential writes random records through slog's JSONHandler and the
// Handler (and, unless nothing, the Handlers of every escaping), and
// calls check with the record's number, the ReplaceAttr's index in
// replacers and the lines.
func differential(t *testing.T, nothing bool, n int, check func(i, rep int, got, want []byte, others []bytes.Buffer)) {
	pcs := make([]uintptr, 1)
	runtime.Callers(1, pcs)
	g := &gen{r: rand.New(rand.NewPCG(*diffSeed, 2026)), pc: pcs[0], nothing: nothing}
	var want, got bytes.Buffer
	others := make([]bytes.Buffer, len(escapings))
	if nothing {
		others = nil
	}
	for i := range n {
		rep := g.r.IntN(len(replacers))
		opts := &slog.HandlerOptions{AddSource: g.r.IntN(3) == 0, Level: slog.Level(-100), ReplaceAttr: replacers[rep]}
		hs := []slog.Handler{slog.NewJSONHandler(&want, opts), NewHandler(&got, opts, nil)}
		for j := range others {
			hs = append(hs, NewHandler(&others[j], opts, &escapings[j].esc))
		}
		hs = g.chain(hs)
		r := g.record()
		want.Reset()
		got.Reset()
		for j, h := range hs {
			if j >= 2 {
				others[j-2].Reset()
			}
			if err := h.Handle(context.Background(), r.Clone()); err != nil {
				t.Fatal(err)
			}
		}
		check(i, rep, got.Bytes(), want.Bytes(), others)
	}
}

// TestDifferentialRandom: random records, whose groups never come to
// nothing, are slog's bytes with the nil escaping, and decode to slog's
// value under every other escaping, whose rules their strings obey.
func TestDifferentialRandom(t *testing.T) {
	differential(t, false, diffCount(), func(i, _ int, got, want []byte, others []bytes.Buffer) {
		if !bytes.Equal(got, want) {
			t.Fatalf("record %d differs from slog's:\n got %s\nwant %s", i, got, want)
		}
		for j, e := range escapings {
			checkSameValue(t, fmt.Sprintf("record %d under %s", i, e.name), others[j].Bytes(), want, e.ref)
		}
	})
}

// groupPathReplacer is the index in replacers of the ReplaceAttr that
// writes the groups it is passed into the key.
const groupPathReplacer = 2

// TestDifferentialNothing: random records whose groups may come to
// nothing, the one documented exception that random records reach, and
// with values that fail to encode (NaN and ±Inf among the floats). Each
// line is JSON in UTF-8, and it is slog's bytes unless slog's line is not
// JSON in UTF-8, or the ReplaceAttr writes the groups it is passed (slog
// passes those of a group it left out).
func TestDifferentialNothing(t *testing.T) {
	var invalid, groups int
	n := 10 * diffCount() // without the escapings, a tenth of the time per record
	differential(t, true, n, func(i, rep int, got, want []byte, _ []bytes.Buffer) {
		if !json.Valid(got) || !utf8.Valid(got) {
			t.Fatalf("record %d: not JSON in UTF-8: %q", i, got)
		}
		switch {
		case bytes.Equal(got, want):
		case !json.Valid(want) || !utf8.Valid(want):
			invalid++
		case rep == groupPathReplacer:
			groups++
		default:
			t.Fatalf("record %d differs from slog's valid line:\n got %s\nwant %s", i, got, want)
		}
	})
	t.Logf("%d records: slog's line not JSON %d, other groups passed to ReplaceAttr %d", n, invalid, groups)
}

// checkSameValue checks that line decodes to the value of std and that
// its strings obey ref.
func checkSameValue(t *testing.T, name string, line, std []byte, ref reference.Options) {
	t.Helper()
	if len(line) == 0 || line[len(line)-1] != '\n' || bytes.Count(line, []byte{'\n'}) != 1 {
		t.Fatalf("%s: not one line: %q", name, line)
	}
	var a, b any
	if err := decode(line, &a); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, line)
	}
	if err := decode(std, &b); err != nil {
		t.Fatalf("%s: slog's line: %v\n%s", name, err, std)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("%s: decodes to another value:\n got %s\nwant %s", name, line, std)
	}
	if err := checkObeys(line, ref); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, line)
	}
}

func decode(b []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// checkObeys reports the first character of a string in out that ref
// would not write as it stands: a raw code point that ref escapes, an
// invalid escape sequence or invalid UTF-8.
func checkObeys(out []byte, ref reference.Options) error {
	for i := 0; i < len(out); i++ {
		if out[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(out) && out[j] != '"' {
			if out[j] == '\\' {
				j++
			}
			j++
		}
		s := out[i+1 : min(j, len(out))]
		for k := 0; k < len(s); {
			if s[k] == '\\' {
				n := 2
				if k+1 < len(s) && s[k+1] == 'u' {
					n = 6
				}
				if err := reference.ValidSequence(string(s[k:min(k+n, len(s))]), '"'); err != nil {
					return fmt.Errorf("string at %d: %v", i, err)
				}
				k += n
				continue
			}
			r, size := utf8.DecodeRune(s[k:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Errorf("string at %d: invalid UTF-8", i)
			}
			raw := s[k : k+size]
			if want, err := reference.AppendQuote(nil, raw, ref); err != nil || string(want) != `"`+string(raw)+`"` {
				return fmt.Errorf("string at %d: %q is written raw, the escaping writes %s", i, raw, want)
			}
			k += size
		}
		i = j
	}
	return nil
}
