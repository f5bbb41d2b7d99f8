// Copyright 2025 The jgen Authors. All rights reserved.

//go:build go1.27

package ftoa

// float32TieUp: see tie_go126.go. Go 1.27's strconv breaks every tie
// to the even decimal.
const float32TieUp = false
