package jgen

// escKey identifies an Escaping in two words, so that a struct value can
// check its cached member names (quotedNames) with two comparisons
// instead of comparing every field of the Escaping.
type escKey struct {
	// bits packs the scalar fields: QuoteChar in bits 0-7, the five bools
	// in bits 8-12, InvalidUTF8 in bits 16-23 and MaxUnescaped in bits
	// 32-63, each field whole, so distinct Escapings get distinct keys.
	bits uint64
	ce   *CharacterEscapes
}

// escKeyFields is the number of fields of Escaping that escKeyOf packs;
// TestEscKeyCoversEscaping fails when Escaping gains one.
const escKeyFields = 9

// escKeyOf returns the key of e.
func escKeyOf(e *Escaping) escKey {
	b := uint64(e.QuoteChar) |
		keyBit(e.EscapeSlash)<<8 | keyBit(e.HTMLSafe)<<9 | keyBit(e.JSLineTerminators)<<10 |
		keyBit(e.UpperHex)<<11 | keyBit(e.SurrogateEscapes)<<12 |
		uint64(e.InvalidUTF8)<<16 | uint64(uint32(e.MaxUnescaped))<<32
	return escKey{bits: b, ce: e.CharacterEscapes}
}

func keyBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
