package scan

import (
	"fmt"
	"testing"
	"unsafe"
)

// The no-leak contract of Copy: past the returned length, dst holds only
// bytes that were there before or copies of bytes of src; no byte from
// outside src (the rest of the buffer src was cut from) is ever stored.

const (
	leakFill   = 0xC8 // dst's bytes before the call
	leakSecret = 0xA5 // the bytes around src: a member of every Set
)

// leakInputs returns inputs of n bytes for ts that hold neither secret nor
// leakFill: clean text (for a UTF-8 Set with two- to four-byte sequences),
// and the same with a member in the middle, so the copy stops early.
func leakInputs(ts *testSet, n int, secret byte) [][]byte {
	var alpha []byte
	for _, c := range fillers(ts) {
		if c != secret {
			alpha = append(alpha, c)
		}
	}
	if len(alpha) == 0 {
		alpha = []byte{'"'} // every ASCII byte is a member
	}
	body := make([]byte, n)
	for i := range body {
		body[i] = alpha[(i*7+n)%len(alpha)]
	}
	if ts.utf8 {
		seqs := []string{"\u00e9", "\u20ac", "\U0001F600", "\u2028"}
		for i, k := 0, 0; i+4 <= n; i, k = i+9, k+1 {
			copy(body[i+1:], seqs[k%len(seqs)])
		}
	}
	stop := append([]byte(nil), body...)
	if n > 0 {
		stop[n/2] = '"'
	}
	return [][]byte{body, stop}
}

// leakCheck runs k's Copy on src and reports a byte of dst[:len(src)+Slack]
// past the returned length that is neither leakFill nor a byte of src, or a
// store before dst or after its Slack.
func leakCheck(k kernel, ts *testSet, back, src []byte, dstOff int) string {
	var in [256]bool
	for _, c := range src {
		in[c] = true
	}
	in[leakFill] = true
	for i := range back {
		back[i] = leakFill
	}
	dst := back[guard+dstOff : guard+dstOff+len(src)+Slack]
	n := k.copy(&ts.set, dst, src)
	if n != ts.ref(src) || string(dst[:n]) != string(src[:n]) {
		return fmt.Sprintf("copy = %d, want %d", n, ts.ref(src))
	}
	for i, c := range dst[n:] {
		if !in[c] {
			return fmt.Sprintf("copy = %d, dst[%d] = %#x: not in src", n, n+i, c)
		}
	}
	for i, c := range back {
		if c != leakFill && (i < guard+dstOff || i >= guard+dstOff+len(dst)) {
			return fmt.Sprintf("copy wrote %#x outside dst at %d", c, i-guard-dstOff)
		}
	}
	return ""
}

// leakSets are the sets the no-leak tests run: every kernel kind, plain
// and UTF-8.
func leakSets() []testSet {
	return append(kindSets(), utf8Sets(kindSets()[:2])...)
}

// alignedIn returns a slice of buf of length n that starts at an address
// that is a multiple of align, after at least pad bytes.
func alignedIn(buf []byte, align, pad, n int) []byte {
	a := int(uintptr(unsafe.Pointer(unsafe.SliceData(buf))) % uintptr(align))
	off := pad + (align-(a+pad)%align)%align
	return buf[off : off+n]
}

// TestCopyNoLeak cuts src of every length 0..130, at every offset inside
// a 64-byte block, from a buffer of secret bytes (0xA5, and an ASCII byte
// that is not a member, which the scan would run on through), on every
// kernel this build can run, and checks that none of them reaches dst.
func TestCopyNoLeak(t *testing.T) {
	back := make([]byte, guard+130+Slack+guard)
	mem := make([]byte, 64+64+130+64+64)
	region := alignedIn(mem, 64, 64, 64+130+64)
	for _, k := range kernels() {
		for _, ts := range leakSets() {
			secrets := []byte{leakSecret}
			if f := fillers(&ts); len(f) > 0 {
				secrets = append(secrets, f[len(f)/2])
			}
			for _, secret := range secrets {
				for n := 0; n <= 130; n++ {
					for _, body := range leakInputs(&ts, n, secret) {
						for off := range 64 {
							for i := range region {
								region[i] = secret
							}
							src := region[off : off+n : off+n]
							copy(src, body)
							if msg := leakCheck(k, &ts, back[:guard+n+Slack+guard], src, off%3); msg != "" {
								t.Fatalf("%s/%s: secret %#x, %q at offset %d: %s", k.name, ts.name, secret, src, off, msg)
							}
						}
					}
				}
			}
		}
	}
}

// TestCopyNoLeakPageEdges puts src against either edge of a 4 KiB page of
// secret bytes (the kernels choose their loads for short inputs by the
// position in the page): ending at its last byte, and starting at its
// first, with secrets on both sides.
func TestCopyNoLeakPageEdges(t *testing.T) {
	const page = 4096
	back := make([]byte, guard+130+Slack+guard)
	mem := make([]byte, 4*page)
	region := alignedIn(mem, page, page, 2*page)
	for _, k := range kernels() {
		for _, ts := range leakSets() {
			for n := 0; n <= 130; n++ {
				for _, body := range leakInputs(&ts, n, leakSecret) {
					for _, at := range []int{page - n, page, page - n - 1, page + 1} {
						for i := range region {
							region[i] = leakSecret
						}
						src := region[at : at+n : at+n]
						copy(src, body)
						if msg := leakCheck(k, &ts, back[:guard+n+Slack+guard], src, 0); msg != "" {
							t.Fatalf("%s/%s: %q at page offset %d: %s", k.name, ts.name, src, at-page, msg)
						}
					}
				}
			}
		}
	}
}

// fuzzNoLeak is the no-leak check of the fuzz targets: src is cut from a
// buffer of a byte it does not hold (if there is one), at an offset in its
// 64-byte block taken from its length.
func fuzzNoLeak(k kernel, ts *testSet, src []byte) string {
	var in [256]bool
	for _, c := range src {
		in[c] = true
	}
	secret := -1
	for c := range 256 {
		if b := byte(leakSecret + c); !in[b] && b != leakFill {
			secret = int(b)
			break
		}
	}
	if secret < 0 {
		return "" // src holds every other byte value
	}
	mem := make([]byte, 64+64+len(src)+64)
	region := alignedIn(mem, 64, 0, 64+len(src)+64)
	for i := range region {
		region[i] = byte(secret)
	}
	off := len(src) % 64
	s := region[off : off+len(src) : off+len(src)]
	copy(s, src)
	return leakCheck(k, ts, make([]byte, guard+len(src)+Slack+guard), s, off%3)
}
