//go:build goexperiment.jsonv2 && go1.27

package jgen_test

import (
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestMarshalFuncSemanticError: a function's error holds the
// *json.SemanticError encoding/json/v2 returns for it, with its
// JSONPointer and GoType (T), and matches the function's error.
func TestMarshalFuncSemanticError(t *testing.T) {
	boom := errors.New("boom")
	fn := func(funcPoint) ([]byte, error) { return nil, boom }
	in := funcHolder{S: []funcPoint{{}}}
	_, err := jgen.Marshal(in, &jgen.Options{V2: &jgen.JSONv2{Marshalers: jgen.MarshalFunc(fn)}})
	_, werr := jsonv2.Marshal(in, jsonv2.WithMarshalers(jsonv2.MarshalFunc(fn)))
	var got, want *jsonv2.SemanticError
	if !errors.As(err, &got) || !errors.As(werr, &want) {
		t.Fatalf("errors %v, %v: want *json.SemanticError in both", err, werr)
	}
	if got.JSONPointer != want.JSONPointer || got.GoType != want.GoType || !errors.Is(err, boom) {
		t.Errorf("got %q %v, want %q %v, matching the function's error", got.JSONPointer, got.GoType, want.JSONPointer, want.GoType)
	}
	if got.GoType != reflect.TypeFor[funcPoint]() {
		t.Errorf("GoType %v, want funcPoint", got.GoType)
	}
}
