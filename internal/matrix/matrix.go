// Package matrix defines the strings of jgen's string-writing benchmark
// (docs/DESIGN.md §6), shared by the root package's benchmarks and the bench/
// module, and written the same way by the Java harness in bench/jackson.
package matrix

import "strconv"

// Alphabet is the character set of the matrix strings: 70 characters, as in
// jackson-core's benchmark.
const Alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_/"

// StringsPerOp is the number of string values one benchmark op writes, as
// one JSON array.
const StringsPerOp = 200

// Contents and Lengths span the matrix. Lengths are in runes.
var (
	Contents = []string{"ascii", "escaped", "unicode"}
	Lengths  = []int{12, 100, 1000}
)

// splitmix64 is the generator shared with the Java harness, so that both
// sides write the same strings.
type splitmix64 struct{ state uint64 }

func (r *splitmix64) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// String returns string i (0..StringsPerOp-1) of the cell (content,
// length): length runes drawn from Alphabet by a splitmix64 seeded with
// 1+i+1000*length; "escaped" puts '"' at rune length-2; "unicode" puts 'é'
// at every rune j with j%10 == 9 and then U+1F600 at rune length/2. It
// panics for any other content.
func String(content string, length, i int) string {
	rng := splitmix64{state: uint64(1 + i + 1000*length)}
	rs := make([]rune, length)
	for j := range rs {
		rs[j] = rune(Alphabet[rng.next()%uint64(len(Alphabet))])
	}
	switch content {
	case "ascii":
	case "escaped":
		rs[length-2] = '"'
	case "unicode":
		for j := 9; j < length; j += 10 {
			rs[j] = 'é'
		}
		rs[length/2] = '\U0001F600'
	default:
		panic("matrix: unknown content " + strconv.Quote(content))
	}
	return string(rs)
}

// Cell returns the StringsPerOp strings of one cell.
func Cell(content string, length int) []string {
	ss := make([]string, StringsPerOp)
	for i := range ss {
		ss[i] = String(content, length, i)
	}
	return ss
}
