// Command serverbench measures JSON codecs where most Go JSON is written: a
// net/http handler answering GET /beans with a JSON array of beans
// (values.MakeBeans), the same handler for every codec but the call that
// writes the body (bench.ServerCodecs).
//
// Run it from the bench directory:
//
//	go run ./cmd/serverbench                          # 3 rounds of 10 s, 1, 20 and 200 beans
//	go run ./cmd/serverbench -rounds 2 -duration 2s   # a short check
//
// For every round, payload size and codec (interleaved: each round runs
// every codec once, starting one codec later than the round before) it
// starts a server process of its own (this command re-executed with
// -role server, pinned with taskset to -server-cpu, so GOMAXPROCS is 1) on
// 127.0.0.1 and a load-generator process (-role client, pinned to
// -client-cpu): -conns keep-alive connections, each sending one request
// after another. The client warms up for -warmup, then reads the server's
// /proc/<pid>/stat (utime+stime), sends requests for -duration or until
// -max-requests, and reads it again: server CPU per request is the
// difference over the requests answered. Every response body is compared
// with encoding/json's bytes. The server exits when its stdin closes (the
// parent's end of the pipe), so no server outlives the command.
//
// Output: -o DIR/server.tsv (one line per measurement, see
// bench.WriteServerTSV) and DIR/SERVER.md (bench.ServerTables and the run's
// conditions); cmd/report adds the tables to its report when the TSV is
// there.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jgen-go/jgen/bench"
	"github.com/jgen-go/jgen/bench/values"
)

type config struct {
	role        string
	codec       string
	beans       int
	addr        string
	serverPID   int
	rounds      int
	duration    time.Duration
	warmup      time.Duration
	maxRequests int64
	conns       int
	beansList   string
	codecs      string
	serverCPU   string
	clientCPU   string
	out         string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("serverbench: ")
	var c config
	flag.StringVar(&c.role, "role", "", "internal: server or client (set by the parent run)")
	flag.StringVar(&c.codec, "codec", "", "internal: the server's codec")
	flag.IntVar(&c.beans, "n", 20, "internal: beans per response")
	flag.StringVar(&c.addr, "addr", "", "internal: the server's address, for the client")
	flag.IntVar(&c.serverPID, "server-pid", 0, "internal: the server's process id, for the client")
	flag.IntVar(&c.rounds, "rounds", 3, "rounds; each runs every codec at every size once")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "measured time per codec, size and round")
	flag.DurationVar(&c.warmup, "warmup", 500*time.Millisecond, "unmeasured load before each measurement")
	flag.Int64Var(&c.maxRequests, "max-requests", 2_000_000, "at most this many measured requests per measurement")
	flag.IntVar(&c.conns, "conns", 4, "keep-alive connections of the load generator, each one request at a time")
	flag.StringVar(&c.beansList, "beans", "1,20,200", "beans per response, comma-separated")
	flag.StringVar(&c.codecs, "codecs", "", "codecs, comma-separated (default: all of bench.ServerCodecs)")
	flag.StringVar(&c.serverCPU, "server-cpu", "0", "taskset CPU list of the server (empty, with -client-cpu empty: no pinning)")
	flag.StringVar(&c.clientCPU, "client-cpu", "1", "taskset CPU list of the load generator")
	flag.StringVar(&c.out, "o", "results/server", "output directory")
	flag.Parse()

	switch c.role {
	case "server":
		serve(c)
	case "client":
		res, err := client(c)
		if err == nil {
			err = json.NewEncoder(os.Stdout).Encode(res)
		}
		if err != nil {
			log.Fatal(err)
		}
	case "":
		if err := parent(c); err != nil {
			log.Fatal(err)
		}
	default:
		log.Fatalf("unknown -role %q", c.role)
	}
}

