package jgen_test

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// bothModes runs f with a writer-mode and an append-mode Generator; out
// returns the output so far (in writer mode, what reached the writer).
func bothModes(t *testing.T, opts *jgen.Options, f func(t *testing.T, g *jgen.Generator, out func() string)) {
	t.Helper()
	t.Run("writer", func(t *testing.T) {
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, opts)
		chk(t, err)
		f(t, g, w.String)
	})
	t.Run("append", func(t *testing.T) {
		g := appendGen(t, opts)
		f(t, g, func() string { return string(g.Bytes()) })
	})
}

// TestCloseReportsRefusalIgnoredPerCall writes, in the bufio.Writer habit
// of checking only Close, {"name": <invalid UTF-8>,
// "stars": 42}. The refused string writes nothing, so the name "stars" is
// refused too (a value is expected), and 42 becomes the value of "name".
// Close must not return nil.
func TestCloseReportsRefusalIgnoredPerCall(t *testing.T) {
	bothModes(t, nil, func(t *testing.T, g *jgen.Generator, out func() string) {
		g.WriteStartObject()
		g.WriteName("name")
		g.WriteString("\xffjgen")
		g.WriteName("stars")
		g.WriteInt(42)
		g.WriteEndObject()
		err := g.Close()
		var ue *jgen.UTF8Error
		if !errors.As(err, &ue) || !errors.Is(err, jgen.ErrInvalidUTF8) || ue.Offset != 0 {
			t.Fatalf("Close = %v, want the refused string's *UTF8Error at offset 0", err)
		}
		if got := out(); got != "{\"name\":42}\n" {
			t.Errorf("output %q, want %q", got, "{\"name\":42}\n")
		}
		if again := g.Close(); again != err {
			t.Errorf("second Close = %v, want %v again", again, err)
		}
	})
}

// TestCloseReportsRefusalCheckedPerCall is the other habit: every call is
// checked, the program writes null in place of the refused string and goes
// on. Each call reports its own error, later tokens are accepted, and Close
// still reports the first error.
func TestCloseReportsRefusalCheckedPerCall(t *testing.T) {
	bothModes(t, nil, func(t *testing.T, g *jgen.Generator, out func() string) {
		chk(t, g.WriteStartObject())
		chk(t, g.WriteName("name"))
		serr := g.WriteString("\xffjgen")
		if !errors.Is(serr, jgen.ErrInvalidUTF8) {
			t.Fatalf("WriteString(invalid) = %v", serr)
		}
		chk(t, g.WriteNull())
		chk(t, g.WriteName("stars"))
		chk(t, g.WriteInt(42))
		chk(t, g.WriteEndObject())
		chk(t, g.Flush()) // a refusal does not make Flush fail
		if got, want := out(), "{\"name\":null,\"stars\":42}\n"; got != want {
			t.Errorf("output %q, want %q", got, want)
		}
		if err := g.Close(); err != serr {
			t.Errorf("Close = %v, want the refusal %v", err, serr)
		}
	})
}

// TestCloseReportsEveryKindOfRefusal: each kind of refused call, made
// inside an array that is then finished, writes nothing, and Close
// returns exactly the error the call returned.
func TestCloseReportsEveryKindOfRefusal(t *testing.T) {
	tests := []struct {
		name   string
		opts   *jgen.Options
		refuse func(g *jgen.Generator) error
		target error
	}{
		{"name in array", nil, func(g *jgen.Generator) error { return g.WriteName("n") }, jgen.ErrSyntax},
		{"name bytes in array", nil, func(g *jgen.Generator) error { return g.WriteNameBytes([]byte("n")) }, jgen.ErrSyntax},
		{"encoded name in array", nil, func(g *jgen.Generator) error {
			n, err := jgen.NewEncodedName("n", jgen.Minimal)
			chk(t, err)
			return g.WriteEncodedName(n)
		}, jgen.ErrSyntax},
		{"end of object in array", nil, (*jgen.Generator).WriteEndObject, jgen.ErrSyntax},
		{"depth", &jgen.Options{MaxDepth: 1}, (*jgen.Generator).WriteStartArray, jgen.ErrMaxDepth},
		{"depth object", &jgen.Options{MaxDepth: 1}, (*jgen.Generator).WriteStartObject, jgen.ErrMaxDepth},
		{"invalid UTF-8 string", nil, func(g *jgen.Generator) error { return g.WriteString("a\xff") }, jgen.ErrInvalidUTF8},
		{"invalid UTF-8 string bytes", nil, func(g *jgen.Generator) error { return g.WriteStringBytes([]byte("a\xff")) }, jgen.ErrInvalidUTF8},
		{"NaN", nil, func(g *jgen.Generator) error { return g.WriteFloat(math.NaN()) }, jgen.ErrNonFinite},
		{"float32 Inf", nil, func(g *jgen.Generator) error { return g.WriteFloat32(float32(math.Inf(1))) }, jgen.ErrNonFinite},
		{"number", nil, func(g *jgen.Generator) error { return g.WriteNumber("01") }, jgen.ErrInvalidNumber},
		{"raw value", nil, func(g *jgen.Generator) error { return g.WriteRawValue([]byte("{")) }, jgen.ErrInvalidValue},
		{"SetEscaping", nil, func(g *jgen.Generator) error { return g.SetEscaping(jgen.Escaping{QuoteChar: 'x'}) }, jgen.ErrInvalidOptions},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bothModes(t, tc.opts, func(t *testing.T, g *jgen.Generator, out func() string) {
				chk(t, g.WriteStartArray())
				chk(t, g.WriteInt(1))
				err := tc.refuse(g)
				if !errors.Is(err, tc.target) {
					t.Fatalf("refused call = %v, want %v", err, tc.target)
				}
				chk(t, g.WriteInt(2))
				chk(t, g.WriteEndArray())
				if cerr := g.Close(); cerr != err {
					t.Errorf("Close = %v, want the refusal %v", cerr, err)
				}
				if got := out(); got != "[1,2]\n" {
					t.Errorf("output %q, want %q", got, "[1,2]\n")
				}
			})
		})
	}
}

