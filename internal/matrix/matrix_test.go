package matrix

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"unicode/utf8"
)

// TestShape checks each cell's strings: their length in runes and where
// the escaped and non-ASCII characters stand.
func TestShape(t *testing.T) {
	for _, content := range Contents {
		for _, length := range Lengths {
			for i, s := range Cell(content, length) {
				if n := utf8.RuneCountInString(s); n != length {
					t.Fatalf("%s/%d string %d: %d runes, want %d", content, length, i, n, length)
				}
				r := []rune(s)
				switch content {
				case "escaped":
					if r[length-2] != '"' {
						t.Errorf("%s/%d string %d: no '\"' at rune %d", content, length, i, length-2)
					}
				case "unicode":
					if r[9] != 'é' || r[length/2] != '\U0001F600' {
						t.Errorf("%s/%d string %d: wrong shape %q", content, length, i, s)
					}
				}
			}
		}
	}
}

// TestPinned pins the data, which the Java harness in bench/jackson
// generates independently: the first string, and a SHA-256 of every string
// of every cell in the order content, length, index.
func TestPinned(t *testing.T) {
	if got := String("ascii", 12, 0); got != "1QWYgH,A1h,Q" {
		t.Errorf("ascii/12/0 = %q, want %q", got, "1QWYgH,A1h,Q")
	}
	h := sha256.New()
	for _, content := range Contents {
		for _, length := range Lengths {
			for _, s := range Cell(content, length) {
				h.Write([]byte(s))
			}
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != "9e1a94d291a53b39511537d7d0d0f13b38296cf74a1a7de075c5b6e748fdd332" {
		t.Errorf("matrix data changed: sha256 %s", got)
	}
}