// serve listens on a loopback port, prints it, and answers until stdin
// closes.
func serve(c config) {
	var codec *bench.ServerCodec
	for _, sc := range bench.ServerCodecs() {
		if sc.Name == c.codec {
			codec = &sc
		}
	}
	if codec == nil {
		log.Fatalf("unknown codec %q", c.codec)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /beans", codec.Handler(values.MakeBeans(c.beans, values.BeansSeed)))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	fmt.Printf("listening %s %d\n", ln.Addr(), runtime.GOMAXPROCS(0))
	log.Fatal(srv.Serve(ln))
}

// clientResult is what the client prints, as one JSON line.
type clientResult struct {
	Requests   int64
	Seconds    float64
	CPUSeconds float64
	P50, P99   float64
	Bytes      int
}

// client sends the load to c.addr and measures: for c.warmup unmeasured,
// then for c.duration or c.maxRequests requests, whichever ends first,
// reading process c.serverPID's CPU time at both ends of that interval.
// Every body must be encoding/json's bytes for c.beans beans.
func client(c config) (clientResult, error) {
	var zero clientResult
	if host, _, err := net.SplitHostPort(c.addr); err != nil || host != "127.0.0.1" {
		return zero, fmt.Errorf("-addr %q: the load generator talks to 127.0.0.1 only", c.addr)
	}
	want, err := json.Marshal(values.MakeBeans(c.beans, values.BeansSeed))
	if err != nil {
		return zero, err
	}
	tr := &http.Transport{
		DialContext:         (&net.Dialer{}).DialContext,
		MaxIdleConnsPerHost: c.conns,
		MaxConnsPerHost:     c.conns,
		DisableCompression:  true,
	}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	url := "http://" + c.addr + "/beans"

	var (
		measuring atomic.Bool
		stop      atomic.Bool
		count     atomic.Int64
		firstErr  error
		errOnce   sync.Once
	)
	lat := make([][]time.Duration, c.conns)
	var wg sync.WaitGroup
	for i := range c.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, len(want)+2)
			l := make([]time.Duration, 0, min(c.maxRequests, 1<<20))
			for !stop.Load() {
				m := measuring.Load()
				if m && count.Add(1) > c.maxRequests {
					stop.Store(true)
					break
				}
				t0 := time.Now()
				err := get(hc, url, buf, want)
				d := time.Since(t0)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					stop.Store(true)
					break
				}
				if m && len(l) < cap(l) {
					l = append(l, d)
				}
			}
			lat[i] = l
		}()
	}
	time.Sleep(c.warmup)
	cpu0, err := procCPU(c.serverPID)
	if err != nil {
		stop.Store(true)
		wg.Wait()
		return zero, err
	}
	t0 := time.Now()
	measuring.Store(true)
	deadline := time.NewTimer(c.duration)
	tick := time.NewTicker(10 * time.Millisecond)
	for done := false; !done; {
		select {
		case <-deadline.C:
			done = true
		case <-tick.C:
			done = stop.Load()
		}
	}
	// The requests answered by now are the interval's: read the server's
	// CPU before the in-flight ones finish.
	elapsed := time.Since(t0)
	cpu1, err := procCPU(c.serverPID)
	n := min(count.Load(), c.maxRequests)
	stop.Store(true)
	wg.Wait()
	if firstErr != nil {
		return zero, firstErr
	}
	if err != nil {
		return zero, err
	}
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return zero, errors.New("no request answered in the measured interval")
	}
	slices.Sort(all)
	q := func(p float64) float64 { return all[min(int(p*float64(len(all))), len(all)-1)].Seconds() }
	return clientResult{
		// Requests counts those started in the interval; at most conns of
		// them finish after it.
		Requests: n, Seconds: elapsed.Seconds(), CPUSeconds: cpu1 - cpu0,
		P50: q(0.50), P99: q(0.99), Bytes: len(want),
	}, nil
}

// get sends one request and checks the body is want, with or without a
// trailing newline. buf is scratch of at least len(want)+1 bytes.
func get(hc *http.Client, url string, buf, want []byte) error {
	resp, err := hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	n, err := io.ReadFull(resp.Body, buf)
	if err != io.ErrUnexpectedEOF && err != io.EOF {
		if err == nil {
			return fmt.Errorf("response longer than %d bytes", len(buf)-1)
		}
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("status %s: %s", resp.Status, buf[:n])
	}
	if got := bytes.TrimSuffix(buf[:n], []byte("\n")); !bytes.Equal(got, want) {
		return fmt.Errorf("body differs from encoding/json's (%d bytes, want %d)", len(got), len(want))
	}
	return nil
}

// procCPU returns the user plus system CPU time of process pid, in
// seconds, from /proc/<pid>/stat.
func procCPU(pid int) (float64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	ticks, err := statTicks(data)
	if err != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %v", pid, err)
	}
	return float64(ticks) / float64(clockTicks()), nil
}

