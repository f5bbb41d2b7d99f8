package jgen

import (
	"encoding/binary"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen/internal/scan"
)

// This file holds the string paths that cost one kernel call: the quote
// functions' for the standard options, the generator's for a value in a
// compact array or after a name, and Quoter's, which is the generator's
// on a slice. All write the quote char, scan with
// set.Copy, and on a stop write the ASCII escapes of the standard options
// from a table between clean runs (tableEscapes; at a vector level, AVX2
// or AVX-512, for a rest longer than vectorTail, scan.Set.Escape, one
// kernel call) before
// they hand the rest to escaper.appendSome.
//
// Under an IndexEscape hook writeStringValue takes a branch of its own,
// which gives the hook each run the kernel copied, and after a stop runs
// the table loop with a hook call per run inline in that branch (not
// Set.Escape, which would not show the runs, and not CopyEscapeTo, whose
// escapes hide the runs too): a hook call in the shared path cost the
// hookless strings spills, and the loop out of line cost each hooked
// string with a stop a frame. The loop loads the table, the set and the
// buffer again after each hook call rather than keep them across it (a
// value live across a call costs a spill and a reload), and stores
// through the buffer pointer, which room proves as lim does
// tableEscapes' bounds checks.
//
// shortEscapes: a string of up to scan.ShortEscape bytes, where the
// options have an escape table, goes to scan.Set.CopyEscapeTo instead of
// CopyTo: the short kernel that finds its members writes its ASCII
// escapes too, from its mask, so that an escape anywhere in it costs no
// second call and no branch the predictor must learn per position. Where
// it stops (a byte >= 0x80, or the room), the paths below go on as after
// a stop of CopyTo.
//
// longEscapes: at level AVX2 (scan.LongEscapes) a longer string, for
// the same options, goes to scan.CopyEscapeLong, Copy and the ASCII
// escapes in one call: an escape anywhere costs neither a second call nor
// a second kernel set-up (escaped/len=100 drawn, docs/PERFORMANCE.md).
// Its stops (many escapes, text >= 0x80 after an escape near the end)
// go on out of line, in longRest.
//
// writeStringValue and both appendQuote methods hold tableEscapes' loop
// inline: a call there costs 10% to 20% of the instructions of a 12-byte
// string with one escape (escaped/len=12 under callgrind, see
// docs/PERFORMANCE.md). TestInlinedTableEscapes checks that the four
// loops are the same text, TestFastPathsAgree that the generator and
// Escaping.AppendQuote write the same bytes, and
// TestQuoterEqualsAppendQuote the same of Quoter.

// appendQuote is AppendQuote. For the standard options (quickSet), it
// looks up only the scan set and the escape table, because compiling a
// whole escaper costs more than quoting a short string; it builds one only
// when the string needs more than ASCII escapes from the table. The
// options of the presets (no CharacterEscapes, MaxUnescaped 0 or U+007F)
// take quickKey and quickSetOf, a few tests and loads; the rest
// appendQuoteOther. It holds tableEscapes' loop inline, as
// writeStringValue does.
func (e *Escaping) appendQuote(dst, s []byte) ([]byte, error) {
	var set *scan.Set
	k := e.quickKey()
	if k != noQuickKey {
		set = e.quickSetOf(k)
	}
	if set == nil {
		return e.appendQuoteOther(dst, s)
	}
	q := e.quote()
	l := len(dst)
	b := dst
	if need := len(s) + scan.Slack + 2; cap(b)-l < need {
		b = slices.Grow(b, need)
	}
	// b's capacity holds both quotes, s and the kernel's Slack from l on:
	// the stores through p, the kernel's included, stay inside it, and
	// none is bounds-checked.
	p := unsafe.Pointer(unsafe.SliceData(b))
	*(*byte)(unsafe.Add(p, l)) = q
	l++
	t := &stdTabs[k]
	var n int
	if len(s) <= scan.ShortEscape && set.ShortEscapes() {
		// One call that writes the ASCII escapes too (shortEscapes).
		in, out := set.CopyEscapeTo((*byte)(unsafe.Add(p, l)), s, t)
		l += out
		n = in
	} else {
		n = set.CopyTo((*byte)(unsafe.Add(p, l)), s)
		l += n
	}
	if n == len(s) {
		*(*byte)(unsafe.Add(p, l)) = q
		return b[:l+1], nil
	}
	b = b[:cap(b)]
	if vectorRest(s, n) {
		in, out := set.Escape(b[l:], s[n:], t)
		l, n = l+out, n+in
	} else {
		// tableEscapes, inline (see the top of the file).
		lim := len(b) - len(s) - scan.Slack - 16
		for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
			e := &t[s[n]]
			binary.LittleEndian.PutUint64(b[l:], e.W)
			l += int(e.N)
			n++
			if len(s)-n <= shortTail {
				for n < len(s) && !set.Contains(s[n]) {
					b[l] = s[n]
					l++
					n++
				}
				continue
			}
			m := set.Copy(b[l:], s[n:])
			l += m
			n += m
		}
	}
	if n == len(s) {
		b[l] = q
		return b[:l+1], nil
	}
	return e.appendQuoteRest(dst, b, l, s, n)
}

