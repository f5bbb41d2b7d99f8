package jgen

import "testing"

// TestFastValueDone checks that fastValueDone leaves every state where the
// fast path applies (valueSep != noFast) exactly as valueDone does.
func TestFastValueDone(t *testing.T) {
	checked := 0
	for _, compact := range []bool{false, true} {
		for _, cur := range []context{inRoot, inArray, inObject} {
			for _, first := range []bool{false, true} {
				for _, afterName := range []bool{false, true} {
					var s state
					s.reset(10, compact)
					if cur != inRoot {
						s.push(cur)
					}
					s.first, s.afterName = first, afterName
					s.sync()
					if s.valueSep == noFast {
						continue
					}
					want, got := s, s
					want.valueDone()
					got.fastValueDone()
					if want.container != got.container || want.first != got.first || want.afterName != got.afterName ||
						want.rootValues != got.rootValues || want.valueSep != got.valueSep {
						t.Errorf("compact=%v cur=%v first=%v afterName=%v: fastValueDone %+v, valueDone %+v",
							compact, cur, first, afterName, got, want)
					}
					checked++
				}
			}
		}
	}
	// compact array (4 combinations of first and afterName) and compact
	// object after a name (first or not): 6 fast-path states.
	if checked != 6 {
		t.Errorf("checked %d fast-path states, want 6", checked)
	}
}
