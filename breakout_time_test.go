//lint:file-ignore SA5008 the string option on non-numeric fields is deliberate: the test compares its handling with encoding/json
package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
	jdrop "github.com/jgen-go/jgen/json"
)

type brkNamedTime time.Time
type brkAliasTime = time.Time
type brkEmbT struct {
	time.Time
	X int
}
type brkEmbPT struct {
	*time.Time
	X int
}
type brkTimeStruct struct {
	T   time.Time            `json:"t"`
	TS  time.Time            `json:"ts,string"`
	TO  time.Time            `json:"to,omitempty"`
	TZ  time.Time            `json:"tz,omitzero"`
	P   *time.Time           `json:"p,omitempty"`
	PZ  *time.Time           `json:"pz,omitzero"`
	PS  *time.Time           `json:"ps,string"`
	N   brkNamedTime         `json:"n"`
	A   brkAliasTime         `json:"a"`
	Arr [2]time.Time         `json:"arr"`
	Sl  []time.Time          `json:"sl"`
	SP  []*time.Time         `json:"sp"`
	M   map[time.Time]string `json:"m"`
	MV  map[string]time.Time `json:"mv"`
	I   any                  `json:"i"`
	PP  **time.Time          `json:"pp"`
}

func brkTimes(t *testing.T) []time.Time {
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	ny, _ := time.LoadLocation("America/New_York")
	kolk, _ := time.LoadLocation("Asia/Kolkata")
	mon, _ := time.LoadLocation("Africa/Monrovia")
	chat, _ := time.LoadLocation("Pacific/Chatham")
	return []time.Time{
		{},
		time.Time{}.In(ams),
		time.Date(1900, 1, 1, 0, 0, 0, 0, ams),
		time.Date(1936, 7, 1, 12, 0, 0, 100, ams),
		time.Date(1937, 7, 1, 12, 0, 0, 0, ams),
		time.Date(1883, 11, 18, 12, 3, 57, 0, ny),
		time.Date(1850, 1, 1, 0, 0, 0, 0, ny),
		time.Date(1900, 1, 1, 0, 0, 0, 0, kolk),
		time.Date(1960, 1, 1, 0, 0, 0, 0, mon),
		time.Date(2020, 1, 1, 0, 0, 0, 0, chat),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3661)),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -3661)),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -59)),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 59)),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -3600)),
		time.Date(0, 1, 1, 0, 30, 0, 0, time.FixedZone("x", 3600)),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(9999, 12, 31, 23, 30, 0, 0, time.FixedZone("x", -3600)),
		time.Date(9999, 12, 31, 23, 30, 0, 0, time.FixedZone("x", 3600)),
		time.Date(2000, 2, 29, 1, 2, 3, 100000000, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 120000000, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 123000000, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 100, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 10, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 1, time.UTC),
		time.Date(2000, 2, 29, 1, 2, 3, 999999990, time.UTC),
		time.Now(),
		time.Now().In(ams),
		time.Now().Round(0),
		time.Unix(0, 0),
		time.Unix(-1, 999999999).UTC(),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 23*3600+59*60+59)),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -(23*3600+59*60+59))),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 24*3600)),
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -24*3600)),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 30, 0, 0, time.FixedZone("x", -3600)).Add(time.Hour),
		time.Date(-1, 12, 31, 23, 30, 0, 0, time.FixedZone("x", 3600)),
		time.Date(-1, 12, 31, 23, 30, 0, 0, time.UTC),
	}
}

func brkHolders(tm time.Time) []any {
	p := tm
	pp := &p
	var emb brkEmbT
	emb.Time = tm
	return []any{
		tm, &p, pp, []time.Time{tm, tm}, [1]time.Time{tm}, map[string]time.Time{"k": tm}, map[time.Time]int{tm: 1},
		brkNamedTime(tm), brkAliasTime(tm), emb, &emb, brkEmbPT{Time: &p, X: 1},
		brkTimeStruct{T: tm, TS: tm, TO: tm, TZ: tm, P: &p, PZ: &p, PS: &p, N: brkNamedTime(tm), A: tm,
			Arr: [2]time.Time{tm, {}}, Sl: []time.Time{tm}, SP: []*time.Time{&p, nil}, M: map[time.Time]string{tm: "v"},
			MV: map[string]time.Time{"a": tm}, I: tm, PP: &pp},
		&brkTimeStruct{I: &p},
		[]any{tm, &p, brkNamedTime(tm)},
	}
}

// TestBreakoutTimeStdlib: time.Time (the direct RFC 3339 writer) with LMT
// zones of second offsets, fixed zones of second offsets, years 0 and
// 9999 at the edges of the zone shift, nanoseconds with every count of
// trailing zeros, monotonic readings, and times MarshalJSON refuses, in
// structs (string, omitempty, omitzero options; named and alias types;
// embedded time.Time and *time.Time, whose promoted MarshalJSON is the
// struct's), pointers, arrays, slices, maps (keys and values) and
// interfaces: jgen.Marshal under Stdlib, the drop-in json.Marshal and
// the Indented layout write encoding/json's bytes, and fail where it does.
func TestBreakoutTimeStdlib(t *testing.T) {
	esc := []*jgen.Options{{Escaping: jgen.Stdlib}, {Escaping: jgen.Stdlib, Layout: jgen.Indented, Indent: "\t"}}
	for _, tm := range brkTimes(t) {
		for hi, h := range brkHolders(tm) {
			want, werr := json.Marshal(h)
			got, gerr := jgen.Marshal(h, esc[0])
			if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%v holder %d %T:\n got %s %v\nwant %s %v", tm, hi, h, got, gerr, want, werr)
			}
			dg, derr := jdrop.Marshal(h)
			if !bytes.Equal(dg, want) || fmt.Sprint(derr) != fmt.Sprint(werr) {
				t.Errorf("drop-in %v holder %d %T:\n got %s %v\nwant %s %v", tm, hi, h, dg, derr, want, werr)
			}
			wi, werr := json.MarshalIndent(h, "", "\t")
			gi, gerr := jgen.Marshal(h, esc[1])
			if !bytes.Equal(gi, wi) || (gerr == nil) != (werr == nil) {
				t.Errorf("indent %v holder %d %T:\n got %s %v\nwant %s %v", tm, hi, h, gi, gerr, wi, werr)
			}
		}
	}
}
