package jgen_test

// The value encoder against encoding/json on random values of random
// struct types (reflect.StructOf) and on the real corpora of ../shared:
// byte for byte under Stdlib; under every other preset and layout the
// output decodes to the same value and every string in it obeys the
// escaping, as internal/reference judges it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/compat"
	"github.com/jgen-go/jgen/internal/reference"
)

// encPreset is an escaping and layout with the reference options that
// judge its strings.
type encPreset struct {
	name string
	opts jgen.Options
	ref  reference.Options
}

var customEscapes = func() *jgen.CharacterEscapes {
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'a': jgen.EscapeUnicode(), '/': jgen.EscapeBackslash('/'), '~': jgen.EscapeSequence(`\u007E`)},
		Runes: map[rune]string{'é': `\u00E9`, '😀': `\uD83D\uDE00`},
	})
	if err != nil {
		panic(err)
	}
	return ce
}()

func encPresets() []encPreset {
	replace := reference.PolicyReplace
	return []encPreset{
		{name: "Minimal", opts: jgen.Options{Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Replace}},
			ref: reference.Options{InvalidUTF8: replace}},
		{name: "Jackson/pretty", opts: jgen.Options{Escaping: jgen.Escaping{UpperHex: true, InvalidUTF8: jgen.InvalidUTF8Replace}, Layout: jgen.JacksonPretty},
			ref: reference.Options{UpperHex: true, InvalidUTF8: replace}},
		{name: "ASCII/indented-tab", opts: jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 0x7F, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}, Layout: jgen.Indented, Indent: "\t"},
			ref: reference.Options{MaxUnescaped: 0x7F, InvalidUTF8: reference.PolicyReplaceRaw}},
		{name: "custom escapes", opts: jgen.Options{Escaping: jgen.Escaping{CharacterEscapes: customEscapes, EscapeSlash: true, SurrogateEscapes: true, InvalidUTF8: jgen.InvalidUTF8Replace}},
			ref: reference.Options{EscapeSlash: true, SurrogateEscapes: true, InvalidUTF8: replace,
				ASCII: map[byte]reference.Escape{'a': {Kind: reference.KindUnicode}, '/': {Kind: reference.KindBackslash, Char: '/'}, '~': {Kind: reference.KindSequence, Seq: `\u007E`}},
				Runes: map[rune]string{'é': `\u00E9`, '😀': `\uD83D\uDE00`}}},
	}
}

// checkObeys reports the first string character of out that the escaping
// o would not write as it stands: a raw code point that o escapes, an
// invalid escape sequence or invalid UTF-8. The base64 text of a []byte
// is held to the escaping like any string.
func checkObeys(out []byte, o reference.Options) error {
	q := o.Quote
	if q == 0 {
		q = '"'
	}
	ok := map[rune]bool{} // code points o writes raw, looked up once
	for i := 0; i < len(out); i++ {
		if out[i] != q {
			continue
		}
		j := i + 1
		for j < len(out) && out[j] != q {
			if out[j] == '\\' {
				j++
			}
			j++
		}
		if err := checkString(out[i+1:min(j, len(out))], q, o, ok); err != nil {
			return fmt.Errorf("string at offset %d: %v", i, err)
		}
		i = j
	}
	return nil
}

func checkString(s []byte, q byte, o reference.Options, ok map[rune]bool) error {
	for i := 0; i < len(s); {
		if s[i] == '\\' {
			n := 2
			if i+1 < len(s) && s[i+1] == 'u' {
				n = 6
			}
			if err := reference.ValidSequence(string(s[i:min(i+n, len(s))]), q); err != nil {
				return err
			}
			i += n
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			return fmt.Errorf("invalid UTF-8 at %d", i)
		}
		raw := s[i : i+size]
		if !ok[r] {
			want, err := reference.AppendQuote(nil, raw, o)
			if err != nil || string(want) != string(q)+string(raw)+string(q) {
				return fmt.Errorf("%q is written raw at %d, the escaping writes %s", raw, i, want)
			}
			ok[r] = true
		}
		i += size
	}
	return nil
}

