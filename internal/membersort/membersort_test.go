//go:build goexperiment.jsonv2 && go1.27

package membersort

import "testing"

func TestSort(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`1`, `1`},
		{`{}`, `{}`},
		{`{"b":1,"a":[{"d":"\u2028","c":1e1}]}`, `{"a":[{"c":1e1,"d":"\u2028"}],"b":1}`},
		{"{\n\t\"b\": 1,\n\t\"a\": {\n\t\t\"y\": 2,\n\t\t\"x\": 1\n\t}\n}", "{\n\t\"a\": {\n\t\t\"x\": 1,\n\t\t\"y\": 2\n\t},\n\t\"b\": 1\n}"},
		{`{"\u0062":1,"a":2}`, `{"a":2,"\u0062":1}`},
		{`{"a":2,"a":1}`, `{"a":1,"a":2}`},
		{`{"b":[2, 1], "a":1}`, `{"a":1, "b":[2, 1]}`},
	} {
		if got, err := Sort([]byte(c.in)); err != nil || string(got) != c.want {
			t.Errorf("Sort(%s) = %s, %v, want %s", c.in, got, err, c.want)
		}
	}
}
