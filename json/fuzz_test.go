package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"testing"

	"github.com/jgen-go/jgen/json"
)

// FuzzMatchStdlib: for any string, and any bytes as MarshalJSON output
// (json.RawMessage), Marshal and Encoder (with and without HTML escaping)
// give encoding/json's bytes and error text.
func FuzzMatchStdlib(f *testing.F) {
	f.Add("<a&b>\u2028", []byte(`{"k":"\u00e9<"}`))
	f.Add("\xff\xfe\xed\xa0\x80", []byte("\"\xff\\ud800\""))
	f.Add("\x00\x1f\"\\/", []byte(" [ 1 , -0.5e+3 ] "))
	f.Add("", []byte("nul"))
	f.Fuzz(func(t *testing.T, s string, raw []byte) {
		v := struct {
			S string
			M map[string]string
			R json.RawMessage
			L []any
		}{S: s, M: map[string]string{s: s, "k": s}, R: raw, L: []any{s, json.RawMessage(raw)}}
		want, wantErr := stdjson.Marshal(v)
		got, err := json.Marshal(v)
		if !bytes.Equal(got, want) || errText(err) != errText(wantErr) {
			t.Fatalf("Marshal: %q, %v; want %q, %v", got, err, want, wantErr)
		}
		for _, html := range []bool{true, false} {
			want, wantErr := stdEncode(v, html, "", "")
			got, err := dropinEncode(v, html, "", "")
			if !bytes.Equal(got, want) || errText(err) != errText(wantErr) {
				t.Fatalf("Encode (escapeHTML %v): %q, %v; want %q, %v", html, got, err, want, wantErr)
			}
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
