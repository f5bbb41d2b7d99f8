//lint:file-ignore SA5008 malformed and odd json tags are deliberate: the test compares their handling with encoding/json

package jgen_test

// The value encoder against encoding/json: a table of types written from
// encoding/json's documentation, one rule or corner a row, compared byte
// for byte with json.Marshal and json.MarshalIndent of the running
// toolchain.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/jgen-go/jgen"
)

// stdlibHere is the Stdlib escaping of the running encoding/json: the
// invalid-UTF-8 form is read off json.Marshal itself, so that the tests
// follow the toolchain (Go 1.26 writes \ufffd, Go 1.27 a raw U+FFFD).
var stdlibHere = func() jgen.Escaping {
	e := jgen.Stdlib
	b, err := json.Marshal("\xff")
	switch {
	case err != nil:
		panic(err)
	case string(b) == `"\ufffd"`:
		e.InvalidUTF8 = jgen.InvalidUTF8Replace
	case string(b) == "\"\uFFFD\"":
		e.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	default:
		panic("encoding/json writes \\xff as " + string(b))
	}
	return e
}()

var (
	stdlibOpts   = &jgen.Options{Escaping: stdlibHere}
	stdlibIndent = &jgen.Options{Escaping: stdlibHere, Layout: jgen.Indented}
)

// Types for the table.

type (
	tagged struct {
		Renamed  int         `json:"renamed"`
		Skipped  int         `json:"-"`
		Dash     int         `json:"-,"`
		Empty    string      `json:",omitempty"`
		Kept     string      `json:",omitempty"`
		Quoted   int         `json:",string"`
		QBool    bool        `json:"qb,string"`
		QFloat   float64     `json:"qf,string"`
		QString  string      `json:"qs,string"`
		QPtr     *int        `json:"qp,string"`
		QNilPtr  *int        `json:"qnp,string"`
		QNumber  json.Number `json:"qn,string"`
		QSlice   []int       `json:"qsl,string"`
		BadTag   int         `json:"a\\b"`
		Punct    int         `json:"!#$%&()*+-./:;<=>?@[]^_{|}~ "`
		Unicode  int         `json:"名前"`
		HTMLName int         `json:"<&>"`
		private  int
		Iface    any     `json:"iface,omitempty"`
		Ptr      *string `json:"ptr,omitempty"`
	}
	omits struct {
		B   bool                       `json:",omitempty"`
		I   int                        `json:",omitempty"`
		U   uint8                      `json:",omitempty"`
		F   float32                    `json:",omitempty"`
		S   string                     `json:",omitempty"`
		Sl  []int                      `json:",omitempty"`
		M   map[string]int             `json:",omitempty"`
		A0  [0]int                     `json:",omitempty"`
		A1  [1]int                     `json:",omitempty"`
		P   *int                       `json:",omitempty"`
		If  any                        `json:",omitempty"`
		St  struct{}                   `json:",omitempty"`
		T   time.Time                  `json:",omitempty"`
		Z   zeroer                     `json:",omitzero"`
		ZP  ptrZeroer                  `json:",omitzero"`
		ZPP *ptrZeroer                 `json:",omitzero"`
		ZI  interface{ IsZero() bool } `json:",omitzero"`
		ZT  time.Time                  `json:",omitzero"`
		ZS  struct{ A int }            `json:",omitzero"`
		ZA  [2]int                     `json:",omitzero"`
		ZSl []int                      `json:",omitzero"`
		ZF  float64                    `json:",omitzero"`
	}
	zeroer    struct{ N int }
	ptrZeroer struct{ N int }

	inner struct {
		A int
		B string `json:"b"`
	}
	Inner2 struct {
		A int
		C int
	}
	unexportedInner struct {
		X int
		y int
	}
	embedding struct {
		inner
		*Inner2
		unexportedInner
		D int
	}
	embedPtrUnexported struct {
		*unexportedInner
		*level3
		Z int
	}
	level3 struct{ Level2 }
	Level1 struct{ Level2 }
	Level2 struct {
		Deep    int
		Shallow int
	}
	promotion struct {
		Level1
		Shallow string
	}
	conflictA struct{ Name string }
	conflictB struct{ Name string }
	conflict  struct {
		conflictA
		conflictB
		Other int
	}
	taggedWinsA struct {
		Name string `json:"Name"`
	}
	taggedWinsB struct{ Name string }
	taggedWins  struct {
		taggedWinsA
		taggedWinsB
	}
	namedEmbed struct {
		inner  `json:"in"`
		Inner2 `json:",omitempty"`
	}
	unexportedNonStruct int
	embedNonStruct      struct {
		unexportedNonStruct
		Exported
		V int
	}
	Exported int
	twiceA   struct{ Level2 }
	twiceB   struct{ Level2 }
	twice    struct {
		twiceA
		twiceB
	}
	ptrCycleEmbed struct {
		*ptrCycleEmbed
		V int
	}

	valueMarshaler   struct{ S string }
	ptrMarshaler     struct{ S string }
	valueText        struct{ S string }
	ptrText          struct{ S string }
	failingMarshaler struct{}
	invalidMarshaler struct{ Out string }
	failingText      struct{}
	textKey          struct{ K string }
	textKeyInt       int
	textKeyString    string
	failingKey       struct{ K string }
	both             struct{}

	withMarshalers struct {
		V    valueMarshaler
		P    ptrMarshaler
		PP   *ptrMarshaler
		NilV *valueMarshaler
		NilP *ptrMarshaler
		T    valueText
		PT   ptrText
		NilT *valueText
		If   json.Marshaler
		Arr  [1]ptrMarshaler
		Sl   []ptrMarshaler
		M    map[string]ptrMarshaler
		MT   map[string]ptrText
		MV   map[string]valueMarshaler
		B    both
	}
	embedsTime struct {
		time.Time
		Note string
	}
	embedsTimeField struct {
		When time.Time
		Dur  time.Duration
		Ptr  *time.Time
	}
	oddTags struct {
		A int `json:"a\\b"`
		B int `json:"\\b"`
		C int `json:"c\"d,omitempty"`
		D int `json:"d'e"`
		E int `json:"e f"`
		F int `json:"f\u00e9"`
		G int `json:"g\u2028"`
		H int `json:"h☺,string"`
		I int `json:"'quoted'"`
		K int `json:"-k"`
		L int `json:"l,omitempty,string"`
		M int `json:",omitempty,"`
		N int `json:"_n1"`
		O int `json:"1o"`
	}
	myBytes   []byte
	myByte    uint8
	textByte  uint8
	recursive struct {
		Name string
		Next *recursive
		Kids []recursive
	}
	cyclicSlice []any
	cyclicMap   map[string]any
	withFunc    struct {
		F func()
	}
	withChanPtr struct {
		C *chan int
	}
	withRaw struct {
		R  json.RawMessage
		NR json.RawMessage
		PR *json.RawMessage
	}
)

