//go:build !goexperiment.jsonv2

package jgen

import "reflect"

// jsontextValueType and unmarshalerFromType are nil: the classic
// encoding/json has no jsontext (embed_value_go127.go holds the v2 side).
var (
	jsontextValueType   reflect.Type
	unmarshalerFromType reflect.Type
)

func embeddedValueMembers(b []byte) ([]byte, error) {
	panic("jgen: an embedded jsontext.Value without encoding/json/v2")
}
