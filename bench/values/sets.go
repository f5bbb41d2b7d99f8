package values

// Set is one data set of the value benchmarks: a corpus file and the Go
// type it decodes into, or a value drawn by a generator (the API payload
// sets).
type Set struct {
	Name string
	// Path is the file's path relative to the shared directory; empty for
	// a drawn set.
	Path string
	// New returns a pointer to a new zero value of the root type, which
	// the corpus file is decoded into. Nil for a drawn set.
	New func() any
	// Make returns the drawn value (the same on every call: the generator
	// is seeded). Nil for a corpus set.
	Make func() any
}

// Sets are the data sets, in the order of the report: the six corpora,
// then the API payload sets of api.go (which need no shared directory).
var Sets = []Set{
	{Name: "twitter", Path: "corpus/simdjson/twitter.json", New: func() any { return new(Twitter) }},
	{Name: "citm_catalog", Path: "corpus/simdjson/citm_catalog.json", New: func() any { return new(Citm) }},
	{Name: "canada", Path: "corpus/simdjson/canada.json", New: func() any { return new(Canada) }},
	{Name: "golang_source", Path: "corpus/go-json-experiment/golang_source.json", New: func() any { return new(GolangSource) }},
	{Name: "synthea_fhir", Path: "corpus/go-json-experiment/synthea_fhir.json", New: func() any { return new(Synthea) }},
	{Name: "github_events", Path: "corpus/simdjson/github_events.json", New: func() any { return new(GitHubEvents) }},
	// 20 beans, about 9 KB: the response of issue 21's server benchmark.
	{Name: "api_beans", Make: func() any { b := MakeBeans(20, BeansSeed); return &b }},
	// 12 orders with customers, line items, times, addresses and maps.
	{Name: "api_orders", Make: func() any { return MakeOrders(12, OrdersSeed) }},
	// One session object, about 300 bytes.
	{Name: "api_small", Make: func() any { return MakeSession(SessionSeed) }},
}
