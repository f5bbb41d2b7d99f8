//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	"fmt"
	"os"

	json "github.com/jgen-go/jgen/json/v2"
)

// A program on encoding/json/v2 changes its import path and nothing else:
// the options are encoding/json/v2's own, and so are the bytes (a nil
// slice is [], HTML is not escaped, omitempty omits an empty string).
func Example() {
	type Item struct {
		Name string   `json:"name"`
		Note string   `json:"note,omitempty"`
		Tags []string `json:"tags"`
	}
	b, err := json.Marshal(Item{Name: "<b>bold</b> & co"})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	err = json.MarshalWrite(os.Stdout, map[string]int{"b": 2, "a": 1},
		json.Deterministic(true), jsontext.Multiline(true), jsontext.WithIndent("  "))
	if err != nil {
		panic(err)
	}
	fmt.Println()
	// Output:
	// {"name":"<b>bold</b> & co","tags":[]}
	// {
	//   "a": 1,
	//   "b": 2
	// }
}
