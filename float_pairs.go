package jgen

import (
	"github.com/jgen-go/jgen/internal/ftoa"
)

// appendFloat64s appends ",x" for each x of xs, in order, up to the
// first NaN or ±Inf, and returns b and the number of floats written
// (len(xs) if every one is finite). The numbers are written as
// ftoa.AppendJSON64 writes them; like it, appendFloat64s may write to b's
// spare capacity past the bytes it appends.
//
// It is the loop of both rule sets' float64 slices and arrays, a
// function of its own so that only the index and xs are live across the
// formatter's calls: in the encoders' closures, every value the closure
// keeps for its error path was reloaded after each call.
func appendFloat64s(b []byte, xs []float64) ([]byte, int) {
	for i, x := range xs {
		// x-x is 0 for every finite x, NaN for NaN and ±Inf.
		if x-x != 0 {
			return b, i
		}
		b = append(b, ',')
		b = ftoa.AppendJSON64(b, x)
	}
	return b, len(xs)
}

// appendFloat64Pairs appends ",[x,y]" for each pair of ps, in order, up
// to the first pair holding a NaN or ±Inf, and returns b and the number
// of pairs written (len(ps) if every number is finite). The numbers are
// written as ftoa.AppendJSON64 writes them; like it, appendFloat64Pairs
// may write to b's spare capacity past the bytes it appends.
//
// It is the loop of both rule sets' slices and arrays of [2]float64
// (canada.json's coordinates), as appendFloat64s is theirs of float64:
// one test for both numbers, the punctuation appended two bytes at a
// time where it can be, and only the index and ps live across the
// formatter's calls.
func appendFloat64Pairs(b []byte, ps [][2]float64) ([]byte, int) {
	for i := range ps {
		p := &ps[i]
		if x, y := p[0], p[1]; (x-x)+(y-y) != 0 {
			return b, i
		}
		b = append(b, ',', '[')
		b = ftoa.AppendJSON64(b, p[0])
		b = append(b, ',')
		b = ftoa.AppendJSON64(b, p[1])
		b = append(b, ']')
	}
	return b, len(ps)
}