// statTicks returns utime+stime (fields 14 and 15, in clock ticks) of a
// /proc/<pid>/stat line (proc(5)).
func statTicks(data []byte) (uint64, error) {
	// The command name (field 2) is in parentheses and may hold spaces
	// and parentheses: the fields resume after the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, errors.New("no ')'")
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("%d fields after the name, want at least 13", len(f))
	}
	// f[0] is field 3 (state): utime is field 14, stime field 15.
	ut, err1 := strconv.ParseUint(f[11], 10, 64)
	st, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("utime %q, stime %q", f[11], f[12])
	}
	return ut + st, nil
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/<pid>/stat's
// times: AT_CLKTCK of the auxiliary vector, 100 if it cannot be read.
func clockTicks() uint64 {
	const atClkTck = 17
	data, err := os.ReadFile("/proc/self/auxv")
	if err == nil && strconv.IntSize == 64 {
		for i := 0; i+16 <= len(data); i += 16 {
			if binary.NativeEndian.Uint64(data[i:]) == atClkTck {
				if v := binary.NativeEndian.Uint64(data[i+8:]); v > 0 {
					return v
				}
			}
		}
	}
	return 100
}

// parent runs the rounds.
func parent(c config) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	pin := c.serverCPU != "" || c.clientCPU != ""
	if pin {
		if _, err := exec.LookPath("taskset"); err != nil {
			return errors.New("taskset not found (apt-get install util-linux), or pass -server-cpu '' -client-cpu ''")
		}
		if c.serverCPU == "" || c.clientCPU == "" || c.serverCPU == c.clientCPU {
			return fmt.Errorf("-server-cpu %q and -client-cpu %q: give two different CPU lists, or both empty", c.serverCPU, c.clientCPU)
		}
	}
	var sizes []int
	for _, s := range strings.Split(c.beansList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("-beans %q: %q is not a positive count", c.beansList, s)
		}
		sizes = append(sizes, n)
	}
	var codecs []string
	known := map[string]bool{}
	for _, sc := range bench.ServerCodecs() {
		known[sc.Name] = true
		codecs = append(codecs, sc.Name)
	}
	if c.codecs != "" {
		codecs = strings.Split(c.codecs, ",")
		for _, n := range codecs {
			if !known[n] {
				return fmt.Errorf("unknown codec %q", n)
			}
		}
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	wrap := func(cpu string, args ...string) *exec.Cmd {
		if pin {
			return exec.Command("taskset", append([]string{"-c", cpu, self}, args...)...)
		}
		return exec.Command(self, args...)
	}
	start := time.Now()
	load0 := loadavg()
	total := c.rounds * len(sizes) * len(codecs)
	log.Printf("%d measurements of %s (+%s warm-up): about %s", total, c.duration, c.warmup,
		(time.Duration(total) * (c.duration + c.warmup + 300*time.Millisecond)).Round(time.Second))
	var results []bench.ServerResult
	serverProcs := ""
	for round := 1; round <= c.rounds; round++ {
		for _, n := range sizes {
			for i := range codecs {
				codec := codecs[(i+round-1)%len(codecs)]
				res, procs, err := measure(c, wrap, codec, n)
				if err != nil {
					return fmt.Errorf("round %d, %s, %d beans: %w", round, codec, n, err)
				}
				serverProcs = procs
				res.Round = round
				results = append(results, res)
				log.Printf("round %d, %3d beans, %-14s %7.1f µs CPU/req  %8.0f req/s  p99 %.2f ms", round, n, codec,
					res.CPUPerRequest()*1e6, res.ReqPerSec(), res.P99*1e3)
			}
		}
	}
	var tsv bytes.Buffer
	if err := bench.WriteServerTSV(&tsv, results); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(c.out, "server.tsv"), tsv.Bytes(), 0o644); err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# jgen end-to-end server benchmark\n\n")
	fmt.Fprintf(&md, "Generated by `cd bench && go run ./cmd/serverbench %s` on %s.\n\n", strings.Join(os.Args[1:], " "), time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	md.WriteString(conditions(c, pin, serverProcs, start, load0))
	md.WriteString(bench.ServerTables(results))
	if err := os.WriteFile(filepath.Join(c.out, "SERVER.md"), []byte(md.String()), 0o644); err != nil {
		return err
	}
	// The conditions, for cmd/report.
	if err := os.WriteFile(filepath.Join(c.out, "server-run.md"), []byte(conditions(c, pin, serverProcs, start, load0)), 0o644); err != nil {
		return err
	}
	fmt.Print(bench.ServerTables(results))
	log.Printf("wrote %s and %s", filepath.Join(c.out, "server.tsv"), filepath.Join(c.out, "SERVER.md"))
	return nil
}

