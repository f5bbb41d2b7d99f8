//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	jsonv2 "encoding/json/v2"

	"github.com/jgen-go/jgen"
)

// TestV2StdErrorsRandom is TestV2StdErrors over the random struct types
// of TestWriteValueV2RandomImplemented under every option set: where
// both encoding/json/v2 and jgen refuse a value (invalid UTF-8, NaN, a
// failing method, ...), jgen's error holds encoding/json/v2's kind of
// error with its JSON pointer and Go type.
func TestV2StdErrorsRandom(t *testing.T) {
	rv := &randomValues{r: newRand(2026)}
	n := 1500
	if testing.Short() {
		n = 400
	}
	both := 0
	for i := range n {
		typ := v2RandomStruct(rv, 3)
		v := reflect.New(typ)
		rv.fill(v.Elem(), 4)
		for _, c := range v2OptionCases() {
			_, werr := jsonv2.Marshal(v.Interface(), append(c.std, jsonv2.Deterministic(true))...)
			_, gerr := jgen.Marshal(v.Interface(), &c.jgen)
			if werr == nil || gerr == nil || errors.Is(gerr, jgen.ErrV2Unimplemented) {
				continue
			}
			both++
			checkV2StdError(t, fmt.Sprintf("type %d %v under %s", i, typ, c.name), gerr, werr)
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d errors in both compared", both)
	if both < 10 {
		t.Errorf("only %d values refused by both", both)
	}
}