func (z zeroer) IsZero() bool     { return z.N == 42 }
func (z *ptrZeroer) IsZero() bool { return z.N == 7 }

func (m valueMarshaler) MarshalJSON() ([]byte, error) {
	// Valid UTF-8 only: encoding/json copies invalid bytes out of
	// MarshalJSON output, where jgen applies its policy (a listed
	// difference, tested in TestWriteValueExceptions).
	return []byte(" { \"v\" : \"" + strings.ToValidUTF8(m.S, "\uFFFD") + "\" , \"html\": \"<&>\u2028\", \"esc\": \"\\u00E9\\/\\n\" } "), nil
}
func (m *ptrMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(`["ptr", ` + fmt.Sprintf("%q", m.S) + `, 1.50, -0, 1e3, true, false, null, {}, []]`), nil
}
func (m valueText) MarshalText() ([]byte, error) { return []byte("text:<" + m.S + ">\n"), nil }
func (m *ptrText) MarshalText() ([]byte, error)  { return []byte("ptrtext:" + m.S), nil }
func (failingMarshaler) MarshalJSON() ([]byte, error) {
	return nil, errors.New("marshaler failed")
}
func (m invalidMarshaler) MarshalJSON() ([]byte, error) { return []byte(m.Out), nil }
func (failingText) MarshalText() ([]byte, error)        { return nil, errors.New("text failed") }
func (k textKey) MarshalText() ([]byte, error)          { return []byte("k/" + k.K), nil }
func (k textKeyInt) MarshalText() ([]byte, error)       { return []byte(fmt.Sprintf("int%03d", int(k))), nil }

// MarshalText is called only by Go 1.26's experiment (jsonv2), whose
// map keys of a string kind go through it: a text distinct per key keeps
// its (unstable) sort by name deterministic.
func (k textKeyString) MarshalText() ([]byte, error) { return []byte("text " + string(k)), nil }
func (k failingKey) MarshalText() ([]byte, error)    { return nil, errors.New("key failed") }
func (both) MarshalJSON() ([]byte, error)            { return []byte(`"json"`), nil }
func (both) MarshalText() ([]byte, error)            { return []byte("text"), nil }
func (textByte) MarshalText() ([]byte, error)        { return []byte("b"), nil }

type tableCase struct {
	name string
	v    any
}

