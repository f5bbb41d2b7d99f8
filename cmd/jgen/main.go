// Command jgen re-encodes JSON documents and NDJSON streams with the escaping
// and layout options of the jgen library. Run "jgen --help" for its usage.
package main

import (
	"os"

	"github.com/jgen-go/jgen/cmd/jgen/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
