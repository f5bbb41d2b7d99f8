//go:build !race

package jgen

// RaceEnabled: see race_on_internal_test.go.
const RaceEnabled = false
