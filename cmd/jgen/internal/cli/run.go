// Package cli is the jgen command: Main takes the arguments and the standard
// streams and returns the exit status, so tests run the command in-process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/jgen-go/jgen"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // invalid input or an I/O error
	exitUsage = 2 // bad command line
)

// progressThreshold is the input size above which the progress bar shows by
// default (when stderr is a terminal).
const progressThreshold = 8 << 20

// usageHint follows the message of a usage error.
const usageHint = "Run 'jgen --help' for usage.\n"

// Main runs jgen with args (without the program name) and returns its exit
// status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, fs, err := parseArgs(args, stderr)
	if err != nil {
		// One line for the mistake and one for where help is, as the
		// usage text would push the error off a terminal.
		fmt.Fprintf(stderr, "jgen: %v\n%s", err, usageHint)
		return exitUsage
	}
	if cfg.help || cfg.version {
		cw := &countWriter{w: stdout}
		if closedStdout(stdout) {
			cw.err = errClosed
		} else if cfg.help {
			printUsage(cw, fs)
		} else {
			fmt.Fprintf(cw, "jgen %s\n", version())
		}
		if cw.err != nil {
			fmt.Fprintf(stderr, "jgen: %v\n", &outputError{name: "standard output", err: bareError(cw.err)})
			return exitError
		}
		return exitOK
	}
	r := &runner{cfg: cfg, stdin: stdin, stderr: stderr, start: time.Now()}
	if err := r.run(stdout); err != nil {
		if !errors.Is(err, errReported) {
			fmt.Fprintf(stderr, "jgen: %v\n", err)
		}
		return exitError
	}
	if cfg.stats {
		r.printStats()
	}
	return exitOK
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

type runner struct {
	cfg    *config
	stdin  io.Reader
	stderr io.Writer
	start  time.Time
	counts counts
	out    int64
}

func (r *runner) run(stdout io.Writer) error {
	files := r.cfg.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	switch {
	case r.cfg.inPlace:
		// Every file is tried: one that fails is reported and left as
		// it was, and the others are still rewritten.
		failed := false
		for _, f := range files {
			if err := writeFileAtomic(f, true, func(w io.Writer) error {
				return r.convert(w, f, []string{f})
			}); err != nil {
				fmt.Fprintf(r.stderr, "jgen: %v\n", err)
				failed = true
			}
		}
		if failed {
			return errReported
		}
		return nil
	case r.cfg.output != "":
		return r.writeOutput(stdout, files)
	default:
		if closedStdout(stdout) {
			return &outputError{name: "standard output", err: errClosed}
		}
		return r.convert(stdout, "standard output", files)
	}
}

// errClosed is the error for a standard output that was closed when jgen
// started: its *outputError says "standard output is closed".
var errClosed = errors.New("closed")

// writeOutput is -o: it writes the values of files to r.cfg.output.
//
// A name for one of jgen's own open files (/dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N, or a link to one of them) is written
// through that descriptor as it is, so that its offset and its append mode
// hold: "jgen -o /dev/stdout a.json >> log" appends to log. Another file
// that is not a regular file (a terminal, a pipe or FIFO, /dev/null, a
// socket) is opened for writing as it is, neither created nor truncated,
// and written straight: what was written before an error stays written,
// as on standard output. A regular file, or one that does not exist, is
// replaced whole on success through a temporary file (writeFileAtomic).
func (r *runner) writeOutput(stdout io.Writer, files []string) error {
	name := r.cfg.output
	if fd, ok := fdAlias(name); ok {
		switch fd {
		case 1:
			if closedStdout(stdout) {
				return &outputError{name: name, err: errClosed}
			}
			return r.convert(stdout, name, files)
		case 2:
			return r.convert(r.stderr, name, files)
		}
		f, err := openFD(fd, name)
		if err != nil {
			return err
		}
		return closeOutput(f, name, r.convert(f, name, files))
	}
	fi, err := os.Stat(name)
	if err != nil || fi.Mode().IsRegular() {
		return writeFileAtomic(name, false, func(w io.Writer) error {
			return r.convert(w, name, files)
		})
	}
	if fi.IsDir() {
		return fmt.Errorf("%s: is a directory", name)
	}
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return closeOutput(f, name, r.convert(f, name, files))
}

// closeOutput closes f, the output name, and returns err, or the close's
// error if err is nil.
func closeOutput(f *os.File, name string, err error) error {
	if cerr := f.Close(); cerr != nil && err == nil {
		err = &outputError{name: name, err: bareError(cerr)}
	}
	return err
}

// convert writes every value of the files to w, each followed by a newline.
// A write error of w is returned as an *outputError for outName, whatever
// error of the generator it caused.
func (r *runner) convert(w io.Writer, outName string, files []string) error {
	cw := &countWriter{w: w}
	g, err := jgen.NewGenerator(cw, &r.cfg.opts)
	if err != nil {
		return err
	}
	var convErr error
	for _, name := range files {
		if convErr = r.convertFile(g, name); convErr != nil {
			break
		}
	}
	// What was written reaches w even after an error (as jq does on
	// stdout); file targets are then discarded by the caller.
	// The root terminator has written one newline after each complete
	// root value, the last one included.
	if err := g.Flush(); err != nil && convErr == nil {
		convErr = err
	}
	r.out += cw.n
	if cw.err != nil {
		return &outputError{name: outName, err: bareError(cw.err)}
	}
	return convErr
}

