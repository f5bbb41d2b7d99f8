package cli

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// sharedDir returns ../shared beside the module root (or $JGEN_SHARED_DIR).
func sharedDir() (string, error) {
	if d := os.Getenv("JGEN_SHARED_DIR"); d != "" {
		return d, nil
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("cannot locate the test source")
	}
	// file is <root>/cmd/jgen/internal/cli/shared_test.go.
	root := filepath.Join(filepath.Dir(file), "..", "..", "..", "..")
	dir := filepath.Join(root, "..", "shared")
	if _, err := os.Stat(filepath.Join(dir, "corpus")); err != nil {
		return "", err
	}
	return filepath.Clean(dir), nil
}

// requireShared skips t unless JGEN_SHARED=1 asks for the tests over
// ../shared, and then fails it, not skips, if the data is missing.
func requireShared(t *testing.T) string {
	t.Helper()
	if v, _ := strconv.ParseBool(os.Getenv("JGEN_SHARED")); !v {
		t.Skip("tests over ../shared not requested (set JGEN_SHARED=1)")
	}
	dir, err := sharedDir()
	if err != nil {
		t.Fatalf("JGEN_SHARED=1 but the shared corpus is missing: %v", err)
	}
	return dir
}