func valueTable() []tableCase {
	s := "str"
	n := 5
	var nilMap map[string]int
	var nilSlice []int
	var nilBytes []byte
	var nilIface any
	var nilPtr *int
	pp := &n
	cycS := cyclicSlice{1}
	cycS[0] = cycS
	cycM := cyclicMap{}
	cycM["self"] = cycM
	cycP := &recursive{Name: "loop"}
	cycP.Next = cycP
	pc := &ptrCycleEmbed{V: 1}
	pc.ptrCycleEmbed = pc
	ch := make(chan int)
	tm := time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.FixedZone("x", 5*3600+30*60))
	raw := json.RawMessage(`{"b":1,"a":[true]}`)
	return []tableCase{
		{"nil", nil},
		{"bool", true},
		{"ints", []any{int8(-128), int16(-32768), int32(math.MinInt32), int64(math.MinInt64), int(math.MaxInt)}},
		{"uints", []any{uint8(255), uint16(65535), uint32(math.MaxUint32), uint64(math.MaxUint64), uintptr(7)}},
		{"floats", []any{0.0, math.Copysign(0, -1), 1.0, 0.1, 1e-6, 1e-7, 123456789.0, 1e20, 1e21, 1.7976931348623157e308, 5e-324, -2.5e-10}},
		{"float32s", []float32{0.1, 1e-6, 1e-7, 3.4028235e38, 1e21, 16777216, 1.1754944e-38}},
		{"strings", []string{"", "plain", "quote\" backslash\\ slash/", "\x00\x01\x1f\x7f", "\b\f\n\r\t", "<script>&amp;</script>", "\u2028\u2029", "é€😀", "\xff\xfe bad \xe2\x82", "\xed\xa0\x80"}},
		{"number", json.Number("-12.5e+3")},
		{"number empty", json.Number("")},
		{"number invalid", json.Number("1.2.3")},
		{"numbers in struct", struct{ N, M json.Number }{"0", "1E400"}},
		{"pointer", &s},
		{"pointer to pointer", &pp},
		{"nil pointer", nilPtr},
		{"nil map", nilMap},
		{"nil slice", nilSlice},
		{"nil bytes", nilBytes},
		{"nil interface in slice", []any{nilIface, nilPtr, nilMap, nilSlice}},
		{"empty containers", []any{[]int{}, map[string]int{}, struct{}{}, [0]int{}}},
		{"bytes", []byte("hello, world\xff")},
		{"empty bytes", []byte{}},
		{"named bytes", myBytes("abc")},
		{"named byte elements", []myByte{1, 2, 3}},
		{"byte array", [4]byte{1, 2, 3, 4}},
		{"text byte elements", []textByte{1, 2}},
		{"pointer to bytes", &[]byte{9}},
		{"array", [3]string{"a", "b"}},
		{"nested slices", [][]int{{1, 2}, nil, {}}},
		{"interfaces", []any{1, "a", nil, 2.5, map[string]any{"k": []any{true}}, &n}},
		{"map string", map[string]int{"b": 2, "a": 1, "": 0, "é": 3, "A": 4, "<": 5}},
		{"map int", map[int]string{10: "a", 2: "b", -1: "c", -10: "d", 0: "z"}},
		{"map int8", map[int8]bool{-128: true, 127: false}},
		{"map uint", map[uint64]int{math.MaxUint64: 1, 0: 2, 100: 3}},
		{"map uintptr", map[uintptr]int{3: 1}},
		{"map named string", map[textKeyString]int{"z": 1, "a": 2}},
		{"map text key", map[textKey]int{{"b"}: 1, {"a"}: 2}},
		{"map text int key", map[textKeyInt]int{3: 1, 20: 2}},
		{"map text pointer key", map[*textKey]int{{"p"}: 1}},
		{"map text nil pointer key", map[*textKey]int{nil: 1}},
		{"map netip key", map[netip.Addr]int{netip.MustParseAddr("10.0.0.1"): 1, netip.MustParseAddr("::1"): 2}},
		{"map invalid key", map[float64]int{1: 1}},
		{"map invalid key nil", map[[2]int]int(nil)},
		{"map failing key", map[failingKey]int{{"x"}: 1}},
		{"map float key", map[float64]int{1: 1, 2.5: 2, math.Copysign(0, -1): 3, 1e21: 4}},
		{"map float32 key", map[float32]int{0.1: 1, 1e-7: 3}},
		{"map float NaN key", map[float64]int{math.NaN(): 1}},
		{"map bool key", map[bool]int{true: 1}},
		{"map bool key empty", map[bool]int{}},
		{"map interface key", map[any]int{"x": 1, 7: 2, uint8(3): 3}},
		{"map interface bool key", map[any]int{true: 1}},
		{"map array key", map[[2]int]int{{1, 2}: 3}},
		{"map struct key", map[inner]int{{}: 1}},
		{"map complex key", map[complex128]int{1: 1}},
		{"map time key", map[time.Time]int{time.Unix(1e9, 5).UTC(): 1, {}: 2}},
		{"map pointer-receiver text key", map[ptrText]int{{"x"}: 1}},
		{"map named int key", map[time.Duration]string{time.Second: "s", -1: "n"}},
		{"raw empty", json.RawMessage{}},
		{"raw whitespace only", json.RawMessage(" \n")},
		{"raw in slice", []json.RawMessage{json.RawMessage(`1`), nil, json.RawMessage(` "x" `)}},
		{"marshaler pointer in map", map[string]*ptrMarshaler{"a": {"x"}, "b": nil}},
		{"interface holding pointer marshaler", []any{&ptrMarshaler{"i"}, ptrMarshaler{"v"}}},
		{"deep pointers", &pp},
		{"map of maps", map[string]map[string][]int{"x": {"y": {1}}, "a": nil}},
		{"map invalid utf8 key", map[string]int{"\xff": 1, "ok": 2}},
		{"map struct values", map[string]inner{"k": {1, "x"}}},
		{"tags", tagged{Renamed: 1, Skipped: 2, Dash: 3, Kept: "k", Quoted: 4, QBool: true, QFloat: 1e-7, QString: "a\"<b>\u2028", QPtr: &n, QNumber: "12", QSlice: []int{1}, BadTag: 5, Punct: 6, Unicode: 7, HTMLName: 8, private: 9}},
		{"tags pointer", &tagged{Iface: 1, Ptr: &s}},
		{"omitempty zero", omits{}},
		{"omitempty set", omits{B: true, I: 1, U: 1, F: 1, S: "s", Sl: []int{}, M: map[string]int{}, A1: [1]int{}, P: new(int), If: 0, T: tm, Z: zeroer{42}, ZP: ptrZeroer{7}, ZPP: &ptrZeroer{7}, ZI: zeroer{42}, ZS: struct{ A int }{1}, ZA: [2]int{0, 1}, ZSl: []int{}, ZF: math.Copysign(0, -1)}},
		{"omitzero not zero", omits{Z: zeroer{0}, ZP: ptrZeroer{1}, ZPP: &ptrZeroer{1}, ZI: zeroer{1}}},
		{"omitzero addressable", &omits{ZP: ptrZeroer{7}}},
		{"omitzero nil pointer in interface", omits{ZI: (*ptrZeroer)(nil)}},
		{"embedding", embedding{inner: inner{1, "b"}, Inner2: &Inner2{2, 3}, unexportedInner: unexportedInner{4, 5}, D: 6}},
		{"embedding nil pointer", embedding{inner: inner{1, "b"}}},
		{"embedded pointer to unexported", embedPtrUnexported{unexportedInner: &unexportedInner{1, 2}, level3: &level3{Level2{3, 4}}, Z: 5}},
		{"embedded nil pointer to unexported", embedPtrUnexported{Z: 5}},
		{"promotion", promotion{Level1: Level1{Level2{1, 2}}, Shallow: "s"}},
		{"conflict", conflict{conflictA{"a"}, conflictB{"b"}, 1}},
		{"tagged wins", taggedWins{taggedWinsA{"a"}, taggedWinsB{"b"}}},
		{"named embed", namedEmbed{inner{1, "x"}, Inner2{2, 3}}},
		{"embedded non-struct", embedNonStruct{1, 2, 3}},
		{"embedded twice", twice{twiceA{Level2{1, 2}}, twiceB{Level2{3, 4}}}},
		{"embedded pointer cycle", pc},
		{"marshalers", withMarshalers{V: valueMarshaler{"v"}, P: ptrMarshaler{"p"}, PP: &ptrMarshaler{"pp"}, T: valueText{"t"}, PT: ptrText{"pt"}, If: valueMarshaler{"if"}, Arr: [1]ptrMarshaler{{"arr"}}, Sl: []ptrMarshaler{{"sl"}}, M: map[string]ptrMarshaler{"m": {"m"}}, MT: map[string]ptrText{"mt": {"mt"}}, MV: map[string]valueMarshaler{"mv": {"mv"}}}},
		{"marshalers addressable", &withMarshalers{P: ptrMarshaler{"p"}, PT: ptrText{"pt"}, Arr: [1]ptrMarshaler{{"arr"}}}},
		{"marshaler nil pointer", (*ptrMarshaler)(nil)},
		{"marshaler in interface nil", struct{ M json.Marshaler }{}},
		{"text nil pointer", (*valueText)(nil)},
		{"marshaler fails", failingMarshaler{}},
		{"marshaler invalid json", invalidMarshaler{`{"a":}`}},
		{"marshaler two values", invalidMarshaler{`1 2`}},
		{"marshaler empty", invalidMarshaler{``}},
		{"marshaler control char", invalidMarshaler{"\"a\x01\""}},
		{"marshaler bad escape", invalidMarshaler{`"\x"`}},
		{"marshaler surrogate pair", invalidMarshaler{`"\ud83d\ude00 \uD83D\uDE00"`}},
		{"marshaler numbers", invalidMarshaler{`[0, -0.0, 1E+2, 12e-1, 123456789012345678901234567890]`}},
		{"marshaler bad number", invalidMarshaler{`01`}},
		{"marshaler nested", invalidMarshaler{"{\"a\":{\"b\":[[],{},[{\"c\":null}]]},\"d\":\"\t\"}"}},
		{"text fails", failingText{}},
		{"both methods", both{}},
		{"time", tm},
		{"time zero", time.Time{}},
		{"embeds time", embedsTime{Time: tm, Note: "lost"}},
		{"time fields", embedsTimeField{When: tm, Dur: 1500 * time.Millisecond, Ptr: &tm}},
		{"duration", time.Duration(-1)},
		{"raw", withRaw{R: raw, PR: &raw}},
		{"raw html", json.RawMessage(`"<\u2028>"`)},
		{"raw invalid", json.RawMessage(`{`)},
		{"recursive", recursive{Name: "a", Next: &recursive{Name: "b"}, Kids: []recursive{{Name: "c"}}}},
		{"cycle pointer", cycP},
		{"cycle slice", cycS},
		{"cycle map", cycM},
		{"chan", ch},
		{"func", func() {}},
		{"complex", complex(1, 2)},
		{"complex64 in slice", []any{complex64(1)}},
		{"unsafe pointer", unsafe.Pointer(&n)},
		{"struct with func", withFunc{}},
		{"nil chan pointer", withChanPtr{}},
		{"chan pointer", withChanPtr{C: &ch}},
		{"NaN", math.NaN()},
		{"Inf in struct", struct{ F float32 }{float32(math.Inf(-1))}},
		{"NaN quoted", struct {
			F float64 `json:",string"`
		}{math.NaN()}},
		{"odd tags", oddTags{}},
		{"anonymous struct", struct {
			A int `json:"a"`
			B struct {
				C []string `json:"c"`
			}
		}{1, struct {
			C []string `json:"c"`
		}{[]string{"x"}}}},
	}
}

