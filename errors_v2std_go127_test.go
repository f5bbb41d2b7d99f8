//go:build goexperiment.jsonv2 && go1.27

package jgen_test

// This file and its twin (errors_v2std_go126_test.go /
// errors_v2std_go127_test.go) hold the same code, for the reason
// marshaler_to_go127.go gives.

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

type (
	v2ErrJSON struct{}
	v2ErrText struct{}
	v2ErrApp  struct{}
	v2ErrBad  struct{ S string }
	v2ErrS    struct {
		X []any
		Y map[string]any
		Z []float64
	}
)

var errV2Method = errors.New("method failed")

func (v2ErrJSON) MarshalJSON() ([]byte, error) { return nil, errV2Method }
func (v2ErrText) MarshalText() ([]byte, error) { return nil, errV2Method }
func (v2ErrApp) AppendText([]byte) ([]byte, error) {
	return nil, errV2Method
}
func (b v2ErrBad) MarshalText() ([]byte, error) { return []byte(b.S), nil }

// v2FailingValues are values that both encoding/json/v2 and jgen's v2
// rules refuse.
func v2FailingValues() []any {
	deep := any(nil)
	for range 10001 {
		deep = []any{deep}
	}
	return []any{
		math.NaN(), float32(math.Inf(-1)),
		v2ErrS{X: []any{1, math.Inf(1)}},
		map[string]any{"a/b~": []float64{1, math.NaN()}},
		v2ErrS{Z: []float64{0, 1, math.NaN()}},
		[]map[string]float32{{"k": float32(math.NaN())}},
		"\xff", []string{"ok", "a\xffb"},
		v2ErrS{X: []any{"ok", "a\xffb"}},
		map[string]int{"\xff": 1},
		v2ErrS{Y: map[string]any{"k": map[string]int{"\xfe": 1}}},
		v2ErrS{X: []any{v2ErrJSON{}}},
		v2ErrS{X: []any{v2ErrText{}}},
		v2ErrS{Y: map[string]any{"t": v2ErrApp{}}},
		v2ErrS{X: []any{v2ErrBad{"\xff"}}}, v2ErrBad{"a\xff"},
		v2ErrS{Y: map[string]any{"t": time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}},
		json.Number("x"), v2ErrS{X: []any{json.Number("01")}},
		// NaN and ±Inf in the float loops: pairs, fields, pairs in fields.
		[][2]float64{{1, 2}, {3, math.NaN()}}, struct{ F float64 }{math.Inf(-1)},
		[]struct{ P [][2]float64 }{{}, {P: [][2]float64{{0, 0}, {math.Inf(1), 0}}}},
		map[string][2]float64{"k": {math.NaN(), 1}},
		deep,
	}
}

