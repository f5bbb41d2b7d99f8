//go:build !race

package json_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
