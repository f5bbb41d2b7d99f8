//go:build (!amd64 && !arm64) || purego

package jgen

import "unsafe"

// escapeStdSets is escapeNonASCII from the room check on, for the
// standard sets without extra members: here escapeSome, whose word loads
// and stores go through encoding/binary and so suit any byte order and
// alignment rule. On amd64 and arm64 without the purego build tag a loop
// of its own (escapeStd) takes these sets.
func escapeStdSets(out unsafe.Pointer, l int, src []byte, i, stop int, sw *swarSet, pairs *[2][256]uint64) (int, int) {
	return escapeSome(out, l, src, i, stop, sw, pairs)
}
