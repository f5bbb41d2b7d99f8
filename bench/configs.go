package bench

import "github.com/jgen-go/jgen"

// An EscapingConfig is one escaping configuration of the configuration
// cells (BenchmarkEscaping): jgen's append generator under it, reported as
// a ratio to the same generator under Minimal in the same run.
type EscapingConfig struct {
	Name     string
	Escaping jgen.Escaping
	// NoHook names the configuration with the same table and no
	// IndexEscape hook, whose time this one's is compared with to give
	// the hook's cost; empty when the configuration has no hook.
	NoHook string
	// What says what the configuration is, for the report.
	What string
}

// AbsentRunes are the code points of the per-rune configurations: U+2028
// and U+2029, the JSONP escapes, which no input of the benchmark holds (the
// tests check it), so the per-rune table is consulted and never matches.
var AbsentRunes = map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`}

// htmlTable is the ASCII table of jgen.HTMLEscapes.
func htmlTable() map[byte]jgen.Escape {
	return map[byte]jgen.Escape{
		'<': jgen.EscapeUnicode(), '>': jgen.EscapeUnicode(), '&': jgen.EscapeUnicode(), '\'': jgen.EscapeUnicode(),
	}
}

// noIndex is an IndexEscape hook for a table with no ASCII entries: it
// finds nothing, so its cost is the call alone.
func noIndex([]byte) int { return -1 }

// EscapingConfigs are the configurations of the configuration cells, Minimal
// first.
var EscapingConfigs = []EscapingConfig{
	{Name: "minimal", Escaping: jgen.Minimal, What: "Minimal, the reference of the ratios"},
	{Name: "slash", Escaping: jgen.Escaping{EscapeSlash: true}, What: "EscapeSlash: '/' as \\/"},
	{Name: "apostrophe", Escaping: jgen.Escaping{QuoteChar: '\''}, What: "QuoteChar '\\'': strings in apostrophes, an apostrophe inside as \\u0027"},
	{Name: "html", Escaping: jgen.Escaping{CharacterEscapes: jgen.HTMLEscapes},
		What: "CharacterEscapes HTMLEscapes as shipped (< > & apostrophe as \\u00XX; no hook, jgen derives the scan from the table)"},
	{Name: "html-nohook", Escaping: jgen.Escaping{CharacterEscapes: mustEscapes(jgen.EscapeSpec{ASCII: htmlTable()})},
		What: "the HTMLEscapes table built with NewCharacterEscapes: the same configuration, which the shipped one must match"},
	{Name: "runes", Escaping: jgen.Escaping{CharacterEscapes: mustEscapes(jgen.EscapeSpec{Runes: AbsentRunes})},
		What: "CharacterEscapes with per-rune sequences for U+2028 and U+2029, absent from every input"},
	{Name: "runes-hook", Escaping: jgen.Escaping{CharacterEscapes: mustEscapes(jgen.EscapeSpec{Runes: AbsentRunes, IndexEscape: noIndex})},
		NoHook: "runes", What: "the same with an IndexEscape hook that finds nothing (the cost of the per-segment call)"},
}

func mustEscapes(spec jgen.EscapeSpec) *jgen.CharacterEscapes {
	ce, err := jgen.NewCharacterEscapes(spec)
	if err != nil {
		panic(err)
	}
	return ce
}

// ConfigWriter is jgen's append generator (jgen-append, string input)
// under one configuration.
func ConfigWriter(c EscapingConfig) Writer {
	for _, w := range jgenWriters(c.Name, c.Escaping, "string") {
		if w.Name == "jgen-append" {
			return w
		}
	}
	panic("bench: no jgen-append writer")
}

// ConfigCorpora are the corpora the configuration cells run on.
func ConfigCorpora() []Corpus {
	var cs []Corpus
	for _, c := range Corpora {
		if c.Name != "twitterescaped" {
			cs = append(cs, c)
		}
	}
	return cs
}
