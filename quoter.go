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
	esc escaper
	// plain[c] is set for the ASCII bytes c written as they are, when no
	// scan hook must see them (a hook is given the run the kernel copied).
	plain [256]bool
}

// NewQuoter compiles e. It returns an [*OptionsError] (matching
// [ErrInvalidOptions]) when e is not valid; see [Escaping.Validate].
func NewQuoter(e Escaping) (*Quoter, error) {
	q := new(Quoter)
	if err := q.esc.compile(e); err != nil {
		return nil, err
	}
	for c := range utf8.RuneSelf {
		q.plain[c] = q.esc.hook == nil && !q.esc.set.Contains(byte(c))
	}
	return q, nil
}

// Escaping returns the escaping q was compiled from.
func (q *Quoter) Escaping() Escaping { return q.esc.escaping }

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
	esc := &q.esc
	start := dst
	if len(src) <= shortQuote {
		// Copy while testing: no kernel call and no memmove for a key.
		at := len(dst)
		b := slices.Grow(dst, len(src)+2)[:at+len(src)+2]
		content := b[at+1 : at+1+len(src)]
		i := 0
		for ; i < len(src); i++ {
			c := src[i]
			if !q.plain[c] {
				break
			}
			content[i] = c
		}
		if i == len(src) {
			b[at] = esc.quote
			b[len(b)-1] = esc.quote
			return b, nil
		}
		start = b[:at] // its spare capacity holds copies of src's bytes
	}
	b := start
	if need := len(src) + scan.Slack + 2; cap(b)-len(b) < need {
		b = slices.Grow(b, need)
	}
	b = append(b, esc.quote)
	// One kernel call first: the string loop tests the first byte before
	// calling the kernel, and text that starts with a non-ASCII byte would
	// stay in its byte-at-a-time mode. A hook is given the run it copied.
	at := len(b)
	n := esc.set.Copy(b[at:cap(b)], src)
	l, i := at+n, n
	if esc.hook != nil && n > 0 {
		if j := esc.hook(src[:n]); uint(j) < uint(n) {
			b, l, i = esc.hookStop(b[:cap(b)], at, src, 0, j)
		}
	}
	b = b[:l]
	if i == len(src) {
		return append(b, esc.quote), nil
	}
	b, i, bad := esc.appendSome(b, src, i)
	if bad {
		return dst, &UTF8Error{Offset: int64(i)}
	}
	if i == len(src) && cap(b)-len(b) > scan.Slack {
		return append(b, esc.quote), nil
	}
	out := sink{buf: b}
	if err := esc.writeContent(&out, src[i:], &strState{base: int64(i)}); err != nil {
		return dst, err
	}
	_ = out.room(1) // append mode: cannot fail
	return append(out.buf, esc.quote), nil
}
