package jgen

// Quoter is an [Escaping] compiled once for quoting many strings: the
// form for hot loops. Its AppendQuote runs a [Generator]'s string path (a
// value in a compact array) on dst with the options NewQuoter compiled,
// so a string costs about what it costs a Generator.
// [Escaping.AppendQuote] finds its options' scan set and table on every
// call, and compiles the options on every call where they hold
// [CharacterEscapes] or escape code points above U+007F, which costs more
// than quoting a short string; as a value method it stays the form for a
// quote under an Escaping written in place, as a composite literal. A
// Quoter's output is the same as Escaping.AppendQuote's. A Quoter is
// immutable and safe for concurrent use.
type Quoter struct {
	esc escaper
}

// NewQuoter compiles e. It returns an [*OptionsError] (matching
// [ErrInvalidOptions]) when e is not valid; see [Escaping.Validate].
func NewQuoter(e Escaping) (*Quoter, error) {
	q := new(Quoter)
	if err := q.esc.compile(e); err != nil {
		return nil, err
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
