//go:build !race && goexperiment.jsonv2 && go1.27

package json

// raceEnabled: see race_on_test.go.
const raceEnabled = false
