// Command stdlibjsonv2 runs the Go toolchain's own encoding/json/v2 tests
// of marshaling against the drop-in package
// github.com/jgen-go/jgen/json/v2.
//
// It copies the test files of `go list encoding/json/v2` (the toolchain
// it runs on must have the drop-in's build: Go 1.27 or later without
// GOEXPERIMENT=nojsonv2) into a temporary module. There the package under
// test is a shim that declares every exported identifier of the drop-in
// as package json's, and the external test files import the drop-in in
// place of encoding/json/v2. The test code that names encoding/json/v2's
// internals is adapted where a public equivalent exists, and otherwise
// taken out:
//
//   - option flags of encoding/json/internal/jsonflags written as
//     Options (jsonflags.X | 1) become encoding/json's public option of
//     the same name (json.X(true)), and jsonopts.ExperimentalSupportFormatTag
//     a public option with the marker method jsonopts recognises;
//   - the expected-error builders EM, EU and the methods withVal, withPos,
//     withType become functions of the shim (stand-ins, standins.go), and
//     the unexported sentinel errors the tests compare are the real ones,
//     taken from errors encoding/json/v2 returns;
//   - whatever still fails to build is removed: a case of a table test
//     (an element of a []struct literal) when the error is inside one,
//     else the whole top-level declaration, and then what fails in turn.
//
// Every removal is printed with the compiler's reason and the script's
// own; a removed test or case of marshaling whose category is not in the
// lists below fails the run. Test files and tests that check only
// internals or only unmarshaling (which the drop-in forwards to
// encoding/json/v2 itself) are left out before the build, each with its
// reason. Then it runs the rest (go test -vet=off -json) and prints one
// line per top-level test with its subtests' counts. It exits 1 when a
// test fails.
//
// Usage, from the repository root:
//
//	GOTOOLCHAIN=go1.27.3 go run ./scripts/stdlibjsonv2 [-keep] [-v]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jgen-go/jgen/scripts/internal/stdtests"
)

const (
	dropin = "github.com/jgen-go/jgen/json/v2"
	stdPkg = "encoding/json/v2"
)

var (
	keep    = flag.Bool("keep", false, "keep the temporary module and print its path")
	verbose = flag.Bool("v", false, "print every removed declaration, not only tests and cases")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "stdlibjsonv2:", err)
		os.Exit(1)
	}
}

// excludedFiles are the test files of encoding/json/v2 left out whole.
var excludedFiles = map[string]string{
	"fields_test.go": "tests the unexported struct-field analysis (makeStructFields, parseTagOptions); the drop-in's field rules are checked through Marshal by TestMarshal",
	"fold_test.go":   "tests the unexported case folding of names (foldName), used only by unmarshaling",
	"fuzz_test.go":   "fuzzes the unexported equalFold, used only by unmarshaling",
	"inline_test.go": "checks the compiler's inlining of encoding/json/v2's internal functions",
	"intern_test.go": "tests the unexported string interning of unmarshaling",
	"errors_test.go": "tests SemanticError.Error on values built with its unexported field action; the type is encoding/json/v2's own (an alias)",
	"bench_test.go":  "its tests (TestBenchmarkMarshal and the rest) read their data through encoding/json/internal/jsontest, whose test data needs the std-internal internal/zstd",
	"export_test.go": "exports internals to the external tests",
}

// excludedTests are top-level tests left out before the build.
var excludedTests = map[string]string{
	"TestUnmarshal":                   "unmarshal only (Unmarshal is encoding/json/v2's, forwarded)",
	"TestUnmarshalInvalidNamespace":   "unmarshal only",
	"TestUnmarshalReuse":              "unmarshal only",
	"TestUnmarshalEOF":                "unmarshal only",
	"TestUnmarshalDecodeOptions":      "unmarshal only",
	"TestUnmarshalDecodeStream":       "unmarshal only",
	"TestParseDuration":               "unmarshal only (the unexported duration parser)",
	"TestParseTime":                   "unmarshal only (the unexported time parser)",
	"FuzzParseDuration":               "unmarshal only (the unexported duration parser)",
	"FuzzParseTime":                   "unmarshal only (the unexported time parser)",
	"TestCoderBufferGrowth":           "tests the buffer growth of encoding/json/v2's own pooled encoder (export.Encoder)",
	"TestUintSet":                     "tests the unexported uintSet",
	"BenchmarkUnmarshalDecodeOptions": "unmarshal only",
}

