package jgen

import (
	"io"
	"reflect"
	"sync"
	"unsafe"

	"github.com/jgen-go/jgen/internal/bufpool"
)

// WriteValue writes v as one JSON value at the current position, with the
// generator's escaping and layout, following the rules of
// encoding/json.Marshal (v1) of the toolchain the program is built with:
// struct fields by their json tags (name, "-", omitempty, omitzero,
// string), embedded structs promoted, json.Marshaler and
// encoding.TextMarshaler called, maps with their keys sorted, []byte as
// base64, nil slices and maps as null, pointer cycles refused. With the
// Stdlib escaping, the Compact layout and otherwise default options, its
// bytes equal json.Marshal's; with the Indented layout and a two-space
// indent, json.MarshalIndent(v, "", "  ")'s. At the root, v is followed by
// Options.RootTerminator as any root value is (by default "\n"; Marshal
// and Encoder set their own). The exceptions, where jgen's
// rules win: the strings inside MarshalJSON output and json.RawMessage are
// re-encoded under the generator's escaping (valid escape sequences kept as
// written, raw characters escaped as the escaping requires, invalid UTF-8
// and lone surrogate escapes under the invalid-UTF-8 policy, whitespace by
// the layout); NaN and ±Inf follow Options.NonFinite; nesting deeper than
// Options.MaxDepth is refused; and the base64 text of a []byte is a string
// like any other, so it obeys the escaping: under EscapeSlash its '/' is
// written \/, and a CharacterEscapes rule for a letter applies (encoding/json
// writes base64 unescaped; its own escaping changes no base64 symbol, so
// under Stdlib the bytes are the same). WriteBinary, unlike WriteValue,
// writes the base64 alphabet unescaped.
// Where encoding/json runs on encoding/json/v2 (build tag
// goexperiment.jsonv2: Go 1.27 by default, Go 1.26 with
// GOEXPERIMENT=jsonv2; not Go 1.27 with GOEXPERIMENT=nojsonv2),
// WriteValue follows it where it differs from the classic package: map
// keys marshaled as values in the place of a name (float, bool, pointer
// and interface key types; an error, with jsontext's message as
// UnsupportedValueError.Str, only for an entry whose key is not written as
// a string), tag names cut at a backslash or quote char (Go 1.26's
// experiment reads 'single-quoted' names), MarshalJSONTo methods (called
// before MarshalJSON with a *jsontext.Encoder writing into a buffer, whose
// output is then checked and escaped as MarshalJSON output is), Go 1.27's
// refusal of a struct with a format tag option, and its error types (*json.MarshalerError
// with Type *T, *json.SyntaxError for the depth limit). The differences
// left are listed at [Stdlib].
//
// WriteValue is atomic against encoding errors: it returns an error and
// writes nothing of v when any part of v cannot be encoded (an
// *EncodeError), or a *SyntaxError where a value may not stand, or
// ErrClosed or the writer's sticky error; later tokens are still
// accepted. A panic in a MarshalJSON or MarshalText method reaches the
// caller and leaves the output as it was. It is not atomic against the
// writer: in writer mode v is encoded whole into a scratch buffer and then
// copied through the generator's buffer, which flushes to the writer as
// any token does, so a writer that fails in the middle of the copy has
// received part of v; WriteValue returns that error, which is then sticky
// (the stream is dead, as after any token's write error). In append mode
// the value is encoded in place and cut back on error. In writer mode
// memory grows by the size of the largest value's encoding (scratch
// buffers are pooled for reuse: up to 1 MiB always, larger ones while the
// values written fill a quarter of them). Each marshal method of v is
// called once per value encoded, as encoding/json calls it, and a value
// that fails costs time linear in the part of it walked before the
// failure.
//
// Encoders are compiled once per Go type and cached; the quoted member
// names of a struct type are cached per Escaping. Encoding a pointer to a
// struct of strings, numbers, bools, slices and nested structs into a
// reused append-mode generator does not allocate.
func (g *Generator) WriteValue(v any) error {
	if g.opts.V2 != nil {
		return g.writeValueV2Std(v)
	}
	if err := g.checkValue("value"); err != nil {
		return g.note(err)
	}
	e := g.enc
	if e != nil {
		g.enc = nil // taken: a nested WriteValue takes one of the pool
	} else {
		e = encStatePool.Get().(*encState)
	}
	e.g = g
	e.start = g.out.offset()
	// g.esc stays as it is for the whole value: only the raw-value rule
	// swaps it, and no struct is encoded inside that.
	e.key = escKeyOf(&g.esc.escaping)
	saved := g.state
	k := g.out
	mark := len(g.out.buf)
	// The encoder writes through the token methods, which note their
	// errors; the error of the value is WriteValue's own, noted once below.
	first := g.firstErr
	// A panic in a MarshalJSON or MarshalText method goes on to the
	// caller, leaving the generator as it was before the value.
	done := false
	defer func() {
		if !done {
			g.out = k
			g.out.buf = g.out.buf[:mark]
			g.state = saved
			g.firstErr = first
		}
	}()
	var err error
	if g.out.w == nil {
		if err = e.encodeRoot(v); err != nil {
			g.out.buf = g.out.buf[:mark]
			g.state = saved
		}
	} else {
		// Encode into a scratch sink in append mode, so nothing is
		// flushed before the whole value is known to be good.
		sp := scratchPool.Get().(*[]byte)
		g.out = sink{buf: (*sp)[:0], flushed: k.offset()}
		err = e.encodeRoot(v)
		out := g.out.buf
		g.out = k
		if err != nil {
			g.state = saved
		} else {
			err = g.appendRaw(out)
		}
		if bufpool.Keep(out) {
			*sp = out[:0]
			scratchPool.Put(sp)
		}
	}
	done = true
	g.firstErr = first
	e.release(g)
	if ee, ok := err.(*EncodeError); ok {
		ee.finish()
	}
	return g.note(err)
}

