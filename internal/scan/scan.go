// Package scan finds the bytes of a JSON string's content that the escaping
// code must look at, and copies the clean runs between them.
//
// A Set is a compiled set of byte values. Every Set contains, whatever it
// was built from:
//
//   - the control bytes 0x00..0x1F, '"' and '\\' (RFC 8259 §7 requires
//     these to be escaped), and
//   - every byte 0x80..0xFF, so that non-ASCII text always leaves the fast
//     path and is validated as UTF-8 out of line.
//
// Callers add the ASCII bytes of their escaping mode ('/', '<', '>', '&',
// the apostrophe, or an arbitrary custom table). A UTF-8 Set (NewUTF8Set)
// lets valid non-ASCII text through instead.
//
// # Dispatch
//
// Copy inlines into its caller and makes one call, copyEntry. The kernel
// family (the level) is chosen once, at init, from the CPU's features; the
// Set's fields choose the kernel inside the family:
//
//	level     set    entry                kernel                fallback
//	AVX-512   plain  copyEntry            copyAVX512            -
//	AVX-512   UTF-8  copyEntry            copyUTF8AVX512        -
//	AVX2      plain  copyEntry            copyAVX2core          -
//	AVX2      UTF-8  copyEntry            copyAVX2core to the   -
//	                                      first byte >= 0x80,
//	                                      then, in the same
//	                                      frame, utf8LoopAVX2
//	                                      (n >= 32) or
//	                                      utf8ShortAVX2
//	AVX-512   rune   copyEntry,           utf8512               refineTail at a stop
//	                 refined512                                 at a byte >= 0x80
//	AVX2      rune   copyEntry (mode 1)   as AVX2 UTF-8         refineTail at a stop
//	                                                            at a byte >= 0x80
//	none      plain  copyEntry, copyGo    copySWAR by kind      copyTable beyond 5 extra bytes
//	none      UTF-8  copyEntry, copyGo    copyUTF8SWAR by kind  copyUTF8Table beyond 5
//	portable  any    copyEntry (Go)       as level none         as level none
//
// A UTF-8 Set's string of at most 16 bytes (shortUTF8) goes to a short
// kernel instead, which tests ASCII, validates UTF-8 and finds the exact
// member in one register, without a loop's set-up: at both SIMD levels
// shortUTF8AVX2 (no listed lead) or shortLeadsAVX2 (short_amd64.s), for
// a Set without a rune test or under Set.sepVec (Set.short, tested by
// copyEntry before the level); at levels none and portable copyShortUTF8
// (two words), for every UTF-8 Set, the rune test applied after it.
//
// kernels() lists each family the machine can run (and the dispatch), so
// every kernel test runs each of them, whatever the CPU's level.
//
// A UTF-8 Set with a rune test (NewUTF8SetFunc; "rune" in the table) runs
// the same kernels, which stop at every listed lead byte; where a kernel
// stopped at a byte >= 0x80, refineFrom (AVX2 and AVX-512), copyGo or the
// portable copyEntry applies the test and runs the kernel on (Set.copyOn).
// The SIMD kernels reach refineFrom themselves, by a jump to refineTail at
// such a stop and nowhere else, so that every other string costs what it
// costs without a test; and under Set.lineSeps they test a stop at E2
// themselves and go on after a sequence the test passes. At level AVX-512 a
// Set under Set.sepVec (E2 its only listed lead: the Stdlib preset's) does
// not stop at E2 at all: its UTF-8 loop flags E2 80 A8 and E2 80 A9 in the
// vector.
//
// # Escapes
//
// Set.Escape writes a string's ASCII escapes from a table of words (one
// per ASCII byte) between the clean runs, for callers that have found
// the first member with Copy. At level AVX-512 it is one kernel call
// (escapeAVX512) with separate input and output positions: each vector is
// stored, then its members are written from its mask, each as its word
// and a masked store of the lanes after it, moved by the word's length.
// At a byte >= 0x80 of a UTF-8 Set the kernel goes on in utf8512 in mode
// 2, whose stops at ASCII members do the same, with DX moved as the
// output runs ahead of the input. At level AVX2 it is one call too
// (escapeAVX2, escape_amd64.s): each 32-byte block is stored, its members
// written from its mask, each as its word and the 32 bytes of src after
// it stored again at the moved position; the last bytes, where they hold
// a member, from a frame buffer padded with src[n-1], so that nothing is
// read past src. At a byte >= 0x80 of a UTF-8 Set it calls Copy from its
// frame (escapeRun) and goes on after the run. Without a vector level
// Escape runs escapeGo, a table store and a Copy per member, which
// package jgen holds inline (VectorEscapes tells which).
//
// Set.CopyEscapeTo is Copy and Escape in one call for a string of up to
// ShortEscape bytes of a Set that takes the short UTF-8 kernel (both SIMD
// levels): escapeShort (short_amd64.s) classifies the bytes in one
// register and, where all are ASCII, writes the members' words of the
// table from the mask (TZCNT, BLSR), each followed by the register's
// bytes after it moved to their output position; escapeShortGo is its
// portable twin, which the Escape tests run beside it (escapeViaShort).
//
// Level AVX-512 needs AVX512F, BW and VL besides AVX2; level AVX2 needs
// AVX2, BMI1 and BMI2; GODEBUG=cpu.avx512f=off (honoured by x/sys/cpu)
// selects AVX2. The portable row is every build without the assembly:
// other architectures, compilers other than gc, and the purego tag. The
// copyEntry of the amd64 build is assembly that jumps to the kernel (a few
// instructions per call, none per byte); the portable copyEntry is Go.
//
// The SIMD kernels classify bytes with 16-entry table lookups (PSHUFB).
// They port to another architecture through its byte shuffle: docs/DESIGN.md
// §4 lists where arm64's NEON differs (TBL's indices of 16 or more, one
// 16-byte lane, no byte movemask), and Set.nib and utf8Tables note it where
// their layout depends on it.
//
// The package is internal: its contract is what package jgen needs and
// nothing more.
package scan

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

