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
func (s *sink) offset() int64 { return s.flushed + int64(len(s.buf)-s.base) }

// free returns how many bytes can be appended without reserving.
func (s *sink) free() int { return cap(s.buf) - len(s.buf) - scan.Slack }

// room makes sure n more bytes can be appended. In writer mode it flushes
// the buffer when it lacks room, and grows it only when n is larger than
// the whole buffer; in append mode it grows the slice.
func (s *sink) room(n int) error {
	if s.free() >= n {
		return nil
	}
	if s.w != nil {
		if err := s.flush(); err != nil {
			return err
		}
		if s.free() >= n {
			return nil
		}
	}
	s.buf = slices.Grow(s.buf, n+scan.Slack)
	return nil
}

// flush hands the buffer to w. A short write counts as io.ErrShortWrite.
// Errors are sticky: after one, nothing more is written.
func (s *sink) flush() error {
	if s.err != nil {
		return s.err
	}
	if s.w == nil || len(s.buf) == 0 {
		return nil
	}
	n, err := s.w.Write(s.buf)
	if n < 0 || n > len(s.buf) {
		n = 0
		if err == nil {
			err = errBadWriteCount
		}
	}
	s.flushed += int64(n)
	if err == nil && n < len(s.buf) {
		err = io.ErrShortWrite
	}
	s.buf = s.buf[:0]
	if err != nil {
		s.err = err
	}
	return err
}

var errBadWriteCount = errString("jgen: io.Writer returned an invalid byte count")