// removalCategories give the reason for a removal from the compiler's
// message: the first pattern that matches it. A removed test or table
// case of marshaling whose message matches none fails the run.
var removalCategories = []struct {
	re     *regexp.Regexp
	reason string
}{
	{regexp.MustCompile(`undefined: jsonflags`), "sets an internal flag of encoding/json/internal/jsonflags that no public option sets (StringTag: the string tag option applied to a whole value; FormatTag: a format without its tag)"},
	{regexp.MustCompile(`undefined: jsonopts`), "builds encoding/json/internal/jsonopts.Struct, the internal form of options, directly"},
	{regexp.MustCompile(`undefined: export`), "reaches into encoding/json/v2's encoder through its internal export hooks"},
	{regexp.MustCompile(`undefined: jsonwire`), "calls an internal function of encoding/json/internal/jsonwire"},
	{regexp.MustCompile(`unknown field action`), "builds a SemanticError with its unexported field action"},
	{regexp.MustCompile(`cannot define new methods on non-local type`), "a method the test file declares on encoding/json/v2's own type (rewritten into a stand-in function)"},
	{regexp.MustCompile(`undefined: invalidFormatOption`), "uses invalidFormatOption, an encoding/json/internal/jsonopts.Struct with a Format but the FormatTag flag clear, which no public option builds"},
	{regexp.MustCompile(`undefined: (durationArshaler|timeArshaler|appendTimeUnix|parseTimeUnix)`), "tests the unexported time and duration formatters directly; Marshal reaches their other formats only through format tags, which TestMarshal's Time and Duration cases cover"},
	{regexp.MustCompile(`undefined: (marshal|unmarshal|arshal|new[A-Z]|make[A-Z]|lookup|default)`), "calls an unexported function of encoding/json/v2"},
}

// marshalTest matches the names of tests of marshaling: a removal of one
// of them, or of one of their cases, needs a category above.
var marshalTest = regexp.MustCompile(`^(Test|Example)(Marshal|Format|_|MarshalerTo|WithMarshalers)`)

type pkgInfo struct {
	Dir          string
	TestGoFiles  []string
	XTestGoFiles []string
	GoFiles      []string
}

func goList(dir string, pkg string) (pkgInfo, error) {
	cmd := exec.Command("go", "list", "-json", pkg)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return pkgInfo{}, fmt.Errorf("go list %s: %v", pkg, err)
	}
	var p pkgInfo
	err = json.Unmarshal(out, &p)
	return p, err
}

