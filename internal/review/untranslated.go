package review

import (
	"golang.org/x/text/language"

	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"docsite/internal/outline"
	"docsite/internal/script"
)

// untranslated reports sentences of a translation that equal a sentence of its source, or
// that are written in the source's script although the translation's language does not use
// that script (English left in a Japanese page). A Japanese sentence translated from Chinese
// that has a dozen Han characters and no kana is Chinese. Sentences without at least three
// words (or four CJK characters) are left alone: names, codes and acronyms stay as they are.
// sRune and tRune say that the texts of s or of t are known to fold rune by rune
// (outline.FoldsByRune); when false, each sentence is checked.
func (c *checker) untranslated(sec *outline.Section, s, t []outline.Segment, sRune, tRune bool) {
	var src []sourceSegment // s's texts, looked up once a sentence of t needs them
	srcScript, srcLine := none, 0
	if len(s) > 0 {
		srcLine = s[0].Line
	}
	for _, seg := range t {
		if len(seg.Text) < minTranslatable {
			continue // no sentence of it is
		}
		done := false
		var p profile // of each sentence in turn
		forSentences(seg.Text, tRune, &p, func(x string) bool {
			if len(x) < minTranslatable || isMarkup(x) || !translatable(x, &p) {
				return true
			}
			if src == nil {
				src, srcScript = c.sourceSegments(s, sRune)
			}
			if c.locale != c.src && c.texts.hasKey(src, x, tRune) {
				if len(c.terms) > 0 {
					var q profile
					y := withoutTerms(x, c.terms)
					q.add(y)
					if !translatable(y, &q) {
						return true // only terms the glossary keeps
					}
				}
				if c.titleOfLink(x, seg.Line) {
					return true
				}
				c.add(Untranslated, sec, srcLine, seg.Line, sameText+"%s", excerpt(c.quoted(x, seg.Line)))
				done = true
				return false
			}
			if why := c.foreign(&p, srcScript); why != "" && !c.titleOfLink(x, seg.Line) {
				c.add(Untranslated, sec, srcLine, seg.Line, "%s: %s", why, excerpt(c.quoted(x, seg.Line)))
				done = true
				return false
			}
			return true
		})
		if done {
			return
		}
	}
}

// sourceSegments looks the source segments' texts up (in c.srcTexts' room, not nil) and
// returns them with the dominant script of them all.
func (c *checker) sourceSegments(s []outline.Segment, byRune bool) ([]sourceSegment, script.Script) {
	var all profile
	src := c.srcTexts[:0]
	for _, seg := range s {
		st := c.texts.get(seg.Text)
		all.plus(&st.prof)
		src = append(src, sourceSegment{seg.Text, byRune, st})
	}
	if src == nil {
		src = []sourceSegment{}
	}
	c.srcTexts = src
	return src, all.dominant()
}

// sourceTexts remembers what the untranslated check reads of the source's texts (by text),
// which every translation of a page is checked against. The texts and their sentences are
// kept in chunks, a few allocations for the whole page.
type sourceTexts struct {
	by        map[string]*sourceText
	texts     []sourceText     // the chunk new texts are taken from
	sentences []sourceSentence // the chunk listed sentences are copied into
	listing   []sourceSentence // a text's sentences as they are listed
}

// newSourceTexts makes room for n texts.
func newSourceTexts(n int) *sourceTexts {
	return &sourceTexts{by: make(map[string]*sourceText, n)}
}

// textsChunk is how many source texts or sentences one chunk holds.
const textsChunk = 32

type sourceText struct {
	prof      profile          // of all its sentences
	sentences []sourceSentence // once listed
	listed    bool
}

// sourceSentence is a sentence of a source text and, once asked for, its key.
type sourceSentence struct {
	text  string
	first keyStart // of its key, when the sentence folds rune by rune
	key   string
	keyed bool
}

// keyStart is the first rune of a key, or that the key is empty or unknown.
type keyStart struct {
	r     rune
	known bool // the sentence folds rune by rune: r is its key's first rune (-1: no rune)
}