// decodeAny decodes a JSON document with UseNumber.
func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// comparePresets encodes v under every preset and checks the output
// against std, json.Marshal's bytes for v.
func comparePresets(t *testing.T, name string, v any, std []byte) {
	t.Helper()
	want, err := decodeAny(std)
	if err != nil {
		t.Fatalf("%s: encoding/json's output does not decode: %v", name, err)
	}
	for _, p := range encPresets() {
		got, err := jgen.Marshal(v, &p.opts)
		if err != nil {
			t.Errorf("%s under %s: %v", name, p.name, err)
			continue
		}
		dec, err := decodeAny(got)
		if err != nil {
			t.Errorf("%s under %s: output does not decode: %v\n%s", name, p.name, err, got)
			continue
		}
		if !reflect.DeepEqual(dec, want) {
			t.Errorf("%s under %s: decodes to another value:\n got %s\nwant %s", name, p.name, got, std)
		}
		if err := checkObeys(got, p.ref); err != nil {
			t.Errorf("%s under %s: %v\n%s", name, p.name, err, got)
		}
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 34)) }

// randomValues builds random types and values.
type randomValues struct {
	r *rand.Rand
	// builds adds the classes where the four builds' encoding/json
	// differ (TestWriteValueBuilds names them): tag names with quotes and
	// backslashes, the format option, map keys of float, bool, pointer
	// and interface types holding keys of many types.
	builds bool
	// embeds adds fields tagged embed (TestWriteValueEmbed has the
	// classes by hand): structs, pointers to them, maps and pointers to
	// maps of string keys (some keys named as the fields are), named map
	// types, the types the option refuses, and jsontext.Value where the
	// build has it.
	embeds bool
	seq    int // for map keys of distinct names
}

// embedValueType is jsontext.Value where the build has it (set in
// encode_embed_v2_test.go), nil otherwise.
var embedValueType reflect.Type

// embedField returns a random field tagged embed, named E and a number
// past n, for a struct of structType(depth).
func (rv *randomValues) embedField(n, depth int) reflect.StructField {
	r := rv.r
	var et reflect.Type
	switch r.IntN(8) {
	case 0, 1:
		et = rv.structType(depth - 1)
	case 2:
		et = reflect.PointerTo(rv.structType(depth - 1))
	case 3, 4:
		et = reflect.MapOf(reflect.TypeFor[string](), rv.typ(depth-1))
	case 5:
		et = reflect.PointerTo(reflect.MapOf(reflect.TypeFor[string](), rv.typ(depth-1)))
	case 6:
		others := []reflect.Type{reflect.TypeFor[embNamedMap](), reflect.TypeFor[embKeyMap](), reflect.TypeFor[map[embUKey]int](),
			reflect.TypeFor[embMarshMap](), reflect.TypeFor[embPtr](), reflect.TypeFor[embMarsh](), reflect.TypeFor[int](), reflect.TypeFor[[]string]()}
		et = others[r.IntN(len(others))]
	default:
		et = embedValueType
		if et == nil {
			et = reflect.TypeFor[embNamedMap]()
		}
	}
	tag := `json:",embed"`
	switch r.IntN(8) {
	case 0:
		tag = `json:",embed,omitempty"`
	case 1:
		tag = `json:"F1,embed"`
	}
	return reflect.StructField{Name: fmt.Sprintf("E%d", n), Type: et, Tag: reflect.StructTag(tag)}
}

// embedValue returns a random jsontext.Value: empty, an object (one
// member in four named as a field), or now and then one that is not an
// object.
func (rv *randomValues) embedValue() []byte {
	r := rv.r
	switch r.IntN(10) {
	case 0:
		return nil
	case 1:
		return []byte(`[1]`)
	case 2:
		return []byte(" {\n} ")
	}
	m := map[string]any{}
	for range r.IntN(4) {
		m[rv.memberName()] = rv.anyValue(2)
	}
	b, _ := json.MarshalIndent(m, "", " ")
	return b
}

// memberName returns a map key for an embedded map: one in three a name
// the random fields have.
func (rv *randomValues) memberName() string {
	r := rv.r
	if r.IntN(3) == 0 {
		return []string{"F0", "F1", "F2", "a", "A", "b", "<&>"}[r.IntN(7)]
	}
	return randomStrings[r.IntN(len(randomStrings))] + fmt.Sprint(r.IntN(3))
}

