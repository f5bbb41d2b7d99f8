//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// runShell runs the binary through sh -c script, "$@" being bin and args,
// and returns its exit status (128+N for a signal N) and stderr.
func runShell(t *testing.T, script, bin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", script, "sh", bin}, args...)...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode(), errb.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, errb.String()
}

// TestBinaryStdoutErrors checks that a standard output that is closed
// (which Go's runtime replaces with /dev/null, where every write
// succeeds), full (/dev/full) or open for reading only makes the command
// say so and exit 1, for a conversion and for --help; and that
// /dev/null opened by the shell is written without complaint.
func TestBinaryStdoutErrors(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip(err)
	}
	bin := jgenBinary(t)
	in := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(in, []byte(`{"a": [1, 2]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, script string
		args         []string
		wantCode     int
		wantErr      string
	}{
		{"closed", `exec "$@" >&-`, []string{in}, 1, "jgen: standard output is closed\n"},
		{"closed_help", `exec "$@" >&-`, []string{"--help"}, 1, "jgen: standard output is closed\n"},
		{"closed_version", `exec "$@" >&-`, []string{"--version"}, 1, "jgen: standard output is closed\n"},
		{"closed_o_stdout", `exec "$@" >&-`, []string{"-o", "/dev/stdout", in}, 1, "jgen: /dev/stdout is closed\n"},
		{"full", `exec "$@" >/dev/full`, []string{in}, 1, "jgen: writing standard output: no space left on device\n"},
		{"full_help", `exec "$@" >/dev/full`, []string{"--help"}, 1, "jgen: writing standard output: no space left on device\n"},
		{"full_o", `exec "$@"`, []string{"-o", "/dev/full", in}, 1, "jgen: writing /dev/full: no space left on device\n"},
		{"read_only", `exec "$@" 1</dev/null`, []string{in}, 1, "jgen: writing standard output: bad file descriptor\n"},
		{"dev_null", `exec "$@" >/dev/null`, []string{in}, 0, ""},
		{"o_dev_null", `exec "$@"`, []string{"-o", "/dev/null", in}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, errs := runShell(t, tt.script, bin, tt.args...)
			if code != tt.wantCode || errs != tt.wantErr {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errs, tt.wantCode, tt.wantErr)
			}
		})
	}
}

// TestBinarySIGPIPE checks that the command writing to a pipe whose
// reader has gone is ended by SIGPIPE, as a Go program is by default, and
// prints nothing.
func TestBinarySIGPIPE(t *testing.T) {
	bin := jgenBinary(t)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(strings.Repeat(`{"k":[1,2,3]}`+"\n", 1<<16))
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &errb
	err = cmd.Run()
	w.Close()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("exit %v, want SIGPIPE", err)
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || errb.Len() != 0 {
		t.Errorf("status %v, stderr %q; want killed by SIGPIPE, silent", ee, errb.String())
	}
}

// TestBinaryReadOnlyFile checks that -w and -o refuse a read-only file the
// user may not write to, leaving it as it was, and rewrite one the user
// may write. As root the command runs as the user nobody (65534).
func TestBinaryReadOnlyFile(t *testing.T) {
	bin := jgenBinary(t)
	dir := t.TempDir()
	const content = `[ 1 ]`
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
		for _, d := range []string{filepath.Dir(dir), dir, filepath.Dir(bin)} {
			os.Chmod(d, 0o777)
		}
		bin2 := filepath.Join(dir, "jgen")
		copyFile(t, bin, bin2)
		bin = bin2
	}
	for _, args := range [][]string{{"-w", "ro.json"}, {"-o", "ro.json", "in.json"}} {
		for _, mode := range []os.FileMode{0o444, 0o644} {
			for _, name := range []string{"ro.json", "in.json"} {
				p := filepath.Join(dir, name)
				os.Remove(p)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
				if cred != nil {
					os.Chown(p, 65534, 65534)
				}
			}
			os.Chmod(filepath.Join(dir, "ro.json"), mode)
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			if cred != nil {
				cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
			}
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			got, _ := os.ReadFile(filepath.Join(dir, "ro.json"))
			fi, _ := os.Stat(filepath.Join(dir, "ro.json"))
			if mode == 0o444 {
				want := "jgen: ro.json: read-only file, not replaced (jgen replaces only a file you could write to)\n"
				if err == nil || errb.String() != want || string(got) != content || fi.Mode() != mode {
					t.Errorf("%v on a %v file: %v, stderr %q, file %q %v; want exit 1, %q, untouched", args, mode, err, errb.String(), got, fi.Mode(), want)
				}
			} else if err != nil || string(got) != "[1]\n" || fi.Mode() != mode {
				t.Errorf("%v on a %v file: %v, stderr %q, file %q %v", args, mode, err, errb.String(), got, fi.Mode())
			}
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