// compareWithStdlib compares jgen with json.Marshal and MarshalIndent on
// v: the same bytes, or both an error of the same encoding/json type.
func compareWithStdlib(t *testing.T, name string, v any) {
	t.Helper()
	for _, indent := range []bool{false, true} {
		var want []byte
		var wantErr error
		opts := stdlibOpts
		if indent {
			want, wantErr = json.MarshalIndent(v, "", "  ")
			opts = stdlibIndent
		} else {
			want, wantErr = json.Marshal(v)
		}
		got, err := jgen.Marshal(v, opts)
		if wantErr != nil || err != nil {
			if wantErr == nil || err == nil {
				t.Errorf("%s (indent %v): jgen error %v, encoding/json error %v; jgen wrote %s", name, indent, err, wantErr, got)
				continue
			}
			if a, b := jsonErrorKind(err), jsonErrorKind(wantErr); a != b {
				t.Errorf("%s (indent %v): jgen error %v is a %s, encoding/json's %v a %s", name, indent, err, a, wantErr, b)
			}
			var ee *jgen.EncodeError
			if !errors.As(err, &ee) {
				t.Errorf("%s: error %v is not an *EncodeError", name, err)
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s (indent %v):\n got %s\nwant %s", name, indent, got, want)
		}
	}
}

// jsonErrorKind names the encoding/json error type err matches.
func jsonErrorKind(err error) string {
	var (
		ut *json.UnsupportedTypeError
		uv *json.UnsupportedValueError
		me *json.MarshalerError
	)
	switch {
	case errors.As(err, &me):
		return "MarshalerError"
	case errors.As(err, &ut):
		return "UnsupportedTypeError"
	case errors.As(err, &uv):
		return "UnsupportedValueError"
	}
	return "other error"
}

func TestWriteValueTable(t *testing.T) {
	for _, c := range valueTable() {
		compareWithStdlib(t, c.name, c.v)
	}
}

// TestWriteValueWriterMode writes each table value through a generator in
// writer mode with the smallest buffer, inside an array, and between two
// other values: the same bytes as json.Marshal, or nothing at all.
func TestWriteValueWriterMode(t *testing.T) {
	for _, c := range valueTable() {
		want, wantErr := json.Marshal(c.v)
		var out bytes.Buffer
		g, err := jgen.NewGenerator(&out, &jgen.Options{Escaping: stdlibHere, BufferSize: 512})
		if err != nil {
			t.Fatal(err)
		}
		g.WriteStartArray()
		g.WriteString(strings.Repeat("x", 400))
		err = g.WriteValue(c.v)
		g.WriteInt(1)
		g.WriteEndArray()
		if cerr := g.Close(); cerr != nil && wantErr == nil {
			t.Errorf("%s: Close: %v", c.name, cerr)
		}
		prefix := `["` + strings.Repeat("x", 400) + `",`
		switch {
		case (err != nil) != (wantErr != nil):
			t.Errorf("%s: jgen error %v, encoding/json error %v", c.name, err, wantErr)
		case err != nil:
			if got, w := out.String(), prefix+"1]\n"; got != w {
				t.Errorf("%s: after a refused value\n got %s\nwant %s", c.name, got, w)
			}
		default:
			if got, w := out.String(), prefix+string(want)+",1]\n"; got != w {
				t.Errorf("%s:\n got %s\nwant %s", c.name, got, w)
			}
		}
	}
}

// TestWriteValueAtomic checks that a value that fails late, after much of
// it was written, leaves nothing behind in either mode, also when it is
// larger than the writer-mode buffer, and that the generator goes on.
func TestWriteValueAtomic(t *testing.T) {
	type late struct {
		Big  []string
		Tail any
	}
	big := make([]string, 100)
	for i := range big {
		big[i] = strings.Repeat("abc", 20)
	}
	bad := late{Big: big, Tail: []any{1, func() {}}}
	good := late{Big: big[:2], Tail: 1}
	goodJSON, _ := json.Marshal(good)
	want := `{"a":` + string(goodJSON) + `,"b":true}` + "\n" // the root terminator
	for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented, jgen.JacksonPretty} {
		for _, writer := range []bool{false, true} {
			var out bytes.Buffer
			opts := &jgen.Options{Escaping: stdlibHere, Layout: layout, BufferSize: 512}
			var g *jgen.Generator
			if writer {
				g, _ = jgen.NewGenerator(&out, opts)
			} else {
				g, _ = jgen.NewAppendGenerator([]byte("prefix:"), opts)
			}
			g.WriteStartObject()
			g.WriteName("a")
			err := g.WriteValue(bad)
			var ee *jgen.EncodeError
			if !errors.As(err, &ee) || ee.Pointer != "/Tail/1" {
				t.Fatalf("layout %v writer %v: error %#v, want an *EncodeError at /Tail/1", layout, writer, err)
			}
			if err := g.WriteValue(good); err != nil {
				t.Fatal(err)
			}
			g.WriteName("b")
			g.WriteBool(true)
			g.WriteEndObject()
			// Close returns nil, or the refused value's error where
			// Close reports the first error of any call.
			if cerr := g.Close(); cerr != nil && cerr != err {
				t.Fatalf("layout %v writer %v: Close: %v", layout, writer, cerr)
			}
			got := out.String()
			if !writer {
				got = strings.TrimPrefix(string(g.Bytes()), "prefix:")
			}
			if layout == jgen.Compact {
				if got != want {
					t.Errorf("writer %v:\n got %s\nwant %s", writer, got, want)
				}
				continue
			}
			var a, b any
			if err := json.Unmarshal([]byte(got), &a); err != nil {
				t.Fatalf("layout %v writer %v: %v in %s", layout, writer, err, got)
			}
			json.Unmarshal([]byte(want), &b)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("layout %v writer %v: got %s", layout, writer, got)
			}
		}
	}
}

