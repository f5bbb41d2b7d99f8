package jgen

// Caller marshal functions under the v2 rules (JSONv2.Marshalers), as
// encoding/json/v2's WithMarshalers applies them (Go 1.27
// v2/arshal_funcs.go).

import (
	"errors"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// Marshalers is a list of caller marshal functions for the v2 rules, set
// as [JSONv2.Marshalers]: encoding/json/v2's Marshalers for the functions
// [MarshalFunc] and (where encoding/json/v2 is built) MarshalToFunc make.
// A value whose type a function applies to is encoded by the first such
// function in the list (a MarshalToFunc may pass it on), before any
// method of the type or its default encoding, wherever it is in the
// value (the root, a struct field, an element, a map key or value, the
// value of an interface). For a map key, as in v2, a MarshalFunc's output
// must be a JSON string, whose text is the member name (written under the
// escaping, entries sorted by name); output with escapes or whitespace
// around it, names that repeat, and MarshalToFuncs on keys are declined
// as [ErrV2Unimplemented]. A nil *Marshalers is an empty list. A Marshalers is not changed once made and may be used by any
// number of goroutines; the encoders compiled for it are kept with it,
// and go when it is no longer reachable.
type Marshalers struct {
	fns []marshalFunc
	// id is the Marshalers' part of the v2Flags of the encoders compiled
	// for it (v2MarshalersShift), never 0 and never reused.
	id uint64
	// encoders caches the *v2Entry of each reflect.Type compiled under
	// this list, one map per v2Flags of the options.
	encoders [v2FlagsMask + 1]sync.Map
	// std is encoding/json/v2's *Marshalers of the same functions, made
	// on first use (stdMarshalers), for the encoder a MarshalToFunc or
	// MarshalJSONTo gets; nil where encoding/json/v2 is not built.
	stdOnce sync.Once
	std     any
}

// marshalFunc is one function of a Marshalers.
type marshalFunc struct {
	// typ is the T of MarshalFunc[T].
	typ reflect.Type
	// call calls the function of MarshalFunc on the value at p, of type
	// t, castable to typ (castableTo); nil for a MarshalToFunc.
	call func(t reflect.Type, p unsafe.Pointer) ([]byte, error)
	// to is the function of MarshalToFunc, taking the value as call does
	// (a func(*jsontext.Encoder, reflect.Type, unsafe.Pointer) error);
	// nil for a MarshalFunc.
	to any
	// std returns encoding/json/v2's *Marshalers of the function; nil
	// where encoding/json/v2 is not built.
	std func() any
}

// stdMarshalers returns encoding/json/v2's *Marshalers of m's functions
// (as an any: nil where encoding/json/v2 is not built).
func (m *Marshalers) stdMarshalers() any {
	if m == nil {
		return nil
	}
	m.stdOnce.Do(func() { m.std = joinStdMarshalers(m.fns) })
	return m.std
}

// castValue returns the value at p, of type t, as a marshal function of
// type T (of kind kind) gets it, as encoding/json/v2's castTo: the value
// itself, its address (T a pointer), or its address as T (T an
// interface).
func castValue[T any](kind reflect.Kind, t reflect.Type, p unsafe.Pointer) T {
	switch kind {
	case reflect.Interface:
		return reflect.NewAt(t, p).Interface().(T)
	case reflect.Pointer:
		return *(*T)(unsafe.Pointer(&p))
	default:
		return *(*T)(p)
	}
}

// checkFuncType panics where T, the type of a marshal function, is a
// named pointer type, as encoding/json/v2 does.
func checkFuncType(typ reflect.Type) {
	if typ.Kind() == reflect.Pointer && typ.Name() != "" {
		panic("jgen: invalid type " + typ.String() + ": a named pointer type may not have a marshal function")
	}
}

// MarshalFunc returns a list of one function encoding the values of type
// T under the v2 rules, as encoding/json/v2's MarshalFunc: fn applies to
// a value of type T (T not an interface or a pointer), to a value of
// type E (T being *E, fn getting its address), or to a value of any type
// E where *E implements T (T an interface; fn gets the address of the
// value, as T). fn's output must be one JSON value: it is checked and
// written compact, as MarshalJSON output is, and declined as
// [ErrV2Unimplemented] where MarshalJSON output would be (not one valid
// value, escapes v2 rewrites; v2's errors are left to it). An error fn
// returns is the Err of an *EncodeError naming T (errors.ErrUnsupported
// replaced, as v2 refuses it from a MarshalFunc). Values are addressable copies where v2
// copies them; fn must not retain the value. T may not be a named
// pointer type: MarshalFunc panics on one, as encoding/json/v2 does.
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers {
	typ := reflect.TypeFor[T]()
	checkFuncType(typ)
	kind := typ.Kind()
	call := func(t reflect.Type, p unsafe.Pointer) ([]byte, error) {
		return fn(castValue[T](kind, t, p))
	}
	return newMarshalers([]marshalFunc{{typ: typ, call: call, std: stdMarshalFunc(fn)}})
}

// JoinMarshalers returns the functions of ms in one list, in their order
// (nil lists ignored), as encoding/json/v2's JoinMarshalers: of the
// functions that apply to a type, the earliest is called. It returns nil
// where ms hold no function.
func JoinMarshalers(ms ...*Marshalers) *Marshalers {
	var fns []marshalFunc
	for _, m := range ms {
		if m != nil {
			fns = append(fns, m.fns...)
		}
	}
	if len(fns) == 0 {
		return nil
	}
	return newMarshalers(fns)
}

// marshalersIDs numbers the Marshalers; marshalersByID finds one by its
// id while it is reachable (the entry goes with it).
var (
	marshalersIDs  atomic.Uint64
	marshalersByID sync.Map // uint64 → weak.Pointer[Marshalers]
)

func newMarshalers(fns []marshalFunc) *Marshalers {
	m := &Marshalers{fns: fns, id: marshalersIDs.Add(1)}
	marshalersByID.Store(m.id, weak.Make(m))
	runtime.AddCleanup(m, func(id uint64) { marshalersByID.Delete(id) }, m.id)
	return m
}

// lookupMarshalers returns the Marshalers of the flags f, nil where f
// holds none. The Marshalers is reachable while an encoder compiled for
// it runs: the options of the call hold it.
func lookupMarshalers(f v2Flags) *Marshalers {
	id := uint64(f >> v2MarshalersShift)
	if id == 0 {
		return nil
	}
	w, ok := marshalersByID.Load(id)
	if !ok {
		return nil
	}
	return w.(weak.Pointer[Marshalers]).Value()
}

// castableTo reports whether a marshal function of type T applies to a
// value of type t, as encoding/json/v2's castableTo.
func castableTo(t, T reflect.Type) bool {
	switch T.Kind() {
	case reflect.Interface:
		return reflect.PointerTo(t).Implements(T)
	case reflect.Pointer:
		return reflect.PointerTo(t) == T
	default:
		return t == T
	}
}

// funcsFor returns the functions of f's Marshalers that may encode a
// value of type t, in order: those that apply to t, up to the first that
// cannot decline (a MarshalFunc), as encoding/json/v2's lookup.
func funcsFor(t reflect.Type, f v2Flags) []*marshalFunc {
	m := lookupMarshalers(f)
	if m == nil {
		return nil
	}
	var fns []*marshalFunc
	for i := range m.fns {
		if castableTo(t, m.fns[i].typ) {
			fns = append(fns, &m.fns[i])
			if m.fns[i].to == nil {
				break
			}
		}
	}
	return fns
}

// hasFunc reports whether a function of f's Marshalers applies to t.
func hasFunc(t reflect.Type, f v2Flags) bool {
	return f>>v2MarshalersShift != 0 && len(funcsFor(t, f)) > 0
}

// errFuncUnsupported is the error of a marshal function that returns
// errors.ErrUnsupported, which encoding/json/v2 refuses from a
// MarshalFunc as it does from MarshalJSON.
var errFuncUnsupported = errors.New("marshal function of type func(T) ([]byte, error) may not return errors.ErrUnsupported")

// v2FuncsEncoder calls the functions fns on the value of type t at p in
// turn: a MarshalFunc's output is written as v2MarshalJSONEncoder writes
// MarshalJSON output, a MarshalToFunc's as v2MarshalJSONToEncoder writes
// MarshalJSONTo's; a MarshalToFunc that declines (errors.ErrUnsupported,
// nothing written) passes the value to the next, the last to dflt (the
// type's methods or default encoding), as in encoding/json/v2.
func v2FuncsEncoder(t reflect.Type, fns []*marshalFunc, dflt v2Func) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		for _, fn := range fns {
			if fn.to != nil {
				out, skip, err := s.callTo(b, t, bindTo(fn.to, t, p), fn)
				if skip {
					continue
				}
				return out, err
			}
			val, err := fn.call(t, p)
			if err != nil {
				if errors.Is(err, errors.ErrUnsupported) {
					err = errFuncUnsupported
				}
				return b, methodErr(fn.typ, "MarshalFunc", err)
			}
			return s.appendMarshalerOutput(b, val, t, "MarshalFunc")
		}
		return dflt(s, b, p)
	}
}
