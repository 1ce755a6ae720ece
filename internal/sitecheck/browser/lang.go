package browser

import (
	"strings"
)

// FontUse is the font-family computed for body text in one language.
type FontUse struct {
	Lang   string `json:"lang"`
	Family string `json:"family"`
	Pages  int    `json:"-"` // pages where it was seen, filled in by summarise
}

// langProbe is what js/lang.js reports.
type langProbe struct {
	Lang        string `json:"lang"`
	Mislabelled []struct {
		Element string   `json:"element"`
		Text    string   `json:"text"`
		Lang    string   `json:"lang"`
		Want    []string `json:"want"`
	} `json:"mislabelled"`
	Fonts    []FontUse `json:"fonts"`
	Switcher []struct {
		Href     string `json:"href"`
		Hreflang string `json:"hreflang"`
	} `json:"switcher"`
	Alternates []string `json:"alternates"`
}

// checkLang checks that text in Chinese or Japanese script sits in an element whose computed
// language (the nearest lang attribute) is one written in that script, and records the font
// of body text per computed language for the site-wide font check.
func (v *visit) checkLang() error {
	p, err := eval[langProbe](v.tab, probe(langJS))
	if err != nil {
		return err
	}
	v.probe = p
	if p.Lang == "" {
		v.errorf("lang", "<html> has no lang attribute")
	}
	for _, m := range p.Mislabelled {
		if m.Lang == "" {
			v.errorf("lang", "%s: text %q has no language (no lang attribute above it)", m.Element, m.Text)
			continue
		}
		v.errorf("lang", "%s: text %q is in a script of %s but its computed lang is %q: mark it with lang",
			m.Element, m.Text, strings.Join(m.Want, " or "), m.Lang)
	}
	v.res.fonts = p.Fonts
	return nil
}
