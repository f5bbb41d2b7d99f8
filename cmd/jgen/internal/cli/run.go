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
	if cfg.help {
		printUsage(stdout, fs)
		return exitOK
	}
	if cfg.version {
		fmt.Fprintf(stdout, "jgen %s\n", version())
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
				return r.convert(w, []string{f})
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
		return writeFileAtomic(r.cfg.output, false, func(w io.Writer) error {
			return r.convert(w, files)
		})
	default:
		return r.convert(stdout, files)
	}
}

// convert writes every value of the files to w, each followed by a newline.
func (r *runner) convert(w io.Writer, files []string) error {
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
	return convErr
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
	fmt.Fprintf(r.stderr, "jgen: %d top-level values, %d values, %d strings, %d bytes in, %d bytes out, %.3f s, %.1f MB/s\n",
		c.roots, c.values, c.strings, c.in, r.out, sec, float64(c.in)/1e6/sec)
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// errReported is returned by run when it has reported its errors itself.
var errReported = errors.New("errors reported")

// writeFileAtomic calls write with a temporary file in target's folder and
// renames it to target when write and the close succeed, so target is
// either replaced whole or untouched, and an input named as target is read
// whole before it is replaced. The file gets target's mode if target exists
// (it must when mustExist), else 0644.
//
// A symbolic link as target (or a chain of them) is followed: the file it
// leads to is the one replaced, through a temporary file in that file's
// folder, and the link stays as it was. A link that leads to no file is an
// error. A file with other hard links is split from them: the rename gives
// target a new file and the other names keep the old content.
func writeFileAtomic(target string, mustExist bool, write func(io.Writer) error) (err error) {
	if fi, lerr := os.Lstat(target); lerr == nil && fi.Mode()&os.ModeSymlink != 0 {
		resolved, err := filepath.EvalSymlinks(target)
		if err != nil {
			return fmt.Errorf("%s: dangling symbolic link: %w", target, err)
		}
		target = resolved
	}
	mode := os.FileMode(0o644)
	if fi, statErr := os.Stat(target); statErr == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file", target)
		}
		mode = fi.Mode().Perm()
	} else if mustExist {
		return statErr
	}
	dir, base := splitPath(target)
	tmp, err := os.CreateTemp(dir, "."+base+".jgen-*")
	if err != nil {
		// The error names the temporary file, which the user never asked for.
		var pe *os.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s: %w", target, pe.Err)
		}
		return err
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
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return errors.Join(err, os.Remove(tmp.Name()))
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
