package values

// The API payload sets: values shaped like the responses of a JSON API
// (issue 21 item 4), drawn from a seeded generator rather than read from a
// corpus. They hold what the corpora do not: time.Time and *time.Time,
// netip.Addr, a type with MarshalText, a type with MarshalJSON, json.Number,
// small maps and omitempty members. Strings vary in length and carry
// non-ASCII text, HTML-significant characters and quotes at drawn positions,
// so that neither a branch predictor nor a cache of one string learns them.
// apigen.go draws them; api_easyjson.go holds easyjson's generated
// marshalers for these types.

//go:generate go run github.com/mailru/easyjson/easyjson -all -no_std_marshalers -disable_members_unescape api.go

import (
	"encoding/json"
	"net/netip"
	"strconv"
	"time"
)

// Bean is one item of a list response: the small struct of issue 21's
// server benchmark.
type Bean struct {
	ID          int64         `json:"id"`
	UUID        string        `json:"uuid"`
	Name        string        `json:"name"`
	Email       string        `json:"email"`
	Description string        `json:"description"`
	Price       float64       `json:"price"`
	Quantity    int           `json:"quantity"`
	Tags        []string      `json:"tags"`
	Active      bool          `json:"active"`
	CreatedAt   time.Time     `json:"created_at"`
	Address     PostalAddress `json:"address"`
}

// PostalAddress is the address of a Bean.
type PostalAddress struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// Beans is the root of the api_beans set and of cmd/serverbench's responses:
// a JSON array of Bean.
//
//easyjson:json
type Beans []Bean

// OrderPage is one page of an order listing: the api_orders set.
type OrderPage struct {
	Orders     []Order `json:"orders"`
	Total      int     `json:"total"`
	NextCursor *string `json:"next_cursor,omitempty"`
	PrevCursor *string `json:"prev_cursor,omitempty"`
}

// Order is one order, with members of the types encoding/json treats
// specially.
type Order struct {
	ID          OrderID           `json:"id"`
	Status      string            `json:"status"`
	Customer    *Customer         `json:"customer"`
	Items       []LineItem        `json:"items"`
	Total       Money             `json:"total"`
	Weight      json.Number       `json:"weight_kg"`
	CreatedAt   time.Time         `json:"created_at"`
	ShippedAt   *time.Time        `json:"shipped_at,omitempty"`
	CancelledAt *time.Time        `json:"cancelled_at"`
	ClientIP    netip.Addr        `json:"client_ip"`
	Attributes  map[string]string `json:"attributes,omitempty"`
	Note        *string           `json:"note,omitempty"`
	Coupon      string            `json:"coupon,omitempty"`
	Gift        bool              `json:"gift,omitempty"`
}

// Customer is the buyer of an order.
type Customer struct {
	ID    int64   `json:"id"`
	Name  string  `json:"name"`
	Email string  `json:"email"`
	Phone *string `json:"phone,omitempty"`
	Tier  string  `json:"tier,omitempty"`
}

// LineItem is one line of an order.
type LineItem struct {
	SKU       string         `json:"sku"`
	Title     string         `json:"title"`
	Quantity  int            `json:"quantity"`
	UnitPrice Money          `json:"unit_price"`
	Discount  *Money         `json:"discount,omitempty"`
	Options   map[string]int `json:"options,omitempty"`
}

// OrderID is an order number, written as text ("ord_" and 12 base-36
// digits) through MarshalText, as encoding/json calls it for a
// TextMarshaler.
type OrderID uint64

// MarshalText returns "ord_" and id in base 36, zero-padded to 12 digits.
func (id OrderID) MarshalText() ([]byte, error) {
	b := make([]byte, 0, 16)
	b = append(b, "ord_"...)
	d := strconv.FormatUint(uint64(id), 36)
	for range 12 - len(d) {
		b = append(b, '0')
	}
	return append(b, d...), nil
}

// Money is an amount in minor units of a currency, written through
// MarshalJSON as {"amount":"12.34","currency":"EUR"}, a string amount as
// payment APIs write it. (easyjson:skip, so that easyjson's code calls
// MarshalJSON rather than generating a marshaler of its own.)
//
//easyjson:skip
type Money struct {
	Cents    int64
	Currency string
}

// MarshalJSON writes m as an object with the amount as a decimal string.
func (m Money) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 48)
	b = append(b, `{"amount":"`...)
	c := m.Cents
	if c < 0 {
		b = append(b, '-')
		c = -c
	}
	b = strconv.AppendInt(b, c/100, 10)
	b = append(b, '.', byte('0'+c%100/10), byte('0'+c%10))
	b = append(b, `","currency":"`...)
	b = append(b, m.Currency...)
	return append(b, `"}`...), nil
}

// Session is the api_small set: one small object (about 300 bytes), the
// response of a login or "who am I" call.
type Session struct {
	UserID    int64     `json:"user_id"`
	Login     string    `json:"login"`
	Display   string    `json:"display_name"`
	Token     string    `json:"token"`
	Roles     []string  `json:"roles"`
	Locale    string    `json:"locale"`
	Verified  bool      `json:"verified"`
	IssuedAt  time.Time `json:"issued_at"`
	ExpiresAt time.Time `json:"expires_at"`
	Quota     *Quota    `json:"quota,omitempty"`
}

// Quota is a rate limit and what is left of it.
type Quota struct {
	Limit     int `json:"limit"`
	Remaining int `json:"remaining"`
}
