package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bytedance/sonic"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"

	"github.com/jgen-go/jgen"
	jgenjson "github.com/jgen-go/jgen/json"
)

// ServerCodec is one way a net/http handler writes a JSON response body, as
// cmd/serverbench measures it: the handlers of every codec are the same but
// for the call that writes the body, and every body is encoding/json's bytes
// (TestServerCodecsEqual checks it), with or without the newline
// json.Encoder adds.
type ServerCodec struct {
	Name string // as in the tables and -codecs
	API  string // the calls the handler makes, for the report
	// Handler returns the handler that answers every request with v.
	Handler func(v any) http.HandlerFunc
}

// ServerCodecs returns the handlers of cmd/serverbench, encoding/json's
// first (the ratios' base).
func ServerCodecs() []ServerCodec {
	return []ServerCodec{{
		Name: "encoding-json", API: "json.NewEncoder(w).Encode(v)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if err := json.NewEncoder(w).Encode(v); err != nil {
					serverError(w, err)
				}
			}
		},
	}, {
		Name: "jgen-encoder", API: "jgen.NewEncoder(w, &jgen.Options{Escaping: jgen.Stdlib}), then Encode(v)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				enc, err := jgen.NewEncoder(w, jgenStdlib)
				if err == nil {
					err = enc.Encode(v)
				}
				if err != nil {
					serverError(w, err)
				}
			}
		},
	}, {
		Name: "jgen-marshal", API: "jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib}), then w.Write",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				b, err := jgen.Marshal(v, jgenStdlib)
				if err != nil {
					serverError(w, err)
					return
				}
				w.Write(b)
			}
		},
	}, {
		Name: "jgen-pooled", API: "a sync.Pool of append-mode Generators (NewAppendGenerator, ResetAppend, WriteValue), then w.Write(g.Bytes())",
		Handler: func(v any) http.HandlerFunc {
			pool := sync.Pool{New: func() any {
				g, err := jgen.NewAppendGenerator(nil, jgenStdlib)
				if err != nil {
					panic(err) // jgenStdlib is valid
				}
				return g
			}}
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				g := pool.Get().(*jgen.Generator)
				defer pool.Put(g)
				g.ResetAppend(g.Bytes()[:0])
				if err := g.WriteValue(v); err != nil {
					serverError(w, err)
					return
				}
				w.Write(g.Bytes())
			}
		},
	}, {
		Name: "jgen-json-encoder", API: "json.NewEncoder(w).Encode(v) of github.com/jgen-go/jgen/json (the drop-in)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if err := jgenjson.NewEncoder(w).Encode(v); err != nil {
					serverError(w, err)
				}
			}
		},
	}, {
		Name: "sonic", API: "sonic.ConfigStd.NewEncoder(w).Encode(v)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if err := sonic.ConfigStd.NewEncoder(w).Encode(v); err != nil {
					serverError(w, err)
				}
			}
		},
	}, {
		Name: "goccy", API: "gojson.NewEncoder(w).Encode(v) (github.com/goccy/go-json)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if err := gojson.NewEncoder(w).Encode(v); err != nil {
					serverError(w, err)
				}
			}
		},
	}, {
		Name: "jsoniter", API: "jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w).Encode(v)",
		Handler: func(v any) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if err := jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w).Encode(v); err != nil {
					serverError(w, err)
				}
			}
		},
	}}
}

// serverError answers 500. A handler reaches it only before it has
// written the body: every codec here encodes a value whole before writing.
func serverError(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

// ServerResult is one measurement of cmd/serverbench: one codec's server
// process answering one payload size for one round.
type ServerResult struct {
	Round    int
	Codec    string
	Beans    int     // beans per response
	Bytes    int     // body bytes per response
	Requests int64   // requests answered in the measured interval
	Seconds  float64 // the measured interval's wall-clock length
	// CPUSeconds is the server process's user plus system CPU time over
	// the interval (/proc/<pid>/stat utime+stime), in seconds.
	CPUSeconds float64
	P50, P99   float64 // request latency seen by the client, in seconds
}

// CPUPerRequest is the server CPU time per request, in seconds.
func (r ServerResult) CPUPerRequest() float64 { return r.CPUSeconds / float64(r.Requests) }

// ReqPerSec is the requests answered per second of wall-clock time.
func (r ServerResult) ReqPerSec() float64 { return float64(r.Requests) / r.Seconds }

const serverTSVHeader = "round\tcodec\tbeans\tbytes\trequests\tseconds\tcpu_seconds\tp50_seconds\tp99_seconds"

// WriteServerTSV writes results as tab-separated lines under a header.
func WriteServerTSV(w io.Writer, results []ServerResult) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, serverTSVHeader)
	for _, r := range results {
		fmt.Fprintf(bw, "%d\t%s\t%d\t%d\t%d\t%.6f\t%.6f\t%.9f\t%.9f\n", r.Round, r.Codec, r.Beans, r.Bytes, r.Requests, r.Seconds, r.CPUSeconds, r.P50, r.P99)
	}
	return bw.Flush()
}

