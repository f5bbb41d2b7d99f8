package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/jgen-go/jgen/json"
)

type brkRaw string

func (r brkRaw) MarshalJSON() ([]byte, error) { return []byte(r), nil }

type brkRec struct {
	w      bytes.Buffer
	calls  int
	failAt int // call number (1-based) that fails, 0 never
	short  bool
}

var errBrkWrite = errors.New("brk write failed")

func (r *brkRec) Write(p []byte) (int, error) {
	r.calls++
	if r.failAt != 0 && r.calls >= r.failAt {
		r.w.Write(p[:len(p)/2])
		return len(p) / 2, errBrkWrite
	}
	if r.short {
		r.w.Write(p[:len(p)/2])
		return len(p) / 2, nil
	}
	return r.w.Write(p)
}

type brkEncoder interface {
	Encode(any) error
	SetIndent(string, string)
	SetEscapeHTML(bool)
}

// TestBreakoutEncoderToggles: the drop-in Encoder, with SetIndent and
// SetEscapeHTML changed between Encode calls and writers that fail at the
// n-th call (partial write and error: the error is sticky) or accept half
// of each write without an error, writes encoding/json's Encoder's bytes,
// makes the same number of Write calls and returns the same errors.
func TestBreakoutEncoderToggles(t *testing.T) {
	vals := []any{
		"<a&b>\u2028\xff", brkRaw(` {"a" : "<\u00e9>" , "b":[ ]} `), brkRaw(`"\xff<"`), stdjson.RawMessage(`[ "<" ]`),
		math.NaN(), map[string]any{"z": []any{}, "a": map[string]any{}}, nil, stdjson.Number("12"), stdjson.Number("1x"),
		brkRaw(`{"a":1`), []any{1, "x", brkRaw(`[1, 2]`)}, struct{ A []int }{},
	}
	type step struct {
		kind   int // 0 encode, 1 SetIndent, 2 SetEscapeHTML
		prefix string
		indent string
		html   bool
		v      int
	}
	for failAt := 0; failAt <= 6; failAt++ {
		for _, short := range []bool{false, true} {
			for seed := range 8 {
				var steps []step
				for i := range 30 {
					k := (i*7 + seed*3) % 5
					switch k {
					case 0, 1, 2:
						steps = append(steps, step{kind: 0, v: (i*5 + seed) % len(vals)})
					case 3:
						steps = append(steps, step{kind: 1, prefix: []string{"", "", ">", " \t"}[(i+seed)%4], indent: []string{"", "  ", "\t", "x"}[(i*3+seed)%4]})
					case 4:
						steps = append(steps, step{kind: 2, html: (i+seed)%3 == 0})
					}
				}
				gw, sw := &brkRec{failAt: failAt, short: short}, &brkRec{failAt: failAt, short: short}
				var g, s brkEncoder = json.NewEncoder(gw), stdjson.NewEncoder(sw)
				for i, st := range steps {
					switch st.kind {
					case 0:
						ge, se := g.Encode(vals[st.v]), s.Encode(vals[st.v])
						if fmt.Sprint(ge) != fmt.Sprint(se) {
							t.Errorf("fail %d short %v seed %d step %d: error %v, std %v", failAt, short, seed, i, ge, se)
						}
					case 1:
						g.SetIndent(st.prefix, st.indent)
						s.SetIndent(st.prefix, st.indent)
					case 2:
						g.SetEscapeHTML(st.html)
						s.SetEscapeHTML(st.html)
					}
					if !bytes.Equal(gw.w.Bytes(), sw.w.Bytes()) || gw.calls != sw.calls {
						t.Fatalf("fail %d short %v seed %d step %d: got %q (%d writes)\nwant %q (%d writes)", failAt, short, seed, i, gw.w.Bytes(), gw.calls, sw.w.Bytes(), sw.calls)
					}
				}
			}
		}
	}
}
