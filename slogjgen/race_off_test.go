//go:build !race

package slogjgen

// raceEnabled: see race_on_test.go.
const raceEnabled = false
