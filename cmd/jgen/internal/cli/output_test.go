//go:build unix

package cli

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestOutputToDescriptor checks that -o with a name for an open file
// descriptor writes through that descriptor, at its offset and in its
// append mode: /dev/stdout is the command's standard output, and /dev/fd/N
// and /proc/self/fd/N of a file opened for appending append to it (they
// used to replace the file behind the descriptor, wiping it).
func TestOutputToDescriptor(t *testing.T) {
	const in, want = `{"a" : [1, "\u00e9"]}`, "{\"a\":[1,\"é\"]}\n"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in.json": in}, 0o644)
	code, out, errs := run(t, dir, "", "-o", "/dev/stdout", "in.json")
	if code != 0 || errs != "" || out != want {
		t.Errorf("-o /dev/stdout: exit %d, stderr %q, stdout %q; want %q", code, errs, out, want)
	}
	code, out, errs = run(t, dir, "", "-o", "/dev/stderr", "in.json")
	if code != 0 || errs != want || out != "" {
		t.Errorf("-o /dev/stderr: exit %d, stderr %q, stdout %q; want stderr %q", code, errs, out, want)
	}
	log := filepath.Join(dir, "log.txt")
	if err := os.WriteFile(log, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := strconv.Itoa(int(f.Fd()))
	// A link to the descriptor's name is the descriptor too.
	link(t, "/dev/fd/"+fd, filepath.Join(dir, "to-fd"))
	for _, name := range []string{"/dev/fd/" + fd, "/proc/self/fd/" + fd, "to-fd"} {
		if strings.HasPrefix(name, "/proc/") {
			if _, err := os.Stat("/proc/self/fd"); err != nil {
				continue
			}
		}
		code, out, errs := run(t, dir, "", "-o", name, "in.json")
		if code != 0 || errs != "" || out != "" {
			t.Errorf("-o %s: exit %d, stderr %q, stdout %q", name, code, errs, out)
		}
	}
	if got, _ := os.ReadFile(log); string(got) != "old\n"+strings.Repeat(want, 3) {
		t.Errorf("log.txt holds %q, want old and three outputs appended", got)
	}
	checkLink(t, filepath.Join(dir, "to-fd"), "/dev/fd/"+fd)
	// A descriptor not open, or open for reading only.
	r, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, n := range []string{"987", strconv.Itoa(int(r.Fd()))} {
		code, _, errs := run(t, dir, "", "-o", "/dev/fd/"+n, "in.json")
		if want := "jgen: /dev/fd/" + n + ": bad file descriptor\n"; code != 1 || errs != want {
			t.Errorf("-o /dev/fd/%s: exit %d, stderr %q; want 1, %q", n, code, errs, want)
		}
	}
}

// TestOutputToNonRegularFile checks that -o writes straight to a file that
// is not a regular file, opened as it is (neither created nor replaced):
// a FIFO, /dev/null, and a link to a FIFO; and refuses a folder.
func TestOutputToNonRegularFile(t *testing.T) {
	const in, want = `[1, 2]`, "[1,2]\n"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in.json": in}, 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	link(t, "fifo", filepath.Join(dir, "to-fifo"))
	for _, name := range []string{"fifo", "to-fifo"} {
		got := make(chan string)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			// Closed before the send: a reader still open when the next
			// round's command opens the FIFO would take its output
			// (the open succeeds at once) and then drop it, leaving the
			// next reader blocked in open for ever.
			f.Close()
			got <- string(b)
		}()
		code, out, errs := run(t, dir, "", "-o", name, "in.json")
		if code != 0 || errs != "" || out != "" {
			t.Errorf("-o %s: exit %d, stderr %q, stdout %q", name, code, errs, out)
			// Let the reader go if the command did not open the FIFO.
			if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
		}
		if g := <-got; g != want {
			t.Errorf("-o %s: the FIFO's reader got %q, want %q", name, g, want)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s is no longer a FIFO: %v, %v", fifo, fi.Mode(), err)
		}
	}
	checkLink(t, filepath.Join(dir, "to-fifo"), "fifo")
	code, out, errs := run(t, dir, "", "-o", os.DevNull, "in.json")
	if code != 0 || errs != "" || out != "" {
		t.Errorf("-o %s: exit %d, stderr %q, stdout %q", os.DevNull, code, errs, out)
	}
	code, _, errs = run(t, dir, "", "-o", dir, "in.json")
	if wantErr := "jgen: " + dir + ": is a directory\n"; code != 1 || errs != wantErr {
		t.Errorf("-o folder: exit %d, stderr %q, want %q", code, errs, wantErr)
	}
}

// TestInPlaceKeepsSpecialBits checks that -w keeps the setuid, setgid and
// sticky bits of a file it rewrites (the owner and group being kept), and
// -o those of the file it replaces.
func TestInPlaceKeepsSpecialBits(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{
		0o755 | os.ModeSetuid, 0o750 | os.ModeSetgid, 0o644 | os.ModeSticky,
		0o755 | os.ModeSetuid | os.ModeSetgid | os.ModeSticky, 0o600,
	} {
		p := filepath.Join(dir, "f.json")
		if err := os.WriteFile(p, []byte(`[ true ]`), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		if fi.Mode() != mode {
			t.Logf("the system gave %v for %v", fi.Mode(), mode)
			mode = fi.Mode()
		}
		for _, args := range [][]string{{"-w", "f.json"}, {"-o", "f.json", "f.json"}} {
			code, _, errs := run(t, dir, "", args...)
			if code != 0 || errs != "" {
				t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
			}
			fi, err := os.Stat(p)
			if err != nil || fi.Mode() != mode {
				t.Errorf("%v: mode %v (%v), want %v", args, fi.Mode(), err, mode)
			}
			if got, _ := os.ReadFile(p); string(got) != "[true]\n" {
				t.Errorf("%v: file holds %q", args, got)
			}
		}
	}
}

// TestInPlaceOwner checks that -w, run by root, keeps the owner and group
// of another user's file, and its setuid and setgid bits with them.
func TestInPlaceOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f.json")
	writeFiles(t, dir, map[string]string{"f.json": "[ 1 ]"}, 0o755)
	if err := os.Chown(p, 65534, 65533); err != nil {
		t.Skip(err)
	}
	mode := 0o755 | os.ModeSetuid | os.ModeSetgid
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(t, dir, "", "-w", "f.json"); code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 65534 || st.Gid != 65533 || fi.Mode() != mode {
		t.Errorf("owner %d, group %d, mode %v; want 65534, 65533, %v", st.Uid, st.Gid, fi.Mode(), mode)
	}
}
