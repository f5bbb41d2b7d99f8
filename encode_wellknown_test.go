package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// viaMarshalJSON writes a time through the generic MarshalJSON path (the
// raw-value rule), which jgen took for time.Time before writing it
// directly.
type viaMarshalJSON struct{ t time.Time }

func (v viaMarshalJSON) MarshalJSON() ([]byte, error) { return v.t.MarshalJSON() }

type timeHolder struct {
	T  time.Time  `json:"t"`
	P  *time.Time `json:"p"`
	TS []time.Time
	M  map[string]time.Time
	A  any
}

type viaHolder struct {
	T  viaMarshalJSON  `json:"t"`
	P  *viaMarshalJSON `json:"p"`
	TS []viaMarshalJSON
	M  map[string]viaMarshalJSON
	A  any
}

// TestTimeDirect: a time.Time written directly has the bytes of its
// MarshalJSON through the raw-value rule, under every escaping, layout
// and quote char, in structs, pointers, slices, maps and interfaces,
// addressable or not; and encoding/json's under Stdlib.
func TestTimeDirect(t *testing.T) {
	times := []time.Time{
		{},
		time.Date(2025, 3, 14, 15, 9, 26, 535897000, time.UTC),
		time.Date(1999, 12, 31, 23, 59, 59, 1, time.FixedZone("", -(9*3600+30*60+17))),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("X", 23*3600+59*60)),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.FixedZone("", 30)),
		time.Unix(1700000000, 120000000).In(time.Local),
	}
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'1': jgen.EscapeUnicode(), 'T': jgen.EscapeUnicode()}})
	if err != nil {
		t.Fatal(err)
	}
	optsList := []*jgen.Options{
		nil,
		{Escaping: jgen.Stdlib},
		{Escaping: jgen.Escaping{QuoteChar: '\''}},
		{Escaping: jgen.Stdlib, Layout: jgen.Indented},
		{Escaping: jgen.Escaping{CharacterEscapes: ce}},
		{Escaping: jgen.Stdlib, MarshalerEscaping: &jgen.Escaping{CharacterEscapes: ce}},
		{Escaping: jgen.PrintableASCII},
	}
	for _, tm := range times {
		p := tm
		vp := viaMarshalJSON{tm}
		h := timeHolder{T: tm, P: &p, TS: []time.Time{tm, tm}, M: map[string]time.Time{"k": tm}, A: tm}
		vh := viaHolder{T: vp, P: &vp, TS: []viaMarshalJSON{vp, vp}, M: map[string]viaMarshalJSON{"k": vp}, A: vp}
		for oi, opts := range optsList {
			for _, c := range []struct{ v, via any }{{tm, vp}, {&h, &vh}, {h, vh}, {[]any{tm, &p}, []any{vp, &vp}}} {
				got, err := jgen.Marshal(c.v, opts)
				if err != nil {
					t.Fatal(err)
				}
				want, err := jgen.Marshal(c.via, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%v, options %d: got\n%s\nwant\n%s", tm, oi, got, want)
				}
				if oi == 1 {
					std, _ := json.Marshal(c.v)
					if !bytes.Equal(got, std) {
						t.Errorf("%v: got\n%s\nencoding/json\n%s", tm, got, std)
					}
				}
			}
		}
	}
}

// TestTimeDirectErrors: a time that MarshalJSON refuses (year outside
// 0-9999, zone of 24 hours or more) is refused with encoding/json's
// *json.MarshalerError (its Type, its text) wherever it stands, on every
// build.
func TestTimeDirectErrors(t *testing.T) {
	bad := []time.Time{
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2000, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)),
	}
	for _, tm := range bad {
		_, mjErr := tm.MarshalJSON()
		p := tm
		for _, v := range []any{tm, &p, timeHolder{T: tm}, timeHolder{P: &p}, &timeHolder{TS: []time.Time{{}, tm}}, []any{tm}, []any{&p}, map[string]*time.Time{"k": &p}} {
			_, err := jgen.Marshal(v, &jgen.Options{Escaping: jgen.Stdlib})
			var me *json.MarshalerError
			if !errors.As(err, &me) {
				t.Fatalf("%v in %T: %v is not a *json.MarshalerError", tm, v, err)
			}
			// encoding/json's Type: time.Time, or *time.Time where it runs
			// on v2.
			_, stdErr := json.Marshal(v)
			var stdMe *json.MarshalerError
			if !errors.As(stdErr, &stdMe) {
				t.Fatalf("%v in %T: encoding/json's error %v is not a *json.MarshalerError", tm, v, stdErr)
			}
			// The inner error is MarshalJSON's, or on v2 encoding/json's own
			// text for the same refusal.
			if me.Type != stdMe.Type || me.Err.Error() != stdMe.Err.Error() || !strings.Contains(err.Error(), "calling MarshalJSON") {
				t.Errorf("%v in %T: error %v (Type %v), want encoding/json's %v (Type %v)", tm, v, err, me.Type, stdMe.Err, stdMe.Type)
			}
			if !jsonOnV2() && me.Err.Error() != mjErr.Error() {
				t.Errorf("%v in %T: inner error %v, want MarshalJSON's %v", tm, v, me.Err, mjErr)
			}
			if me.Error() != stdMe.Error() {
				t.Errorf("%v in %T: MarshalerError %q, encoding/json's %q", tm, v, me.Error(), stdMe.Error())
			}
		}
	}
}

// appendOnly implements encoding.TextAppender and TextMarshaler with the
// same text; it counts the calls to MarshalText.
type appendOnly struct{ s string }

