package review

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"docsite/internal/align"
	"docsite/internal/diag"
	"docsite/internal/outline"
)

// checker runs the checks on one translation of one page.
type checker struct {
	page, locale, src string
	own               scriptSet // the scripts locale is written in
	a                 *align.Page
	prep              *align.Source // the source a was aligned against
	ratios            *ratioSet
	pair              *ratioPair   // shared by this translation's ratio units
	texts             *sourceTexts // shared by the page's translations
	findings          []Finding
	srcCell, tgtCell  []outline.Segment // the titles or cell lines compared, reused
	srcTexts          []sourceSegment   // the source segments untranslated compares with, reused
	terms             []string          // the language's glossary, lower case
	// The files' text, which messages quote (nil when unknown).
	srcText, tgtText []byte
	state            *State  // the language's reviewed state, nil for none
	ratio            float64 // weightRatio, once known

}

func (c *checker) run() {
	c.sections()
}

// add records a finding; sec is the source section it concerns (or the target's when the
// section exists only there).
func (c *checker) add(check string, sec *outline.Section, srcLine, tgtLine int, format string, args ...any) {
	c.findings = append(c.findings, c.finding(check, sec, srcLine, tgtLine, fmt.Sprintf(format, args...)))
}

func (c *checker) finding(check string, sec *outline.Section, srcLine, tgtLine int, msg string) Finding {
	id := ""
	if sec != nil {
		id = sec.ID
	}
	return Finding{
		Check: check, Severity: SeverityOf(check), Locale: c.locale, Page: c.page, Section: id,
		Source:  Pos{File: c.a.Source.File, Line: srcLine},
		Target:  Pos{File: c.a.Target.File, Line: tgtLine},
		Message: msg,
	}
}

func (c *checker) srcSec(i int) *outline.Section { return c.a.Source.Sections[i] }
func (c *checker) tgtSec(j int) *outline.Section { return c.a.Target.Sections[j] }

// sections reports missing and extra sections and checks each aligned pair.
func (c *checker) sections() {
	intro := c.introUnderHeading()
	for k, sp := range c.a.Sections {
		switch {
		case k == intro:
			t := c.tgtSec(c.a.Sections[k+1].Target)
			c.add(ExtraSection, t, c.srcSec(sp.Source).Line, t.Line, "section %s holds the source's introduction under a heading of its own", sectionName(t, c.tgtText))
			sp.Target, sp.Blocks = c.a.Sections[k+1].Target, c.prep.AlignBlocks(sp.Source, t.Blocks)
			c.sectionPair(sp)
		case k == intro+1:
		case sp.Target < 0:
			s := c.srcSec(sp.Source)
			if commit, ok := c.addedSince(s); ok {
				c.add(New, s, s.Line, c.targetLineNear(k), "section %s was added to the source since %s, the revision this translation was made from: translate it",
					sectionName(s, c.srcText), shortCommit(commit))
				continue
			}
			c.add(MissingSection, s, s.Line, c.targetLineNear(k), "section %s is missing", sectionName(s, c.srcText))
		case sp.Source < 0:
			t := c.tgtSec(sp.Target)
			c.add(ExtraSection, t, c.sourceLineNear(k), t.Line, "section %s is not in the source", sectionName(t, c.tgtText))
		default:
			c.sectionPair(sp)
		}
	}
}

// introUnderHeading finds a translation that writes the source's introduction under a
// heading ("## Introduction {#introduction}") and has none before it: the source's
// introduction unpaired, right before the translation's first section, unpaired too. It
// returns the index of the introduction's pair in c.a.Sections, else -2.
func (c *checker) introUnderHeading() int {
	secs := c.a.Sections
	if c.prep == nil || len(secs) < 2 || len(c.a.Target.Sections) == 0 || c.tgtSec(0).Level == 0 {
		return -2
	}
	for k, sp := range secs[:len(secs)-1] {
		next := secs[k+1]
		if sp.Target < 0 && c.srcSec(sp.Source).Level == 0 && next.Source < 0 && next.Target == 0 {
			return k
		}
	}
	return -2
}

