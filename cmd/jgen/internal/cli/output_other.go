//go:build !unix

package cli

import (
	"errors"
	"io"
	"os"
)

// openFD returns the open file descriptor fd as an *os.File for writing;
// the caller closes it.
func openFD(fd int, name string) (*os.File, error) {
	return os.NewFile(uintptr(fd), name), nil
}

// closedStdout reports whether w is a standard output closed when jgen
// started; this system gives no way to tell.
func closedStdout(io.Writer) bool { return false }

// checkWritable returns nil if the user may write to the existing file
// name, else the reason.
func checkWritable(name string) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err == nil {
		return f.Close()
	}
	if errors.Is(err, os.ErrPermission) {
		return errors.New("read-only file, not replaced (jgen replaces only a file you could write to)")
	}
	return bareError(err)
}

// keepOwner returns the mode for the file replacing old: old's
// permission bits.
func keepOwner(_ *os.File, old os.FileInfo) os.FileMode { return old.Mode() & os.ModePerm }