// appendQuoteOther is appendQuote for the options quickKey and quickSetOf
// do not cover: by quickSet and its table, or by a whole escaper.
func (e *Escaping) appendQuoteOther(dst, src []byte) ([]byte, error) {
	set, k := e.quickSlow()
	if set == nil {
		var x escaper
		if err := x.compile(*e); err != nil {
			return dst, err
		}
		return x.appendQuoted(dst, src)
	}
	q := e.quote()
	l := len(dst)
	b := slices.Grow(dst, len(src)+scan.Slack+2)
	b = b[:cap(b)]
	b[l] = q
	// The table writes a clean byte as itself, so tableEscapes may start
	// at any byte.
	l, n := tableEscapes(b, l+1, src, 0, set, &stdTabs[k])
	if n < len(src) {
		return e.appendQuoteRest(dst, b, l, src, n)
	}
	b[l] = q
	return b[:l+1], nil
}

// appendQuoteRest finishes appendQuote from src[n], a byte the table of the
// standard options does not escape, with b[:l] written (b being the whole
// capacity), through an escaper. On error it returns dst.
func (e *Escaping) appendQuoteRest(dst, b []byte, l int, src []byte, n int) ([]byte, error) {
	// e is valid (quickSet returns a set only then), so the escaper is
	// built without validating again.
	var x escaper
	x.init(*e)
	return x.appendQuoteRest(dst, b, l, src, n)
}

// appendQuoteRest finishes a quote from src[n], with b[:l] written (b
// being the whole capacity, grown by the caller for src, both quotes and
// Slack), through escaper.appendSome and, when that runs out of room,
// writeContent. On error it returns dst.
func (x *escaper) appendQuoteRest(dst, b []byte, l int, src []byte, n int) ([]byte, error) {
	b, i, bad := x.appendSome(b[:l], src, n)
	if i == len(src) && !bad && cap(b)-len(b) > scan.Slack {
		return append(b, x.quote), nil
	}
	if bad {
		return dst, &UTF8Error{Offset: int64(i)}
	}
	out := sink{buf: b}
	if err := x.writeContent(&out, src[i:], &strState{base: int64(i)}); err != nil {
		return dst, err
	}
	_ = out.room(1) // append mode: cannot fail
	return append(out.buf, x.quote), nil
}

// quoteLongRest is Quoter.appendQuote after a stop of CopyEscapeLong
// at src[n], with b[:l] written (b being the whole capacity, which holds
// src's length and Slack from the opening quote on), as longRest is
// writeStringValue's: Copy over text >= 0x80, the table loop, then
// appendQuoteRest.
func (x *escaper) quoteLongRest(dst, b []byte, l int, src []byte, n int) ([]byte, error) {
	set := x.set
	if src[n] >= utf8.RuneSelf && l-n <= len(b)-len(src)-scan.Slack {
		m := set.Copy(b[l:], src[n:])
		l += m
		n += m
	}
	l, n = tableEscapes(b, l, src, n, set, x.table)
	if n == len(src) {
		b[l] = x.quote
		return b[:l+1], nil
	}
	return x.appendQuoteRest(dst, b, l, src, n)
}

