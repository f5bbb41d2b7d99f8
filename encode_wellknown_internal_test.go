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
		for range 40000 {
			u := r.Int64N(maxRFC3339Unix-minRFC3339Unix+4*86400) + minRFC3339Unix - 2*86400
			ns := r.Int64N(1e9)
			switch r.IntN(5) {
			case 0:
				ns = 0
			case 1:
				ns -= ns % 1000
			case 2:
				ns -= ns % 1000000
			case 3:
				// Any count of trailing zeros, 0 to 8.
				p := int64(1)
				for range r.IntN(9) {
					p *= 10
				}
				ns -= ns % p
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

// TestCivilDate: civilDate gives the time package's date for every day
// that appendRFC3339 can be asked for, from two days before 0000-01-01 to
// two days after 9999-12-31.
func TestCivilDate(t *testing.T) {
	first := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -2)
	last := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 2)
	days := uint32(first.Unix()/86400 + int64(civilShift))
	if days != 0 {
		t.Fatalf("first day is %d, want 0", days)
	}
	for tm := first; !tm.After(last); days++ {
		y, m, d := tm.Date()
		gy, gm, gd := civilDate(days)
		if gy != y || gm != uint32(m) || gd != uint32(d) {
			t.Fatalf("day %d: civilDate %d-%d-%d, want %v", days, gy, gm, gd, tm)
		}
		// The next day by the clock, which is faster than AddDate.
		tm = tm.Add(24 * time.Hour)
	}
}

// TestDigitPairs4: every number below 100 in every lane.
func TestDigitPairs4(t *testing.T) {
	for v := range uint32(100) {
		for lane := range 4 {
			var in [4]uint32
			in[lane] = v
			w := digitPairs4(in[0], in[1], in[2], in[3])
			var got [8]byte
			for i := range got {
				got[i] = byte(w >> (8 * i))
			}
			want := []byte("00000000")
			want[2*lane], want[2*lane+1] = byte('0'+v/10), byte('0'+v%10)
			if string(got[:]) != string(want) {
				t.Fatalf("lane %d, %d: got %q, want %q", lane, v, got, want)
			}
		}
	}
}