func run() error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	drop, err := goList(repo, "./json/v2")
	if err != nil {
		return fmt.Errorf("run from the repository root: %v", err)
	}
	if !contains(drop.GoFiles, "marshal.go") {
		return fmt.Errorf("the drop-in %s is not built by this toolchain (GoFiles %v): run on Go 1.27 or later", dropin, drop.GoFiles)
	}
	pkg, err := goList(repo, stdPkg)
	if err != nil {
		return err
	}
	ver, _ := exec.Command("go", "env", "GOVERSION").Output()
	exp, _ := exec.Command("go", "env", "GOEXPERIMENT").Output()
	fmt.Printf("toolchain %s (GOEXPERIMENT=%s), tests from %s\n",
		bytes.TrimSpace(ver), bytes.TrimSpace(exp), pkg.Dir)

	tmp, err := os.MkdirTemp("", "stdlibjsonv2-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("temporary module:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	dir := filepath.Join(tmp, "encoding", "json", "v2")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// go 1.27: the test files use encoding/json/v2's API, declared as of
	// go1.27.
	gomod := fmt.Sprintf("module stdlibjsonv2\n\ngo 1.27.0\n\nrequire github.com/jgen-go/jgen v0.0.0\n\nreplace github.com/jgen-go/jgen => %s\n", repo)
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
	// The test case names of encoding/json/internal/jsontest.
	jt := filepath.Join(tmp, "internal", "jsontest")
	src, err := os.ReadFile(filepath.Join(pkg.Dir, "..", "internal", "jsontest", "testcase.go"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(jt, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(jt, "testcase.go"), src, 0o644); err != nil {
		return err
	}

	shim, err := shimSource(filepath.Join(repo, "json", "v2"), drop.GoFiles)
	if err != nil {
		return err
	}
	stdSrc, err := typeVars(pkg.Dir, pkg.GoFiles)
	if err != nil {
		return err
	}
	standins := map[string]string{}
	writeShim := func() error {
		b := append([]byte(nil), shim...)
		names := sortedKeys(standins)
		for _, name := range names {
			b = append(b, "\n"+standins[name]+"\n"...)
		}
		return os.WriteFile(filepath.Join(dir, "zz_dropin_shim.go"), b, 0o644)
	}
	if err := writeShim(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "zz_count_test.go"), []byte(countMain), 0o644); err != nil {
		return err
	}

	fmt.Printf("\ntest files left out whole:\n")
	files := map[string][]byte{}
	var removed []stdtests.Removal
	for _, name := range append(append([]string(nil), pkg.TestGoFiles...), pkg.XTestGoFiles...) {
		if why := excludedFiles[name]; why != "" {
			fmt.Printf("  %-30s %s\n", name, why)
			continue
		}
		b, err := os.ReadFile(filepath.Join(pkg.Dir, name))
		if err != nil {
			return err
		}
		if contains(pkg.XTestGoFiles, name) {
			b = bytes.ReplaceAll(b, []byte(strconv.Quote(stdPkg)), []byte(strconv.Quote(dropin)))
		}
		b = stdtests.DropInternalImports(b, "stdlibjsonv2")
		b, rs, err := rewrite(name, b)
		if err != nil {
			return err
		}
		removed = append(removed, rs...)
		files[name] = b
	}

	for round := 0; ; round++ {
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				return err
			}
		}
		cmd := stdtests.GoCmd(dir, "test", "-tags=jgen_fallbacks", "-vet=off", "-gcflags=-e", "-c", "-o", os.DevNull, ".")
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
				if !ok || standins[name] != "" {
					continue
				}
				if s, known := standIns[name]; known {
					standins[name] = s
					added = true
				} else if s, known := stdSrc[name]; known {
					standins[name] = s
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
			nb, rs, err := stdtests.RemoveDecls(name, b, list, true)
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
		fmt.Printf("\nstand-ins in the shim (standins.go; copies of encoding/json/v2's unexported declarations):\n  %s\n",
			strings.Join(sortedKeys(standins), ", "))
	}
	fmt.Printf("\nremoved tests and table cases (they refer to encoding/json/v2's internals):\n")
	unexpected, removedTests, removedCases := 0, 0, 0
	for _, r := range removed {
		if !r.Test && !*verbose {
			continue
		}
		mark := " "
		why := category(r.Reason)
		if r.Test {
			top, _, isCase := strings.Cut(r.Name, "/")
			if isCase {
				removedCases++
			} else {
				removedTests++
			}
			if marshalTest.MatchString(top) && why == "" {
				mark = "!"
				unexpected++
			}
		}
		if why != "" {
			why = "\n      (" + why + ")"
		}
		fmt.Printf("%s %-28s %-50s %s%s\n", mark, r.File, r.Name, r.Reason, why)
	}

	cmd := stdtests.GoCmd(dir, "test", "-tags=jgen_fallbacks", "-vet=off", "-count=1", "-json", ".")
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
	subs := map[string]map[string]int{}
	outputs := map[string]*strings.Builder{}
	var pkgOutput strings.Builder // output outside any test: a panic in init
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		if ev.Test == "" {
			if ev.Action == "output" {
				pkgOutput.WriteString(ev.Output)
			}
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
			} else {
				if subs[top] == nil {
					subs[top] = map[string]int{}
				}
				subs[top][ev.Action]++
			}
		}
	}
	runErr := cmd.Wait()
	names := sortedKeys(results)
	count := map[string]int{}
	subCount := map[string]int{}
	fmt.Printf("\nresults:\n")
	for _, n := range names {
		count[results[n]]++
		s := ""
		if c := subs[n]; c != nil {
			s = fmt.Sprintf(" (subtests: %d passed, %d failed, %d skipped)", c["pass"], c["fail"], c["skip"])
			for k, v := range c {
				subCount[k] += v
			}
		}
		fmt.Printf("%-5s %s%s\n", results[n], n, s)
		if results[n] == "fail" {
			fmt.Print(outputs[n].String())
		}
	}
	fmt.Printf("\n%d tests passed, %d failed, %d skipped (subtests: %d passed, %d failed); removed: %d tests, %d table cases\n",
		count["pass"], count["fail"], count["skip"], subCount["pass"], subCount["fail"], removedTests, removedCases)
	if m := regexp.MustCompile(`jgen-calls: (\d+) marshal calls, (\d+) handed`).FindStringSubmatch(pkgOutput.String()); m != nil {
		calls, _ := strconv.Atoi(m[1])
		fb, _ := strconv.Atoi(m[2])
		fmt.Printf("the drop-in's marshal functions were called %d times: jgen encoded %d, encoding/json/v2 %d (options jgen does not translate, values it declines or fails on)\n", calls, calls-fb, fb)
	}
	if count["fail"] > 0 || runErr != nil {
		if count["fail"] == 0 {
			fmt.Print(pkgOutput.String())
		}
		return fmt.Errorf("tests failed (%v)", runErr)
	}
	if unexpected > 0 {
		return fmt.Errorf("%d tests or cases of marshaling were removed for a reason not listed (marked !)", unexpected)
	}
	return nil
}