// appendQuote is Quoter.AppendQuote, writeStringValue's fast path for a
// slice: the escaper compiled once gives the set, the short table and the
// table, so that a string costs what it costs the generator (one
// CopyEscapeTo, CopyEscapeLong or CopyTo, at a stop Set.Escape or the
// table loop), and
// appendQuoteRest only what the table does not write. Under an IndexEscape
// hook it takes the hooked branch of writeStringValue, with the same hook
// calls.
func (q *Quoter) appendQuote(dst, s []byte) ([]byte, error) {
	x := &q.esc
	l := len(dst)
	b := dst
	if need := len(s) + scan.Slack + 2; cap(b)-l < need {
		b = slices.Grow(b, need)
	}
	// b's capacity holds both quotes, s and the kernel's Slack from l on:
	// the stores through p, the kernel's included, stay inside it, and
	// none is bounds-checked.
	p := unsafe.Pointer(unsafe.SliceData(b))
	*(*byte)(unsafe.Add(p, l)) = x.quote
	l++
	if x.hook != nil {
		// writeStringValue's hooked branch (see there), on b.
		n := x.set.CopyTo((*byte)(unsafe.Add(p, l)), s)
		if n > 0 {
			if j := x.hook(s[:n]); uint(j) < uint(n) {
				b, l, n = x.hookStop(b[:cap(b)], l, s, 0, j)
				return x.appendQuoteRest(dst, b, l, s, n)
			}
		}
		l += n
		if n == len(s) {
			*(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)) = x.quote
			return b[:l+1], nil
		}
		if x.table == nil {
			return x.appendQuoteRest(dst, b[:cap(b)], l, s, n)
		}
		room := cap(b) - len(s) - scan.Slack - 16
		for s[n] < utf8.RuneSelf && l-n <= room {
			p := unsafe.Pointer(unsafe.SliceData(b))
			e := &x.table[s[n]]
			binary.LittleEndian.PutUint64(word(p, l), e.W)
			l += int(e.N)
			n++
			r, m := s[n:], 0
			if set := x.set; len(r) <= shortTail {
				for m < len(r) && !set.Contains(r[m]) {
					*(*byte)(unsafe.Add(p, l+m)) = r[m]
					m++
				}
			} else {
				m = set.CopyTo((*byte)(unsafe.Add(p, l)), r)
			}
			if m > 0 {
				if j := x.hook(r[:m]); uint(j) < uint(m) {
					if s[n+j] >= utf8.RuneSelf {
						b, l, n = x.hookStop(b[:cap(b)], l, s, n, j)
						return x.appendQuoteRest(dst, b, l, s, n)
					}
					m = j // the loop writes it
				}
			}
			l += m
			n += m
			if n == len(s) {
				*(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)) = x.quote
				return b[:l+1], nil
			}
		}
		return x.appendQuoteRest(dst, b[:cap(b)], l, s, n)
	}
	set := x.set
	var n int
	if len(s) <= scan.ShortEscape && x.shortTab != nil {
		// One call that writes the ASCII escapes too (shortEscapes).
		in, out := set.CopyEscapeTo((*byte)(unsafe.Add(p, l)), s, x.shortTab)
		l += out
		n = in
	} else if x.long.Tab == nil {
		n = set.CopyTo((*byte)(unsafe.Add(p, l)), s)
		l += n
	} else {
		// The same for a longer string (longEscapes), with its own end
		// and stops, as in writeStringValue.
		in, out := scan.CopyEscapeLong(&x.long, (*byte)(unsafe.Add(p, l)), s)
		l += out
		if in == len(s) {
			*(*byte)(unsafe.Add(p, l)) = x.quote
			return b[:l+1], nil
		}
		return x.quoteLongRest(dst, b[:cap(b)], l, s, in)
	}
	if n == len(s) {
		*(*byte)(unsafe.Add(p, l)) = x.quote
		return b[:l+1], nil
	}
	b = b[:cap(b)]
	if t := x.table; t != nil && vectorRest(s, n) {
		in, out := set.Escape(b[l:], s[n:], t)
		l, n = l+out, n+in
	} else if t != nil {
		// tableEscapes, inline (see the top of the file).
		lim := len(b) - len(s) - scan.Slack - 16
		for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
			e := &t[s[n]]
			binary.LittleEndian.PutUint64(b[l:], e.W)
			l += int(e.N)
			n++
			if len(s)-n <= shortTail {
				for n < len(s) && !set.Contains(s[n]) {
					b[l] = s[n]
					l++
					n++
				}
				continue
			}
			m := set.Copy(b[l:], s[n:])
			l += m
			n += m
		}
	}
	if n == len(s) {
		b[l] = x.quote
		return b[:l+1], nil
	}
	return x.appendQuoteRest(dst, b, l, s, n)
}

