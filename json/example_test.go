package json_test

import (
	"errors"
	"fmt"
	"math"
	"os"

	"github.com/jgen-go/jgen/json"
)

// A program that used encoding/json changes its import path and nothing
// else: the calls, the types and the bytes are the same.
func Example() {
	type Item struct {
		Name  string   `json:"name"`
		Price float64  `json:"price,omitempty"`
		Tags  []string `json:"tags"`
	}
	b, err := json.Marshal(Item{Name: "<b>bold</b> & co", Tags: []string{"a"}})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	var back Item
	if err := json.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Println(back.Name)
	// Output:
	// {"name":"\u003cb\u003ebold\u003c/b\u003e \u0026 co","tags":["a"]}
	// <b>bold</b> & co
}

// The common handler: an Encoder per response, used once. It writes the
// value and a newline in one Write call and allocates nothing of its own.
func ExampleNewEncoder() {
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"query": "a<b", "page": 2}); err != nil {
		panic(err)
	}
	// Output:
	// {"page":2,"query":"a<b"}
}

func ExampleMarshalIndent() {
	b, err := json.MarshalIndent(map[string][]int{"b": {1, 2}, "a": {}}, "", "  ")
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {
	//   "a": [],
	//   "b": [
	//     1,
	//     2
	//   ]
	// }
}

// The errors are encoding/json's, as values: errors.As finds its types.
func ExampleMarshal_errors() {
	_, err := json.Marshal([]float64{1, math.NaN()})
	var uve *json.UnsupportedValueError
	fmt.Println(errors.As(err, &uve), err)

	_, err = json.Marshal(make(chan int))
	fmt.Println(err)
	// Output:
	// true json: unsupported value: NaN
	// json: unsupported type: chan int
}
