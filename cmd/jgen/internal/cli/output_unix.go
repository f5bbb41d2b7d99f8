//go:build unix

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// openFD returns a duplicate of the open file descriptor fd as an *os.File
// for writing, which shares fd's offset and append mode and which the
// caller closes, or an error naming name if fd is not open for writing.
func openFD(fd int, name string) (*os.File, error) {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if acc := fl & unix.O_ACCMODE; acc != unix.O_WRONLY && acc != unix.O_RDWR {
		return nil, fmt.Errorf("%s: %w", name, syscall.EBADF)
	}
	dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return os.NewFile(uintptr(dup), name), nil
}

// closedStdout reports whether w is the process's standard output and was
// closed when jgen started. The Go runtime then opens /dev/null in its
// place, read-write, so that writes to it succeed and the output would be
// lost without a word; a shell's >/dev/null opens it write-only. (A
// standard output opened with 1<>/dev/null looks the same, and is taken
// for a closed one.)
func closedStdout(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f.Fd() != 1 {
		return false
	}
	fl, err := unix.FcntlInt(1, unix.F_GETFL, 0)
	if err != nil || fl&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var out, null unix.Stat_t
	if unix.Fstat(1, &out) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	return out.Mode&unix.S_IFMT == unix.S_IFCHR && out.Rdev == null.Rdev
}

// checkWritable returns nil if the user may write to the existing file
// name, as the kernel decides for open(2) (the owner, group and other
// permission bits, ACLs, root), else the reason. An open file for writing
// is opened and closed without a write, which changes nothing.
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

// keepOwner gives tmp the owner and group of the file old where it can, and
// returns the mode for tmp: old's permission and sticky bits, and its
// setuid (setgid) bit when tmp has old's owner (group). A setuid or setgid
// bit on a file of another owner or group would grant other rights than
// the file had.
func keepOwner(tmp *os.File, old os.FileInfo) os.FileMode {
	mode := old.Mode() & (os.ModePerm | os.ModeSticky)
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return mode
	}
	uid, gid := int(st.Uid), int(st.Gid)
	// As root both are given; otherwise the owner stays the user's, and
	// the group is given if the user belongs to it.
	if tmp.Chown(uid, gid) != nil {
		tmp.Chown(-1, gid)
	}
	var now syscall.Stat_t
	if syscall.Fstat(int(tmp.Fd()), &now) != nil {
		return mode
	}
	if old.Mode()&os.ModeSetuid != 0 && int(now.Uid) == uid {
		mode |= os.ModeSetuid
	}
	if old.Mode()&os.ModeSetgid != 0 && int(now.Gid) == gid {
		mode |= os.ModeSetgid
	}
	return mode
}
