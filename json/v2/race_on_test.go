//go:build race && goexperiment.jsonv2 && go1.27

package json

// raceEnabled is set under the race detector, whose instrumentation and
// randomly emptied sync.Pools make allocation counts meaningless.
const raceEnabled = true