// TestCloseKeepsFirstOfSeveral: of two refusals, Close reports the first.
func TestCloseKeepsFirstOfSeveral(t *testing.T) {
	g := appendGen(t, nil)
	chk(t, g.WriteStartArray())
	first := g.WriteNumber("+1")
	second := g.WriteString("\xff")
	chk(t, g.WriteEndArray())
	if err := g.Close(); err != first || second == nil {
		t.Errorf("Close = %v, want the first refusal %v", err, first)
	}
}

// TestCloseJoinsItsOwnFailure: when Close meets a failure of its own
// besides an earlier refusal, it returns both.
func TestCloseJoinsItsOwnFailure(t *testing.T) {
	t.Run("open array", func(t *testing.T) {
		g := appendGen(t, nil)
		chk(t, g.WriteStartArray())
		refused := g.WriteString("\xff")
		err := g.Close()
		var se *jgen.SyntaxError
		if !errors.Is(err, jgen.ErrInvalidUTF8) || !errors.As(err, &se) || se.Token != "end of output" {
			t.Fatalf("Close = %v, want the refusal and the open array", err)
		}
		if !strings.HasPrefix(err.Error(), refused.Error()+"\n") {
			t.Errorf("Close = %q, want the refusal first", err)
		}
	})
	t.Run("writer fails at Close", func(t *testing.T) {
		g, err := jgen.NewGenerator(&faultyWriter{limit: 0}, nil)
		chk(t, err)
		chk(t, g.WriteStartArray())
		refused := g.WriteNumber("x")
		chk(t, g.WriteEndArray())
		err = g.Close()
		if !errors.Is(err, jgen.ErrInvalidNumber) || !errors.Is(err, errFault) {
			t.Fatalf("Close = %v, want the refusal and the writer's error", err)
		}
		if !strings.HasPrefix(err.Error(), refused.Error()) {
			t.Errorf("Close = %q, want the refusal first", err)
		}
	})
}

// TestResetForgetsErrors: Reset and ResetAppend start a new stream with no
// error recorded.
func TestResetForgetsErrors(t *testing.T) {
	var w bytes.Buffer
	g, err := jgen.NewGenerator(&w, nil)
	chk(t, err)
	if g.WriteName("x") == nil {
		t.Fatal("name at root accepted")
	}
	g.Reset(&w)
	chk(t, g.WriteNull())
	chk(t, g.Close())
	g.Reset(&w)
	if g.WriteName("x") == nil {
		t.Fatal("name at root accepted")
	}
	g.ResetAppend(nil)
	chk(t, g.WriteNull())
	chk(t, g.Close())
	if w.String() != "null\n" || string(g.Bytes()) != "null\n" {
		t.Errorf("outputs %q, %q", w.String(), g.Bytes())
	}
}

