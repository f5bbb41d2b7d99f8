package cli

import "testing"

// TestOneNewlinePerRootValue: in every layout each top-level value is
// followed by exactly one newline (the library's root terminator), and
// after an input error the values completed before it keep theirs.
func TestOneNewlinePerRootValue(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
		code  int
	}{
		{"compact", nil, `{} [] 1 "x"`, "{}\n[]\n1\n\"x\"\n", 0},
		{"indent", []string{"--indent", "2"}, `{} [] 1 "x"`, "{}\n[]\n1\n\"x\"\n", 0},
		{"tab", []string{"--tab"}, `{"a":1} 2`, "{\n\t\"a\": 1\n}\n2\n", 0},
		{"jackson", []string{"--pretty", "jackson"}, `{} [] 1 "x"`, "{ }\n[ ]\n1\n\"x\"\n", 0},
		{"jackson nested", []string{"--pretty", "jackson"}, `{"a":[1]} {}`, "{\n  \"a\" : [ 1 ]\n}\n{ }\n", 0},
		{"error after two", nil, `1 [2] x`, "1\n[2]\n", 1},
		{"error inside the third", nil, `1 [2] [3,x]`, "1\n[2]\n[3", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.stdin, tt.args...)
			if code != tt.code || out != tt.want {
				t.Errorf("exit %d, stdout %q (stderr %q); want exit %d, stdout %q", code, out, errs, tt.code, tt.want)
			}
		})
	}
}
