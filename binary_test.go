package jgen_test

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

func TestWriteBinary(t *testing.T) {
	encs := []struct {
		name string
		enc  *base64.Encoding
		ref  *base64.Encoding
	}{
		{"nil", nil, base64.StdEncoding},
		{"std", base64.StdEncoding, base64.StdEncoding},
		{"url", base64.URLEncoding, base64.URLEncoding},
		{"rawstd", base64.RawStdEncoding, base64.RawStdEncoding},
		{"rawurl", base64.RawURLEncoding, base64.RawURLEncoding},
	}
	r := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	// The bytes 0xFB 0xFF give "+/" in the standard alphabet.
	for i := 0; i < 99; i += 3 {
		data[i], data[i+1], data[i+2] = 0xFB, 0xFF, 0xBF
	}
	sizes := make([]int, 0, 110)
	for n := range 101 {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 381, 382, 383, 384, 385, 511, 512, 513, 4096, 1<<20-1, 1<<20)
	slash := jgen.Minimal
	slash.EscapeSlash = true
	slash.MaxUnescaped = 0x7F
	apos := jgen.Minimal
	apos.QuoteChar = '\''
	for _, e := range encs {
		t.Run(e.name, func(t *testing.T) {
			for _, n := range sizes {
				if n > 5000 && e.name != "std" && e.name != "rawurl" {
					continue // 1 MB: once padded, once raw
				}
				b64 := e.ref.EncodeToString(data[:n])
				for _, esc := range []struct {
					name string
					esc  jgen.Escaping
					q    string
				}{{"minimal", jgen.Minimal, `"`}, {"slash", slash, `"`}, {"apos", apos, `'`}} {
					o := op{"bin", func(g *jgen.Generator) error { return g.WriteBinary(e.enc, data[:n]) }}
					want := "[1," + esc.q + b64 + esc.q + "]"
					got := runOpsWriter(t, &jgen.Options{BufferSize: 512, Escaping: esc.esc}, opStartArray(), opInt(1), o, opEndArray())
					if got != want {
						t.Fatalf("n=%d %s writer: got %d bytes %q..., want %d bytes", n, esc.name, len(got), got[:min(len(got), 80)], len(want))
					}
					if n > 5000 && (esc.name != "minimal" || e.name != "std") {
						continue
					}
					if got := runOps(t, &jgen.Options{Escaping: esc.esc}, opStartArray(), opInt(1), o, opEndArray()); got != want {
						t.Fatalf("n=%d %s append: got %q, want %q", n, esc.name, got, want)
					}
				}
			}
		})
	}
	t.Run("padding never inside", func(t *testing.T) {
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteBinary(nil, data[:100001]))
		chk(t, g.Close())
		s := strings.Trim(w.String(), "\"\n") // quotes and the root terminator
		if i := strings.IndexByte(s, '='); i >= 0 && i < len(s)-2 {
			t.Errorf("padding at %d of %d", i, len(s))
		}
	})
	t.Run("memory bounded", func(t *testing.T) {
		var cw sizeWriter
		g, err := jgen.NewGenerator(&cw, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteBinary(nil, data))
		chk(t, g.Close())
		if cw.maxWrite > 512+64 || cw.n != base64.StdEncoding.EncodedLen(len(data))+3 {
			t.Errorf("max Write %d, total %d", cw.maxWrite, cw.n)
		}
	})
}
