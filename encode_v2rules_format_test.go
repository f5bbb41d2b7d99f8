//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// The format tag option under jgen's v2 rules (JSONv2.SupportFormatTag)
// against encoding/json/v2's Marshal of Go 1.27 with its experimental
// option that enables the tag: every format of every kind v2 takes one
// on, byte for byte, and a decline wherever v2 refuses the format.

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// formatTagOption is encoding/json/v2's option that enables the format
// tag option: jsonopts recognises it by its marker method
// ExperimentalSupportFormatTag (the way jsonopts expects
// github.com/go-json-experiment/json to expose it).
type formatTagOption struct{ jsonv2.Options }

func (formatTagOption) ExperimentalSupportFormatTag() bool { return true }

// v2FormatCases are v2OptionCases with the format tag enabled.
func v2FormatCases() []v2Case {
	cases := v2OptionCases()
	for i := range cases {
		c := &cases[i]
		c.name += "+format"
		c.std = append(c.std[:len(c.std):len(c.std)], formatTagOption{})
		o := *c.jgen.V2
		o.SupportFormatTag = true
		c.jgen.V2 = &o
	}
	return cases
}

type (
	fmtPtrDur struct {
		A **time.Duration `json:",format:milli"`
	}
	fmtText struct {
		A v2Text `json:",format:hex"`
	}
	fmtNamedB struct {
		A []namedByte `json:",format:emitnull"`
	}
	fmtNamedB6 struct {
		A []namedByte `json:",format:base64"`
	}
	namedByte byte
	// fmtUnsupported's MarshalJSONTo returns errors.ErrUnsupported: v2
	// then writes it by its kind, format and all (declined).
	fmtUnsupported [2]byte
)

// A pointer type that points at itself, under a format (declined).
type (
	selfPointer *selfPointer
	fmtSelf     struct {
		A selfPointer `json:",format:unix"`
	}
)

var selfPtr selfPointer

// fmtInner's formats are promoted into fmtEmbeds, through a pointer.
type (
	fmtInner struct {
		D time.Duration `json:"d,format:units"`
		T time.Time     `json:"t,omitzero,format:unixmicro"`
	}
	fmtEmbeds struct {
		*fmtInner
		B []byte `json:"b,format:base32"`
	}
)

// fmtDominated's member d is its own, fmtShadowed's at a greater depth
// left out: v2 refuses the format there all the same without the
// option.
type (
	fmtShadowed struct {
		D time.Duration `json:"d,format:units"`
		N int           `json:"n"`
	}
	fmtDominated struct {
		D int `json:"d"`
		fmtShadowed
	}
)

func (fmtUnsupported) MarshalJSONTo(*jsontext.Encoder) error { return errors.ErrUnsupported }

var (
	fmtTime     = time.Date(2024, 2, 29, 13, 4, 5, 123456789, time.UTC)
	fmtZone     = time.Date(1999, 12, 31, 23, 59, 59, 5000, time.FixedZone("X<&>", -(9*3600+30*60)))
	fmtNeg      = time.Unix(-1, 5)
	fmtBigYear  = time.Date(12345, 1, 2, 3, 4, 5, 6, time.UTC)
	fmtNegYear  = time.Date(-5, 1, 2, 3, 4, 5, 6, time.UTC)
	fmtBigZone  = time.Date(2000, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600))
	fmtDur      = -(90*time.Minute + 5*time.Second + 7*time.Millisecond)
	fmtDurPtr   = &fmtDur
	fmtTimes    = []time.Time{{}, fmtTime, fmtZone, fmtNeg, time.Unix(0, 0), time.Unix(1<<40, 999999999), time.Unix(-1<<40, 1), fmtBigYear, fmtNegYear, fmtBigZone, time.Unix(0, 0).Add(-time.Nanosecond)}
	fmtDurs     = []time.Duration{0, 1, -1, time.Microsecond, 1500 * time.Millisecond, fmtDur, 25*time.Hour + time.Nanosecond, math.MaxInt64, math.MinInt64, -time.Hour, 59 * time.Second}
	fmtBytes    = [][]byte{nil, {}, {0}, {0xff, 0xfe, 0xfd, 0xfc, 0xfb}, []byte("hello, world")}
	fmtFloats   = []float64{0, -0.0, 1.5, 1e21, math.NaN(), math.Inf(1), math.Inf(-1), math.SmallestNonzeroFloat64}
	timeFormats = []string{"RFC3339", "RFC3339Nano", "ANSIC", "UnixDate", "RubyDate", "RFC822", "RFC822Z", "RFC850", "RFC1123", "RFC1123Z",
		"Kitchen", "Stamp", "StampMilli", "StampMicro", "StampNano", "DateTime", "DateOnly", "TimeOnly",
		"unix", "unixmilli", "unixmicro", "unixnano", "'2006-01-02'", "'<2006>\"&\\u2028'", "'Mon, 02 Jan'", "'15:04:05.000 MST'", "'Jan _2 .999'",
		"Foo", "rfc3339", "x2006", "'Z07'", "'a,b'"}
	durFormats  = []string{"sec", "milli", "micro", "nano", "units", "iso8601", "Sec", "seconds", "'units'", "'1s'"}
	byteFormats = []string{"base64", "base64url", "base32", "base32hex", "base16", "hex", "array", "emitnull", "emitempty", "Base64", "'hex'"}
	// The formats v2 takes on slices and maps and those it refuses there.
	emitFormats = []string{"emitnull", "emitempty", "'emitnull'", "emitNull", "nonfinite"}
)

