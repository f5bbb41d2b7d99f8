package values

import (
	"encoding/json"
	"math/rand/v2"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// The seeds of the sets; MakeBeans takes its own.
const (
	BeansSeed   = 21
	OrdersSeed  = 2104
	SessionSeed = 4
)

// words is the vocabulary of drawn text: mostly ASCII, with Latin-1,
// Greek, CJK and emoji words (2, 3 and 4 UTF-8 bytes per rune).
var words = []string{
	"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "coffee", "beans",
	"roasted", "single", "origin", "blend", "with", "notes", "of", "cocoa", "and", "citrus",
	"fresh", "ground", "whole", "bean", "medium", "dark", "light", "espresso", "filter", "bag",
	"organic", "fair", "trade", "harvest", "farm", "valley", "mountain", "sweet", "bright", "smooth",
	"café", "crème", "naïve", "Müller", "Señor", "Zürich", "São", "Paulo", "Ελλάδα", "東京",
	"珈琲", "☕", "😀", "Ærøskøbing", "Kraków", "Đà", "Lạt", "délicieux", "größer", "très",
}

// marks are inserted into drawn text at drawn places: HTML that encoding/json
// escapes by default, quotes, a backslash and an ampersand.
var marks = []string{`<b>`, `</b>`, `"`, `&`, `\`, `'`, `<br/>`, `"best"`}

var (
	firstNames = []string{"Anna", "Ben", "Chloé", "David", "Émile", "Fatima", "Georg", "Hana", "Ívar", "Jun", "Kai", "Łukasz", "María", "Noah", "Olivia", "Zoë", "王", "Søren"}
	lastNames  = []string{"Smith", "Jones", "García", "Müller", "Nowak", "Rossi", "Dubois", "Kowalski", "Tanaka", "O'Brien", "Ngô", "Petrović", "Andersson", "李"}
	streets    = []string{"Main St", "Baker Street", "Rue de Rivoli", "Königsallee", "Via Roma", "Calle Mayor", "Elm Avenue", "Hauptstraße", "Ulica Długa"}
	cities     = []string{"Berlin", "Paris", "Kraków", "São Paulo", "Zürich", "London", "Tokyo", "Austin", "Montréal", "Reykjavík"}
	countries  = []string{"DE", "FR", "PL", "BR", "CH", "GB", "JP", "US", "CA", "IS"}
	tagPool    = []string{"new", "sale", "organic", "decaf", "gift", "bulk", "limited", "fair-trade", "single-origin", "bio", "café", "<hot>"}
	statuses   = []string{"pending", "paid", "shipped", "delivered", "cancelled"}
	currencies = []string{"EUR", "USD", "GBP", "JPY", "CHF"}
	domains    = []string{"example.com", "mail.example.org", "shop.test", "corp.example.net"}
	roles      = []string{"admin", "editor", "viewer", "billing", "support"}
	locales    = []string{"en-US", "de-DE", "fr-FR", "ja-JP", "pt-BR"}
)

// gen draws the contents of the sets from a PCG generator (math/rand/v2,
// whose sequence for a seed is fixed by its specification).
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

func (g *gen) pick(s []string) string { return s[g.r.IntN(len(s))] }

// text draws n words; with probability pMark per word a mark is put
// before it, so marks fall at varied places and most strings hold none.
func (g *gen) text(n int, pMark float64) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		if g.r.Float64() < pMark {
			b.WriteString(g.pick(marks))
		}
		w := g.pick(words)
		if i == 0 && 'a' <= w[0] && w[0] <= 'z' {
			w = string(w[0]-'a'+'A') + w[1:]
		}
		b.WriteString(w)
	}
	if n > 0 {
		b.WriteByte('.')
	}
	return b.String()
}

// ascii draws min to max lowercase ASCII letters, for text that stays
// ASCII (emails, SKUs, logins).
func (g *gen) ascii(min, max int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, min+g.r.IntN(max-min+1))
	for i := range b {
		b[i] = letters[g.r.IntN(len(letters))]
	}
	return string(b)
}

func (g *gen) uuid() string {
	const hex = "0123456789abcdef"
	b := []byte("xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx")
	for i, c := range b {
		switch c {
		case 'x':
			b[i] = hex[g.r.IntN(16)]
		case 'y':
			b[i] = hex[8+g.r.IntN(4)]
		}
	}
	return string(b)
}

// time draws an instant in 2024-2026 with whole seconds, milliseconds or
// nanoseconds (so RFC 3339 text of varied lengths) in UTC or a fixed zone.
func (g *gen) time() time.Time {
	t := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(g.r.Int64N(3*365*24*3600)) * time.Second)
	switch g.r.IntN(3) {
	case 1:
		t = t.Add(time.Duration(g.r.IntN(1000)) * time.Millisecond)
	case 2:
		t = t.Add(time.Duration(g.r.IntN(1e9)))
	}
	if g.r.IntN(4) == 0 {
		t = t.In(time.FixedZone("", (g.r.IntN(27)-12)*3600))
	}
	return t
}

func (g *gen) name() string { return g.pick(firstNames) + " " + g.pick(lastNames) }

func (g *gen) email() string { return g.ascii(3, 10) + "." + g.ascii(2, 8) + "@" + g.pick(domains) }

func (g *gen) address() PostalAddress {
	return PostalAddress{
		Street:     strconv.Itoa(1+g.r.IntN(300)) + " " + g.pick(streets),
		City:       g.pick(cities),
		PostalCode: strconv.Itoa(10000 + g.r.IntN(90000)),
		Country:    g.pick(countries),
	}
}

