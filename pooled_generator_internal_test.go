package jgen

import (
	"strings"
	"testing"
)

// TestPooledGeneratorOptions: a pooled generator's set-up is reused only
// for equal options, a changed field or *MarshalerEscaping included, and
// Marshal's bytes follow the options of each call.
func TestPooledGeneratorOptions(t *testing.T) {
	mx := Stdlib
	base := Options{Escaping: Stdlib, MarshalerEscaping: &mx}
	p, err := getGenerator(&base)
	if err != nil {
		t.Fatal(err)
	}
	variants := []func(o *Options){
		func(o *Options) { o.Escaping.HTMLSafe = false },
		func(o *Options) { o.Layout = Indented },
		func(o *Options) { o.Indent = "\t" },
		func(o *Options) { o.RootSeparator = " " },
		func(o *Options) { o.RootTerminator = " " },
		func(o *Options) { o.MaxDepth = 3 },
		func(o *Options) { o.BufferSize = 1000 },
		func(o *Options) { o.NonFinite = NonFiniteNull },
		func(o *Options) { o.MarshalerEscaping = nil },
		func(o *Options) { m := mx; o.MarshalerEscaping = &m }, // another pointer
		func(o *Options) { o.V2 = &JSONv2{} },
	}
	same := base
	if !p.sameOptions(&same) {
		t.Fatal("equal options not the same")
	}
	for i, f := range variants {
		o := base
		f(&o)
		if p.sameOptions(&o) {
			t.Errorf("variant %d is the same", i)
		}
	}
	mx.HTMLSafe = false // changed behind the pointer
	if p.sameOptions(&base) {
		t.Error("changed *MarshalerEscaping is the same")
	}
	mx.HTMLSafe = true
	putGenerator(p)
	if p, _ = getGenerator(nil); !p.sameOptions(nil) || !p.sameOptions(&Options{}) || p.sameOptions(&base) {
		t.Error("nil options")
	}
	putGenerator(p)

	// One options variable changed between calls.
	o := Options{Escaping: Stdlib}
	v := map[string]string{"a": "<b>"}
	for _, want := range []string{`{"a":"\u003cb\u003e"}`, `{"a":"<b>"}`, `{"a":"\u003cb\u003e"}`} {
		got, err := Marshal(v, &o)
		if err != nil || string(got) != want {
			t.Fatalf("got %s, %v; want %s", got, err, want)
		}
		o.Escaping.HTMLSafe = !o.Escaping.HTMLSafe
	}
	o = Options{Layout: Indented, Indent: "\t"}
	for _, ind := range []string{"\t", "  ", "\t"} {
		o.Indent = ind
		got, _ := Marshal([]int{1}, &o)
		if want := "[\n" + ind + "1\n]"; string(got) != want {
			t.Fatalf("indent %q: got %q", ind, got)
		}
	}
	if _, err := Marshal(1, &Options{Indent: "x"}); err == nil || !strings.Contains(err.Error(), "Indent") {
		t.Fatalf("invalid options: %v", err)
	}
}
