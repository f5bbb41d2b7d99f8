package jgen_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
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

// breaksOut reports whether the byte c may not stand raw in a JSON string
// quoted with q: the rule of RFC 8259 §7 and RFC 3629 that WriteBinary
// enforces on a base64 alphabet, stated apart from jgen's code.
func breaksOut(c, q byte) bool {
	return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 || c == q
}

// TestWriteBinaryEncodingBreakout substitutes every byte value for every
// symbol of the standard alphabet (padded and unpadded) and for the
// padding, under both quote chars: an encoding that would write a byte
// that breaks out of the string is refused with nothing written, any other
// is written exactly as base64 encodes.
func TestWriteBinaryEncodingBreakout(t *testing.T) {
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	// All 64 symbols, then one byte more for two symbols and the padding.
	data := make([]byte, 49)
	for i := range 16 {
		a := uint32(4 * i)
		w := a<<18 | (a+1)<<12 | (a+2)<<6 | (a + 3)
		data[3*i], data[3*i+1], data[3*i+2] = byte(w>>16), byte(w>>8), byte(w)
	}
	if got := base64.StdEncoding.EncodeToString(data[:48]); got != std {
		t.Fatalf("probe data encodes to %q", got)
	}
	type subst struct {
		enc  *base64.Encoding
		what string
		c    byte  // the substituted byte
		at   int64 // its index in the alphabet, 64 for the padding
	}
	var encs []subst
	refusedByBase64 := 0
	try := func(what string, c byte, at int, mk func() *base64.Encoding) {
		defer func() {
			if recover() != nil {
				refusedByBase64++
			}
		}()
		encs = append(encs, subst{mk(), what, c, int64(at)})
	}
	for i := range 64 {
		for c := range 256 {
			alpha := []byte(std)
			alpha[i] = byte(c)
			what := "symbol " + strconv.Itoa(i) + "=" + strconv.Itoa(c)
			try(what, byte(c), i, func() *base64.Encoding { return base64.NewEncoding(string(alpha)) })
			try(what+" nopad", byte(c), i, func() *base64.Encoding {
				return base64.NewEncoding(string(alpha)).WithPadding(base64.NoPadding)
			})
		}
	}
	for c := range 256 {
		try("padding="+strconv.Itoa(c), byte(c), 64, func() *base64.Encoding { return base64.StdEncoding.WithPadding(rune(c)) })
	}
	tested, refused := 0, 0
	for _, q := range []byte{'"', '\''} {
		opts := &jgen.Options{Escaping: jgen.Escaping{QuoteChar: q}}
		g := appendGen(t, opts)
		for _, s := range encs {
			g.ResetAppend(nil)
			chk(t, g.WriteStartArray())
			chk(t, g.WriteInt(1))
			err := g.WriteBinary(s.enc, data)
			tested++
			if breaksOut(s.c, q) {
				refused++
				var ve *jgen.ValueError
				if !errors.Is(err, jgen.ErrInvalidEncoding) || !errors.As(err, &ve) || ve.Offset != 2 || ve.Token != "binary value" || ve.Index != s.at {
					t.Fatalf("quote %q %s: got %v, want a *ValueError matching ErrInvalidEncoding at offset 2", q, s.what, err)
				}
				if got := string(g.Bytes()); got != "[1" {
					t.Fatalf("quote %q %s: output %q after refusal", q, s.what, got)
				}
			} else if err != nil {
				t.Fatalf("quote %q %s: %v", q, s.what, err)
			}
			chk(t, g.WriteEndArray())
			want := "[1]\n"
			if !breaksOut(s.c, q) {
				want = "[1," + string(q) + s.enc.EncodeToString(data) + string(q) + "]\n"
			}
			if got := string(g.Bytes()); got != want {
				t.Fatalf("quote %q %s: got %q, want %q", q, s.what, got, want)
			}
			if q == '"' && !json.Valid(g.Bytes()) {
				t.Fatalf("quote %q %s: invalid JSON %q", q, s.what, g.Bytes())
			}
		}
	}
	// 64*256*2 alphabets and 256 paddings, less those base64 refuses:
	// a duplicate symbol, '\n' or '\r', or a padding in the alphabet.
	if len(encs)+refusedByBase64 != 64*256*2+256 || len(encs) < 64*2*2+2 {
		t.Fatalf("%d encodings built, %d refused by base64", len(encs), refusedByBase64)
	}
	t.Logf("%d encodings (%d refused by base64.NewEncoding/WithPadding), %d writes, %d refused by WriteBinary", len(encs), refusedByBase64, tested, refused)
}

