//go:build !race

package jgen_test

// raceEnabled: see encode_race_test.go.
const raceEnabled = false