// startOf is where key(x) starts, read without making it when x folds rune by rune; byRune
// says that it is known to.
func startOf(x string, byRune bool) keyStart {
	if !byRune && !outline.FoldsByRune(x) {
		return keyStart{}
	}
	classes := classes()
	for _, r := range x {
		r = outline.FoldRune(r)
		c := classes.of(r)
		if c&isSpace != 0 {
			continue
		}
		if c&changesLower != 0 {
			r = unicode.ToLower(r)
		}
		return keyStart{r, true}
	}
	return keyStart{-1, true}
}

// mayEqual is false when two keys certainly differ: both starts are known and differ.
func (a keyStart) mayEqual(b keyStart) bool { return !a.known || !b.known || a.r == b.r }

func (m *sourceTexts) get(text string) *sourceText {
	if st := m.by[text]; st != nil {
		return st
	}
	if len(m.texts) == cap(m.texts) {
		m.texts = make([]sourceText, 0, textsChunk)
	}
	m.texts = m.texts[:len(m.texts)+1]
	st := &m.texts[len(m.texts)-1]
	// The profile of all its sentences is the profile of the text: sentences end at
	// punctuation, which never continues a run of letters, and lose only white space,
	// which counts for no script that is read (checkText checks this).
	st.prof.add(text)
	m.by[text] = st
	return st
}

// list lists the sentences of a source text once; byRune says the text folds rune by rune.
func (m *sourceTexts) list(st *sourceText, text string, byRune bool) {
	if st.listed {
		return
	}
	m.listing = m.listing[:0]
	forSentences(text, byRune, nil, func(y string) bool {
		m.listing = append(m.listing, sourceSentence{text: y, first: startOf(y, byRune)})
		return true
	})
	st.listed = true
	n := len(m.listing)
	if n == 0 {
		return
	}
	if cap(m.sentences)-len(m.sentences) < n {
		m.sentences = make([]sourceSentence, 0, max(textsChunk, n))
	}
	start := len(m.sentences)
	m.sentences = append(m.sentences, m.listing...)
	st.sentences = m.sentences[start:len(m.sentences):len(m.sentences)]
}

// sourceSegment is a source segment's text and what is read of it.
type sourceSegment struct {
	text   string
	byRune bool // the text is known to fold rune by rune
	*sourceText
}

// hasKey reports whether a sentence of the source segments has the key of sentence x. A
// source sentence's key is made only when its first rune may be that of x's.
func (m *sourceTexts) hasKey(segs []sourceSegment, x string, byRune bool) bool {
	start := startOf(x, byRune)
	k := ""
	if !start.known {
		k = key(x)
	}
	for _, seg := range segs {
		st := seg.sourceText
		m.list(st, seg.text, seg.byRune)
		for i := range st.sentences {
			sen := &st.sentences[i]
			if !start.mayEqual(sen.first) {
				continue
			}
			if !sen.keyed {
				sen.key, sen.keyed = key(sen.text), true
			}
			if start.known && isKeyOf(sen.key, x) || !start.known && sen.key == k {
				return true
			}
		}
	}
	return false
}

// isKeyOf reports whether k is key(x), for an x that folds rune by rune
// (outline.FoldsByRune), without making key(x): x's runes are folded, spaced and lowered
// as key does and compared with k as they come.
func isKeyOf(k, x string) bool {
	classes := classes()
	j := 0
	space, started := false, false
	for _, r := range x {
		r = outline.FoldRune(r)
		c := classes.of(r)
		if c&isSpace != 0 {
			space = true
			continue
		}
		if space && started {
			if j >= len(k) || k[j] != ' ' {
				return false
			}
			j++
		}
		space, started = false, true
		if c&changesLower != 0 {
			r = unicode.ToLower(r)
		}
		if r < utf8.RuneSelf {
			if j >= len(k) || k[j] != byte(r) {
				return false
			}
			j++
			continue
		}
		kr, n := utf8.DecodeRuneInString(k[j:])
		if kr != r || n != utf8.RuneLen(r) {
			return false
		}
		j += n
	}
	return j == len(k)
}

