// Package json is a drop-in replacement for the marshal functions of
// [encoding/json/v2] whose encoding runs on jgen: change the import path
// from "encoding/json/v2" to "github.com/jgen-go/jgen/json/v2" and
// nothing else. It exists where the toolchain's encoding/json/v2 has its
// Go 1.27 API (Go 1.27 and later, unless built with
// GOEXPERIMENT=nojsonv2); on other builds the package holds only this
// documentation.
//
// [Marshal], [MarshalWrite] and [MarshalEncode] take encoding/json/v2's
// own Options, translate them to jgen's ([jgen.JSONv2] and jgen's
// escaping and layout) and encode with jgen's v2 rules ([jgen.Options.V2]),
// whose bytes are those of encoding/json/v2. What jgen's v2 rules do not
// implement is encoded by encoding/json/v2 itself, with its bytes: a
// value that jgen declines ([jgen.ErrV2Unimplemented]: MarshalJSONTo
// methods that write more than one value, format tags without
// encoding/json/v2's experimental option that enables them, ...;
// see [jgen.JSONv2]), a value jgen fails
// to encode (invalid UTF-8, NaN, a cycle, ...: encoding/json/v2 then
// returns its own *SemanticError or *jsontext.SyntacticError, with its
// JSON pointer and text), and options jgen does not translate
// (WithMarshalers holding a *Marshalers other than those of this
// package's MarshalFunc, MarshalToFunc and JoinMarshalers, which jgen
// encodes with; encoding/json's v1 options set to true other than
// DefaultOptionsV1 alone, the jsontext options that rewrite raw values
// such as CanonicalizeRawInts, WithIndent(""), StringifyNumbers(false) set
// explicitly, under which v2 writes a json.Number with the string tag
// option as a number). Such a value's methods
// may be called twice. WithIndentPrefix, SpaceAfterColon and
// SpaceAfterComma, in either layout, are jgen's output rewritten in one
// more pass over it (jgen has no such layouts of its own).
//
// encoding/json's DefaultOptionsV1, given alone, selects jgen's v1 rules
// (those of the drop-in github.com/jgen-go/jgen/json): encoding/json's
// Marshal is encoding/json/v2's Marshal under exactly that option, so
// its bytes are Go 1.27's encoding/json's. DefaultOptionsV1 joined with
// any other option, and v1 options set one by one, are left to
// encoding/json/v2 (jgen implements the v1 rules only as a whole).
//
// Map entries are written sorted by name under Deterministic; without it
// in Go's map iteration order where no two keys can share a name (keys of
// string, integer and float kinds without methods), as encoding/json/v2
// writes them, and sorted otherwise (any order is valid there).
//
// The format tag option (`json:"at,format:unix"`) is refused by
// encoding/json/v2, and so left to it, unless opts hold its experimental
// option: any Options value with the method ExperimentalSupportFormatTag()
// bool reporting true, which is how encoding/json/v2 recognises it (it
// keeps its own in an internal package, for
// github.com/go-json-experiment/json to export; a type that embeds Options
// and has the method serves, as in the example). With it, jgen writes
// the formats itself ([jgen.JSONv2.SupportFormatTag]).
//
// Everything else is encoding/json/v2's: Unmarshal and its relatives are
// forwarded, and the types, options and errors are aliases or forwarding
// functions of its own, so that values, type assertions and errors.As
// work across both packages.
package json
