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
	b, err := p.marshalRoot(p.scratch[:0], v)
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
	return p.copyOut(p.marshalRoot(p.scratch[:0], v))
}

// marshalRoot is marshal(dst, v, "") (as Marshal encodes), in the v2
// rules' Compact layout without the token state machine around the root
// value: a fresh generator has nothing before it (no root value yet, so
// no separator) and Marshal nothing after it, so what WriteValue would
// do beyond writeValueV2's encoding is its checks, which a fresh
// generator passes, and the state after the value, which the next
// marshal resets. Other options take marshal.
func (p *pooledGenerator) marshalRoot(dst []byte, v any) ([]byte, error) {
	g := &p.Generator
	if g.opts.V2 == nil || g.opts.Layout != Compact {
		return p.marshal(dst, v, "")
	}
	g.ResetAppend(dst)
	g.rootSep, g.rootTerm = "", ""
	// The room beginValue makes for a value at the root.
	if err := g.out.room(g.prefixRoom()); err != nil {
		g.err = err
		return g.out.buf, g.note(err)
	}
	s := g.takeV2State()
	s.rootStart, s.rootOffset = len(g.out.buf), g.out.offset()
	b, err := s.encodeRoot(g.out.buf, v, g.opts.V2.flags())
	g.releaseV2State(s)
	if err != nil {
		// As writeValueV2 and writeValueV2Std report it.
		if ee, ok := err.(*EncodeError); ok {
			ee.finish()
			if v2StdError != nil {
				v2StdError(ee)
			}
		}
		return g.out.buf, g.note(err)
	}
	g.out.buf = b
	return b, nil
}
