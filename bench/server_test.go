package bench

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jgen-go/jgen/bench/values"
)

// TestServerCodecsEqual checks that every handler of cmd/serverbench
// answers with encoding/json's bytes (a trailing newline allowed), at
// each payload size, on a first and a second request (the pooled handler
// reuses its generator on the second).
func TestServerCodecsEqual(t *testing.T) {
	for _, n := range []int{1, 20, 200} {
		v := values.MakeBeans(n, values.BeansSeed)
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ServerCodecs() {
			h := c.Handler(v)
			for i := range 2 {
				rec := httptest.NewRecorder()
				h(rec, httptest.NewRequest("GET", "/beans", nil))
				got := bytes.TrimSuffix(rec.Body.Bytes(), []byte("\n"))
				if rec.Code != 200 || !bytes.Equal(got, want) {
					t.Errorf("%s, %d beans, request %d: status %d, %s", c.Name, n, i+1, rec.Code, describeDiff(got, want))
				}
				if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
					t.Errorf("%s: Content-Type %q", c.Name, ct)
				}
			}
		}
	}
}

// TestServerTSV checks that ServerTables reads back what WriteServerTSV
// wrote and computes the medians and ratios it says.
func TestServerTSV(t *testing.T) {
	in := []ServerResult{
		{Round: 1, Codec: "encoding-json", Beans: 20, Bytes: 8705, Requests: 1000, Seconds: 2, CPUSeconds: 0.05, P50: 0.0001, P99: 0.0005},
		{Round: 1, Codec: "jgen-encoder", Beans: 20, Bytes: 8705, Requests: 2000, Seconds: 2, CPUSeconds: 0.05, P50: 0.0001, P99: 0.0004},
		{Round: 2, Codec: "encoding-json", Beans: 20, Bytes: 8705, Requests: 1000, Seconds: 2, CPUSeconds: 0.06, P50: 0.0001, P99: 0.0007},
		{Round: 2, Codec: "jgen-encoder", Beans: 20, Bytes: 8705, Requests: 2000, Seconds: 2, CPUSeconds: 0.03, P50: 0.0001, P99: 0.0004},
	}
	var buf bytes.Buffer
	if err := WriteServerTSV(&buf, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadServerTSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) || out[3] != in[3] {
		t.Fatalf("read back %+v, want %+v", out, in)
	}
	md := ServerTables(out)
	// encoding-json: 50 and 60 µs, median 55; jgen-encoder: 25 and 15 µs,
	// median 20, ratios 0.5 and 0.25, median 0.375 (printed 0.38 or 0.37).
	for _, want := range []string{
		"#### 20 beans per response (8705 bytes)",
		"| encoding-json | 55.0 | 1.00 | 50.0–60.0 | 500 | 0.60 | 2 |",
		"| **jgen-encoder** | 20.0 | 0.38 | 15.0–25.0 | 1000 | 0.40 | 2 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("tables lack %q:\n%s", want, md)
		}
	}
}
