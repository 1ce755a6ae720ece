package gpu

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is the language of a page: Code is its folder and first URL segment ("zh"), Tag its BCP 47
// tag ("zh-Hans"), which picks the number and money format and the providers' names.
type Lang struct {
	Code string
	Tag  language.Tag
}

// Site-root paths of the catalog's pages; templates make them relative with rel.

func GPUsPath(lang string) string         { return "/" + lang + "/gpus/" }
func GPUPath(lang, id string) string      { return "/" + lang + "/gpus/" + id + "/" }
func ProviderPath(lang, id string) string { return "/" + lang + "/providers/" + id + "/" }
func PricingPath(lang string) string      { return "/" + lang + "/pricing/" }

// OfferAnchor is the id of an offer's row on the pricing page.
func OfferAnchor(id string) string { return "offer-" + id }

// sourcePath is the page a provenance cites, in the page's language tree (a page missing in a
// language is published there in its source language): content/zh/a/b.md:12 → /en/a/b/.
func sourcePath(lang string, s Source) string {
	rel, ok := strings.CutPrefix(s.File, "content/")
	if !ok || !strings.HasSuffix(rel, ".md") {
		return ""
	}
	_, page, ok := strings.Cut(strings.TrimSuffix(rel, ".md"), "/")
	if !ok {
		return ""
	}
	return "/" + lang + "/" + page + "/"
}
