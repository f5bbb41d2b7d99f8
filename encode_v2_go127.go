//go:build goexperiment.jsonv2 && go1.27

package jgen

// jsonOnV2, jsonV2Go127: see encode_v1.go.
const (
	jsonOnV2    = true
	jsonV2Go127 = true
)
