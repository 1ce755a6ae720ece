package review

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// GlossaryFile is a language's glossary, relative to the content directory: the terms its
// translations keep as the source writes them (product names, API names, titles), one a
// line, # for comments. A sentence that is only such terms is not untranslated.
func GlossaryFile(locale string) string { return path.Join(locale, ".glossary.txt") }

// ReadGlossaries reads the glossary of every language that has one, by language code.
func ReadGlossaries(fsys fs.FS, dir string, langs []config.Lang) (map[string][]string, error) {
	out := map[string][]string{}
	for _, l := range langs {
		name := path.Join(dir, GlossaryFile(l.Code))
		data, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, diag.Errorf(name, 0, 0, "unreadable", "%v", err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" && !strings.HasPrefix(t, "#") {
				out[l.Code] = append(out[l.Code], strings.ToLower(t))
			}
		}
	}
	return out, nil
}

// withoutTerms is sentence x with every glossary term (lower case) taken out, ignoring
// case.
func withoutTerms(x string, terms []string) string {
	if len(terms) == 0 {
		return x
	}
	lower := strings.ToLower(x)
	for _, t := range terms {
		for {
			i := strings.Index(lower, t)
			if i < 0 || len(lower) != len(x) { // case folding changed lengths: leave x be
				break
			}
			x = x[:i] + strings.Repeat(" ", len(t)) + x[i+len(t):]
			lower = lower[:i] + strings.Repeat(" ", len(t)) + lower[i+len(t):]
		}
	}
	return x
}

// minTermPages is on how many pages of a language a sentence must be left as in the
// source for the review to take it for a term rather than a slip.
const minTermPages = 3

// learnTerms folds the untranslated findings of one text left as in the source on
// minTermPages pages or more of a language (a name, a talk title, a platform list) into
// one warning that proposes it for the glossary: a translator acts on one line, not on
// every page that rightly keeps it.
func learnTerms(fs []Finding) []Finding {
	type group struct {
		first int
		pages map[string]bool
	}
	groups := map[[2]string]*group{}
	for i, f := range fs {
		if f.Check != Untranslated || !strings.HasPrefix(f.Message, sameText) {
			continue
		}
		k := [2]string{f.Locale, f.Message}
		g := groups[k]
		if g == nil {
			g = &group{first: i, pages: map[string]bool{}}
			groups[k] = g
		}
		g.pages[f.Page] = true
	}
	out := fs[:0:0]
	for i, f := range fs {
		if f.Check == Untranslated && strings.HasPrefix(f.Message, sameText) {
			g := groups[[2]string{f.Locale, f.Message}]
			if len(g.pages) >= minTermPages {
				if g.first != i {
					continue
				}
				f.Severity = diag.Warning
				f.Message = fmt.Sprintf("kept as in the source on %d pages, so probably a term: %s; list it in content/%s to stop this warning",
					len(g.pages), strings.TrimPrefix(f.Message, sameText), GlossaryFile(f.Locale))
			}
		}
		out = append(out, f)
	}
	return out
}

// sameText opens the message of an untranslated sentence equal to the source's.
const sameText = "same text as the source: "
