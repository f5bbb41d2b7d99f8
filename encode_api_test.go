package jgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/netip"
	"strconv"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// The API payloads: what a server's handler writes, with the types such
// payloads hold (time.Time, pointers, netip.Addr, a MarshalText id,
// json.Number, small maps, omitempty). The alloc and byte tests below
// and the callgrind counts of docs/PERFORMANCE.md use them.

type apiAddress struct {
	Street  string `json:"street"`
	City    string `json:"city"`
	Zip     string `json:"zip"`
	Country string `json:"country"`
}

type apiBean struct {
	ID          int64      `json:"id"`
	UUID        string     `json:"uuid"`
	Name        string     `json:"name"`
	Email       string     `json:"email"`
	Description string     `json:"description"`
	Price       float64    `json:"price"`
	Quantity    int        `json:"quantity"`
	Tags        []string   `json:"tags"`
	Active      bool       `json:"active"`
	Created     time.Time  `json:"created"`
	Address     apiAddress `json:"address"`
}

// apiOrderID is an id written through MarshalText, as many id types are.
type apiOrderID uint64

func (id apiOrderID) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "ord-%08d", uint64(id)), nil
}

type apiLine struct {
	SKU      string      `json:"sku"`
	Quantity int         `json:"quantity"`
	Price    json.Number `json:"price"`
	Discount *float64    `json:"discount,omitempty"`
	Note     string      `json:"note,omitempty"`
}

type apiOrder struct {
	ID        apiOrderID        `json:"id"`
	Customer  string            `json:"customer"`
	Placed    time.Time         `json:"placed"`
	Shipped   *time.Time        `json:"shipped,omitempty"`
	ClientIP  netip.Addr        `json:"client_ip"`
	Lines     []apiLine         `json:"lines"`
	Labels    map[string]string `json:"labels,omitempty"`
	Counts    map[string]int    `json:"counts"`
	Coupon    *string           `json:"coupon,omitempty"`
	Total     json.Number       `json:"total"`
	Gift      bool              `json:"gift,omitempty"`
	Address   *apiAddress       `json:"address,omitempty"`
	Reference string            `json:"reference,omitempty"`
}

type apiOrders struct {
	Orders []apiOrder `json:"orders"`
	Next   *string    `json:"next"`
	Count  int        `json:"count"`
}