// TestWriteValueGrammar: a value where a name is expected is refused as
// any token is, with a *SyntaxError, and writes nothing.
func TestWriteValueGrammar(t *testing.T) {
	g, _ := jgen.NewAppendGenerator(nil, nil)
	g.WriteStartObject()
	err := g.WriteValue(map[string]int{"a": 1})
	var se *jgen.SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, jgen.ErrSyntax) {
		t.Fatalf("value where a name is expected: %v", err)
	}
	g.WriteName("k")
	if err := g.WriteValue(map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	g.WriteEndObject()
	if got := string(g.Bytes()); got != `{"k":{"a":1}}`+"\n" {
		t.Errorf("got %s", got)
	}
}

// TestEncodeErrorPointer checks the JSON Pointer and the types errors.As
// finds.
func TestEncodeErrorPointer(t *testing.T) {
	type item struct {
		Price float64 `json:"price"`
	}
	type order struct {
		Items []item `json:"items"`
	}
	o := order{Items: make([]item, 5)}
	o.Items[3].Price = math.Inf(1)
	cases := []struct {
		v       any
		pointer string
		kind    string
	}{
		{o, "/items/3/price", "UnsupportedValueError"},
		{map[string]any{"a/b~c": []any{0, make(chan int)}}, "/a~1b~0c/1", "UnsupportedTypeError"},
		{[]any{withMarshalers{B: both{}, If: failingMarshaler{}}}, "/0/If", "MarshalerError"},
		{struct{ T failingText }{}, "/T", "MarshalerError"},
		{struct{ M invalidMarshaler }{invalidMarshaler{"nope"}}, "/M", "MarshalerError"},
		{complex(1, 1), "", "UnsupportedTypeError"},
	}
	for _, c := range cases {
		_, err := jgen.Marshal(c.v, nil)
		var ee *jgen.EncodeError
		if !errors.As(err, &ee) {
			t.Errorf("%T: error %v is not an *EncodeError", c.v, err)
			continue
		}
		if ee.Pointer != c.pointer {
			t.Errorf("%T: Pointer %q, want %q (%v)", c.v, ee.Pointer, c.pointer, err)
		}
		if k := jsonErrorKind(err); k != c.kind {
			t.Errorf("%T: error %v is a %s, want %s", c.v, err, k, c.kind)
		}
		if !strings.Contains(err.Error(), c.pointer) {
			t.Errorf("%T: message %q lacks the pointer", c.v, err)
		}
	}
	_, err := jgen.Marshal(struct{ M invalidMarshaler }{invalidMarshaler{"[1,"}}, nil)
	if !errors.Is(err, jgen.ErrInvalidValue) {
		t.Errorf("invalid MarshalJSON output: %v does not match ErrInvalidValue", err)
	}
	_, err = jgen.Marshal(struct{ N json.Number }{"1.2.3"}, nil)
	if ne := (*jgen.EncodeError)(nil); !errors.Is(err, jgen.ErrInvalidNumber) || !errors.As(err, &ne) || ne.Pointer != "/N" {
		t.Errorf("invalid json.Number: %v", err)
	}
	_, err = jgen.Marshal(struct{ T failingText }{}, nil)
	if !strings.Contains(err.Error(), "MarshalText") {
		t.Errorf("MarshalText failure: %q does not name the method", err)
	}
	// Invalid UTF-8 under the default (error) policy: a *UTF8Error with
	// its place.
	_, err = jgen.Marshal(map[string][]string{"k": {"ok", "bad\xff"}}, nil)
	var ue *jgen.UTF8Error
	var ee *jgen.EncodeError
	if !errors.As(err, &ue) || ue.Offset != 3 || !errors.As(err, &ee) || ee.Pointer != "/k/1" {
		t.Errorf("invalid UTF-8: %v", err)
	}
	for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented} {
		out, err := jgen.AppendMarshal([]byte("x"), map[string]map[string]int{"a": {"b\xffc": 1}}, &jgen.Options{Layout: layout})
		if !errors.As(err, &ue) || ue.Offset != 1 || !errors.As(err, &ee) || ee.Pointer != "/a" || string(out) != "x" {
			t.Errorf("invalid UTF-8 in a map key, layout %v: %q, %v", layout, out, err)
		}
	}
}