func category(msg string) string {
	for _, c := range removalCategories {
		if c.re.MatchString(msg) {
			return c.reason
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// v1Flags are the flags of jsonflags that encoding/json (v1) sets
// through a public option function of the same name.
var v1Flags = map[string]bool{
	"CallMethodsWithLegacySemantics": true, "FormatByteArrayAsArray": true,
	"FormatBytesWithLegacySemantics": true, "FormatDurationAsNano": true,
	"MatchCaseSensitiveDelimiter": true, "MergeWithLegacySemantics": true,
	"OmitEmptyWithLegacySemantics": true, "ParseBytesWithLooseRFC4648": true,
	"ParseTimeWithLooseRFC3339": true, "ReportErrorsWithLegacySemantics": true,
	"StringifyWithLegacySemantics": true, "UnmarshalArrayFromAnyLength": true,
}

// helperMethods are the methods arshal_test.go declares on SemanticError
// and rewrite turns into calls of the stand-in functions.
var helperMethods = map[string]bool{"withVal": true, "withPos": true, "withType": true}

// rewrite adapts a test file to the shim: it drops the excluded tests,
// turns jsonflags options into encoding/json's public ones, the calls of
// the SemanticError helper methods into calls of functions, and
// jsonopts.ExperimentalSupportFormatTag into the stand-in's name.
func rewrite(name string, src []byte) ([]byte, []stdtests.Removal, error) {
	fset := token.NewFileSet()
	// No object resolution: its objects point back into the tree, which
	// walkExprs would walk without end.
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	var rs []stdtests.Removal
	decls := f.Decls[:0]
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			if why, ok := excludedTests[fd.Name.Name]; ok {
				rs = append(rs, stdtests.Removal{File: name, Name: fd.Name.Name, Reason: "left out: " + why, Test: true})
				continue
			}
		}
		decls = append(decls, d)
	}
	f.Decls = decls
	usesV1 := false
	rewriteExpr := func(e ast.Expr) ast.Expr {
		switch x := e.(type) {
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && helperMethods[sel.Sel.Name] {
				return &ast.CallExpr{Fun: ast.NewIdent(sel.Sel.Name), Args: append([]ast.Expr{sel.X}, x.Args...)}
			}
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && stdtests.IsIdent(sel.X, "jsonopts") && sel.Sel.Name == "ExperimentalSupportFormatTag" {
				return &ast.CallExpr{Fun: ast.NewIdent("experimentalSupportFormatTag"), Args: x.Args}
			}
		case *ast.BinaryExpr:
			if flags, v, ok := flagOption(x); ok {
				usesV1 = true
				var calls []ast.Expr
				for _, fl := range flags {
					calls = append(calls, &ast.CallExpr{
						Fun:  &ast.SelectorExpr{X: ast.NewIdent("jsonv1"), Sel: ast.NewIdent(fl)},
						Args: []ast.Expr{ast.NewIdent(strconv.FormatBool(v))},
					})
				}
				if len(calls) == 1 {
					return calls[0]
				}
				return &ast.CallExpr{Fun: ast.NewIdent("JoinOptions"), Args: calls}
			}
		}
		return e
	}
	// Bottom up, so that a chain EM(x).withPos(...).withType(...) is
	// rewritten from the inside out.
	walkExprs(f, rewriteExpr)
	if usesV1 {
		imp := &ast.ImportSpec{Name: ast.NewIdent("jsonv1"), Path: &ast.BasicLit{Kind: token.STRING, Value: `"encoding/json"`}}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				gd.Specs = append(gd.Specs, imp)
				break
			}
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), rs, nil
}

