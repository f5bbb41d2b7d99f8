package bufpool

import "testing"

func TestKeep(t *testing.T) {
	for _, c := range []struct {
		len, cap int
		keep     bool
	}{
		{0, 0, true},
		{0, 1 << 20, true},
		{0, 1<<20 + 1, false},
		{1 << 20, 4 << 20, true},
		{1<<20 - 1, 4 << 20, false},
		{3 << 20, 4 << 20, true},
		{100 << 20, 128 << 20, true},
		{10 << 20, 128 << 20, false},
	} {
		if got := Keep(make([]byte, c.len, c.cap)); got != c.keep {
			t.Errorf("len %d cap %d: Keep %v, want %v", c.len, c.cap, got, c.keep)
		}
	}
}