// MakeBeans returns n beans drawn from seed. Descriptions are 4 to 24
// words, a fifth of the words led by a mark; 20 beans from BeansSeed encode
// to about 9 KB.
func MakeBeans(n int, seed uint64) Beans {
	g := newGen(seed)
	out := make(Beans, n)
	for i := range out {
		out[i] = Bean{
			ID:          1000 + int64(g.r.IntN(1_000_000)),
			UUID:        g.uuid(),
			Name:        g.name(),
			Email:       g.email(),
			Description: g.text(4+g.r.IntN(21), 0.06),
			Price:       float64(50+g.r.IntN(500_000)) / 100,
			Quantity:    g.r.IntN(1000),
			Tags:        []string{g.pick(tagPool), g.pick(tagPool), g.pick(tagPool)},
			Active:      g.r.IntN(3) != 0,
			CreatedAt:   g.time(),
			Address:     g.address(),
		}
	}
	return out
}

// MakeOrders returns a page of n orders drawn from seed.
func MakeOrders(n int, seed uint64) *OrderPage {
	g := newGen(seed)
	p := &OrderPage{Orders: make([]Order, n), Total: n + g.r.IntN(500)}
	next := g.ascii(16, 24)
	p.NextCursor = &next
	for i := range p.Orders {
		cur := g.pick(currencies)
		o := Order{
			ID:        OrderID(g.r.Uint64N(1 << 60)),
			Status:    g.pick(statuses),
			CreatedAt: g.time(),
		}
		c := &Customer{ID: int64(g.r.IntN(1 << 30)), Name: g.name(), Email: g.email()}
		if g.r.IntN(2) == 0 {
			ph := "+" + strconv.Itoa(1+g.r.IntN(99)) + " " + strconv.Itoa(100000000+g.r.IntN(900000000))
			c.Phone = &ph
		}
		if g.r.IntN(3) == 0 {
			c.Tier = g.pick([]string{"gold", "silver", "platinum"})
		}
		o.Customer = c
		var total int64
		for range 1 + g.r.IntN(4) {
			it := LineItem{
				SKU:       strings.ToUpper(g.ascii(3, 3)) + "-" + strconv.Itoa(g.r.IntN(100000)),
				Title:     g.text(2+g.r.IntN(6), 0.04),
				Quantity:  1 + g.r.IntN(5),
				UnitPrice: Money{Cents: int64(100 + g.r.IntN(20000)), Currency: cur},
			}
			if g.r.IntN(4) == 0 {
				it.Discount = &Money{Cents: int64(10 + g.r.IntN(1000)), Currency: cur}
			}
			if g.r.IntN(3) == 0 {
				it.Options = map[string]int{"size": g.r.IntN(5), "grind": g.r.IntN(4)}
				if g.r.IntN(2) == 0 {
					it.Options["roast"] = g.r.IntN(3)
				}
			}
			total += it.UnitPrice.Cents * int64(it.Quantity)
			o.Items = append(o.Items, it)
		}
		o.Total = Money{Cents: total, Currency: cur}
		o.Weight = json.Number(strconv.FormatFloat(float64(g.r.IntN(20000))/1000, 'f', -1, 64))
		if o.Status == "shipped" || o.Status == "delivered" {
			t := o.CreatedAt.Add(time.Duration(1+g.r.IntN(72)) * time.Hour)
			o.ShippedAt = &t
		}
		if o.Status == "cancelled" {
			t := o.CreatedAt.Add(time.Duration(g.r.IntN(3600)) * time.Second)
			o.CancelledAt = &t
		}
		if g.r.IntN(3) == 0 {
			var a [16]byte
			for j := range a {
				a[j] = byte(g.r.IntN(256))
			}
			a[0], a[1] = 0x20, 0x01
			o.ClientIP = netip.AddrFrom16(a)
		} else {
			o.ClientIP = netip.AddrFrom4([4]byte{byte(1 + g.r.IntN(223)), byte(g.r.IntN(256)), byte(g.r.IntN(256)), byte(1 + g.r.IntN(254))})
		}
		switch g.r.IntN(3) {
		case 0:
			o.Attributes = map[string]string{"channel": g.pick([]string{"web", "app", "pos"}), "ref": g.ascii(4, 8)}
		case 1:
			o.Attributes = map[string]string{"channel": "web", "campaign": g.text(1+g.r.IntN(3), 0.2), "utm_source": g.ascii(3, 9)}
		}
		if g.r.IntN(3) == 0 {
			n := g.text(3+g.r.IntN(12), 0.1)
			o.Note = &n
		}
		if g.r.IntN(3) == 0 {
			o.Coupon = strings.ToUpper(g.ascii(5, 8))
		}
		o.Gift = g.r.IntN(5) == 0
		p.Orders[i] = o
	}
	return p
}

// MakeSession returns one session drawn from seed.
func MakeSession(seed uint64) *Session {
	g := newGen(seed)
	issued := g.time()
	s := &Session{
		UserID:    int64(g.r.IntN(1 << 40)),
		Login:     g.ascii(4, 10),
		Display:   g.name(),
		Locale:    g.pick(locales),
		Verified:  true,
		IssuedAt:  issued,
		ExpiresAt: issued.Add(24 * time.Hour),
		Roles:     []string{g.pick(roles), g.pick(roles)},
		Quota:     &Quota{Limit: 5000, Remaining: g.r.IntN(5000)},
	}
	const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	tok := make([]byte, 64+g.r.IntN(24))
	for i := range tok {
		tok[i] = b64[g.r.IntN(len(b64))]
	}
	s.Token = string(tok)
	return s
}