// Slack is how many bytes past len(src) a Copy may write into dst. Callers
// must give Copy a dst with len(dst) >= len(src)+Slack.
const Slack = 64

// Set is a compiled byte set; see the package documentation for the bytes
// it always contains. The zero Set is not valid; build one with NewSet,
// NewTableSet or NewUTF8Set. A Set is immutable and safe for concurrent use.
type Set struct {
	kind  kernelKind
	utf8  bool    // built by NewUTF8Set: valid sequences are not members
	extra [8]byte // the added ASCII bytes, padded by repeating '"'
	nx    uint8   // how many of extra are real

	// member[b] is 1 if byte b is in the set, else 0 (all 256 values).
	member [256]uint8

	// nib is the set as two nibble tables for the SIMD kernels: nib[l] has
	// bit h set when the ASCII byte h<<4|l is NOT in the set, nib[16+h] is
	// 1<<h for h < 8 and 0 for h >= 8. A byte x is a member exactly when
	// nib[x&15] & nib[16+x>>4] == 0; PSHUFB returns 0 for an index with its
	// high bit set, so the low-nibble lookup may use x unmasked.
	//
	// arm64's TBL returns 0 for any index of 16 or more, not only for one
	// with its high bit set: a NEON kernel must mask x to its low nibble and
	// flag the bytes >= 0x80 separately (they are members), or look x up
	// in a 128-entry TBL over eight registers. The high-nibble lookup
	// (index < 16) works unchanged on both.
	nib [32]byte

	// lead is the UTF-8 class of each byte (utf8Class) for a UTF-8 Set,
	// with 0 for the bytes that are members wherever they are: ASCII bytes,
	// continuation bytes, bytes no valid sequence starts with, and the
	// listed lead bytes.
	lead [256]uint8

	// stop is the SIMD form of the listed lead bytes (C2..F4 whose lead
	// class is 0): stop[l] has bit h-12 set when byte h<<4|l is one,
	// stop[16+h] is 1<<(h-12) for h >= 12, else 0. The bytes no sequence
	// starts with (C0, C1, F5..FF) need no entry: the validation tables
	// flag them (utf8Tables).
	stop [32]byte

	// stops is set when stop lists any lead byte; the AVX-512 kernels skip
	// the stop lookup without one.
	stops bool

	// escapes, when not nil (NewUTF8SetFunc), refines the listed lead
	// bytes: a sequence with a listed lead is a member only if escapes
	// reports true for its code point. The kernels stop at every listed
	// lead; Copy passes the sequences escapes reports false for and runs
	// the kernel on (copyOn), so only text that holds a listed lead pays.
	escapes func(r rune) bool

	// lineSeps is set when E2 is a listed lead and escapes, over the code
	// points E2 starts (U+2000..U+2FFF), reports true for U+2028 and
	// U+2029 alone: Stdlib's and JSLineTerminators' rule. The AVX-512 and
	// AVX2 kernels then test a sequence they stop at under E2 themselves
	// and go on after one they pass (…, ★ and the like), without a call to
	// Go.
	lineSeps bool

	// sepVec is set when lineSeps is and E2 is the only listed lead (the
	// Stdlib preset's Set): the AVX-512 kernel then flags E2 80 A8 and E2
	// 80 A9 in the vector and does not stop at E2 at all.
	sepVec bool

	// short is the mode of the short UTF-8 kernel (see shortUTF8) for
	// this Set, or shortNone where the Set does not take it: a Set not
	// built by NewUTF8Set, a rune test other than Set.sepVec's (whose
	// stops would need refining), or a build without the kernel.
	short uint8
}

