package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInPlaceEveryFile checks that -w tries every file: each bad one is
// reported and left as it was, the good ones around it are rewritten, and
// the exit status says that something failed.
func TestInPlaceEveryFile(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.json":   `{"a" : 1}`,
		"bad.json": `[1,2,]`,
		"c.json":   `[ "\u00e9" ]`,
		"cut.json": `{"k":`,
		"e.json":   `true`,
	}
	writeFiles(t, dir, files, 0o644)
	code, out, errs := run(t, dir, "", "-w", "a.json", "bad.json", "c.json", "missing.json", "cut.json", "e.json")
	wantErr := "jgen: bad.json:1:6: invalid character ']' after ',' (expecting a value) (byte offset 5)\n" +
		"jgen: stat missing.json: no such file or directory\n" +
		"jgen: cut.json:1:6: unexpected end of input (byte offset 5)\n"
	if code != 1 || out != "" || errs != wantErr {
		t.Errorf("exit %d, stdout %q, stderr\n%s\nwant exit 1, stderr\n%s", code, out, errs, wantErr)
	}
	checkDir(t, dir, map[string]string{
		"a.json":   "{\"a\":1}\n",
		"bad.json": files["bad.json"],
		"c.json":   "[\"é\"]\n",
		"cut.json": files["cut.json"],
		"e.json":   "true\n",
	})
}

// link makes the symbolic link name pointing to to, and fails the test if
// the system cannot.
func link(t *testing.T, to, name string) {
	t.Helper()
	if err := os.Symlink(to, name); err != nil {
		t.Fatal(err)
	}
}

// checkLink fails unless name is still a symbolic link to to.
func checkLink(t *testing.T, name, to string) {
	t.Helper()
	fi, err := os.Lstat(name)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symbolic link (mode %v)", name, fi.Mode())
	}
	if got, err := os.Readlink(name); err != nil || got != to {
		t.Errorf("%s points to %q (%v), want %q", name, got, err, to)
	}
}

// checkFile fails unless name holds want with mode.
func checkFile(t *testing.T, name, want string, mode os.FileMode) {
	t.Helper()
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s = %q, want %q", name, got, want)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != mode {
		t.Errorf("%s: mode %v (%v), want %v", name, fi.Mode().Perm(), err, mode)
	}
}

// TestSymlinkTargets checks that -w and -o follow a symbolic link (and a
// chain of them, relative or absolute, across folders) to the file it
// leads to, replace that file and keep the links.
func TestSymlinkTargets(t *testing.T) {
	const in, out = `{"a" : [1, "\u00e9"]}`, "{\"a\":[1,\"é\"]}\n"
	t.Run("in_place", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"real.json": in}, 0o640)
		link(t, "real.json", filepath.Join(dir, "link.json"))
		code, _, errs := run(t, dir, "", "-w", "link.json")
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		checkLink(t, "link.json", "real.json")
		checkFile(t, "real.json", out, 0o640)
		checkDir(t, dir, map[string]string{"real.json": out, "link.json": out})
	})
	t.Run("in_place_chain_across_folders", func(t *testing.T) {
		dir := t.TempDir()
		data := filepath.Join(dir, "data")
		links := filepath.Join(dir, "links")
		for _, d := range []string{data, links} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		writeFiles(t, data, map[string]string{"real.json": in}, 0o600)
		abs := filepath.Join(data, "real.json")
		link(t, abs, filepath.Join(data, "hop.json"))                   // absolute
		link(t, "../data/hop.json", filepath.Join(links, "first.json")) // relative, other folder
		code, _, errs := run(t, links, "", "first.json", "--in-place", "--indent", "1")
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		want := "{\n \"a\": [\n  1,\n  \"é\"\n ]\n}\n"
		checkLink(t, "first.json", "../data/hop.json")
		checkLink(t, abs[:len(abs)-len("real.json")]+"hop.json", abs)
		checkFile(t, abs, want, 0o600)
		// The temporary file was made beside the file replaced and is gone.
		checkDir(t, links, map[string]string{"first.json": want})
		checkDir(t, data, map[string]string{"real.json": want, "hop.json": want})
	})
	t.Run("output", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"in.json": in, "old.json": "old\n"}, 0o604)
		link(t, "old.json", filepath.Join(dir, "out.json"))
		code, _, errs := run(t, dir, "", "-o", "out.json", "in.json")
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		checkLink(t, "out.json", "old.json")
		checkFile(t, "old.json", out, 0o604)
		checkDir(t, dir, map[string]string{"in.json": in, "old.json": out, "out.json": out})
	})
	t.Run("output_is_input_by_link", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"in.json": in}, 0o644)
		link(t, "in.json", filepath.Join(dir, "out.json"))
		code, _, errs := run(t, dir, "", "-o", "out.json", "in.json")
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		checkLink(t, "out.json", "in.json")
		checkDir(t, dir, map[string]string{"in.json": out, "out.json": out})
	})
	t.Run("output_error_untouched", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"bad.json": `[1,`, "old.json": "old\n"}, 0o644)
		link(t, "old.json", filepath.Join(dir, "out.json"))
		code, _, errs := run(t, dir, "", "-o", "out.json", "bad.json")
		if code != 1 || errs != "jgen: bad.json:1:4: unexpected end of input (byte offset 3)\n" {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
		checkLink(t, "out.json", "old.json")
		checkDir(t, dir, map[string]string{"bad.json": `[1,`, "old.json": "old\n", "out.json": "old\n"})
	})
}

// TestDanglingSymlink checks that a link to no file is an error for -w and
// -o, and that neither the link nor the missing file it names is made.
func TestDanglingSymlink(t *testing.T) {
	for _, args := range [][]string{{"-w", "link.json"}, {"-o", "link.json", "in.json"}} {
		t.Run(args[0], func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"in.json": "[]"}, 0o644)
			link(t, "gone.json", filepath.Join(dir, "link.json"))
			code, out, errs := run(t, dir, "", args...)
			const want = "jgen: link.json: dangling symbolic link: lstat gone.json: no such file or directory\n"
			if code != 1 || out != "" || errs != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, stderr %q", code, out, errs, want)
			}
			checkLink(t, "link.json", "gone.json")
			if _, err := os.Lstat("gone.json"); !os.IsNotExist(err) {
				t.Errorf("gone.json: %v, want it still missing", err)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 2 {
				t.Errorf("folder holds %d entries, want in.json and link.json", len(entries))
			}
		})
	}
}

// TestHardLinkSplit shows the documented cost of replacing by rename: a
// file rewritten in place gets a new inode, and another hard link to the
// old one keeps the old content.
func TestHardLinkSplit(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.json": `[ 1 ]`}, 0o644)
	if err := os.Link(filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, dir, "", "-w", "a.json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	checkDir(t, dir, map[string]string{"a.json": "[1]\n", "b.json": `[ 1 ]`})
	a, _ := os.Stat("a.json")
	b, _ := os.Stat("b.json")
	if os.SameFile(a, b) {
		t.Error("a.json and b.json are still one file")
	}
}
