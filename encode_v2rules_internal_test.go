package jgen

import "testing"

// TestHasDuplicateNames checks the duplicate-name scan of MarshalJSON
// output at every depth.
func TestHasDuplicateNames(t *testing.T) {
	for _, c := range []struct {
		v   string
		dup bool
	}{
		{`1`, false}, {`"a"`, false}, {`[]`, false}, {`{}`, false},
		{`{"a":1,"b":2}`, false}, {`{"a":1,"a":2}`, true}, {`{"a":{"a":1},"b":[{"a":1}]}`, false},
		{`[1,{"x":[true,null],"y":"s,}]","x":0}]`, true}, {`{"a":{"b":1,"b":2}}`, true},
		{`{"ab":1,"a":2,"b":-1.5e3}`, false}, {`[[],[{}],{"":1,"":2}]`, true},
	} {
		if got := hasDuplicateNames([]byte(c.v)); got != c.dup {
			t.Errorf("hasDuplicateNames(%s) = %v, want %v", c.v, got, c.dup)
		}
	}
}