// quickKey returns the optionKey of e, or noQuickKey when e has a
// CharacterEscapes, an InvalidUTF8 policy above InvalidUTF8ReplaceRaw or a
// quote char quickSet refuses. It and quickSetOf are appendQuote's lookup
// of the options of the presets, small enough to be inlined: as one call
// it cost a quarter of a 12-byte string (callgrind, docs/PERFORMANCE.md).
func (e *Escaping) quickKey() optionKey {
	k := quoteKeys[e.QuoteChar] // noQuickKey has every bit: the ORs keep it
	if e.CharacterEscapes != nil || e.InvalidUTF8 > InvalidUTF8ReplaceRaw {
		return noQuickKey
	}
	if e.EscapeSlash {
		k |= keySlash
	}
	if e.HTMLSafe {
		k |= keyHTML
	}
	if e.UpperHex {
		k |= keyUpperHex
	}
	return k
}

// quickSetOf returns quickSet for e of key k (not noQuickKey) when
// MaxUnescaped is 0 and the set is built, or MaxUnescaped is U+007F; nil
// otherwise.
func (e *Escaping) quickSetOf(k optionKey) *scan.Set {
	switch e.MaxUnescaped {
	case 0:
		return stdUTF8[utf8Index(e.quickLeads(), k)].p.Load()
	case 0x7F:
		return &stdSets[k.set()]
	}
	return nil
}

// quickLeads is leadClassOf(e) for MaxUnescaped 0.
func (e *Escaping) quickLeads() leadClass {
	var c leadClass
	if e.JSLineTerminators {
		c += leadLineTerms
	}
	if e.SurrogateEscapes {
		c += leadSurrogates
	}
	return c
}

// quickSlow returns quickSet and e's optionKey, the index of its escape
// table in stdTabs; the key is meaningless when the set is nil.
func (e *Escaping) quickSlow() (*scan.Set, optionKey) {
	return e.quickSet(), optionKeyOf(e)
}

// noQuickKey marks the quote chars of quoteKeys that quickSet refuses.
const noQuickKey optionKey = 0xFF

// quoteKeys maps a QuoteChar to its part of the optionKey, or to
// noQuickKey for a quote char other than the default, '"' and the
// apostrophe.
var quoteKeys = func() (t [256]optionKey) {
	for i := range t {
		t[i] = noQuickKey
	}
	t[0], t['"'], t['\''] = 0, 0, keyApostrophe
	return t
}()

// shortTail is the length in bytes up to which the rest of a string after
// an escape is copied a byte at a time rather than by a kernel call: a
// call costs ~50 instructions (callgrind, AVX2), the byte loop ~5 a byte.
const shortTail = 8

