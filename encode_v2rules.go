package jgen

import (
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// This file holds the entry and state of the value encoder of
// encoding/json/v2's rules (JSONv2): encoders compiled per Go type and
// v2Flags, each appending the compact encoding of the value at a pointer
// to a byte slice. WriteValue then writes the bytes as one value
// (writeValueV2). The encoders are in encode_v2rules_*.go: scalars,
// containers, struct, methods; raw holds the checks of MarshalJSON
// output, reformat its rewriting, depth the Options.MaxDepth errors.

// v2Func appends the encoding of the value at p, of the type it was
// compiled for, to b.
type v2Func func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error)

// v2Entry is a compiled v2 encoder; why is the reason where the rules
// decline the type, or a type it contains by value or pointer (f then
// declines every value with it), nil where they encode it.
type v2Entry struct {
	f   v2Func
	why *unimplementedError
	// copy is set where a value of the type held in an interface is
	// copied out before it is encoded (see v2InterfaceEncoder).
	copy bool
}

// v2Encoders caches the *v2Entry of each reflect.Type, one map per
// v2Flags (a key of type and flags would be boxed on every lookup).
var v2Encoders [v2FlagsMask + 1]sync.Map

// v2Cache returns the cache of the encoders compiled under f: those of
// f's Marshalers where it holds any (they go with it).
func v2Cache(f v2Flags) *sync.Map {
	if f>>v2MarshalersShift == 0 {
		return &v2Encoders[f]
	}
	return &lookupMarshalers(f).encoders[f&v2FlagsMask]
}

// v2State is the state of one value encoded under the v2 rules.
type v2State struct {
	g   *Generator
	esc *escaper
	// plainNames is set when the escaping writes every member name the
	// way Minimal does (the quoted forms compiled into struct encoders).
	plainNames bool
	// dupNames is JSONv2.AllowDuplicateNames; strictUTF8 is set under
	// InvalidUTF8Error.
	dupNames, strictUTF8 bool
	// anyOrder is JSONv2.AnyMapOrder without Deterministic: maps whose
	// keys cannot share a name are written in iteration order.
	anyOrder bool
	// depth counts the pointers, slices, maps and interfaces entered; a
	// value nested deeper than v2MaxPointers is declined (a cycle, or
	// nesting encoding/json/v2 reports itself).
	depth int
	// room is how many more arrays and objects may be opened, counting
	// those of MarshalJSON output, before Options.MaxDepth is exceeded:
	// Options.MaxDepth less the generator's open containers, less the
	// containers of the value open at the moment.
	room int
	// rootStart is the index in the encoder's buffer where the value
	// begins, rootOffset the output offset of that byte (for the
	// *SyntaxError of a nesting past Options.MaxDepth).
	rootStart  int
	rootOffset int64
	// rawEscaping is 1 where the escaping is Minimal but for its
	// InvalidUTF8, HTMLSafe and JSLineTerminators (appendPlainJSON takes
	// MarshalJSON output only then), -1 where not, 0 until
	// appendPlainJSON first looks.
	rawEscaping int8
	// tmp is scratch for AppendText.
	tmp []byte
	// rootType and rootFlags are the type and flags of the last root
	// value, rootEntry their encoder: a generator writing values of one
	// type looks it up once (a compiled entry never changes).
	rootType  reflect.Type
	rootFlags v2Flags
	rootEntry *v2Entry
	// word holds the root value when its interface holds it directly (a
	// pointer or map), so that the encoders get its address.
	word unsafe.Pointer
}

// v2MaxPointers bounds s.depth: encoding/json/v2 starts looking for
// cycles beyond 1000 levels, whose errors jgen leaves to it.
const v2MaxPointers = 1000

var v2StatePool = sync.Pool{New: func() any { return new(v2State) }}

