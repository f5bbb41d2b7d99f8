package main

// standIns are declarations the shim adds when the build reports their
// name undefined: copies of unexported declarations (or of the members
// of std-internal packages) of encoding/json/v2 that the tests use only
// to state what they expect. None of them encodes anything.
//
// The sentinel errors that tests compare with errors.Is are the real
// ones: sentinel triggers the error in encoding/json/v2 itself and takes
// the innermost error of the chain, checking its text against the
// copy's. SemanticError's unexported field action (which its Error
// reads) is copied the same way, from an error encoding/json/v2 returns.
var standIns = map[string]string{
	// arshal_test.go: the constructors of expected errors. action is set
	// as encoding/json/v2 sets it, the exported fields as the test's own
	// EM and EU set them.
	"EM": `func EM(err error) *SemanticError { return semanticError("marshal", err) }`,
	"EU": `func EU(err error) *SemanticError { return semanticError("unmarshal", err) }`,
	// arshal_test.go's methods withVal, withPos and withType, which the
	// script rewrites into calls of these functions (a package cannot
	// declare methods on an alias of another package's type).
	"withVal": `func withVal(e *SemanticError, val string) *SemanticError {
	e.JSONValue = jsontext.Value(val)
	return e
}`,
	"withPos": `func withPos(e *SemanticError, prefix string, pointer jsontext.Pointer) *SemanticError {
	e.ByteOffset = int64(len(prefix))
	e.JSONPointer = pointer
	return e
}`,
	"withType": `func withType(e *SemanticError, k jsontext.Kind, t reflect.Type) *SemanticError {
	e.JSONKind = k
	e.GoType = t
	return e
}`,
	// encoding/json/internal/jsonopts.ExperimentalSupportFormatTag, which
	// the script renames: an option that jsonopts recognises by its
	// marker method, the way go-json-experiment exposes it publicly.
	"experimentalSupportFormatTag": `type formatTagOption struct {
	Options
	v bool
}

func (o *formatTagOption) ExperimentalSupportFormatTag() bool { return o.v }

func experimentalSupportFormatTag(v bool) Options { return &formatTagOption{v: v} }`,
	// arshal_default.go.
	"startDetectingCyclesAfter": `const startDetectingCyclesAfter = 1000`,
	"errInvalidStringTag": "var errInvalidStringTag = sentinel(\"invalid use of `string` tag option\", func() error {\n" +
		"\t_, err := jsonv2.Marshal(struct{ B bool `json:\",string\"` }{})\n\treturn err\n})",
	// arshal.go.
	"errChangingDuplicateNames": `var errChangingDuplicateNames = sentinel("cannot change duplicate name checks after a JSON object has already begun processing", func() error {
	enc := jsontext.NewEncoder(io.Discard)
	enc.WriteToken(jsontext.BeginObject)
	return jsonv2.MarshalEncode(enc, "name", jsontext.AllowDuplicateNames(true))
})`,
	"errChangingInvalidUTF8": `var errChangingInvalidUTF8 = sentinel("cannot change UTF-8 checks after a JSON object has already begun processing", func() error {
	enc := jsontext.NewEncoder(io.Discard)
	enc.WriteToken(jsontext.BeginObject)
	return jsonv2.MarshalEncode(enc, "name", jsontext.AllowInvalidUTF8(true))
})`,
	"errChangingWhitespace": `var errChangingWhitespace = sentinel("cannot change whitespace formatting within a MarshalEncode call", func() error {
	return jsonv2.MarshalEncode(jsontext.NewEncoder(io.Discard, jsontext.WithIndent("\t")), "", jsontext.Multiline(false))
})`,
	// arshal_default.go, arshal_embedded.go, arshal_funcs.go, fields.go,
	// errors.go: helpers and errors the tests compare with
	// reflect.DeepEqual (copies with the same text).
	"len64":                  "func len64[Bytes ~[]byte | ~string](in Bytes) int64 { return int64(len(in)) }",
	"isZeroer":               "type isZeroer interface{ IsZero() bool }",
	"errRawEmbedNotObject":   `var errRawEmbedNotObject = errors.New("embedded raw value must be a JSON object")`,
	"errUnsupportedMutation": `var errUnsupportedMutation = errors.New("unsupported calls must not read or write any tokens")`,
	"errNonSingularValue":    `var errNonSingularValue = errors.New("must read or write exactly one value")`,
	"errNoExportedFields":    `var errNoExportedFields = errors.New("Go struct has no exported fields")`,
	"wrapErrUnsupported": `func wrapErrUnsupported(err error, what string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return errors.New(what + " may not return errors.ErrUnsupported")
	}
	return err
}`,
	// errors.go's newDuplicateNameError, through jsontext's public
	// AppendUnquote and ErrDuplicateName.
	"newDuplicateNameError": `func newDuplicateNameError(ptr jsontext.Pointer, quotedName []byte, offset int64) error {
	if quotedName != nil {
		name, _ := jsontext.AppendUnquote(nil, quotedName)
		ptr = ptr.AppendToken(string(name))
	}
	return &jsontext.SyntacticError{ByteOffset: offset, JSONPointer: ptr, Err: jsontext.ErrDuplicateName}
}`,
	// encoding/json/internal: its sentinel errors.
	"internal": `var internal = struct{ ErrCycle, ErrNonNilReference, ErrNilInterface error }{
	ErrCycle: sentinel("encountered a cycle", func() error {
		m := map[string]any{}
		m["k"] = m
		_, err := jsonv2.Marshal(m)
		return err
	}),
	ErrNonNilReference: sentinel("value must be passed as a non-nil pointer reference", func() error {
		return jsonv2.Unmarshal([]byte("0"), nil)
	}),
	ErrNilInterface: sentinel("cannot derive concrete type for nil interface with finite type set", func() error {
		var s interface{ M() }
		return jsonv2.Unmarshal([]byte("0"), &s)
	}),
}`,
	// encoding/json/internal/jsonwire: ErrInvalidUTF8 and the constructor
	// of its *InvalidTextError (a type of that package, made through
	// reflect from the one jsontext returns for a bad character).
	"jsonwire": `var jsonwire = struct {
	ErrInvalidUTF8           error
	NewInvalidCharacterError func(prefix, where string) error
}{
	ErrInvalidUTF8: sentinel("invalid UTF-8", func() error {
		_, err := jsonv2.Marshal("\xff")
		return err
	}),
	NewInvalidCharacterError: func(prefix, where string) error {
		var se *jsontext.SyntacticError
		bad := jsontext.Value("x")
		if !errors.As(bad.Compact(), &se) {
			panic("stand-in jsonwire: no SyntacticError")
		}
		v := reflect.New(reflect.TypeOf(se.Err).Elem())
		_, n := utf8.DecodeRuneInString(prefix)
		v.Elem().FieldByName("Label").SetString("character")
		v.Elem().FieldByName("What").SetString(prefix[:n])
		v.Elem().FieldByName("Where").SetString(where)
		return v.Interface().(error)
	},
}`,
}

