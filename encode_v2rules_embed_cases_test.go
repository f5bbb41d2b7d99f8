//go:build goexperiment.jsonv2

package jgen_test

// Go embedded fields under jgen's v2 rules: the types and values that
// encode_v2rules_embed_test.go (Go 1.27) and its twin
// encode_v2rules_embed_go126_test.go (Go 1.26's experiment) compare with
// encoding/json/v2. They name no jsontext or v2 API, so that one file
// serves both.

import (
	"math"
	"time"
)

type (
	v2eMeta struct {
		ID   int    `json:"id"`
		Name string `json:"name,omitempty"`
	}
	v2ePage struct {
		v2eMeta
		Items []int `json:"items"`
	}
	v2ePtrPage struct {
		*v2eMeta
		Items []int
	}
	// Two fields X at depth 1: neither is written.
	v2eA        struct{ X, A int }
	v2eB        struct{ X, B int }
	v2eConflict struct {
		v2eA
		v2eB
		C int
	}
	// Of two X at depth 1 the tagged one is written.
	v2eTA struct {
		X int `json:"X"`
	}
	v2eTB  struct{ X int }
	v2eTag struct {
		v2eTB
		v2eTA
	}
	// Both tagged: neither.
	v2eTA2 struct {
		X string `json:"X"`
	}
	v2eTagBoth struct {
		*v2eTA
		v2eTA2
	}
	// The outer id (depth 1) shadows Meta's (depth 2).
	v2eShadow struct {
		v2ePage
		ID string `json:"id"`
	}
	// An unexported embedded struct promotes its exported fields.
	v2einner struct {
		A int
		B string `json:"b,omitzero"`
		c int
		M v2eMarsh
		P *v2eText
		I any
	}
	v2eUnexp struct {
		v2einner
		C int
	}
	v2eUnexpPtr struct {
		*v2einner
		C int
	}
	// Embedded non-structs: refused without a name, a member with one.
	V2eInt       int
	v2eunexpInt  int
	V2eIface     interface{}
	v2eNonStruct struct{ V2eInt }
	v2eNonIface  struct{ V2eIface }
	v2eNamedInt  struct {
		V2eInt `json:"n"`
	}
	v2eNamedUnexpInt struct {
		v2eunexpInt `json:"n"`
	}
	// omitempty, omitzero and string inside embedded structs, by value
	// and through a pointer.
	v2eOmit struct {
		S string         `json:",omitempty"`
		P *int           `json:",omitempty"`
		L []int          `json:",omitempty"`
		M map[string]int `json:",omitempty"`
		Z int            `json:",omitzero"`
		T time.Time      `json:",omitzero"`
		N float64        `json:",string"`
		E struct{}       `json:",omitempty"`
		B bool
		I int64
		F float64
	}
	v2eOmitPtr struct {
		*v2eOmit
		K int `json:"k,omitempty"`
	}
	v2eOmitVal struct {
		v2eOmit
		K int `json:"k,omitempty"`
	}
	// Methods on an embedded type: refused.
	v2eMarsh    struct{ A int }
	v2eText     struct{ S string }
	v2eEmbMarsh struct {
		v2eMarsh
		B int
	}
	v2eEmbTime struct {
		time.Time
		B int
	}
	// Two embedded MarshalJSON methods at one depth: neither promoted,
	// and v2 refuses the embedded types with methods.
	v2eMarsh2       struct{ B int }
	v2eEmbAmbiguous struct {
		v2eMarsh
		*v2eMarsh2
	}
	v2eUnm       struct{ A int }
	v2eEmbUnmPtr struct{ *v2eUnm }
	// Options other than embed on an embedded struct: refused.
	v2eEmbOpts struct {
		v2eMeta `json:",omitempty"`
	}
	// A JSON name makes an embedded struct a member.
	v2eNamed struct {
		v2eMeta `json:"meta"`
		X       int
	}
	v2eNamedPtr struct {
		*v2eMeta `json:"meta,omitempty"`
	}
	v2eNamedUnexp struct {
		v2einner `json:"in"`
	}
	// Recursion through an embedded pointer.
	v2eRec struct {
		*v2eRec
		X int
		Y string `json:"y,omitempty"`
	}
	// A type met twice in the walk: its own fields come twice (and
	// conflict), its embedded ones only from the first.
	v2eE struct{ W int }
	v2eD struct {
		Y int
		v2eE
	}
	v2eB1 struct {
		X int
		v2eD
	}
	v2eC1   struct{ *v2eD }
	v2eSeen struct {
		v2eB1
		v2eC1
	}
	// A chain of embedded pointers.
	v2eL3 struct {
		Deep string
		Num  float64
	}
	v2eL2 struct {
		*v2eL3
		Mid int
	}
	v2eL1 struct {
		Top int
		*v2eL2
	}
	v2eL0 struct {
		v2eL1
		Last []string
	}
	// Embedded structs with no exported fields.
	v2enone struct{ a int }
	v2eNone struct {
		v2enone
		B int
	}
	v2eE0      struct{}
	v2eEmptyEm struct {
		v2eE0
		A int
	}
	v2eTagged0 struct {
		a int `json:"-"`
	}
	v2eTaggedNone struct {
		v2eTagged0
		B int
	}
	// Two fields of one name in one struct (v2 refuses), and one name
	// twice across depths (the shallow one wins).
	v2eDupIn struct {
		X int `json:"Y"`
		Y int
	}
	v2eDupEmb   struct{ v2eDupIn }
	v2eJSONName struct {
		v2eMeta
		Z int `json:"name"`
	}
	// A member name that needs escaping, from an embedded struct.
	v2eEsc struct {
		Q int `json:"<q\u2028>"`
	}
	v2eEscOuter struct{ *v2eEsc }
	// A "-" embedded field is left out.
	v2eDash struct {
		v2eMeta `json:"-"`
		A       int
	}
	// Field order is depth first by Go index, not by depth.
	v2eOrder struct {
		A int
		v2eL3
		B int
		*v2eMeta
		C int
	}
)

