//go:build go1.27 || goexperiment.jsonv2

package jgen

// jsonOnV2: see encode_v1.go.
const jsonOnV2 = true