// writeValueV2 is WriteValue under the v2 rules: v is encoded whole into
// a scratch buffer, then written as one value (verbatim in the Compact
// layout, through the raw-value rule in the others, which lays it out).
func (g *Generator) writeValueV2(v any) error {
	if err := g.checkValue("value"); err != nil {
		return g.note(err)
	}
	s := g.takeV2State()
	var err error
	if g.out.w == nil && g.state.compact {
		// Append mode, Compact layout: encoded in place, cut back on
		// error.
		saved := g.state
		mark, berr := g.beginValue("value", 0)
		if berr != nil {
			err = berr
		} else {
			var b []byte
			s.rootStart, s.rootOffset = len(g.out.buf), g.out.offset()
			b, err = s.encodeRoot(g.out.buf, v, g.opts.V2.flags())
			if err != nil {
				g.out.buf = b[:mark]
				g.state = saved
			} else {
				g.out.buf = b
				err = g.valueDone()
			}
		}
	} else {
		sp := scratchPool.Get().(*[]byte)
		var b []byte
		// The value begins after the separator beginValue writes; in the
		// other layouts its bytes are laid out, and the offset of a
		// nesting error is that of the value's first byte.
		s.rootStart, s.rootOffset = 0, -1
		b, err = s.encodeRoot((*sp)[:0], v, g.opts.V2.flags())
		if err == nil {
			if g.state.compact {
				err = g.writeV2Compact(b)
			} else {
				err = g.writeRaw("value", b)
			}
		}
		putScratch(sp, b)
	}
	g.releaseV2State(s)
	if ee, ok := err.(*EncodeError); ok {
		ee.finish()
	}
	return g.note(err)
}

// takeV2State returns the generator's v2State (or one of the pool) set
// up for a value at the generator's position.
func (g *Generator) takeV2State() *v2State {
	s := g.v2s
	if s != nil {
		g.v2s = nil // taken: a nested WriteValue takes one of the pool
	} else {
		s = v2StatePool.Get().(*v2State)
	}
	s.g, s.esc = g, &g.esc
	s.plainNames = plainNameEscaping(&g.esc)
	s.dupNames = g.opts.V2.AllowDuplicateNames
	s.strictUTF8 = g.esc.escaping.InvalidUTF8 == InvalidUTF8Error
	s.anyOrder = g.opts.V2.AnyMapOrder && !g.opts.V2.Deterministic
	s.room = g.state.maxDepth - len(g.state.stack)
	return s
}

// releaseV2State gives s, from takeV2State, back.
func (g *Generator) releaseV2State(s *v2State) {
	s.g, s.esc, s.depth, s.word, s.rawEscaping = nil, nil, 0, nil, 0
	if g.pooled && g.v2s == nil {
		g.v2s = s
	} else {
		v2StatePool.Put(s)
	}
}

// writeV2Compact writes b, a compact value the v2 encoder wrote under the
// generator's escaping, verbatim.
func (g *Generator) writeV2Compact(b []byte) error {
	if _, err := g.beginValue("value", len(b)); err != nil {
		return err
	}
	if err := g.appendRaw(b); err != nil {
		return err
	}
	return g.valueDone()
}

// plainNameEscaping reports whether x writes the struct member names the
// v2 encoders compile (valid UTF-8, quoted under Minimal) the way Minimal
// does: Minimal itself under any invalid-UTF-8 policy.
func plainNameEscaping(x *escaper) bool {
	e := x.escaping
	e.InvalidUTF8 = InvalidUTF8Error
	return e == Minimal
}

func (s *v2State) encodeRoot(b []byte, v any, f v2Flags) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	t := reflect.TypeOf(v)
	data := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	p := data
	if f>>v2MarshalersShift != 0 {
		return s.encodeRootFuncs(b, v, t, f)
	}
	e := s.rootEntry
	if t != s.rootType || f != s.rootFlags || e == nil {
		e = v2Lookup(t, f)
		s.rootType, s.rootFlags, s.rootEntry = t, f, e
	}
	if ifaceHoldsValue(t) {
		s.word = data
		p = unsafe.Pointer(&s.word)
	} else if e.copy {
		// Possibly held directly in the interface, or the receiver of a
		// method (the interface's copy may be read-only): copy it out.
		// The entry knows which (a struct, an array, a type with
		// methods), so that a call does not ask reflect again.
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(v))
		p = c.UnsafePointer()
	}
	b, err := e.f(s, b, p)
	if err != nil {
		return b, encodeErr(t, err)
	}
	return b, nil
}

