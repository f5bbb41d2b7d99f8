package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen/json"
)

// The drop-in's types are encoding/json's: these convert without a
// conversion and compile only if the aliases are right.
var (
	_ stdjson.RawMessage            = json.RawMessage(nil)
	_ stdjson.Number                = json.Number("1")
	_ *stdjson.Decoder              = (*json.Decoder)(nil)
	_ stdjson.Marshaler             = json.RawMessage(nil)
	_ stdjson.Unmarshaler           = (*json.RawMessage)(nil)
	_ *stdjson.MarshalerError       = (*json.MarshalerError)(nil)
	_ *stdjson.UnsupportedTypeError = (*json.UnsupportedTypeError)(nil)
	_ *stdjson.SyntaxError          = (*json.SyntaxError)(nil)
	_ stdjson.Delim                 = json.Delim('[')
	_ stdjson.Token                 = json.Token(nil)
)

type address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

type embedded struct {
	E1 int
	E2 string `json:"e2"`
}

type record struct {
	embedded
	ID      int64             `json:"id"`
	Name    string            `json:"name"`
	Note    string            `json:"note,omitempty"`
	Count   int               `json:"count,string"`
	Price   float64           `json:"price"`
	Small   float32           `json:"small"`
	OK      bool              `json:"ok"`
	Tags    []string          `json:"tags"`
	NilTags []string          `json:"nil_tags"`
	Bytes   []byte            `json:"bytes"`
	Addr    *address          `json:"addr"`
	NoAddr  *address          `json:"no_addr,omitempty"`
	Zero    address           `json:"zero,omitzero"`
	Any     any               `json:"any"`
	Map     map[string]int    `json:"map"`
	IntMap  map[int]string    `json:"int_map"`
	When    time.Time         `json:"when"`
	IP      netip.Addr        `json:"ip"`
	Num     json.Number       `json:"num"`
	Raw     json.RawMessage   `json:"raw"`
	Dur     time.Duration     `json:"dur"`
	Text    textID            `json:"text"`
	TextMap map[textID]string `json:"text_map"`
	Custom  custom            `json:"custom"`
	Ignored string            `json:"-"`
	//lint:ignore SA5008 `json:"-,"` names the field "-", as encoding/json documents.
	Dash    string `json:"-,"`
	private int
}

// textID is an encoding.TextMarshaler, as a value and as a map key.
type textID int

func (t textID) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "id<%d>", int(t)), nil }

// custom is a json.Marshaler whose output has whitespace, HTML characters
// and U+2028 to be compacted and escaped.
type custom struct{}

func (custom) MarshalJSON() ([]byte, error) {
	return []byte(" { \"a<b>\" : [ 1 , \"\u2028&\" ] } "), nil
}

// values is the table of values whose encoding must be encoding/json's,
// byte for byte.
func values() []any {
	s := "héllo <b>\"quoted\"</b> & \u2028\u2029 \x00\x1f\x7f \xff\xfe invalid"
	r := record{
		embedded: embedded{E1: 7, E2: "e"},
		ID:       math.MaxInt64, Name: s, Count: 42, Price: 1e21, Small: 1e-7,
		OK: true, Tags: []string{"a", "<", ""}, Bytes: []byte("\x00\xff/+"),
		Addr: &address{Street: "1 Main & Co"}, Any: []any{1.5, nil, "x", map[string]any{"z": 1, "a": false}},
		Map: map[string]int{"b": 2, "a": 1, "<": 0}, IntMap: map[int]string{10: "ten", -1: "minus", 2: "two"},
		When: time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.FixedZone("x", -3*3600)),
		IP:   netip.MustParseAddr("2001:db8::1"), Num: "-1.5e300", Raw: json.RawMessage(` {"k" : "<v>"} `),
		Dur: 1500 * time.Millisecond, Text: 5, TextMap: map[textID]string{3: "c", 1: "a"},
		Ignored: "no", Dash: "dash", private: 1,
	}
	return []any{
		nil, true, 0, -1, uint64(math.MaxUint64), 3.0, math.Copysign(0, -1), 1e20, 1e21, 1e-6, 1e-7,
		float32(3.4e38), float32(0.1), math.SmallestNonzeroFloat64,
		"", s, "\u2028", "<script>", []byte(nil), []byte{}, []byte("hi"),
		[]int(nil), []int{}, [3]int{1, 2, 3}, [0]int{}, map[string]any(nil), map[string]any{},
		[]any{[]any{}, map[string]any{}, []any{[]any{nil}}},
		r, &r, []record{r, {}}, map[string]*record{"x": &r, "nil": nil},
		json.Number("0"), json.RawMessage(`[1, 2,3 ]`), json.RawMessage(nil),
		time.Time{}, netip.Addr{}, custom{}, textID(9),
		// MarshalJSON output is compacted and its strings re-escaped as
		// encoding/json does: kept escapes, raw HTML and U+2028, invalid
		// UTF-8, number forms.
		json.RawMessage("\"\xff\xfe<\u2028\u2029>&\""), json.RawMessage(`"\u003c\/\ud83d\ude00\u00e9"`),
		json.RawMessage("[1E+2, -0, 0.5e-3 ,\t\r\n{}]"), json.RawMessage(`{"<":{"a":[true,false,null]}}`),
		[]badOutput{"\"\xc3\"", "\"\xed\xa0\x80\"", `"\ud800"`, "\"\u2028\""},
		map[string]int{"\xff<": 1, "é&": 2, "": 3}, (*custom)(nil), []any{(*custom)(nil), (*textID)(nil)},
		map[*textID]int{}, &struct {
			B  bool        `json:",string"`
			F  float64     `json:",string"`
			S  string      `json:",string"`
			N  json.Number `json:",string"`
			P  *int        `json:",string"`
			HT string      `json:"<a&b>"`
			*embedded
		}{B: true, F: 1.5, S: "<\"q\">", N: "12"},
		struct {
			A int `json:",omitempty"`
			B int `json:"b,omitempty"`
			C string
		}{C: "c"},
	}
}

