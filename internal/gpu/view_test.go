package gpu

import (
	"reflect"
	"strconv"
	"testing"

	"golang.org/x/text/language"
)

func TestPricingViewSortedByNormalisedPrice(t *testing.T) {
	c := loadReal(t)
	for _, l := range testLangs {
		rows := c.PricingView(l).Offers.Rows
		if len(rows) != 52 {
			t.Fatalf("%s: %d rows", l.Code, len(rows))
		}
		prev, unpriced := -1.0, false
		for _, r := range rows {
			if r.PerGPUHour.Sort == "" {
				unpriced = true
				if r.Price.Text != "" {
					t.Errorf("%s %s: a price but no normalised price", l.Code, r.ID)
				}
				continue
			}
			if unpriced {
				t.Errorf("%s %s: priced row after an unpriced one", l.Code, r.ID)
			}
			v, err := strconv.ParseFloat(r.PerGPUHour.Sort, 64)
			if err != nil || v < prev {
				t.Errorf("%s %s: %q out of order after %v", l.Code, r.ID, r.PerGPUHour.Sort, prev)
			}
			prev = v
			if r.Source == "" || r.Price.Source == "" {
				t.Errorf("%s %s: no provenance", l.Code, r.ID)
			}
		}
	}
}

func TestViewsAreDeterministic(t *testing.T) {
	a, b := loadReal(t), loadReal(t)
	l := Lang{Code: "zh", Tag: language.MustParse("zh-Hans")}
	if !reflect.DeepEqual(a.PricingView(l), b.PricingView(l)) || !reflect.DeepEqual(a.GPUsView(l), b.GPUsView(l)) {
		t.Error("two loads give different views")
	}
}

func TestGPUAndProviderViews(t *testing.T) {
	c := loadReal(t)
	en := testLangs[0]
	v, ok := c.GPUView(en, "v100", nil)
	if !ok {
		t.Fatal("no v100 page")
	}
	want := 0
	for _, o := range c.Offers {
		if o.GPU == "v100" {
			want++
		}
	}
	if len(v.Offers.Rows) != want || want != 20 {
		t.Errorf("v100 offers: %d, want %d (20)", len(v.Offers.Rows), want)
	}
	if got := v.Spec.FP32; len(got) != 2 || got[0].Text != "15" || got[1].Text != "15.7" || got[1].Of != "125.6" || got[1].PerGPUs != 8 {
		t.Errorf("v100 FP32 cells: %+v", got)
	}
	if _, ok := c.GPUView(en, "nope", nil); ok {
		t.Error("a page for an unknown GPU")
	}
	p, ok := c.ProviderView(Lang{Code: "ja", Tag: language.Japanese}, "paperspace")
	if !ok || len(p.Offers.Rows) != 11 || !p.Unverified {
		t.Errorf("paperspace: %v rows, unverified %v", len(p.Offers.Rows), p.Unverified)
	}
	zh, _ := c.ProviderView(testLangs[1], "tencent")
	if zh.Name != "腾讯云" || zh.Unverified {
		t.Errorf("tencent in zh: %q, unverified %v", zh.Name, zh.Unverified)
	}
	if got := c.PricingView(en).Offers.Currencies; !reflect.DeepEqual(got, []string{"CNY", "USD"}) {
		t.Errorf("currencies: %v", got)
	}
}
