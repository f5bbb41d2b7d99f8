// Copyright 2025 The jgen Authors. All rights reserved.

//go:build !go1.27

package ftoa

// float32TieUp is whether a float32 that is a power of two and lies
// exactly halfway between its two closest shortest decimals takes the
// larger one, as Go 1.26's strconv does (its Dragonbox search rounds
// that tie up where Dragonbox's own condition for it names float64's
// binary exponent; only 2^-12 is such a float32, written 0.00024414063).
// Go 1.27's strconv takes the even one (0.00024414062), as float64 does.
// jgen follows the toolchain the program is built with, so that its bytes
// equal encoding/json's.
const float32TieUp = true