// writeValueV2Std is writeValueV2 with encoding/json/v2's error added to
// the reason of an *EncodeError (v2StdError), in place: the generator
// noted the error already, and notes the same one.
func (g *Generator) writeValueV2Std(v any) error {
	err := g.writeValueV2(v)
	if ee, ok := err.(*EncodeError); ok && v2StdError != nil {
		v2StdError(ee)
	}
	return g.note(err)
}

var scratchPool = sync.Pool{New: func() any { return new([]byte) }}

// encState is the state of one WriteValue call.
type encState struct {
	g *Generator
	// key identifies g.esc.escaping, for the member names each struct
	// type keeps quoted (structEncoder.quoted).
	key escKey
	// ptrLevel counts the pointers, slices and maps being encoded, as
	// encoding/json does; beyond startDetectingCycles they are recorded in
	// seen, so that a cycle is an error rather than endless recursion.
	ptrLevel int
	seen     map[seenKey]struct{}
	// tmp is scratch for the text of ",string" values.
	tmp []byte
	// noDirect is set while the state path writes a part the direct path
	// (encode_direct.go) has handed to it whole (appendFallback).
	noDirect bool
	// directErr is the error of a part the direct path handed to the
	// state path, while it travels up through the direct path.
	directErr error
	// tracked logs the keys track adds to seen, so that a failed attempt
	// of the direct path can take back those of its nested state path.
	tracked []seenKey
	// work counts the pointers, slices and maps entered on either path,
	// for tests that bound the work a value costs (workHook).
	work int
	// method is the result of a marshal method the direct path called,
	// while the state path writes it (appendMethod).
	method methodResult
	// word holds the data word of a pointer-shaped root value while the
	// direct path reads it (writeRootDirect).
	word unsafe.Pointer
	// rootType and rootNode are the type of the last root value
	// writeRootDirect was asked for and its node, nil where it does not
	// take the type; kept across values.
	rootType reflect.Type
	rootNode *directNode
	// start is the output offset at which the value began, for the
	// offsets encoding/json reports (setNameNotString).
	start int64
}

// workHook, when set (by tests, while no value is being encoded), is
// given each value's work count as its encState is released.
var workHook func(work int)

// startDetectingCycles is encoding/json's depth before it tracks
// pointers.
const startDetectingCycles = 1000

type seenKey struct {
	p unsafe.Pointer
	n int
	t reflect.Type
}

