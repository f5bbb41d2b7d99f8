package bench

import (
	"fmt"
	"strconv"

	"github.com/jgen-go/jgen"
)

// The drawn cells are the matrix cells with the escape and non-ASCII
// positions drawn per string instead of fixed. A benchmark whose 200 strings
// put their one '"' at the same index teaches the branch predictor where it
// is; here each string of a pool draws its own positions, at the density of
// the fixed cell, from a pool far larger than one op, and every op takes the
// next 200 strings of the pool. The strings keep the fixed cells' byte
// lengths (same rune counts, same number of '"', 'é' and emoji), so ns/op,
// the floor and throughput compare across the two kinds of cell.

// DrawnPoolSize is the number of strings in the pool of a drawn cell of
// length runes: 4096, or for len=1000 as many as fit in 1 MiB of input (896
// unicode strings of 1,103 bytes), so that the pool stays in a 1 MiB L2.
func DrawnPoolSize(length int) int {
	if length >= 1000 {
		return 896
	}
	return 4096
}

// DrawnString returns string i (0..DrawnPoolSize-1) of the drawn cell
// (content, length). A splitmix64 seeded with 1<<32 + 1 + i + 1000*length
// draws, in order: each of the length runes from Alphabet (next mod 70, as
// the fixed matrix); for "escaped", the index of the one '"' (next mod
// length); for "unicode", m = length/10 + 1 distinct indexes by a partial
// Fisher–Yates shuffle of 0..length-1 (for t < m: swap t with t + next mod
// (length-t)), the first for U+1F600 and the other m-1 for 'é'. The Java
// harness (bench/jackson) implements the same definition. It panics for an
// unknown content.
func DrawnString(content string, length, i int) string {
	rng := splitmix64{state: 1<<32 + uint64(1+i+1000*length)}
	rs := make([]rune, length)
	for j := range rs {
		rs[j] = rune(Alphabet[rng.next()%uint64(len(Alphabet))])
	}
	switch content {
	case "ascii":
	case "escaped":
		rs[rng.next()%uint64(length)] = '"'
	case "unicode":
		idx := make([]int, length)
		for j := range idx {
			idx[j] = j
		}
		m := length/10 + 1
		for t := range m {
			r := t + int(rng.next()%uint64(length-t))
			idx[t], idx[r] = idx[r], idx[t]
		}
		rs[idx[0]] = '\U0001F600'
		for _, j := range idx[1:m] {
			rs[j] = 'é'
		}
	default:
		panic("bench: unknown content " + strconv.Quote(content))
	}
	return string(rs)
}

// DrawnPool returns the pool of the drawn cell (content, length).
func DrawnPool(content string, length int) []string {
	ss := make([]string, DrawnPoolSize(length))
	for i := range ss {
		ss[i] = DrawnString(content, length, i)
	}
	return ss
}

// splitmix64 is the generator of internal/matrix, repeated here for the
// drawn cells (the Java harness has the same).
type splitmix64 struct{ state uint64 }

func (r *splitmix64) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// A Rotation serves a pool StringsPerOp strings at a time through one Input:
// Next points the Input's Strings and Bytes at the following window of the
// pool, wrapping around its end. Writers read their Input at every op, so an
// op prepared on In writes whatever window Next chose last. Every string of
// a pool has the same byte length, so every window has the same Size and
// the buffers Prepare sized for the first window fit them all.
type Rotation struct {
	In *Input

	strs  []string // the pool followed by its first StringsPerOp-1 strings
	bytes [][]byte // the same as []byte
	pool  int      // pool size
	start int      // first string of the current window
}

// NewRotation returns a Rotation over pool, positioned at its first window.
// It panics if the pool is smaller than one op or its strings differ in
// byte length.
func NewRotation(pool []string) *Rotation {
	if len(pool) < StringsPerOp {
		panic(fmt.Sprintf("bench: pool of %d strings, fewer than one op", len(pool)))
	}
	ext := append(append([]string(nil), pool...), pool[:StringsPerOp-1]...)
	r := &Rotation{strs: ext, bytes: make([][]byte, len(ext)), pool: len(pool)}
	for i, s := range ext {
		if len(s) != len(pool[0]) {
			panic("bench: pool strings differ in length")
		}
		if i < len(pool) {
			r.bytes[i] = []byte(s)
		} else {
			r.bytes[i] = r.bytes[i-len(pool)]
		}
	}
	r.In = NewInput(ext[:StringsPerOp])
	r.In.Bytes = r.bytes[:StringsPerOp]
	return r
}

// Next moves In to the next window.
func (r *Rotation) Next() {
	r.start += StringsPerOp
	if r.start >= r.pool {
		r.start -= r.pool
	}
	r.In.Strings = r.strs[r.start : r.start+StringsPerOp]
	r.In.Bytes = r.bytes[r.start : r.start+StringsPerOp]
}

// Windows is the number of distinct windows Next cycles through before
// repeating.
func (r *Rotation) Windows() int {
	g, b := r.pool, StringsPerOp
	for b != 0 {
		g, b = b, g%b
	}
	return r.pool / g
}

// DrawnWriters are the writers of the drawn cells, chosen to keep the
// report's run time: jgen's append generator under every preset, its
// generator to an io.Writer under Minimal, AppendQuote under Minimal and
// ASCII, Quoter.AppendQuote under Minimal, the floor, and the peers that are fastest somewhere in the fixed
// cells or write the same bytes through an AppendQuote (sonic with and
// without ValidateString, goccy's and jsontext's AppendQuote), all with
// string input.
func DrawnWriters() []Writer {
	var ws []Writer
	for _, w := range Writers() {
		if w.Input != "string" {
			continue
		}
		switch w.Name {
		case "jgen-append", "floor", "sonic-encodeinto", "sonic-validate", "goccy-quote", "jsontext-quote":
		case "jgen-gen":
			if w.Preset != "minimal" {
				continue
			}
		case "jgen-quote":
			if w.Preset == "stdlib" {
				continue
			}
		default:
			continue
		}
		ws = append(ws, w)
	}
	return append(ws, jgenQuoterWriter("minimal", jgen.Minimal))
}
