//lint:file-ignore SA5008 the embed tag option and odd combinations are deliberate: the test compares their handling with encoding/json
package jgen_test

// The embed tag option against the toolchain's encoding/json: Go 1.27's
// (v1 on v2) inlines and falls back as encoding/json/v2's fields.go
// decides under v1 options; every other build writes such a field as a
// member. jsontext.Value fallbacks are in encode_embed_v2_test.go.

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/jgen-go/jgen"
)

type (
	embInner struct {
		A int
		B string `json:"b"`
	}
	embOther struct {
		B string `json:"b"`
		D int
	}
	embNamedMap map[string]int
	embKey      string
	embKeyMap   map[embKey]any
	embTextKey  string
	embMarshMap map[string]int
	embPtr      *embInner
	embMarsh    struct{ X int }
	embPtrMarsh struct{ X int }
	embUnmarsh  struct{ U int }
	embUKey     string

	// A struct embedding by the option, with a fallback of its own.
	embWithMap struct {
		C int
		M map[string]int `json:",embed"`
	}
	embNested struct {
		N  int
		In embWithMap `json:",embed"`
	}
	embRecursive struct {
		V    int
		Next *embRecursive  `json:",embed"`
		M    map[string]int `json:",embed"`
	}
	embDeepAnon struct {
		embInner `json:",embed"`
		C        int
	}
)

func (embTextKey) MarshalText() ([]byte, error)   { return []byte("text"), nil }
func (embMarshMap) MarshalJSON() ([]byte, error)  { return []byte(`"map method"`), nil }
func (embMarsh) MarshalJSON() ([]byte, error)     { return []byte(`"method"`), nil }
func (*embPtrMarsh) MarshalJSON() ([]byte, error) { return []byte(`"ptr method"`), nil }
func (*embUnmarsh) UnmarshalJSON([]byte) error    { return nil }
func (*embUKey) UnmarshalText([]byte) error       { return nil }