// targetLineNear is where a missing section belongs in the target: the heading of the next
// aligned section, or the end of the page.
func (c *checker) targetLineNear(k int) int {
	for _, sp := range c.a.Sections[k+1:] {
		if sp.Target >= 0 {
			return c.tgtSec(sp.Target).Line
		}
	}
	if n := len(c.a.Target.Sections); n > 0 {
		return c.tgtSec(n-1).EndLine + 1
	}
	return 1
}

// sourceLineNear is the source heading of the next aligned section, or the source's end.
func (c *checker) sourceLineNear(k int) int {
	for _, sp := range c.a.Sections[k+1:] {
		if sp.Source >= 0 {
			return c.srcSec(sp.Source).Line
		}
	}
	if n := len(c.a.Source.Sections); n > 0 {
		return c.srcSec(n-1).EndLine + 1
	}
	return 1
}

func (c *checker) sectionPair(sp align.SectionPair) {
	s, t := c.srcSec(sp.Source), c.tgtSec(sp.Target)
	if s.Level > 0 {
		c.srcCell = append(c.srcCell[:0], outline.Segment{Line: s.Line, Text: s.Title})
		c.tgtCell = append(c.tgtCell[:0], outline.Segment{Line: t.Line, Text: t.Title})
		c.untranslated(s, c.srcCell, c.tgtCell, false, false)
	}
	merged := c.mergedBlocks(s, t, sp.Blocks)
	for k := 0; k < len(sp.Blocks); k++ {
		bp := sp.Blocks[k]
		if k+1 < len(sp.Blocks) && c.calloutSyntax(s, t, bp, sp.Blocks[k+1]) {
			k++
			continue
		}
		switch {
		case merged[k] != nil && bp.Target < 0:
			// Written as part of the translation of the block next to it.
		case merged[k] != nil:
			c.mergedPair(s, append([]*outline.Block{&s.Blocks[bp.Source]}, merged[k]...), &t.Blocks[bp.Target])
		case bp.Target < 0:
			b := &s.Blocks[bp.Source]
			c.add(MissingBlock, s, b.Line, blockLineNear(sp.Blocks[:k], t, false), "%s is missing: %s", b.Kind, blockExcerpt(b, c.srcText))
			if b.Kind == outline.ShortcodeBlock && c.inlineShortcodes(s, t, b.Shortcode) {
				f := &c.findings[len(c.findings)-1]
				f.Severity = diag.Warning
				f.Message = fmt.Sprintf("shortcode %s is written inside the text around it in the translation (its tag shares a line with text), so it is not compared: %s",
					b.Shortcode, blockExcerpt(b, c.srcText))
			}
		case bp.Source < 0:
			b := &t.Blocks[bp.Target]
			c.add(ExtraBlock, s, blockLineNear(sp.Blocks[:k], s, true), b.Line, "%s is not in the source: %s", b.Kind, blockExcerpt(b, c.tgtText))
		default:
			c.blockPair(s, &s.Blocks[bp.Source], &t.Blocks[bp.Target], bp)
		}
	}
}

// inlineShortcodes reports whether the translation's section t writes shortcode name at
// least as many times as the source's section s has blocks of it, outside HTML comments:
// what the source has as blocks, the translation has, with tags that share their lines
// with text (">}}Text", "text: {{< figure >}}"), so the outline reads them as part of a
// paragraph rather than as blocks of their own.
func (c *checker) inlineShortcodes(s, t *outline.Section, name string) bool {
	if c.tgtText == nil {
		return false
	}
	want := 0
	for i := range s.Blocks {
		if s.Blocks[i].Kind == outline.ShortcodeBlock && s.Blocks[i].Shortcode == name {
			want++
		}
	}
	text := htmlComment.ReplaceAllString(Lines(c.tgtText, t.Line, t.EndLine), "")
	got := 0
	for _, m := range shortcodeOpen.FindAllStringSubmatch(text, -1) {
		if m[1] == name {
			got++
		}
	}
	return got >= want
}

var (
	htmlComment   = regexp.MustCompile(`(?s)<!--.*?-->`)
	shortcodeOpen = regexp.MustCompile(`\{\{[<%]\s*([^\s/%>][^\s%>]*)`)
)