// TestAfterCloseEveryCallReturnsErrClosed, SetEscaping included; Close
// itself returns what it returned the first time, also after a writer
// error.
func TestAfterCloseEveryCallReturnsErrClosed(t *testing.T) {
	for _, limit := range []int{0, 1 << 20} {
		w := &faultyWriter{limit: limit}
		g, err := jgen.NewGenerator(w, nil)
		chk(t, err)
		chk(t, g.WriteInt(1))
		first := g.Close()
		if limit == 0 && first != errFault || limit > 0 && first != nil {
			t.Fatalf("limit %d: Close = %v", limit, first)
		}
		if err := g.SetEscaping(jgen.ASCII); err != jgen.ErrClosed {
			t.Errorf("limit %d: SetEscaping after Close = %v, want ErrClosed", limit, err)
		}
		if g.Escaping() != jgen.Minimal {
			t.Errorf("limit %d: SetEscaping after Close changed the escaping", limit)
		}
		for name, err := range map[string]error{"WriteNull": g.WriteNull(), "Flush": g.Flush(), "WriteName": g.WriteName("a")} {
			if err != jgen.ErrClosed {
				t.Errorf("limit %d: %s after Close = %v, want ErrClosed", limit, name, err)
			}
		}
		if again := g.Close(); again != first {
			t.Errorf("limit %d: second Close = %v, want %v", limit, again, first)
		}
	}
}

// TestNilWriter: NewGenerator(nil, ...) and Reset(nil) do not panic.
func TestNilWriter(t *testing.T) {
	g, err := jgen.NewGenerator(nil, nil)
	var oe *jgen.OptionsError
	if g != nil || !errors.As(err, &oe) || oe.Option != "io.Writer" || !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Fatalf("NewGenerator(nil, nil) = %v, %v; want an *OptionsError for io.Writer", g, err)
	}
	var w bytes.Buffer
	g, err = jgen.NewGenerator(&w, nil)
	chk(t, err)
	chk(t, g.WriteStartArray())
	g.Reset(nil)
	calls := map[string]func() error{
		"WriteNull":       g.WriteNull,
		"WriteStartArray": g.WriteStartArray,
		"WriteString":     func() error { return g.WriteString("a") },
		"WriteStringFrom": func() error { _, err := g.WriteStringFrom(strings.NewReader("a")); return err },
		"Flush":           g.Flush,
		"Close":           g.Close,
		"Close again":     g.Close,
	}
	for _, name := range []string{"WriteNull", "WriteStartArray", "WriteString", "WriteStringFrom", "Flush", "Close", "Close again"} {
		if err := calls[name](); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("%s after Reset(nil) = %v, want ErrInvalidOptions", name, err)
		}
	}
	if w.Len() != 0 || g.Offset() != 0 {
		t.Errorf("output %q, Offset %d", w.String(), g.Offset())
	}
	g.Reset(&w)
	chk(t, g.WriteInt(7))
	chk(t, g.Close())
	if w.String() != "7\n" {
		t.Errorf("after Reset(w): %q", w.String())
	}
}

// TestNilArguments: a nil io.Reader or *EncodedName is refused, writing
// nothing, not a panic.
func TestNilArguments(t *testing.T) {
	g := appendGen(t, nil)
	chk(t, g.WriteStartObject())
	err := g.WriteEncodedName(nil)
	var oe *jgen.OptionsError
	if !errors.As(err, &oe) || oe.Option != "EncodedName" {
		t.Errorf("WriteEncodedName(nil) = %v, want an *OptionsError", err)
	}
	chk(t, g.WriteName("a"))
	n, rerr := g.WriteStringFrom(nil)
	if n != 0 || !errors.As(rerr, &oe) || oe.Option != "io.Reader" {
		t.Errorf("WriteStringFrom(nil) = %d, %v, want an *OptionsError", n, rerr)
	}
	chk(t, g.WriteNull())
	chk(t, g.WriteEndObject())
	if cerr := g.Close(); cerr != err {
		t.Errorf("Close = %v, want the first refusal %v", cerr, err)
	}
	if got := string(g.Bytes()); got != "{\"a\":null}\n" {
		t.Errorf("output %q", got)
	}
}

// TestBufferSizeLimit: BufferSize above MaxBufferSize is refused, not a
// panic; MaxBufferSize itself is accepted.
func TestBufferSizeLimit(t *testing.T) {
	for _, size := range []int{jgen.MaxBufferSize + 1, math.MaxInt} {
		g, err := jgen.NewGenerator(io.Discard, &jgen.Options{BufferSize: size})
		var oe *jgen.OptionsError
		if g != nil || !errors.As(err, &oe) || oe.Option != "Options.BufferSize" {
			t.Errorf("BufferSize %d: %v, want an *OptionsError", size, err)
		}
		if _, err := jgen.NewAppendGenerator(nil, &jgen.Options{BufferSize: size}); !errors.As(err, &oe) {
			t.Errorf("BufferSize %d in append mode: %v, want an *OptionsError", size, err)
		}
	}
	// Append mode does not allocate the buffer: the limit is accepted.
	if _, err := jgen.NewAppendGenerator(nil, &jgen.Options{BufferSize: jgen.MaxBufferSize}); err != nil {
		t.Errorf("BufferSize MaxBufferSize: %v", err)
	}
}

