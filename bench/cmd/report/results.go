package main

import (
	"bufio"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A sample set is every measurement of one benchmark name.
type samples struct {
	ns, mbps, allocs, bytesOp []float64
}

// stat summarizes the measurements of a benchmark. NsOp is the fastest
// measurement: on a shared machine other work only ever adds time, so the
// minimum is the steadiest estimate of a writer's own cost; the median is
// kept beside it (benchstat.txt has the medians with confidence intervals).
type stat struct {
	NsOp    float64
	MedNs   float64
	BPerNs  float64 // input bytes per ns (MB/s / 1000)
	Allocs  float64
	BytesOp float64
	N       int // measurements
	HasMem  bool
}

var procSuffix = regexp.MustCompile(`-\d+$`)

// readBench parses Go benchmark output (go test -bench, or the Java
// harness's lines in the same format), keyed by name without the
// GOMAXPROCS suffix.
func readBench(r io.Reader, into map[string]*samples) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
			continue
		}
		name := procSuffix.ReplaceAllString(f[0], "")
		s := into[name]
		if s == nil {
			s = &samples{}
			into[name] = s
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				s.ns = append(s.ns, v)
			case "MB/s":
				s.mbps = append(s.mbps, v)
			case "allocs/op":
				s.allocs = append(s.allocs, v)
			case "B/op":
				s.bytesOp = append(s.bytesOp, v)
			}
		}
	}
	return sc.Err()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minimum(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

func maximum(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func summarize(all map[string]*samples) map[string]stat {
	out := map[string]stat{}
	for name, s := range all {
		st := stat{NsOp: minimum(s.ns), MedNs: median(s.ns), BPerNs: maximum(s.mbps) / 1000, Allocs: median(s.allocs),
			BytesOp: median(s.bytesOp), N: len(s.ns), HasMem: len(s.allocs) > 0}
		out[name] = st
	}
	return out
}

// readCallgrind reads callgrind.sh's TSVs: name → instructions per input byte.
func readCallgrind(paths ...string) map[string]float64 { return readCallgrindColumn(5, paths) }

// readCallgrindOps reads callgrind.sh's TSVs: name → instructions per op.
func readCallgrindOps(paths ...string) map[string]float64 { return readCallgrindColumn(4, paths) }

func readCallgrindColumn(col int, paths []string) map[string]float64 {
	out := map[string]float64{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n")[1:] {
			f := strings.Split(line, "\t")
			if len(f) < 6 {
				continue
			}
			if v, err := strconv.ParseFloat(f[col], 64); err == nil {
				out[f[0]] = v
			}
		}
	}
	return out
}

// nameKey splits a benchmark name's key=value parts.
func nameKey(name string) (base string, kv map[string]string) {
	parts := strings.Split(name, "/")
	kv = map[string]string{}
	for _, p := range parts[1:] {
		if k, v, ok := strings.Cut(p, "="); ok {
			kv[k] = v
		}
	}
	return parts[0], kv
}
