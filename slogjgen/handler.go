package slogjgen

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sync"

	"github.com/jgen-go/jgen"
)

// Handler is a [slog.Handler] that writes each [slog.Record] as one JSON
// object on one line (NDJSON), in compact form, with one Write call to its
// [io.Writer]. Make one with [NewHandler]. A Handler is safe for
// concurrent use; handlers derived from it with [Handler.WithAttrs] and
// [Handler.WithGroup] share its writer and the mutex that serialises the
// Write calls.
type Handler struct {
	c *common
	// pre holds the members pre-encoded by WithAttrs, with the groups they
	// opened, as slog's JSONHandler keeps them: `"a":1,"g":{"b":2`.
	pre []byte
	// groups are the names given to WithGroup, outermost first; the first
	// nOpen of them are opened in pre.
	groups []string
	nOpen  int
}

// common is shared by a Handler and every handler derived from it.
type common struct {
	w    io.Writer
	mu   sync.Mutex
	opts slog.HandlerOptions
	// text quotes keys, messages, string values and error text; vopts is
	// the options of the generator that writes every other value.
	text  *jgen.Quoter
	vopts jgen.Options
	pool  sync.Pool // *state
	// Quoted once under the text escaping: the built-in keys, each
	// followed by ':', and the names of the four standard levels.
	timeKey, levelKey, msgKey []byte
	levels                    [4][]byte
	// rawTime is set when the text escaping writes every character of an
	// RFC 3339 time as it is, so a time is formatted in place between two
	// quote chars (quote).
	rawTime bool
	quote   byte
	// asSlog is set for the nil escaping: a value that WriteValue cannot
	// encode is then encoded again as slog encodes it (see state.failed).
	asSlog bool
}

// NewHandler returns a Handler that writes to w under opts (nil for the
// defaults, as for [slog.NewJSONHandler]).
//
// With esc nil, the bytes written are those of slog.NewJSONHandler(w,
// opts), except in the cases listed in the package documentation. With esc
// not nil, every string of the record is written under *esc, with the
// [jgen.InvalidUTF8Error] policy replaced by [jgen.InvalidUTF8Replace]
// (see the package documentation). NewHandler panics with the
// [*jgen.OptionsError] of [jgen.Escaping.Validate] when esc is not valid:
// an escaping is fixed when a program is written, and a handler that
// wrote nothing would hide the mistake.
func NewHandler(w io.Writer, opts *slog.HandlerOptions, esc *jgen.Escaping) *Handler {
	c := &common{w: w, asSlog: esc == nil}
	if opts != nil {
		c.opts = *opts
	}
	text, values, marshaler := jgen.Slog, jgen.StdlibNoHTML, &jgen.StdlibNoHTMLMarshaler
	if esc != nil {
		if err := esc.Validate(); err != nil {
			panic(err)
		}
		text = *esc
		if text.InvalidUTF8 == jgen.InvalidUTF8Error {
			text.InvalidUTF8 = jgen.InvalidUTF8Replace
		}
		values, marshaler = text, nil
	}
	q, err := jgen.NewQuoter(text)
	if err != nil {
		panic(err) // validated above, or a preset
	}
	c.text = q
	c.prequote()
	// One value per ResetAppend, so a root separator is never written and
	// nothing follows the value.
	c.vopts = jgen.Options{Escaping: values, MarshalerEscaping: marshaler, RootSeparator: " "}
	c.pool.New = func() any {
		g, err := jgen.NewAppendGenerator(nil, &c.vopts)
		if err != nil {
			panic(err)
		}
		s := &state{g: g, groups: make([]string, 0, 8)}
		for i := range s.times {
			s.times[i].text = make([]byte, 0, 32)
		}
		return s
	}
	return &Handler{c: c}
}

