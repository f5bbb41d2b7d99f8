package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jgen-go/jgen"
	"github.com/spf13/pflag"
)

// config is the outcome of the command line.
type config struct {
	opts     jgen.Options
	files    []string
	output   string // -o; "" for stdout
	inPlace  bool
	stats    bool
	progress int // -1 off, 0 automatic, 1 on
	help     bool
	version  bool
}

// delEscapes writes DEL (U+007F) as \u007f; -a sets it.
var delEscapes = jgen.PrintableASCII.CharacterEscapes

var presets = map[string]jgen.Escaping{
	"minimal": jgen.Minimal,
	"stdlib":  jgen.Stdlib,
	"jackson": jgen.Jackson,
	"ascii":   jgen.ASCII,
}

// An option is one occurrence of an escaping or layout flag on the command
// line. They are kept in order and applied after the preset, so explicit
// flags override the preset wherever they stand and, between two flags that
// conflict, the last one wins.
type option struct {
	name  string
	value string
}

// optionValue is a pflag.Value that records each occurrence of its flag.
type optionValue struct {
	name    string
	boolean bool
	list    *[]option
	check   func(string) error
}

func (v *optionValue) String() string { return "" }

func (v *optionValue) Type() string {
	if v.boolean {
		return "bool"
	}
	return "string"
}

func (v *optionValue) Set(s string) error {
	if v.boolean {
		if _, err := strconv.ParseBool(s); err != nil {
			return fmt.Errorf("not a boolean: %q", s)
		}
	}
	if v.check != nil {
		if err := v.check(s); err != nil {
			return err
		}
	}
	*v.list = append(*v.list, option{v.name, s})
	return nil
}

const usageHead = `Usage: jgen [flags] [FILE...]

jgen reads JSON (one document, several concatenated documents, or NDJSON) from
each FILE, or from standard input when there is none or FILE is "-", and writes
it again with the chosen escaping and layout. Numbers, names, member order and
duplicate names are kept exactly; every top-level value is followed by one
newline. A byte-order mark at the start of the input is dropped.

Escaping starts from --preset; the other escaping and layout flags override it
wherever they stand, and between two conflicting flags the last one wins.
Boolean flags take =false to turn a preset's setting off (--html=false).

Flags:
`

const usageTail = `
Presets:
  minimal   RFC 8259 minimum, lower-case hex (jsontext, RFC 8785)   [default]
  stdlib    as encoding/json.Marshal: --html --js --invalid-utf8 replace
            (replace-raw when jgen is built with Go 1.27 or later)
  jackson   as jackson-core 2.14: --upper-hex
  ascii     minimal --max-unescaped U+007F: DEL stays raw (jackson-core
            ESCAPE_NON_ASCII); -a escapes DEL too (jq -a, Python ensure_ascii)

-a is --max-unescaped U+007F with DEL written \u007f, whatever the preset; a
later --max-unescaped changes only the limit, and --ascii=false undoes both.

Invalid UTF-8 in a string is refused under --invalid-utf8 error and replaced
under replace (\ufffd) and replace-raw (raw U+FFFD, escaped as the other flags
say), one replacement per invalid byte. A lone surrogate escape such as \ud800
is one UTF-16 code unit, no character: refused under error, and one
replacement under replace and replace-raw, as encoding/json decodes it.

Examples:
  jgen data.json                         compact data.json to stdout
  jgen -a --indent 2 data.json           ASCII-only, indented by two spaces
  jgen --preset stdlib -o out.json in.json
                                         encoding/json's escaping, to out.json
  jgen --preset jackson --pretty jackson in.json
                                         Jackson's DefaultPrettyPrinter layout
  cat events.ndjson | jgen --html        NDJSON in, NDJSON out, HTML-safe
  jgen -w --tab *.json                   re-indent files in place with tabs
  jgen --invalid-utf8 replace --stats big.json > /dev/null

-o and -w write a temporary file beside the file they replace and rename it
over that file when its run succeeds. A symbolic link stays a link: the file it
leads to is the one replaced (a dangling link is an error). A hard link is
split: the other names keep the old content. -w tries every FILE and exits 1
if one failed.

Errors print FILE:LINE:COLUMN: message (byte offset N), with 1-based line and
byte column, at the byte at fault (the end of the input when it is cut short).
Exit status: 0 success, 1 invalid input or I/O error, 2 bad usage.
`

