//go:build race

package jgen_test

// raceEnabled is set under the race detector, where sync.Pool drops
// items at random, so allocation counts mean nothing.
const raceEnabled = true