// prequote quotes what every record writes the same way.
func (c *common) prequote() {
	key := func(k string) []byte {
		b, _ := c.text.AppendQuote(nil, k)
		return append(b, ':')
	}
	c.timeKey, c.levelKey, c.msgKey = key(slog.TimeKey), key(slog.LevelKey), key(slog.MessageKey)
	for i, l := range []slog.Level{slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError} {
		c.levels[i], _ = c.text.AppendQuote(nil, l.String())
	}
	const alphabet = "0123456789-+:.TZ" // of time.RFC3339Nano
	b, _ := c.text.AppendQuote(nil, alphabet)
	c.quote = b[0]
	c.rawTime = string(b[1:len(b)-1]) == alphabet
}

// Enabled reports whether level is at least the minimum level of the
// options ([slog.LevelInfo] when [slog.HandlerOptions].Level is nil).
func (h *Handler) Enabled(_ context.Context, level slog.Level) bool {
	min := slog.LevelInfo
	if h.c.opts.Level != nil {
		min = h.c.opts.Level.Level()
	}
	return level >= min
}

// WithAttrs returns a [Handler] whose records hold attrs after those of h,
// inside h's groups. The attrs are resolved, passed to ReplaceAttr and
// encoded once, here. When every attr is an empty group, it returns h.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	empty := 0
	for _, a := range attrs {
		if a.Value.Kind() == slog.KindGroup && len(a.Value.Group()) == 0 {
			empty++
		}
	}
	if empty == len(attrs) {
		return h
	}
	derived := h.clone()
	s := h.c.get(derived)
	keep := s.buf // the pooled record buffer
	s.buf = slices.Clone(h.pre)
	s.sep = len(s.buf) > 0 && s.buf[len(s.buf)-1] != '{'
	s.trackGroups()
	pos := len(s.buf)
	s.openGroups()
	if s.attrs(attrs) {
		derived.nOpen = len(derived.groups)
	} else {
		s.buf = s.buf[:pos]
	}
	derived.pre = slices.Clip(s.buf)
	s.buf = keep
	h.c.put(s)
	return derived
}

// WithGroup returns a [Handler] that puts the attrs of later
// [Handler.WithAttrs] calls and of records in a group (a JSON object)
// named name. As in slog's JSONHandler, the empty name is a name like any
// other here; [slog.Logger.WithGroup] is the one that ignores it.
func (h *Handler) WithGroup(name string) slog.Handler {
	derived := h.clone()
	derived.groups = append(derived.groups, name)
	return derived
}

func (h *Handler) clone() *Handler {
	return &Handler{c: h.c, pre: slices.Clip(h.pre), groups: slices.Clip(h.groups), nOpen: h.nOpen}
}

// Handle writes r as one line: its time (left out when zero), level,
// source (with [slog.HandlerOptions].AddSource), message and attrs, each
// passed through ReplaceAttr when set, as slog's [slog.JSONHandler]
// writes them. It returns the [io.Writer]'s error; a panic in its Write
// reaches the caller with the handler's mutex released. A value that
// cannot be encoded does not make it fail: its place holds a string that
// says why (see the package documentation).
func (h *Handler) Handle(_ context.Context, r slog.Record) error {
	s := h.c.get(h)
	s.buf = append(s.buf[:0], '{')
	s.builtIns(&r)
	s.nonBuiltIns(&r)
	s.buf = append(s.buf, '\n')
	err := h.c.write(s.buf)
	h.c.put(s)
	return err
}

// write hands b to the writer under the mutex. A panic in Write reaches
// the caller, as in slog's JSONHandler, with the mutex released; the
// state that held b is then not put back in the pool, and the next
// record starts from another one.
func (c *common) write(b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.w.Write(b)
	return err
}

// maxPooledBuf is the largest record buffer kept for reuse, in bytes.
const maxPooledBuf = 64 << 10

func (c *common) get(h *Handler) *state {
	s := c.pool.Get().(*state)
	s.h, s.text = h, c.text
	s.sep = false
	s.track = false
	return s
}

func (c *common) put(s *state) {
	s.h = nil
	if cap(s.buf) > maxPooledBuf {
		s.buf = nil
	}
	clear(s.groups[:cap(s.groups)])
	s.groups = s.groups[:0]
	c.pool.Put(s)
}
