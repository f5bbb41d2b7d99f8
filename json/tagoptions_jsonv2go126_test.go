//go:build goexperiment.jsonv2 && !go1.27

package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"testing"
	"time"

	"github.com/jgen-go/jgen/json"
)

type tagInlined struct{ A, B int }

// Go 1.26's encoding/json under GOEXPERIMENT=jsonv2 applies the tag
// options inline, unknown and format, which jgen refuses there; the
// drop-in's Marshal, MarshalIndent and Encoder.Encode then return
// encoding/json's bytes.
func TestTagOptionsInlineUnknownFormatGo126JSONv2(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{struct {
			I tagInlined `json:",inline"`
			C int
		}{tagInlined{1, 2}, 3}, `{"A":1,"B":2,"C":3}`},
		{struct {
			U map[string]any `json:",unknown"`
			C int
		}{U: map[string]any{"z": 1}}, `{"C":0,"z":1}`},
		{struct {
			T time.Time `json:",format:RFC1123"`
		}{}, `{"T":"Mon, 01 Jan 0001 00:00:00 UTC"}`},
		{struct {
			B []byte `json:",format:hex"`
		}{[]byte{1}}, `{"B":"01"}`},
		{[]any{struct {
			B []byte `json:"b,format:hex"`
		}{[]byte{0xab}}}, `[{"b":"ab"}]`},
	} {
		std, err := stdjson.Marshal(c.v)
		if err != nil || string(std) != c.want {
			t.Errorf("%T: encoding/json wrote %q, %v; the case expects %q", c.v, std, err, c.want)
		}
		if got, err := json.Marshal(c.v); err != nil || string(got) != c.want {
			t.Errorf("%T: Marshal wrote %q, %v, want %q", c.v, got, err, c.want)
		}
		var ind bytes.Buffer
		if err := stdjson.Indent(&ind, []byte(c.want), ">", "  "); err != nil {
			t.Fatal(err)
		}
		if got, err := json.MarshalIndent(c.v, ">", "  "); err != nil || string(got) != ind.String() {
			t.Errorf("%T: MarshalIndent wrote %q, %v, want %q", c.v, got, err, ind.String())
		}
		var w bytes.Buffer
		if err := json.NewEncoder(&w).Encode(c.v); err != nil || w.String() != c.want+"\n" {
			t.Errorf("%T: Encode wrote %q, %v, want %q", c.v, w.String(), err, c.want+"\n")
		}
	}
}