// standInBase is always part of the shim: the helpers of the stand-ins,
// and a use of each import they need.
const standInBase = `
// semanticError returns a *SemanticError for err whose unexported
// action is the given one, copied from an error encoding/json/v2 returns.
func semanticError(action string, err error) *SemanticError {
	var src error
	if action == "marshal" {
		_, src = jsonv2.Marshal(make(chan int))
	} else {
		src = jsonv2.Unmarshal([]byte("0"), new(chan int))
	}
	var se *SemanticError
	if !errors.As(src, &se) {
		panic("stand-in: encoding/json/v2 returned no SemanticError for " + action)
	}
	e := *se
	e.ByteOffset, e.JSONPointer, e.JSONKind, e.JSONValue, e.GoType, e.Err = 0, "", 0, nil, nil, err
	return &e
}

// sentinel returns the innermost error of the chain trigger returns,
// which must have the text msg.
func sentinel(msg string, trigger func() error) error {
	err := trigger()
	for {
		u := errors.Unwrap(err)
		if u == nil {
			break
		}
		err = u
	}
	if err == nil || err.Error() != msg {
		panic(fmt.Sprintf("stand-in: got %v, want the sentinel %q", err, msg))
	}
	return err
}

var (
	_ = io.Discard
	_ = utf8.RuneError
	_ reflect.Type
	_ jsontext.Kind
	_ = jsonv2.Marshal
)
`