// embedCases are the hand-written cases of TestWriteValueEmbed.
func embedCases() []tableCase {
	in := embInner{A: 1, B: "<b>"}
	m := map[string]any{"z": 1, "A": "dup of a field", "<&>": "html", "b": nil, "\xff": "bad", "\xfe": "bad too", "é": 2, "": "empty"}
	return []tableCase{
		{"struct", struct {
			X embInner `json:",embed"`
			C int
		}{in, 2}},
		{"struct loses to a parent field", struct {
			A int
			X embInner `json:",embed"`
		}{7, in}},
		{"struct tagged name wins at its depth", struct {
			X embInner `json:",embed"`
			Y struct {
				A int `json:"A"`
			} `json:",embed"`
		}{in, struct {
			A int `json:"A"`
		}{9}}},
		{"two structs hide each other", struct {
			X embInner `json:",embed"`
			Y embOther `json:",embed"`
		}{in, embOther{"o", 3}}},
		{"struct pointer nil", struct {
			X *embInner `json:",embed"`
			C int
		}{nil, 2}},
		{"struct pointer", struct {
			X *embInner `json:",embed"`
			C int
		}{&in, 2}},
		{"struct pointer in pointer", &struct {
			P *struct {
				X *embInner `json:",embed"`
			} `json:",embed"`
		}{&struct {
			X *embInner `json:",embed"`
		}{&in}}},
		{"anonymous with embed", embDeepAnon{in, 3}},
		{"anonymous with embed in slice", []embDeepAnon{{in, 3}, {}}},
		{"map", struct {
			A int
			M map[string]any `json:",embed"`
		}{1, m}},
		{"map pointer", &struct {
			A int
			M *map[string]any `json:",embed"`
		}{1, &m}},
		{"map nil pointer", struct {
			M *map[string]any `json:",embed"`
		}{}},
		{"map nil", struct {
			A int
			M map[string]int `json:",embed"`
		}{A: 1}},
		{"map empty", struct {
			M map[string]int `json:",embed"`
		}{map[string]int{}}},
		{"map only member", struct {
			M map[string]int `json:",embed"`
		}{map[string]int{"k": 1}}},
		{"named map", struct {
			A int
			M embNamedMap `json:",embed"`
		}{1, embNamedMap{"y": 2, "x": 1}}},
		{"named map anonymous", struct {
			embNamedMap `json:",embed"`
		}{embNamedMap{"y": 2}}},
		{"named map anonymous untagged", struct {
			embNamedMap
		}{embNamedMap{"y": 2}}},
		{"named key map", struct {
			M embKeyMap `json:",embed"`
		}{embKeyMap{"k": []int{1}, "j": map[string]int{"n": 1}}}},
		{"map with a method", struct {
			M embMarshMap `json:",embed"`
		}{embMarshMap{"q": 1}}},
		{"map text key", struct {
			M map[embTextKey]int `json:",embed"`
		}{map[embTextKey]int{"a": 1}}},
		{"map unmarshal key", struct {
			M map[embUKey]int `json:",embed"`
		}{map[embUKey]int{"a": 1}}},
		{"map int key", struct {
			M map[int]int `json:",embed"`
		}{map[int]int{1: 1}}},
		{"two maps", struct {
			M1 map[string]int `json:",embed"`
			M2 map[string]int `json:",embed"`
		}{map[string]int{"a": 1}, map[string]int{"b": 2}}},
		{"maps at two depths", struct {
			In embWithMap     `json:",embed"`
			M  map[string]int `json:",embed"`
		}{embWithMap{1, map[string]int{"deep": 1}}, map[string]int{"shallow": 2}}},
		{"map in a nested embed", embNested{1, embWithMap{2, map[string]int{"C": 3, "N": 4}}}},
		{"map in a nested embed in map", map[string]embNested{"k": {1, embWithMap{2, map[string]int{"x": 3}}}}},
		{"map under nil pointer", struct {
			P *embWithMap `json:",embed"`
		}{}},
		{"recursive", &embRecursive{1, &embRecursive{2, nil, map[string]int{"inner": 1}}, map[string]int{"outer": 2}}},
		{"struct twice through one type", struct {
			X embWithMap `json:",embed"`
			Y embWithMap `json:",embed"`
		}{embWithMap{1, map[string]int{"a": 1}}, embWithMap{2, map[string]int{"b": 2}}}},
		{"map element error", struct {
			M map[string]chan int `json:",embed"`
		}{map[string]chan int{"c": nil}}},
		{"map element NaN", struct {
			A int
			M map[string]float64 `json:",embed"`
		}{1, map[string]float64{"n": math.NaN()}}},
		{"map element marshalers", &struct {
			M map[string]embPtrMarsh `json:",embed"`
		}{map[string]embPtrMarsh{"p": {1}}}},
		// Options beside embed: dropped without a name, the field a member
		// with one.
		{"omitempty", struct {
			X embInner `json:",embed,omitempty"`
		}{}},
		{"omitzero and string", struct {
			X embInner       `json:",embed,omitzero,string"`
			M map[string]int `json:",omitempty,embed"`
		}{M: map[string]int{"m": 1}}},
		{"case option", struct {
			X embInner `json:",embed,case:ignore"`
		}{in}},
		{"format option", struct {
			X embInner `json:",embed,format:RFC3339"`
		}{in}},
		{"named", struct {
			X embInner       `json:"x,embed"`
			M map[string]int `json:"m,embed,omitempty"`
		}{X: in}},
		{"named format", struct {
			X embInner `json:"x,embed,format:x"`
		}{X: in}},
		// Types embed refuses: a member of the Go name, options dropped.
		{"int", struct {
			N int `json:",embed"`
		}{5}},
		{"int omitempty", struct {
			N int `json:",embed,omitempty"`
		}{}},
		{"slice", struct {
			S []int `json:",embed"`
		}{[]int{1}}},
		{"named pointer", struct {
			P embPtr `json:",embed"`
		}{&in}},
		{"named pointer nil", struct {
			P embPtr `json:",embed"`
		}{}},
		{"pointer to pointer", struct {
			P **embInner `json:",embed"`
		}{}},
		{"interface", struct {
			I any `json:",embed"`
		}{in}},
		{"string omitempty string", struct {
			S string `json:",embed,omitempty,string"`
		}{}},
		{"ignored", struct {
			X embInner `json:"-"`
		}{in}},
		// Methods on an embedded type: ignored there.
		{"struct with MarshalJSON", struct {
			X embMarsh `json:",embed"`
		}{embMarsh{4}}},
		{"struct with pointer MarshalJSON addressable", &struct {
			X embPtrMarsh `json:",embed"`
		}{embPtrMarsh{4}}},
		{"struct with pointer MarshalJSON", struct {
			X embPtrMarsh `json:",embed"`
		}{embPtrMarsh{4}}},
		{"struct with UnmarshalJSON", struct {
			X embUnmarsh `json:",embed"`
		}{embUnmarsh{4}}},
		{"anonymous struct with MarshalJSON", struct {
			embMarsh
			C int
		}{embMarsh{4}, 1}},
		{"anonymous struct with pointer MarshalJSON", []struct {
			*embPtrMarsh
			C int
		}{{&embPtrMarsh{4}, 1}}},
		{"in interface", []any{struct {
			M map[string]int `json:",embed"`
		}{map[string]int{"i": 1}}}},
		{"in slice of pointers", []*embWithMap{{1, map[string]int{"x": 1}}, nil}},
	}
}

