//go:build race

package jgen

// RaceEnabled is set under the race detector, whose instrumentation and
// randomly emptied sync.Pools make allocation counts and bounds meaningless.
// It is exported (from a test file) for the package's external tests.
const RaceEnabled = true
