//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"os"
	"time"

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

// Marshal functions made by this package's MarshalFunc, MarshalToFunc and
// JoinMarshalers are encoding/json/v2's own, and jgen encodes with them
// (the first that applies to a type wins; a MarshalToFunc returning
// errors.ErrUnsupported passes the value on).
func ExampleWithMarshalers() {
	type Celsius float64
	type Reading struct {
		Where string  `json:"where"`
		Temp  Celsius `json:"temp"`
	}
	ms := json.JoinMarshalers(
		json.MarshalToFunc(func(enc *jsontext.Encoder, s string) error {
			if s != "" {
				return errors.ErrUnsupported // the default encoding
			}
			return enc.WriteToken(jsontext.String("unknown"))
		}),
		json.MarshalFunc(func(c Celsius) ([]byte, error) {
			return fmt.Appendf(nil, `"%.1f°C"`, float64(c)), nil
		}),
	)
	b, err := json.Marshal([]Reading{{"Oslo", -3.25}, {"", 21}}, json.WithMarshalers(ms))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// [{"where":"Oslo","temp":"-3.2°C"},{"where":"unknown","temp":"21.0°C"}]
}

// formatTags is encoding/json/v2's experimental option that enables the
// format tag option: encoding/json/v2 recognises it by its method.
type formatTags struct{ json.Options }

func (formatTags) ExperimentalSupportFormatTag() bool { return true }

// Format tags need encoding/json/v2's experimental option, without which
// it refuses them; with it, jgen writes them.
func ExampleMarshal_formatTag() {
	type Event struct {
		At   time.Time     `json:"at,format:unix"`
		Took time.Duration `json:"took,format:units"`
		ID   []byte        `json:"id,format:hex"`
	}
	ev := Event{At: time.Unix(1700000000, 0), Took: 1500 * time.Millisecond, ID: []byte{0xca, 0xfe}}
	_, err := json.Marshal(ev)
	fmt.Println(err != nil)
	b, err := json.Marshal(ev, formatTags{})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// true
	// {"at":1700000000,"took":"1.5s","id":"cafe"}
}
