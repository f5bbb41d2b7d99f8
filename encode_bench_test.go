package jgen_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/compat"
)

// BenchmarkWriteValue measures WriteValue into a reused append-mode
// generator against json.Marshal, on a slice of small structs and, with
// JGEN_SHARED=1, on twitter.json and citm_catalog.json decoded into the
// struct types of the differential test.
func BenchmarkWriteValue(b *testing.B) {
	items := make([]allocStruct, 100)
	for i := range items {
		items[i] = allocStruct{ID: int64(i), Name: "name <x>", Active: true, Ratio: 0.5, Count: 7,
			Items: []allocInner{{"a", 1.5, []string{"x", "y"}}}, Inner: allocInner{Label: "é"}}
	}
	sets := []struct {
		name string
		v    any
	}{{"structs", &items}}
	if compat.SharedRequested() {
		dir, err := compat.SharedDir()
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range []struct {
			name string
			v    any
		}{{"twitter", new(twitterDoc)}, {"citm_catalog", new(citmDoc)}} {
			data, err := os.ReadFile(filepath.Join(dir, "corpus", "simdjson", f.name+".json"))
			if err != nil {
				b.Fatal(err)
			}
			if err := json.Unmarshal(data, f.v); err != nil {
				b.Fatal(err)
			}
			sets = append(sets, f)
		}
	}
	for _, s := range sets {
		want, err := json.Marshal(s.v)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("data="+s.name+"/enc=jgen", func(b *testing.B) {
			g, _ := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: jgen.Stdlib})
			buf := make([]byte, 0, 2*len(want))
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			for b.Loop() {
				g.ResetAppend(buf[:0])
				if err := g.WriteValue(s.v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("data="+s.name+"/enc=encoding-json", func(b *testing.B) {
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := json.Marshal(s.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
