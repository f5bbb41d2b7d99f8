// Command stdlibjson runs the Go toolchain's own encoding/json tests
// against the drop-in package github.com/jgen-go/jgen/json.
//
// It copies the test files that `go list encoding/json` selects for the
// toolchain it runs on (GOTOOLCHAIN, GOEXPERIMENT) into a temporary
// module, where the package under test is a shim that makes every exported
// identifier of the drop-in an identifier of package json; external test
// files import the drop-in instead of encoding/json. Test code that refers
// to the internals of encoding/json (unexported identifiers, std-internal
// packages) cannot build there: the command removes each top-level
// declaration the compiler reports, and those that then fail to build in
// turn, and prints every removal with the compiler's reason. Then it runs
// the remaining tests and examples (go test -vet=off -json) and prints one
// line per top-level test. It exits 1 when a test fails, or when a test of
// Marshal, MarshalIndent or Encoder was removed that is not in the expected
// list below.
//
// Usage, from the repository root: go run ./scripts/stdlibjson [-keep] [-v]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jgen-go/jgen/scripts/internal/stdtests"
)

const dropin = "github.com/jgen-go/jgen/json"

var (
	keep    = flag.Bool("keep", false, "keep the temporary module and print its path")
	verbose = flag.Bool("v", false, "print every removed declaration, not only tests")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "stdlibjson:", err)
		os.Exit(2)
	}
}

type pkgInfo struct {
	Dir          string
	TestGoFiles  []string
	XTestGoFiles []string
}

func run() error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(repo, "json", "json.go")); err != nil {
		return fmt.Errorf("run from the repository root: %v", err)
	}
	out, err := exec.Command("go", "list", "-json", "encoding/json").Output()
	if err != nil {
		return fmt.Errorf("go list encoding/json: %v", err)
	}
	var pkg pkgInfo
	if err := json.Unmarshal(out, &pkg); err != nil {
		return err
	}
	ver, _ := exec.Command("go", "env", "GOVERSION").Output()
	exp, _ := exec.Command("go", "env", "GOEXPERIMENT").Output()
	fmt.Printf("toolchain %s (GOEXPERIMENT=%s), tests from %s\n",
		bytes.TrimSpace(ver), bytes.TrimSpace(exp), pkg.Dir)

	tmp, err := os.MkdirTemp("", "stdlibjson-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("temporary module:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	dir := filepath.Join(tmp, "encoding", "json")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod := fmt.Sprintf("module stdlibjson\n\ngo 1.26.0\n\nrequire github.com/jgen-go/jgen v0.0.0\n\nreplace github.com/jgen-go/jgen => %s\n", repo)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	// Test data the tests open by relative path.
	if err := os.Symlink(filepath.Join(pkg.Dir, "internal"), filepath.Join(dir, "internal")); err != nil {
		return err
	}
	// The test helpers of encoding/json/internal/jsontest (its test case
	// names), which the tests of Go 1.27 use; its test data needs
	// internal/zstd, so only the benchmarks that read it are lost.
	jt := filepath.Join(tmp, "internal", "jsontest")
	if src, err := os.ReadFile(filepath.Join(pkg.Dir, "internal", "jsontest", "testcase.go")); err == nil {
		if err := os.MkdirAll(jt, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(jt, "testcase.go"), src, 0o644); err != nil {
			return err
		}
	}
	shim, err := shimSource(filepath.Join(repo, "json"))
	if err != nil {
		return err
	}
	standins := map[string]bool{}
	writeShim := func() error {
		b := append([]byte(nil), shim...)
		for name := range standins {
			b = append(b, "\n"+standIns[name]+"\n"...)
		}
		return os.WriteFile(filepath.Join(dir, "zz_dropin_shim.go"), b, 0o644)
	}
	if err := writeShim(); err != nil {
		return err
	}

	files := map[string][]byte{}
	for _, name := range pkg.TestGoFiles {
		b, err := os.ReadFile(filepath.Join(pkg.Dir, name))
		if err != nil {
			return err
		}
		files[name] = b
	}
	for _, name := range pkg.XTestGoFiles {
		b, err := os.ReadFile(filepath.Join(pkg.Dir, name))
		if err != nil {
			return err
		}
		// The external tests import the package under test: the drop-in.
		files[name] = bytes.ReplaceAll(b, []byte(`"encoding/json"`), []byte(strconv.Quote(dropin)))
	}
	for name, b := range files {
		files[name] = stdtests.DropInternalImports(b, "stdlibjson")
	}

	var removed []stdtests.Removal
	for round := 0; ; round++ {
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				return err
			}
		}
		cmd := stdtests.GoCmd(dir, "test", "-vet=off", "-gcflags=-e", "-c", "-o", os.DevNull, ".")
		msg, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		if round == 50 {
			return fmt.Errorf("still failing to build after %d rounds:\n%s", round, msg)
		}
		errs := stdtests.ParseErrors(msg)
		if len(errs) == 0 {
			return fmt.Errorf("go test -c: %v\n%s", err, msg)
		}
		added := false
		for _, list := range errs {
			for _, e := range list {
				name, ok := strings.CutPrefix(e.Msg, "undefined: ")
				if _, known := standIns[name]; ok && known && !standins[name] {
					standins[name] = true
					added = true
				}
			}
		}
		if added {
			if err := writeShim(); err != nil {
				return err
			}
			continue
		}
		for name, list := range errs {
			b, ok := files[name]
			if !ok {
				return fmt.Errorf("build error outside the test files:\n%s", msg)
			}
			nb, rs, err := stdtests.RemoveDecls(name, b, list, false)
			if err != nil {
				return err
			}
			files[name] = nb
			removed = append(removed, rs...)
		}
	}

	sort.Slice(removed, func(i, j int) bool {
		if removed[i].File != removed[j].File {
			return removed[i].File < removed[j].File
		}
		return removed[i].Name < removed[j].Name
	})
	if len(standins) > 0 {
		fmt.Printf("\nstand-ins for unexported declarations of encoding/json (copies, no behaviour):\n")
		for name := range standins {
			fmt.Printf("  %s\n", standIns[name])
		}
	}
	fmt.Printf("\nremoved declarations (they refer to encoding/json's internals):\n")
	unexpected := 0
	for _, r := range removed {
		test := stdtests.IsTest(r.Name)
		if !test && !*verbose {
			continue
		}
		mark := " "
		why := ""
		if test && encodingTest.MatchString(r.Name) {
			if w, ok := expectedRemoved[r.Name]; ok {
				why = "\n      (" + w + ")"
			} else {
				mark = "!"
				unexpected++
			}
		}
		fmt.Printf("%s %-20s %-40s %s%s\n", mark, r.File, r.Name, r.Reason, why)
	}

	cmd := stdtests.GoCmd(dir, "test", "-vet=off", "-count=1", "-json", ".")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	type event struct {
		Action, Test, Output string
	}
	results := map[string]string{}
	outputs := map[string]*strings.Builder{}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Test == "" {
			continue
		}
		top, _, _ := strings.Cut(ev.Test, "/")
		switch ev.Action {
		case "output":
			if outputs[top] == nil {
				outputs[top] = new(strings.Builder)
			}
			outputs[top].WriteString(ev.Output)
		case "pass", "fail", "skip":
			if ev.Test == top {
				results[top] = ev.Action
			}
		}
	}
	runErr := cmd.Wait()
	names := make([]string, 0, len(results))
	for n := range results {
		names = append(names, n)
	}
	sort.Strings(names)
	count := map[string]int{}
	fmt.Printf("\nresults:\n")
	for _, n := range names {
		count[results[n]]++
		fmt.Printf("%-5s %s\n", results[n], n)
		if results[n] == "fail" {
			fmt.Print(outputs[n].String())
		}
	}
	fmt.Printf("\n%d passed, %d failed, %d skipped; %d removed declarations (%d tests)\n",
		count["pass"], count["fail"], count["skip"], len(removed), countTests(removed))
	if count["fail"] > 0 || runErr != nil {
		return fmt.Errorf("tests failed (%v)", runErr)
	}
	if unexpected > 0 {
		return fmt.Errorf("%d tests of encoding were removed that are not expected (marked !)", unexpected)
	}
	return nil
}

