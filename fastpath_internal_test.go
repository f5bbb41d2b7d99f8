package jgen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// TestInlinedTableEscapes checks that the loops writeStringValue,
// Escaping.appendQuote and Quoter.appendQuote hold inline are
// tableEscapes' loop, to the letter: the four may not drift apart (see
// fastpath.go for why the copies stay).
func TestInlinedTableEscapes(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fastpath.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	text := func(n ast.Node) string {
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, n); err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(b.String()), " ")
	}
	// The statements from "lim :=" to the end of the loop that follows.
	loops := map[string]string{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fn.Name.Name
		if fn.Recv != nil {
			name = strings.TrimPrefix(text(fn.Recv.List[0].Type), "*") + "." + name
		}
		if name != "tableEscapes" && name != "Generator.writeStringValue" && name != "Escaping.appendQuote" && name != "Quoter.appendQuote" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			blk, ok := n.(*ast.BlockStmt)
			if !ok {
				return true
			}
			for i, st := range blk.List {
				as, ok := st.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || text(as.Lhs[0]) != "lim" || i+1 == len(blk.List) {
					continue
				}
				if _, ok := blk.List[i+1].(*ast.ForStmt); ok {
					loops[name] += text(as) + " ; " + text(blk.List[i+1])
				}
			}
			return true
		})
	}
	a := loops["tableEscapes"]
	if a == "" {
		t.Fatal("loop not found in tableEscapes")
	}
	for _, name := range []string{"Generator.writeStringValue", "Escaping.appendQuote", "Quoter.appendQuote"} {
		if b := loops[name]; b != a {
			t.Errorf("the inline loop of %s differs from tableEscapes:\n%s\n%s", name, b, a)
		}
	}
}

// TestFastPathsAgree checks that the generator's fast path and
// appendQuote's write the same bytes for strings whose escapes they take
// from the table, for every option key, in append mode and through a
// small writer buffer.
func TestFastPathsAgree(t *testing.T) {
	long := strings.Repeat("clean text ", 60)
	strs := []string{
		`"`, `a"`, `say "hi"`, "tab\there", "a\nb\rc\x01d",
		`</script> & <b>'x'`, `it's "quoted" \ back/slash`,
		`quote at the end of a longer sentence "`,
		`"` + long + `"` + long + "\n",
		`escape then non-ASCII: "é" and "😀"` + "\u2028",
		"\x00\x1f\x7f" + long[:40] + `<&>`,
	}
	for k := range optionKey(tableKeys) {
		e := k.escaping()
		for _, s := range strs {
			q, err := e.AppendQuote(nil, s)
			if err != nil {
				t.Fatal(err)
			}
			want := "[" + string(q) + "," + string(q) + "]\n"
			for _, size := range []int{0, minBufferSize} {
				var w bytes.Buffer
				var g *Generator
				if size == 0 {
					g, err = NewAppendGenerator(nil, &Options{Escaping: e})
				} else {
					g, err = NewGenerator(&w, &Options{Escaping: e, BufferSize: size})
				}
				if err != nil {
					t.Fatal(err)
				}
				_ = g.WriteStartArray()
				_ = g.WriteString(s)
				_ = g.WriteStringBytes([]byte(s))
				_ = g.WriteEndArray()
				if err := g.Close(); err != nil {
					t.Fatal(err)
				}
				got := string(g.Bytes())
				if size != 0 {
					got = w.String()
				}
				if got != want {
					t.Errorf("key %#x, buffer %d, %q:\n got %s\nwant %s", k, size, s, got, want)
				}
			}
		}
	}
}