// TestWriteValueExceptions pins the listed differences from
// encoding/json: MarshalJSON output and RawMessage strings follow the
// generator's invalid-UTF-8 policy and escaping; NaN follows
// Options.NonFinite; nesting is limited by Options.MaxDepth.
func TestWriteValueExceptions(t *testing.T) {
	// Stdlib with the replace policy on every toolchain (Go 1.27's Stdlib
	// replaces with a raw U+FFFD).
	replace := jgen.Stdlib
	replace.InvalidUTF8 = jgen.InvalidUTF8Replace
	cases := []struct {
		name string
		v    any
		opts *jgen.Options
		want string
	}{
		{"lone surrogate escape, replace", json.RawMessage(`["\ud800x","\udc00\ud800","\ud83d\ude00"]`),
			&jgen.Options{Escaping: replace}, `["\ufffdx","\ufffd\ufffd","\ud83d\ude00"]`},
		{"invalid byte, replace", json.RawMessage("\"a\xffb\""),
			&jgen.Options{Escaping: replace}, `"a\ufffdb"`},
		{"invalid byte, replace-raw, ASCII", json.RawMessage("\"a\xffé\""),
			&jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 0x7F, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw, UpperHex: true}}, `"a\uFFFD\u00E9"`},
		{"escapes kept as written", json.RawMessage(`"\u00e9\/\u00E9"`),
			&jgen.Options{Escaping: jgen.Jackson}, `"\u00e9\/\u00E9"`},
		{"raw characters escaped", invalidMarshaler{"{\"<é>\":\"\u2028/'\"}"},
			&jgen.Options{Escaping: jgen.Escaping{HTMLSafe: true, EscapeSlash: true, MaxUnescaped: 0x7F, QuoteChar: '\''}}, `{'\u003c\u00e9\u003e':'\u2028\/\u0027'}`},
		{"NaN as null", []float64{math.NaN(), 1}, &jgen.Options{NonFinite: jgen.NonFiniteNull}, `[null,1]`},
		{"Inf as string", []float32{float32(math.Inf(-1))}, &jgen.Options{NonFinite: jgen.NonFiniteString}, `["-Infinity"]`},
		{"Jackson layout", map[string]any{"a": []int{1, 2}, "b": map[string]int{}, "c": json.RawMessage(`{"d" : [ ]}`)},
			&jgen.Options{Layout: jgen.JacksonPretty}, "{\n  \"a\" : [ 1, 2 ],\n  \"b\" : { },\n  \"c\" : {\n    \"d\" : [ ]\n  }\n}"},
	}
	for _, c := range cases {
		got, err := jgen.Marshal(c.v, c.opts)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: got %s, %v\nwant %s", c.name, got, err, c.want)
		}
	}
	_, err := jgen.Marshal(json.RawMessage("\"\\ud800\""), nil)
	var ve *jgen.ValueError
	var me *json.MarshalerError
	if !errors.As(err, &ve) || !errors.Is(err, jgen.ErrInvalidUTF8) || errors.As(err, &me) {
		t.Errorf("lone surrogate escape under the error policy: %v", err)
	}
	var deep any = 1
	for range 20 {
		deep = []any{deep}
	}
	_, err = jgen.Marshal(deep, &jgen.Options{MaxDepth: 10})
	if !errors.Is(err, jgen.ErrMaxDepth) {
		t.Errorf("nesting beyond MaxDepth: %v", err)
	}
	if _, err := jgen.Marshal(deep, &jgen.Options{MaxDepth: 20}); err != nil {
		t.Errorf("nesting at MaxDepth: %v", err)
	}
}

