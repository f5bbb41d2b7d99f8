//go:build goexperiment.jsonv2 && go1.27

package membersort

import (
	"bytes"
	"encoding/json/jsontext"
	"slices"
)

// Sort returns in, one JSON value, with the members of each of its
// objects sorted by their unquoted names (equal names by their bytes),
// each member keeping the bytes it had (its name and value as written),
// each position the whitespace before the member there (the layout's).
// Unlike jsontext's Canonicalize it rewrites no string or number.
func Sort(in []byte) ([]byte, error) {
	d := jsontext.NewDecoder(bytes.NewReader(in), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
	kind := d.PeekKind()
	if kind != '{' && kind != '[' {
		return in, nil
	}
	if _, err := d.ReadToken(); err != nil {
		return nil, err
	}
	type member struct{ name, b []byte }
	var (
		ms []member
		ws [][]byte
	)
	prev := int(d.InputOffset())
	out := append([]byte(nil), in[:prev]...)
	for k := d.PeekKind(); k != '}' && k != ']'; k = d.PeekKind() {
		var name []byte
		if kind == '{' {
			raw, err := d.ReadValue()
			if err != nil {
				return nil, err
			}
			name, _ = jsontext.AppendUnquote(nil, raw)
		}
		v, err := d.ReadValue()
		if err != nil {
			return nil, err
		}
		end := int(d.InputOffset())
		pre := in[prev : end-len(v)]
		if i := bytes.IndexByte(pre, ','); i >= 0 && len(bytes.TrimSpace(pre[:i])) == 0 {
			pre = pre[i+1:]
		}
		rest := bytes.TrimLeft(pre, " \t\r\n")
		ws = append(ws, pre[:len(pre)-len(rest)])
		sv, err := Sort(v)
		if err != nil {
			return nil, err
		}
		b := append(append([]byte(nil), rest...), sv...)
		ms = append(ms, member{name, b})
		prev = end
	}
	if _, err := d.ReadToken(); err != nil {
		return nil, err
	}
	if kind == '{' {
		slices.SortStableFunc(ms, func(x, y member) int {
			if c := bytes.Compare(x.name, y.name); c != 0 {
				return c
			}
			return bytes.Compare(x.b, y.b)
		})
	}
	for i, m := range ms {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(append(out, ws[i]...), m.b...)
	}
	return append(out, in[prev:d.InputOffset()]...), nil
}
