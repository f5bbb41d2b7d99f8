package jgen_test

import (
	"fmt"
	"log"
	"os"

	"github.com/jgen-go/jgen"
)

// Write an object with a nested array to standard output. The errors of
// the Write calls need not be checked one by one: Close returns the first
// error that any call returned, as bufio.Writer's Flush does.
func Example() {
	g, err := jgen.NewGenerator(os.Stdout, nil)
	if err != nil {
		log.Fatal(err)
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
		log.Fatal(err)
	}
	// Output: {"name":"jgen","tags":["json","fast"],"stars":42}
}

// A refused call writes nothing and the stream goes on, but Close still
// reports it: here the string holds invalid UTF-8, so the name "stars" is
// refused too and 42 becomes the value of "name".
func Example_closeReportsTheFirstError() {
	g, err := jgen.NewAppendGenerator(nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	g.WriteStartObject()
	g.WriteName("name")
	g.WriteString("\xff")
	g.WriteName("stars")
	g.WriteInt(42)
	g.WriteEndObject()
	err = g.Close()
	fmt.Printf("%q\n", g.Bytes())
	fmt.Println(err)
	// Output:
	// "{\"name\":42}\n"
	// jgen: invalid UTF-8 at byte offset 0 of string
}

// NDJSON: each root value is followed by a newline as soon as it is
// complete (the default root terminator of the Compact layout), so after
// Flush the writer holds whole lines.
func Example_ndjson() {
	g, err := jgen.NewGenerator(os.Stdout, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i, level := range []string{"info", "warn"} {
		g.WriteStartObject()
		g.WriteName("seq")
		g.WriteInt(int64(i))
		g.WriteName("level")
		g.WriteString(level)
		g.WriteEndObject()
		if err := g.Flush(); err != nil { // a whole line reaches os.Stdout
			log.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {"seq":0,"level":"info"}
	// {"seq":1,"level":"warn"}
}

// ASCII-only output: every code point above U+007F is escaped, and those
// above U+FFFF as a surrogate pair.
func ExampleEscaping_AppendQuote() {
	b, err := jgen.ASCII.AppendQuote(nil, "naïve 😀")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output: "na\u00efve \ud83d\ude00"
}

// Start from a preset and adjust it.
func ExampleEscaping() {
	e := jgen.Stdlib // as encoding/json.Marshal
	e.EscapeSlash = true
	s, err := e.Quote("</script>")
	if err != nil {
		log.Fatal(err)
	}
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
		log.Fatal(err)
	}
	g, err := jgen.NewGenerator(os.Stdout, &jgen.Options{
		Escaping: jgen.Escaping{CharacterEscapes: ce},
	})
	if err != nil {
		log.Fatal(err)
	}
	g.WriteString("café*")
	if err := g.Close(); err != nil {
		log.Fatal(err)
	}
	// Output: "caf\u00e9\u002a"
}

// Pretty printing in jackson-core's DefaultPrettyPrinter layout.
func ExampleLayout() {
	g, err := jgen.NewGenerator(os.Stdout, &jgen.Options{Layout: jgen.JacksonPretty})
	if err != nil {
		log.Fatal(err)
	}
	g.WriteStartObject()
	g.WriteName("a")
	g.WriteInt(1)
	g.WriteName("b")
	g.WriteStartArray()
	g.WriteInt(1)
	g.WriteString("x")
	g.WriteEndArray()
	g.WriteEndObject()
	if err := g.Close(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {
	//   "a" : 1,
	//   "b" : [ 1, "x" ]
	// }
}

// Append mode: build the output in a reused byte slice. RootSeparator
// alone asks for no newline after the value, as json.Marshal writes none.
func ExampleNewAppendGenerator() {
	buf := make([]byte, 0, 64)
	g, err := jgen.NewAppendGenerator(buf, &jgen.Options{RootSeparator: "\n"})
	if err != nil {
		log.Fatal(err)
	}
	g.WriteStartArray()
	g.WriteFloat(1e21)
	g.WriteFloat(0.000001)
	g.WriteBool(true)
	g.WriteEndArray()
	if err := g.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", g.Bytes())
	// Output: "[1e+21,0.000001,true]"
}

// A token out of place is refused before anything is written.
func ExampleSyntaxError() {
	g, err := jgen.NewAppendGenerator(nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := g.WriteStartArray(); err != nil {
		log.Fatal(err)
	}
	err = g.WriteName("oops")
	fmt.Println(err)
	fmt.Println(string(g.Bytes()))
	// Output:
	// jgen: cannot write name in array at depth 1 (output offset 1)
	// [
}
