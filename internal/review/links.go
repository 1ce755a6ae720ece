package review

import (
	"strings"

	"docsite/internal/outline"
)

// links reports link and image targets that differ between aligned blocks. A link into the
// source language's tree ("/en/…", "../en/…") matches the same link into the translation's.
func (c *checker) links(sec *outline.Section, s, t *outline.Block) {
	if len(s.Anchors.Links)+len(s.Anchors.Images)+len(t.Anchors.Links)+len(t.Anchors.Images) == 0 {
		return // nothing links on either side
	}
	src := c.targets(s.Anchors, c.src)
	tgt := c.targets(t.Anchors, c.locale)
	onlyS, onlyT := without(src, tgt), without(tgt, src)
	if len(onlyS)+len(onlyT) == 0 {
		return
	}
	var parts []string
	if len(onlyS) > 0 {
		parts = append(parts, "source links to "+strings.Join(onlyS, ", "))
	}
	if len(onlyT) > 0 {
		parts = append(parts, "translation links to "+strings.Join(onlyT, ", "))
	}
	c.add(LinkMismatch, sec, s.Line, t.Line, "%s", strings.Join(parts, "; "))
}

// targets lists a block's link and image targets with the language folder made neutral.
func (c *checker) targets(a outline.Anchors, locale string) []string {
	if len(a.Links)+len(a.Images) == 0 {
		return nil
	}
	out := make([]string, 0, len(a.Links)+len(a.Images))
	for _, l := range a.Links {
		out = append(out, neutral(strings.TrimSpace(l), locale))
	}
	for _, l := range a.Images {
		out = append(out, neutral(strings.TrimSpace(l), locale))
	}
	return out
}

// neutral replaces a path segment equal to locale by "{lang}" in a link into the site. A
// URL with a scheme or a host ("https://…", "//…") is another site's: its "/en/" is that
// site's, the same in every translation.
func neutral(url, locale string) string {
	if !strings.Contains(url, locale) {
		return url // no segment can be locale
	}
	if strings.HasPrefix(url, "//") || strings.Contains(url, "://") {
		return url
	}
	parts := strings.Split(url, "/")
	for i, p := range parts {
		if p == locale {
			parts[i] = "{lang}"
		}
	}
	return strings.Join(parts, "/")
}

// without returns the items of a not matched in b, counting repeats.
func without(a, b []string) []string {
	left := map[string]int{}
	for _, x := range b {
		left[x]++
	}
	var out []string
	for _, x := range a {
		if left[x] > 0 {
			left[x]--
			continue
		}
		out = append(out, x)
	}
	return out
}
