package jgen

import (
	"io"

	"github.com/jgen-go/jgen/internal/dropin"
)

func init() {
	dropin.Write = dropinWrite
	dropin.Marshal = dropinMarshal
}

// getSharedGenerator is getGenerator for options that never change once
// passed (the drop-ins' shared translations): a generator last set up
// from the same pointer is reused without comparing the options.
func getSharedGenerator(opts *Options) (*pooledGenerator, error) {
	p := genPool.Get().(*pooledGenerator)
	if p.keyed && (p.shared == opts || p.sameOptions(opts)) {
		p.shared = opts
		return p, nil
	}
	if err := p.setUp(opts); err != nil {
		genPool.Put(p)
		return nil, err
	}
	p.shared = opts
	return p, nil
}

// dropinWrite is dropin.Write.
func dropinWrite(w io.Writer, v any, o any) (bool, error) {
	p, err := getSharedGenerator(o.(*Options))
	if err != nil {
		return false, err
	}
	b, err := p.marshal(p.scratch[:0], v, "")
	if err != nil {
		p.putScratch(b)
		putGenerator(p)
		return false, err
	}
	_, err = w.Write(b)
	p.putScratch(b)
	putGenerator(p)
	return true, err
}

// dropinMarshal is dropin.Marshal.
func dropinMarshal(v any, o any) ([]byte, error) {
	p, err := getSharedGenerator(o.(*Options))
	if err != nil {
		return nil, err
	}
	b, err := p.marshal(p.scratch[:0], v, "")
	var out []byte
	if err == nil {
		out = make([]byte, len(b))
		copy(out, b)
	}
	p.putScratch(b)
	putGenerator(p)
	return out, err
}
