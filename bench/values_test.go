package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sync"
	"testing"

	"github.com/bytedance/sonic"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/jgen-go/jgen/bench/values"
)

// valueCodecExceptions are the (codec, data set) pairs whose bytes differ
// from jgen's, with the reason; BenchmarkValues leaves them out.
var valueCodecExceptions = map[[2]string]string{
	{"easyjson", "citm_catalog"}: "easyjson writes map entries in Go's random map order; it has no option to sort them",
	{"easyjson", "api_orders"}:   "easyjson writes map entries in Go's random map order, and a json.Number as a quoted string",
}

func init() {
	// Built with a toolchain whose encoding/json is encoding/json/v2 (Go
	// 1.27, or GOEXPERIMENT=jsonv2), go-json-experiment forwards to it and
	// its v1.Number is encoding/json's Number; otherwise the two are
	// distinct types.
	if reflect.TypeFor[jsonv1.Number]() != reflect.TypeFor[json.Number]() {
		valueCodecExceptions[[2]string{"jsonv2", "api_orders"}] = "go-json-experiment's v1 options know its own v1.Number, not encoding/json's json.Number, which it writes as a quoted string"
	}
}

var (
	valueSetsMu sync.Mutex
	valueSets   = map[string]*ValueSet{}
)

// valueSet loads a data set once. With JGEN_SHARED=1 a missing corpus is a
// failure; without it, the caller is skipped.
func valueSet(tb testing.TB, s values.Set) *ValueSet {
	tb.Helper()
	valueSetsMu.Lock()
	defer valueSetsMu.Unlock()
	if vs, ok := valueSets[s.Name]; ok {
		return vs
	}
	vs, err := LoadValueSet(s)
	if err != nil {
		if os.Getenv("JGEN_SHARED") == "1" {
			tb.Fatalf("JGEN_SHARED=1 but corpus unusable: %v (set JGEN_SHARED_DIR to the shared directory)", err)
		}
		tb.Skipf("corpus not available (%v); set JGEN_SHARED=1 to require it", err)
	}
	valueSets[s.Name] = vs
	return vs
}

// TestValueCodecsEqual checks that every codec of BenchmarkValues writes
// the bytes of encoding/json.Marshal, which are those of jgen's Stdlib
// preset, on every data set, outside the listed exceptions (which must
// still differ, so that the list stays true).
func TestValueCodecsEqual(t *testing.T) {
	if sonic.APIKind != sonic.UseSonicJSON {
		t.Fatal("sonic falls back to encoding/json on this platform or Go release: its figures would be encoding/json's")
	}
	for _, s := range values.Sets {
		// One subtest per set: a corpus set skips alone when the shared
		// directory is absent, and the drawn sets still run.
		t.Run(s.Name, func(t *testing.T) {
			vs := valueSet(t, s)
			want, err := json.Marshal(vs.Value)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range ValueCodecs() {
				got, err := c.Prepare(vs.Value)()
				if err != nil {
					t.Errorf("%s on %s: %v", c.Name, s.Name, err)
					continue
				}
				_, except := valueCodecExceptions[[2]string{c.Name, s.Name}]
				if eq := bytes.Equal(got, want); eq == except {
					t.Errorf("%s on %s: equal to encoding/json: %v, listed as an exception: %v\n%s", c.Name, s.Name, eq, except, describeDiff(got, want))
				}
			}
		})
	}
}

// BenchmarkValues encodes each data set's decoded value with jgen and every
// peer. Names group for benchstat: writer=<codec>/preset=<p>/set=<data set>.
// The bytes per op (MB/s) are those of the encoding.
func BenchmarkValues(b *testing.B) {
	for _, s := range values.Sets {
		for _, c := range ValueCodecs() {
			if _, ok := valueCodecExceptions[[2]string{c.Name, s.Name}]; ok {
				continue
			}
			b.Run(fmt.Sprintf("writer=%s/preset=%s/set=%s", c.Name, c.Preset, s.Name), func(b *testing.B) {
				vs := valueSet(b, s)
				// Decoding the sets leaves garbage: collect it now, so
				// that no GC cycle (and its write barriers) runs in the
				// counted or timed ops of one codec and not another.
				runtime.GC()
				runWriter(b, Writer{Prepare: func(*Input) func() ([]byte, error) { return c.Prepare(vs.Value) }}, &Input{Size: vs.Size})
			})
		}
	}
}

// describeDiff says where got and want first differ.
func describeDiff(got, want []byte) string {
	i := firstDiff(got, want)
	return fmt.Sprintf("at byte %d of %d/%d:\n got %s\nwant %s", i, len(got), len(want), window(got, i), window(want, i))
}
