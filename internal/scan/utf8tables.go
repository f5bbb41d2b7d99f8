package scan

// utf8Tables are the three validation lookups of the UTF-8 vector kernels,
// indexed by the previous byte's high nibble, its low nibble and the current
// byte's high nibble. Each bit stands for one kind of invalid pair, so the
// AND of the three is nonzero exactly for those pairs; the bits are those of
// simdjson's lookup algorithm (Keiser and Lemire, "Validating UTF-8 in less
// than one instruction per byte", 2021), which also flag every byte no
// valid sequence starts with (C0, C1, F5..FF) at the byte after it.
//
// The tables are the same for any byte shuffle with 16-entry tables: every
// index is a nibble, masked, so PSHUFB and arm64's TBL look them up alike.
// The amd64 kernels read them as ·utf8Tables; TestUTF8Tables checks them
// against the UTF-8 rule.
var utf8Tables = func() (t [48]byte) {
	type nibs struct{ lo, hi int }
	errs := []struct {
		bit        byte
		h1, l1, h2 nibs
	}{
		{1 << 0, nibs{0xc, 0xf}, nibs{0, 15}, nibs{0, 7}},        // lead, then no continuation
		{1 << 0, nibs{0xc, 0xf}, nibs{0, 15}, nibs{0xc, 0xf}},    // (same bit, same h1/l1 rows)
		{1 << 1, nibs{0, 7}, nibs{0, 15}, nibs{8, 0xb}},          // continuation after ASCII
		{1 << 2, nibs{0xe, 0xe}, nibs{0, 0}, nibs{8, 9}},         // E0 80..9F: overlong
		{1 << 3, nibs{0xf, 0xf}, nibs{4, 0xf}, nibs{9, 0xb}},     // F4..FF 90..BF: above U+10FFFF
		{1 << 4, nibs{0xe, 0xe}, nibs{0xd, 0xd}, nibs{0xa, 0xb}}, // ED A0..BF: surrogate
		{1 << 5, nibs{0xc, 0xc}, nibs{0, 1}, nibs{8, 0xb}},       // C0, C1: overlong
		{1 << 6, nibs{0xf, 0xf}, nibs{0, 0}, nibs{8, 8}},         // F0 80..8F: overlong
		{1 << 6, nibs{0xf, 0xf}, nibs{5, 0xf}, nibs{8, 8}},       // F5..FF 80..8F: above U+10FFFF
		{1 << 7, nibs{8, 0xb}, nibs{0, 15}, nibs{8, 0xb}},        // continuation after continuation
	}
	for _, e := range errs {
		for h := e.h1.lo; h <= e.h1.hi; h++ {
			t[h] |= e.bit
		}
		for l := e.l1.lo; l <= e.l1.hi; l++ {
			t[16+l] |= e.bit
		}
		for h := e.h2.lo; h <= e.h2.hi; h++ {
			t[32+h] |= e.bit
		}
	}
	return t
}()
