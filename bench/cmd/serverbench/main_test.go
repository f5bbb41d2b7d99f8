package main

import (
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/jgen-go/jgen/bench"
	"github.com/jgen-go/jgen/bench/values"
)

func TestStatTicks(t *testing.T) {
	// A command name with a space and a ')' of its own; utime 1234,
	// stime 56 (fields 14 and 15).
	line := []byte("4242 (a) b) S 1 4242 4242 0 -1 4194560 300 0 0 0 1234 56 0 0 20 0 3 0 100 1000000 200 18446744073709551615\n")
	got, err := statTicks(line)
	if err != nil || got != 1290 {
		t.Errorf("statTicks = %d, %v; want 1290", got, err)
	}
	for _, bad := range []string{"4242 no parenthesis S 1", "1 (x) S 1 2 3"} {
		if _, err := statTicks([]byte(bad)); err == nil {
			t.Errorf("statTicks(%q): no error", bad)
		}
	}
	if _, err := procCPU(os.Getpid()); err != nil {
		t.Errorf("procCPU(self): %v", err)
	}
}

// TestClientBounded runs the load generator against an in-process server
// (so the CPU figure is this process's) and checks that it stops at
// -max-requests, that it checked the bodies (a wrong body is an error),
// and that it refuses an address other than 127.0.0.1.
func TestClientBounded(t *testing.T) {
	codec := bench.ServerCodecs()[1] // jgen-encoder
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /beans", codec.Handler(values.MakeBeans(20, values.BeansSeed)))
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	defer srv.Close()

	c := config{addr: ln.Addr().String(), serverPID: os.Getpid(), beans: 20, conns: 2,
		warmup: 20 * time.Millisecond, duration: time.Minute, maxRequests: 40}
	res, err := client(c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 40 || res.Bytes != 8705 || res.P50 <= 0 || res.P99 < res.P50 || res.Seconds >= 30 {
		t.Errorf("client = %+v; want 40 requests of 8705 bytes, stopped by the count", res)
	}

	c.beans = 19 // the server answers 20 beans: not the bytes the client wants
	if _, err := client(c); err == nil {
		t.Error("client accepted bodies that differ from encoding/json's")
	}
	c.addr = "localhost:1"
	if _, err := client(c); err == nil {
		t.Error("client accepted an address other than 127.0.0.1")
	}
}
