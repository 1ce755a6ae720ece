package locale

import (
	"time"

	"github.com/go-playground/locales"
	"github.com/go-playground/locales/ar"
	"github.com/go-playground/locales/de"
	"github.com/go-playground/locales/en"
	"github.com/go-playground/locales/es"
	"github.com/go-playground/locales/fa"
	"github.com/go-playground/locales/fr"
	"github.com/go-playground/locales/he"
	"github.com/go-playground/locales/hi"
	"github.com/go-playground/locales/id"
	"github.com/go-playground/locales/it"
	"github.com/go-playground/locales/ja"
	"github.com/go-playground/locales/ko"
	"github.com/go-playground/locales/nl"
	"github.com/go-playground/locales/pl"
	"github.com/go-playground/locales/pt"
	"github.com/go-playground/locales/pt_BR"
	"github.com/go-playground/locales/ru"
	"github.com/go-playground/locales/tr"
	"github.com/go-playground/locales/uk"
	"github.com/go-playground/locales/ur"
	"github.com/go-playground/locales/vi"
	"github.com/go-playground/locales/zh"
	"github.com/go-playground/locales/zh_Hant"
	"golang.org/x/text/language"
)

// Dates are written in the reader's locale by CLDR's rules. x/text formats numbers but
// not dates; go-playground/locales is generated from CLDR, one package per locale, with
// no state and no dependencies, so each locale below costs only its own formatting code.
// The locales are those of the most translated documentation sites; a language without
// one gets the ISO form (2024-05-31), which every reader can read.
var dateLocales = []struct {
	tag  language.Tag
	make func() locales.Translator
}{
	{language.English, en.New}, {language.Make("zh-Hans"), zh.New}, {language.Make("zh-Hant"), zh_Hant.New},
	{language.Japanese, ja.New}, {language.Korean, ko.New}, {language.Spanish, es.New},
	{language.French, fr.New}, {language.German, de.New}, {language.Italian, it.New},
	{language.Make("pt-PT"), pt.New}, {language.Make("pt-BR"), pt_BR.New}, {language.Russian, ru.New},
	{language.Ukrainian, uk.New}, {language.Polish, pl.New}, {language.Dutch, nl.New},
	{language.Turkish, tr.New}, {language.Arabic, ar.New}, {language.Hebrew, he.New},
	{language.Persian, fa.New}, {language.Urdu, ur.New}, {language.Hindi, hi.New},
	{language.Indonesian, id.New}, {language.Vietnamese, vi.New},
}

var dateMatcher = func() language.Matcher {
	tags := make([]language.Tag, len(dateLocales))
	for i, d := range dateLocales {
		tags[i] = d.tag
	}
	return language.NewMatcher(tags)
}()

// DateFormatter formats dates for one language.
type DateFormatter struct{ t locales.Translator }

// NewDateFormatter returns the date formatter of tag: its CLDR locale when one is close
// enough (same language, script told apart: zh-Hant is not zh-Hans), else ISO dates.
func NewDateFormatter(tag language.Tag) DateFormatter {
	_, i, conf := dateMatcher.Match(tag)
	want, _ := tag.Base()
	if got, _ := dateLocales[i].tag.Base(); conf < language.High || got != want {
		return DateFormatter{}
	}
	return DateFormatter{dateLocales[i].make()}
}

// Long writes t as a long date without the time: "May 31, 2024", "2024年5月31日".
func (f DateFormatter) Long(t time.Time) string {
	if f.t == nil {
		return t.Format(time.DateOnly)
	}
	return f.t.FmtDateLong(t)
}
