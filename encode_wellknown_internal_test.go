package jgen

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestAppendRFC3339: appendRFC3339 writes time.Time.AppendText's bytes for
// every time it takes, and leaves to AppendText exactly the times it
// refuses or that a year or zone out of range makes fail, across years
// 0-9999 and beyond, nanoseconds with and without trailing zeros, and
// zones of every offset, seconds included.
func TestAppendRFC3339(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	zones := []*time.Location{time.UTC, time.Local, nil}
	for _, off := range []int{0, -30, 30, 59, -59, 60, 3600, -3600, 5*3600 + 30*60, -(9*3600 + 30*60 + 17), 23*3600 + 59*60 + 59, -(23*3600 + 59*60 + 59), 24 * 3600, -24 * 3600, 100 * 3600} {
		zones = append(zones, time.FixedZone("", off))
	}
	check := func(tm time.Time) {
		t.Helper()
		want, err := tm.AppendText([]byte("x"))
		got, ok := appendRFC3339([]byte("x"), tm)
		if ok && (err != nil || string(got) != string(want)) {
			t.Fatalf("%v (unix %d): got %q, AppendText %q, %v", tm, tm.Unix(), got, want, err)
		}
		if !ok && (string(got) != "x" || err == nil && tm.Year() >= 0 && tm.Year() <= 9999) {
			if _, off := tm.Zone(); off/3600 < 24 && off/3600 > -24 {
				t.Fatalf("%v: refused, AppendText %q, %v", tm, want, err)
			}
		}
	}
	edges := []int64{minRFC3339Unix, maxRFC3339Unix, -62167219200, -62167219201, 253402300799, 253402300800, 0, -1, 951782400, 951868800, 4107542400}
	for _, loc := range zones {
		for _, u := range edges {
			for _, d := range []int64{-86400, -1, 0, 1, 86400} {
				tm := time.Unix(u+d, 0)
				if loc != nil {
					tm = tm.In(loc)
				}
				check(tm)
				check(tm.Add(123456789))
			}
		}
		for range 20000 {
			u := r.Int64N(maxRFC3339Unix-minRFC3339Unix+4*86400) + minRFC3339Unix - 2*86400
			ns := r.Int64N(1e9)
			switch r.IntN(4) {
			case 0:
				ns = 0
			case 1:
				ns -= ns % 1000
			case 2:
				ns -= ns % 1000000
			}
			tm := time.Unix(u, ns)
			if loc != nil {
				tm = tm.In(loc)
			}
			check(tm)
		}
	}
	check(time.Time{})
	check(time.Date(-1, 12, 31, 23, 0, 0, 0, time.UTC))
	check(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
}