// fmtStruct returns a value of a struct of one field A of the type of v
// with the json tag options opts, holding v.
func fmtStruct(v any, opts string) any {
	t := reflect.TypeOf(v)
	st := reflect.StructOf([]reflect.StructField{{Name: "A", Type: t, Tag: reflect.StructTag(fmt.Sprintf(`json:%q`, opts))}})
	s := reflect.New(st).Elem()
	s.Field(0).Set(reflect.ValueOf(v))
	return s.Interface()
}

// fmtValue is a struct of the format differential tests; must says
// that jgen implements its format: jgen writes it wherever v2 does.
type fmtValue struct {
	v    any
	must bool
	// zeroer: the field is a pointer with an IsZero method, which the v2
	// rules decline under omitzero and OmitZeroStructFields.
	zeroer bool
}

// numericFormats are the formats v2 writes as numbers, which take the
// string option.
var numericFormats = map[string]bool{"unix": true, "unixmilli": true, "unixmicro": true, "unixnano": true,
	"sec": true, "milli": true, "micro": true, "nano": true, "nonfinite": true}

// fmtValues are the structs of the format differential tests, each a
// field of a format (with or without string, omitempty, omitzero) and
// the values of its type, direct and behind pointers; valid is how many
// of the formats given v2 takes on the type (the others it refuses).
func fmtValues() []fmtValue {
	var out []fmtValue
	add := func(v any, formats []string, valid int) {
		ptr := reflect.TypeOf(v).Kind() == reflect.Pointer
		_, zeroer := v.(interface{ IsZero() bool })
		for i, f := range formats {
			for _, extra := range []string{"", "omitempty,", "omitzero,", "string,", "omitempty,string,"} {
				must := i < valid && (!ptr && extra != "string," && extra != "omitempty,string," ||
					ptr && (extra == "" || extra == "omitempty,") ||
					!ptr && numericFormats[strings.Trim(f, "'")])
				out = append(out, fmtValue{fmtStruct(v, ","+extra+"format:"+f), must, ptr && zeroer})
			}
		}
	}
	for _, tm := range fmtTimes {
		add(tm, timeFormats, 27)
		add(&tm, timeFormats[:3], 3)
	}
	add((*time.Time)(nil), timeFormats[:3], 3)
	for _, d := range fmtDurs {
		add(d, durFormats, 6)
	}
	add(&fmtDurPtr, durFormats[:2], 2)
	for _, b := range fmtBytes {
		add(b, byteFormats, 7)
		if len(b) == 5 {
			add([5]byte(b), byteFormats, 7)
			add(&b, byteFormats[:2], 2)
		}
	}
	add([0]byte{}, byteFormats[:7], 7)
	for _, x := range fmtFloats {
		add(x, []string{"nonfinite", "Nonfinite", "base64"}, 1)
		add(float32(x), []string{"nonfinite"}, 1)
		add(&x, []string{"nonfinite"}, 1)
	}
	for _, v := range []any{[]int(nil), []int{}, []int{1, 2}, map[string]int(nil), map[string]int{}, map[string]int{"b": 1, "a": 2},
		[][]int{nil, {}}, map[string][]int{"a": nil}, []string(nil), (*[]int)(nil), &[]int{}, []namedByte(nil), []namedByte{1},
		[]time.Time(nil), []time.Time{fmtTime}} {
		add(v, emitFormats, 3)
	}
	for _, v := range []any{[2]int{}, []float64{math.NaN()}} {
		add(v, emitFormats, 0)
	}
	// Kinds v2 refuses any format on, and types with methods.
	for _, v := range []any{0, "s", true, uint8(3), struct{ B int }{}, [1]int{}, fmtUnsupported{}} {
		add(v, []string{"unix", "emitnull", "base64", "nonfinite"}, 0)
	}
	// Types with methods: v2 calls them, the format ignored.
	for _, v := range []any{v2Text{"t"}, ptrMarshaler{}, &ptrText{}} {
		add(v, []string{"hex", "emitnull", "Bogus"}, 3)
	}
	for _, v := range []any{
		struct {
			A any `json:",format:unix"`
		}{},
		struct {
			A any `json:",format:emitnull"`
		}{A: []int(nil)},
		fmtPtrDur{}, fmtNamedB6{},
		struct {
			A time.Time `json:",format:unix,omitempty"` // format not last: v2 refuses
		}{},
		struct {
			A time.Time `json:",format:"` // no value
		}{},
		struct {
			A time.Time `json:",format"` // no value
		}{},
		struct {
			A time.Time `json:",format:''"` // empty
		}{},
		struct {
			A time.Time `json:",format:'x"` // unterminated
		}{},
	} {
		out = append(out, fmtValue{v: v})
	}
	for _, v := range []any{
		fmtSelf{}, fmtSelf{A: &selfPtr},
	} {
		out = append(out, fmtValue{v: v})
	}
	for _, v := range []any{
		fmtEmbeds{fmtInner: &fmtInner{D: time.Second, T: fmtTime}, B: []byte("x")}, fmtEmbeds{}, fmtDominated{D: 1},
		fmtNamedB{}, fmtNamedB{A: []namedByte{1}}, fmtText{},
		struct {
			A time.Time     `json:"a,format:DateOnly"`
			B time.Duration `json:"b,omitempty,format:sec"`
			C []byte        `json:"c,omitzero,format:hex"`
			D []int         `json:"d,format:emitnull"`
			E float64       `json:"e,format:nonfinite"`
			F time.Time
		}{A: fmtTime, B: time.Second, E: math.Inf(1)},
	} {
		out = append(out, fmtValue{v: v, must: true})
	}
	return out
}

