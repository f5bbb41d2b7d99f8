// Package stdtests holds what scripts/stdlibjson and scripts/stdlibjsonv2
// share: both copy the Go toolchain's own tests of a JSON package into a
// temporary module where the package is jgen's drop-in, build them, and
// take out each declaration (or table case) that the compiler rejects
// because it names the standard package's internals.
package stdtests

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// Removal is one declaration or table case taken out of a test file:
// File is the file's name, Name the declaration's label ("TestX",
// "method *T.M", "var x", "TestX/case name"), Reason the compiler's message
// or the script's own, and Test whether it is a test, example, benchmark
// or fuzz target, or a case of one.
type Removal struct {
	File, Name, Reason string
	Test               bool
}

// GoCmd is the go command run in dir of the temporary module, with
// -mod=mod added to GOFLAGS (the module may add the drop-in's
// requirements to its go.mod) and no workspace.
func GoCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=mod")
	cmd.Env = append(os.Environ(), "GOFLAGS="+flags, "GOWORK=off")
	return cmd
}

// IsTest reports whether name is that of a function go test runs: a
// test, example, benchmark or fuzz target.
func IsTest(name string) bool {
	for _, p := range []string{"Test", "Example", "Benchmark", "Fuzz"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// internalImport matches an import line of a package that only the
// standard library may import.
var internalImport = regexp.MustCompile(`(?m)^\s*(\w+ )?"(internal/[^"]*|encoding/json/internal[^"]*)"\s*$`)

// DropInternalImports points the import of encoding/json's jsontest
// package at the copy in module (module + "/internal/jsontest") and
// removes the imports of the other packages that only the standard
// library may import: what uses them then fails to build and is taken
// out (or rewritten by the caller).
func DropInternalImports(b []byte, module string) []byte {
	b = bytes.ReplaceAll(b, []byte(`"encoding/json/internal/jsontest"`), []byte(strconv.Quote(module+"/internal/jsontest")))
	return internalImport.ReplaceAllFunc(b, func([]byte) []byte { return nil })
}

// BuildError is one error of the compiler's output, at a line and column
// (both from 1) of a file.
type BuildError struct {
	Line, Col int
	Msg       string
}

var errLine = regexp.MustCompile(`^\./([^:]+\.go):(\d+):(\d+): (.*)$`)

// ParseErrors returns the compiler's errors in out (go build's output,
// run with -gcflags=-e for all of them) by file name.
func ParseErrors(out []byte) map[string][]BuildError {
	errs := map[string][]BuildError{}
	for _, l := range strings.Split(string(out), "\n") {
		m := errLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		errs[m[1]] = append(errs[m[1]], BuildError{line, col, m[4]})
	}
	return errs
}

// RemoveDecls blanks out, keeping the line count, what holds each
// error's position in the file src named name: the top-level
// declaration (or the spec of a parenthesised group), or, where cases
// is set and the position is inside a table test (an element of a
// literal of type []struct{...}) in a function, that case alone with its
// comma. It returns the new source and one Removal for each thing taken
// out, or an error where src does not parse or a position is outside
// every declaration.
func RemoveDecls(name string, src []byte, errs []BuildError, cases bool) ([]byte, []Removal, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	tf := fset.File(f.Pos())
	type span struct{ start, end int }
	spans := map[span]Removal{}
	for _, e := range errs {
		if e.Line > tf.LineCount() {
			continue
		}
		pos := tf.LineStart(e.Line) + token.Pos(e.Col-1)
		var node ast.Node
		var label string
		test := false
		for _, d := range f.Decls {
			if pos < d.Pos() || pos >= d.End() {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				node, label = d, d.Name.Name
				test = IsTest(label)
				if d.Recv != nil && len(d.Recv.List) == 1 {
					label = "method " + TypeString(d.Recv.List[0].Type) + "." + d.Name.Name
				}
				if !cases {
					break
				}
				if c, cname := tableCase(d, pos); c != nil {
					node, label = c, label+"/"+cname
				}
			case *ast.GenDecl:
				node, label = d, d.Tok.String()
				for _, s := range d.Specs {
					if pos >= s.Pos() && pos < s.End() {
						if d.Lparen.IsValid() {
							node = s
						}
						label = specName(s)
					}
				}
			}
		}
		if node == nil {
			return nil, nil, fmt.Errorf("%s:%d:%d: %s: not inside a declaration", name, e.Line, e.Col, e.Msg)
		}
		sp := span{tf.Offset(node.Pos()), tf.Offset(node.End())}
		if fd, ok := node.(*ast.FuncDecl); ok && fd.Doc != nil {
			sp.start = tf.Offset(fd.Doc.Pos())
		}
		if _, ok := node.(*ast.CompositeLit); ok {
			// The case's comma goes with it: "{a}, {b}" less {a} is " {b}".
			i := sp.end
			for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n') {
				i++
			}
			if i < len(src) && src[i] == ',' {
				sp.end = i + 1
			}
		}
		if _, ok := spans[sp]; !ok {
			spans[sp] = Removal{name, label, e.Msg, test}
		}
	}
	out := append([]byte(nil), src...)
	var rs []Removal
	for sp, r := range spans {
		for i := sp.start; i < sp.end; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
		rs = append(rs, r)
	}
	return out, rs, nil
}

// tableCase returns the element of a []struct{...} literal in fd that
// holds pos, and its name (its jsontest.Name argument, or its offset).
func tableCase(fd *ast.FuncDecl, pos token.Pos) (*ast.CompositeLit, string) {
	var found *ast.CompositeLit
	ast.Inspect(fd, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok || pos < cl.Pos() || pos >= cl.End() {
			return n == nil || (pos >= n.Pos() && pos < n.End())
		}
		at, ok := cl.Type.(*ast.ArrayType)
		if !ok {
			return true
		}
		if _, ok := at.Elt.(*ast.StructType); !ok {
			return true
		}
		for _, el := range cl.Elts {
			if c, ok := el.(*ast.CompositeLit); ok && pos >= c.Pos() && pos < c.End() {
				found = c
				return false
			}
		}
		return true
	})
	if found == nil {
		return nil, ""
	}
	name := ""
	for _, el := range found.Elts {
		var val ast.Expr = el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			val = kv.Value
		}
		if call, ok := val.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && IsIdent(sel.X, "jsontest") && sel.Sel.Name == "Name" {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok {
					name, _ = strconv.Unquote(lit.Value)
				}
			}
		}
		if name != "" {
			break
		}
	}
	if name == "" {
		name = fmt.Sprintf("case at offset %d", found.Pos())
	}
	return found, name
}

