package scan

// The word scan of a short string: a caller that scans a few words in its
// own loop, with no kernel call, tests eight bytes at a time with MaskBase
// and a sequence of a UTF-8 Set with Set.SeqLen4, for a Set without added
// bytes (HasExtra). All are small enough to be inlined. They are plain Go,
// the same on every architecture and build, and the SWAR kernels' own
// functions (TestWordScanAgrees checks them against Copy on every kernel).

// MaskBase returns a word whose bit 8k+7 is set when byte k of v (little
// endian: byte 0 first in memory) is a member of every Set: a control
// byte, '"', '\\' or a byte >= 0x80. So for a Set without added bytes
// (HasExtra) it flags the members. As with the SWAR kernels' masks, only
// the lowest set bit is exact: bytes above the first member may be
// flagged falsely.
func MaskBase(v uint64) uint64 { return maskBase(v) }

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
