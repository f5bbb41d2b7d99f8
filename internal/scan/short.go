package scan

// The word scan of a short string: a caller that scans a few words in its
// own loop, with no kernel call, tests eight bytes at a time with
// Set.MaskWord and a sequence of a UTF-8 Set with Set.SeqLen4. Both are
// small enough to be inlined. They are plain Go, the same on every
// architecture and build, and give the result of the kernels
// (TestWordScanAgrees).

// WordScan reports whether MaskWord serves s: whether s holds at most
// three added ASCII bytes (every standard option; a Set with more costs
// the word mask more than a kernel call saves).
func (s *Set) WordScan() bool { return s.kind <= kindExtra3 }

// MaskWord returns a word whose bit 8k+7 is set when byte k of v (little
// endian: byte 0 first in memory) is a member of s, every byte >= 0x80
// included; s must be one WordScan reports true for. As with the SWAR
// kernels' masks, only the lowest set bit is exact: bytes above the first
// member may be flagged falsely.
func (s *Set) MaskWord(v uint64) uint64 {
	m := (v - 0x20*lsb) | ((v ^ '"'*lsb) - lsb) | ((v ^ '\\'*lsb) - lsb) | v
	if s.nx != 0 {
		x := &s.extra
		m |= ((v ^ uint64(x[0])*lsb) - lsb) | ((v ^ uint64(x[1])*lsb) - lsb) |
			((v ^ uint64(x[2])*lsb) - lsb)
	}
	return m & msb
}

// MaskBase is MaskWord for the bytes every Set holds: the control bytes,
// '"', '\\' and the bytes >= 0x80.
func MaskBase(v uint64) uint64 { return maskBase(v) }

// MaskExtra is MaskWord for the added ASCII bytes of s alone (their
// padding repeats '"', which MaskBase flags anyway); it is 0 for a Set
// without any (HasExtra).
func (s *Set) MaskExtra(v uint64) uint64 {
	x := &s.extra
	return (((v ^ uint64(x[0])*lsb) - lsb) | ((v ^ uint64(x[1])*lsb) - lsb) |
		((v ^ uint64(x[2])*lsb) - lsb)) & msb
}

// HasExtra reports whether s holds any added ASCII byte.
func (s *Set) HasExtra() bool { return s.nx != 0 }

// SeqLen4 is SeqLen of the four bytes of v (little endian): the length of
// the valid UTF-8 sequence of 2 to 4 bytes that v starts if a scan of s
// passes it, else 0; bytes of v past the sequence are ignored, and bytes
// past the end of the input must read as zeros, which no continuation
// check accepts. It is 0 for a Set not built by NewUTF8Set.
func (s *Set) SeqLen4(v uint32) int { return seqLen4(v, &s.lead) }

// LoadShort returns the bytes of b, len(b) < 8, as a word padded with zero
// bytes (members of every Set), with at most three loads.
func LoadShort(b []byte) uint64 { return loadShort(b) }
