//go:build goexperiment.jsonv2 && go1.27

package bench

// A struct with Go embedded structs (by value and through a pointer)
// against the flat struct of the same members, under jgen's v2 rules, the
// drop-in and encoding/json/v2: what embedding costs each, and what the
// drop-in gains from encoding it itself.

import (
	"bytes"
	jsonv2std "encoding/json/v2"
	"fmt"
	"runtime"
	"testing"
)

type (
	embMeta struct {
		ID      int64  `json:"id"`
		Kind    string `json:"kind"`
		Version int    `json:"version,omitzero"`
	}
	embAudit struct {
		Created string `json:"created"`
		Updated string `json:"updated,omitempty"`
		By      string `json:"by"`
	}
	embItem struct {
		embMeta
		*embAudit
		Name  string  `json:"name"`
		Price float64 `json:"price"`
		Tags  []string
	}
	embPage struct {
		embMeta
		Items []embItem `json:"items"`
		Next  string    `json:"next,omitempty"`
	}
	flatItem struct {
		ID      int64    `json:"id"`
		Kind    string   `json:"kind"`
		Version int      `json:"version,omitzero"`
		Created string   `json:"created,omitempty"`
		Updated string   `json:"updated,omitempty"`
		By      string   `json:"by,omitempty"`
		Name    string   `json:"name"`
		Price   float64  `json:"price"`
		Tags    []string `json:"Tags"`
	}
	flatPage struct {
		ID      int64      `json:"id"`
		Kind    string     `json:"kind"`
		Version int        `json:"version,omitzero"`
		Items   []flatItem `json:"items"`
		Next    string     `json:"next,omitempty"`
	}
)

// embeddedPages returns the same page of n items as an embedding struct
// and as a flat one (every third item's audit nil, whose members the flat
// one leaves out by omitempty).
func embeddedPages(n int) (*embPage, *flatPage) {
	e := &embPage{embMeta: embMeta{ID: 1, Kind: "page", Version: 3}, Next: "cursor-2"}
	f := &flatPage{ID: 1, Kind: "page", Version: 3, Next: "cursor-2"}
	for i := range n {
		m := embMeta{ID: int64(1000 + i), Kind: "item", Version: i % 4}
		it := embItem{embMeta: m, Name: fmt.Sprintf("item number %d", i), Price: float64(i) * 1.25, Tags: []string{"a", "bc"}}
		fi := flatItem{ID: m.ID, Kind: m.Kind, Version: m.Version, Name: it.Name, Price: it.Price, Tags: it.Tags}
		if i%3 != 0 {
			it.embAudit = &embAudit{Created: "2026-01-02T03:04:05Z", By: "user"}
			fi.Created, fi.By = it.Created, it.By
		}
		e.Items = append(e.Items, it)
		f.Items = append(f.Items, fi)
	}
	return e, f
}

func TestEmbeddedV2Equal(t *testing.T) {
	e, f := embeddedPages(20)
	want, err := jsonv2std.Marshal(e, jsonv2std.Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	if flat, _ := jsonv2std.Marshal(f, jsonv2std.Deterministic(true)); !bytes.Equal(flat, want) {
		t.Fatalf("the flat page differs:\n%s\n%s", flat, want)
	}
	for _, c := range v2Codecs() {
		if c.Preset != "v2" {
			continue
		}
		for _, v := range []any{e, f} {
			got, err := c.Prepare(v)()
			if err != nil {
				t.Fatalf("%s on %T: %v", c.Name, v, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s on %T: %s", c.Name, v, describeDiff(got, want))
			}
		}
	}
}

// BenchmarkEmbeddedV2 encodes the page of 20 items, embedding and flat,
// by jgen's v2 rules, the drop-in and encoding/json/v2.
func BenchmarkEmbeddedV2(b *testing.B) {
	e, f := embeddedPages(20)
	size, _ := jsonv2std.Marshal(f)
	for _, shape := range []struct {
		name string
		v    any
	}{{"embedded", e}, {"flat", f}} {
		for _, c := range v2Codecs() {
			if c.Preset != "v2" || c.Name == "go-json-experiment" {
				continue
			}
			b.Run(fmt.Sprintf("writer=%s/shape=%s", c.Name, shape.name), func(b *testing.B) {
				runtime.GC()
				runOp(b, int64(len(size)), func() func() ([]byte, error) { return c.Prepare(shape.v) })
			})
		}
	}
}