// vectorTail is the length in bytes of the rest of a string from its
// first escape up to which the table loop below runs even where
// scan.Set.Escape has a vector kernel: for a quote that closes a
// sentence, the byte loop costs less than the kernel's entry (the escaped
// matrix cells, whose quote is the last byte but one, took 1.6 times
// their time through the kernel; docs/PERFORMANCE.md). At level AVX2 the
// same bound holds under callgrind: the kernel costs about 75
// instructions on a rest of up to 16 bytes, the inline loop 35 plus 5 a
// byte (escaped/len=12 took 305 instructions per string through the
// kernel, 251 through the loop).
const vectorTail = shortTail + 1

// vectorRest reports whether s from its stop at s[n] goes to
// scan.Set.Escape: more than vectorTail bytes left, an ASCII byte at the
// stop (Escape writes nothing at a byte >= 0x80), and a vector kernel on
// this machine. The cheap register tests come first.
func vectorRest(s []byte, n int) bool {
	return len(s)-n > vectorTail && s[n] < utf8.RuneSelf && scan.VectorEscapes
}

// tableEscapes writes the ASCII escapes of s from n on, each from the
// table t of the standard options, with set's clean runs between them, to
// b[l:] (b being the whole capacity): a quote or a newline in a sentence
// costs a word store, not an escaper. It stops at the end of s, at a byte
// >= 0x80, or when the rest of s might no longer fit with Slack to spare,
// and returns the new l and n.
func tableEscapes(b []byte, l int, s []byte, n int, set *scan.Set, t *[128]escCode) (int, int) {
	if vectorRest(s, n) {
		in, out := set.Escape(b[l:], s[n:], t)
		return l + out, n + in
	}
	// The rest fits with Slack to spare while l-n <= lim.
	lim := len(b) - len(s) - scan.Slack - 16
	for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
		e := &t[s[n]]
		binary.LittleEndian.PutUint64(b[l:], e.W)
		l += int(e.N)
		n++
		if len(s)-n <= shortTail {
			// A few bytes after the escape (a quote that closes a
			// sentence): a byte loop costs less than a kernel call.
			for n < len(s) && !set.Contains(s[n]) {
				b[l] = s[n]
				l++
				n++
			}
			continue
		}
		m := set.Copy(b[l:], s[n:])
		l += m
		n += m
	}
	return l, n
}

