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

// flags is the command line: every flag jgen accepts, in the order of the
// help, with what it does. parseArgs registers exactly these, so a flag
// cannot parse and then do nothing; TestEveryFlagHasAnEffect checks that
// each row changes the configuration.
//
// The flags are applied after the whole command line is read: first the
// last --preset, wherever it stands, then every other flag in the order
// given, so explicit flags override the preset and, between two flags that
// conflict, the last one wins.
var flags = []flagDef{
	{long: "preset", help: "escaping preset `NAME`: minimal, stdlib, jackson or ascii", defValue: "minimal", first: true,
		action: value(parsePreset, func(c *config, e jgen.Escaping) { c.opts.Escaping = e })},
	{long: "ascii", short: "a", help: `escape DEL and every code point above U+007F (printable 7-bit output, as jq -a)`,
		action: toggle(applyASCII)},
	{long: "html", help: `escape < > & as \u003c \u003e \u0026 (as encoding/json)`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.HTMLSafe = on })},
	{long: "js", help: `escape U+2028 and U+2029 as \u2028 and \u2029`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.JSLineTerminators = on })},
	{long: "escape-slash", help: `escape / as \/`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.EscapeSlash = on })},
	{long: "quote", help: "quote `CHAR`: \" or ' (output with ' is not JSON)",
		action: value(parseQuote, func(c *config, q byte) { c.opts.Escaping.QuoteChar = q })},
	{long: "upper-hex", help: `upper-case hex digits in \u escapes (\u001F)`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.UpperHex = on })},
	{long: "lower-hex", help: `lower-case hex digits in \u escapes (\u001f)`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.UpperHex = !on })},
	{long: "surrogate-escapes", help: `write U+10000 and up as \uXXXX\uXXXX surrogate pairs`,
		action: toggle(func(c *config, on bool) { c.opts.Escaping.SurrogateEscapes = on })},
	{long: "max-unescaped", help: "escape every code point above `U+XXXX` (U+007F or more; 0 for no limit)",
		action: value(parseCodePoint, func(c *config, r rune) { c.opts.Escaping.MaxUnescaped = r })},
	{long: "invalid-utf8", help: "invalid UTF-8 `POLICY`: error (default), replace or replace-raw",
		action: value(parsePolicy, func(c *config, p jgen.InvalidUTF8Policy) { c.opts.Escaping.InvalidUTF8 = p })},
	{long: "compact", short: "c", help: "compact layout, no whitespace (default)",
		action: toggle(func(c *config, on bool) {
			if on {
				c.setLayout(jgen.Compact, "")
			}
		})},
	{long: "indent", help: "indent by `N` spaces per level, 0 to 16, as jq (0 means compact)",
		action: value(parseIndent, applyIndent)},
	{long: "tab", help: "indent by one tab per level",
		action: toggle(func(c *config, on bool) {
			if on {
				c.setLayout(jgen.Indented, "\t")
			}
		})},
	{long: "pretty", help: "pretty layout by `NAME`: jackson (DefaultPrettyPrinter)",
		action: value(parsePretty, func(c *config, l jgen.Layout) { c.setLayout(l, "") })},
	{long: "output", short: "o", help: "write to `FILE` instead of stdout (a regular file is replaced only on success)",
		action: value(parseString, func(c *config, name string) { c.output = name })},
	{long: "in-place", short: "w", help: "rewrite each FILE in place, keeping its mode (each one that fails is left as it was)",
		action: toggle(func(c *config, on bool) { c.inPlace = on })},
	{long: "stats", help: "print values, strings (names included), bytes in and out and MB/s to stderr",
		action: toggle(func(c *config, on bool) { c.stats = on })},
	{long: "progress", help: "show a progress bar on stderr (default: when stderr is a terminal and the input is a file over 8 MiB)",
		action: toggle(func(c *config, on bool) { c.progress = map[bool]int{true: 1, false: -1}[on] })},
	{long: "no-progress", help: "never show a progress bar",
		action: toggle(func(c *config, on bool) { c.progress = map[bool]int{true: -1, false: 0}[on] })},
	{long: "help", short: "h", help: "print this help",
		action: toggle(func(c *config, on bool) { c.help = on })},
	{long: "version", help: "print the version",
		action: toggle(func(c *config, on bool) { c.version = on })},
}