// flagOption reports whether e is jsonflags.A | jsonflags.B | ... | 0 or 1
// with every flag one of v1Flags, and returns the flags and the value.
func flagOption(e *ast.BinaryExpr) (flags []string, v bool, ok bool) {
	if e.Op != token.OR {
		return nil, false, false
	}
	lit, isLit := e.Y.(*ast.BasicLit)
	if !isLit || lit.Kind != token.INT || (lit.Value != "0" && lit.Value != "1") {
		return nil, false, false
	}
	var collect func(x ast.Expr) bool
	collect = func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.BinaryExpr:
			return x.Op == token.OR && collect(x.X) && collect(x.Y)
		case *ast.SelectorExpr:
			if stdtests.IsIdent(x.X, "jsonflags") && v1Flags[x.Sel.Name] {
				flags = append(flags, x.Sel.Name)
				return true
			}
		}
		return false
	}
	if !collect(e.X) {
		return nil, false, false
	}
	return flags, lit.Value == "1", true
}

// walkExprs replaces, bottom up, every expression of f with fn's result:
// it walks the fields of each node by reflection, so that it reaches the
// expressions of every kind of node (go/ast has no rewriting walker).
func walkExprs(f *ast.File, fn func(ast.Expr) ast.Expr) {
	exprType := reflect.TypeFor[ast.Expr]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() && v.Elem().Kind() == reflect.Struct {
				walk(v.Elem())
			}
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i))
				replace(v.Index(i), exprType, fn)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				fv := v.Field(i)
				if !fv.CanSet() {
					continue
				}
				walk(fv)
				replace(fv, exprType, fn)
			}
		}
	}
	walk(reflect.ValueOf(f))
}

// replace sets v, an ast.Expr field or element, to fn of its value.
func replace(v reflect.Value, exprType reflect.Type, fn func(ast.Expr) ast.Expr) {
	if v.Type() != exprType || v.IsNil() || !v.CanSet() {
		return
	}
	v.Set(reflect.ValueOf(fn(v.Interface().(ast.Expr))))
}

// typeVars returns, by name, a declaration for each unexported variable
// of encoding/json/v2 of the form x = reflect.TypeFor[T](): stand-ins
// for the types the tests name in their expected errors.
func typeVars(dir string, files []string) (map[string]string, error) {
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Names) != 1 || len(vs.Values) != 1 {
					continue
				}
				var b bytes.Buffer
				if err := printer.Fprint(&b, fset, vs.Values[0]); err != nil {
					return nil, err
				}
				text := b.String()
				if strings.HasPrefix(text, "reflect.TypeFor[") && !strings.Contains(text, "isZeroer") {
					out[vs.Names[0].Name] = "var " + vs.Names[0].Name + " = " + text
				}
			}
		}
	}
	return out, nil
}

