//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	jv2 "github.com/jgen-go/jgen/json/v2"
)

// brkFW keeps what is written to it until after bytes, then takes what
// fits and fails.
type brkFW struct {
	b     bytes.Buffer
	after int
}

var brkWErr = errors.New("brk write failed")

func (w *brkFW) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > w.after {
		n := max(w.after-w.b.Len(), 0)
		w.b.Write(p[:n])
		return n, brkWErr
	}
	return w.b.Write(p)
}

// TestBreakoutWriterFailure: MarshalWrite and MarshalEncode (three values
// into one encoder) with a writer that fails after 0 to 80000 bytes write
// what encoding/json/v2 writes before the failure and return an error
// that wraps the writer's; MarshalEncode's errors are encoding/json/v2's
// texts too (MarshalWrite's are not: TestBreakoutMarshalWriteErrorText).
func TestBreakoutWriterFailure(t *testing.T) {
	big := []string{strings.Repeat("x", 5000), strings.Repeat("y", 70000)}
	for _, after := range []int{0, 10, 4000, 6000, 50000, 80000, 1 << 30} {
		for _, v := range []any{big, big[0], map[string]any{"a": big}} {
			gw, ww := &brkFW{after: after}, &brkFW{after: after}
			ge, we := jv2.MarshalWrite(gw, v), jsonv2.MarshalWrite(ww, v)
			if errors.Is(ge, brkWErr) != errors.Is(we, brkWErr) || (ge == nil) != (we == nil) || !bytes.Equal(gw.b.Bytes(), ww.b.Bytes()) {
				t.Errorf("MarshalWrite, failing after %d, %T: %v (%d bytes), want %v (%d bytes)", after, v, ge, gw.b.Len(), we, ww.b.Len())
			}
			gw, ww = &brkFW{after: after}, &brkFW{after: after}
			genc, wenc := jsontext.NewEncoder(gw), jsontext.NewEncoder(ww)
			for i := range 3 {
				ge, we = jv2.MarshalEncode(genc, v), jsonv2.MarshalEncode(wenc, v)
				if fmt.Sprint(ge) != fmt.Sprint(we) || !bytes.Equal(gw.b.Bytes(), ww.b.Bytes()) {
					t.Errorf("MarshalEncode %d, failing after %d, %T: %v (%d bytes), want %v (%d bytes)", i, after, v, ge, gw.b.Len(), we, ww.b.Len())
				}
			}
		}
	}
}

// TestBreakoutMarshalWriteErrorText: the error of MarshalWrite whose
// writer fails is encoding/json/v2's, `jsontext: write error: ` and the
// writer's error (its unexported *jsontext.ioError), as it is already for
// a value the package leaves to encoding/json/v2 (a time.Duration here).
// FAILS at the time of writing: for a value jgen encodes, MarshalWrite
// returns the writer's error bare ("brk write failed").
func TestBreakoutMarshalWriteErrorText(t *testing.T) {
	for _, v := range []any{"x", brkTo{}} {
		want := jsonv2.MarshalWrite(&brkFW{}, v)
		got := jv2.MarshalWrite(&brkFW{}, v)
		if fmt.Sprint(got) != fmt.Sprint(want) || reflect.TypeOf(got) != reflect.TypeOf(want) {
			t.Errorf("MarshalWrite(failing writer, %T): error %q (%T), encoding/json/v2's %q (%T)", v, got, got, want, want)
		}
	}
}

// brkTo has a MarshalJSONTo method, which jgen's v2 rules leave to
// encoding/json/v2.
type brkTo struct{}

func (brkTo) MarshalJSONTo(enc *jsontext.Encoder) error { return enc.WriteToken(jsontext.String("to")) }