// The modes of the short UTF-8 kernel (Set.short): what it flags besides
// the ASCII members and the invalid sequences.
const (
	shortNone  = iota // the Set does not take the short kernel
	shortPlain        // nothing: no listed lead byte
	shortStops        // the listed lead bytes (Set.stop)
	shortSeps         // E2 80 A8 and E2 80 A9 alone (Set.sepVec)
)

type kernelKind uint8

const (
	kindBase   kernelKind = iota // only the mandatory bytes and >= 0x80
	kindExtra1                   // plus one ASCII byte
	kindExtra3                   // plus up to three ASCII bytes
	kindExtra5                   // plus up to five ASCII bytes
	kindTable                    // any set: table driven
)

// NewSet returns the Set of the mandatory bytes, the bytes >= 0x80 and the
// given extra ASCII bytes. Extra bytes outside 0x20..0x7F, or already
// members, are ignored.
func NewSet(extra ...byte) Set {
	var s Set
	s.init()
	for _, c := range extra {
		if c < 0x20 || c >= 0x80 || s.member[c] != 0 {
			continue
		}
		s.member[c] = 1
		if s.nx < uint8(len(s.extra)) {
			s.extra[s.nx] = c
		}
		s.nx++
	}
	switch {
	case s.nx == 0:
		s.kind = kindBase
	case s.nx == 1:
		s.kind = kindExtra1
	case s.nx <= 3:
		s.kind = kindExtra3
	case s.nx <= 5:
		s.kind = kindExtra5
	default:
		s.kind = kindTable
	}
	for i := s.nx; i < uint8(len(s.extra)); i++ {
		s.extra[i] = '"'
	}
	for c := range 0x80 {
		if s.member[c] == 0 {
			s.nib[c&15] |= 1 << (c >> 4)
		}
	}
	for h := range 8 {
		s.nib[16+h] = 1 << h
	}
	return s
}

// NewTableSet returns the Set of the mandatory bytes, the bytes >= 0x80 and
// every ASCII byte b for which ascii[b] is true.
func NewTableSet(ascii *[128]bool) Set {
	var extra []byte
	for b, in := range ascii {
		if in {
			extra = append(extra, byte(b))
		}
	}
	return NewSet(extra...)
}

// NewUTF8Set returns a Set like NewSet(extra...), except that a well-formed
// UTF-8 sequence of 2 to 4 bytes — as utf8.DecodeRune accepts it (no
// overlongs, no surrogates U+D800..U+DFFF, nothing above U+10FFFF), lying
// entirely inside the input — is NOT a member unless stopLead[its first
// byte] is true. Every other byte >= 0x80 that the scan reaches (one that
// does not start such a sequence, or starts one with a listed lead byte) IS
// a member. stopLead may be nil (no lead stops).
//
// Index and Copy scan such a Set left to right sequence by sequence (an
// ASCII byte is a 1-byte sequence, a valid multi-byte sequence is consumed
// whole) and return the position of the first byte that is a member under
// this rule; so the result is never inside a valid sequence, and no invalid
// byte is ever skipped. A sequence cut by the end of the input is a member
// at its first byte. Contains reports true for every byte >= 0x80: whether
// such a byte stops the scan depends on its neighbours.
func NewUTF8Set(stopLead *[256]bool, extra ...byte) Set {
	return NewUTF8SetFunc(stopLead, nil, extra...)
}