// IsIdent reports whether e is the identifier name.
func IsIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// specName labels a spec of a declaration: "import \"p\"", "type T",
// "var a, b".
func specName(s ast.Spec) string {
	switch s := s.(type) {
	case *ast.ImportSpec:
		return "import " + s.Path.Value
	case *ast.TypeSpec:
		return "type " + s.Name.Name
	case *ast.ValueSpec:
		var names []string
		for _, n := range s.Names {
			names = append(names, n.Name)
		}
		return "var " + strings.Join(names, ", ")
	}
	return "?"
}

// TypeString is the name of a method's receiver type: T, *T, or T of a
// generic T[P]; "?" for anything else.
func TypeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + TypeString(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return TypeString(e.X)
	}
	return "?"
}

// Exported returns the exported top-level declarations of f: the
// functions (without a receiver) and the names of the types and of the
// variables and constants, in the file's order.
func Exported(f *ast.File) (funcs []*ast.FuncDecl, types, values []string) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.IsExported() {
				funcs = append(funcs, d)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						types = append(types, s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							values = append(values, n.Name)
						}
					}
				}
			}
		}
	}
	return funcs, types, values
}

// WriteAliases writes to b, for a shim package that re-declares a
// package imported as pkg, a type alias of each of types and a variable
// holding each of values.
func WriteAliases(b *strings.Builder, pkg string, types, values []string) {
	for _, t := range types {
		fmt.Fprintf(b, "type %s = %s.%[1]s\n", t, pkg)
	}
	for _, v := range values {
		fmt.Fprintf(b, "var %s = %s.%[1]s\n", v, pkg)
	}
}