// embedValueCases returns the cases with a jsontext.Value (set in a file
// built with goexperiment.jsonv2).
var embedValueCases func() []tableCase

// TestWriteValueEmbed compares each case of embedCases with
// encoding/json (bytes, both layouts; error types, fields and texts),
// and the direct path with the state path under every preset.
func TestWriteValueEmbed(t *testing.T) {
	// The listed differences: Go 1.26's experiment applies the format
	// option, which jgen ignores (TestWriteValueBuilds lists it); invalid
	// UTF-8 and lone surrogate escapes in a jsontext.Value follow jgen's
	// policy, as in MarshalJSON output (the README's every-build row).
	differs := map[string]bool{
		"value {\"bad\xff\":\"v\xfe\"}": true,
		`value {"lone":"\ud800"}`:       true,
	}
	if jsonOnV2Build && !go127Build {
		differs["format option"], differs["named format"] = true, true
	}
	cases := embedCases()
	if embedValueCases != nil {
		cases = append(cases, embedValueCases()...)
	}
	for _, c := range cases {
		if differs[c.name] {
			if compareExactErr(c.v) == "" {
				t.Errorf("%s: listed as a difference, but matches encoding/json", c.name)
			}
			continue
		}
		compareWithStdlib(t, c.name, c.v)
		compareExact(t, c.name, c.v)
		compareErrorText(t, c.name, c.v)
		for _, o := range directOptions() {
			encodeBoth(t, c.name+" under "+o.name, c.v, o.opts)
		}
	}
}

// TestEmbedDirectPath: the direct path writes a struct whose embeds are
// structs itself (their members are promoted fields), and hands one with
// a fallback to the state path.
func TestEmbedDirectPath(t *testing.T) {
	if !jgen.DirectWrites(reflect.TypeFor[embDeepAnon]()) {
		t.Error("the direct path does not write embDeepAnon itself")
	}
	if jgen.DirectWrites(reflect.TypeFor[embWithMap]()) == embedApplies() {
		t.Errorf("the direct path writes embWithMap itself: %v, want %v", !embedApplies(), !embedApplies())
	}
}

// embedApplies reports whether the toolchain's encoding/json applies the
// embed option: Go 1.27's, on v2.
func embedApplies() bool { return jsonOnV2Build && go127Build }

// compareErrorText compares the text of the encoding/json error inside
// jgen's error with encoding/json's own, where both fail.
func compareErrorText(t *testing.T, name string, v any) {
	t.Helper()
	_, wantErr := json.Marshal(v)
	_, err := jgen.Marshal(v, stdlibOpts)
	if wantErr == nil || err == nil {
		return
	}
	var (
		uv *json.UnsupportedValueError
		ut *json.UnsupportedTypeError
	)
	switch {
	case errors.As(wantErr, &uv):
		var got *json.UnsupportedValueError
		if !errors.As(err, &got) || got.Error() != uv.Error() {
			t.Errorf("%s: jgen error %v, encoding/json's %v", name, err, wantErr)
		}
	case errors.As(wantErr, &ut):
		var got *json.UnsupportedTypeError
		if !errors.As(err, &got) || got.Error() != ut.Error() {
			t.Errorf("%s: jgen error %v, encoding/json's %v", name, err, wantErr)
		}
	}
}