// encodeRootFuncs is encodeRoot under marshal functions (f's
// Marshalers), without the cache of the root's encoder: as v2 does, a
// root pointer is followed (nil is null), and the value it points to is
// the root, whose type the functions match; any other value is copied,
// so that a function gets the address of a copy, as in v2.
func (s *v2State) encodeRootFuncs(b []byte, v any, t reflect.Type, f v2Flags) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if t.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return append(b, "null"...), nil
		}
		t = t.Elem()
	} else {
		c := reflect.New(t)
		c.Elem().Set(rv)
		rv = c
	}
	b, err := v2Lookup(t, f).f(s, b, rv.UnsafePointer())
	if err != nil {
		return b, encodeErr(t, err)
	}
	return b, nil
}

// ifaceHoldsValue reports whether an interface holding a value of type t
// holds the value itself in its data word (not a pointer to it), for the
// kinds where that is known from the kind; a struct or an array of one
// pointer-shaped element may be either, and is copied by the callers.
func ifaceHoldsValue(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// v2Lookup returns the compiled encoder of t under f, compiling it on
// first use; a recursive type's use of itself while it is compiled gets a
// forwarding encoder.
func v2Lookup(t reflect.Type, f v2Flags) *v2Entry {
	return v2LookupIn(v2Cache(f), t, f)
}

// v2LookupIn is v2Lookup with m, f's cache (v2Cache), found already.
func v2LookupIn(m *sync.Map, t reflect.Type, f v2Flags) *v2Entry {
	if e, ok := m.Load(t); ok {
		return e.(*v2Entry)
	}
	var (
		wg  sync.WaitGroup
		got atomic.Pointer[v2Entry]
	)
	wg.Add(1)
	// copy is the same for fwd and the entry that replaces it: a caller
	// that gets fwd (a recursive use, or a concurrent first use) reads it.
	k := t.Kind()
	cp := k == reflect.Struct || k == reflect.Array || hasV2Methods(t) || hasFunc(t, f)
	// The compiled encoders of t's recursive uses keep calling fwd: once
	// got is set, that costs one atomic load.
	fwd := &v2Entry{copy: cp, f: func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		e := got.Load()
		if e == nil {
			wg.Wait()
			e = got.Load()
		}
		return e.f(s, b, p)
	}}
	if e, loaded := m.LoadOrStore(t, fwd); loaded {
		return e.(*v2Entry)
	}
	fn, why := compileV2(t, f)
	if why != nil {
		fn = v2Unimplemented(t, why)
	}
	e := &v2Entry{f: fn, why: why, copy: cp}
	got.Store(e)
	wg.Done()
	m.Store(t, e)
	return e
}

// v2Unimplemented returns the encoder of a type t the rules decline for
// the reason why: it declines every value.
func v2Unimplemented(t reflect.Type, why *unimplementedError) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		return b, declineValue(t, why)
	}
}

var (
	durationType      = reflect.TypeFor[time.Duration]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
)

// hasV2Methods reports whether t or *t has a method encoding/json/v2
// calls to marshal a value (MarshalJSONTo, MarshalJSON, AppendText,
// MarshalText): v2 calls a pointer receiver's method on any value, all
// its values being addressable.
func hasV2Methods(t reflect.Type) bool {
	for _, u := range []reflect.Type{t, reflect.PointerTo(t)} {
		if u.Implements(jsonMarshalerType) || u.Implements(textMarshalerType) || u.Implements(textAppenderType) {
			return true
		}
		if _, ok := u.MethodByName("MarshalJSONTo"); ok {
			return true
		}
	}
	return false
}

// hasMethod reports whether t or *t has the method name.
func hasMethod(t reflect.Type, name string) bool {
	_, ok := t.MethodByName(name)
	_, pok := reflect.PointerTo(t).MethodByName(name)
	return ok || pok
}

// compileV2 compiles the encoder of t under f; why is the reason where
// the rules decline t (the encoder then nil), else nil. The other
// compile functions of the v2 rules return the same.
func compileV2(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	if f>>v2MarshalersShift != 0 {
		// The marshal functions come before everything else, as in v2's
		// lookup (v2/arshal_funcs.go).
		if fns := funcsFor(t, f); len(fns) > 0 {
			dflt, why := compileV2Methods(t, f)
			if why != nil {
				dflt = v2Unimplemented(t, why)
			}
			return v2FuncsEncoder(t, fns, dflt), nil
		}
	}
	return compileV2Methods(t, f)
}