// writeStringValue is WriteString. Its fast path is for values in a
// compact array or after a name: the separator, the string and its quotes
// fit in the buffer, and the scan finds nothing to escape, so the string
// costs one kernel call. It returns its errors through g.note itself, so
// that WriteString stays small enough to be inlined.
func (g *Generator) writeStringValue(s []byte) error {
	if st := &g.state; st.valueSep != noFast && g.err == nil {
		b := g.out.buf
		l := len(b)
		need := len(s) + slack + 3
		fits := need <= cap(b)-l
		if !fits && need <= cap(b) && g.out.w != nil {
			// Flush before a string that fits an empty buffer rather
			// than in its middle, which would first have to check the
			// rest of it for invalid UTF-8 (see writeContent).
			if err := g.out.flush(); err != nil {
				g.err = err
				return g.note(err)
			}
			b, l = g.out.buf, 0
			fits = need <= cap(b)
		}
		if fits {
			// b's capacity holds the separator, the quotes, s and the
			// kernel's Slack from l on (need): so the stores through p,
			// the kernel's included, stay inside it, and none is
			// bounds-checked. The length is set once at the end.
			mark := l
			p := unsafe.Pointer(unsafe.SliceData(b))
			if sep := st.valueSep; sep != 0 {
				*(*byte)(unsafe.Add(p, l)) = sep
				l++
			}
			*(*byte)(unsafe.Add(p, l)) = g.esc.quote
			l++
			if g.esc.hook != nil {
				// The same with an IndexEscape hook, as a branch of its
				// own so that the call of the hook, and the registers it
				// costs, stay out of the hookless path.
				n := g.esc.set.CopyTo((*byte)(unsafe.Add(p, l)), s)
				if n > 0 {
					// The run the kernel copied, to the hook: one call.
					if j := g.esc.hook(s[:n]); uint(j) < uint(n) {
						return g.hookedValue(s, 0, l, j, mark)
					}
				}
				l += n
				if n == len(s) {
					*(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(g.out.buf)), l)) = g.esc.quote
					g.out.buf = g.out.buf[:l+1]
					g.state.fastValueDone()
					return nil
				}
				// The table loop from the stop at s[n], n < len(s), with
				// each clean run given to the hook, whose stop at an
				// ASCII byte the table writes too; then anything else
				// through escaper.appendSome (hookedEnd). (Not "lim":
				// TestInlinedTableEscapes compares the loops after a lim
				// with tableEscapes'.) l-n may grow to room: the next
				// word, the rest of s and Slack then still fit.
				if g.esc.table == nil {
					return g.hookedEnd(s, l, n, mark, g.out.buf[:cap(g.out.buf)])
				}
				room := cap(g.out.buf) - len(s) - scan.Slack - 16
				for s[n] < utf8.RuneSelf && l-n <= room {
					p := unsafe.Pointer(unsafe.SliceData(g.out.buf))
					e := &g.esc.table[s[n]]
					binary.LittleEndian.PutUint64(word(p, l), e.W)
					l += int(e.N)
					n++
					// r is the rest, so that the run is r[:m]: a slice
					// from 0 costs the hook call one bounds check and no
					// pointer mask.
					r, m := s[n:], 0
					if set := g.esc.set; len(r) <= shortTail {
						for m < len(r) && !set.Contains(r[m]) {
							*(*byte)(unsafe.Add(p, l+m)) = r[m]
							m++
						}
					} else {
						m = set.CopyTo((*byte)(unsafe.Add(p, l)), r)
					}
					if m > 0 {
						// (s[n+j], not r[j]: r need not live across the call.)
						if j := g.esc.hook(r[:m]); uint(j) < uint(m) {
							if s[n+j] >= utf8.RuneSelf {
								return g.hookedValue(s, n, l, j, mark)
							}
							m = j // the loop writes it
						}
					}
					l += m
					n += m
					if n == len(s) {
						*(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(g.out.buf)), l)) = g.esc.quote
						g.out.buf = g.out.buf[:l+1]
						g.state.fastValueDone()
						return nil
					}
				}
				return g.hookedEnd(s, l, n, mark, g.out.buf[:cap(g.out.buf)])
			}
			set := g.esc.set
			var n int
			if len(s) <= scan.ShortEscape && g.esc.shortTab != nil {
				// One call that writes the ASCII escapes too, wherever
				// they are (see shortEscapes at the top of the file).
				in, out := set.CopyEscapeTo((*byte)(unsafe.Add(p, l)), s, g.esc.shortTab)
				l += out
				n = in
			} else if g.esc.long.Tab == nil {
				n = set.CopyTo((*byte)(unsafe.Add(p, l)), s)
				l += n
			} else {
				// The same for a longer string (longEscapes at the top of
				// the file): long is set only where shortTab is. Its end
				// and its stops (longRest) are its own: merged with the
				// others', they cost the short strings' branch moves.
				in, out := scan.CopyEscapeLong(&g.esc.long, (*byte)(unsafe.Add(p, l)), s)
				l += out
				if in == len(s) {
					*(*byte)(unsafe.Add(p, l)) = g.esc.quote
					g.out.buf = g.out.buf[:l+1]
					st.fastValueDone()
					return nil
				}
				return g.longRest(s, l, in, mark)
			}
			if n == len(s) {
				*(*byte)(unsafe.Add(p, l)) = g.esc.quote
				g.out.buf = g.out.buf[:l+1]
				st.fastValueDone()
				return nil
			}
			b = b[:cap(b)]
			if t := g.esc.table; t != nil && vectorRest(s, n) {
				// b[l:] and s[n:] built without their bounds checks and
				// zero-length masks: l < cap(b) (the string fits) and
				// n < len(s) (vectorRest).
				in, out := set.Escape(unsafe.Slice((*byte)(unsafe.Add(p, l)), cap(b)-l),
					unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), n)), len(s)-n), t)
				l, n = l+out, n+in
			} else if t != nil {
				// tableEscapes, inline (see the top of the file).
				lim := len(b) - len(s) - scan.Slack - 16
				for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
					e := &t[s[n]]
					binary.LittleEndian.PutUint64(b[l:], e.W)
					l += int(e.N)
					n++
					if len(s)-n <= shortTail {
						for n < len(s) && !set.Contains(s[n]) {
							b[l] = s[n]
							l++
							n++
						}
						continue
					}
					m := set.Copy(b[l:], s[n:])
					l += m
					n += m
				}
			}
			if n == len(s) {
				b[l] = g.esc.quote
				g.out.buf = g.out.buf[:l+1]
				st.fastValueDone()
				return nil
			}
			// Something else to escape: escape the rest in place when it
			// fits, which is the common case of a short string.
			b, i, bad := g.esc.appendSome(b[:l], s, n)
			if i == len(s) && !bad && cap(b)-len(b) > slack {
				g.out.buf = append(b, g.esc.quote)
				st.fastValueDone()
				return nil
			}
			g.out.buf = b
			return g.note(g.finishString(s[i:], int64(i), mark))
		}
	}
	mark, err := g.beginValue("string value", 2)
	if err != nil {
		return g.note(err)
	}
	g.out.buf = append(g.out.buf, g.esc.quote)
	return g.note(g.finishString(s, 0, mark))
}

