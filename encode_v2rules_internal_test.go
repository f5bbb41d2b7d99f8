package jgen

import (
	"strconv"
	"strings"
	"testing"
)

// TestHasDuplicateNames checks the duplicate-name scan of MarshalJSON
// output at every depth.
func TestHasDuplicateNames(t *testing.T) {
	for _, c := range []struct {
		v   string
		dup bool
	}{
		{`1`, false}, {`"a"`, false}, {`[]`, false}, {`{}`, false},
		{`{"a":1,"b":2}`, false}, {`{"a":1,"a":2}`, true}, {`{"a":{"a":1},"b":[{"a":1}]}`, false},
		{`[1,{"x":[true,null],"y":"s,}]","x":0}]`, true}, {`{"a":{"b":1,"b":2}}`, true},
		{`{"ab":1,"a":2,"b":-1.5e3}`, false}, {`[[],[{}],{"":1,"":2}]`, true},
	} {
		if got := hasDuplicateNames([]byte(c.v)); got != c.dup {
			t.Errorf("hasDuplicateNames(%s) = %v, want %v", c.v, got, c.dup)
		}
	}
}

// TestAppendCompactJSON checks that the one-read check of MarshalJSON
// output takes only what appendPlainJSON's slow path writes unchanged, and
// takes the plain compact values, under each escaping the v2 rules use.
func TestAppendCompactJSON(t *testing.T) {
	escapings := []Escaping{Minimal, Minimal, Minimal, Minimal}
	escapings[1].HTMLSafe = true
	escapings[2].JSLineTerminators = true
	escapings[3].InvalidUTF8 = InvalidUTF8ReplaceRaw
	plain := []string{
		`1`, `-0.5e+3`, `"a"`, `true`, `null`, `[]`, `{}`, `[1,"x",{"a":[null,false]}]`,
		`{"a":1,"b":{"a":2}}`, `"é€𝄞"`, `"a<b>&c"`, "\"\u2028\"",
		// Names of sibling and nested objects kept apart on the name stack.
		`[{"a":1},{"a":1}]`, `{"a":{"x":1},"b":{"x":1}}`, `{"a":{"b":1},"b":2}`, `{"a":[{"a":0}],"b":{},"c":{"a":[]}}`,
		`{"ab":1,"a":2,"b":3,"":4}`, `{"é":1,"e":2}`,
	}
	others := []string{
		``, ` 1`, `1 `, `[1, 2]`, `{"a" :1}`, `{"a":1,"a":2}`, `"a\"b"`, `"\u0041"`, "\"\x01\"",
		"\"\xff\"", "\"\xe2\x80\"", `01`, `1.`, `[1,]`, `{"a"}`, `{"a":}`, `tru`, `nul`, `[`, `]`,
		`"abc`, `{"a":1`, `[[[[[[[[[[1]]]]]]]]]]`, `{1:2}`, `1 2`, `[1]]`, `-`, `+1`, `.5`,
		"\"\xed\xa0\x80\"", `{"a":{"b":1,"b":2}}`,
		`{"a":{"b":1},"a":2}`, `[{"a":1},{"b":1,"c":2,"b":3}]`, `{"":1,"":2}`, `{"é":1,"é":2}`,
		`{"a\"":1}`, `{"a":"b\\"}`, "{\"a\":1,\n\"b\":2}", `{"a":1}` + " ",
		manyNames(17, false), manyNames(17, true), manyNames(16, true), deepObjects(17), deepObjects(15),
	}
	plain = append(plain, manyNames(16, false), manyNames(3, false))
	for _, e := range escapings {
		var x escaper
		x.init(e)
		for _, room := range []int{3, 100} {
			for _, dup := range []bool{false, true} {
				s := &v2State{esc: &x, room: room, dupNames: dup}
				for _, v := range append(append([]string{}, plain...), others...) {
					got, ok := s.appendCompactJSON([]byte("["), []byte(v))
					v2CompactJSONOff = true
					want, wantOK, deep := s.appendPlainJSON([]byte("["), []byte(v))
					v2CompactJSONOff = false
					if ok && (!wantOK || deep >= 0 || string(got) != string(want)) {
						t.Errorf("%+v room %d dup %v: appendCompactJSON(%q) = %q, slow path %q %v %d", e, room, dup, v, got, want, wantOK, deep)
					}
					if !ok && string(got) != "[" {
						t.Errorf("%+v: appendCompactJSON(%q) declined but wrote %q", e, v, got)
					}
				}
				for _, v := range plain {
					html := e.HTMLSafe && v == `"a<b>&c"`
					js := e.JSLineTerminators && v == "\"\u2028\""
					if _, ok := s.appendCompactJSON(nil, []byte(v)); !ok && !html && !js {
						t.Errorf("%+v: appendCompactJSON(%q) declined", e, v)
					}
				}
			}
		}
	}
}

// manyNames is an object of n members named k0, k1, ..., the last named
// k0 again where dup is set.
func manyNames(n int, dup bool) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k := i
		if dup && i == n-1 {
			k = 0
		}
		b.WriteString(`"k` + strconv.Itoa(k) + `":` + strconv.Itoa(i))
	}
	b.WriteByte('}')
	return b.String()
}

// deepObjects is n objects nested one in the other's member "a".
func deepObjects(n int) string {
	return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n)
}