// calloutSyntax reports, as one syntax finding, a source callout left without a
// counterpart next to a translation's callout without one, written another way ({{% alert
// %}} in one, > [!NOTE] in the other): the same note in a syntax the source changed.
func (c *checker) calloutSyntax(s, t *outline.Section, a, b align.BlockPair) bool {
	if a.Target >= 0 && b.Target < 0 {
		a, b = b, a
	}
	if a.Target >= 0 || a.Source < 0 || b.Source >= 0 || b.Target < 0 {
		return false // not a missing block next to an extra one
	}
	sb, tb := &s.Blocks[a.Source], &t.Blocks[b.Target]
	sk, tk := calloutKind(sb), calloutKind(tb)
	if sk == "" || tk == "" || sk == tk {
		return false
	}
	c.add(Syntax, s, sb.Line, tb.Line, "callout written as %s, the source as %s: the same note in the source's new syntax?", tk, sk)
	return true
}

// calloutKind names how a block is written when it is a callout (a note set apart from
// the text), else "".
func calloutKind(b *outline.Block) string {
	switch {
	case b.Kind == outline.QuoteBlock:
		return "a quote (> [!NOTE] or >)"
	case b.Kind == outline.ShortcodeBlock && calloutShortcodes[strings.ToLower(b.Shortcode)]:
		return "shortcode " + b.Shortcode
	}
	return ""
}

// calloutShortcodes are the names of the shortcodes themes write notes with.
var calloutShortcodes = map[string]bool{"alert": true, "note": true, "notice": true, "callout": true,
	"warning": true, "tip": true, "info": true, "caution": true, "admonition": true, "hint": true}

// blockLineNear is where a block without a counterpart would be on one side (the source's
// when source): just after the last block before it paired in order (done are the pairs
// before it), else just after the section's heading. Not at the next paired block, which
// may be a table or a list further down, or none, and the section's end then.
func blockLineNear(done []align.BlockPair, sec *outline.Section, source bool) int {
	for k := len(done) - 1; k >= 0; k-- {
		bp := done[k]
		if bp.Source < 0 || bp.Target < 0 || bp.Moved {
			continue
		}
		if source {
			return sec.Blocks[bp.Source].EndLine + 1
		}
		return sec.Blocks[bp.Target].EndLine + 1
	}
	if sec.Level == 0 {
		return sec.Line // the introduction: its first block's line
	}
	return sec.Line + 1
}

func (c *checker) blockPair(sec *outline.Section, s, t *outline.Block, bp align.BlockPair) {
	if s.Table != nil && t.Table != nil {
		c.tablePair(sec, s, t, bp)
		return
	}
	if s.Kind != outline.CodeBlock || t.Kind != outline.CodeBlock {
		c.blockNumbers(sec, s, t) // a program's numbers are not text: a sample's output differs run to run
	}
	c.links(sec, s, t)
	if s.Kind != outline.CodeBlock {
		c.untranslated(sec, s.Segments, t.Segments, s.ByRune, t.ByRune)
		c.ratios.add(c, sec, s.Line, t.Line, s.Weight, t.Weight)
	}
}