// longRest finishes writeStringValue's fast path after a stop of
// scan.CopyEscapeLong at s[n], with s[:n] escaped up to l in g.out.buf's
// capacity, where room for s and Slack was proved: Copy over text >= 0x80
// (CopyEscapeLong may stop there after a word), tableEscapes, then
// anything else through escaper.appendSome. Out of line, so that the
// other strings' paths do not merge with it.
func (g *Generator) longRest(s []byte, l, n, mark int) error {
	b := g.out.buf[:cap(g.out.buf)]
	set := g.esc.set
	if s[n] >= utf8.RuneSelf && l-n <= len(b)-len(s)-scan.Slack {
		m := set.Copy(b[l:], s[n:])
		l += m
		n += m
	}
	l, n = tableEscapes(b, l, s, n, set, g.esc.table)
	if n == len(s) {
		b[l] = g.esc.quote
		g.out.buf = g.out.buf[:l+1]
		g.state.fastValueDone()
		return nil
	}
	b, i, bad := g.esc.appendSome(b[:l], s, n)
	if i == len(s) && !bad && cap(b)-len(b) > slack {
		g.out.buf = append(b, g.esc.quote)
		g.state.fastValueDone()
		return nil
	}
	g.out.buf = b
	return g.note(g.finishString(s[i:], int64(i), mark))
}

// hookedValue finishes writeStringValue's hooked fast path at a stop of
// the IndexEscape hook at s[i+j], in the clean run s[i:] that was copied
// to g.out.buf's capacity from l on.
func (g *Generator) hookedValue(s []byte, i, l, j, mark int) error {
	b, l, i := g.esc.hookStop(g.out.buf[:cap(g.out.buf)], l, s, i, j)
	return g.hookedEnd(s, l, i, mark, b)
}

// hookedEnd finishes writeStringValue's hooked fast path from s[n], with
// b[:l] written (b being g.out.buf's whole capacity), through
// escaper.appendSome, which gives the hook each later clean run.
func (g *Generator) hookedEnd(s []byte, l, n, mark int, b []byte) error {
	b, i, bad := g.esc.appendSome(b[:l], s, n)
	if i == len(s) && !bad && cap(b)-len(b) > slack {
		g.out.buf = append(b, g.esc.quote)
		g.state.fastValueDone()
		return nil
	}
	g.out.buf = b
	return g.note(g.finishString(s[i:], int64(i), mark))
}