// stdEncode is what encoding/json's Encoder writes.
func stdEncode(v any, escapeHTML bool, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := stdjson.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	enc.SetIndent(prefix, indent)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

func dropinEncode(v any, escapeHTML bool, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	enc.SetIndent(prefix, indent)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

func sameResult(t *testing.T, what string, got []byte, gotErr error, want []byte, wantErr error) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || reflect.TypeOf(gotErr) != reflect.TypeOf(wantErr) {
		t.Errorf("%s: error %T %v, want %T %v", what, gotErr, gotErr, wantErr, wantErr)
	}
}

// TestBytesMatchStdlib: Marshal, MarshalIndent and Encoder write
// encoding/json's bytes for every value of the table.
func TestBytesMatchStdlib(t *testing.T) {
	indents := [][2]string{{"", "  "}, {"", "\t"}, {">", "--"}, {"\t", ""}}
	for i, v := range values() {
		t.Run(fmt.Sprintf("%d_%T", i, v), func(t *testing.T) {
			want, wantErr := stdjson.Marshal(v)
			if wantErr != nil {
				t.Fatalf("encoding/json fails on the table's value: %v", wantErr)
			}
			got, err := json.Marshal(v)
			sameResult(t, "Marshal", got, err, want, wantErr)
			for _, in := range indents {
				want, wantErr := stdjson.MarshalIndent(v, in[0], in[1])
				got, err := json.MarshalIndent(v, in[0], in[1])
				sameResult(t, fmt.Sprintf("MarshalIndent(%q, %q)", in[0], in[1]), got, err, want, wantErr)
			}
			for _, html := range []bool{true, false} {
				for _, in := range append(indents, [2]string{}) {
					want, wantErr := stdEncode(v, html, in[0], in[1])
					got, err := dropinEncode(v, html, in[0], in[1])
					sameResult(t, fmt.Sprintf("Encoder(escapeHTML %v, indent %q %q)", html, in[0], in[1]), got, err, want, wantErr)
				}
			}
		})
	}
}

// TestEncoderStream: several values through one Encoder, with its settings
// changed between them, are encoding/json's stream.
func TestEncoderStream(t *testing.T) {
	var got, want bytes.Buffer
	de, se := json.NewEncoder(&got), stdjson.NewEncoder(&want)
	for i, v := range values() {
		html := i%3 != 0
		de.SetEscapeHTML(html)
		se.SetEscapeHTML(html)
		if i%4 == 1 {
			de.SetIndent("", " ")
			se.SetIndent("", " ")
		} else {
			de.SetIndent("", "")
			se.SetIndent("", "")
		}
		if err := de.Encode(v); err != nil {
			t.Fatal(err)
		}
		if err := se.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want.String() {
		t.Errorf("stream:\n got %q\nwant %q", got.String(), want.String())
	}
}

type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("marshal failed") }

type failingText struct{}

func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("text failed") }

type badOutput string

func (b badOutput) MarshalJSON() ([]byte, error) { return []byte(b), nil }