// mergedBlocks finds the source paragraphs (or lists) without a counterpart that the
// translation wrote as part of the one next to them: two paragraphs made one. The
// translation of the neighbour is then as long as the two together, relative to how long
// the page's translations are, and holds the missing one's numbers. It returns, by index in
// pairs, the source blocks merged into that pair's translation, and a non-nil entry for
// each merged block's own pair.
func (c *checker) mergedBlocks(s, t *outline.Section, pairs []align.BlockPair) map[int][]*outline.Block {
	var out map[int][]*outline.Block
	for k, bp := range pairs {
		if bp.Target >= 0 || bp.Source < 0 {
			continue
		}
		b := &s.Blocks[bp.Source]
		if (b.Kind != outline.ParagraphBlock && b.Kind != outline.ListBlock) || b.Weight == 0 {
			continue
		}
		if k+1 < len(pairs) && pairs[k+1].Source >= 0 && pairs[k+1].Target >= 0 &&
			b.Kind == outline.ParagraphBlock && !hasCaption(&s.Blocks[pairs[k+1].Source]) && hasCaption(&t.Blocks[pairs[k+1].Target]) {
			// The sentence that introduces a table, which the translation's table took
			// as its caption ("…参数：" right above it): the table pair checks its text.
			if out == nil {
				out = map[int][]*outline.Block{}
			}
			out[k] = []*outline.Block{}
			continue
		}
		for _, m := range []int{k - 1, k + 1} {
			if m < 0 || m >= len(pairs) || pairs[m].Source < 0 || pairs[m].Target < 0 {
				continue
			}
			ns, tb := &s.Blocks[pairs[m].Source], &t.Blocks[pairs[m].Target]
			if ns.Kind != b.Kind || tb.Kind != b.Kind || ns.Weight == 0 || tb.Weight == 0 {
				continue
			}
			r := c.weightRatio()
			alone := math.Abs(math.Log(tb.Weight / (r * ns.Weight)))
			both := math.Abs(math.Log(tb.Weight / (r * (ns.Weight + b.Weight))))
			if (both < alone && both < math.Log(1.5) || c.carries(b, ns, tb)) && len(difference(b.Numbers, tb.Numbers)) == 0 {
				if out == nil {
					out = map[int][]*outline.Block{}
				}
				out[m] = append(out[m], b)
				out[k] = []*outline.Block{}
				break
			}
		}
	}
	return out
}

// hasCaption reports whether a table block has a caption: text on a line above its rows.
func hasCaption(b *outline.Block) bool {
	return b.Table != nil && len(b.Table.Rows) > 0 && len(b.Segments) > 0 && b.Segments[0].Line < b.Table.Rows[0].Line
}

// carries reports whether translation tb of source block ns also holds what a translator
// keeps of source block b, missing next to ns: b has links or inline code, and tb has
// each of them more times than ns does. Lengths tell a merge of paragraphs that the
// translation shortened ("See [Distributed tracing][dt]." joined to the one before it)
// less well than these.
func (c *checker) carries(b, ns, tb *outline.Block) bool {
	kept := func(src []byte, x *outline.Block) []string {
		out := append([]string(nil), x.Anchors.Links...)
		if src != nil {
			out = append(out, codeSpans(src, x)...)
		}
		return out
	}
	want := kept(c.srcText, b)
	if len(want) == 0 {
		return false
	}
	have := without(kept(c.tgtText, tb), kept(c.srcText, ns))
	return len(without(want, have)) == 0
}

// weightRatio is how much longer the page's translated paragraphs are than their sources,
// all together (outline.Weight); 1 when none is paired.
func (c *checker) weightRatio() float64 {
	if c.ratio > 0 {
		return c.ratio
	}
	var src, tgt float64
	for _, sp := range c.a.Sections {
		if sp.Source < 0 || sp.Target < 0 {
			continue
		}
		s, t := c.srcSec(sp.Source), c.tgtSec(sp.Target)
		for _, bp := range sp.Blocks {
			if bp.Source >= 0 && bp.Target >= 0 && s.Blocks[bp.Source].Kind == outline.ParagraphBlock {
				src += s.Blocks[bp.Source].Weight
				tgt += t.Blocks[bp.Target].Weight
			}
		}
	}
	c.ratio = 1
	if src > 0 && tgt > 0 {
		c.ratio = tgt / src
	}
	return c.ratio
}

// mergedPair checks a translated block against the source blocks it translates together.
func (c *checker) mergedPair(sec *outline.Section, srcs []*outline.Block, t *outline.Block) {
	var nums []outline.Number
	var segs []outline.Segment
	var texts []string
	byRune := true
	for _, s := range srcs {
		nums = append(nums, s.Numbers...)
		segs = append(segs, s.Segments...)
		texts = append(texts, s.Text())
		byRune = byRune && s.ByRune
	}
	c.numbers(sec, nums, t.Numbers, firstSegmentLine(srcs[0]), firstSegmentLine(t), strings.Join(texts, " "), t.Text(), nil)
	c.untranslated(sec, segs, t.Segments, byRune, t.ByRune)
}

// excerpt shortens a text for a message.
func excerpt(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return fmt.Sprintf("%q", string(r[:60])+"…")
	}
	return fmt.Sprintf("%q", s)
}
