package gpu

import (
	"maps"
	"slices"

	"golang.org/x/text/language"
)

// GPUsPage is the data of /<lang>/gpus/: the spec table of all models.
type GPUsPage struct {
	Lang Lang
	Nav  Nav
	Rows []SpecRow
}

// GPUPage is the data of /<lang>/gpus/<id>/: one model, its offers and the sections mentioning it.
type GPUPage struct {
	Lang     Lang
	Nav      Nav
	Spec     SpecRow
	Offers   OfferTable
	Mentions []SectionRef
	Rate     RateView
}

// ProviderPage is the data of /<lang>/providers/<id>/: one provider's offers.
type ProviderPage struct {
	Lang       Lang
	Nav        Nav
	ID, Name   string
	URL        string
	Unverified bool // the name in this language could not be checked
	SeenAs     []Cell
	Note       string
	Offers     OfferTable
	Rate       RateView
}

// PricingPage is the data of /<lang>/pricing/: every offer, sorted by USD per GPU-hour, and every
// provider (those without prices too).
type PricingPage struct {
	Lang      Lang
	Nav       Nav
	Offers    OfferTable
	Rate      RateView
	Providers []ProviderLink // by id
}

// ProviderLink is a provider's page and how many offers it has.
type ProviderLink struct {
	Link
	Offers int
}

// GPUsView builds the spec table page.
func (c *Catalog) GPUsView(lang Lang) GPUsPage {
	v := c.view(lang)
	p := GPUsPage{Lang: lang, Nav: v.nav()}
	for _, g := range c.GPUs {
		p.Rows = append(p.Rows, v.spec(g))
	}
	return p
}

// GPUView builds one model's page; mentions are the content sections that name it, in the order
// the caller wants them shown. It is false for an unknown id.
func (c *Catalog) GPUView(lang Lang, id string, mentions []SectionRef) (GPUPage, bool) {
	g, ok := c.GPU(id)
	if !ok {
		return GPUPage{}, false
	}
	v := c.view(lang)
	return GPUPage{Lang: lang, Nav: v.nav(), Spec: v.spec(g), Mentions: mentions, Rate: v.rate(),
		Offers: v.table("catalog_gpu_offers", g.Name, func(o Offer) bool { return o.GPU == id })}, true
}

// ProviderView builds one provider's page. It is false for an unknown id.
func (c *Catalog) ProviderView(lang Lang, id string) (ProviderPage, bool) {
	p, ok := c.Provider(id)
	if !ok {
		return ProviderPage{}, false
	}
	v := c.view(lang)
	page := ProviderPage{Lang: lang, Nav: v.nav(), ID: id, Name: p.Name(lang), URL: p.URL, Note: p.Note,
		Unverified: p.unverified(lang), Rate: v.rate(),
		Offers: v.table("catalog_provider_offers", p.Name(lang), func(o Offer) bool { return o.Provider == id })}
	for _, s := range p.SeenAs {
		page.SeenAs = append(page.SeenAs, Cell{Text: s.Text, Source: s.Source.String(), SourcePath: c.sourcePath(lang.Code, s.Source)})
	}
	return page, true
}

// PricingView builds the pricing page.
func (c *Catalog) PricingView(lang Lang) PricingPage {
	v := c.view(lang)
	t := v.table("catalog_pricing_caption", "", func(Offer) bool { return true })
	t.Pricing = ""
	page := PricingPage{Lang: lang, Nav: v.nav(), Rate: v.rate(), Offers: t}
	for _, p := range c.Providers {
		pl := ProviderLink{Link: Link{p.Name(lang), ProviderPath(lang.Code, p.ID)}}
		for _, o := range c.Offers {
			if o.Provider == p.ID {
				pl.Offers++
			}
		}
		page.Providers = append(page.Providers, pl)
	}
	return page
}

// Name is the provider's name in the language of lang: by its code, else its base
// language, else English, else the first by code.
func (p Provider) Name(lang Lang) string {
	code := p.nameCode(lang)
	return p.Names[code]
}

// nameCode is the language code of the name Name gives.
func (p Provider) nameCode(lang Lang) string {
	for _, c := range []string{lang.Code, langBase(lang.Tag), "en"} {
		if _, ok := p.Names[c]; ok {
			return c
		}
	}
	codes := slices.Sorted(maps.Keys(p.Names))
	if len(codes) == 0 {
		return ""
	}
	return codes[0]
}

func (p Provider) unverified(lang Lang) bool {
	return slices.Contains(p.Unverified, p.nameCode(lang))
}

func langBase(t language.Tag) string {
	b, _ := t.Base()
	return b.String()
}