type cycle struct{ Next *cycle }

// nested is n arrays, one inside the other.
func nested(n int) any {
	var v any = []any{}
	for range n - 1 {
		v = []any{v}
	}
	return v
}

// failingValues are values encoding/json refuses, or that jgen refuses
// where encoding/json does not; for each, the drop-in's result must be
// encoding/json's.
func failingValues() []any {
	c := &cycle{}
	c.Next = c
	m := map[string]any{}
	m["m"] = m
	return []any{
		make(chan int), func() {}, complex(1, 2), math.NaN(), math.Inf(1), float32(math.Inf(-1)),
		[]any{1, math.NaN()}, map[string]any{"a": func() {}},
		c, m,
		failingMarshaler{}, &failingMarshaler{}, []any{failingMarshaler{}},
		failingText{}, map[failingText]int{{}: 1},
		badOutput(""), badOutput("{"), badOutput("1 2"), badOutput("nul"), badOutput(`"\x"`),
		struct{ B badOutput }{"[1,]"},
		json.Number("1.2.3"), json.Number("-"), struct{ N json.Number }{"x"},
		json.RawMessage("{]"), map[[2]int]int{{1, 2}: 3}, map[bool]int{true: 1},
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), []any{time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
		// Deeper than jgen's Options.MaxDepth (10000): classic
		// encoding/json writes it, the one on encoding/json/v2 refuses it.
		nested(10001),
	}
}

// TestErrorsMatchStdlib: for a value encoding/json refuses, Marshal,
// MarshalIndent and Encode return encoding/json's error: its type and
// text, and those of every error it wraps with their fields, and
// errors.As finds encoding/json's error types through it.
func TestErrorsMatchStdlib(t *testing.T) {
	for i, v := range failingValues() {
		t.Run(fmt.Sprintf("%d_%T", i, v), func(t *testing.T) {
			want, wantErr := stdjson.Marshal(v)
			got, err := json.Marshal(v)
			sameResult(t, "Marshal", got, err, want, wantErr)
			if wantErr == nil {
				return // encoding/json accepts it on this toolchain: compared above
			}
			if g, w := errChain(err), errChain(wantErr); g != w {
				t.Errorf("Marshal error chain:\n got %s\nwant %s", g, w)
			}
			for _, target := range []any{new(*stdjson.UnsupportedTypeError), new(*stdjson.UnsupportedValueError), new(*stdjson.MarshalerError), new(*stdjson.SyntaxError)} {
				if errors.As(err, target) != errors.As(wantErr, target) {
					t.Errorf("errors.As(err, %T) differs from encoding/json's", target)
				}
			}
			got, err = json.MarshalIndent(v, "", " ")
			want, wantErr = stdjson.MarshalIndent(v, "", " ")
			sameResult(t, "MarshalIndent", got, err, want, wantErr)
			for _, html := range []bool{true, false} {
				want, wantErr := stdEncode(v, html, "", "")
				got, err := dropinEncode(v, html, "", "")
				sameResult(t, fmt.Sprintf("Encode(escapeHTML %v)", html), got, err, want, wantErr)
			}
		})
	}
}

// errChain is the type and text of err and of each error it wraps.
func errChain(err error) string {
	var b strings.Builder
	for ; err != nil; err = errors.Unwrap(err) {
		fmt.Fprintf(&b, "%T(%q) ", err, err.Error())
		if u, ok := err.(*stdjson.UnsupportedValueError); ok {
			// Not the value itself: it may be a cycle.
			fmt.Fprintf(&b, "Value of kind %v ", u.Value.Kind())
			if u.Value.IsValid() {
				fmt.Fprintf(&b, "type %v ", u.Value.Type())
			}
		}
		if u, ok := err.(*stdjson.UnsupportedTypeError); ok {
			fmt.Fprintf(&b, "Type %v ", u.Type)
		}
		if m, ok := err.(*stdjson.MarshalerError); ok {
			fmt.Fprintf(&b, "Type %v ", m.Type)
		}
	}
	return b.String()
}

// errWriter fails every Write after the first n.
type errWriter struct {
	n      int
	writes int
}

var errWrite = errors.New("write failed")

func (w *errWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes > w.n {
		return 0, errWrite
	}
	return len(p), nil
}

