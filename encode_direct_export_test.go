package jgen

import "reflect"

// SetDirectPath turns the direct path (encode_direct.go) on or off, for
// tests that compare it with the state path. Not for parallel tests.
func SetDirectPath(on bool) { directOff = !on }

// DirectWrites reports whether the direct path writes values of t itself
// (not through the state path).
func DirectWrites(t reflect.Type) bool {
	n := directNodeOf(t)
	return n != nil && n.kind != directState
}
