package cli

import (
	"io"
	"reflect"
	"testing"

	"github.com/spf13/pflag"
)

// flagEffects gives, for each flag, a command line without it and the same
// command line with it; the two must configure jgen differently.
var flagEffects = map[string]struct{ base, with []string }{
	"preset":            {nil, []string{"--preset", "jackson"}},
	"ascii":             {nil, []string{"-a"}},
	"html":              {nil, []string{"--html"}},
	"js":                {nil, []string{"--js"}},
	"escape-slash":      {nil, []string{"--escape-slash"}},
	"quote":             {nil, []string{"--quote", "'"}},
	"upper-hex":         {nil, []string{"--upper-hex"}},
	"lower-hex":         {[]string{"--upper-hex"}, []string{"--upper-hex", "--lower-hex"}},
	"surrogate-escapes": {nil, []string{"--surrogate-escapes"}},
	"max-unescaped":     {nil, []string{"--max-unescaped", "U+00FF"}},
	"invalid-utf8":      {nil, []string{"--invalid-utf8", "replace"}},
	"compact":           {[]string{"--tab"}, []string{"--tab", "-c"}},
	"indent":            {nil, []string{"--indent", "2"}},
	"tab":               {nil, []string{"--tab"}},
	"pretty":            {nil, []string{"--pretty", "jackson"}},
	"output":            {nil, []string{"-o", "out.json"}},
	"in-place":          {[]string{"f.json"}, []string{"-w", "f.json"}},
	"stats":             {nil, []string{"--stats"}},
	"progress":          {nil, []string{"--progress"}},
	"no-progress":       {nil, []string{"--no-progress"}},
	"help":              {nil, []string{"--help"}},
	"version":           {nil, []string{"--version"}},
}

// TestEveryFlagHasAnEffect checks that every flag the command line accepts
// changes the configuration, so that none parses and then does nothing, and
// that every registered flag is a row of the flags table.
func TestEveryFlagHasAnEffect(t *testing.T) {
	_, fs, err := parseArgs(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	registered := 0
	fs.VisitAll(func(f *pflag.Flag) {
		registered++
		if _, ok := f.Value.(*flagValue); !ok {
			t.Errorf("--%s is registered outside the flags table", f.Name)
		}
		tc, ok := flagEffects[f.Name]
		if !ok {
			t.Errorf("--%s: no case in flagEffects", f.Name)
			return
		}
		base, _, err := parseArgs(tc.base, io.Discard)
		if err != nil {
			t.Fatalf("--%s: %q: %v", f.Name, tc.base, err)
		}
		with, _, err := parseArgs(tc.with, io.Discard)
		if err != nil {
			t.Fatalf("--%s: %q: %v", f.Name, tc.with, err)
		}
		if reflect.DeepEqual(base, with) {
			t.Errorf("--%s has no effect: %q and %q give the same configuration %+v", f.Name, tc.base, tc.with, *with)
		}
	})
	if registered != len(flags) || registered != len(flagEffects) {
		t.Errorf("%d flags registered, %d rows in the table, %d cases", registered, len(flags), len(flagEffects))
	}
}

// TestFlagOrder checks the order flags apply in: the last --preset first,
// wherever it stands, then the others in command-line order.
func TestFlagOrder(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		upper     bool
		quoteChar byte
	}{
		{[]string{"--lower-hex", "--preset", "jackson"}, false, 0},
		{[]string{"--preset", "minimal", "--upper-hex", "--preset", "jackson", "--lower-hex"}, false, 0},
		{[]string{"--preset", "yaml", "--preset", "jackson"}, true, 0},
		{[]string{"--lower-hex", "--upper-hex", "--quote", "'", "--quote", `"`}, true, '"'},
	} {
		cfg, _, err := parseArgs(tc.args, io.Discard)
		if err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if e := cfg.opts.Escaping; e.UpperHex != tc.upper || e.QuoteChar != tc.quoteChar {
			t.Errorf("%q: UpperHex %v, QuoteChar %q; want %v, %q", tc.args, e.UpperHex, e.QuoteChar, tc.upper, tc.quoteChar)
		}
	}
}