// applyASCII is -a: jgen.PrintableASCII's two settings, the limit U+007F
// and DEL escaped. No other flag sets CharacterEscapes, so -a owns it, and
// --ascii=false takes back what it set.
func applyASCII(c *config, on bool) {
	e := &c.opts.Escaping
	if on {
		e.MaxUnescaped, e.CharacterEscapes = 0x7F, delEscapes
		return
	}
	if e.MaxUnescaped == 0x7F {
		e.MaxUnescaped = 0
	}
	if e.CharacterEscapes == delEscapes {
		e.CharacterEscapes = nil
	}
}

// applyIndent is --indent N: N spaces per level, or compact for 0.
func applyIndent(c *config, n int) {
	if n == 0 {
		c.setLayout(jgen.Compact, "")
		return
	}
	c.setLayout(jgen.Indented, strings.Repeat(" ", n))
}

func (c *config) setLayout(l jgen.Layout, indent string) {
	c.opts.Layout, c.opts.Indent = l, indent
}

// A flagDef is one row of [flags].
type flagDef struct {
	long, short string
	help        string // pflag usage: a `QUOTED` word names the argument
	defValue    string // the default the help shows, if any
	first       bool   // applied before the others; only the last occurrence counts
	action
}

// An action is how a flag reads its argument and what it does with it.
type action struct {
	boolean bool                              // takes =true or =false, or no argument for true
	check   func(arg string) error            // parses arg, reporting a bad one
	apply   func(c *config, arg string) error // parses arg and applies it to c
}

// value is the action of a flag whose argument parse reads and apply
// applies. Each parse is one small function, the one place that decides
// what the flag accepts and what its error says.
func value[T any](parse func(string) (T, error), apply func(*config, T)) action {
	return action{
		check: func(s string) error {
			_, err := parse(s)
			return err
		},
		apply: func(c *config, s string) error {
			v, err := parse(s)
			if err == nil {
				apply(c, v)
			}
			return err
		},
	}
}

// toggle is the action of a boolean flag.
func toggle(apply func(*config, bool)) action {
	a := value(parseBool, apply)
	a.boolean = true
	return a
}

// occurrence is one flag on the command line, kept in order.
type occurrence struct {
	def *flagDef
	arg string
}

// flagValue is the pflag.Value of a row of [flags]: it checks each
// occurrence and records it.
type flagValue struct {
	def  *flagDef
	list *[]occurrence
}

func (v *flagValue) String() string { return v.def.defValue }

func (v *flagValue) Type() string {
	if v.def.boolean {
		return "bool"
	}
	return "string"
}

