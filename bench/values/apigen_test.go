package values

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDrawnSetsPinned pins the encoding/json bytes of each drawn set (their
// SHA-256 and length), so that a change to the generator, which would make
// reports before and after it incomparable, is a deliberate one.
func TestDrawnSetsPinned(t *testing.T) {
	want := map[string]string{
		"api_beans":  "8705 60e4a75ead4028ef",
		"api_orders": "10051 bba2f6c840402977",
		"api_small":  "345 06c627323770e1cb",
	}
	for _, s := range Sets {
		if s.Make == nil {
			continue
		}
		a, err := json.Marshal(s.Make())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(s.Make())
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two draws differ", s.Name)
		}
		sum := sha256.Sum256(a)
		got := fmt.Sprintf("%d %s", len(a), hex.EncodeToString(sum[:8]))
		if got != want[s.Name] {
			t.Errorf("%s: length and sha256 %s…, want %s…", s.Name, got, want[s.Name])
		}
	}
}

// TestDrawnSetsShape checks that the drawn sets are what their comments
// and the report say: sizes, and strings whose escapes and non-ASCII text
// vary from string to string.
func TestDrawnSetsShape(t *testing.T) {
	size := func(v any) int {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return len(b)
	}
	beans := MakeBeans(20, BeansSeed)
	if n := size(beans); n < 8000 || n > 10000 {
		t.Errorf("20 beans: %d bytes, want about 9 KB", n)
	}
	if n := size(MakeSession(SessionSeed)); n < 250 || n > 400 {
		t.Errorf("session: %d bytes, want about 300", n)
	}
	if n := size(MakeBeans(200, BeansSeed)); n < 80000 || n > 100000 {
		t.Errorf("200 beans: %d bytes, want about 90 KB", n)
	}
	var nonASCII, html, quote int
	firstMark := map[int]bool{}
	lengths := map[int]bool{}
	for _, b := range beans {
		d := b.Description
		if !utf8.ValidString(d) {
			t.Fatalf("invalid UTF-8 in %q", d)
		}
		lengths[len(d)] = true
		if strings.IndexFunc(d, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
			nonASCII++
		}
		if strings.ContainsAny(d, "<>&") {
			html++
		}
		if strings.Contains(d, `"`) {
			quote++
		}
		if i := strings.IndexAny(d, "<>&\"\\"); i >= 0 {
			firstMark[i] = true
		}
	}
	t.Logf("of 20 descriptions: %d non-ASCII, %d with <>&, %d with \", %d lengths, first escape at %d offsets", nonASCII, html, quote, len(lengths), len(firstMark))
	if nonASCII < 5 || nonASCII == 20 || html < 2 || html > 15 || quote < 2 || quote > 15 || len(lengths) < 10 || len(firstMark) < 4 {
		t.Error("the descriptions do not vary as the set means them to")
	}

	p := MakeOrders(12, OrdersSeed)
	var shipped, cancelled, v6, v4, attrs, noAttrs, discount, options, note, coupon, gift int
	for _, o := range p.Orders {
		if o.ShippedAt != nil {
			shipped++
		}
		if o.CancelledAt != nil {
			cancelled++
		}
		if o.ClientIP.Is4() {
			v4++
		} else if o.ClientIP.Is6() {
			v6++
		}
		if len(o.Attributes) > 1 {
			attrs++
		} else if o.Attributes == nil {
			noAttrs++
		}
		for _, it := range o.Items {
			if it.Discount != nil {
				discount++
			}
			if len(it.Options) > 1 {
				options++
			}
		}
		if o.Note != nil {
			note++
		}
		if o.Coupon != "" {
			coupon++
		}
		if o.Gift {
			gift++
		}
	}
	for name, n := range map[string]int{"shipped": shipped, "cancelled": cancelled, "IPv6": v6, "IPv4": v4, "with attributes": attrs,
		"without attributes": noAttrs, "discounts": discount, "item options": options, "notes": note, "coupons": coupon, "gifts": gift} {
		if n == 0 || (n == len(p.Orders) && name != "discounts" && name != "item options") {
			t.Errorf("orders %s: %d of %d; the set should hold some with and some without", name, n, len(p.Orders))
		}
	}
}