func (m v2eMarsh) MarshalJSON() ([]byte, error) { return []byte(`"m"`), nil }

func (x *v2eText) MarshalText() ([]byte, error) { return []byte("t" + x.S), nil }

func (m *v2eMarsh2) MarshalJSON() ([]byte, error) { return []byte(`"m2"`), nil }

func (u *v2eUnm) UnmarshalJSON([]byte) error { return nil }

// v2EmbeddedValues are values with Go embedded fields, under the rules
// Go 1.26's experiment and Go 1.27 share.
func v2EmbeddedValues() []any {
	one := 1
	full := &v2eOmit{S: "s", P: &one, L: []int{1}, M: map[string]int{"k": 1}, Z: 2,
		T: time.Date(2024, 5, 6, 7, 8, 9, 10, time.UTC), N: 2.5, B: true, I: -3, F: 0.5}
	return []any{
		v2ePage{}, v2ePage{v2eMeta{1, "n"}, []int{1}}, &v2ePage{v2eMeta{2, ""}, nil},
		v2ePtrPage{}, v2ePtrPage{&v2eMeta{3, "p"}, []int{}}, &v2ePtrPage{v2eMeta: &v2eMeta{}},
		v2eConflict{v2eA{1, 2}, v2eB{3, 4}, 5},
		v2eTag{v2eTB{1}, v2eTA{2}}, v2eTagBoth{&v2eTA{1}, v2eTA2{"x"}}, v2eTagBoth{},
		v2eShadow{v2ePage{v2eMeta{7, "m"}, []int{9}}, "s"},
		v2eUnexp{v2einner{A: 1, B: "b", c: 3, P: &v2eText{"x"}, I: v2eMarsh{}}, 4}, &v2eUnexp{},
		v2eUnexpPtr{}, v2eUnexpPtr{&v2einner{A: 1, I: 2}, 3}, &v2eUnexpPtr{&v2einner{}, 0},
		v2eNonStruct{1}, v2eNonIface{2}, v2eNamedInt{3}, v2eNamedUnexpInt{4},
		v2eOmitPtr{}, v2eOmitPtr{v2eOmit: &v2eOmit{}}, v2eOmitPtr{full, 1}, &v2eOmitPtr{full, 0},
		v2eOmitPtr{v2eOmit: &v2eOmit{S: "bad\xff"}}, v2eOmitPtr{v2eOmit: &v2eOmit{F: math.NaN()}},
		v2eOmitPtr{v2eOmit: &v2eOmit{L: []int{}, M: map[string]int{}}},
		v2eOmitVal{}, v2eOmitVal{*full, 1}, v2eOmitVal{v2eOmit: v2eOmit{F: math.Inf(1)}},
		v2eEmbMarsh{}, &v2eEmbMarsh{}, v2eEmbTime{}, v2eEmbUnmPtr{}, v2eEmbAmbiguous{}, v2eEmbOpts{},
		v2eNamed{}, v2eNamed{v2eMeta{1, "x"}, 2}, v2eNamedPtr{}, v2eNamedPtr{&v2eMeta{}}, v2eNamedUnexp{},
		v2eRec{}, v2eRec{&v2eRec{&v2eRec{nil, 3, "c"}, 2, ""}, 1, "a"}, &v2eRec{X: 5},
		v2eSeen{}, v2eSeen{v2eB1{1, v2eD{2, v2eE{3}}}, v2eC1{&v2eD{4, v2eE{5}}}},
		v2eL0{}, v2eL0{v2eL1{1, &v2eL2{nil, 2}}, []string{"l"}},
		v2eL0{v2eL1{1, &v2eL2{&v2eL3{"d", 1.5}, 2}}, nil}, &v2eL0{v2eL1{0, &v2eL2{&v2eL3{"<\u2028>", math.Copysign(0, -1)}, 0}}, []string{}},
		v2eL0{v2eL1{1, &v2eL2{&v2eL3{"bad\xfe", 1}, 2}}, nil},
		v2eNone{v2enone{1}, 2}, v2eEmptyEm{v2eE0{}, 1}, v2eTaggedNone{v2eTagged0{1}, 2}, v2eDupEmb{}, v2eJSONName{v2eMeta{1, "x"}, 2},
		v2eEscOuter{}, v2eEscOuter{&v2eEsc{1}}, v2eDash{v2eMeta{1, "x"}, 2},
		v2eOrder{}, v2eOrder{1, v2eL3{"d", 2}, 3, &v2eMeta{4, "m"}, 5},
		[]v2ePtrPage{{}, {&v2eMeta{1, ""}, nil}}, map[string]v2eL1{"a": {}, "b": {2, &v2eL2{}}},
		struct{ P *v2ePtrPage }{&v2ePtrPage{}}, []any{v2eUnexpPtr{}, &v2eL0{}},
	}
}

// Exported named structs for reflect.StructOf to embed (v2RandomEmbedded).
type (
	V2eMeta    v2eMeta
	V2eL3      v2eL3
	V2ePtrPage v2ePtrPage
	V2eOmit    v2eOmit
)
