package jgen_test

// Reliability under concurrency: the scan sets a CharacterEscapes builds
// lazily, on first use per option class, are built by whichever goroutine
// gets there first. Many goroutines using a fresh CharacterEscapes at once
// must all write the same bytes as a single goroutine does (and, with
// -race, without a data race).

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jgen-go/jgen"
)

func TestConcurrentFirstUse(t *testing.T) {
	spec := func() jgen.EscapeSpec {
		return jgen.EscapeSpec{
			ASCII: map[byte]jgen.Escape{'~': jgen.EscapeUnicode(), '#': jgen.EscapeSequence(`\u0023`)},
			Runes: map[rune]string{'€': `\u20ac`, '😀': `\ud83d\ude00`},
		}
	}
	// One escaping per lead class of the pass-through sets, and the rest.
	escs := []jgen.Escaping{
		{}, {MaxUnescaped: 0xFFFF}, {MaxUnescaped: 0x7FF}, {MaxUnescaped: 0x7F}, {MaxUnescaped: 0x10000},
		{JSLineTerminators: true}, {SurrogateEscapes: true}, {JSLineTerminators: true, SurrogateEscapes: true, MaxUnescaped: 0xFFFF},
		{HTMLSafe: true, EscapeSlash: true}, {QuoteChar: '\'', InvalidUTF8: jgen.InvalidUTF8Replace},
	}
	text := strings.Repeat("plain ascii text, then é€😀\u2028~#<>/ and \u07ff\u0800\U00010000 ", 20)
	rounds := 30
	if testing.Short() {
		rounds = 5
	}
	want := make([][]byte, len(escs))
	ref, err := jgen.NewCharacterEscapes(spec())
	chk(t, err)
	for i, e := range escs {
		e.CharacterEscapes = ref
		want[i], err = e.AppendQuote(nil, text)
		chk(t, err)
	}
	for i, e := range escs {
		e.CharacterEscapes = nil
		want = append(want, nil)
		want[len(escs)+i], err = e.AppendQuote(nil, text)
		chk(t, err)
	}
	for round := range rounds {
		ce, err := jgen.NewCharacterEscapes(spec())
		chk(t, err)
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make(chan string, 64)
		for w := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				for k := range 2 * len(escs) {
					i := (w + k) % (2 * len(escs))
					e := escs[i%len(escs)]
					if i < len(escs) {
						e.CharacterEscapes = ce
					}
					var got []byte
					if (w+k)%2 == 0 {
						got, _ = e.AppendQuote(nil, text)
					} else {
						var buf bytes.Buffer
						g, err := jgen.NewGenerator(&buf, &jgen.Options{Escaping: e, BufferSize: 512})
						if err != nil {
							errs <- err.Error()
							return
						}
						if g.WriteString(text) == nil && g.Close() == nil {
							got = bytes.TrimSuffix(buf.Bytes(), []byte("\n")) // the root terminator
						}
					}
					if !bytes.Equal(got, want[i]) {
						errs <- fmt.Sprintf("round %d worker %d escaping %d: %d bytes differ from the sequential %d", round, w, i, len(got), len(want[i]))
					}
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	}
}

// TestConcurrentGenerators runs independent generators in parallel
// goroutines (meaningful with -race): each writes the same document and
// must produce the same bytes; they share presets, CharacterEscapes and
// EncodedNames.
func TestConcurrentGenerators(t *testing.T) {
	name := mustNameNoT("shared é")
	ce := jgen.Escaping{CharacterEscapes: jgen.HTMLEscapes, MaxUnescaped: 0x7F}
	doc := func(g *jgen.Generator) {
		g.WriteStartObject()
		g.WriteEncodedName(name)
		g.WriteStartArray()
		for i := range 50 {
			g.WriteString("v<é>'" + strings.Repeat("x", i))
			g.WriteInt(int64(i))
			g.WriteFloat(float64(i) / 3)
		}
		g.WriteEndArray()
		g.WriteEndObject()
	}
	var want bytes.Buffer
	g, err := jgen.NewGenerator(&want, &jgen.Options{Escaping: ce, BufferSize: 512})
	chk(t, err)
	doc(g)
	chk(t, g.Close())
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				var buf bytes.Buffer
				var g *jgen.Generator
				if (w+i)%2 == 0 {
					g, _ = jgen.NewGenerator(&buf, &jgen.Options{Escaping: ce, BufferSize: 512})
				} else {
					g, _ = jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: ce})
				}
				doc(g)
				if err := g.Close(); err != nil {
					errs <- err.Error()
					return
				}
				got := buf.Bytes()
				if g.Bytes() != nil {
					got = g.Bytes()
				}
				if !bytes.Equal(got, want.Bytes()) {
					errs <- fmt.Sprintf("goroutine %d run %d: output differs", w, i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
