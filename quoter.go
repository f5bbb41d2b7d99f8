package jgen

import (
	"slices"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// Quoter is an [Escaping] compiled once for quoting many strings.
// [Escaping.AppendQuote] compiles its options on every call where they
// hold [CharacterEscapes] or escape code points above U+007F, which costs
// more than quoting a short string; a Quoter pays that once, as a
// [Generator] does. Its output is the same as Escaping.AppendQuote's. A Quoter is immutable and
// safe for concurrent use.
type Quoter struct {
	x escaper
	// plain[c] is set for the ASCII bytes c written as they are, when no
	// scan hook must see them.
	plain [256]bool
}

// NewQuoter compiles e. It returns an [*OptionsError] (matching
// [ErrInvalidOptions]) when e is not valid; see [Escaping.Validate].
func NewQuoter(e Escaping) (*Quoter, error) {
	q := new(Quoter)
	if err := q.x.compile(e); err != nil {
		return nil, err
	}
	for c := range utf8.RuneSelf {
		q.plain[c] = q.x.hook == nil && !q.x.set.Contains(byte(c))
	}
	return q, nil
}

// Escaping returns the escaping q was compiled from.
func (q *Quoter) Escaping() Escaping { return q.x.escaping }

// AppendQuote appends s to dst as a JSON string (RFC 8259 §7) under q's
// escaping and returns the extended slice, as [Escaping.AppendQuote] does:
// on a [*UTF8Error] (invalid UTF-8 under the [InvalidUTF8Error] policy, with
// Offset the byte offset of the first invalid byte in s) it returns dst
// unchanged, its spare capacity possibly written. It does not allocate
// when dst has room for the output and 64 bytes more.
func (q *Quoter) AppendQuote(dst []byte, s string) ([]byte, error) {
	return q.appendQuote(dst, stringBytes(s))
}

// AppendQuoteBytes is [Quoter.AppendQuote] for a string held in a byte slice.
// s is only read, and no byte of the array around s reaches dst.
func (q *Quoter) AppendQuoteBytes(dst, s []byte) ([]byte, error) {
	return q.appendQuote(dst, s)
}

// shortQuote is the length in bytes up to which a string is first tried
// with a byte loop: below it, one kernel call and the string loop's setup
// cost more than testing each byte (keys and short values of log records).
const shortQuote = 24

func (q *Quoter) appendQuote(dst, src []byte) ([]byte, error) {
	x := &q.x
	start := dst
	if len(src) <= shortQuote {
		// Copy while testing: no kernel call and no memmove for a key.
		l := len(dst)
		b := slices.Grow(dst, len(src)+2)[:l+len(src)+2]
		o := b[l+1 : l+1+len(src)]
		i := 0
		for ; i < len(src); i++ {
			c := src[i]
			if !q.plain[c] {
				break
			}
			o[i] = c
		}
		if i == len(src) {
			b[l] = x.quote
			b[len(b)-1] = x.quote
			return b, nil
		}
		start = b[:l] // its spare capacity holds copies of src's bytes
	}
	b := start
	if need := len(src) + scan.Slack + 2; cap(b)-len(b) < need {
		b = slices.Grow(b, need)
	}
	b = append(b, x.quote)
	// One kernel call first: the string loop tests the first byte before
	// calling the kernel, and text that starts with a non-ASCII byte would
	// stay in its byte-at-a-time mode. A hook must see the clean runs.
	n := 0
	if x.hook == nil {
		l := len(b)
		n = x.set.Copy(b[l:cap(b)], src)
		b = b[:l+n]
		if n == len(src) {
			return append(b, x.quote), nil
		}
	}
	b, i, bad := x.appendSome(b, src, n)
	if bad {
		return dst, &UTF8Error{Offset: int64(i)}
	}
	if i == len(src) && cap(b)-len(b) > scan.Slack {
		return append(b, x.quote), nil
	}
	k := sink{buf: b}
	if err := x.writeContent(&k, src[i:], &strState{base: int64(i)}); err != nil {
		return dst, err
	}
	_ = k.room(1) // append mode: cannot fail
	return append(k.buf, x.quote), nil
}
