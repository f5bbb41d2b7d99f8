//go:build goexperiment.jsonv2 && go1.27

package json

import stdjson "encoding/json"

// This file holds the identifiers that encoding/json exports when it is
// implemented on encoding/json/v2 (Go 1.27, or Go 1.26 with
// GOEXPERIMENT=jsonv2): its Options and option functions, forwarded.
//
// The same declarations are in options_jsonv2.go for Go 1.26 with
// GOEXPERIMENT=jsonv2; this file's go1.27 constraint tells vet that the
// API it forwards is there.

// Options is encoding/json's Options: the options that configure the v1
// semantics of encoding/json/v2's Marshal and Unmarshal functions.
type Options = stdjson.Options

// DefaultOptionsV1 is encoding/json's DefaultOptionsV1: the full set of
// options that make encoding/json/v2 behave as encoding/json (v1).
func DefaultOptionsV1() Options { return stdjson.DefaultOptionsV1() }

// CallMethodsWithLegacySemantics is encoding/json's option of that name.
func CallMethodsWithLegacySemantics(v bool) Options {
	return stdjson.CallMethodsWithLegacySemantics(v)
}

// FormatByteArrayAsArray is encoding/json's option of that name.
func FormatByteArrayAsArray(v bool) Options { return stdjson.FormatByteArrayAsArray(v) }

// FormatBytesWithLegacySemantics is encoding/json's option of that name.
func FormatBytesWithLegacySemantics(v bool) Options {
	return stdjson.FormatBytesWithLegacySemantics(v)
}

// FormatDurationAsNano is encoding/json's option of that name.
func FormatDurationAsNano(v bool) Options { return stdjson.FormatDurationAsNano(v) }

// MatchCaseSensitiveDelimiter is encoding/json's option of that name.
func MatchCaseSensitiveDelimiter(v bool) Options { return stdjson.MatchCaseSensitiveDelimiter(v) }

// MergeWithLegacySemantics is encoding/json's option of that name.
func MergeWithLegacySemantics(v bool) Options { return stdjson.MergeWithLegacySemantics(v) }

// OmitEmptyWithLegacySemantics is encoding/json's option of that name.
func OmitEmptyWithLegacySemantics(v bool) Options {
	return stdjson.OmitEmptyWithLegacySemantics(v)
}

// ParseBytesWithLooseRFC4648 is encoding/json's option of that name.
func ParseBytesWithLooseRFC4648(v bool) Options { return stdjson.ParseBytesWithLooseRFC4648(v) }

// ParseTimeWithLooseRFC3339 is encoding/json's option of that name.
func ParseTimeWithLooseRFC3339(v bool) Options { return stdjson.ParseTimeWithLooseRFC3339(v) }

// ReportErrorsWithLegacySemantics is encoding/json's option of that name.
func ReportErrorsWithLegacySemantics(v bool) Options {
	return stdjson.ReportErrorsWithLegacySemantics(v)
}

// StringifyWithLegacySemantics is encoding/json's option of that name.
func StringifyWithLegacySemantics(v bool) Options {
	return stdjson.StringifyWithLegacySemantics(v)
}

// UnmarshalArrayFromAnyLength is encoding/json's option of that name.
func UnmarshalArrayFromAnyLength(v bool) Options { return stdjson.UnmarshalArrayFromAnyLength(v) }
