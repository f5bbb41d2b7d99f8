package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

func TestWriteIntUint(t *testing.T) {
	ints := []struct {
		v    int64
		want string
	}{
		{0, "0"}, {1, "1"}, {-1, "-1"}, {9, "9"}, {10, "10"}, {-10, "-10"},
		{math.MaxInt64, "9223372036854775807"}, {math.MinInt64, "-9223372036854775808"},
		{math.MaxInt32, "2147483647"}, {math.MinInt32, "-2147483648"},
		{1 << 53, "9007199254740992"}, {-(1 << 53) - 1, "-9007199254740993"},
	}
	for _, tc := range ints {
		t.Run("int/"+tc.want, func(t *testing.T) {
			if got := runOps(t, nil, op{"Int", func(g *jgen.Generator) error { return g.WriteInt(tc.v) }}); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	uints := []struct {
		v    uint64
		want string
	}{
		{0, "0"}, {1, "1"}, {math.MaxUint64, "18446744073709551615"}, {math.MaxInt64 + 1, "9223372036854775808"},
		{math.MaxUint32, "4294967295"},
	}
	for _, tc := range uints {
		t.Run("uint/"+tc.want, func(t *testing.T) {
			if got := runOps(t, nil, op{"Uint", func(g *jgen.Generator) error { return g.WriteUint(tc.v) }}); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	// Extremes in an array, through a small writer buffer.
	ops := []op{opStartArray()}
	want := "["
	for i := range 200 {
		v := int64(math.MinInt64)
		if i%2 == 1 {
			v = math.MaxInt64
		}
		ops = append(ops, opInt(v))
		if i > 0 {
			want += ","
		}
		want += map[bool]string{true: "-9223372036854775808", false: "9223372036854775807"}[i%2 == 0]
	}
	ops = append(ops, opEndArray())
	want += "]"
	if got := runOpsWriter(t, &jgen.Options{BufferSize: 512}, ops...); got != want {
		t.Errorf("array of extremes: got %q", got)
	}
}

// floatWant is encoding/json's output for v.
func floatWant(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteFloatTable(t *testing.T) {
	f64 := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "-0"}, {1, "1"}, {-1, "-1"}, {0.1, "0.1"}, {1.5, "1.5"},
		{1e-7, "1e-7"}, {1e-6, "0.000001"}, {0.000001, "0.000001"}, {9.99999e-7, "9.99999e-7"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {123456789e13, "1.23456789e+21"},
		{999999999999999900000, "999999999999999900000"},
		{math.MaxFloat64, "1.7976931348623157e+308"}, {-math.MaxFloat64, "-1.7976931348623157e+308"},
		{math.SmallestNonzeroFloat64, "5e-324"}, {-math.SmallestNonzeroFloat64, "-5e-324"},
		{2.2250738585072014e-308, "2.2250738585072014e-308"}, {2.225073858507201e-308, "2.225073858507201e-308"},
		{1e100, "1e+100"}, {1e-100, "1e-100"}, {1.2e-10, "1.2e-10"}, {100, "100"}, {1 << 53, "9007199254740992"},
		{0.30000000000000004, "0.30000000000000004"}, {123456.789, "123456.789"}, {-1e-7, "-1e-7"}, {-1e21, "-1e+21"},
		{float64(float32(0.1)), "0.10000000149011612"},
	}
	for _, tc := range f64 {
		t.Run("64/"+tc.want, func(t *testing.T) {
			if m := floatWant(t, tc.v); m != tc.want {
				t.Fatalf("table error: json.Marshal gives %s", m)
			}
			if got := runOps(t, nil, op{"Float", func(g *jgen.Generator) error { return g.WriteFloat(tc.v) }}); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	f32 := []struct {
		v    float32
		want string
	}{
		{0, "0"}, {float32(math.Copysign(0, -1)), "-0"}, {0.1, "0.1"}, {1.1, "1.1"}, {1e-7, "1e-7"}, {1e-6, "0.000001"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {math.MaxFloat32, "3.4028235e+38"},
		{math.SmallestNonzeroFloat32, "1e-45"}, {-math.SmallestNonzeroFloat32, "-1e-45"}, {1.17549435e-38, "1.1754944e-38"},
		{16777216, "16777216"}, {3.14159, "3.14159"},
	}
	for _, tc := range f32 {
		t.Run("32/"+tc.want, func(t *testing.T) {
			if m := floatWant(t, tc.v); m != tc.want {
				t.Fatalf("table error: json.Marshal gives %s", m)
			}
			if got := runOps(t, nil, op{"Float32", func(g *jgen.Generator) error { return g.WriteFloat32(tc.v) }}); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestWriteFloatRandomBits compares WriteFloat and WriteFloat32 with
// encoding/json.Marshal over random bit patterns (NaN and Inf skipped) and
// around the format switch points.
func TestWriteFloatRandomBits(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(3, 4))
	g := appendGen(t, nil)
	buf := make([]byte, 0, 64)
	var mismatches int
	check := func(v any, got []byte) {
		want, _ := json.Marshal(v)
		want = append(want, '\n') // the root terminator
		if !bytes.Equal(got, want) {
			mismatches++
			if mismatches < 10 {
				t.Errorf("%T %v (bits %x): got %s, want %s", v, v, bitsOf(v), got, want)
			}
		}
	}
	for i := range n {
		var v64 float64
		switch i % 4 {
		case 0, 1:
			v64 = math.Float64frombits(r.Uint64())
		case 2: // near the 'f'/'e' switches
			v64 = []float64{1e-6, 1e21, 1e-7, 1e20}[r.IntN(4)] * (1 + (r.Float64()-0.5)*1e-10)
		case 3:
			v64 = r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
		}
		if !math.IsNaN(v64) && !math.IsInf(v64, 0) {
			g.ResetAppend(buf[:0])
			chk(t, g.WriteFloat(v64))
			buf = g.Bytes()
			check(v64, buf)
		}
		var v32 float32
		if i%2 == 0 {
			v32 = math.Float32frombits(r.Uint32())
		} else {
			v32 = float32(v64)
		}
		if !math.IsNaN(float64(v32)) && !math.IsInf(float64(v32), 0) {
			g.ResetAppend(buf[:0])
			chk(t, g.WriteFloat32(v32))
			buf = g.Bytes()
			check(v32, buf)
		}
	}
	if mismatches > 0 {
		t.Errorf("%d mismatches", mismatches)
	}
}

func bitsOf(v any) uint64 {
	switch v := v.(type) {
	case float64:
		return math.Float64bits(v)
	case float32:
		return uint64(math.Float32bits(v))
	}
	return 0
}

// TestNonFinite checks NaN and ±Inf under each policy, for both widths.
func TestNonFinite(t *testing.T) {
	vals := []struct {
		name string
		v    float64
		str  string
	}{
		{"NaN", math.NaN(), `"NaN"`}, {"+Inf", math.Inf(1), `"Infinity"`}, {"-Inf", math.Inf(-1), `"-Infinity"`},
	}
	apos := jgen.Minimal
	apos.QuoteChar = '\''
	for _, v := range vals {
		for _, width := range []string{"64", "32"} {
			write := func(g *jgen.Generator) error {
				if width == "32" {
					return g.WriteFloat32(float32(v.v))
				}
				return g.WriteFloat(v.v)
			}
			t.Run(v.name+"/"+width+"/error", func(t *testing.T) {
				for _, mode := range []string{"append", "writer"} {
					var w bytes.Buffer
					g := appendGen(t, nil)
					if mode == "writer" {
						g, _ = jgen.NewGenerator(&w, nil)
					}
					chk(t, g.WriteStartArray())
					chk(t, g.WriteInt(1))
					var ve *jgen.ValueError
					err := write(g)
					if !errors.Is(err, jgen.ErrNonFinite) || !errors.As(err, &ve) || ve.Offset != 2 {
						t.Fatalf("%s: got %v, want a *ValueError matching ErrNonFinite at offset 2", mode, err)
					}
					chk(t, g.WriteInt(2))
					chk(t, g.WriteEndArray())
					if cerr := g.Close(); cerr != err {
						t.Errorf("%s: Close = %v, want the refusal %v", mode, cerr, err)
					}
					got := w.String()
					if mode == "append" {
						got = string(g.Bytes())
					}
					if got != "[1,2]\n" {
						t.Errorf("%s: got %q, want [1,2]", mode, got)
					}
				}
			})
			t.Run(v.name+"/"+width+"/string", func(t *testing.T) {
				got := runOps(t, &jgen.Options{NonFinite: jgen.NonFiniteString}, opStartObject(), opName("v"), op{"f", write}, opEndObject())
				if want := `{"v":` + v.str + `}`; got != want {
					t.Errorf("got %s, want %s", got, want)
				}
				got = runOps(t, &jgen.Options{NonFinite: jgen.NonFiniteString, Escaping: apos}, op{"f", write})
				if want := "'" + v.str[1:len(v.str)-1] + "'"; got != want {
					t.Errorf("quote ': got %s, want %s", got, want)
				}
			})
			t.Run(v.name+"/"+width+"/null", func(t *testing.T) {
				got := runOps(t, &jgen.Options{NonFinite: jgen.NonFiniteNull, Layout: jgen.JacksonPretty}, opStartArray(), op{"f", write}, op{"f", write}, opEndArray())
				if want := `[ null, null ]`; got != want {
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
	t.Run("refused where a name is expected", func(t *testing.T) {
		g := appendGen(t, nil)
		chk(t, g.WriteStartObject())
		var se *jgen.SyntaxError
		if err := g.WriteFloat(math.NaN()); !errors.As(err, &se) || se.Token != "number" {
			t.Errorf("NaN where a name is expected = %v, want *SyntaxError for number", err)
		}
	})
}

// TestWriteNumber checks the RFC 8259 §6 grammar of WriteNumber.
func TestWriteNumber(t *testing.T) {
	valid := []string{
		"0", "-0", "1", "-1", "9", "10", "1234567890", "0.0", "-0.0", "0.5", "1.50", "10.01",
		"1e5", "1E5", "1e+5", "1e-5", "1E+05", "0e0", "-0E-0", "2e-3", "1.5e10", "-1.5E-10",
		"123456789012345678901234567890", "1." + strings.Repeat("0", 400) + "1", "1e999999", "-0.000001",
	}
	for _, s := range valid {
		t.Run("valid/"+s[:min(len(s), 20)], func(t *testing.T) {
			if got := runOps(t, nil, opStartArray(), opNumber(s), opEndArray()); got != "["+s+"]" {
				t.Errorf("got %q", got)
			}
			if got := runOpsWriter(t, &jgen.Options{BufferSize: 512}, opStartArray(), opNumber(s), opEndArray()); got != "["+s+"]" {
				t.Errorf("writer: got %q", got)
			}
		})
	}
	invalid := []string{
		"", "-", "+", "01", "-01", "00", "+1", ".5", "-.5", "1.", "1.e5", "1e", "1e+", "1E-", "e5",
		" 1", "1 ", "1\n", "NaN", "Infinity", "-Infinity", "0x10", "1.5.5", "1e5.5", "1e5e5", "--1",
		"1,2", "１", "1_000", "\x00", "1\x00", "0.", "-0.", "1ee5", "1e+-5", "true", "null", `"1"`,
	}
	for _, s := range invalid {
		t.Run("invalid/"+s, func(t *testing.T) {
			g := appendGen(t, nil)
			chk(t, g.WriteStartArray())
			chk(t, g.WriteInt(1))
			err := g.WriteNumber(s)
			if !errors.Is(err, jgen.ErrInvalidNumber) {
				t.Fatalf("got %v, want ErrInvalidNumber", err)
			}
			var se *jgen.SyntaxError
			if errors.As(err, &se) {
				t.Errorf("got a *SyntaxError")
			}
			if got := string(g.Bytes()); got != "[1" {
				t.Errorf("output after refused number %q", got)
			}
			chk(t, g.WriteInt(2))
			chk(t, g.WriteEndArray())
			if got := string(g.Bytes()); got != "[1,2]\n" {
				t.Errorf("got %q", got)
			}
		})
	}
}

// TestWriteRawValue checks validation, re-encoded output and the buffer
// (raw_test.go checks the rule for checked raw values in depth).
func TestWriteRawValue(t *testing.T) {
	valid := []struct{ name, raw, want, ascii string }{
		{"object", `{"a":[1,2,{"b":null}],"c":"\u00e9"}`, "", ""},
		{"scalar", `-1.5e3`, "", ""},
		{"string", `"x\"y"`, "", ""},
		{"whitespace dropped", " \t\n {\"a\" : 1} \r\n", `{"a":1}`, ""},
		{"literal", `true`, "", ""},
		{"unescaped unicode", `"é😀"`, "", `"\u00e9\ud83d\ude00"`},
	}
	for _, tc := range valid {
		t.Run("valid/"+tc.name, func(t *testing.T) {
			o := op{"raw", func(g *jgen.Generator) error { return g.WriteRawValue([]byte(tc.raw)) }}
			want := "[0," + tc.raw + "]"
			if tc.want != "" {
				want = "[0," + tc.want + "]"
			}
			if got := runOps(t, nil, opStartArray(), opInt(0), o, opEndArray()); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
			if tc.ascii != "" {
				want = "[0," + tc.ascii + "]"
			}
			if got := runOps(t, &jgen.Options{Escaping: jgen.ASCII}, opStartArray(), opInt(0), o, opEndArray()); got != want {
				t.Errorf("ASCII escaping: got %q, want %q", got, want)
			}
		})
	}
	invalid := []struct{ name, raw string }{
		{"empty", ``},
		{"space only", ` `},
		{"two values", `1 2`},
		{"two objects", `{}{}`},
		{"unterminated", `{"a":1`},
		{"bad literal", `nul`},
		{"open string", `"abc`},
		{"trailing comma", `[1,]`},
		{"control in string", "\"a\x01\""},
		{"bad number", `01`},
		{"single quotes", `'a'`},
	}
	for _, tc := range invalid {
		t.Run("invalid/"+tc.name, func(t *testing.T) {
			g := appendGen(t, nil)
			chk(t, g.WriteStartObject())
			chk(t, g.WriteName("k"))
			if err := g.WriteRawValue([]byte(tc.raw)); !errors.Is(err, jgen.ErrInvalidValue) {
				t.Fatalf("got %v, want ErrInvalidValue", err)
			}
			if got := string(g.Bytes()); got != `{"k"` {
				t.Errorf("output after refused raw %q", got)
			}
			chk(t, g.WriteNull())
			chk(t, g.WriteEndObject())
			if got := string(g.Bytes()); got != "{\"k\":null}\n" {
				t.Errorf("got %q", got)
			}
		})
	}
	t.Run("unchecked", func(t *testing.T) {
		got := runOps(t, nil, opStartArray(), op{"u", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked([]byte(`1 2`)) }},
			op{"u", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked(nil) }}, opEndArray())
		if got != `[1 2,]` {
			t.Errorf("got %q", got)
		}
	})
	t.Run("larger than buffer", func(t *testing.T) {
		var sb strings.Builder
		sb.WriteString("[")
		for i := range 20000 {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(`{"k":"é\n"}`)
		}
		sb.WriteString("]")
		raw := sb.String()
		for _, checked := range []bool{true, false} {
			o := op{"raw", func(g *jgen.Generator) error {
				if checked {
					return g.WriteRawValue([]byte(raw))
				}
				return g.WriteRawValueUnchecked([]byte(raw))
			}}
			want := "[\"a\"," + raw + ",1]"
			got := runOpsWriter(t, &jgen.Options{BufferSize: 512}, opStartArray(), opString("a"), o, opInt(1), opEndArray())
			if got != want {
				t.Errorf("checked=%v: got %d bytes, want %d", checked, len(got), len(want))
			}
			var cw sizeWriter
			g, _ := jgen.NewGenerator(&cw, &jgen.Options{BufferSize: 512})
			chk(t, o.do(g))
			chk(t, g.Close())
			if cw.maxWrite > 512+64 {
				t.Errorf("checked=%v: a single Write of %d bytes: the buffer grew", checked, cw.maxWrite)
			}
		}
	})
}

type sizeWriter struct {
	n, maxWrite int
}

func (w *sizeWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	w.maxWrite = max(w.maxWrite, len(p))
	return len(p), nil
}