var (
	tagNames      = []string{"a", "b", "A", "<&>", "é", "a/b", "x y"}
	buildTagNames = []string{`a\b`, `'a,b'`, `'q'`, `c"d`, "''", `x'y'`}
)

func (rv *randomValues) typ(depth int) reflect.Type {
	r := rv.r
	scalars := []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint16](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](), reflect.TypeFor[string](),
		reflect.TypeFor[[]byte](), reflect.TypeFor[json.Number](), reflect.TypeFor[time.Time](),
		reflect.TypeFor[time.Duration](), reflect.TypeFor[any](), reflect.TypeFor[json.RawMessage](),
		// Methods with value and pointer receivers, whose use depends on
		// addressability (fields through a pointer, slice elements, map
		// values, interfaces).
		reflect.TypeFor[valueMarshaler](), reflect.TypeFor[ptrMarshaler](), reflect.TypeFor[valueText](),
		reflect.TypeFor[ptrText](), reflect.TypeFor[zeroer](), reflect.TypeFor[ptrZeroer](),
	}
	if depth <= 0 || r.IntN(3) == 0 {
		return scalars[r.IntN(len(scalars))]
	}
	if rv.builds && r.IntN(8) == 0 {
		keys := []reflect.Type{reflect.TypeFor[float64](), reflect.TypeFor[float32](), reflect.TypeFor[bool](),
			reflect.TypeFor[*int](), reflect.TypeFor[*string](), reflect.TypeFor[any](), reflect.TypeFor[intText](),
			reflect.TypeFor[keyPtrText](), reflect.TypeFor[textKeyString]()}
		return reflect.MapOf(keys[r.IntN(len(keys))], rv.typ(depth-1))
	}
	switch r.IntN(7) {
	case 0:
		return reflect.PointerTo(rv.typ(depth - 1))
	case 1:
		return reflect.SliceOf(rv.typ(depth - 1))
	case 2:
		return reflect.ArrayOf(r.IntN(3), rv.typ(depth-1))
	case 3:
		return reflect.MapOf(reflect.TypeFor[string](), rv.typ(depth-1))
	case 4:
		keys := []reflect.Type{reflect.TypeFor[int16](), reflect.TypeFor[uint8](), reflect.TypeFor[textKey](), reflect.TypeFor[textKeyString]()}
		return reflect.MapOf(keys[r.IntN(len(keys))], rv.typ(depth-1))
	}
	return rv.structType(depth - 1)
}

func (rv *randomValues) structType(depth int) reflect.Type {
	r := rv.r
	n := r.IntN(6)
	var fields []reflect.StructField
	for i := range n {
		ft := rv.typ(depth)
		f := reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: ft}
		name := ""
		if r.IntN(2) == 0 {
			name = tagNames[r.IntN(len(tagNames))]
			if rv.builds && r.IntN(3) == 0 {
				name = buildTagNames[r.IntN(len(buildTagNames))]
			}
		}
		var opts []string
		for _, o := range []string{"omitempty", "omitzero", "string"} {
			// ",string" on a string holds the string quoted under the
			// escaping in use, which decodes to other text under another
			// escaping; the table covers it under Stdlib.
			if o == "string" && (ft.Kind() == reflect.String || ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.String) {
				continue
			}
			if r.IntN(4) == 0 {
				opts = append(opts, o)
			}
		}
		// Go 1.26's experiment applies the format option (a listed
		// difference); Go 1.27 refuses the struct, classic ignores it.
		if rv.builds && r.IntN(20) == 0 && !(jsonOnV2Build && !go127Build) {
			opts = append(opts, []string{"format:RFC3339", "format:base64", "format:'x'", "format:2006"}[r.IntN(4)])
		}
		switch r.IntN(12) {
		case 0:
			f.Tag = `json:"-"`
		case 1:
			f.Tag = `json:"-,"`
		default:
			if name != "" || len(opts) > 0 {
				f.Tag = reflect.StructTag(fmt.Sprintf(`json:%q`, name+","+strings.Join(opts, ",")))
			}
		}
		fields = append(fields, f)
	}
	if rv.embeds && depth > 0 && r.IntN(3) == 0 {
		for range r.IntN(2) + 1 {
			fields = append(fields, rv.embedField(len(fields), depth))
		}
	}
	if r.IntN(4) == 0 {
		// An embedded struct without methods, promoted or in conflict.
		embeds := []reflect.Type{reflect.TypeFor[Level2](), reflect.TypeFor[*Inner2](), reflect.TypeFor[Level1]()}
		et := embeds[r.IntN(len(embeds))]
		name := et.Name()
		if et.Kind() == reflect.Pointer {
			name = et.Elem().Name()
		}
		fields = append(fields, reflect.StructField{Name: name, Type: et, Anonymous: true})
	}
	return reflect.StructOf(fields)
}