// outputError is a write error of the output, which is named as the user
// knows it: "standard output", or the name given to -o or -w (not the
// temporary file written in its place).
type outputError struct {
	name string
	err  error
}

func (e *outputError) Error() string {
	if e.err == errClosed {
		return e.name + " is closed"
	}
	return "writing " + e.name + ": " + e.err.Error()
}

func (e *outputError) Unwrap() error { return e.err }

// bareError is err without the *os.PathError around it, whose operation
// and file name (the temporary file's, or /dev/stdout) the caller says in
// its own words.
func bareError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (r *runner) convertFile(g *jgen.Generator, name string) error {
	if name == "-" {
		return transcode(g, r.stdin, "<stdin>", &r.counts)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	// A directory opens but fails at the first read, deep in the tokenizer.
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return fmt.Errorf("%s: is a directory", name)
	}
	var in io.Reader = f
	if bar := r.progressBar(f, name); bar != nil {
		pr := progressbar.NewReader(f, bar)
		in = &pr
		defer bar.Finish()
	}
	return transcode(g, in, name, &r.counts)
}

func (r *runner) progressBar(f *os.File, name string) *progressbar.ProgressBar {
	if r.cfg.progress < 0 {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if r.cfg.progress == 0 {
		sf, ok := r.stderr.(*os.File)
		if !ok || !term.IsTerminal(int(sf.Fd())) || fi.Size() <= progressThreshold {
			return nil
		}
	}
	return progressbar.NewOptions64(fi.Size(),
		progressbar.OptionSetWriter(r.stderr),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowBytes(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(r.stderr) }),
	)
}

func (r *runner) printStats() {
	sec := time.Since(r.start).Seconds()
	c := r.counts
	fmt.Fprintf(r.stderr, "jgen: top-level values: %d, values: %d, strings: %d, bytes in: %d, bytes out: %d, %.3f s, %.1f MB/s\n",
		c.roots, c.values, c.strings, c.in, r.out, sec, float64(c.in)/1e6/sec)
}

// countWriter counts the bytes written to w and keeps w's first error.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// errReported is returned by run when it has reported its errors itself.
var errReported = errors.New("errors reported")

// writeFileAtomic calls write with a temporary file in target's folder and
// renames it to target when write and the close succeed, so target is
// either replaced whole or untouched, and an input named as target is read
// whole before it is replaced (it must exist when mustExist).
//
// An existing target is replaced only if the user could write to it: a
// read-only file is refused, before anything is read, as a shell's > or
// cp refuses it, although the rename needs only the folder's permission.
// The new file gets target's owner and group where the user may give them
// (always as root; a group the user belongs to otherwise), and target's
// permission bits; the setuid bit is kept only with target's owner, the
// setgid bit only with target's group, and the sticky bit always. A new
// target gets mode 0644.
//
// A symbolic link as target (or a chain of them) is followed: the file it
// leads to is the one replaced, through a temporary file in that file's
// folder, and the link stays as it was. A link that leads to no file is an
// error. A file with other hard links is split from them: the rename gives
// target a new file and the other names keep the old content.
func writeFileAtomic(target string, mustExist bool, write func(io.Writer) error) (err error) {
	name := target // as the user gave it, for messages
	if fi, lerr := os.Lstat(target); lerr == nil && fi.Mode()&os.ModeSymlink != 0 {
		resolved, err := filepath.EvalSymlinks(target)
		if err != nil {
			return fmt.Errorf("%s: dangling symbolic link: %w", target, err)
		}
		target = resolved
	}
	var old os.FileInfo
	if fi, statErr := os.Stat(target); statErr == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file", name)
		}
		if err := checkWritable(target); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		old = fi
	} else if mustExist {
		return statErr
	}
	dir, base := splitPath(target)
	tmp, err := os.CreateTemp(dir, "."+base+".jgen-*")
	if err != nil {
		// The error names the temporary file, which the user never asked for.
		return fmt.Errorf("%s: %w", name, bareError(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if old != nil {
		mode = keepOwner(tmp, old)
	}
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("%s: %w", name, bareError(err))
	}
	if err = tmp.Close(); err != nil {
		return &outputError{name: name, err: bareError(err)}
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return errors.Join(fmt.Errorf("%s: %w", name, bareError(err)), os.Remove(tmp.Name()))
	}
	return nil
}

func splitPath(p string) (dir, base string) {
	for i := len(p) - 1; i >= 0; i-- {
		if os.IsPathSeparator(p[i]) {
			return p[:i+1], p[i+1:]
		}
	}
	return ".", p
}