// TestMarshalAPI covers the forms around WriteValue.
func TestMarshalAPI(t *testing.T) {
	v := map[string]any{"b": []int{1}, "a": "<x>"}
	got, err := jgen.Marshal(v, nil)
	if err != nil || string(got) != `{"a":"<x>","b":[1]}` {
		t.Errorf("Marshal: %s, %v", got, err)
	}
	dst := []byte("head:")
	got, err = jgen.AppendMarshal(dst, v, &jgen.Options{Escaping: jgen.Stdlib})
	if err != nil || string(got) != `head:{"a":"\u003cx\u003e","b":[1]}` {
		t.Errorf("AppendMarshal: %s, %v", got, err)
	}
	got, err = jgen.AppendMarshal(dst, make(chan int), nil)
	if err == nil || string(got) != "head:" {
		t.Errorf("AppendMarshal of a channel: %q, %v", got, err)
	}
	if _, err := jgen.Marshal(1, &jgen.Options{Layout: 9}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Errorf("Marshal with bad options: %v", err)
	}
	var out bytes.Buffer
	enc, err := jgen.NewEncoder(&out, &jgen.Options{Escaping: stdlibHere})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	std := json.NewEncoder(&want)
	for _, c := range valueTable() {
		if err := std.Encode(c.v); err != nil {
			if enc.Encode(c.v) == nil {
				t.Errorf("Encoder: %s encoded, encoding/json refused it", c.name)
			}
			continue
		}
		if err := enc.Encode(c.v); err != nil {
			t.Errorf("Encoder: %s: %v", c.name, err)
		}
	}
	if out.String() != want.String() {
		t.Errorf("Encoder output differs from json.Encoder:\n got %s\nwant %s", out.Bytes(), want.Bytes())
	}
	out.Reset()
	want.Reset()
	enc, _ = jgen.NewEncoder(&out, &jgen.Options{Escaping: stdlibHere, Layout: jgen.Indented, Indent: "\t"})
	std = json.NewEncoder(&want)
	std.SetIndent("", "\t")
	for _, v := range []any{map[string][]int{"a": {1, 2}, "b": {}}, tagged{}, []any{}} {
		enc.Encode(v)
		std.Encode(v)
	}
	if out.String() != want.String() {
		t.Errorf("indenting Encoder differs from json.Encoder:\n got %s\nwant %s", out.Bytes(), want.Bytes())
	}
	if _, err := jgen.NewEncoder(&out, &jgen.Options{Indent: "x"}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Errorf("NewEncoder with bad options: %v", err)
	}
}

// TestStructNamesPerEscaping: the quoted names of a struct type are
// cached per Escaping, never reused under another one, also when the
// escaping changes between two values of one generator.
func TestStructNamesPerEscaping(t *testing.T) {
	type names struct {
		A int `json:"<é/>"`
	}
	g, _ := jgen.NewAppendGenerator(nil, nil)
	g.WriteStartArray()
	g.WriteValue(names{1})
	g.SetEscaping(jgen.Escaping{HTMLSafe: true, EscapeSlash: true, MaxUnescaped: 0x7F, UpperHex: true})
	g.WriteValue(names{2})
	g.SetEscaping(jgen.Minimal)
	g.WriteValue(names{3})
	g.WriteEndArray()
	want := `[{"<é/>":1},{"\u003C\u00E9\/\u003E":2},{"<é/>":3}]` + "\n"
	if got := string(g.Bytes()); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

type panicking struct{}

func (panicking) MarshalJSON() ([]byte, error) { panic("boom") }

// TestWriteValuePanic: a panic in a MarshalJSON method reaches the caller
// and leaves the generator as it was before the value, in both modes.
func TestWriteValuePanic(t *testing.T) {
	for _, writer := range []bool{false, true} {
		var out bytes.Buffer
		var g *jgen.Generator
		if writer {
			g, _ = jgen.NewGenerator(&out, nil)
		} else {
			g, _ = jgen.NewAppendGenerator(nil, nil)
		}
		g.WriteStartArray()
		g.WriteInt(1)
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Errorf("writer %v: recovered %v", writer, r)
				}
			}()
			g.WriteValue([]any{strings.Repeat("x", 600), panicking{}})
		}()
		g.WriteInt(2)
		g.WriteEndArray()
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !writer {
			got = string(g.Bytes())
		}
		if got != "[1,2]\n" {
			t.Errorf("writer %v: got %q", writer, got)
		}
	}
}

