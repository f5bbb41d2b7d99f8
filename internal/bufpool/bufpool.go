// Package bufpool holds the rule by which jgen's pooled scratch buffers
// are kept for reuse or dropped.
package bufpool

// small is the capacity up to which a buffer is always kept, in bytes.
const small = 1 << 20

// Keep reports whether b, a scratch buffer as its last use left it
// (len(b) the bytes that use wrote), should go back to its pool: always
// up to 1 MiB of capacity, and beyond that while its last use filled at
// least a quarter of it. A program writing large values call after call
// then reuses one buffer instead of growing a new one each time, and a
// buffer grown by one large value is dropped at the first use that
// needs a quarter of it or less, so small values do not pin it (the rule
// of encoding/json/v2's pooled encoders, go.dev/issue/27735, without
// their four strikes).
func Keep(b []byte) bool {
	return cap(b) <= small || len(b) >= cap(b)/4
}
