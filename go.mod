module github.com/jgen-go/jgen

go 1.26.0

require (
	github.com/go-json-experiment/json v1.27.2
	golang.org/x/sys v0.50.0 // indirect
)
