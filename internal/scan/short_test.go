package scan

import (
	"bytes"
	"fmt"
	"testing"
)

// shortCase checks every kernel of ks on src against the reference Index
// of ts (refIndexUTF8, by utf8.DecodeRune): the result, and the clean
// prefix in dst.
func shortCase(ks []kernel, ts *testSet, dst, src []byte) string {
	want := ts.ref(src)
	for _, k := range ks {
		if got := k.copy(&ts.set, dst, src); got != want || !bytes.Equal(dst[:got], src[:got]) {
			return fmt.Sprintf("%s/%s: copy %q = %d, want %d", k.name, ts.name, src, got, want)
		}
	}
	return ""
}

// shortSets are the UTF-8 Sets of the short tests: every stop table, with
// the mandatory bytes only and with '/' (a kernel kind with an extra
// byte).
func shortSets() []testSet { return utf8Sets(kindSets()[:2]) }

// shortBytes stand for every byte class after a lead: ASCII (members or
// not), the edges of the second-byte ranges of E0, ED, F0, F4 (80, 8F,
// 90, 9F, A0, BF), the third byte of a line separator (A8), and leads.
var shortBytes = []byte{0x00, '"', 'A', '\\', 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xbf, 0xc0, 0xc2, 0xe2, 0xf4, 0xff}

// TestShortUTF8Sequences places every 2-byte sequence (every byte >= 0x80
// then every byte), every 3-byte one with a lead >= C0 and its later bytes
// from shortBytes, and every 4-byte one with a lead >= F0 (second byte
// from shortBytes, the others 'A', 80, BF or C0), at every offset of a
// 16-byte input of ASCII, and cut by the end of the input after each of
// its bytes: on every kernel of the machine, the short UTF-8 kernels and
// their portable twin included, against the reference.
func TestShortUTF8Sequences(t *testing.T) {
	ks := append(exhaustiveKernels(), kernel{"dispatch", (*Set).Copy})
	dst := make([]byte, 16+Slack)
	var seqs [][]byte
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := range 0x100 {
			seqs = append(seqs, []byte{byte(b0), byte(b1)})
		}
	}
	for b0 := 0xc0; b0 < 0x100; b0++ {
		for _, b1 := range shortBytes {
			for _, b2 := range shortBytes {
				seqs = append(seqs, []byte{byte(b0), b1, b2})
			}
		}
	}
	tails := []byte{'A', 0x80, 0xbf, 0xc0}
	for b0 := 0xf0; b0 < 0x100; b0++ {
		for _, b1 := range shortBytes {
			for _, b2 := range tails {
				for _, b3 := range tails {
					seqs = append(seqs, []byte{byte(b0), b1, b2, b3})
				}
			}
		}
	}
	sets := utf8Sets(kindSets()[:1]) // every stop table; the kinds are TestShortUTF8CodePoints'
	if testing.Short() {
		sets = sets[:3]
	}
	src := make([]byte, 16)
	for _, ts := range sets {
		for _, seq := range seqs {
			for p := 0; p+len(seq) <= 16; p++ {
				for i := range src {
					src[i] = 'a' + byte(i)
				}
				copy(src[p:], seq)
				for _, n := range []int{16, p + len(seq), p + 1, p + len(seq) - 1} {
					if msg := shortCase(ks, &ts, dst, src[:n]); msg != "" {
						t.Fatal(msg)
					}
				}
			}
		}
	}
}

// shortCodePoints are the boundary code points of RFC 3629 §4 and of the
// UTF-8 Sets' rules (the lengths, the surrogates, the line separators,
// the end of Unicode), encoded by the UTF-8 bit pattern whether or not
// they are valid (U+D800, U+DFFF, U+110000 are not), and the overlong
// forms of the largest code point of each shorter length.
var shortCodePoints = func() [][]byte {
	var out [][]byte
	for _, r := range []rune{0x7f, 0x80, 0x7ff, 0x800, 0xfff, 0x1000, 0x2027, 0x2028, 0x2029, 0x202a,
		0xd7ff, 0xd800, 0xdfff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x3ffff, 0x40000, 0xfffff,
		0x100000, 0x10ffff, 0x110000} {
		out = append(out, encodeAny(r))
	}
	return append(out, []byte{0xc1, 0xbf}, []byte{0xe0, 0x9f, 0xbf}, []byte{0xf0, 0x8f, 0xbf, 0xbf},
		[]byte{0xc0, 0x80}, []byte{0xe0, 0x80, 0x80}, []byte{0xf0, 0x80, 0x80, 0x80})
}()

