package scan

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// refLong continues the escaped form of src under c.set and t from src[in]
// and dst[:out], in dst of ample room: Copy, then while an ASCII member
// stands its word and Copy again. It stops at the end or at a byte >=
// 0x80 Copy stops at, and returns the new in and out.
func refLong(c *escapeCase, t *[128]Escape, dst, src []byte, in, out int) (int, int) {
	m := c.set.Copy(dst[out:], src[in:])
	in, out = in+m, out+m
	for in < len(src) && src[in] < utf8.RuneSelf {
		e := &t[src[in]]
		binary.LittleEndian.PutUint64(dst[out:], e.W)
		out += int(e.N)
		in++
		m := c.set.Copy(dst[out:], src[in:])
		in, out = in+m, out+m
	}
	return in, out
}

// checkLong runs every CopyEscapeLong kernel on src, with dst of exactly
// len(src)+Slack bytes inside guards, and reports a difference from the
// contract: dst[:out] the escaped form of src[:in] (refLong from 0 takes
// all of src[:in] and writes the same), in < len(src) only at a member
// (c.ref of the rest is 0) or, after a word, at a byte >= 0x80, no store
// outside dst, and the same whole
// escaped form when refLong goes on from the kernel's stop.
func checkLong(c *escapeCase, t *[128]Escape, src []byte) string {
	x := &EscapeSet{Set: c.set, Tab: t}
	big := make([]byte, 8*len(src)+2*Slack)
	wantIn, wantOut := refLong(c, t, big, src, 0, 0)
	want := big[:wantOut]
	for _, k := range longKernels() {
		room := len(src) + Slack
		back := make([]byte, guard+room+guard)
		for i := range back {
			back[i] = leakFill
		}
		dst := back[guard : guard+room : guard+room]
		in, delta := k.run(x, dst, src)
		out := in + delta
		for i, b := range back {
			if b != leakFill && (i < guard || i >= guard+room) {
				return fmt.Sprintf("%s: stored %#x outside dst at %d", k.name, b, i-guard)
			}
		}
		if in < 0 || in > len(src) || out < in {
			return fmt.Sprintf("%s: (in, delta) = (%d, %d)", k.name, in, delta)
		}
		if in < len(src) && c.ref(src[in:]) != 0 && (src[in] < utf8.RuneSelf || c.ref(src[:in]) == in) {
			return fmt.Sprintf("%s: stopped at %d, not a member (%q)", k.name, in, src[in:min(in+4, len(src))])
		}
		pre := make([]byte, 8*len(src)+2*Slack)
		pi, po := refLong(c, t, pre, src[:in:in], 0, 0)
		if pi != in || po != out || !bytes.Equal(pre[:po], dst[:out]) {
			return fmt.Sprintf("%s: (in, out) = (%d, %d) %q, the escaped form of src[:%d] is (%d, %d) %q", k.name, in, out, dst[:out], in, pi, po, pre[:po])
		}
		fin := make([]byte, len(big))
		copy(fin, dst[:out])
		fi, fo := refLong(c, t, fin, src, in, out)
		if fi != wantIn || fo != wantOut || !bytes.Equal(fin[:fo], want) {
			return fmt.Sprintf("%s: went on to (%d, %d) %q, want (%d, %d) %q", k.name, fi, fo, fin[:fo], wantIn, wantOut, want)
		}
	}
	return ""
}

// longCases are the Escape cases of UTF-8 Sets: those that take
// CopyEscapeTo's short kernel, which CopyEscapeLong is for, and the
// others, which its kernels take the same way (so the twin is tested in
// every build).
func longCases() []escapeCase {
	var cs []escapeCase
	for _, c := range escapeCases() {
		if c.set.utf8 {
			cs = append(cs, c)
		}
	}
	return cs
}

// TestCopyEscapeLongPositions checks the kernels on clean ASCII strings of
// 17 to 200 bytes with one or two pieces (members, clean and invalid
// UTF-8 sequences, U+2028) at every position, so that every block, the
// tail's windows and their blends, and each kind of stop are met.
func TestCopyEscapeLongPositions(t *testing.T) {
	pieces := []string{"\"", "\n", "\\", "\u00e9", "\u2028", "\xff", "<", "\U0001F600"}
	lens := []int{17, 31, 32, 33, 63, 64, 65, 95, 96, 100, 128, 129, 200}
	if testing.Short() {
		lens = []int{31, 32, 33, 64, 65, 100, 129}
	}
	for _, c := range longCases() {
		tab := escapeTable(c.extra)
		for _, n := range lens {
			base := bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz012345"), n/32+1)[:n]
			for _, p := range pieces {
				for i := 0; i+len(p) <= n; i++ {
					src := append(append(append([]byte{}, base[:i]...), p...), base[i+len(p):]...)
					if msg := checkLong(&c, tab, src); msg != "" {
						t.Fatalf("%s: n %d, %q at %d: %s", c.name, n, p, i, msg)
					}
					for _, q := range []string{"\"", "\u00e9"} {
						for _, j := range []int{i + len(p), i + len(p) + 5, i + len(p) + 31, n - 1, n - 20} {
							if j < i+len(p) || j+len(q) > n {
								continue
							}
							s2 := append(append(append([]byte{}, src[:j]...), q...), src[j+len(q):]...)
							if msg := checkLong(&c, tab, s2); msg != "" {
								t.Fatalf("%s: n %d, %q at %d, %q at %d: %s", c.name, n, p, i, q, j, msg)
							}
						}
					}
				}
			}
		}
	}
}

// TestCopyEscapeLongRandom checks the kernels on random strings of
// escapePieces of up to 400 bytes, many escapes among them (past
// longEscLim), and strings of members alone.
func TestCopyEscapeLongRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	for _, c := range longCases() {
		tab := escapeTable(c.extra)
		for range 400 {
			var src []byte
			for len(src) < 17 || rng.IntN(4) != 0 {
				src = append(src, escapePieces[rng.IntN(len(escapePieces))]...)
			}
			src = src[:min(len(src), 17+rng.IntN(400))]
			if msg := checkLong(&c, tab, src); msg != "" {
				t.Fatalf("%s: src %q (%d bytes): %s", c.name, src, len(src), msg)
			}
		}
		for _, s := range []string{strings.Repeat("\"", 100), strings.Repeat("a\n", 70), strings.Repeat("\u00e9\"", 40), strings.Repeat("\"\u00e9", 40)} {
			if msg := checkLong(&c, tab, []byte(s)); msg != "" {
				t.Fatalf("%s: src %q: %s", c.name, s, msg)
			}
		}
	}
}
