// Package dropin is the door by which jgen's drop-in packages (json/v2)
// encode with jgen's pooled generators directly, without a buffer pool of
// their own. Package jgen sets its functions when it is initialised; this
// package cannot name jgen's types (jgen imports it), so the options are
// passed as any holding a *jgen.Options.
package dropin

import "io"

// Write encodes v as one JSON value, as jgen.AppendMarshal would under
// opts (any holding a *jgen.Options), into a pooled generator's scratch
// buffer and writes it to w with one Write call. opts must never change
// once passed: the pooled generator set up from it is then reused by the
// pointer alone, without comparing the options. encoded reports whether
// v was encoded; err is then w's error (nil if Write succeeded), and
// otherwise the encoding error (w is not called).
var Write func(w io.Writer, v any, opts any) (encoded bool, err error)

// Marshal is jgen.Marshal under opts (any holding a *jgen.Options, which
// must never change once passed, as for Write): v encoded as one JSON
// value in a new slice of its length, or the encoding error and nil.
var Marshal func(v any, opts any) ([]byte, error)