var randomStrings = []string{"", "a", "plain text", "quote\" and \\", "<b>&amp;</b>", "\u2028\u2029", "é€😀", "\x00\x1f\x7f", "tab\tnl\n", "bad\xff\xe2\x82", "/~a", "名前"}

func (rv *randomValues) fill(v reflect.Value, depth int) {
	r := rv.r
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := v.Type().Bits()
		x := r.Int64() >> (64 - bits)
		if r.IntN(3) == 0 {
			x = int64(r.IntN(3)) - 1
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(r.Uint64() >> (64 - v.Type().Bits()))
	case reflect.Float32, reflect.Float64:
		var f float64
		switch r.IntN(6) {
		case 0:
			f = 0
		case 1:
			f = float64(r.IntN(1000)) / 8
		case 2:
			f = math.Float64frombits(r.Uint64())
		default:
			f = r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
		}
		if math.IsNaN(f) || math.IsInf(f, 0) || v.Kind() == reflect.Float32 && math.Abs(f) > math.MaxFloat32 {
			f = 1.5
		}
		v.SetFloat(f)
	case reflect.String:
		if v.Type() == reflect.TypeFor[json.Number]() {
			v.SetString([]string{"0", "-1.5e+300", "12345678901234567890", "", "0.000001"}[r.IntN(5)])
			return
		}
		var b strings.Builder
		for range r.IntN(3) + 1 {
			b.WriteString(randomStrings[r.IntN(len(randomStrings))])
		}
		v.SetString(b.String())
	case reflect.Pointer:
		if r.IntN(4) == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		rv.fill(p.Elem(), depth-1)
		v.Set(p)
	case reflect.Slice:
		if v.Type() == embedValueType {
			v.SetBytes(rv.embedValue())
			return
		}
		if v.Type() == reflect.TypeFor[json.RawMessage]() {
			if r.IntN(4) != 0 {
				b, _ := json.MarshalIndent(rv.anyValue(2), " ", "\t")
				v.SetBytes(b)
			}
			return
		}
		if r.IntN(5) == 0 {
			return
		}
		n := r.IntN(4)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			rv.fill(s.Index(i), depth-1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			rv.fill(v.Index(i), depth-1)
		}
	case reflect.Map:
		if r.IntN(5) == 0 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range r.IntN(4) {
			k := reflect.New(v.Type().Key()).Elem()
			switch kt := v.Type().Key(); {
			case kt.Kind() == reflect.Pointer && (kt.Elem().Kind() == reflect.Int || kt.Elem().Kind() == reflect.String):
				// Distinct pointers with one name would be in random
				// order in encoding/json on v2.
				rv.seq++
				p := reflect.New(kt.Elem())
				if kt.Elem().Kind() == reflect.Int {
					p.Elem().SetInt(int64(rv.seq))
				} else {
					p.Elem().SetString(fmt.Sprint("p", rv.seq))
				}
				if r.IntN(10) != 0 {
					k.Set(p)
				}
			case kt.Kind() == reflect.Interface:
				if x := rv.anyKey(); x != nil {
					k.Set(reflect.ValueOf(x))
				}
			case rv.embeds && kt.Kind() == reflect.String && r.IntN(2) == 0:
				k.SetString(rv.memberName())
			default:
				rv.fill(k, 0)
			}
			e := reflect.New(v.Type().Elem()).Elem()
			rv.fill(e, depth-1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Interface:
		if x := rv.anyValue(depth); x != nil {
			v.Set(reflect.ValueOf(x))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(r.Int64N(1e10), r.Int64N(1e9)).In(time.FixedZone("", 3600*(r.IntN(24)-12)))))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				rv.fill(v.Field(i), depth-1)
			}
		}
	}
}

