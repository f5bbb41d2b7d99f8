// Package slogjgen is a log/slog handler that writes JSON with jgen: the
// bytes of slog's JSONHandler by default, or every string under any
// [jgen.Escaping] (ASCII-only, HTML-safe, Jackson's, custom escapes).
//
//	logger := slog.New(slogjgen.NewHandler(os.Stderr, nil, nil))             // as slog.NewJSONHandler
//	logger = slog.New(slogjgen.NewHandler(os.Stderr, nil, &jgen.ASCII))      // 7-bit clean lines
//
// # The same bytes as slog.JSONHandler
//
// With a nil escaping, a Handler writes what [slog.NewJSONHandler](w, opts)
// writes, byte for byte, on the Go release the program is built with
// (tested on Go 1.26 and 1.27, whose slog differ in how they write an
// invalid UTF-8 byte): the time (left out when zero), level, source
// ([slog.HandlerOptions].AddSource), message, the attrs of WithAttrs and of the
// record, groups from WithGroup and [slog.Group] (the empty group name of
// [Handler.WithGroup] included, as slog's handler has it), empty groups
// written as slog writes them (nothing for the group itself, but one that
// reaches the handler, from a LogValuer, ReplaceAttr or among other attrs
// of WithAttrs, keeps the groups around it, as {} when it is all they
// hold: "req":{} for WithGroup("req") and a LogValuer of an empty group),
// LogValuers resolved (with slog's limit of 100 calls), ReplaceAttr called
// as slog calls it, duplicate keys kept in order.
//
// slog writes a record with two escapers, and so does a Handler, each an
// escaping of jgen's: keys, messages, string values and the text of error
// values under [jgen.Slog] (slog's own: \u0008 and \u000c for U+0008 and
// U+000C, U+2028 and U+2029 escaped, nothing for HTML); every other value
// ([slog.KindAny]) with [jgen.Generator.WriteValue] under [jgen.StdlibNoHTML] (a
// [encoding/json.Encoder] after SetEscapeHTML(false)), and the strings inside
// MarshalJSON output under [jgen.StdlibNoHTMLMarshaler]. An error value is
// written as the text of its Error method unless it is also a
// json.Marshaler; time.Time as RFC 3339 with nanoseconds; time.Duration as
// its integer nanoseconds; []byte as base64; a panic in a value's method
// as slog writes it ("<nil>" for a nil pointer, "!PANIC: " and the panic's
// value otherwise). A value that WriteValue refuses (a channel, a function,
// NaN or ±Inf, a failing MarshalJSON or MarshalText, MarshalJSON output that
// is not JSON, an invalid json.Number, a time.Time with a year outside
// 0..9999 inside a value, a cycle, nesting deeper than
// [jgen.DefaultMaxDepth]) is encoded a second time, with encoding/json as
// slog encodes it, so its place holds what slog writes on the running Go
// release: "!ERROR:" and encoding/json's message, or encoding/json's output
// where it encodes the value (nesting deeper than jgen's limit, on Go 1.26).
// Its methods are then called twice.
//
// The exceptions, each tested, where a Handler writes valid JSON in UTF-8
// and slog does not, or where the text of a message differs:
//   - a time.Time whose year is outside 0..9999 has no RFC 3339 form: a
//     Handler writes the string "!ERROR:time.Time year outside of range
//     [0,9999]", as slog does from Go 1.27; the slog of Go 1.26 writes that
//     string followed by the time, which is not JSON;
//   - a value that WriteValue refuses and encoding/json encodes, with
//     invalid UTF-8 in MarshalJSON output, is written as "!ERROR:" and
//     jgen's error text;
//   - invalid UTF-8 inside MarshalJSON output (json.RawMessage included)
//     is replaced as in any other string, where slog copies it as it is;
//   - a group whose members all come to nothing (each dropped by
//     ReplaceAttr, or the zero Attr) is left out with the comma before it,
//     and ReplaceAttr sees the right groups for the attrs after it; slog
//     leaves out the comma after it instead, which is not JSON, and passes
//     the dropped group's name to ReplaceAttr for the attrs that follow;
//   - the message of a panic in a LogValue method, which slog.Value.Resolve
//     writes with the frames that called it, names the Handler's frames.
//
// # Other escapings
//
// With an escaping, every string of a record (keys, messages, values,
// times, the strings inside MarshalJSON output) is written under it. A
// logger must not lose a record to a bad byte, so the [jgen.InvalidUTF8Error]
// policy becomes [jgen.InvalidUTF8Replace]: each invalid byte is written \ufffd.
// With the apostrophe as [jgen.Escaping].QuoteChar the lines are JSON5,
// not JSON. A value that WriteValue refuses is written as the string
// "!ERROR:" followed by jgen's error text, and is not encoded again.
//
// # Output
//
// Each record is one compact JSON object followed by a newline, handed to
// the io.Writer in one Write call whatever its size; Handle returns the
// writer's error. A panic in Write reaches the caller of Handle, as in
// slog, with the mutex released: the next record is written. Handlers derived with WithAttrs and WithGroup share one
// mutex with the Handler they come from, so their Write calls never
// overlap, and WithAttrs encodes its attrs once, into a prefix every
// record copies. Handle does not allocate for a record without
// HandlerOptions.AddSource whose values are strings, numbers, bools,
// times, durations and groups of them; a value written by WriteValue
// allocates as WriteValue does.
package slogjgen
