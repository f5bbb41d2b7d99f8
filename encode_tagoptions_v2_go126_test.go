//go:build goexperiment.jsonv2 && !go1.27

package jgen_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

type (
	tagInner  struct{ A, B int }
	tagInline struct {
		I tagInner `json:",inline"`
		C int
	}
	tagUnknown struct {
		U map[string]any `json:",unknown"`
		C int
	}
	tagFormatTime struct {
		T time.Time `json:",format:RFC1123"`
	}
	tagFormatBytes struct {
		B []byte `json:"b,omitempty,format:hex"`
	}
	// tagPromoted holds the inline option in a struct embedded in it.
	tagPromoted struct {
		tagInline
		D int
	}
	// tagEmbeddedUnknown tags an embedded struct unknown, which
	// encoding/json/v2 ignores the field for (not a map).
	tagEmbeddedUnknown struct {
		tagInner `json:",unknown"`
	}
	tagNested struct {
		N tagInline
	}
	// tagControl has options jgen applies and names that spell the
	// refused options; it is encoded, not refused.
	tagControl struct {
		Inline  int    `json:"inline,omitempty"`
		Unknown string `json:"unknown,omitempty"`
		Format  int    `json:"format"`
	}
)

// On Go 1.26 with GOEXPERIMENT=jsonv2, encoding/json applies the tag
// options inline, unknown and format; jgen's Stdlib rules refuse a struct
// type with a field carrying one (ErrTagOptionUnsupported), on the direct
// path and the state path alike, before writing anything.
func TestTagOptionRefusedGo126JSONv2(t *testing.T) {
	for _, c := range []struct {
		v         any
		typ       reflect.Type
		msg       string
		stdlibOut string // encoding/json's bytes, which jgen does not write
	}{
		{tagInline{tagInner{1, 2}, 3}, reflect.TypeFor[tagInline](),
			"jgen: cannot encode value of type jgen_test.tagInline: Go struct field I has tag option `inline`, which jgen's Stdlib rules do not apply",
			`{"A":1,"B":2,"C":3}`},
		{tagUnknown{map[string]any{"z": 1}, 2}, reflect.TypeFor[tagUnknown](),
			"jgen: cannot encode value of type jgen_test.tagUnknown: Go struct field U has tag option `unknown`, which jgen's Stdlib rules do not apply",
			`{"C":2,"z":1}`},
		{tagFormatTime{}, reflect.TypeFor[tagFormatTime](),
			"jgen: cannot encode value of type jgen_test.tagFormatTime: Go struct field T has tag option `format`, which jgen's Stdlib rules do not apply",
			`{"T":"Mon, 01 Jan 0001 00:00:00 UTC"}`},
		{tagFormatBytes{[]byte{1, 0xab}}, reflect.TypeFor[tagFormatBytes](),
			"jgen: cannot encode value of type jgen_test.tagFormatBytes: Go struct field B has tag option `format`, which jgen's Stdlib rules do not apply",
			`{"b":"01ab"}`},
		{tagPromoted{tagInline{tagInner{1, 2}, 3}, 4}, reflect.TypeFor[tagPromoted](),
			"jgen: cannot encode value of type jgen_test.tagPromoted: Go struct field I has tag option `inline`, which jgen's Stdlib rules do not apply",
			`{"A":1,"B":2,"C":3,"D":4}`},
		{tagEmbeddedUnknown{tagInner{1, 2}}, reflect.TypeFor[tagEmbeddedUnknown](),
			"jgen: cannot encode value of type jgen_test.tagEmbeddedUnknown: Go struct field tagInner has tag option `unknown`, which jgen's Stdlib rules do not apply",
			`{}`},
		{&tagNested{tagInline{tagInner{1, 2}, 3}}, reflect.TypeFor[tagInline](),
			"jgen: cannot encode value of type jgen_test.tagInline at /N: Go struct field I has tag option `inline`, which jgen's Stdlib rules do not apply",
			`{"N":{"A":1,"B":2,"C":3}}`},
	} {
		want, err := json.Marshal(c.v)
		if err != nil || string(want) != c.stdlibOut {
			t.Errorf("%T: encoding/json wrote %q, %v; the case expects %q", c.v, want, err, c.stdlibOut)
		}
		// A type holding a refused one may be the direct path's, which
		// hands the refused member to the state path.
		if reflect.TypeOf(c.v) == c.typ && jgen.DirectWrites(c.typ) {
			t.Errorf("%T: the direct path takes the type", c.v)
		}
		for _, direct := range []bool{true, false} {
			jgen.SetDirectPath(direct)
			got, err := jgen.Marshal(c.v, stdlibOpts)
			checkTagRefusal(t, c.v, direct, "Marshal", got, "", err, c.typ, c.msg)
			g, gerr := jgen.NewAppendGenerator([]byte("prefix "), stdlibOpts)
			if gerr != nil {
				t.Fatal(gerr)
			}
			err = g.WriteValue(c.v)
			checkTagRefusal(t, c.v, direct, "WriteValue", g.Bytes(), "prefix ", err, c.typ, c.msg)
			jgen.SetDirectPath(true)
		}
	}
}

// checkTagRefusal fails unless err is the *EncodeError of typ matching
// ErrTagOptionUnsupported with message msg and out is wantOut.
func checkTagRefusal(t *testing.T, v any, direct bool, call string, out []byte, wantOut string, err error, typ reflect.Type, msg string) {
	t.Helper()
	var ee *jgen.EncodeError
	if !errors.As(err, &ee) || !errors.Is(err, jgen.ErrTagOptionUnsupported) || ee.Type != typ || err.Error() != msg {
		t.Errorf("%T (direct %v) %s: error %v, want %q", v, direct, call, err, msg)
	}
	if string(out) != wantOut {
		t.Errorf("%T (direct %v) %s: wrote %q, want %q", v, direct, call, out, wantOut)
	}
}

// A struct with option names jgen applies, and with the refused options'
// names as member names, is encoded as encoding/json encodes it, on the
// direct path.
func TestTagOptionNamesEncodedGo126JSONv2(t *testing.T) {
	v := tagControl{Inline: 1, Unknown: "u", Format: 2}
	const want = `{"inline":1,"unknown":"u","format":2}`
	if std, err := json.Marshal(v); err != nil || string(std) != want {
		t.Errorf("encoding/json wrote %q, %v, want %q", std, err, want)
	}
	if !jgen.DirectWrites(reflect.TypeFor[tagControl]()) {
		t.Errorf("the direct path does not take %T", v)
	}
	if got, err := jgen.Marshal(v, stdlibOpts); err != nil || string(got) != want {
		t.Errorf("jgen wrote %q, %v, want %q", got, err, want)
	}
}