// encodeAny encodes r by the UTF-8 bit pattern of its length (1 to 4
// bytes), valid or not: utf8.AppendRune would write U+FFFD for a
// surrogate or a code point above U+10FFFF.
func encodeAny(r rune) []byte {
	switch {
	case r < 0x80:
		return []byte{byte(r)}
	case r < 0x800:
		return []byte{0xc0 | byte(r>>6), 0x80 | byte(r)&0x3f}
	case r < 0x10000:
		return []byte{0xe0 | byte(r>>12), 0x80 | byte(r>>6)&0x3f, 0x80 | byte(r)&0x3f}
	}
	return []byte{0xf0 | byte(r>>18), 0x80 | byte(r>>12)&0x3f, 0x80 | byte(r>>6)&0x3f, 0x80 | byte(r)&0x3f}
}

// TestShortUTF8CodePoints places each pair of boundary code points, one
// after the other, at every offset of every input of 1 to 17 bytes (cut
// by its end where they do not fit), after ASCII and before ASCII or a
// '"', on every kernel against the reference; and, through Set.Copy,
// under the rune tests of Stdlib and JSLineTerminators (lineSeps) and of
// Set.sepVec, which the short kernel takes without refining.
func TestShortUTF8CodePoints(t *testing.T) {
	ks := append(exhaustiveKernels(), kernel{"dispatch", (*Set).Copy})
	dst := make([]byte, 17+Slack)
	src := make([]byte, 17)
	sets := shortSets()
	if testing.Short() {
		sets = sets[:3]
	}
	seps := func(r rune) bool { return r == 0x2028 || r == 0x2029 }
	astral := func(r rune) bool { return seps(r) || r >= 0x10000 }
	refined := []struct {
		name    string
		stop    *[256]bool
		escapes func(rune) bool
		set     Set
	}{{name: "sepvec", stop: stopSet(0xe2), escapes: seps},
		{name: "seps-astral", stop: stopSet(0xe2, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4), escapes: astral}}
	for i := range refined {
		refined[i].set = NewUTF8SetFunc(refined[i].stop, refined[i].escapes)
	}
	for _, a := range shortCodePoints {
		for _, b := range shortCodePoints {
			for n := 1; n <= 17; n++ {
				for p := range n {
					for _, end := range []byte{'z', '"'} {
						for i := range src[:n] {
							src[i] = 'a' + byte(i)
						}
						src[n-1] = end
						copy(src[p:n], append(append([]byte(nil), a...), b...))
						for _, ts := range sets {
							if msg := shortCase(ks, &ts, dst, src[:n]); msg != "" {
								t.Fatal(msg)
							}
						}
						for i := range refined {
							rs := &refined[i]
							want := refIndexRefined(src[:n], nil, rs.stop, rs.escapes)
							if got := rs.set.Copy(dst, src[:n]); got != want || !bytes.Equal(dst[:got], src[:got]) {
								t.Fatalf("%s: Copy(%q) = %d, want %d", rs.name, src[:n], got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestShortUTF8Modes checks which Sets take the short kernel (Set.short):
// a UTF-8 Set without a rune test, by whether it lists a lead byte, and
// one under Set.sepVec; not a plain Set, nor a rune test that needs
// refining.
func TestShortUTF8Modes(t *testing.T) {
	seps := func(r rune) bool { return r == 0x2028 || r == 0x2029 }
	plain, stops := NewUTF8Set(nil), NewUTF8Set(stopSet(0xc3))
	sepVec := NewUTF8SetFunc(stopSet(0xe2), seps)
	refined := NewUTF8SetFunc(stopSet(0xe2, 0xc3), seps)
	ascii := NewSet('/')
	want := [5]uint8{shortPlain, shortStops, shortSeps, shortNone, shortNone}
	if !hasShortUTF8 {
		want = [5]uint8{}
	}
	for i, s := range []*Set{&plain, &stops, &sepVec, &refined, &ascii} {
		if s.short != want[i] {
			t.Errorf("set %d: short = %d, want %d", i, s.short, want[i])
		}
	}
	if !sepVec.sepVec || refined.sepVec {
		t.Fatal("sepVec is not what the test assumes")
	}
}

// TestPackMask checks copyShortUTF8's packing of a SWAR mask, every byte
// pattern.
func TestPackMask(t *testing.T) {
	for b := range 256 {
		var m uint64
		for k := range 8 {
			if b>>k&1 != 0 {
				m |= 0x80 << (8 * k)
			}
		}
		if got := packMask(m); got != uint8(b) {
			t.Fatalf("packMask(%#x) = %#x, want %#x", m, got, b)
		}
	}
}
