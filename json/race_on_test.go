//go:build race

package json_test

// raceEnabled is set under the race detector, whose instrumentation and
// randomly emptied sync.Pools make allocation counts meaningless.
const raceEnabled = true