// counted are the drop-in's functions the shim wraps to count their
// calls, against the drop-in's count of the calls it handed to
// encoding/json/v2 (Fallbacks, under the build tag jgen_fallbacks).
var counted = map[string]bool{"Marshal": true, "MarshalWrite": true, "MarshalEncode": true}

// countMain is the test file that reports the counts after the tests.
const countMain = `package json

import (
	"fmt"
	"os"
	"testing"

	dropin "` + dropin + `"
)

func TestMain(m *testing.M) {
	code := m.Run()
	fmt.Printf("jgen-calls: %d marshal calls, %d handed to encoding/json/v2\n", marshalCalls.Load(), dropin.Fallbacks())
	os.Exit(code)
}
`

// shimSource writes package json with every exported top-level identifier
// of the drop-in (in the files that build for this toolchain) declared as
// the drop-in's: types as aliases, variables and functions as variables
// holding them, generic functions as functions that call them.
func shimSource(dir string, goFiles []string) ([]byte, error) {
	var b strings.Builder
	b.WriteString("// Code generated by scripts/stdlibjsonv2. DO NOT EDIT.\n\npackage json\n\n")
	b.WriteString("import (\n\t\"encoding\"\n\t\"errors\"\n\t\"fmt\"\n\t\"io\"\n\t\"reflect\"\n\t\"sync/atomic\"\n\t\"time\"\n\t\"unicode/utf8\"\n\n")
	b.WriteString("\t\"encoding/json/jsontext\"\n\tjsonv2 " + strconv.Quote(stdPkg) + "\n\n\tdropin " + strconv.Quote(dropin) + "\n)\n\n")
	b.WriteString("var (\n\t_ encoding.TextMarshaler\n\t_ time.Duration\n)\n")
	b.WriteString("\n// marshalCalls counts the calls of the drop-in's marshal functions.\nvar marshalCalls atomic.Int64\n")
	b.WriteString(standInBase)
	fset := token.NewFileSet()
	for _, name := range goFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		funcs, types, values := stdtests.Exported(f)
		for _, d := range funcs {
			if counted[d.Name.Name] {
				// Counted, for the share of calls jgen encodes.
				var sig bytes.Buffer
				if err := printer.Fprint(&sig, fset, &ast.FuncDecl{Name: d.Name, Type: d.Type}); err != nil {
					return nil, err
				}
				var args []string
				for _, p := range d.Type.Params.List {
					for _, n := range p.Names {
						args = append(args, n.Name)
					}
				}
				fmt.Fprintf(&b, "%s {\n\tmarshalCalls.Add(1)\n\treturn dropin.%s(%s...)\n}\n", sig.String(), d.Name.Name, strings.Join(args, ", "))
				continue
			}
			if d.Type.TypeParams == nil {
				fmt.Fprintf(&b, "var %s = dropin.%[1]s\n", d.Name.Name)
				continue
			}
			var sig bytes.Buffer
			ft := *d.Type
			if err := printer.Fprint(&sig, fset, &ast.FuncDecl{Name: d.Name, Type: &ft}); err != nil {
				return nil, err
			}
			var tps, args []string
			for _, p := range d.Type.TypeParams.List {
				for _, n := range p.Names {
					tps = append(tps, n.Name)
				}
			}
			for _, p := range d.Type.Params.List {
				for _, n := range p.Names {
					args = append(args, n.Name)
				}
			}
			fmt.Fprintf(&b, "%s { return dropin.%s[%s](%s) }\n", sig.String(), d.Name.Name,
				strings.Join(tps, ", "), strings.Join(args, ", "))
		}
		stdtests.WriteAliases(&b, "dropin", types, values)
	}
	return []byte(b.String()), nil
}