// TestWriteValueV2Format compares every format value under every option
// set with the format tag enabled: same bytes, or a decline where v2
// fails; the values marked must are jgen's.
func TestWriteValueV2Format(t *testing.T) {
	values := fmtValues()
	for _, c := range v2FormatCases() {
		var n v2Tally
		for i, fv := range values {
			name := fmt.Sprintf("value %d %T", i, fv.v)
			compareV2(t, name, c, fv.v, &n)
			if !fv.must || fv.zeroer && c.jgen.V2.OmitZeroStructFields {
				continue
			}
			want, werr := jsonv2.Marshal(fv.v, append(c.std, jsonv2.Deterministic(true))...)
			if _, gerr := jgen.Marshal(fv.v, &c.jgen); werr == nil && gerr != nil {
				t.Errorf("%s under %s: jgen %v, v2 wrote %s", name, c.name, gerr, want)
			}
		}
		t.Logf("%s: %d same, %d errors in both, %d declined", c.name, n.same, n.bothErr, n.declined)
	}
}

// TestWriteValueV2FormatOff holds that without SupportFormatTag every
// struct with a format option is declined, v2 refusing it ("unsupported
// `format` tag option"), and that time.Duration still is.
func TestWriteValueV2FormatOff(t *testing.T) {
	values := append(fmtValues(), fmtValue{v: struct{ D time.Duration }{1}}, fmtValue{v: fmtDominated{}}, fmtValue{v: struct {
		S struct {
			A time.Time `json:",format:unix"`
		}
	}{S: struct {
		A time.Time `json:",format:unix"`
	}{fmtTime}}})
	for _, c := range v2OptionCases() {
		for i, fv := range values {
			v := fv.v
			_, werr := jsonv2.Marshal(v, c.std...)
			_, gerr := jgen.Marshal(v, &c.jgen)
			if werr == nil || !errors.Is(gerr, jgen.ErrV2Unimplemented) {
				t.Errorf("value %d %T under %s: jgen %v, v2 %v; want a decline and v2's error", i, v, c.name, gerr, werr)
			}
		}
	}
}

// TestWriteValueV2FormatConcurrent encodes byte slices of many lengths
// under each bytes format from several goroutines sharing one compiled
// encoder: each gets the bytes of its own value (under -race, no write to
// state the encoders share).
func TestWriteValueV2FormatConcurrent(t *testing.T) {
	type hexed struct {
		B []byte `json:",format:hex"`
		A []byte `json:",format:array"`
	}
	opts := &jgen.Options{V2: &jgen.JSONv2{SupportFormatTag: true}}
	done := make(chan struct{})
	for g := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				n := (g*7 + i) % 13
				v := hexed{B: []byte(strings.Repeat("\x01", n)), A: []byte(strings.Repeat("\x02", n))}
				want := fmt.Sprintf(`{"B":"%s","A":[%s]}`, strings.Repeat("01", n), strings.TrimSuffix(strings.Repeat("2,", n), ","))
				got, err := jgen.Marshal(v, opts)
				if err != nil || string(got) != want {
					t.Errorf("n=%d: got %s, %v; want %s", n, got, err, want)
					return
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
}