// checkV2StdError fails t unless gerr, jgen's error for a value that
// encoding/json/v2 refuses with werr, holds the same kinds of error
// (errors.As): a *json.SemanticError with the same JSONPointer and
// GoType, whose Err has the same message or, where it is a
// *jsontext.SyntacticError, is one with the same sentinel; a
// *jsontext.SyntacticError alone with the same JSONPointer and sentinel.
func checkV2StdError(t *testing.T, name string, gerr, werr error) {
	t.Helper()
	var wse, gse *jsonv2.SemanticError
	var wsy, gsy *jsontext.SyntacticError
	wantSem, gotSem := errors.As(werr, &wse), errors.As(gerr, &gse)
	wantSyn, gotSyn := errors.As(werr, &wsy), errors.As(gerr, &gsy)
	switch {
	case wantSem:
		if !gotSem || gotSyn != wantSyn {
			t.Errorf("%s: jgen's error %v holds SemanticError %t, SyntacticError %t; want %t, %t as %v", name, gerr, gotSem, gotSyn, wantSem, wantSyn, werr)
			return
		}
		if gse.JSONPointer != wse.JSONPointer || gse.GoType != wse.GoType {
			t.Errorf("%s: SemanticError at %q for %v, want at %q for %v", name, gse.JSONPointer, gse.GoType, wse.JSONPointer, wse.GoType)
		}
		switch {
		case wantSyn:
			// MarshalText output with invalid UTF-8: the SyntacticError is
			// the SemanticError's Err.
			if gse.Err != gsy || !errors.Is(gsy.Err, wsy.Err) || gsy.JSONPointer != wsy.JSONPointer {
				t.Errorf("%s: SemanticError.Err %v, want %v", name, gse.Err, wse.Err)
			}
		case gse.GoType == reflect.TypeFor[json.Number]():
			// jgen's reason, a *ValueError (encoding/json/v2's quotes the
			// whole number, which jgen does not keep).
			if !errors.Is(gse.Err, jgen.ErrInvalidNumber) {
				t.Errorf("%s: SemanticError.Err %v, want one matching ErrInvalidNumber", name, gse.Err)
			}
		case v2ErrMsg(gse.Err) != v2ErrMsg(wse.Err):
			t.Errorf("%s: SemanticError.Err %q, want %q", name, v2ErrMsg(gse.Err), v2ErrMsg(wse.Err))
		}
		if !strings.HasPrefix(gse.Error(), "json: ") || !strings.Contains(gse.Error(), " marshal ") {
			t.Errorf("%s: SemanticError message %q is not one of marshaling", name, gse.Error())
		}
	case wantSyn:
		if !gotSyn || gotSem {
			t.Errorf("%s: jgen's error %v holds SemanticError %t, SyntacticError %t; want the SyntacticError of %v", name, gerr, gotSem, gotSyn, werr)
			return
		}
		if gsy.JSONPointer != wsy.JSONPointer || !errors.Is(gsy.Err, wsy.Err) {
			t.Errorf("%s: SyntacticError at %q (%v), want at %q (%v)", name, gsy.JSONPointer, gsy.Err, wsy.JSONPointer, wsy.Err)
		}
	default:
		t.Errorf("%s: encoding/json/v2's error %v holds neither a SemanticError nor a SyntacticError", name, werr)
	}
}

func v2ErrMsg(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestV2StdErrors checks jgen's errors under Options.V2 against
// encoding/json/v2's for values both refuse: the error encoding/json/v2
// returns is found in jgen's with errors.As, with its JSON pointer, Go
// type and reason, while jgen's own reasons stay matched.
func TestV2StdErrors(t *testing.T) {
	opts := &jgen.Options{V2: &jgen.JSONv2{}}
	declined := 0
	for i, v := range v2FailingValues() {
		name := reflect.TypeOf(v).String()
		if i == len(v2FailingValues())-1 {
			name = "10001 nested arrays"
		}
		_, werr := jsonv2.Marshal(v, jsonv2.Deterministic(true))
		_, gerr := jgen.Marshal(v, opts)
		if werr == nil || gerr == nil {
			t.Errorf("%s: encoding/json/v2's error %v, jgen's %v; want both", name, werr, gerr)
			continue
		}
		if errors.Is(gerr, jgen.ErrV2Unimplemented) {
			declined++
			t.Logf("%s: declined by jgen (%v)", name, gerr)
			continue
		}
		var ee *jgen.EncodeError
		if !errors.As(gerr, &ee) {
			t.Errorf("%s: jgen's error %T %v is not an *EncodeError", name, gerr, gerr)
			continue
		}
		checkV2StdError(t, name, gerr, werr)
		// The message is jgen's as before.
		if !strings.HasPrefix(gerr.Error(), "jgen: ") || strings.Contains(gerr.Error(), "cannot marshal") {
			t.Errorf("%s: jgen's message %q shows encoding/json/v2's", name, gerr.Error())
		}
	}
	if declined > 2 {
		t.Errorf("%d of %d failing values declined by jgen", declined, len(v2FailingValues()))
	}
	// jgen's own reasons are still found.
	_, err := jgen.Marshal(math.NaN(), opts)
	var uv *json.UnsupportedValueError
	if !errors.As(err, &uv) {
		t.Errorf("NaN: %v does not hold a *json.UnsupportedValueError", err)
	}
	_, err = jgen.Marshal("\xff", opts)
	if !errors.Is(err, jgen.ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v does not match jgen.ErrInvalidUTF8", err)
	}
	_, err = jgen.Marshal(v2ErrJSON{}, opts)
	if !errors.Is(err, errV2Method) {
		t.Errorf("MarshalJSON: %v does not match the method's error", err)
	}
}
