package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// jgenBinary builds the command once per test binary run.
func jgenBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "jgen")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestBinary(t *testing.T) {
	bin := jgenBinary(t)
	sample := filepath.Join("..", "..", "testdata", "sample", "google_maps_api_response.json")
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantCode   int
		wantOut    string // exact, unless wantPrefix
		wantPrefix bool
		wantErr    string
	}{
		{"stdin", nil, "{\"a\" : [1, \"\u00e9\"]}\n[]", 0, "{\"a\":[1,\"\u00e9\"]}\n[]\n", false, ""},
		{"ascii_upper", []string{"-a", "--upper-hex"}, `"é😀"`, 0, "\"\\u00E9\\uD83D\\uDE00\"\n", false, ""},
		{"sample", []string{sample}, "", 0, `{"destination_addresses":["New York, NY, USA","Los Angeles, CA, USA",`, true, ""},
		{"invalid", nil, "[1,\n 2,,]", 1, "[1,2", false, "jgen: <stdin>:2:4: invalid character ',' at start of value (byte offset 7)\n"},
		{"usage", []string{"--nope"}, "", 2, "", false, "jgen: unknown flag: --nope\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			cmd.Stdin = strings.NewReader(tt.stdin)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, errb.String())
			}
			if tt.wantPrefix && !strings.HasPrefix(out.String(), tt.wantOut) || !tt.wantPrefix && out.String() != tt.wantOut {
				t.Errorf("stdout %q, want %q", out.String(), tt.wantOut)
			}
			if !strings.HasPrefix(errb.String(), tt.wantErr) || (tt.wantCode != 2 && errb.String() != tt.wantErr) {
				t.Errorf("stderr %q, want %q", errb.String(), tt.wantErr)
			}
		})
	}
}

// TestBinaryInPlace rewrites a file in place with the real binary and
// checks its mode is kept.
func TestBinaryInPlace(t *testing.T) {
	bin := jgenBinary(t)
	p := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(p, []byte(`{"k": [1, 2]}`), 0o604); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o604); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-w", "--pretty", "jackson", p).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got, _ := os.ReadFile(p)
	if want := "{\n  \"k\" : [ 1, 2 ]\n}\n"; string(got) != want {
		t.Errorf("file holds %q, want %q", got, want)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o604 {
		t.Errorf("mode %v, %v; want 0604", fi.Mode().Perm(), err)
	}
}