// compileV2Methods is compileV2 less the marshal functions of t: its
// methods, else its default encoding.
func compileV2Methods(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	switch {
	case t == timeType:
		return v2Time, nil
	case t == numberType:
		// encoding/json's Number, whose MarshalJSONTo (Go 1.27) writes a
		// valid number verbatim, "" as 0, and under StringifyNumbers or
		// the string option as a string.
		return v2NumberEncoder(f&v2Stringify != 0), nil
	case t == durationType:
		// v2 refuses it ("no default representation").
		return nil, whyDuration
	case t.PkgPath() == "encoding/json/jsontext" && t.Name() == "Value":
		// Its MarshalJSON (value receiver) returns null for nil, else
		// the bytes; v2 calls it as any MarshalJSON.
		return v2RawValueEncoder(t), nil
	case t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && hasV2Methods(t):
		// v2 calls the methods of a value (never of a pointer or an
		// interface, whose nil would be the receiver), through its
		// address, in the order MarshalJSONTo, MarshalJSON, AppendText,
		// MarshalText (Go 1.27 v2/arshal_methods.go).
		pt := reflect.PointerTo(t)
		switch {
		case hasMethod(t, "MarshalJSONTo"):
			if marshalerToType == nil || !pt.Implements(marshalerToType) {
				// The classic encoding/json, or a method of another
				// signature (which v2 does not call: left to it).
				return nil, unimplemented("MarshalJSONTo method of " + t.String() + " not of the signature of encoding/json/v2's MarshalerTo")
			}
			// v2 falls back on the next method, or the default
			// encoding, where MarshalJSONTo returns
			// errors.ErrUnsupported having written nothing.
			prev, why := compileV2After(t, f)
			if why != nil {
				prev = v2Unimplemented(t, why)
			}
			return v2MarshalJSONToEncoder(t, prev), nil
		default:
			return compileV2After(t, f)
		}
	}
	return compileV2Kind(t, f)
}

// compileV2After compiles the encoder of t, a type with methods v2
// calls, under f, less MarshalJSONTo: its MarshalJSON, AppendText or
// MarshalText, else the encoding of its kind.
func compileV2After(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	pt := reflect.PointerTo(t)
	switch {
	case pt.Implements(jsonMarshalerType):
		return v2MarshalJSONEncoder(t), nil
	case pt.Implements(textAppenderType):
		return v2AppendTextEncoder(t), nil
	case pt.Implements(textMarshalerType):
		return v2MarshalTextEncoder(t), nil
	}
	return compileV2Kind(t, f)
}

// compileV2Kind compiles the encoder of t under f by its kind, methods
// left aside.
func compileV2Kind(t reflect.Type, f v2Flags) (v2Func, *unimplementedError) {
	switch t.Kind() {
	case reflect.Bool:
		return v2Bool, nil
	case reflect.String:
		return v2String, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v2IntEncoder(t.Size(), f&v2Stringify != 0), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v2UintEncoder(t.Size(), f&v2Stringify != 0), nil
	case reflect.Float32, reflect.Float64:
		return v2FloatEncoder(t, f&v2Stringify != 0), nil
	case reflect.Interface:
		return v2InterfaceEncoder(t, f), nil
	case reflect.Pointer:
		return v2PtrEncoder(t, f)
	case reflect.Slice:
		return v2SliceEncoder(t, f)
	case reflect.Array:
		return v2ArrayEncoder(t, f)
	case reflect.Map:
		return v2MapEncoder(t, f)
	case reflect.Struct:
		enc, why := v2StructEncoder(t, f)
		if why == nil {
			if members, fb, _ := v2StructMembers(t); fb != nil {
				if f>>v2MarshalersShift != 0 {
					// Left to v2.
					return nil, unimplemented("embedded fallback (Go struct field " + t.String() + "." + fb.sf.Name + ") under Marshalers")
				}
				enc = v2WithFallback(t, f, enc, members, fb)
			}
		}
		return enc, why
	}
	// chan, func, complex, unsafe.Pointer: v2's errors.
	return nil, unimplemented(t.Kind().String() + " kind (" + t.String() + "), which encoding/json/v2 refuses")
}
