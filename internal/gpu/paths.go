package gpu

import (
	"docsite/internal/config"
	"docsite/internal/route"
)

// Lang is the language of a page, the site's config.Lang: Code is its folder and first URL
// segment ("zh"), Tag its BCP 47 tag ("zh-Hans"), which picks the number and money format
// and the providers' names.
type Lang = config.Lang

// Site paths of the catalog's pages, as package route places them; templates make them
// relative with rel.

func GPUsPath(lang string) string         { return route.GPUs(lang) }
func GPUPath(lang, id string) string      { return route.GPU(lang, id) }
func ProviderPath(lang, id string) string { return route.Provider(lang, id) }
func PricingPath(lang string) string      { return route.Pricing(lang) }

// OfferAnchor is the id of an offer's row on the pricing page.
func OfferAnchor(id string) string { return "offer-" + id }

// sourcePath is the place a provenance cites, in the page's language tree (a page missing
// in a language is published there in its source language): content/zh/a/b.md:12 →
// /en/a/b/, or /zh/a/b/ when that page has no default-language version (Orphan), and the
// anchor of the section holding line 12 when the build told the catalog
// (Anchor): where a reader finds the figure.
func (c *Catalog) sourcePath(lang string, s Source) string {
	src, ok := route.Parse(s.File)
	if !ok {
		return ""
	}
	p := route.StandIn(lang, src.Path)
	if c.Orphan != nil && c.Orphan(s.File) {
		p = route.URL(src.Lang, src.Path)
	}
	if c.Anchor != nil {
		if id := c.Anchor(s.File, s.Line); id != "" {
			p += "#" + id
		}
	}
	return p
}