// TestEncoderWriteError: as encoding/json's, the Encoder returns the
// writer's error, and from then on returns it without writing.
func TestEncoderWriteError(t *testing.T) {
	dw, sw := &errWriter{n: 1}, &errWriter{n: 1}
	de, se := json.NewEncoder(dw), stdjson.NewEncoder(sw)
	for i := range 3 {
		derr, serr := de.Encode(i), se.Encode(i)
		if derr != serr {
			t.Errorf("Encode %d: error %v, want %v", i, derr, serr)
		}
	}
	if dw.writes != sw.writes {
		t.Errorf("%d writes, want %d", dw.writes, sw.writes)
	}
	// A value that cannot be encoded writes nothing and does not stick.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(math.NaN()); err == nil || buf.Len() != 0 {
		t.Errorf("Encode(NaN): %v, wrote %q", err, buf.String())
	}
	if err := enc.Encode(1); err != nil || buf.String() != "1\n" {
		t.Errorf("Encode(1) after a failed value: %v, wrote %q", err, buf.String())
	}
}

// TestOneWritePerValue: Encode writes each value, with its newline, in
// one Write call, as encoding/json's Encoder does.
func TestOneWritePerValue(t *testing.T) {
	w := &errWriter{n: 1 << 30}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	for _, v := range values() {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if w.writes != len(values()) {
		t.Errorf("%d writes for %d values", w.writes, len(values()))
	}
}

// TestForwarded: the functions forwarded to encoding/json are its own.
func TestForwarded(t *testing.T) {
	src := []byte(` { "a" : [1, "<&>\u2028"] } `)
	var d, s bytes.Buffer
	if de, se := json.Compact(&d, src), stdjson.Compact(&s, src); d.String() != s.String() || fmt.Sprint(de) != fmt.Sprint(se) {
		t.Errorf("Compact: %q %v, want %q %v", d.String(), de, s.String(), se)
	}
	d.Reset()
	s.Reset()
	if de, se := json.Indent(&d, src, "#", "\t"), stdjson.Indent(&s, src, "#", "\t"); d.String() != s.String() || fmt.Sprint(de) != fmt.Sprint(se) {
		t.Errorf("Indent: %q %v, want %q %v", d.String(), de, s.String(), se)
	}
	d.Reset()
	s.Reset()
	json.HTMLEscape(&d, src)
	stdjson.HTMLEscape(&s, src)
	if d.String() != s.String() {
		t.Errorf("HTMLEscape: %q, want %q", d.String(), s.String())
	}
	if json.Valid(src) != true || json.Valid([]byte("{")) != false {
		t.Errorf("Valid")
	}
	var got, want map[string]any
	if de, se := json.Unmarshal(src, &got), stdjson.Unmarshal(src, &want); !reflect.DeepEqual(got, want) || de != se {
		t.Errorf("Unmarshal: %v %v, want %v %v", got, de, want, se)
	}
	err := json.Unmarshal([]byte("[1,"), &got)
	var se *stdjson.SyntaxError
	if !errors.As(err, &se) || err.Error() != "unexpected end of JSON input" {
		t.Errorf("Unmarshal error %T %v", err, err)
	}
}

// TestAllocs: Marshal allocates its result and nothing else; an Encoder,
// made per value or reused, allocates nothing, whether it indents and
// escapes HTML or not. The value has no marshal method of its own.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	type item struct {
		ID    int               `json:"id"`
		Name  string            `json:"name"`
		Tags  []string          `json:"tags,omitempty"`
		Price float64           `json:"price"`
		Attrs map[string]string `json:"attrs"`
		Next  *item             `json:"next,omitempty"`
	}
	v := &item{ID: 1, Name: "a <b> & \u2028", Tags: []string{"x", "y"}, Price: 1.5,
		Attrs: map[string]string{"b": "2", "a": "1"}, Next: &item{ID: 2}}
	json.Marshal(v) // warm the type caches and the pool
	check := func(name string, want float64, f func()) {
		t.Helper()
		if got := testing.AllocsPerRun(100, f); got != want {
			t.Errorf("%s: %v allocations, want %v", name, got, want)
		}
	}
	check("Marshal", 1, func() { json.Marshal(v) })
	check("MarshalIndent", 1, func() { json.MarshalIndent(v, "", "  ") })
	check("NewEncoder(w).Encode", 0, func() { json.NewEncoder(io.Discard).Encode(v) })
	enc := json.NewEncoder(io.Discard)
	check("Encode", 0, func() { enc.Encode(v) })
	enc.SetEscapeHTML(false)
	check("Encode after SetEscapeHTML(false)", 0, func() { enc.Encode(v) })
	enc.SetIndent("", "\t")
	check("Encode after SetIndent", 0, func() { enc.Encode(v) })
}
