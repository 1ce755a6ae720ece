package gpu

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
)

func TestFormatter(t *testing.T) {
	tests := []struct {
		tag                      string
		cny, usd, exact, derived string
	}{
		{"en", "CN¥12,660", "$1,511.10", "1.275", "$0.115"},
		{"zh-Hans", "￥12,660", "US$1,511.10", "1.275", "US$0.115"},
		{"ja", "CN¥12,660", "$1,511.10", "1.275", "$0.115"},
	}
	for _, tt := range tests {
		var symbols map[string]string // as content/data/rate.toml's [symbols.ja] gives them
		if tt.tag == "ja" {
			symbols = map[string]string{"CNY": "CN¥"}
		}
		f := NewFormatter(language.MustParse(tt.tag), symbols)
		if got := f.Money(Number{"12660", 12660}, "CNY"); got != tt.cny {
			t.Errorf("%s CNY: %q, want %q", tt.tag, got, tt.cny)
		}
		if got := f.Money(Number{"1511.10", 1511.1}, "USD"); got != tt.usd {
			t.Errorf("%s USD: %q, want %q", tt.tag, got, tt.usd)
		}
		if got := f.Number(Number{"1.275", 1.275}); got != tt.exact {
			t.Errorf("%s keeps decimals: %q, want %q", tt.tag, got, tt.exact)
		}
		if got := f.USD(0.11466); got != tt.derived {
			t.Errorf("%s computed USD: %q, want %q", tt.tag, got, tt.derived)
		}
	}
}

// On Japanese pages ¥ and ￥ mean yen: no CNY amount may be shown with a bare one.
func TestNoBareYenForCNYOnJapanesePages(t *testing.T) {
	c := loadReal(t)
	ja := Lang{Code: "ja", Tag: language.Japanese}
	page := c.PricingView(ja)
	cny := 0
	for _, r := range page.Offers.Rows {
		if r.Currency == "CNY" {
			cny++
			if !strings.HasPrefix(r.Price.Text, "CN¥") {
				t.Errorf("%s: %q", r.ID, r.Price.Text)
			}
		}
		for _, s := range []string{r.Price.Text, r.PerGPUHour.Text, r.PerTFLOPSHour.Text} {
			if bareYen(s) {
				t.Errorf("%s: bare yen sign in %q", r.ID, s)
			}
		}
	}
	if cny != 7 {
		t.Errorf("CNY offers on the Japanese pricing page: %d, want 7", cny)
	}
	if bareYen(page.Rate.Text) {
		t.Errorf("rate: %q", page.Rate.Text)
	}
}

func bareYen(s string) bool {
	s = strings.ReplaceAll(s, "CN¥", "")
	return strings.ContainsAny(s, "¥￥")
}