// anyKey returns a random key for a map[any] whose member names differ
// from each other's (equal names are in random order in encoding/json on
// v2): strings, integers and the texts of textKey, intText and time.Time,
// and the keys encoding/json may refuse.
func (rv *randomValues) anyKey() any {
	r := rv.r
	n := r.IntN(100)
	switch r.IntN(12) {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return float64(n) / 4
	case 3:
		return float32(n)/4 + 0.125
	case 4:
		return textKey{randomStrings[r.IntN(len(randomStrings))]}
	case 5:
		return intText(n)
	case 6:
		rv.seq++
		p := 1000 + rv.seq
		return &p
	case 7:
		return time.Unix(int64(n)*1e7, 0).UTC()
	case 8:
		return [1]int{n}
	case 9:
		return uint8(n + 100)
	}
	return randomStrings[r.IntN(len(randomStrings))]
}

// anyValue returns a random value for an interface: JSON's own types and
// some Go ones.
func (rv *randomValues) anyValue(depth int) any {
	r := rv.r
	k := r.IntN(10)
	if depth <= 0 {
		k = r.IntN(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return r.NormFloat64() * 1e6
	case 3:
		return randomStrings[r.IntN(len(randomStrings))]
	case 4:
		return int64(r.Uint64())
	case 5:
		return []byte(randomStrings[r.IntN(len(randomStrings))])
	case 6, 7:
		s := make([]any, r.IntN(4))
		for i := range s {
			s[i] = rv.anyValue(depth - 1)
		}
		return s
	}
	m := map[string]any{}
	for range r.IntN(4) {
		m[randomStrings[r.IntN(len(randomStrings))]] = rv.anyValue(depth - 1)
	}
	return m
}

// TestWriteValueRandomTypes compares jgen with encoding/json on random
// values of random struct types, and under the other presets.
//
// It takes 8000 types (2000 with -short; about 3 s and 0.8 s on 2 vCPU of
// an AMD EPYC Zen 5 at load 4, some 4x that at load 30), or
// JGEN_RANDOM_TYPES of them for a long run, each type's values also compared exactly,
// errors by their encoding/json types and fields (compareExact).
func TestWriteValueRandomTypes(t *testing.T) {
	rv := &randomValues{r: newRand(12), builds: true, embeds: true}
	n := 8000
	if testing.Short() {
		n = 2000
	}
	if s := os.Getenv("JGEN_RANDOM_TYPES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("JGEN_RANDOM_TYPES=%q: %v", s, err)
		}
	}
	for i := range n {
		typ := rv.structType(3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		name := fmt.Sprintf("type %d %v", i, typ)
		// Through a pointer the fields are addressable, by value not.
		compareWithStdlib(t, name, v.Interface())
		compareWithStdlib(t, name+" (by value)", v.Elem().Interface())
		compareExact(t, name, v.Interface())
		compareExact(t, name+" (by value)", v.Elem().Interface())
		if std, err := json.Marshal(v.Interface()); err == nil {
			comparePresets(t, name, v.Interface(), std)
		}
		if t.Failed() {
			break
		}
	}
}

// The shared corpora, decoded into Go values three ways.

type twitterDoc struct {
	Statuses       []twitterStatus `json:"statuses"`
	SearchMetadata struct {
		CompletedIn float64 `json:"completed_in"`
		MaxID       int64   `json:"max_id"`
		MaxIDStr    string  `json:"max_id_str"`
		NextResults string  `json:"next_results"`
		Query       string  `json:"query"`
		RefreshURL  string  `json:"refresh_url"`
		Count       int     `json:"count"`
		SinceID     int64   `json:"since_id"`
		SinceIDStr  string  `json:"since_id_str"`
	} `json:"search_metadata"`
}

type twitterStatus struct {
	Metadata struct {
		ResultType      string `json:"result_type"`
		IsoLanguageCode string `json:"iso_language_code"`
	} `json:"metadata"`
	CreatedAt            string          `json:"created_at"`
	ID                   int64           `json:"id"`
	IDStr                string          `json:"id_str"`
	Text                 string          `json:"text"`
	Source               string          `json:"source"`
	Truncated            bool            `json:"truncated"`
	InReplyToStatusID    *int64          `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string         `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64          `json:"in_reply_to_user_id"`
	InReplyToScreenName  *string         `json:"in_reply_to_screen_name"`
	User                 twitterUser     `json:"user"`
	Geo                  any             `json:"geo"`
	Coordinates          any             `json:"coordinates"`
	Place                any             `json:"place"`
	Contributors         any             `json:"contributors"`
	RetweetedStatus      *twitterStatus  `json:"retweeted_status,omitempty"`
	RetweetCount         int             `json:"retweet_count"`
	FavoriteCount        int             `json:"favorite_count"`
	Entities             twitterEntities `json:"entities"`
	Favorited            bool            `json:"favorited"`
	Retweeted            bool            `json:"retweeted"`
	PossiblySensitive    *bool           `json:"possibly_sensitive,omitempty"`
	Lang                 string          `json:"lang"`
}

type twitterUser struct {
	ID              int64           `json:"id"`
	IDStr           string          `json:"id_str"`
	Name            string          `json:"name"`
	ScreenName      string          `json:"screen_name"`
	Location        string          `json:"location"`
	Description     string          `json:"description"`
	URL             *string         `json:"url"`
	Entities        json.RawMessage `json:"entities"`
	Protected       bool            `json:"protected"`
	FollowersCount  int             `json:"followers_count"`
	FriendsCount    int             `json:"friends_count"`
	CreatedAt       string          `json:"created_at"`
	UtcOffset       *int            `json:"utc_offset"`
	TimeZone        *string         `json:"time_zone"`
	Verified        bool            `json:"verified"`
	StatusesCount   int             `json:"statuses_count"`
	Lang            string          `json:"lang"`
	ProfileImageURL string          `json:"profile_image_url"`
	Following       bool            `json:"following,omitempty"`
}

type twitterEntities struct {
	Hashtags []struct {
		Text    string `json:"text"`
		Indices []int  `json:"indices"`
	} `json:"hashtags"`
	Symbols []any `json:"symbols"`
	URLs    []struct {
		URL         string `json:"url"`
		ExpandedURL string `json:"expanded_url"`
		DisplayURL  string `json:"display_url"`
		Indices     []int  `json:"indices"`
	} `json:"urls"`
	UserMentions []struct {
		ScreenName string `json:"screen_name"`
		Name       string `json:"name"`
		ID         int64  `json:"id"`
		IDStr      string `json:"id_str"`
		Indices    []int  `json:"indices"`
	} `json:"user_mentions"`
	Media []map[string]any `json:"media,omitempty"`
}

type citmDoc struct {
	AreaNames                map[string]string    `json:"areaNames"`
	AudienceSubCategoryNames map[string]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string    `json:"blockNames"`
	Events                   map[string]citmEvent `json:"events"`
	Performances             []struct {
		EventID int     `json:"eventId"`
		ID      int     `json:"id"`
		Logo    *string `json:"logo"`
		Name    *string `json:"name"`
		Prices  []struct {
			Amount                int `json:"amount"`
			AudienceSubCategoryID int `json:"audienceSubCategoryId"`
			SeatCategoryID        int `json:"seatCategoryId"`
		} `json:"prices"`
		SeatCategories []struct {
			Areas []struct {
				AreaID   int   `json:"areaId"`
				BlockIDs []int `json:"blockIds"`
			} `json:"areas"`
			SeatCategoryID int `json:"seatCategoryId"`
		} `json:"seatCategories"`
		SeatMapImage *string `json:"seatMapImage"`
		Start        int64   `json:"start"`
		VenueCode    string  `json:"venueCode"`
	} `json:"performances"`
	SeatCategoryNames map[string]string   `json:"seatCategoryNames"`
	SubTopicNames     map[string]string   `json:"subTopicNames"`
	SubjectNames      map[string]string   `json:"subjectNames"`
	TopicNames        map[string]string   `json:"topicNames"`
	TopicSubTopics    map[string][]int    `json:"topicSubTopics"`
	VenueNames        map[string]string   `json:"venueNames"`
	Extra             map[int]json.Number `json:"extra,omitempty"`
}

type citmEvent struct {
	Description *string `json:"description"`
	ID          int     `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int   `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int   `json:"topicIds"`
}

// TestWriteValueSharedCorpus decodes each corpus file into any, into any
// with UseNumber and into struct types (encode_corpus_types_test.go, and
// for twitter and citm_catalog a second set with json.RawMessage and maps
// of any), and compares jgen with encoding/json on the result, and under
// the other presets on all but the plain any. It runs with
// JGEN_SHARED=1 and then fails if a file is missing.
func TestWriteValueSharedCorpus(t *testing.T) {
	dir := compat.RequireShared(t)
	files := []struct {
		path  string
		types []reflect.Type
	}{
		{"simdjson/twitter.json", []reflect.Type{reflect.TypeFor[twitterDoc](), reflect.TypeFor[CTwitter]()}},
		{"simdjson/citm_catalog.json", []reflect.Type{reflect.TypeFor[citmDoc](), reflect.TypeFor[CCitm]()}},
		{"simdjson/canada.json", []reflect.Type{reflect.TypeFor[CCanada]()}},
		{"simdjson/github_events.json", []reflect.Type{reflect.TypeFor[CGitHubEvents]()}},
		{"go-json-experiment/golang_source.json", []reflect.Type{reflect.TypeFor[CGolangSource]()}},
		{"go-json-experiment/synthea_fhir.json", []reflect.Type{reflect.TypeFor[CSynthea]()}},
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, "corpus", filepath.FromSlash(f.path)))
		if err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		var plain any
		if err := json.Unmarshal(data, &plain); err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		numbers, err := decodeAny(data)
		if err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		values := []struct {
			how string
			v   any
		}{{"any", plain}, {"UseNumber", numbers}}
		for _, typ := range f.types {
			p := reflect.New(typ)
			if err := json.Unmarshal(data, p.Interface()); err != nil {
				t.Fatalf("%s into %v: %v", f.path, typ, err)
			}
			values = append(values, struct {
				how string
				v   any
			}{typ.String(), p.Interface()})
		}
		for i, v := range values {
			name := f.path + " as " + v.how
			compareWithStdlib(t, name, v.v)
			if v.how == "any" {
				continue // the presets on UseNumber and the structs, for time
			}
			if i == 2 {
				// A struct value by value too: its fields then take the
				// reflect path, not the one that reads memory.
				compareWithStdlib(t, name+" by value", reflect.ValueOf(v.v).Elem().Interface())
			}
			std, err := json.Marshal(v.v)
			if err != nil {
				t.Fatal(err)
			}
			comparePresets(t, name, v.v, std)
		}
	}
}