// standIns are copies of unexported declarations of encoding/json that
// the tests use only as plain definitions: an interface type as a field's
// type, a constant as a loop bound. The shim declares one when the build
// reports it undefined.
var standIns = map[string]string{
	// encode.go (Go 1.26): the method set that omitzero calls.
	"isZeroer": "type isZeroer interface{ IsZero() bool }",
	// encode.go (Go 1.26): the pointer depth after which encoding/json
	// checks for cycles. The tests use it to build a slice nested that
	// deep which is not a cycle (TestSliceNoCycle).
	"startDetectingCyclesAfter": "const startDetectingCyclesAfter = 1000",
}

// encodingTest matches the names of the tests of Marshal, MarshalIndent
// and Encoder: every removal of one of them must be listed, with its
// reason, in expectedRemoved.
var encodingTest = regexp.MustCompile(`^(Test|Example).*(Marshal|Encode|Encoder|Indent|HTML|Escape|String|Omit|Tag|Float|Anonymous|Embedded|Cycl|Issue)`)

// expectedRemoved lists the tests of encoding that cannot run against the
// drop-in, and why. The command prints the compiler's own reason too.
var expectedRemoved = map[string]string{
	"TestMarshalerError": "tests the Error method of MarshalerError values it builds with the " +
		"unexported field sourceFunc; the type is encoding/json's own (an alias), and " +
		"json/json_test.go compares the drop-in's MarshalerError values with encoding/json's",
	"TestIndentErrors": "builds *SyntaxError values with the unexported field msg; Indent is " +
		"encoding/json's own (forwarded)",
	"TestTagParsing": "tests the unexported tag parser parseTag; the tag rules are checked " +
		"through Marshal by TestMarshal, TestTaggedFieldDominates, TestStructTagObjectKey",
}

func countTests(rs []stdtests.Removal) int {
	n := 0
	for _, r := range rs {
		if stdtests.IsTest(r.Name) {
			n++
		}
	}
	return n
}

// shimSource writes package json with every exported top-level identifier
// of the drop-in (in the files that build for this toolchain) declared as
// the drop-in's.
func shimSource(dir string) ([]byte, error) {
	cmd := exec.Command("go", "list", "-f", "{{join .GoFiles \"\\n\"}}", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v", dir, err)
	}
	var b strings.Builder
	b.WriteString("// Code generated by scripts/stdlibjson. DO NOT EDIT.\n\npackage json\n\n")
	b.WriteString("import dropin " + strconv.Quote(dropin) + "\n\n")
	fset := token.NewFileSet()
	for _, name := range strings.Fields(string(out)) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		funcs, types, values := stdtests.Exported(f)
		for _, d := range funcs {
			fmt.Fprintf(&b, "var %s = dropin.%[1]s\n", d.Name.Name)
		}
		stdtests.WriteAliases(&b, "dropin", types, values)
	}
	return []byte(b.String()), nil
}