// parseArgs parses the command line. The error is a usage error.
func parseArgs(args []string, stderr io.Writer) (*config, *pflag.FlagSet, error) {
	cfg := &config{}
	fs := pflag.NewFlagSet("jgen", pflag.ContinueOnError)
	fs.SetInterspersed(true)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false

	var list []option
	preset := "minimal"
	add := func(name, short string, boolean bool, usage string, check func(string) error) {
		v := &optionValue{name: name, boolean: boolean, list: &list, check: check}
		f := fs.VarPF(v, name, short, usage)
		if boolean {
			f.NoOptDefVal = "true"
		}
	}
	fs.StringVar(&preset, "preset", preset, "escaping preset `NAME`: minimal, stdlib, jackson or ascii")
	add("ascii", "a", true, `escape DEL and every code point above U+007F (printable 7-bit output, as jq -a)`, nil)
	add("html", "", true, `escape < > & as \u003c \u003e \u0026 (as encoding/json)`, nil)
	add("js", "", true, `escape U+2028 and U+2029 as \u2028 and \u2029`, nil)
	add("escape-slash", "", true, `escape / as \/`, nil)
	add("quote", "", false, "quote `CHAR`: \" or ' (output with ' is not JSON)", checkQuote)
	add("upper-hex", "", true, `upper-case hex digits in \u escapes (\u001F)`, nil)
	add("lower-hex", "", true, `lower-case hex digits in \u escapes (\u001f)`, nil)
	add("surrogate-escapes", "", true, `write U+10000 and up as \uXXXX\uXXXX surrogate pairs`, nil)
	add("max-unescaped", "", false, "escape every code point above `U+XXXX` (U+007F or more; 0 for no limit)", checkCodePoint)
	add("invalid-utf8", "", false, "invalid UTF-8 `POLICY`: error (default), replace or replace-raw", checkPolicy)
	add("compact", "c", true, "compact layout, no whitespace (default)", nil)
	add("indent", "", false, "indent by `N` spaces per level, as jq (0 means compact)", checkIndent)
	add("tab", "", true, "indent by one tab per level", nil)
	add("pretty", "", false, "pretty layout by `NAME`: jackson (DefaultPrettyPrinter)", checkPretty)
	fs.StringVarP(&cfg.output, "output", "o", "", "write to `FILE` instead of stdout (replaced only on success)")
	boolVar(fs, &cfg.inPlace, "in-place", "w", "rewrite each FILE in place, keeping its mode (each one that fails is left as it was)")
	boolVar(fs, &cfg.stats, "stats", "", "print values, strings, bytes in and out and MB/s to stderr")
	add("progress", "", true, "show a progress bar on stderr (default: when stderr is a terminal and the input is a file over 8 MiB)", nil)
	add("no-progress", "", true, "never show a progress bar", nil)
	boolVar(fs, &cfg.help, "help", "h", "print this help")
	boolVar(fs, &cfg.version, "version", "", "print the version")

	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			cfg.help = true
			return cfg, fs, nil
		}
		return nil, fs, err
	}
	cfg.files = fs.Args()

	esc, ok := presets[strings.ToLower(preset)]
	if !ok {
		return nil, fs, fmt.Errorf("invalid argument %q for \"--preset\" flag: want minimal, stdlib, jackson or ascii", preset)
	}
	cfg.opts = jgen.Options{Escaping: esc, RootTerminator: "\n", BufferSize: 64 << 10}
	for _, o := range list {
		on, _ := strconv.ParseBool(o.value)
		e := &cfg.opts.Escaping
		switch o.name {
		case "ascii":
			// jgen.PrintableASCII's two settings: the limit U+007F and
			// DEL escaped. No other flag sets CharacterEscapes, so -a
			// owns it, and --ascii=false takes back what it set.
			if on {
				e.MaxUnescaped, e.CharacterEscapes = 0x7F, delEscapes
			} else {
				if e.MaxUnescaped == 0x7F {
					e.MaxUnescaped = 0
				}
				if e.CharacterEscapes == delEscapes {
					e.CharacterEscapes = nil
				}
			}
		case "html":
			e.HTMLSafe = on
		case "js":
			e.JSLineTerminators = on
		case "escape-slash":
			e.EscapeSlash = on
		case "quote":
			e.QuoteChar = o.value[0]
		case "upper-hex":
			e.UpperHex = on
		case "lower-hex":
			e.UpperHex = !on
		case "surrogate-escapes":
			e.SurrogateEscapes = on
		case "max-unescaped":
			e.MaxUnescaped, _ = parseCodePoint(o.value)
		case "invalid-utf8":
			e.InvalidUTF8, _ = parsePolicy(o.value)
		case "compact":
			if on {
				cfg.opts.Layout, cfg.opts.Indent = jgen.Compact, ""
			}
		case "indent":
			n, _ := strconv.Atoi(o.value)
			cfg.opts.Layout, cfg.opts.Indent = jgen.Indented, strings.Repeat(" ", n)
			if n == 0 {
				cfg.opts.Layout, cfg.opts.Indent = jgen.Compact, ""
			}
		case "tab":
			if on {
				cfg.opts.Layout, cfg.opts.Indent = jgen.Indented, "\t"
			}
		case "pretty":
			cfg.opts.Layout, cfg.opts.Indent = jgen.JacksonPretty, ""
		case "progress":
			cfg.progress = map[bool]int{true: 1, false: -1}[on]
		case "no-progress":
			cfg.progress = map[bool]int{true: -1, false: 0}[on]
		}
	}
	if err := cfg.opts.Escaping.Validate(); err != nil {
		return nil, fs, err
	}
	if cfg.inPlace && cfg.output != "" {
		return nil, fs, errors.New("-w/--in-place and -o/--output cannot be used together")
	}
	if cfg.inPlace {
		if len(cfg.files) == 0 {
			return nil, fs, errors.New("-w/--in-place needs at least one FILE")
		}
		for _, f := range cfg.files {
			if f == "-" {
				return nil, fs, errors.New("-w/--in-place cannot rewrite standard input")
			}
		}
	}
	return cfg, fs, nil
}