// TestNonFinitePolicyString names the policies.
func TestNonFinitePolicyString(t *testing.T) {
	for p, want := range map[jgen.NonFinitePolicy]string{
		jgen.NonFiniteError: "error", jgen.NonFiniteString: "string", jgen.NonFiniteNull: "null", 7: "NonFinitePolicy(7)",
	} {
		if got := p.String(); got != want {
			t.Errorf("%d: %q, want %q", p, got, want)
		}
	}
	_, err := jgen.NewAppendGenerator(nil, &jgen.Options{NonFinite: 9})
	if err == nil || err.Error() != "jgen: invalid option Options.NonFinite: unknown policy NonFinitePolicy(9)" {
		t.Errorf("NonFinite 9: %v", err)
	}
}

// TestOptionsErrorCodePoints: option errors print code points as U+XXXX.
func TestOptionsErrorCodePoints(t *testing.T) {
	for r, want := range map[rune]string{0x10: "U+0010", 0x7E: "U+007E", 0x110000: "U+110000", -5: "-5"} {
		err := jgen.Escaping{MaxUnescaped: r}.Validate()
		if err == nil || !strings.HasSuffix(err.Error(), "got "+want) {
			t.Errorf("MaxUnescaped %#x: %v, want it to end with %q", r, err, "got "+want)
		}
	}
}

// TestExportedMethodsNoteErrors checks the rule that lets Close report the
// first error: in the package's source, every return statement of an
// exported Generator method that returns an error returns nil, or its
// error through g.note, or the result of another exported method, or of an
// unexported method that follows the same rule itself (writeStringValue,
// which notes its errors so that WriteString can be inlined).
func TestExportedMethodsNoteErrors(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	chk(t, err)
	methods := map[string]*ast.FuncDecl{} // Generator methods returning an error last
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		chk(t, err)
		f, err := parser.ParseFile(fset, name, src, 0)
		chk(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Type.Results == nil {
				continue
			}
			if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); !ok || star.X.(*ast.Ident).Name != "Generator" {
				continue
			}
			res := fn.Type.Results.List
			if id, ok := res[len(res)-1].Type.(*ast.Ident); ok && id.Name == "error" {
				methods[fn.Name.Name] = fn
			}
		}
	}
	// follows reports the returns of fn that break the rule; helpers
	// under check count as following it, which ends recursion.
	state := map[string]int{} // 1: being checked, 2: follows, 3: breaks
	var follows func(fn *ast.FuncDecl) bool
	follows = func(fn *ast.FuncDecl) bool {
		switch state[fn.Name.Name] {
		case 1, 2:
			return true
		case 3:
			return false
		}
		state[fn.Name.Name] = 1
		ok := true
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if _, isLit := n.(*ast.FuncLit); isLit {
				return false
			}
			ret, isRet := n.(*ast.ReturnStmt)
			if !isRet {
				return true
			}
			if len(ret.Results) == 0 {
				t.Errorf("%s: %s: bare return", fset.Position(ret.Pos()), fn.Name.Name)
				ok = false
				return true
			}
			e := ret.Results[len(ret.Results)-1]
			if id, isID := e.(*ast.Ident); isID && id.Name == "nil" {
				return true
			}
			if call, isCall := e.(*ast.CallExpr); isCall {
				if sel, isSel := call.Fun.(*ast.SelectorExpr); isSel {
					if x, isX := sel.X.(*ast.Ident); isX && x.Name == "g" {
						m := sel.Sel.Name
						if m == "note" || sel.Sel.IsExported() {
							return true
						}
						if h := methods[m]; h != nil && follows(h) {
							return true
						}
					}
				}
			}
			t.Errorf("%s: %s returns an error not passed through g.note", fset.Position(ret.Pos()), fn.Name.Name)
			ok = false
			return true
		})
		state[fn.Name.Name] = 3
		if ok {
			state[fn.Name.Name] = 2
		}
		return ok
	}
	checked := 0
	for name, fn := range methods {
		if !ast.IsExported(name) {
			continue
		}
		checked++
		if !follows(fn) {
			t.Errorf("%s does not follow the rule", name)
		}
	}
	if checked < 20 {
		t.Errorf("checked only %d methods", checked)
	}
}

// TestDocCommentsHaveNoTypographicQuote: gofmt turns two apostrophes in
// a doc comment into a typographic closing quote (U+201D), so the rune
// literal of the apostrophe shows in go doc as a backslash and that quote.
func TestDocCommentsHaveNoTypographicQuote(t *testing.T) {
	files, err := filepath.Glob("*.go")
	chk(t, err)
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue // not in go doc
		}
		src, err := os.ReadFile(name)
		chk(t, err)
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, "\\\u201d") {
				t.Errorf("%s:%d: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}