var encStatePool = sync.Pool{New: func() any { return new(encState) }}

// release clears e after a value written by g and gives it back: to g
// where g is a generator of genPool, which keeps it, else to
// encStatePool.
func (e *encState) release(g *Generator) {
	if workHook != nil {
		workHook(e.work)
	}
	e.work = 0
	e.g = nil
	e.ptrLevel = 0
	e.noDirect = false
	e.directErr = nil
	if len(e.seen) > 0 {
		clear(e.seen)
	}
	e.tracked = e.tracked[:0]
	if cap(e.tracked) > 1<<10 {
		e.tracked = nil
	}
	if cap(e.tmp) > 1<<10 {
		e.tmp = nil
	}
	if g.pooled && g.enc == nil {
		g.enc = e
		return
	}
	encStatePool.Put(e)
}

func (e *encState) encodeRoot(v any) error {
	if v == nil {
		return e.g.WriteNull()
	}
	rv := reflect.ValueOf(v)
	if ok, err := e.writeRootDirect(v, rv.Type()); ok {
		if err != nil {
			return encodeErr(rv.Type(), err)
		}
		return nil
	}
	if err := typeEncoder(rv.Type())(e, rv); err != nil {
		return encodeErr(rv.Type(), err)
	}
	return nil
}

// enter is called on entering a pointer, slice or map (the containers
// that can make a cycle); it returns an error for a cycle. leave undoes it.
// Both are small enough to be inlined into the encoders; the tracking
// beyond startDetectingCycles is in track and untrack.
func (e *encState) enter(v reflect.Value, n int) error {
	e.ptrLevel++
	e.work++
	if e.ptrLevel <= startDetectingCycles {
		return nil
	}
	return e.track(v, n)
}

// track records v (with n, which tells a slice from its first element's
// pointer) as being encoded, or returns an error if it already is.
func (e *encState) track(v reflect.Value, n int) error {
	if e.seen == nil {
		e.seen = make(map[seenKey]struct{})
	}
	k := seenKey{v.UnsafePointer(), n, v.Type()}
	if _, ok := e.seen[k]; ok {
		return unsupportedValue(v, "encountered a cycle via "+v.Type().String())
	}
	e.seen[k] = struct{}{}
	e.tracked = append(e.tracked, k)
	return nil
}

func (e *encState) leave(v reflect.Value, n int) {
	if e.ptrLevel > startDetectingCycles {
		e.untrack(v, n)
	}
	e.ptrLevel--
}

// untrack undoes track.
func (e *encState) untrack(v reflect.Value, n int) {
	k := seenKey{v.UnsafePointer(), n, v.Type()}
	delete(e.seen, k)
	// Containers are left in the order opposite to entering them.
	if l := len(e.tracked); l > 0 && e.tracked[l-1] == k {
		e.tracked = e.tracked[:l-1]
	}
}

// Marshal returns v encoded as one JSON value, under opts (nil for the
// defaults: Minimal escaping, Compact layout). For the bytes of
// encoding/json.Marshal, pass &Options{Escaping: Stdlib}; add Layout:
// Indented for json.MarshalIndent(v, "", "  "). See WriteValue for the
// rules. Nothing follows the value: Options.RootSeparator,
// RootTerminator and BufferSize are validated like the other fields (an
// invalid one is an *OptionsError all the same) but not used. It returns
// an *OptionsError for invalid opts, and the errors of WriteValue (with a
// nil slice).
//
// The value is encoded into a pooled scratch buffer (kept for reuse up to
// 1 MiB, and beyond while the values marshaled fill a quarter of it) and
// copied out, so the result is the one allocation of Marshal itself,
// sized to the encoding.
func Marshal(v any, opts *Options) ([]byte, error) {
	p, err := getGenerator(opts)
	if err != nil {
		return nil, err
	}
	return p.copyOut(p.marshal(p.scratch[:0], v, ""))
}

// copyOut returns a copy of b, the encoding in p's scratch buffer, or
// nil if err is not nil, with err, after returning the buffer and p to
// their pools: the end of Marshal and of the drop-ins' Marshal.
func (p *pooledGenerator) copyOut(b []byte, err error) ([]byte, error) {
	var out []byte
	if err == nil {
		out = make([]byte, len(b))
		copy(out, b)
	}
	p.putScratch(b)
	putGenerator(p)
	return out, err
}

