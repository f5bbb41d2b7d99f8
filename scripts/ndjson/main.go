// Command ndjson writes the elements of one array member of a JSON object
// as NDJSON: one element a line, whitespace removed, every string, number
// and escape sequence kept byte for byte. It repeats them until the output
// holds at least -size bytes, for scripts/cli-throughput.sh.
//
//	ndjson -in twitter.json -member statuses -size 200000000 -out statuses.ndjson
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/go-json-experiment/json/jsontext"
)

func main() {
	in := flag.String("in", "", "input JSON `FILE`: an object")
	member := flag.String("member", "statuses", "`NAME` of the object's array member")
	size := flag.Int64("size", 200e6, "repeat the elements until the output has at least `N` bytes")
	out := flag.String("out", "", "output `FILE`")
	flag.Parse()
	if err := run(*in, *member, *out, *size); err != nil {
		fmt.Fprintln(os.Stderr, "ndjson:", err)
		os.Exit(1)
	}
}

func run(in, member, out string, size int64) error {
	lines, err := elements(in, member)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for n := int64(0); n < size; {
		for _, l := range lines {
			w.Write(l)
			w.WriteByte('\n')
			n += int64(len(l)) + 1
		}
	}
	return errors.Join(w.Flush(), f.Close())
}

// elements returns the elements of the array member of the object in the
// file, each compacted: jsontext's Compact removes whitespace only.
func elements(in, member string) ([]jsontext.Value, error) {
	f, err := os.Open(in)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := jsontext.NewDecoder(bufio.NewReader(f))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, fmt.Errorf("%s: not an object (%v)", in, err)
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		if name.String() != member {
			if err := dec.SkipValue(); err != nil {
				return nil, err
			}
			continue
		}
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
			return nil, fmt.Errorf("%s: member %q is not an array (%v)", in, member, err)
		}
		var lines []jsontext.Value
		for dec.PeekKind() != ']' {
			v, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			v = v.Clone()
			if err := v.Compact(); err != nil {
				return nil, err
			}
			lines = append(lines, v)
		}
		if len(lines) == 0 {
			return nil, fmt.Errorf("%s: member %q is empty", in, member)
		}
		return lines, nil
	}
	return nil, fmt.Errorf("%s: no member %q", in, member)
}