// foreign explains why a sentence (profiled by p) is in the source's script and not the
// translation's (c.own), or returns "".
func (c *checker) foreign(p *profile, srcScript script.Script) string {
	d := p.dominant()
	if d == srcScript && d != none && !c.own.has(d) && !p.hasOwn(c.own) {
		return "written in " + d.String() + " script like the source"
	}
	if c.own == japanese && srcScript == han && p.counts[han] >= 12 && p.counts[kana] == 0 {
		return "Han characters without kana, like the Chinese source"
	}
	return ""
}

// sentences splits a line of text after sentence-ending punctuation.
func sentences(s string) []string {
	var out []string
	forSentences(s, false, nil, func(x string) bool {
		out = append(out, x)
		return true
	})
	return out
}

// forSentences calls yield with each sentence of a line of text, trimmed, skipping empty
// ones, until yield returns false. A sentence ends after 。！？!? or after a dot followed by
// white space or the end of the text. byRune says that s is known to fold rune by rune
// (outline.FoldsByRune), and so to be valid UTF-8. With p, the sentence's profile is in p
// when yield is called, read in the same pass (profile.add of the sentence, but for counts
// of no script: those of the white space trimmed are in it too); p is zero again after.
func forSentences(s string, byRune bool, p *profile, yield func(string) bool) {
	if !byRune && !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte becomes U+FFFD, as it always did
	}
	classes := classes()
	var run latinRun
	start := 0
	for i, r := range s {
		if p != nil {
			p.step(classes.of(r), &run)
		}
		end := r == '。' || r == '！' || r == '？' || r == '!' || r == '?'
		if r == '.' {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			end = i+1 == len(s) || classes.of(next)&isSpace != 0
		}
		if !end {
			continue
		}
		stop := i + utf8.RuneLen(r)
		if x := trimSpace(s[start:stop], classes); x != "" && !yield(x) {
			return
		}
		if p != nil {
			*p = profile{} // the terminator ended any run
		}
		start = stop
	}
	if p != nil {
		p.endRun(&run)
	}
	if x := trimSpace(s[start:], classes); x != "" {
		yield(x)
	}
}