// TestWriteBinaryStandardEncodings: the standard encodings are accepted
// under both quote chars and every escaping flag, and '/' stays raw.
func TestWriteBinaryStandardEncodings(t *testing.T) {
	data := []byte{0xFB, 0xFF, 0xBF, 0xFE}
	for _, q := range []byte{'"', '\''} {
		e := jgen.Escaping{QuoteChar: q, EscapeSlash: true, HTMLSafe: true, MaxUnescaped: 0x7F}
		for _, enc := range []*base64.Encoding{nil, base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
			ref := enc
			if ref == nil {
				ref = base64.StdEncoding
			}
			got := runOps(t, &jgen.Options{Escaping: e}, op{"bin", func(g *jgen.Generator) error { return g.WriteBinary(enc, data) }})
			if want := string(q) + ref.EncodeToString(data) + string(q); got != want {
				t.Errorf("quote %q: got %q, want %q", q, got, want)
			}
		}
	}
	// A custom encoding holding '\'' is refused only under that quote
	// char, and the verdict is not mixed up between quote chars or with
	// another encoding in the same cache slot.
	apos := base64.NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'/")
	for i := range 3 {
		for _, q := range []byte{'"', '\'', '"'} {
			g := appendGen(t, &jgen.Options{Escaping: jgen.Escaping{QuoteChar: q}})
			err := g.WriteBinary(apos, []byte{0xF8})
			if q == '\'' {
				var ve *jgen.ValueError
				if !errors.As(err, &ve) || ve.Index != 62 || !strings.Contains(ve.Error(), "symbol 62") {
					t.Fatalf("round %d: got %v, want symbol 62 refused", i, err)
				}
				continue
			}
			chk(t, err)
			if got := string(g.Bytes()); got != "\"'A==\"\n" {
				t.Fatalf("round %d: got %q", i, got)
			}
		}
	}
}

// TestWriteBinaryEncodingCache: many custom encodings, more than the
// verdict cache holds, used from several goroutines at once, each keep
// their own verdict (run with -race too).
func TestWriteBinaryEncodingCache(t *testing.T) {
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	type entry struct {
		enc *base64.Encoding
		bad bool
	}
	var encs []entry
	for i := range 64 {
		alpha := []byte(std)
		alpha[i] = '"'
		encs = append(encs, entry{base64.NewEncoding(string(alpha)), true})
		alpha[i] = '-'
		encs = append(encs, entry{base64.NewEncoding(string(alpha)), false})
	}
	done := make(chan error)
	for w := range 4 {
		go func() {
			g, err := jgen.NewAppendGenerator(nil, nil)
			for round := 0; round < 20 && err == nil; round++ {
				for i := range encs {
					e := encs[(i*7+w*13+round)%len(encs)]
					g.ResetAppend(nil)
					err = g.WriteBinary(e.enc, []byte{0xFB, 0xFF, 0xBF, 1, 2, 3})
					if e.bad != errors.Is(err, jgen.ErrInvalidEncoding) {
						err = errors.New("verdict mixed up: " + strconv.Quote(e.enc.EncodeToString([]byte{0xFB, 0xFF, 0xBF})))
						break
					}
					err = nil
				}
			}
			done <- err
		}()
	}
	for range 4 {
		chk(t, <-done)
	}
}
