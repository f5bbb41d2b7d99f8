package jgen_test

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/jgen-go/jgen"
)

type repo struct {
	Name    string    `json:"name"`
	Stars   int       `json:"stars"`
	Tags    []string  `json:"tags,omitempty"`
	Created time.Time `json:"created"`
	Secret  string    `json:"-"`
}

// Encode a struct: with the defaults (Minimal escaping), with
// encoding/json's bytes (the Stdlib preset), and ASCII-only in the
// indented layout.
func ExampleMarshal() {
	r := repo{Name: "jgen <naïve>", Stars: 42, Created: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Secret: "x"}
	b, err := jgen.Marshal(r, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	b, err = jgen.Marshal(r, &jgen.Options{Escaping: jgen.Stdlib})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	b, err = jgen.Marshal(r, &jgen.Options{Escaping: jgen.ASCII, Layout: jgen.Indented})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"name":"jgen <naïve>","stars":42,"created":"2026-12-01T00:00:00Z"}
	// {"name":"jgen \u003cnaïve\u003e","stars":42,"created":"2026-12-01T00:00:00Z"}
	// {
	//   "name": "jgen <na\u00efve>",
	//   "stars": 42,
	//   "created": "2026-12-01T00:00:00Z"
	// }
}

// Mix tokens and values in one stream: a value that cannot be encoded
// writes nothing, and the stream goes on.
func ExampleGenerator_WriteValue() {
	g, err := jgen.NewGenerator(os.Stdout, nil)
	if err != nil {
		panic(err)
	}
	g.WriteStartObject()
	g.WriteName("repos")
	if err := g.WriteValue([]repo{{Name: "a", Stars: 1}}); err != nil {
		panic(err)
	}
	g.WriteName("bad")
	err = g.WriteValue(map[string]any{"ok": 1, "ch": make(chan int)})
	fmt.Fprintln(os.Stderr, err) // jgen: cannot encode value of type chan int at /ch: ...
	g.WriteNull()
	g.WriteEndObject()
	// Close flushes; it reports the first error of the stream, so a
	// program may also check only Close.
	if err := g.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	// Output: {"repos":[{"name":"a","stars":1,"created":"0001-01-01T00:00:00Z"}],"bad":null}
}

// One value per line, as json.Encoder writes them.
func ExampleEncoder() {
	enc, err := jgen.NewEncoder(os.Stdout, &jgen.Options{Escaping: jgen.Jackson})
	if err != nil {
		panic(err)
	}
	for _, v := range []any{map[string]int{"b": 2, "a": 1}, []string{"\x01"}, nil} {
		if err := enc.Encode(v); err != nil {
			panic(err)
		}
	}
	// Output:
	// {"a":1,"b":2}
	// ["\u0001"]
	// null
}

// encoding/json/v2's rules, on any Go (1.26 included): set Options.V2.
// What the rules do not implement, such as a format tag without
// SupportFormatTag (which encoding/json/v2 refuses too), is refused with
// an error matching ErrV2Unimplemented, before anything is written.
func ExampleJSONv2() {
	type Point struct{ X, Y int }
	type Shape struct {
		Name   string    `json:"name"`
		Points []Point   `json:"points"`
		Tags   []string  `json:"tags"`
		At     time.Time `json:"at,format:DateOnly"`
	}
	s := Shape{Name: "<tri>", Points: []Point{{0, 0}, {1, 2}}, At: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)}
	_, err := jgen.Marshal(s, &jgen.Options{V2: &jgen.JSONv2{}})
	fmt.Println(errors.Is(err, jgen.ErrV2Unimplemented))

	points := jgen.MarshalFunc(func(p Point) ([]byte, error) {
		return fmt.Appendf(nil, "[%d,%d]", p.X, p.Y), nil
	})
	b, err := jgen.Marshal(s, &jgen.Options{V2: &jgen.JSONv2{
		SupportFormatTag: true,
		Marshalers:       jgen.JoinMarshalers(points),
	}})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// true
	// {"name":"<tri>","points":[[0,0],[1,2]],"tags":[],"at":"2026-12-03"}
}

// A value the v2 rules decline fails with an *EncodeError whose Type is
// the type declined (whole: here the slice, for a field of its elements)
// and whose Err says which rule, in the terms of the type and its tags,
// and where; errors.Is matches ErrV2Unimplemented whatever the reason.
// Here encoding/json/v2 refuses a time.Duration without a format (the
// format tag option, under SupportFormatTag, gives it one).
func ExampleErrV2Unimplemented() {
	type Job struct {
		Name    string        `json:"name"`
		Timeout time.Duration `json:"timeout"`
	}
	jobs := []Job{{Name: "build", Timeout: 90 * time.Second}}
	_, err := jgen.Marshal(jobs, &jgen.Options{V2: &jgen.JSONv2{}})
	var ee *jgen.EncodeError
	if errors.Is(err, jgen.ErrV2Unimplemented) && errors.As(err, &ee) {
		fmt.Println("declined:", ee.Type)
		fmt.Println("reason:", ee.Err)
	}

	type FormattedJob struct {
		Name    string        `json:"name"`
		Timeout time.Duration `json:"timeout,format:units"`
	}
	b, err := jgen.Marshal([]FormattedJob{FormattedJob(jobs[0])}, &jgen.Options{V2: &jgen.JSONv2{SupportFormatTag: true}})
	fmt.Println(string(b), err)
	// Output:
	// declined: []jgen_test.Job
	// reason: jgen: encoding/json/v2 rule not implemented: time.Duration without a format tag option (encoding/json/v2's error: no default representation), in Go struct field jgen_test.Job.Timeout
	// [{"name":"build","timeout":"1m30s"}] <nil>
}