// trimSpace is strings.TrimSpace, with white space beyond ASCII looked up in the class
// table rather than by unicode.IsSpace: sentences of CJK text start and end with
// characters beyond ASCII, which TrimSpace decodes and looks up in the Unicode tables.
func trimSpace(s string, classes *classTable) string {
	for len(s) > 0 {
		r, n := rune(s[0]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s)
		}
		if classes.of(r)&isSpace == 0 {
			break
		}
		s = s[n:]
	}
	for len(s) > 0 {
		r, n := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeLastRuneInString(s)
		}
		if classes.of(r)&isSpace == 0 {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// key is how sentences compare: folded, lower case, single spaces.
func key(s string) string {
	f := outline.Fold(s)
	if isKey(f) {
		return f
	}
	var b strings.Builder
	b.Grow(len(f))
	space := false
	classes := classes()
	for _, r := range f {
		c := classes.of(r)
		if c&isSpace != 0 {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if c&changesLower != 0 {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isKey reports whether a folded text is its own key: no upper case, and no white space but
// single spaces between other characters.
func isKey(f string) bool {
	classes := classes()
	space := true // as if a space came before f
	for _, r := range f {
		c := classes.of(r)
		if c&changesLower != 0 || c&isSpace != 0 && (r != ' ' || space) {
			return false
		}
		space = r == ' '
	}
	return !space || f == ""
}

// translatable reports whether a sentence (profiled by p) is prose that needs a
// translation: four CJK characters, or three words of letters only, two of them in
// lower case. A word is a token between spaces with its surrounding punctuation trimmed;
// tokens that join letters with dots, underscores, colons, slashes, hyphens or digits are
// identifiers, paths, addresses, package names and versions (otel.bsp.export.timeout,
// vertx-redis-client, localhost:4317), which every language writes the same, and so is a
// text of two or more "=" (value = 1, name = apple); and a run of capitalised
// words is a name (Spring Boot Actuator Autoconfigure), unless one of them is an English
// function word (Why Cloud GPU Service?: English titles capitalise every word). No text
// shorter than minTranslatable bytes is.
// isMarkup reports whether a sentence is a template action or a shortcode tag left in the
// text ("{{ if not $lang }}" in a partial): markup, the same in every language.
func isMarkup(s string) bool {
	t := strings.TrimSpace(s)
	return strings.HasPrefix(t, "{{") && strings.HasSuffix(t, "}}")
}

func translatable(s string, p *profile) bool {
	if p.counts[han]+p.counts[kana]+p.counts[hangul] >= 4 {
		return true
	}
	if strings.Count(s, "=") >= 2 {
		return false // key = value, key = value: data, as code is
	}
	classes := classes()
	words, lower, function := 0, 0, false
	for _, tok := range strings.Fields(s) {
		// Punctuation around a word goes; digits stay, so that localhost:4317 is an address.
		tok = strings.TrimFunc(tok, func(r rune) bool { return classes.of(r)&isLetter == 0 && !unicode.IsDigit(r) })
		if utf8.RuneCountInString(tok) < 2 {
			continue
		}
		letters, allLower := true, true
		for _, r := range tok {
			c := classes.of(r)
			if c&isLetter == 0 {
				letters = false
				break
			}
			if c&changesLower != 0 {
				allLower = false
			}
		}
		if !letters {
			continue
		}
		words++
		if allLower {
			lower++
		}
		function = function || functionWords[strings.ToLower(tok)]
	}
	return words >= 3 && (lower >= 2 || function)
}

// functionWords are English words that names do not consist of: a run of capitalised
// words holding one is a title, not a name.
var functionWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "in": true, "on": true, "for": true,
	"and": true, "or": true, "with": true, "from": true, "by": true, "at": true, "as": true,
	"is": true, "are": true, "be": true, "how": true, "why": true, "what": true, "when": true,
	"where": true, "which": true, "who": true, "your": true, "you": true, "we": true, "our": true,
	"this": true, "that": true, "it": true, "not": true, "no": true, "do": true, "does": true,
	"can": true, "use": true, "using": true, "about": true, "into": true, "get": true,
}

// minTranslatable is the least length in bytes of a translatable text: three words of two
// letters between two spaces; four CJK characters take 12.
const minTranslatable = 8

// The scripts the checks tell apart, by their names here; package script tells a rune's.
const (
	none       = script.None
	latin      = script.Latin
	han        = script.Han
	kana       = script.Kana
	hangul     = script.Hangul
	cyrillic   = script.Cyrillic
	greek      = script.Greek
	arabic     = script.Arabic
	hebrew     = script.Hebrew
	devanagari = script.Devanagari
	thai       = script.Thai
	other      = script.Other // any other letters; the last
)

func scriptOf(r rune) script.Script { return classOf(r).script() }

// class is what the checks ask of a rune: its script and some Unicode properties.
type class uint16

const (
	scriptBits class = 15 // the script, in the low bits
	isSpace    class = 1 << (iota + 3)
	isLetter
	isDigit
	isLower      // unicode.IsLower
	changesUpper // unicode.ToUpper(r) != r
	changesLower // unicode.ToLower(r) != r
	latinOrDigit // Latin script or unicode.IsDigit
)

func (c class) script() script.Script { return script.Script(c & scriptBits) }

// classTable is classify for every rune of the basic multilingual plane.
type classTable [0x10000]class

// of looks a rune up.
func (t *classTable) of(r rune) class {
	if 0 <= r && r < 0x10000 {
		return t[r]
	}
	return classify(r)
}

// classes returns the table, computed on first use; loops fetch it once.
var classes = sync.OnceValue(func() *classTable {
	var t classTable
	for r := range rune(0x10000) {
		t[r] = classify(r)
	}
	return &t
})

func classOf(r rune) class { return classes().of(r) }

func classify(r rune) class {
	sc := script.Of(r)
	c := class(sc)
	for _, f := range []struct {
		on bool
		c  class
	}{
		{unicode.IsSpace(r), isSpace},
		{unicode.IsLetter(r), isLetter},
		{unicode.IsDigit(r), isDigit},
		{unicode.IsLower(r), isLower},
		{unicode.ToUpper(r) != r, changesUpper},
		{unicode.ToLower(r) != r, changesLower},
		{sc == latin || unicode.IsDigit(r), latinOrDigit},
	} {
		if f.on {
			c |= f.c
		}
	}
	return c
}

// profile counts the letters of a text by script. Runs of Latin letters and digits in
// capitals or holding a digit (acronyms, product codes: "GPU", "M40") are not counted:
// every language writes them the same.
type profile struct{ counts [other + 1]int }

func (p *profile) add(s string) {
	classes := classes()
	var run latinRun
	for _, r := range s {
		p.step(classes.of(r), &run)
	}
	p.endRun(&run)
}

// latinRun is a run of Latin letters and digits, counted once it ends.
type latinRun struct {
	runes        int
	lower, digit bool
}

// step counts the next rune of a text, of class c; run is the run of Latin letters and
// digits it may continue or end.
func (p *profile) step(c class, run *latinRun) {
	if c&latinOrDigit != 0 {
		run.runes++
		run.lower = run.lower || c&isLower != 0
		run.digit = run.digit || c&isDigit != 0
		return
	}
	p.endRun(run)
	p.counts[c.script()]++
}

// endRun counts a run that ended, unless it is a code (capitals only, or a digit in it).
func (p *profile) endRun(run *latinRun) {
	if run.lower && !run.digit {
		p.counts[latin] += run.runes
	}
	*run = latinRun{}
}

func isLatinOrDigit(r rune) bool { return classOf(r)&latinOrDigit != 0 }

// hasOwn reports whether the text has a real share of letters in the scripts of own: two
// or more, or a quarter of all it counts. Letters are a poor measure across scripts (a
// Latin product name has ten for one CJK word), so a Japanese sentence naming
// OpenTelemetry twice is still Japanese.
func (p *profile) hasOwn(own scriptSet) bool {
	n, all := 0, 0
	for s := latin; s <= other; s++ {
		all += p.counts[s]
		if own.has(s) {
			n += p.counts[s]
		}
	}
	return n >= 2 || n*4 >= all && n > 0
}

// plus adds the counts of q.
func (p *profile) plus(q *profile) {
	for i := range p.counts {
		p.counts[i] += q.counts[i]
	}
}

// dominant is the script with the most letters; kana counts with Han for deciding between
// Japanese and Chinese only in foreign.
func (p *profile) dominant() script.Script {
	best, n := none, 0
	for s := latin; s <= other; s++ {
		if p.counts[s] > n {
			best, n = s, p.counts[s]
		}
	}
	return best
}

// scriptSet is a set of scripts.
type scriptSet uint16

func (s scriptSet) has(x script.Script) bool { return s&(1<<x) != 0 }

// japanese is the scripts of Japanese.
const japanese scriptSet = 1<<han | 1<<kana

// scriptsOf lists the scripts a language is written in, from the script of its tag
// (given, or the likeliest for the language, by CLDR's data in x/text): Russian is
// Cyrillic, Hindi Devanagari, Arabic and Persian Arabic, Japanese Han and kana, Korean
// Hangul and Han.
func scriptsOf(locale string) scriptSet {
	sc, _ := language.Make(locale).Script()
	switch sc.String() {
	case "Latn":
		return 1 << latin
	case "Hans", "Hant", "Hani":
		return 1 << han
	case "Jpan":
		return japanese
	case "Kore":
		return 1<<hangul | 1<<han
	case "Cyrl":
		return 1 << cyrillic
	case "Grek":
		return 1 << greek
	case "Arab":
		return 1 << arabic
	case "Hebr":
		return 1 << hebrew
	case "Deva":
		return 1 << devanagari
	case "Thai":
		return 1 << thai
	}
	return 1 << other
}