func (v *flagValue) Set(s string) error {
	// A first flag is checked after the command line, and only its last
	// occurrence: an earlier one is overridden, right or wrong.
	if !v.def.first {
		if err := v.def.check(s); err != nil {
			return err
		}
	}
	*v.list = append(*v.list, occurrence{v.def, s})
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

-o and -w write a temporary file beside the regular file they replace and
rename it over that file when its run succeeds; they refuse a file you could
not write to, and keep its mode and, where they may, its owner and group. A
symbolic link stays a link: the file it leads to is the one replaced (a
dangling link is an error). A hard link is split: the other names keep the old
content. -o to a file that is not regular (a pipe, a terminal, /dev/null)
writes straight to it, and -o /dev/stdout, /dev/fd/N through that descriptor,
appending if it appends. -w tries every FILE and exits 1 if one failed.

Errors print FILE:LINE:COLUMN: message (byte offset N), with 1-based line and
byte column, at the byte at fault (the end of the input when it is cut short).
Exit status: 0 success, 1 invalid input or I/O error, 2 bad usage.
`

// parseArgs parses the command line. The error is a usage error.
func parseArgs(args []string, stderr io.Writer) (*config, *pflag.FlagSet, error) {
	fs := pflag.NewFlagSet("jgen", pflag.ContinueOnError)
	fs.SetInterspersed(true)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	var list []occurrence
	for i := range flags {
		d := &flags[i]
		f := fs.VarPF(&flagValue{def: d, list: &list}, d.long, d.short, d.help)
		if d.boolean {
			f.NoOptDefVal = "true"
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return &config{help: true}, fs, nil
		}
		return nil, fs, err
	}
	cfg := &config{
		opts:  jgen.Options{Escaping: jgen.Minimal, RootTerminator: "\n", BufferSize: 64 << 10},
		files: fs.Args(),
	}
	if err := cfg.apply(list); err != nil {
		return nil, fs, err
	}
	if err := cfg.check(); err != nil {
		return nil, fs, err
	}
	return cfg, fs, nil
}

// apply applies the flags of the command line to c: the last occurrence of
// each first flag, then every other flag in order.
func (c *config) apply(list []occurrence) error {
	last := map[*flagDef]string{}
	for _, o := range list {
		if o.def.first {
			last[o.def] = o.arg
		}
	}
	for i := range flags {
		d := &flags[i]
		if arg, ok := last[d]; ok {
			if err := d.apply(c, arg); err != nil {
				return fmt.Errorf("invalid argument %q for %q flag: %w", arg, "--"+d.long, err)
			}
		}
	}
	for _, o := range list {
		if !o.def.first {
			if err := o.def.apply(c, o.arg); err != nil {
				return fmt.Errorf("invalid argument %q for %q flag: %w", o.arg, "--"+o.def.long, err)
			}
		}
	}
	return nil
}

// check refuses the configurations no single flag can: an invalid escaping
// and the misuses of -w.
func (c *config) check() error {
	if err := c.opts.Escaping.Validate(); err != nil {
		return err
	}
	if c.inPlace && c.output != "" {
		return errors.New("-w/--in-place and -o/--output cannot be used together")
	}
	if c.inPlace {
		if len(c.files) == 0 {
			return errors.New("-w/--in-place needs at least one FILE")
		}
		for _, f := range c.files {
			if f == "-" {
				return errors.New("-w/--in-place cannot rewrite standard input")
			}
		}
	}
	return nil
}

func parseBool(s string) (bool, error) {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("not a boolean: %q", s)
	}
	return v, nil
}

func parseString(s string) (string, error) { return s, nil }

func parsePreset(s string) (jgen.Escaping, error) {
	switch strings.ToLower(s) {
	case "minimal":
		return jgen.Minimal, nil
	case "stdlib":
		return jgen.Stdlib, nil
	case "jackson":
		return jgen.Jackson, nil
	case "ascii":
		return jgen.ASCII, nil
	}
	return jgen.Escaping{}, errors.New("want minimal, stdlib, jackson or ascii")
}

func parseQuote(s string) (byte, error) {
	if s != `"` && s != `'` {
		return 0, fmt.Errorf(`want " or ', not %q`, s)
	}
	return s[0], nil
}

// parseCodePoint accepts U+XXXX, 0xXXXX and plain decimal, and 0 for "no limit".
func parseCodePoint(s string) (rune, error) {
	digits := s
	base := 10
	switch {
	case strings.HasPrefix(digits, "U+"), strings.HasPrefix(digits, "u+"):
		digits, base = digits[2:], 16
	case strings.HasPrefix(digits, "0x"), strings.HasPrefix(digits, "0X"):
		digits, base = digits[2:], 16
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || digits == "" || n > 0x10FFFF || (n != 0 && n < 0x7F) {
		return 0, fmt.Errorf("want a code point from U+007F to U+10FFFF (or 0 for no limit), not %q", s)
	}
	return rune(n), nil
}

// parsePolicy takes the policy names of jgen.InvalidUTF8Policy's text form.
func parsePolicy(s string) (jgen.InvalidUTF8Policy, error) {
	var p jgen.InvalidUTF8Policy
	if err := p.UnmarshalText([]byte(s)); err != nil {
		return 0, optionReason(err)
	}
	return p, nil
}

// optionReason is the reason of the *jgen.OptionsError that a text form
// refused, without the library's prefix: the command names the flag itself.
func optionReason(err error) error {
	var oe *jgen.OptionsError
	if errors.As(err, &oe) {
		return errors.New(oe.Reason)
	}
	return err
}

func parseIndent(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 16 {
		return 0, fmt.Errorf("want a number of spaces from 0 to 16, not %q", s)
	}
	return n, nil
}

func parsePretty(s string) (jgen.Layout, error) {
	if s != "jackson" {
		return 0, fmt.Errorf("want jackson, not %q", s)
	}
	return jgen.JacksonPretty, nil
}

func printUsage(w io.Writer, fs *pflag.FlagSet) {
	fmt.Fprint(w, usageHead)
	fmt.Fprint(w, fs.FlagUsages())
	fmt.Fprint(w, usageTail)
}
