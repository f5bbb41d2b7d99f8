package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jgen-go/jgen/bench"
)

// serverSection writes the section of cmd/serverbench's results when its
// TSV (the -server flag) is there: the run's conditions as serverbench
// wrote them (server-run.md beside the TSV) and bench.ServerTables. The
// server benchmark is run separately (its own command): the report does
// not run it.
func (r *report) serverSection(b *strings.Builder) {
	if r.serverTSV == "" {
		return
	}
	f, err := os.Open(r.serverTSV)
	if err != nil {
		return
	}
	defer f.Close()
	results, err := bench.ReadServerTSV(f)
	if err != nil || len(results) == 0 {
		fmt.Fprintf(b, "## End-to-end server (cmd/serverbench)\n\n%s unreadable: %v\n\n", r.serverTSV, err)
		return
	}
	fmt.Fprintf(b, "## End-to-end server (cmd/serverbench)\n\n")
	fmt.Fprintf(b, "From `%s`, written by `cd bench && go run ./cmd/serverbench` (run separately; its own conditions below, which may differ from this report's run). ", r.serverTSV)
	fmt.Fprintf(b, "Server CPU per request is the figure a noisy machine keeps steadiest; req/s and p99 move with the machine's other load.\n\n")
	if cond, err := os.ReadFile(filepath.Join(filepath.Dir(r.serverTSV), "server-run.md")); err == nil {
		b.Write(cond)
	}
	b.WriteString(bench.ServerTables(results))
}
