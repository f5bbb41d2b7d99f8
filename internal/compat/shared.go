package compat

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// ModulePath is the module whose root SharedDir looks for.
const ModulePath = "github.com/jgen-go/jgen"

// SharedEnv is the environment variable that asks for the tests over the
// big corpora in ../shared (JGEN_SHARED=1); SharedDirEnv, when set, names
// the shared directory instead of ../shared beside the module root.
const (
	SharedEnv    = "JGEN_SHARED"
	SharedDirEnv = "JGEN_SHARED_DIR"
)

// SharedRequested reports whether the tests over ../shared were asked for:
// the environment variable JGEN_SHARED is 1 (or true), or the test binary
// has a boolean flag -shared that is set. compat does not define that flag
// (two packages defining it would clash); a test package that wants it
// declares flag.Bool("shared", false, ...) itself. Note that `go test
// -shared` is taken by the go command (it is a build flag); pass the test
// flag after -args: go test ./internal/reference -args -shared.
func SharedRequested() bool {
	if v, err := strconv.ParseBool(os.Getenv(SharedEnv)); err == nil && v {
		return true
	}
	if f := flag.Lookup("shared"); f != nil {
		if v, err := strconv.ParseBool(f.Value.String()); err == nil && v {
			return true
		}
	}
	return false
}

// RequireShared skips t unless SharedRequested, and fails it (rather than
// skipping) when the tests were asked for but the shared directory is
// missing. It returns the shared directory.
func RequireShared(t testing.TB) string {
	t.Helper()
	if !SharedRequested() {
		t.Skipf("tests over ../shared not requested (set %s=1 or pass -shared)", SharedEnv)
	}
	dir, err := SharedDir()
	if err != nil {
		t.Fatalf("%s=1 or -shared, but: %v", SharedEnv, err)
	}
	return dir
}

// ModuleRoot returns the root directory of the jgen module: found from this
// source file's location, or else by walking up from the working directory
// to a go.mod that declares ModulePath.
func ModuleRoot() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		root := filepath.Join(filepath.Dir(file), "..", "..")
		if isModuleRoot(root) {
			return filepath.Clean(root), nil
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isModuleRoot(dir) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("compat: no go.mod of module %s above the working directory", ModulePath)
		}
		dir = parent
	}
}

func isModuleRoot(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if f := bytes.Fields(line); len(f) == 2 && string(f[0]) == "module" && string(f[1]) == ModulePath {
			return true
		}
	}
	return false
}

// SharedDir returns the shared data directory: $JGEN_SHARED_DIR if set,
// else the directory "shared" beside the module root (../shared from the
// root). It is an error if that directory does not exist.
func SharedDir() (string, error) {
	dir := os.Getenv(SharedDirEnv)
	if dir == "" {
		root, err := ModuleRoot()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(filepath.Dir(root), "shared")
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("compat: shared directory: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("compat: shared directory %s is not a directory", dir)
	}
	return dir, nil
}

// VectorsFile returns the absolute path of the Jackson vectors in testdata.
func VectorsFile() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, filepath.FromSlash(VectorsPath))
	if _, err := os.Stat(p); err != nil {
		return "", errors.Join(errors.New("compat: Jackson vectors missing"), err)
	}
	return p, nil
}
