package locale

import (
	"bufio"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"docsite/internal/config"
	"docsite/locales"
)

// The tests of this file run over every strings file docsite ships (locales/), whatever
// languages it holds.

// shipped returns the shipped files by set and then by code.
func shipped(t *testing.T) map[string]map[string][]*i18n.Message {
	t.Helper()
	names, err := fs.Glob(locales.FS, "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string][]*i18n.Message{}
	for _, name := range names {
		set, code := splitName(name)
		if _, err := language.Parse(code); err != nil {
			t.Errorf("locales/%s: %q is not a BCP 47 tag", name, code)
			continue
		}
		data, _ := fs.ReadFile(locales.FS, name)
		mf, err := i18n.ParseMessageFileBytes(data, code+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			t.Errorf("locales/%s: %v", name, err)
			continue
		}
		if out[set] == nil {
			out[set] = map[string][]*i18n.Message{}
		}
		out[set][code] = mf.Messages
	}
	return out
}

func byID(ms []*i18n.Message) map[string]*i18n.Message {
	out := map[string]*i18n.Message{}
	for _, m := range ms {
		out[m.ID] = m
	}
	return out
}

// sameAsEnglish reads testdata/same-as-english.txt: "code key" and "* key".
func sameAsEnglish(t *testing.T) map[string]bool {
	f, err := os.Open("testdata/same-as-english.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out[strings.Join(strings.Fields(line), " ")] = true
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.\w+\s*\}\}|\{n\}`)

func placeholders(m *i18n.Message) []string {
	var out []string
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		for _, p := range placeholder.FindAllString(s, -1) {
			out = append(out, strings.ReplaceAll(p, " ", ""))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Every shipped language has every key of the English file of each set, with its
// placeholders, and writes it in its own words: a value the same as the English one is
// a mistake unless it is a name or a brand, or testdata/same-as-english.txt allows it.
func TestShippedLocalesComplete(t *testing.T) {
	allowed := sameAsEnglish(t)
	sets := shipped(t)
	codes := map[string]bool{}
	for _, files := range sets {
		for code := range files {
			codes[code] = true
		}
	}
	for set, files := range sets {
		en := byID(files["en"])
		if len(en) == 0 {
			t.Errorf("set %q has no English file", set)
			continue
		}
		for code, msgs := range files {
			if code == "en" {
				continue
			}
			file := "locales/" + strings.TrimPrefix(set+"."+code+".toml", ".")
			have := byID(msgs)
			for _, id := range slices.Sorted(maps.Keys(en)) {
				m, ok := have[id]
				if !ok {
					t.Errorf("%s: key %q missing", file, id)
					continue
				}
				// SearchOne serves the numbers of CLDR's "one": where that is 1 alone, the
				// sentence may say "one result" without the figure (ar, he).
				countless := id == "SearchOne" && oneIsOnlyOne(language.MustParse(code))
				if got, want := placeholders(m), placeholders(en[id]); !slices.Equal(got, want) && !(countless && len(got) == 0) {
					t.Errorf("%s: key %q has placeholders %v, English %v", file, id, got, want)
				}
				if m.Other == "" {
					t.Errorf("%s: key %q has no other form", file, id)
				}
				if m.Other == en[id].Other && !isName(m.Other) && !allowed["* "+id] && !allowed[code+" "+id] {
					t.Errorf("%s: key %q is the English %q (a name? add \"%s %s\" to testdata/same-as-english.txt)", file, id, m.Other, code, id)
				}
			}
			for id := range have {
				if en[id] == nil {
					t.Errorf("%s: key %q is not in the English file", file, id)
				}
			}
			pluralForms(t, file, code, en, msgs)
		}
	}
	// Every language of any set has the file of every set.
	for set, files := range sets {
		for code := range codes {
			if files[code] == nil {
				t.Errorf("locales/%s is missing (locales/%s.toml is there)", strings.TrimPrefix(set+"."+code+".toml", "."), code)
			}
		}
	}
}

// pluralForms checks that each plural string (one with a "one" form in English) has the
// forms the language's CLDR plural rules ask for, for whole numbers (go-i18n would write
// "other" where one is missing: "1 Seiten").
func pluralForms(t *testing.T, file, code string, en map[string]*i18n.Message, msgs []*i18n.Message) {
	tag := language.MustParse(code)
	for _, m := range msgs {
		if en[m.ID] == nil || en[m.ID].One == "" {
			continue
		}
		forms := map[plural.Form]string{plural.Zero: m.Zero, plural.One: m.One, plural.Two: m.Two,
			plural.Few: m.Few, plural.Many: m.Many, plural.Other: m.Other}
		for n := range 1000 {
			if f := plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0); forms[f] == "" {
				t.Errorf("%s: key %q lacks the plural form CLDR's rules give %d (%v)", file, m.ID, n, f)
				break
			}
		}
	}
}

// oneIsOnlyOne reports whether 1 is the only whole number of CLDR's cardinal "one" in
// language tag.
func oneIsOnlyOne(tag language.Tag) bool {
	for n := range 1000 {
		if n != 1 && plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) == plural.One {
			return false
		}
	}
	return true
}

// isName reports whether s is only names, brands and abbreviations every language
// writes as English does: "docsite", "GPU", "RAM".
func isName(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w != "docsite" && strings.ToUpper(w) != w {
			return false
		}
	}
	return true
}

// notices are the whole sentences a page shows about itself, some quoting a language's
// name.
var notices = []string{"NotTranslated", "TranslationBroken", "StaleSection", "ReadOriginal",
	"NotFoundText", "MovedTo", "DraftNotice", "ReadSourceSection"}

// englishWords are words of the English notices that no Latin-script language shipped
// writes as its own.
var englishWords = map[string]bool{"the": true, "this": true, "that": true, "yet": true, "into": true,
	"shown": true, "could": true, "built": true, "changed": true, "after": true, "translated": true,
	"translation": true, "there": true, "address": true, "moved": true, "draft": true, "left": true}

// englishWord is the first word of s that is one of englishWords. Words are runs of
// letters of any script, so Hungarian "látható" holds no "that".
func englishWord(s string) string {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if englishWords[strings.ToLower(w)] {
			return w
		}
	}
	return ""
}

var latinWord = regexp.MustCompile(`\p{Latin}{2,}`)

// notice renders notice id of language code with the name of language src, in the
// page's language, inserted; and returns it without the name.
func notice(t *testing.T, c *Catalog, l config.Lang, id string, src language.Tag) string {
	name := display.Tags(l.Tag).Name(src)
	s := c.Localizer(l).T(id, map[string]any{"Source": name})
	return strings.ReplaceAll(s, Isolate(name), "")
}

// No notice of a shipped language holds English other than the names it quotes: in a
// language not written in Latin script, no Latin word at all but "docsite" and the
// command line of DraftNotice; in one that is, none of the English notices' own words.
func TestShippedNoticesHaveNoEnglish(t *testing.T) {
	for code := range shipped(t)[""] {
		if code == "en" {
			continue
		}
		l := lang(code, "")
		c, err := Load(Files{Theme: locales.FS}, []config.Lang{lang("en", ""), l})
		if err != nil {
			t.Fatal(err)
		}
		script, _ := l.Tag.Script()
		for _, id := range notices {
			for _, src := range []string{"en", "zh-Hans", "ja", "ar"} {
				s := notice(t, c, l, id, language.MustParse(src))
				if script.String() != "Latn" {
					for _, w := range latinWord.FindAllString(s, -1) {
						if w != "docsite" && w != "build" && w != "drafts" {
							t.Errorf("locales/%s.toml: %s with %s quoted holds the Latin word %q: %q", code, id, src, w, s)
						}
					}
				} else if w := englishWord(s); w != "" {
					t.Errorf("locales/%s.toml: %s with %s quoted holds the English word %q: %q", code, id, src, w, s)
				}
			}
		}
	}
}

// A right-to-left language's notices keep an English name (or any left-to-right one)
// inside isolates, so the sentence around it is not reordered.
func TestShippedRTLNoticesIsolateNames(t *testing.T) {
	for code := range shipped(t)[""] {
		l := lang(code, "")
		if !l.RTL() {
			continue
		}
		c, err := Load(Files{Theme: locales.FS}, []config.Lang{lang("en", ""), l})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"NotTranslated", "TranslationBroken", "StaleSection", "ReadOriginal"} {
			s := c.Localizer(l).T(id, map[string]any{"Source": "English"})
			if !strings.Contains(s, "\u2068English\u2069") {
				t.Errorf("locales/%s.toml: %s does not isolate the name it quotes: %q", code, id, s)
			}
		}
	}
}