type apiSmall struct {
	Status    string    `json:"status"`
	RequestID string    `json:"request_id"`
	UserID    int64     `json:"user_id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Roles     []string  `json:"roles"`
	Verified  bool      `json:"verified"`
	Balance   float64   `json:"balance"`
	Updated   time.Time `json:"updated"`
	Locale    string    `json:"locale,omitempty"`
	Message   string    `json:"message"`
}

var apiDescriptions = []string{
	"A plain description of the item.",
	"Crème brûlée, naïve café — ünïcödé text",
	"Bold <b>claims</b> & more",
	`The "quoted" part of it`,
	"Another ordinary line of text for the list.",
}

func apiBeans(n int) []apiBean {
	base := time.Date(2025, 3, 14, 15, 9, 26, 535897000, time.UTC)
	beans := make([]apiBean, n)
	for i := range beans {
		beans[i] = apiBean{
			ID:          int64(1000 + i),
			UUID:        fmt.Sprintf("3f2a%04x-9c1e-4b7a-8d2f-6e5b%08x", i, i*7919),
			Name:        "Item " + strconv.Itoa(i),
			Email:       fmt.Sprintf("user%d@example.com", i),
			Description: apiDescriptions[i%len(apiDescriptions)],
			Price:       float64(i)*3.25 + 0.99,
			Quantity:    i * 3 % 17,
			Tags:        []string{"tag" + strconv.Itoa(i%3), "sale", "new"},
			Active:      i%2 == 0,
			Created:     base.Add(time.Duration(i) * 37 * time.Minute),
			Address:     apiAddress{Street: strconv.Itoa(i+1) + " Main St", City: "Springfield", Zip: "12345", Country: "US"},
		}
	}
	// A zone other than UTC, and a time without fractional seconds.
	if n > 1 {
		beans[1].Created = time.Date(2024, 12, 31, 23, 59, 59, 0, time.FixedZone("", -5*3600))
	}
	return beans
}

func apiOrderList(n int) apiOrders {
	base := time.Date(2025, 1, 2, 3, 4, 5, 600000000, time.UTC)
	disc := 0.15
	coupon := "WINTER25"
	orders := make([]apiOrder, n)
	for i := range orders {
		o := apiOrder{
			ID:       apiOrderID(77000 + i),
			Customer: "customer-" + strconv.Itoa(i),
			Placed:   base.Add(time.Duration(i) * time.Hour),
			ClientIP: netip.AddrFrom4([4]byte{10, 0, byte(i), 1}),
			Lines: []apiLine{
				{SKU: "SKU-" + strconv.Itoa(i), Quantity: 1, Price: "19.99"},
				{SKU: "SKU-X", Quantity: 2, Price: "5", Discount: &disc, Note: "gift wrap <please>"},
			},
			Counts: map[string]int{"items": 3, "boxes": 1},
			Total:  json.Number("29.99"),
		}
		if i%2 == 0 {
			t := o.Placed.Add(26 * time.Hour)
			o.Shipped = &t
			o.Labels = map[string]string{"channel": "web", "priority": "high", "region": "eu-west"}
			o.Address = &apiAddress{Street: "1 Rue de l'Église", City: "Paris", Zip: "75001", Country: "FR"}
		}
		if i%3 == 0 {
			o.Coupon = &coupon
			o.Gift = true
			o.ClientIP = netip.MustParseAddr("2001:db8::1")
		}
		orders[i] = o
	}
	next := "cursor-abc"
	return apiOrders{Orders: orders, Next: &next, Count: n}
}

func apiSmallObject() apiSmall {
	return apiSmall{
		Status: "ok", RequestID: "req-7f3a9c1e4b7a", UserID: 42, Name: "Ada Lovelace",
		Email: "ada@example.com", Roles: []string{"admin", "editor"}, Verified: true,
		Balance: 1234.56, Updated: time.Date(2025, 6, 1, 12, 0, 0, 123000000, time.UTC),
		Message: "Welcome back, Ada — you have 3 new <notifications>.",
	}
}

// apiPayloads are the payloads as a handler passes them.
func apiPayloads() []struct {
	name string
	v    any
} {
	return []struct {
		name string
		v    any
	}{
		{"beans", apiBeans(20)},
		{"orders", apiOrderList(8)},
		{"small", apiSmallObject()},
		{"beans pointer", ptrTo(apiBeans(20))},
		{"small pointer", ptrTo(apiSmallObject())},
	}
}

func ptrTo[T any](v T) *T { return &v }

// TestAPIPayloadBytes: Marshal and Encoder write encoding/json's bytes
// for the API payloads under Stdlib escaping.
func TestAPIPayloadBytes(t *testing.T) {
	opts := &jgen.Options{Escaping: jgen.Stdlib}
	for _, c := range apiPayloads() {
		want, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jgen.Marshal(c.v, opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: Marshal\n got %s\nwant %s", c.name, got, want)
		}
		var w bytes.Buffer
		enc, err := jgen.NewEncoder(&w, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := enc.Encode(c.v); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := w.Bytes(); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("%s: Encode\n got %s\nwant %s\\n", c.name, got, want)
		}
	}
}

// countingWriter counts Write calls and discards the bytes.
type countingWriter struct{ writes int }

func (w *countingWriter) Write(p []byte) (int, error) { w.writes++; return len(p), nil }

// TestAPIPayloadAllocs: Marshal allocates its result only, and an Encoder
// made per request and used once allocates nothing per value (the
// Encoder itself excepted, which escape analysis may keep on the stack),
// beyond the allocations of the payload's own methods (apiOrderID's
// MarshalText), with one Write per value.
func TestAPIPayloadAllocs(t *testing.T) {
	if jgen.RaceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	opts := &jgen.Options{Escaping: jgen.Stdlib}
	for _, c := range apiPayloads() {
		// The allocations of the payload's own methods, counted alone.
		own := 0.0
		if o, ok := c.v.(apiOrders); ok {
			own = testing.AllocsPerRun(10, func() {
				for i := range o.Orders {
					if _, err := o.Orders[i].ID.MarshalText(); err != nil {
						t.Fatal(err)
					}
				}
			})
			if own == 0 {
				t.Fatal("apiOrderID.MarshalText does not allocate: the test cannot tell its allocations from jgen's")
			}
		}
		marshal := func() {
			if _, err := jgen.Marshal(c.v, opts); err != nil {
				t.Fatal(err)
			}
		}
		marshal()
		if n := testing.AllocsPerRun(50, marshal); n != 1+own {
			t.Errorf("%s: %v allocations per Marshal, want %v", c.name, n, 1+own)
		}
		var w countingWriter
		encode := func() {
			enc, err := jgen.NewEncoder(&w, opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := enc.Encode(c.v); err != nil {
				t.Fatal(err)
			}
		}
		encode()
		w.writes = 0
		if n := testing.AllocsPerRun(50, encode); n != own {
			t.Errorf("%s: %v allocations per NewEncoder and Encode, want %v", c.name, n, own)
		}
		if w.writes != 51 {
			t.Errorf("%s: %d writes for 51 values", c.name, w.writes)
		}
	}
}
