package values

// Set is one data set of the value benchmarks: a corpus file and the Go
// type it decodes into.
type Set struct {
	Name string
	// Path is the file's path relative to the shared directory.
	Path string
	// New returns a pointer to a new zero value of the root type.
	New func() any
}

// Sets are the data sets, in the order of the report.
var Sets = []Set{
	{"twitter", "corpus/simdjson/twitter.json", func() any { return new(Twitter) }},
	{"citm_catalog", "corpus/simdjson/citm_catalog.json", func() any { return new(Citm) }},
	{"canada", "corpus/simdjson/canada.json", func() any { return new(Canada) }},
	{"golang_source", "corpus/go-json-experiment/golang_source.json", func() any { return new(GolangSource) }},
	{"synthea_fhir", "corpus/go-json-experiment/synthea_fhir.json", func() any { return new(Synthea) }},
	{"github_events", "corpus/simdjson/github_events.json", func() any { return new(GitHubEvents) }},
}