// ReadServerTSV reads what WriteServerTSV wrote. Lines starting with '#'
// are skipped. It returns an error for a line that does not parse.
func ReadServerTSV(r io.Reader) ([]ServerResult, error) {
	var out []ServerResult
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == serverTSVHeader || line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 9 {
			return nil, fmt.Errorf("line %d: %d fields, want 9", n, len(f))
		}
		var res ServerResult
		var errs [8]error
		res.Round, errs[0] = strconv.Atoi(f[0])
		res.Codec = f[1]
		res.Beans, errs[1] = strconv.Atoi(f[2])
		res.Bytes, errs[2] = strconv.Atoi(f[3])
		res.Requests, errs[3] = strconv.ParseInt(f[4], 10, 64)
		res.Seconds, errs[4] = strconv.ParseFloat(f[5], 64)
		res.CPUSeconds, errs[5] = strconv.ParseFloat(f[6], 64)
		res.P50, errs[6] = strconv.ParseFloat(f[7], 64)
		res.P99, errs[7] = strconv.ParseFloat(f[8], 64)
		for _, err := range errs {
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		}
		out = append(out, res)
	}
	return out, sc.Err()
}

// ServerTables writes the markdown tables of results: per payload size,
// one row per codec (in the order of ServerCodecs, then any other name)
// with the medians over rounds of server CPU per request, its ratio to
// encoding/json's (the median of the per-round ratios), req/s and p99
// latency, and the range of CPU per request over the rounds.
func ServerTables(results []ServerResult) string {
	var b strings.Builder
	order := map[string]int{}
	api := map[string]string{}
	for i, c := range ServerCodecs() {
		order[c.Name] = i
		api[c.Name] = c.API
	}
	rank := func(name string) int {
		if i, ok := order[name]; ok {
			return i
		}
		return len(order)
	}
	var sizes []int
	byKey := map[[2]any][]ServerResult{}
	base := map[[2]int]float64{} // (beans, round) → encoding/json's CPU per request
	var codecs []string
	for _, r := range results {
		k := [2]any{r.Beans, r.Codec}
		if len(byKey[k]) == 0 {
			if !slices.Contains(sizes, r.Beans) {
				sizes = append(sizes, r.Beans)
			}
			if !slices.Contains(codecs, r.Codec) {
				codecs = append(codecs, r.Codec)
			}
		}
		byKey[k] = append(byKey[k], r)
		if r.Codec == "encoding-json" {
			base[[2]int{r.Beans, r.Round}] = r.CPUPerRequest()
		}
	}
	sort.Ints(sizes)
	sort.SliceStable(codecs, func(i, j int) bool { return rank(codecs[i]) < rank(codecs[j]) })
	for _, n := range sizes {
		bytes := 0
		for _, c := range codecs {
			if rs := byKey[[2]any{n, c}]; len(rs) > 0 {
				bytes = rs[0].Bytes
				break
			}
		}
		fmt.Fprintf(&b, "#### %d bean%s per response (%d bytes)\n\n", n, map[bool]string{true: "", false: "s"}[n == 1], bytes)
		b.WriteString("| codec | server CPU µs/req | ÷ encoding/json | CPU range over rounds | req/s | p99 ms | rounds |\n|---|---:|---:|---:|---:|---:|---:|\n")
		for _, c := range codecs {
			rs := byKey[[2]any{n, c}]
			if len(rs) == 0 {
				continue
			}
			var cpu, ratios, rps, p99 []float64
			for _, r := range rs {
				cpu = append(cpu, r.CPUPerRequest())
				rps = append(rps, r.ReqPerSec())
				p99 = append(p99, r.P99)
				if bv, ok := base[[2]int{n, r.Round}]; ok && bv > 0 {
					ratios = append(ratios, r.CPUPerRequest()/bv)
				}
			}
			ratio := "—"
			if len(ratios) > 0 {
				ratio = fmt.Sprintf("%.2f", median(ratios))
			}
			label := c
			if strings.HasPrefix(c, "jgen") {
				label = "**" + c + "**"
			}
			fmt.Fprintf(&b, "| %s | %.1f | %s | %.1f–%.1f | %.0f | %.2f | %d |\n", label, median(cpu)*1e6, ratio,
				slices.Min(cpu)*1e6, slices.Max(cpu)*1e6, median(rps), median(p99)*1e3, len(rs))
		}
		b.WriteString("\n")
	}
	b.WriteString("| codec | the handler's call |\n|---|---|\n")
	for _, c := range codecs {
		a := api[c]
		if a == "" {
			a = "—"
		}
		fmt.Fprintf(&b, "| %s | `%s` |\n", c, a)
	}
	b.WriteString("\n")
	return b.String()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
