//go:build linux

package scan

import (
	"bytes"
	"testing"
)

// TestEscapePageBoundary runs every Escape kernel on src against each edge
// of an accessible page (ending at its last byte, starting at its first),
// with members at the start, the middle and the end, and dst ending at a
// page's last byte at exactly len(src)+EscapeRoom: a kernel that reads past
// src into a page src does not touch, or stores past dst, faults.
func TestEscapePageBoundary(t *testing.T) {
	page := guardedPage(t)
	ps := len(page)
	dstPage := guardedPage(t)
	for _, c := range escapeCases()[:4] {
		tab := escapeTable(c.extra)
		for n := 1; n <= 200; n++ {
			for _, hits := range [][]int{{0}, {0, n / 2}, {0, n - 1}, {0, n - 2, n - 1}, {0, n / 3, 2 * n / 3}} {
				body := bytes.Repeat([]byte("x"), n)
				for _, h := range hits {
					if h >= 0 && h < n {
						body[h] = '"'
					}
				}
				for _, src := range [][]byte{page[ps-n:], page[:n:n]} {
					copy(src, body)
					dst := dstPage[ps-n-EscapeRoom:]
					wantIn, wantOut, want := refEscape(&c, tab, len(dst), src)
					for _, k := range escapeKernels() {
						in, out := k.escape(c.set, dst, src, tab)
						if in != wantIn || out != wantOut || !bytes.Equal(dst[:out], want) {
							t.Fatalf("%s/%s: n %d, members at %v: (in, out) = (%d, %d) %q, want (%d, %d) %q",
								k.name, c.name, n, hits, in, out, dst[:out], wantIn, wantOut, want)
						}
					}
				}
			}
		}
	}
}
