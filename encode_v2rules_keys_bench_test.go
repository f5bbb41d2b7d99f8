//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"strconv"
	"testing"

	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// BenchmarkV2MapKeys encodes maps of 100 entries with integer, string and
// text-marshaling keys under the v2 rules, sorted and in map order
// (AnyMapOrder), against encoding/json/v2 with Deterministic (jgen's
// order) and without.
func BenchmarkV2MapKeys(b *testing.B) {
	ints := make(map[int]string, 100)
	texts := make(map[v2KeyPtrText]int, 100)
	strs := make(map[string]string, 100)
	for i := range 100 {
		ints[i*37-1000] = "value " + strconv.Itoa(i)
		strs["key "+strconv.Itoa(i*37-1000)] = "value " + strconv.Itoa(i)
		texts[v2KeyPtrText(i*37-1000)] = i
	}
	for _, m := range []struct {
		name string
		v    any
	}{{"map=int_string", ints}, {"map=string_string", strs}, {"map=text_int", texts}} {
		for _, j := range []struct {
			lib string
			v2  jgen.JSONv2
		}{{"jgen", jgen.JSONv2{}}, {"jgen-anymaporder", jgen.JSONv2{AnyMapOrder: true}}} {
			opts := &jgen.Options{V2: &j.v2}
			b.Run(m.name+"/lib="+j.lib, func(b *testing.B) {
				var buf []byte
				for b.Loop() {
					var err error
					if buf, err = jgen.AppendMarshal(buf[:0], m.v, opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(m.name+"/lib=jsonv2-deterministic", func(b *testing.B) {
			for b.Loop() {
				if _, err := jsonv2.Marshal(m.v, jsonv2.Deterministic(true)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(m.name+"/lib=jsonv2", func(b *testing.B) {
			for b.Loop() {
				if _, err := jsonv2.Marshal(m.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