// TestWriteValueRootTerminator: a value WriteValue completes at the root
// is followed by the root terminator, whichever path wrote its last token
// (a scalar, a container's end, MarshalJSON output), in both modes; Marshal
// writes nothing after the value whatever the options; an Encoder writes
// one "\n" after each value whatever the options, as json.Encoder.
func TestWriteValueRootTerminator(t *testing.T) {
	values := []any{nil, 7, "s", []int{1}, map[string]int{"a": 1},
		json.RawMessage(`"x"`), json.RawMessage(` [1, {"b" : 2}] `), json.RawMessage(`3`)}
	want := "null\n7\n\"s\"\n[1]\n{\"a\":1}\n\"x\"\n[1,{\"b\":2}]\n3\n"
	for _, writer := range []bool{false, true} {
		var out bytes.Buffer
		var g *jgen.Generator
		if writer {
			g, _ = jgen.NewGenerator(&out, nil)
		} else {
			g, _ = jgen.NewAppendGenerator(nil, nil)
		}
		for _, v := range values {
			if err := g.WriteValue(v); err != nil {
				t.Fatalf("writer %v: %v: %v", writer, v, err)
			}
		}
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !writer {
			got = string(g.Bytes())
		}
		if got != want {
			t.Errorf("writer %v:\n got %q\nwant %q", writer, got, want)
		}
	}
	for _, opts := range []*jgen.Options{nil, {Layout: jgen.JacksonPretty}, {RootTerminator: "\r\n", RootSeparator: " "}} {
		for _, v := range values {
			got, err := jgen.Marshal(v, opts)
			if err != nil {
				t.Fatal(err)
			}
			std, _ := json.Marshal(v)
			if opts == nil && string(got) != string(std) {
				t.Errorf("Marshal(%s): got %q, want %q", std, got, std)
			}
			if n := len(got); n == 0 || got[n-1] == '\n' || got[n-1] == ' ' {
				t.Errorf("Marshal(%s, %+v): got %q, with something after the value", std, opts, got)
			}
		}
	}
	var out bytes.Buffer
	enc, _ := jgen.NewEncoder(&out, &jgen.Options{RootTerminator: "\r\n", RootSeparator: " "})
	for _, v := range values {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if got := out.String(); got != want {
		t.Errorf("Encoder:\n got %q\nwant %q", got, want)
	}
}

// TestWriteValueCloseReports: Close reports a value WriteValue refused,
// the very error WriteValue returned, not the error of a token method that
// failed inside the value; a value that panics leaves no error behind.
func TestWriteValueCloseReports(t *testing.T) {
	deep := []any{[]any{[]any{1}}}
	cases := []struct {
		name string
		v    any
		opts *jgen.Options
	}{
		{"channel", []any{1, make(chan int)}, nil},
		{"invalid UTF-8 in a string", []any{"a", "\xff"}, &jgen.Options{Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Error}}},
		{"too deep", deep, &jgen.Options{MaxDepth: 2}},
		{"invalid MarshalJSON output", invalidMarshaler{"[1,"}, nil},
	}
	for _, c := range cases {
		for _, writer := range []bool{false, true} {
			var out bytes.Buffer
			var g *jgen.Generator
			if writer {
				g, _ = jgen.NewGenerator(&out, c.opts)
			} else {
				g, _ = jgen.NewAppendGenerator(nil, c.opts)
			}
			err := g.WriteValue(c.v)
			var ee *jgen.EncodeError
			if !errors.As(err, &ee) {
				t.Fatalf("%s: WriteValue: %v, want an *EncodeError", c.name, err)
			}
			if err := g.WriteInt(1); err != nil {
				t.Fatal(err)
			}
			if cerr := g.Close(); cerr != err {
				t.Errorf("%s, writer %v: Close: %v, want %v", c.name, writer, cerr, err)
			}
		}
	}
	g, _ := jgen.NewAppendGenerator(nil, nil)
	func() {
		defer func() { recover() }()
		g.WriteValue([]any{1, panicking{}})
	}()
	g.WriteInt(1)
	if err := g.Close(); err != nil || string(g.Bytes()) != "1\n" {
		t.Errorf("after a panic: %q, Close: %v", g.Bytes(), err)
	}
}

// TestWriteValueBytesEscaped: the base64 text of a []byte obeys the
// escaping like any string, where the escaping changes a base64 symbol
// ('/' under EscapeSlash, 'A' under a CharacterEscapes rule, found by its
// table or by its scan hook), and is encoding/json's text otherwise.
func TestWriteValueBytesEscaped(t *testing.T) {
	data := []byte{0xFF, 0xF0, 0x00, 0x03, 0xE0} // base64 "//AAA+A="
	aEscapes, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'A': jgen.EscapeUnicode()}})
	chk(t, err)
	aHooked, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII:       map[byte]jgen.Escape{'A': jgen.EscapeUnicode()},
		IndexEscape: func(s []byte) int { return bytes.IndexByte(s, 'A') },
	})
	chk(t, err)
	cases := []struct {
		name string
		esc  jgen.Escaping
		want string
	}{
		{"Stdlib", jgen.Stdlib, `"//AAA+A="`},
		{"Minimal", jgen.Minimal, `"//AAA+A="`},
		{"EscapeSlash", jgen.Escaping{EscapeSlash: true}, `"\/\/AAA+A="`},
		{"CharacterEscapes A", jgen.Escaping{CharacterEscapes: aEscapes}, `"//\u0041\u0041\u0041+\u0041="`},
		{"CharacterEscapes A, hook", jgen.Escaping{CharacterEscapes: aHooked, UpperHex: true}, `"//\u0041\u0041\u0041+\u0041="`},
	}
	for _, c := range cases {
		for _, v := range []any{data, struct{ B []byte }{data}} {
			got, err := jgen.Marshal(v, &jgen.Options{Escaping: c.esc})
			want := c.want
			if _, ok := v.([]byte); !ok {
				want = `{"B":` + want + `}`
			}
			if err != nil || string(got) != want {
				t.Errorf("%s: got %s, %v\nwant %s", c.name, got, err, want)
			}
		}
	}
	// The answer is per escaping: the same generator, escaping switched.
	g, _ := jgen.NewAppendGenerator(nil, nil)
	g.WriteStartArray()
	g.WriteValue(data)
	g.SetEscaping(jgen.Escaping{EscapeSlash: true})
	g.WriteValue(data)
	g.SetEscaping(jgen.Minimal)
	g.WriteValue(data)
	g.WriteEndArray()
	if got, want := string(g.Bytes()), `["//AAA+A=","\/\/AAA+A=","//AAA+A="]`+"\n"; got != want {
		t.Errorf("escaping switched:\n got %s\nwant %s", got, want)
	}
}