// conditions describes the run as a markdown paragraph and table.
func conditions(c config, pin bool, serverProcs string, start time.Time, load0 string) string {
	var b strings.Builder
	pinning := "not pinned"
	if pin {
		pinning = fmt.Sprintf("server on CPU %s, load generator on CPU %s (taskset)", c.serverCPU, c.clientCPU)
	}
	fmt.Fprintf(&b, "A net/http server per codec and round answers `GET /beans` with the JSON array of `values.MakeBeans(n, values.BeansSeed)`; the handlers differ only in the call that writes the body (`bench.ServerCodecs`), and every body is checked against encoding/json's bytes. ")
	fmt.Fprintf(&b, "Server CPU per request is the server process's utime+stime (`/proc/<pid>/stat`, clock ticks of 1/%d s) over the measured interval, divided by the requests started in it; net/http's own work, the same for every codec, is in every figure, so the codecs differ by more than the ratios show. ", clockTicks())
	fmt.Fprintf(&b, "Latency is the load generator's (a Go net/http client on loopback, %d keep-alive connections, one request at a time each), so p99 includes the client's own scheduling. ", c.conns)
	fmt.Fprintf(&b, "The ratio is the median over rounds of each round's CPU per request ÷ encoding/json's in the same round.\n\n")
	fmt.Fprintf(&b, "| | |\n|---|---|\n")
	fmt.Fprintf(&b, "| rounds × measured time | %d × %s per codec and size (+%s warm-up), interleaved |\n", c.rounds, c.duration, c.warmup)
	fmt.Fprintf(&b, "| max requests per measurement | %d |\n", c.maxRequests)
	fmt.Fprintf(&b, "| pinning | %s; %s |\n", pinning, serverProcs)
	fmt.Fprintf(&b, "| Go | %s %s/%s |\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(&b, "| CPU | %s (%d logical CPUs) |\n", cpuModel(), runtime.NumCPU())
	fmt.Fprintf(&b, "| started | %s, took %s |\n", start.UTC().Format(time.RFC3339), time.Since(start).Round(time.Second))
	fmt.Fprintf(&b, "| load average at start / end | %s / %s |\n\n", load0, loadavg())
	return b.String()
}

// measure runs one server and one client, and returns the client's figures
// and the server's GOMAXPROCS line.
func measure(c config, wrap func(string, ...string) *exec.Cmd, codec string, n int) (bench.ServerResult, string, error) {
	var res bench.ServerResult
	srv := wrap(c.serverCPU, "-role", "server", "-codec", codec, "-n", strconv.Itoa(n))
	stdin, err := srv.StdinPipe()
	if err != nil {
		return res, "", err
	}
	stdout, err := srv.StdoutPipe()
	if err != nil {
		return res, "", err
	}
	srv.Stderr = os.Stderr
	if err := srv.Start(); err != nil {
		return res, "", err
	}
	defer func() {
		stdin.Close() // the server exits on EOF
		done := make(chan struct{})
		go func() { srv.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			srv.Process.Kill() // this server, by its own pid
			<-done
		}
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return res, "", fmt.Errorf("server did not start: %v", err)
	}
	var addr string
	var procs int
	if _, err := fmt.Sscanf(line, "listening %s %d", &addr, &procs); err != nil {
		return res, "", fmt.Errorf("server said %q", line)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.warmup+c.duration+30*time.Second)
	defer cancel()
	cl := wrap(c.clientCPU, "-role", "client", "-addr", addr, "-server-pid", strconv.Itoa(srv.Process.Pid), "-n", strconv.Itoa(n),
		"-duration", c.duration.String(), "-warmup", c.warmup.String(), "-max-requests", strconv.FormatInt(c.maxRequests, 10),
		"-conns", strconv.Itoa(c.conns))
	cl = exec.CommandContext(ctx, cl.Path, cl.Args[1:]...)
	cl.Stderr = os.Stderr
	out, err := cl.Output()
	if err != nil {
		return res, "", fmt.Errorf("load generator: %v", err)
	}
	var cr clientResult
	if err := json.Unmarshal(out, &cr); err != nil {
		return res, "", fmt.Errorf("load generator said %q: %v", out, err)
	}
	res = bench.ServerResult{Codec: codec, Beans: n, Bytes: cr.Bytes, Requests: cr.Requests, Seconds: cr.Seconds,
		CPUSeconds: cr.CPUSeconds, P50: cr.P50, P99: cr.P99}
	return res, fmt.Sprintf("server GOMAXPROCS %d", procs), nil
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
