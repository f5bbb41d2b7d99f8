package jgen

import "math"

// AppendFloat appends v to dst as [Generator.WriteFloat] writes it
// (bitSize 64) or [Generator.WriteFloat32] does (bitSize 32, for a v
// converted from a float32): the shortest form that parses back to the
// same value, formatted as [encoding/json] does. For NaN and ±Inf, which
// RFC 8259 §6 has no number for, it returns dst unchanged and
// [ErrNonFinite]. A bitSize other than 32
// is taken as 64. Like [Escaping.AppendQuote] it may write to dst's
// spare capacity past the bytes it appends (up to 48 bytes from len(dst)),
// where it composes the number with whole-word stores.
func AppendFloat(dst []byte, v float64, bitSize int) ([]byte, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return dst, ErrNonFinite
	}
	if bitSize != 32 {
		bitSize = 64
	}
	return appendFloat(dst, v, bitSize), nil
}
