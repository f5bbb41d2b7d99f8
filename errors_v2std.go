package jgen

// v2StdError, where encoding/json/v2 is built (errors_v2std_go12x.go),
// adds to the reason of an *EncodeError of the v2 rules (Options.V2) the
// error encoding/json/v2 returns for the same failure; nil elsewhere.
var v2StdError func(*EncodeError)
