//go:build (amd64 || arm64) && !purego

package jgen

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// escapeStdSets is escapeNonASCII from the room check on, for the
// standard sets without extra members (sw is one of swarStd), with the
// output at out and the steps starting before stop. escapeStd takes the
// steps that start with a whole word in src, then those in the last 7
// bytes, copied to a word followed by zeros. With the purego build tag or
// on other architectures escapeSome does it all.
func escapeStdSets(out unsafe.Pointer, l int, src []byte, i, stop int, _ *swarSet, pairs *[2][256]uint64) (int, int) {
	if l, i = escapeStd(out, l, unsafe.Pointer(unsafe.SliceData(src)), i, min(stop, len(src)-7), pairs); i >= stop || i < len(src)-7 {
		return l, i
	}
	var tail [16]byte
	binary.LittleEndian.PutUint64(tail[:], tailWord(src, i))
	l, k := escapeStd(out, l, unsafe.Pointer(&tail), 0, stop-i, pairs)
	return l, i + k
}

// escapeStd is escapeNonASCII's loop for the set of mandatoryMask, with
// the output at out and the input at in, for the steps that start before
// stop, each with a whole word at in+i. Two clean words in a row end it
// (asciiRunBreak); the two-byte and three-byte sequences are decoded in
// the loop, the rest by decodeWord. Words are loaded and stored with
// plain unaligned 8-byte moves, which these little-endian architectures
// allow: encoding/binary's form compiles to the same moves but leaves an
// inlining mark, a no-op instruction, in the loop at each.
func escapeStd(out unsafe.Pointer, l int, in unsafe.Pointer, i, stop int, pairs *[2][256]uint64) (int, int) {
	_ = pairs[1][255] // one nil check, not one per store
	for i < stop {
		w := *(*uint64)(unsafe.Add(in, i))
		if w&0x80 == 0 {
			// Store 8 bytes, keep those up to the next member of the set.
			*(*uint64)(unsafe.Add(out, l)) = w
			m := mandatoryMask(w)
			if m == 0 {
				l += 8
				if i += 8; i >= stop {
					break
				}
				w = *(*uint64)(unsafe.Add(in, i))
				*(*uint64)(unsafe.Add(out, l)) = w
				if m = mandatoryMask(w); m == 0 {
					l += 8
					i += 8
					break // asciiRunBreak bytes: the caller's kernel is faster
				}
			}
			// m is not zero: the top bit makes that plain to the
			// compiler, and it flags no byte below the lowest flag.
			n := bits.TrailingZeros64(m|1<<63) >> 3
			l += n
			if i += n; i >= stop {
				break
			}
			// A whole word from the byte that stopped this one on: i is
			// below stop, so before the last 8 bytes of the input.
			if w = *(*uint64)(unsafe.Add(in, i)); w&0x80 == 0 {
				break // an ASCII member of the set
			}
			// Text like "café": a two-byte sequence escaped in this step.
			if w&0xC0E0 == 0x80C0 && w&0x1E != 0 {
				i += 2
				*(*uint64)(unsafe.Add(out, l)) = pairs[0][byte(w>>2&7)] | pairs[1][byte(w<<6^w>>8^0x80)]
				l += 6
				continue
			}
		}
		var r rune
		switch {
		case w&0xC0C0F0 == 0x8080E0:
			if r = decode3(w); bad3(r) {
				return l, i // overlong, or a surrogate
			}
			i += 3
			// CJK text: a second three-byte sequence in the same word
			// is escaped in this step (12 bytes for 6).
			if v := w >> 24; v&0xC0C0F0 == 0x8080E0 && !bad3(decode3(v)) {
				*(*uint64)(unsafe.Add(out, l)) = pairs[0][byte(r>>8)] | pairs[1][byte(r)]
				r = decode3(v)
				i += 3
				l += 6
			}
		case w&0xC0E0 == 0x80C0 && w&0x1E != 0: // from U+0080 to U+07FF
			r = rune(w&0x1F)<<6 | rune(w>>8&0x3F)
			i += 2
		default:
			var n int
			if r, n = decodeWord(w); n == 0 {
				return l, i
			}
			if i += n; r > 0xFFFF {
				l = putSurrogates(out, l, r, pairs)
				continue
			}
		}
		*(*uint64)(unsafe.Add(out, l)) = pairs[0][byte(r>>8)] | pairs[1][byte(r)]
		l += 6
	}
	return l, i
}