// TestCheckObeys shows that the escaping check can fail.
func TestCheckObeys(t *testing.T) {
	ascii := reference.Options{MaxUnescaped: 0x7F}
	for _, c := range []struct {
		out string
		ok  bool
	}{
		{`{"a":"\u00e9","b":[1,"x"]}`, true},
		{`{"a":"é"}`, false},
		{`{"é":1}`, false},
		{`["\q"]`, false},
		{"[\"\xff\"]", false},
	} {
		if err := checkObeys([]byte(c.out), ascii); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.out, err)
		}
	}
}

// TestWriteValueRandomSeeds is TestWriteValueRandomTypes over more
// seeds, with every difference counted rather than the first: it runs
// with JGEN_RANDOM_SEEDS=N (N seeds of 2000 types each, by value and
// through a pointer, compared exactly with encoding/json) and is skipped
// otherwise. 60 seeds take about a minute on go1.27.3.
func TestWriteValueRandomSeeds(t *testing.T) {
	s := os.Getenv("JGEN_RANDOM_SEEDS")
	if s == "" {
		t.Skip("set JGEN_RANDOM_SEEDS=N to run N seeds")
	}
	seeds, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("JGEN_RANDOM_SEEDS=%q: %v", s, err)
	}
	fails := 0
	for seed := 100; seed < 100+seeds; seed++ {
		rv := &randomValues{r: newRand(uint64(seed)), builds: true, embeds: true}
		for i := range 2000 {
			typ := rv.structType(3)
			v := reflect.New(typ)
			rv.fill(v.Elem(), 4)
			for _, x := range []any{v.Interface(), v.Elem().Interface()} {
				if msg := compareExactErr(x); msg != "" {
					if fails++; fails <= 20 {
						t.Errorf("seed %d type %d %v:%s", seed, i, typ, msg)
					}
				}
			}
		}
	}
	if fails > 20 {
		t.Errorf("%d differences in all (the first 20 above)", fails)
	}
}