// NewUTF8SetFunc is NewUTF8Set with the listed lead bytes refined by
// escapes: a well-formed sequence whose lead byte stopLead lists is a
// member only if escapes (when not nil) reports true for its code point.
// escapes must be safe for concurrent use and must report true for at
// least the code points the caller needs to stop at; a lead byte none of
// whose code points it reports true for need not be listed. Each sequence
// with a listed lead that it passes costs Copy a call of escapes and a
// kernel call for the rest of the input, not a return to the caller; the
// AVX2 and AVX-512 kernels pass E2 sequences other than U+2028 and U+2029
// themselves when escapes is Stdlib's rule there (Set.lineSeps).
func NewUTF8SetFunc(stopLead *[256]bool, escapes func(r rune) bool, extra ...byte) Set {
	s := NewSet(extra...)
	s.escapes = escapes
	s.utf8 = true
	for c := 0x80; c < 0x100; c++ {
		if stopLead == nil || !stopLead[c] {
			s.lead[c] = utf8Class(byte(c))
		}
	}
	for c := 0xc2; c < 0xf5; c++ {
		if s.lead[c] == 0 {
			s.stop[c&15] |= 1 << (c>>4 - 12)
			s.stops = true
		}
	}
	for h := 12; h < 16; h++ {
		s.stop[16+h] = 1 << (h - 12)
	}
	s.lineSeps = escapes != nil && s.lead[0xE2] == 0 && onlyLineSeps(escapes)
	s.sepVec = s.lineSeps
	for c := 0xC2; c < 0xF5; c++ {
		if s.lead[c] == 0 && c != 0xE2 {
			s.sepVec = false
		}
	}
	switch {
	case !hasShortUTF8:
	case s.sepVec:
		s.short = shortSeps
	case escapes != nil:
	case s.stops:
		s.short = shortStops
	default:
		s.short = shortPlain
	}
	return s
}

// onlyLineSeps reports whether escapes, over U+2000..U+2FFF, reports true
// for U+2028 and U+2029 and for nothing else.
func onlyLineSeps(escapes func(r rune) bool) bool {
	for r := rune(0x2000); r <= 0x2FFF; r++ {
		if escapes(r) != (r == 0x2028 || r == 0x2029) {
			return false
		}
	}
	return true
}

func (s *Set) init() {
	for b := 0; b < 0x20; b++ {
		s.member[b] = 1
	}
	for b := 0x80; b < 0x100; b++ {
		s.member[b] = 1
	}
	s.member['"'] = 1
	s.member['\\'] = 1
}

// Contains reports whether b is in the set.
func (s *Set) Contains(b byte) bool { return s.member[b] != 0 }

// SeqLen returns the length of the UTF-8 sequence of 2 to 4 bytes that
// starts b if it lies inside b and a scan passes it under the rule of
// NewUTF8Set (well formed, a lead byte not listed), else 0; so always 0
// for a Set not built by NewUTF8Set, and for an empty b. It is the scan's
// rule for one sequence without a kernel call (a call, not inlined, and
// about a dozen instructions), for text that mixes short runs of ASCII and
// non-ASCII.
func (s *Set) SeqLen(b []byte) int {
	var k int
	switch {
	case len(b) >= 4:
		k = seqLen4(binary.LittleEndian.Uint32(b), &s.lead)
	case len(b) == 0:
		return 0
	default:
		k = seqLenTail(b, &s.lead)
	}
	if k == 0 && s.escapes != nil {
		return s.passLen(b)
	}
	return k
}

// passLen returns the length of the well-formed sequence that starts b
// when escapes reports false for its code point, else 0 (an ASCII byte, an
// invalid or cut sequence, or a code point escapes wants). b must not be
// empty and s.escapes not nil.
func (s *Set) passLen(b []byte) int {
	if b[0] < utf8.RuneSelf {
		return 0
	}
	if len(b) >= 3 && b[0]&0xF0 == 0xE0 && b[1]&0xC0 == 0x80 && b[2]&0xC0 == 0x80 {
		// Three bytes, the commonest listed lead (E2 for U+2028 and
		// U+2029): decoded here, not by utf8.DecodeRune's slow path.
		r := rune(b[0]&0x0F)<<12 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F)
		if r < 0x800 || r >= 0xD800 && r <= 0xDFFF || s.escapes(r) {
			return 0 // overlong, a surrogate, or escaped
		}
		return 3
	}
	r, size := utf8.DecodeRune(b)
	if size < 2 || s.escapes(r) {
		return 0
	}
	return size
}

