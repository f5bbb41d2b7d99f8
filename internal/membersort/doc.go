// Package membersort puts the members of JSON objects in order of their
// names, for the tests that compare output written in Go's map order
// (jgen's JSONv2.AnyMapOrder, encoding/json/v2 without Deterministic)
// with sorted output. It exists where encoding/json/jsontext has its Go
// 1.27 API; on other builds the package holds only this documentation.
package membersort
