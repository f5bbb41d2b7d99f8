//go:build race

package jgen

// raceOn is set under the race detector, whose instrumentation changes
// what the allocation bounds of the internal tests measure.
const raceOn = true
