package reference_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jgen-go/jgen/internal/compat"
	"github.com/jgen-go/jgen/internal/reference"
)

// TestSharedCorpusPeers compares the reference with encoding/json and
// jsontext on every string of ../shared/corpus/strings and every string
// value of ../shared/corpus/simdjson/twitter.json.
func TestSharedCorpusPeers(t *testing.T) {
	dir := compat.RequireShared(t)
	corpus, err := compat.CorpusStrings(dir)
	if err != nil {
		t.Fatal(err)
	}
	twitter, err := compat.JSONStringValues(filepath.Join(dir, "corpus", "simdjson", "twitter.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(corpus) < 500 || len(twitter) < 1000 {
		t.Fatalf("only %d corpus strings and %d twitter.json strings: data incomplete?", len(corpus), len(twitter))
	}
	for _, set := range []struct {
		name    string
		strings [][]byte
	}{
		{"strings", corpus},
		{"twitter", twitter},
	} {
		t.Run(set.name, func(t *testing.T) {
			p := newPeers()
			var c collector
			for _, s := range set.strings {
				c.add(p.check(s))
			}
			c.report(t, len(set.strings))
		})
	}
}

// edgeColumns maps the encoders recorded in edge_cases.jsonl to reference
// options. validOnly columns were recorded for valid UTF-8 only.
var edgeColumns = map[string]struct {
	o         reference.Options
	validOnly bool
}{
	"go1.26_v1_Marshal":                     {o: stdlibOptions},
	"go1.26_v1_Encoder_SetEscapeHTML_false": {o: reference.Options{JSLineTerminators: true, InvalidUTF8: reference.PolicyReplace}},
	// encoding/json's decoder turns each invalid byte of the raw document
	// into a raw U+FFFD, which Marshal then writes raw.
	"go1.26_v1_Unmarshal_then_Marshal_of_doc":              {o: rawWebOptions},
	"go1.26_v2_Marshal_default":                            {o: reference.Options{}},
	"go1.26_v2_AllowInvalidUTF8":                           {o: rawOptions},
	"go1.26_v2_AllowInvalidUTF8_EscapeForHTML_EscapeForJS": {o: rawWebOptions},
	// Python escapes DEL under ensure_ascii, Go does not: a custom escape.
	"python3_json.dumps_ensure_ascii_True": {o: reference.Options{MaxUnescaped: 0x7F,
		ASCII: map[byte]reference.Escape{0x7F: {Kind: reference.KindUnicode}}}, validOnly: true},
	"python3_json.dumps_ensure_ascii_False": {o: reference.Options{}, validOnly: true},
}

// edgeNotComparable lists recorded encoders the reference has no options
// for, with the reason.
var edgeNotComparable = map[string]string{
	"python3_decode_replace_then_json.dumps_ensure_ascii_True": "replaces maximal subparts, not each invalid byte",
}

// TestSharedEdgeCaseReferences checks the reference against the encoder
// outputs recorded in ../shared/corpus/strings/edge_cases.jsonl.
func TestSharedEdgeCaseReferences(t *testing.T) {
	dir := compat.RequireShared(t)
	cases, err := compat.EdgeCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	var mismatches []string
	for _, c := range cases {
		for enc := range c.Reference {
			if _, ok := edgeColumns[enc]; !ok {
				if _, ok := edgeNotComparable[enc]; !ok {
					t.Errorf("case %s: unknown encoder column %q", c.ID, enc)
				}
			}
		}
		for enc, col := range edgeColumns {
			want, has := c.Reference[enc]
			refused := c.Refused[enc]
			if !has && !refused {
				if !col.validOnly || c.ValidUTF8 {
					t.Errorf("case %s: no %s column", c.ID, enc)
				}
				continue
			}
			got, err := reference.AppendQuote(nil, c.Input, col.o)
			switch {
			case refused && err == nil:
				mismatches = append(mismatches, fmt.Sprintf("%s/%s on %x: encoder refused, reference wrote %q", c.ID, enc, c.Input, got))
			case !refused && err != nil:
				mismatches = append(mismatches, fmt.Sprintf("%s/%s on %x: reference failed: %v", c.ID, enc, c.Input, err))
			case !refused && !bytes.Equal(got, []byte(want)):
				mismatches = append(mismatches, fmt.Sprintf("%s/%s on %x:\n  reference %x %q\n  recorded  %x %q", c.ID, enc, c.Input, got, got, want, want))
			default:
				counts[enc]++
			}
		}
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "\n  %-55s %d", n, counts[n])
	}
	t.Logf("%d edge cases; matching results per encoder:%s", len(cases), b.String())
	if len(mismatches) > 0 {
		if len(mismatches) > 8 {
			mismatches = mismatches[:8]
		}
		t.Errorf("mismatches with recorded encoder output; first %d:\n%s", len(mismatches), strings.Join(mismatches, "\n"))
	}
}