// AppendMarshal appends v encoded as one JSON value, under opts (nil for
// the defaults), to dst and returns the extended slice. On error it returns
// dst unchanged (its spare capacity may have been written) and the error
// Marshal would return.
func AppendMarshal(dst []byte, v any, opts *Options) ([]byte, error) {
	p, err := getGenerator(opts)
	if err != nil {
		return dst, err
	}
	out, err := p.marshal(dst, v, "")
	putGenerator(p)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// marshal appends v and term, its root terminator, to dst and returns
// the result, or the error of WriteValue. Nothing goes before the value.
func (p *pooledGenerator) marshal(dst []byte, v any, term string) ([]byte, error) {
	g := &p.Generator
	g.ResetAppend(dst)
	g.rootSep, g.rootTerm = "", term
	err := g.WriteValue(v)
	return g.out.buf, err
}

// pooledGenerator is a Generator of genPool, which Marshal,
// AppendMarshal and Encode take for one value: with the options it was
// last set up from, so that a program passing the same options again and
// again (one *Options variable, or an Encoder's) pays for their
// validation and compiled escapers once, and with the scratch buffer of
// Marshal and Encode, so that a call takes one pooled object, not two.
type pooledGenerator struct {
	Generator
	// key is the Options value the generator was set up from, and mx
	// the Escaping key.MarshalerEscaping pointed to then; keyed says
	// they are set (after a successful set-up). Options hold nothing
	// that changes behind a pointer but MarshalerEscaping (a
	// CharacterEscapes cannot change once made; V2 is not read at
	// set-up), so options equal to key, with an equal *MarshalerEscaping,
	// set the generator up the same.
	key   Options
	mx    Escaping
	keyed bool
	// shared is the options pointer of getSharedGenerator's last set-up
	// or reuse, whose options never change once passed (equal to key
	// while keyed), nil until then.
	shared *Options
	// scratch is the buffer Marshal and Encode encode into.
	scratch []byte
}

var genPool = sync.Pool{New: func() any { return new(pooledGenerator) }}

// getGenerator returns a generator of genPool set up from opts (nil for
// the defaults), with no output, or the *OptionsError of invalid opts.
// Where the generator was set up from equal options before, that set-up
// is kept.
func getGenerator(opts *Options) (*pooledGenerator, error) {
	p := genPool.Get().(*pooledGenerator)
	if p.keyed && p.sameOptions(opts) {
		return p, nil
	}
	if err := p.setUp(opts); err != nil {
		genPool.Put(p)
		return nil, err
	}
	return p, nil
}

// setUp sets p up from opts, keyed by their value (not shared), or
// returns the *OptionsError of invalid opts with p not keyed.
func (p *pooledGenerator) setUp(opts *Options) error {
	stack, e, v2s := p.state.stack, p.enc, p.v2s
	p.Generator = Generator{enc: e, v2s: v2s, pooled: true}
	p.state.stack = stack[:0]
	p.keyed, p.shared = false, nil
	if err := p.init(opts); err != nil {
		return err
	}
	p.key, p.mx = Options{}, Escaping{}
	if opts != nil {
		p.key = *opts
		if m := opts.MarshalerEscaping; m != nil {
			p.mx = *m
		}
	}
	p.keyed = true
	return nil
}

// sameOptions reports whether opts are equal to those p was set up from.
func (p *pooledGenerator) sameOptions(opts *Options) bool {
	k := &p.key
	if opts == nil {
		opts = &zeroOptions
	}
	// Field by field, the strings by length first (they are mostly
	// empty): the generated == of Options costs twice as much.
	if opts.Escaping != k.Escaping || opts.Layout != k.Layout || opts.MaxDepth != k.MaxDepth ||
		opts.BufferSize != k.BufferSize || opts.NonFinite != k.NonFinite ||
		opts.MarshalerEscaping != k.MarshalerEscaping || opts.V2 != k.V2 ||
		len(opts.Indent) != len(k.Indent) || len(opts.RootSeparator) != len(k.RootSeparator) ||
		len(opts.RootTerminator) != len(k.RootTerminator) {
		return false
	}
	if len(opts.Indent)|len(opts.RootSeparator)|len(opts.RootTerminator) != 0 &&
		(opts.Indent != k.Indent || opts.RootSeparator != k.RootSeparator || opts.RootTerminator != k.RootTerminator) {
		return false
	}
	m := opts.MarshalerEscaping
	return m == nil || *m == p.mx
}

// zeroOptions are the defaults, which a nil *Options stands for.
var zeroOptions Options

// putGenerator gives p back to genPool, holding no output and no error.
func putGenerator(p *pooledGenerator) {
	p.out = sink{}
	p.err, p.firstErr, p.closeErr = nil, nil, nil
	if cap(p.state.stack) > 1<<10 {
		p.state.stack = nil
	}
	genPool.Put(p)
}

// putScratch gives b, grown from *sp, back to scratchPool, emptied where
// bufpool.Keep drops it, so that one huge value does not keep its memory
// for the life of the pool.
func putScratch(sp *[]byte, b []byte) {
	if !bufpool.Keep(b) {
		b = nil
	}
	*sp = b[:0]
	scratchPool.Put(sp)
}

// putScratch keeps b, grown from p.scratch, as p's scratch buffer where
// bufpool.Keep keeps it, so that one huge value does not keep its memory
// for the life of the pool.
func (p *pooledGenerator) putScratch(b []byte) {
	if !bufpool.Keep(b) {
		b = nil
	}
	p.scratch = b[:0]
}

// Encoder writes Go values to an io.Writer, each as one JSON value
// followed by a newline (as json.Encoder does): NDJSON in the Compact
// layout. Each value is encoded whole before any of it is written, so a
// value that fails to encode writes nothing (a writer that fails, or takes
// part of the Write, may have received part of a value). An Encoder is not safe for concurrent
// use. Make one with NewEncoder: the zero Encoder has no io.Writer, and
// its Encode returns an *OptionsError.
//
// An Encoder holds no buffer between values: each Encode takes a
// generator with its scratch buffer from a pool shared by all Encoders
// (and Marshal) and gives it back, so an Encoder made per request and
// used once (a net/http handler's) costs its own allocation only; a
// pooled generator keeps the set-up of the options it was last given, so
// Encoders made with equal options do not compile them again.
type Encoder struct {
	w    io.Writer
	opts Options // validated by NewEncoder
}

// NewEncoder returns an Encoder that writes to w under opts (nil for the
// defaults), which it copies. Options.RootSeparator, RootTerminator and
// BufferSize are validated like the other fields but not used: each value
// is followed by a newline and written with one Write call. It returns an
// *OptionsError if opts is not valid or w is nil.
func NewEncoder(w io.Writer, opts *Options) (*Encoder, error) {
	// Small enough to be inlined, so that an Encoder that does not
	// outlive its caller can stay on the caller's stack.
	return (&Encoder{w: w}).setOptions(opts)
}

// setOptions checks the writer of enc and copies and validates opts into
// it, for NewEncoder: it returns enc, or nil and the error.
func (enc *Encoder) setOptions(opts *Options) (*Encoder, error) {
	if enc.w == nil {
		return nil, errNilWriter()
	}
	if opts != nil {
		enc.opts = *opts
		if err := enc.opts.validate(); err != nil {
			return nil, err
		}
	}
	return enc, nil
}

// Encode writes v and a newline to the writer with one Write call. It
// returns the errors of WriteValue, writing nothing, or the writer's error:
// as for a Generator (and bufio.Writer), io.ErrShortWrite if the writer
// accepts fewer bytes than given without an error, and an error if it
// reports a byte count below 0 or above the length given. An Encoder
// without an io.Writer (the zero Encoder) returns an *OptionsError,
// matching ErrInvalidOptions, and writes nothing.
func (enc *Encoder) Encode(v any) error {
	if enc.w == nil {
		return errNilWriter()
	}
	p, err := getGenerator(&enc.opts) // valid: a miss cannot fail
	if err != nil {
		return err
	}
	// Each value followed by one newline, as json.Encoder writes it,
	// whatever the options' root separator and terminator.
	b, err := p.marshal(p.scratch[:0], v, "\n")
	if err == nil {
		// A sink hands b to the writer and checks the count.
		k := sink{buf: b, w: enc.w}
		err = k.flush()
	}
	p.putScratch(b)
	putGenerator(p)
	return err
}

// The fast paths below write a token of a value in the Compact layout
// where the generator's own fast path for strings applies (st.valueSep !=
// noFast: in an array, or after a name), with the checks of the token
// methods folded into one test; elsewhere they fall back to the token
// methods. While WriteValue runs the sink is in append mode, so room
// cannot fail.

// fastValue writes the separator before a value of at most n bytes and
// reports true, or reports false where the fast path does not apply.
func (e *encState) fastValue(n int) bool {
	g := e.g
	st := &g.state
	if st.valueSep == noFast || g.err != nil {
		return false
	}
	if g.out.free() < n+1 {
		_ = g.out.room(n + 1)
	}
	if st.valueSep != 0 {
		g.out.buf = append(g.out.buf, st.valueSep)
	}
	return true
}

func (e *encState) writeInt(v int64) error {
	if e.fastValue(20) {
		e.g.out.buf = appendInt(e.g.out.buf, v)
		e.g.state.fastValueDone()
		return nil
	}
	return e.g.WriteInt(v)
}

func (e *encState) writeUint(v uint64) error {
	if e.fastValue(20) {
		e.g.out.buf = appendUint(e.g.out.buf, v)
		e.g.state.fastValueDone()
		return nil
	}
	return e.g.WriteUint(v)
}

func (e *encState) writeBool(v bool) error {
	if e.fastValue(5) {
		if v {
			e.g.out.buf = append(e.g.out.buf, "true"...)
		} else {
			e.g.out.buf = append(e.g.out.buf, "false"...)
		}
		e.g.state.fastValueDone()
		return nil
	}
	return e.g.WriteBool(v)
}

func (e *encState) writeNull() error {
	if e.fastValue(4) {
		e.g.out.buf = append(e.g.out.buf, "null"...)
		e.g.state.fastValueDone()
		return nil
	}
	return e.g.WriteNull()
}

// writeFiniteFloat writes a finite float.
func (e *encState) writeFiniteFloat(f float64, bits int) error {
	if e.fastValue(32) {
		e.g.out.buf = appendFloat(e.g.out.buf, f, bits)
		e.g.state.fastValueDone()
		return nil
	}
	return e.g.writeFloat(f, bits)
}

// writeStart opens an object or array.
func (e *encState) writeStart(c context) error {
	st := &e.g.state
	if len(st.stack) < st.maxDepth && e.fastValue(1) {
		open := byte('[')
		if c == inObject {
			open = '{'
		}
		e.g.out.buf = append(e.g.out.buf, open)
		// push, with what its sync sets in the Compact layout (where
		// fastValue succeeds).
		st.stack = append(st.stack, c)
		st.container, st.first, st.afterName = c, true, false
		st.valueSep = 0
		if c == inObject {
			st.objects++
			st.valueSep = noFast
		}
		return nil
	}
	if c == inObject {
		return e.g.WriteStartObject()
	}
	return e.g.WriteStartArray()
}

// writeEnd closes the object or array c. The end of a root value is left
// to the token methods, which own what follows a root value.
func (e *encState) writeEnd(c context) error {
	g := e.g
	st := &g.state
	if st.compact && st.container == c && !st.afterName && g.err == nil && len(st.stack) > 1 {
		if g.out.free() < 1 {
			_ = g.out.room(1)
		}
		end := byte(']')
		if c == inObject {
			end = '}'
		}
		g.out.buf = append(g.out.buf, end)
		// pop, with what its valueDone and sync set in the Compact
		// layout below the root.
		if c == inObject {
			st.objects--
		}
		st.stack = st.stack[:len(st.stack)-1]
		st.container, st.first, st.afterName = st.stack[len(st.stack)-1], false, false
		st.valueSep = noFast
		if st.container == inArray {
			st.valueSep = ','
		}
		return nil
	}
	if c == inObject {
		return g.WriteEndObject()
	}
	return g.WriteEndArray()
}
