package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// fdAlias reports whether name is a name for one of the process's open
// file descriptors, and which: /dev/stdout (1), /dev/stderr (2), /dev/fd/N
// or /proc/self/fd/N (N), or a symbolic link that leads to one of them.
// Opening such a name would open the file behind the descriptor anew (on
// Linux) at offset 0, without its append mode, and replacing it would
// replace that file: the descriptor itself is the output.
func fdAlias(name string) (int, bool) {
	for range 40 { // the kernel's limit on links followed
		name = filepath.Clean(name)
		switch name {
		case "/dev/stdin":
			return 0, true
		case "/dev/stdout":
			return 1, true
		case "/dev/stderr":
			return 2, true
		}
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"} {
			if rest, ok := strings.CutPrefix(name, dir); ok {
				if n, err := strconv.Atoi(rest); err == nil && n >= 0 && strconv.Itoa(n) == rest {
					return n, true
				}
			}
		}
		fi, err := os.Lstat(name)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return 0, false
		}
		to, err := os.Readlink(name)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(name), to)
		}
		name = to
	}
	return 0, false
}
