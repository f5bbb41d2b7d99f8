//go:build !race

package jgen

// raceOn: see race_on_internal_test.go.
const raceOn = false
