//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/jgen-go/jgen"
)

// encoding/json/v2's *Marshalers is opaque: MarshalFunc and
// JoinMarshalers record, for each one they return, jgen's list of the
// same functions, so that Marshal can encode with them. A *Marshalers
// made by encoding/json/v2 itself is not in the table: a call with it
// goes to encoding/json/v2 whole.

// funcsEntry is jgen's equivalent of a recorded *Marshalers, with the
// JSONv2 rules holding it, made on first use by their v2Index.
type funcsEntry struct {
	m     *jgen.Marshalers
	rules [len(v2Rules)]atomic.Pointer[jgen.JSONv2]
}

// marshalersTable maps a weak.Pointer to a recorded *Marshalers to its
// *funcsEntry; an entry is deleted once its *Marshalers is unreachable.
var marshalersTable sync.Map

// recordFuncs enters m as jgen's equivalent of std (nil: nothing) and returns
// std.
func recordFuncs(std *Marshalers, m *jgen.Marshalers) *Marshalers {
	if std == nil || m == nil {
		return std
	}
	k := weak.Make(std)
	marshalersTable.Store(k, &funcsEntry{m: m})
	runtime.AddCleanup(std, func(k weak.Pointer[Marshalers]) { marshalersTable.Delete(k) }, k)
	return std
}

// lookupFuncs returns the entry recorded for std, nil where there is
// none.
func lookupFuncs(std *Marshalers) *funcsEntry {
	if std == nil {
		return nil
	}
	e, ok := marshalersTable.Load(weak.Make(std))
	if !ok {
		return nil
	}
	return e.(*funcsEntry)
}

// rulesAt returns v2Rules[i] with e's functions.
func (e *funcsEntry) rulesAt(i int) *jgen.JSONv2 {
	if r := e.rules[i].Load(); r != nil {
		return r
	}
	r := v2Rules[i]
	r.Marshalers = e.m
	e.rules[i].CompareAndSwap(nil, &r)
	return e.rules[i].Load()
}

// MarshalFunc is encoding/json/v2's MarshalFunc: the *Marshalers it
// returns works wherever encoding/json/v2's does, and [Marshal],
// [MarshalWrite] and [MarshalEncode] encode with it themselves (as
// jgen's MarshalFunc) what jgen's v2 rules implement. It panics where T
// is a named pointer type, as encoding/json/v2 does.
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers {
	return recordFuncs(jsonv2.MarshalFunc(fn), jgen.MarshalFunc(fn))
}

// MarshalToFunc is encoding/json/v2's MarshalToFunc, recorded as
// [MarshalFunc] is (as jgen's MarshalToFunc). It panics where T is a
// named pointer type, as encoding/json/v2 does.
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	return recordFuncs(jsonv2.MarshalToFunc(fn), jgen.MarshalToFunc(fn))
}

// JoinMarshalers is encoding/json/v2's JoinMarshalers; the list is
// encoded by jgen where each of ms is nil or made by this package's
// [MarshalFunc], [MarshalToFunc] or JoinMarshalers (a *Marshalers of
// encoding/json/v2's own making leaves the list to encoding/json/v2).
func JoinMarshalers(ms ...*Marshalers) *Marshalers {
	std := jsonv2.JoinMarshalers(ms...)
	parts := make([]*jgen.Marshalers, 0, len(ms))
	for _, m := range ms {
		if m == nil {
			continue
		}
		e := lookupFuncs(m)
		if e == nil {
			return std
		}
		parts = append(parts, e.m)
	}
	return recordFuncs(std, jgen.JoinMarshalers(parts...))
}