// boolFlag is a boolean flag whose usage line reads like the others'
// (pflag v1.1.0 adds "[=true|false]" to its own boolean flags).
type boolFlag struct{ p *bool }

func (b boolFlag) String() string { return strconv.FormatBool(*b.p) }
func (b boolFlag) Type() string   { return "bool" }

func (b boolFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("not a boolean: %q", s)
	}
	*b.p = v
	return nil
}

func boolVar(fs *pflag.FlagSet, p *bool, name, short, usage string) {
	fs.VarPF(boolFlag{p}, name, short, usage).NoOptDefVal = "true"
}

func checkQuote(s string) error {
	if s != `"` && s != `'` {
		return fmt.Errorf(`want " or ', not %q`, s)
	}
	return nil
}

func checkCodePoint(s string) error {
	_, err := parseCodePoint(s)
	return err
}

// parseCodePoint accepts U+XXXX, 0xXXXX and plain decimal, and 0 for "no limit".
func parseCodePoint(s string) (rune, error) {
	t := s
	base := 10
	switch {
	case strings.HasPrefix(t, "U+"), strings.HasPrefix(t, "u+"):
		t, base = t[2:], 16
	case strings.HasPrefix(t, "0x"), strings.HasPrefix(t, "0X"):
		t, base = t[2:], 16
	}
	n, err := strconv.ParseUint(t, base, 32)
	if err != nil || t == "" || n > 0x10FFFF || (n != 0 && n < 0x7F) {
		return 0, fmt.Errorf("want a code point from U+007F to U+10FFFF (or 0 for no limit), not %q", s)
	}
	return rune(n), nil
}

func checkPolicy(s string) error {
	_, err := parsePolicy(s)
	return err
}

func parsePolicy(s string) (jgen.InvalidUTF8Policy, error) {
	switch s {
	case "error":
		return jgen.InvalidUTF8Error, nil
	case "replace":
		return jgen.InvalidUTF8Replace, nil
	case "replace-raw":
		return jgen.InvalidUTF8ReplaceRaw, nil
	}
	return 0, fmt.Errorf("want error, replace or replace-raw, not %q", s)
}

func checkIndent(s string) error {
	if n, err := strconv.Atoi(s); err != nil || n < 0 || n > 16 {
		return fmt.Errorf("want a number of spaces from 0 to 16, not %q", s)
	}
	return nil
}

func checkPretty(s string) error {
	if s != "jackson" {
		return fmt.Errorf("want jackson, not %q", s)
	}
	return nil
}

func printUsage(w io.Writer, fs *pflag.FlagSet) {
	fmt.Fprint(w, usageHead)
	fmt.Fprint(w, fs.FlagUsages())
	fmt.Fprint(w, usageTail)
}
