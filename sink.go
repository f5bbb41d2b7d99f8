package jgen

import (
	"io"
	"slices"

	"github.com/jgen-go/jgen/internal/scan"
)

// sink is where output goes: a buffer flushed to w when full or, when w is
// nil, a caller's slice grown by append and never flushed.
//
// Every write reserves room first; the buffer always keeps scan.Slack bytes
// of capacity beyond what is reserved, because the kernels store whole
// words past the bytes they copy.
type sink struct {
	buf     []byte
	w       io.Writer
	flushed int64 // bytes accepted by w so far
	base    int   // in append mode, len of the caller's dst: not output
	err     error // sticky error of w
}

// offset returns the number of bytes produced so far.
func (k *sink) offset() int64 { return k.flushed + int64(len(k.buf)-k.base) }

// free returns how many bytes can be appended without reserving.
func (k *sink) free() int { return cap(k.buf) - len(k.buf) - scan.Slack }

// room makes sure n more bytes can be appended. In writer mode it flushes
// the buffer when it lacks room, and grows it only when n is larger than
// the whole buffer; in append mode it grows the slice.
func (k *sink) room(n int) error {
	if k.free() >= n {
		return nil
	}
	if k.w != nil {
		if err := k.flush(); err != nil {
			return err
		}
		if k.free() >= n {
			return nil
		}
	}
	k.buf = slices.Grow(k.buf, n+scan.Slack)
	return nil
}

// flush hands the buffer to w. A short write counts as io.ErrShortWrite.
// Errors are sticky: after one, nothing more is written.
func (k *sink) flush() error {
	if k.err != nil {
		return k.err
	}
	if k.w == nil || len(k.buf) == 0 {
		return nil
	}
	n, err := k.w.Write(k.buf)
	if n < 0 || n > len(k.buf) {
		n = 0
		if err == nil {
			err = errBadWriteCount
		}
	}
	k.flushed += int64(n)
	if err == nil && n < len(k.buf) {
		err = io.ErrShortWrite
	}
	k.buf = k.buf[:0]
	if err != nil {
		k.err = err
	}
	return err
}

var errBadWriteCount = errString("jgen: io.Writer returned an invalid byte count")
