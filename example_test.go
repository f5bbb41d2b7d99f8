package jgen_test

import (
	"fmt"
	"os"

	"github.com/jgen-go/jgen"
)

// Write an object with a nested array to standard output.
func Example() {
	g, err := jgen.NewGenerator(os.Stdout, nil)
	if err != nil {
		panic(err)
	}
	g.WriteStartObject()
	g.WriteName("name")
	g.WriteString("jgen")
	g.WriteName("tags")
	g.WriteStartArray()
	g.WriteString("json")
	g.WriteString("fast")
	g.WriteEndArray()
	g.WriteName("stars")
	g.WriteInt(42)
	g.WriteEndObject()
	if err := g.Close(); err != nil {
		panic(err)
	}
	// Output: {"name":"jgen","tags":["json","fast"],"stars":42}
}

// ASCII-only output: every code point above U+007F is escaped, and those
// above U+FFFF as a surrogate pair.
func ExampleEscaping_AppendQuote() {
	b, err := jgen.ASCII.AppendQuote(nil, "naïve 😀")
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: "na\u00efve \ud83d\ude00"
}

// Start from a preset and adjust it.
func ExampleEscaping() {
	e := jgen.Stdlib // as encoding/json.Marshal
	e.EscapeSlash = true
	s, _ := e.Quote("</script>")
	fmt.Println(s)
	// Output: "\u003c\/script\u003e"
}

// A custom escape: write 'é' as a sequence of our choosing and '*' as \u002a.
func ExampleNewCharacterEscapes() {
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'*': jgen.EscapeUnicode()},
		Runes: map[rune]string{'é': `\u00e9`},
	})
	if err != nil {
		panic(err)
	}
	g, _ := jgen.NewGenerator(os.Stdout, &jgen.Options{
		Escaping: jgen.Escaping{CharacterEscapes: ce},
	})
	g.WriteString("café*")
	g.Close()
	// Output: "caf\u00e9\u002a"
}

// Pretty printing in jackson-core's DefaultPrettyPrinter layout.
func ExampleLayout() {
	g, _ := jgen.NewGenerator(os.Stdout, &jgen.Options{Layout: jgen.JacksonPretty})
	g.WriteStartObject()
	g.WriteName("a")
	g.WriteInt(1)
	g.WriteName("b")
	g.WriteStartArray()
	g.WriteInt(1)
	g.WriteString("x")
	g.WriteEndArray()
	g.WriteEndObject()
	g.Close()
	// Output:
	// {
	//   "a" : 1,
	//   "b" : [ 1, "x" ]
	// }
}

// Append mode: build the output in a reused byte slice.
func ExampleNewAppendGenerator() {
	buf := make([]byte, 0, 64)
	g, _ := jgen.NewAppendGenerator(buf, nil)
	g.WriteStartArray()
	g.WriteFloat(1e21)
	g.WriteFloat(0.000001)
	g.WriteBool(true)
	g.WriteEndArray()
	fmt.Println(string(g.Bytes()))
	// Output: [1e+21,0.000001,true]
}

// A token out of place is refused before anything is written.
func ExampleSyntaxError() {
	g, _ := jgen.NewAppendGenerator(nil, nil)
	g.WriteStartArray()
	err := g.WriteName("oops")
	fmt.Println(err)
	fmt.Println(string(g.Bytes()))
	// Output:
	// jgen: cannot write name in array at depth 1 (output offset 1)
	// [
}
