//go:build linux

package scan

import (
	"bytes"
	"syscall"
	"testing"
)

// guardedPage maps three pages and makes the outer two inaccessible, so a
// kernel that reads one byte before or after the middle page faults.
func guardedPage(t *testing.T) []byte {
	t.Helper()
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:ps], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mprotect(mem[2*ps:], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	return mem[ps : 2*ps : 2*ps]
}

// TestPageBoundary puts src against each edge of an accessible page: ending
// at its last byte, and starting at its first. Kernels may read whole words
// or vectors, but never across into a page src does not touch. Copy's dst
// also ends at the page's last byte, at exactly len(src)+Slack.
func TestPageBoundary(t *testing.T) {
	page := guardedPage(t)
	ps := len(page)
	dstPage := guardedPage(t)
	for _, k := range kernels() {
		for _, ts := range append(kindSets(), utf8Sets(kindSets()[:2])...) {
			for n := 0; n <= 300; n++ {
				body := clean(&ts, n, n)
				if ts.utf8 && n >= 4 {
					// end on a 4-byte sequence, or cut one, at the page edge
					copy(body[n-4:], "\U0001F600")
					if n%2 == 1 {
						body[n-1] = 'x'
					}
				}
				for _, hit := range []int{-1, 0, n / 2, n - 1} {
					for _, src := range [][]byte{page[ps-n:], page[:n:n]} {
						copy(src, body)
						if hit >= 0 && n > 0 {
							src[hit] = '"'
						}
						want := ts.ref(src)
						dst := dstPage[ps-n-Slack:]
						if got := k.copy(&ts.set, dst, src); got != want || string(dst[:got]) != string(src[:got]) {
							t.Fatalf("%s/%s: copy len %d member at %d = %d", k.name, ts.name, n, hit, got)
						}
					}
				}
			}
		}
	}
}

// TestUTF8PageNeighbours puts short UTF-8 text against each edge of a page
// whose other bytes are lead or continuation bytes: a kernel that reads
// past src (inside the page) must not let those bytes into its validation,
// or it misplaces members next to them.
func TestUTF8PageNeighbours(t *testing.T) {
	page := guardedPage(t)
	ps := len(page)
	dst := make([]byte, 100+Slack)
	bodies := []string{"\u00e9", "\u4e2d", "\U0001F600", "\x80", "a\xe0", "\xf0\x9f", "\u00e9\"", "\xc3", "ab\u00e9"}
	for _, k := range kernels() {
		for _, ts := range utf8Sets(kindSets()[:2]) {
			for _, fill := range []byte{0xe0, 0xf0, 0xc3, 0x80} {
				for n := 0; n <= 70; n++ {
					for _, body := range bodies {
						for _, at := range []int{ps - n, 0} {
							for j := range 100 {
								page[j], page[ps-1-j] = fill, fill
							}
							src := page[at : at+n : at+n]
							for j := range src {
								src[j] = body[j%len(body)]
							}
							want := ts.ref(src)
							if got := k.copy(&ts.set, dst, src); got != want || string(dst[:got]) != string(src[:got]) {
								t.Fatalf("%s/%s: copy %q at %d, fill %#x = %d, want %d", k.name, ts.name, src, at, fill, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestRefinedPageEdges runs the texts of TestRefinedEdges up to 70 bytes
// against each edge of a page, through the dispatch: the short-string
// kernels load the vector that ends at src+n when src lies in a page's last
// 32 bytes, and the rune test applies to either load.
func TestRefinedPageEdges(t *testing.T) {
	page := guardedPage(t)
	ps := len(page)
	dstPage := guardedPage(t)
	for _, rs := range refinedSets {
		s := NewUTF8SetFunc(rs.stop, rs.escapes, '<')
		for _, fill := range refineFills {
			for n := 1; n <= 70; n++ {
				for p := range n {
					for _, probe := range refineProbes {
						body := edgeText(n, p, fill, probe)
						want := refIndexRefined(body, []byte("<"), rs.stop, rs.escapes)
						for _, src := range [][]byte{page[ps-n:], page[:n:n]} {
							copy(src, body)
							dst := dstPage[ps-n-Slack:]
							if got := s.Copy(dst, src); got != want || string(dst[:got]) != string(src[:got]) {
								t.Fatalf("%s/%s: Copy(%q) = %d %q, want %d", rs.name, fill, src, got, dst[:got], want)
							}
						}
					}
				}
			}
		}
	}
}

// TestEscapePageEdges puts src against each edge of a page whose
// neighbours are inaccessible, and dst against the end of another, with
// members and non-ASCII text at the edges, so that a kernel that reads
// before src[0] or past its end, or writes past dst, faults.
func TestEscapePageEdges(t *testing.T) {
	page, dstPage := guardedPage(t), guardedPage(t)
	ps := len(page)
	for _, c := range escapeCases() {
		tab := escapeTable(c.extra)
		for n := 1; n <= 200; n++ {
			body := bytes.Repeat([]byte("\u00e9a\\"), n)[:n]
			body[0] = '"'
			if n > 3 {
				body[n-1] = '/'
				body[1] = '"' // an escape at src[1]: the UTF-8 kernel resumes at 2
			}
			if n%3 == 0 && n > 1 {
				body[n-1] = 0xC3 // a sequence cut by the end of src and of the page
			}
			for _, src := range [][]byte{page[ps-n:], page[:n:n]} {
				copy(src, body)
				wantIn, wantOut, want := refEscape(&c, tab, len(src)+EscapeRoom, src)
				dst := dstPage[ps-len(src)-EscapeRoom:]
				for _, k := range escapeKernels() {
					in, out := k.escape(c.set, dst, src, tab)
					if in != wantIn || out != wantOut || !bytes.Equal(dst[:out], want) {
						t.Fatalf("%s/%s: n %d: (%d, %d) %q, want (%d, %d) %q", k.name, c.name, n, in, out, dst[:out], wantIn, wantOut, want)
					}
				}
			}
		}
	}
}
