//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"strconv"
	"testing"

	"github.com/jgen-go/jgen/internal/membersort"
)

// sortMembers is membersort.Sort, failing the test on invalid JSON.
func sortMembers(t *testing.T, in []byte) []byte {
	t.Helper()
	out, err := membersort.Sort(in)
	if err != nil {
		t.Fatalf("sortMembers(%s): %v", in, err)
	}
	return out
}

// TestMarshalAnyMapOrder: without Deterministic the drop-in writes maps
// itself in Go's map order (jgen's AnyMapOrder), as encoding/json/v2
// does: its members, sorted, are v2's under Deterministic, and some of
// its outputs are not sorted; under Deterministic its bytes are v2's.
func TestMarshalAnyMapOrder(t *testing.T) {
	many := make(map[string]any)
	for i := range 16 {
		many["k"+strconv.Itoa(i)] = map[int]string{i: "v", -i - 1: "<w>"}
	}
	values := []any{
		many,
		map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8},
		map[int]any{3: []any{1.5, "x"}, 1: nil, 2: map[string]bool{"t": true, "f": false}},
		map[string]methodJSON{"m": {}, "n": {}, "o": {}},
	}
	for i, opts := range dropInOptions {
		for j, v := range values {
			what := fmt.Sprintf("options %d, value %d (%T)", i, j, v)
			want, werr := jsonv2.Marshal(v, append(opts[:len(opts):len(opts)], Deterministic(true))...)
			if werr != nil {
				t.Fatalf("%s: %v", what, werr)
			}
			unsorted := 0
			for range 30 {
				before := fallbacks.Load()
				got, err := Marshal(v, opts...)
				if fallbacks.Load() != before {
					t.Errorf("%s: handed to encoding/json/v2", what)
				}
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if g, w := sortMembers(t, got), sortMembers(t, want); !bytes.Equal(g, w) {
					t.Errorf("%s: members sorted:\n got %s\nwant %s", what, g, w)
				}
				if !bytes.Equal(got, want) {
					unsorted++
				}
				before = fallbacks.Load()
				got, err = Marshal(v, append(opts[:len(opts):len(opts)], Deterministic(true))...)
				if fallbacks.Load() != before {
					t.Errorf("%s, Deterministic: handed to encoding/json/v2", what)
				}
				sameResult(t, what+", Deterministic", got, err, want, nil)
			}
			if unsorted == 0 {
				t.Errorf("%s: 30 outputs sorted, want Go's map order", what)
			}
		}
	}
}

// TestMarshalAnyMapOrderDuplicates: keys of invalid UTF-8 that
// AllowInvalidUTF8 makes one name are left to encoding/json/v2 as under
// Deterministic, which refuses them (or writes both under
// AllowDuplicateNames).
func TestMarshalAnyMapOrderDuplicates(t *testing.T) {
	v := map[string]int{"\xff": 1, "\xfe": 2, "a": 3}
	for _, opts := range [][]Options{
		{jsontext.AllowInvalidUTF8(true)},
		{jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)},
		{jsontext.AllowInvalidUTF8(true), Deterministic(true)},
	} {
		got, gerr := Marshal(v, opts...)
		want, werr := jsonv2.Marshal(v, opts...)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%v: got %s, %v; want %s, %v", opts, got, gerr, want, werr)
		}
		if gerr == nil && !bytes.Equal(sortMembers(t, got), sortMembers(t, want)) {
			t.Errorf("%v: got %s, want %s", opts, got, want)
		}
	}
}