var marshalTextCalls int

func (a appendOnly) MarshalText() ([]byte, error) {
	marshalTextCalls++
	return []byte(a.s), nil
}

func (a appendOnly) AppendText(b []byte) ([]byte, error) { return append(b, a.s...), nil }

type failingAppender struct{}

var errText = errors.New("no text")

func (failingAppender) MarshalText() ([]byte, error)        { return nil, errText }
func (failingAppender) AppendText(b []byte) ([]byte, error) { return nil, errText }

type textHolder struct {
	A    appendOnly            `json:"a"`
	IP   netip.Addr            `json:"ip"`
	Pfx  netip.Prefix          `json:"pfx"`
	AP   *netip.AddrPort       `json:"ap"`
	Keys map[appendOnly]int    `json:"keys"`
	IPs  map[netip.Addr]string `json:"ips"`
	Any  any                   `json:"any"`
	List []appendOnly          `json:"list"`
}

// TestTextAppender: a TextAppender is written through AppendText, not
// MarshalText, as a value and as a map key, with encoding/json's bytes,
// no allocation, and encoding/json's error when it fails.
func TestTextAppender(t *testing.T) {
	ap := netip.MustParseAddrPort("[2001:db8::1]:8080")
	v := &textHolder{
		A: appendOnly{"a<b>\"é"}, IP: netip.MustParseAddr("192.0.2.1"), Pfx: netip.MustParsePrefix("10.0.0.0/8"), AP: &ap,
		Keys: map[appendOnly]int{{"z"}: 1, {"a\n"}: 2}, IPs: map[netip.Addr]string{netip.MustParseAddr("::1"): "lo", netip.MustParseAddr("10.0.0.1"): "x"},
		Any: appendOnly{"any"}, List: []appendOnly{{"x"}, {"y"}},
	}
	opts := &jgen.Options{Escaping: jgen.Stdlib}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	marshalTextCalls = 0
	got, err := jgen.Marshal(v, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if marshalTextCalls != 0 {
		t.Errorf("MarshalText called %d times", marshalTextCalls)
	}
	if !jgen.RaceEnabled {
		if n := testing.AllocsPerRun(20, func() { _, _ = jgen.Marshal(v, opts) }); n != 1 {
			t.Errorf("%v allocations per Marshal, want 1", n)
		}
	}
	// The method encoding/json names: AppendText on v2, which calls it;
	// MarshalText on v1.
	for _, fv := range []any{failingAppender{}, struct{ F failingAppender }{}, map[failingAppender]int{{}: 1}} {
		_, stdErr := json.Marshal(fv)
		_, err := jgen.Marshal(fv, opts)
		if err == nil || stdErr == nil || !errors.Is(err, errText) && !strings.Contains(err.Error(), errText.Error()) {
			t.Fatalf("%T: error %v, encoding/json's %v", fv, err, stdErr)
		}
		for _, m := range []string{"AppendText", "MarshalText"} {
			if strings.Contains(stdErr.Error(), m) != strings.Contains(err.Error(), m) {
				t.Errorf("%T: error\n%v\nencoding/json's\n%v", fv, err, stdErr)
			}
		}
	}
}

// TestPlainMaps: map[string]string, map[string]int, map[string]int64 and
// map[string]bool, written through the Go map, have the bytes and errors
// of the same entries in a map[string]any (the reflect path), under
// several escapings, with keys and values that need escaping or are not
// valid UTF-8; and encoding/json's bytes under Stdlib.
func TestPlainMaps(t *testing.T) {
	strs := []string{"", "a", "b<>&", "é", "\u2028", "z\"\\\n", "\xff", "k\xc3", "10", "9"}
	type named map[string]string
	for _, esc := range []jgen.Escaping{jgen.Minimal, jgen.Stdlib, jgen.ASCII, {QuoteChar: '\''}, jgen.PrintableASCII} {
		opts := &jgen.Options{Escaping: esc}
		for i := range strs {
			for j := range strs {
				ss := map[string]string{strs[i]: strs[j], "m": "v"}
				ns := named(ss)
				is := map[string]int{strs[i]: -i, "m": j}
				ls := map[string]int64{strs[i]: int64(i) << 40, "m": 1}
				bs := map[string]bool{strs[i]: i%2 == 0, "m": true}
				for _, c := range []struct{ v, via any }{
					{ss, map[string]any{strs[i]: strs[j], "m": "v"}},
					{ns, map[string]any{strs[i]: strs[j], "m": "v"}},
					{is, map[string]any{strs[i]: -i, "m": j}},
					{ls, map[string]any{strs[i]: int64(i) << 40, "m": int64(1)}},
					{bs, map[string]any{strs[i]: i%2 == 0, "m": true}},
					{[]any{ss, &ss}, []any{map[string]any{strs[i]: strs[j], "m": "v"}, map[string]any{strs[i]: strs[j], "m": "v"}}},
				} {
					got, err := jgen.Marshal(c.v, opts)
					want, werr := jgen.Marshal(c.via, opts)
					if (err == nil) != (werr == nil) || !bytes.Equal(got, want) {
						t.Fatalf("%#v under %+v: got %q, %v; reflect path %q, %v", c.v, esc, got, err, want, werr)
					}
					if esc == jgen.Stdlib {
						std, serr := json.Marshal(c.v)
						if serr != nil || !bytes.Equal(got, std) {
							t.Fatalf("%#v: got %q, encoding/json %q", c.v, got, std)
						}
					}
				}
			}
		}
	}
}