// refine applies the rune test of a UTF-8 Set to the result n of a kernel
// that stopped at every listed lead byte: Copy's result from there under
// the rule of NewUTF8SetFunc. Each kernel family's Go entry calls it where
// the kernel stopped before the end of src; it returns n at once for a Set
// without a rune test.
func (s *Set) refine(dst, src []byte, n int) int {
	if n == len(src) || s.escapes == nil {
		return n
	}
	return s.copyOn(dst, src, n)
}

// copyOn continues Copy at src[n], where the kernel stopped (n <
// len(src)): while the stop is a sequence with a listed lead that escapes
// passes, it copies the sequence and runs the kernel on from the next
// sequence boundary (resume). It returns Copy's result under the refined
// rule.
func (s *Set) copyOn(dst, src []byte, n int) int {
	for {
		k := s.passLen(src[n:])
		if k == 0 {
			return n
		}
		if n+4 <= len(src) { // one word; dst has Slack
			binary.LittleEndian.PutUint32(dst[n:], binary.LittleEndian.Uint32(src[n:]))
		} else {
			copy(dst[n:n+k], src[n:n+k])
		}
		n += k
		if n == len(src) {
			return n
		}
		n += resume(s, dst[n:], src[n:])
		if n == len(src) {
			return n
		}
	}
}

// UTF8 reports whether s was built by NewUTF8Set.
func (s *Set) UTF8() bool { return s.utf8 }

// Index returns the index of the first byte of b that is in the set, or
// len(b) if there is none; for a UTF-8 Set, under the rule of NewUTF8Set.
//
// It is Copy into a scratch buffer on the stack, so that the kernels exist
// once, as Copy. Callers often pass the rest of a document and expect a
// member within a few bytes, so the first shortChunk bytes go to a small
// buffer (zeroing a large one on every call would cost more than the
// scan), and only a longer run goes on in indexLong.
func (s *Set) Index(b []byte) int {
	var buf [shortChunk + Slack]byte
	n := min(len(b), shortChunk)
	i := s.Copy(buf[:], b[:n])
	if n == len(b) || i < n-(utf8.UTFMax-1) {
		return i
	}
	return i + s.indexLong(b[i:])
}

// indexLong is Index indexChunk bytes at a time; b[0] is a sequence
// boundary. A UTF-8 Set reports a sequence cut by the end of a chunk as a
// member at its lead; indexLong then scans again from that lead, which
// starts the next chunk, so the result is the one Copy gives over the
// whole of b.
func (s *Set) indexLong(b []byte) int {
	var buf [indexChunk + Slack]byte
	i := 0
	for {
		end := min(len(b), i+indexChunk)
		i += s.Copy(buf[:], b[i:end])
		switch {
		case i == len(b):
			return i
		case i == end:
			continue
		case end == len(b) || i < end-(utf8.UTFMax-1):
			return i // a member, not a sequence cut by the chunk's end
		}
	}
}

// shortChunk and indexChunk are the input bytes Index copies per Copy, at
// first and then for the rest of a long run; its scratch buffers are
// shortChunk+Slack and indexChunk+Slack bytes of stack, zeroed per call.
const (
	shortChunk = 64
	indexChunk = 512
)

// Copy copies the longest prefix of src that holds no byte of the set into
// dst and returns its length n, which equals s.Index(src).
//
// dst must have len(dst) >= len(src)+Slack. After the call dst[:n] equals
// src[:n]; the bytes of dst[n:len(src)+Slack] may have been overwritten, but
// only with copies of bytes of src: a byte from outside src (the rest of the
// array it was cut from, or any other memory the kernel reads) is never
// stored in dst. src and dst must not overlap.
//
// Copy is small enough to inline: a string costs its caller one call.
func (s *Set) Copy(dst, src []byte) int {
	_ = dst[len(src)+Slack-1]
	return copyEntry(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
}

// CopyTo is Copy with dst given as a pointer to the first of
// len(src)+Slack writable bytes, which the caller guarantees and CopyTo
// does not check: for a caller that has proved the room already (the
// generator's fast path), so that the string costs no second bounds check
// and no slice of dst.
func (s *Set) CopyTo(dst *byte, src []byte) int {
	return copyEntry(s, dst, unsafe.SliceData(src), len(src))
}
