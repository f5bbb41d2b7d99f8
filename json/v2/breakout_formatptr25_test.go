//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"fmt"
	"testing"
	"time"
)

// TestFormatThroughPointersWithFuncs: a field with a format, of pointers
// to a type a marshal function takes (directly or through an interface
// it implements), is written by the function as in encoding/json/v2,
// the format ignored (jgen declines it).
func TestFormatThroughPointersWithFuncs(t *testing.T) {
	tm := time.Unix(5, 0).UTC()
	d := time.Second
	ptm := &tm
	fns := []*Marshalers{
		MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return []byte(`"stringer"`), nil }),
		MarshalFunc(func(s time.Time) ([]byte, error) { return []byte(`"T"`), nil }),
		MarshalFunc(func(s *time.Time) ([]byte, error) { return []byte(`"PT"`), nil }),
		MarshalFunc(func(s time.Duration) ([]byte, error) { return []byte(`"D"`), nil }),
		MarshalFunc(func(s interface{ MarshalText() ([]byte, error) }) ([]byte, error) { return []byte(`"text"`), nil }),
	}
	vals := []any{
		struct {
			A *time.Time `json:",format:unix"`
		}{&tm},
		struct {
			A **time.Time `json:",format:RFC3339"`
		}{&ptm},
		struct {
			A *time.Duration `json:",format:nano"`
		}{&d},
		struct {
			A *time.Duration `json:",omitempty,format:units"`
			B *time.Time     `json:",omitzero,format:unixmilli"`
		}{},
		[]struct {
			A *time.Time `json:",format:DateOnly"`
		}{{&tm}},
	}
	for i, v := range vals {
		for j, ms := range fns {
			mixSame(t, fmt.Sprint("value ", i, ", functions ", j), v, &experimentalFormatTag{v: true}, WithMarshalers(ms))
		}
	}
}
