package exchange

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/diag"
)

// Incoming is a unit's translation as an exchange file brings it back.
type Incoming struct {
	ID    string
	Text  string // markdown, rebuilt from docsite's own codes for XLIFF
	Fuzzy bool   // the translator did not confirm it
	File  string // the exchange file, for diagnostics
	Line  int
	// Pieces are an XLIFF target's text and codes, which Apply writes as markdown with
	// docsite's own codes (Text is then empty).
	Pieces []Piece
	// Err is set when the file's unit cannot be read back (a code the export did not
	// write, a pair broken): the unit is rejected with it.
	Err string
}

// Result is what Apply made of a page.
type Result struct {
	Data []byte // the translation's file; nil when there is none to write
	// Imported units changed or confirmed the page; Kept left it as it was (fuzzy, empty,
	// or a unit with nowhere to go yet); Rejected failed the check.
	Imported, Kept, Rejected int
	Diags                    diag.List
	// Done is set when no unit of the page is left fuzzy or untranslated; Touched when the
	// import changed a unit's text or confirmed one that was not translated. A page both
	// Done and Touched may record the source revision it now matches; an untouched export
	// changes nothing.
	Done, Touched bool
}

// Apply writes the translations into the page's translation (tgt, nil when the language
// has none yet), rebuilt from its skeleton: only unit text changes, and a unit whose
// translation was not confirmed or fails the check keeps the page's text. A source block
// or section the translation lacks is added, from the source's skeleton, once every unit
// of it is translated; a page the language lacks is made once every unit is (and there is
// one at least: a page with nothing to translate is not copied).
func Apply(p *Pairing, src, tgt *Page, in []Incoming) *Result {
	r := &Result{Done: true}
	got := map[string]*Incoming{}
	for i := range in {
		x := &in[i]
		e := p.ByID[x.ID]
		if e == nil {
			r.Rejected++
			r.Diags = append(r.Diags, diag.Warnf(x.File, x.Line, 0, "exchange-unknown",
				"unit %s is not a unit of %s: the page changed since the export, or the ID was edited; its translation is not imported", x.ID, src.File))
			continue
		}
		if x.Pieces != nil && x.Err == "" {
			tr := ""
			if e.State != Untranslated {
				tr = e.Translation()
			}
			text, err := number(e.Unit.Text, tr).resolve(x.Pieces)
			if err != nil {
				x.Err = err.Error()
			}
			x.Text = text
		}
		if x.Fuzzy || x.Err == "" && x.Text == "" {
			r.Kept++
			continue
		}
		if x.Err == "" && e.Target != nil && sameText(e.Target.Text, x.Text) {
			// what the page says already: nothing to check, nothing to write
			if e.State == Translated {
				r.Kept++
			} else {
				r.Imported++
				r.Touched = true // a suggestion confirmed
			}
			got[x.ID] = x
			continue
		}
		into := tgt
		if e.Target == nil || tgt == nil {
			into = src // a block added from the source brings its definitions along
		}
		if x.Err == "" {
			x.Text = relabel(x.Text, e.Unit.Text, src.reference, into.reference)
		}
		if why := x.Err; why != "" || !sameGuards(e.Unit.Text, x.Text, src.reference, into.reference, &why) {
			r.Rejected++
			at := ""
			if e.Target != nil {
				at = fmt.Sprintf(" (%s:%d)", tgt.File, e.Target.Line)
			}
			r.Diags = append(r.Diags, diag.Warnf(x.File, x.Line, 0, "exchange-rejected",
				"unit %s of %s:%d%s: %s; the page keeps its text", x.ID, src.File, e.Unit.Line, at, why))
			continue
		}
		got[x.ID] = x
	}
	final := func(e *Entry) bool { return got[e.Unit.ID] != nil || e.State == Translated }
	for i := range p.Entries {
		if !final(&p.Entries[i]) {
			r.Done = false
		}
	}
	if tgt == nil {
		if !r.Done || len(got) == 0 {
			r.Kept += len(got)
			return r
		}
		r.Data = Rebuild(src.Raw, p.fills(p.Entries, got, false))
		r.Imported, r.Touched = len(got), true
		return r
	}
	fills := p.fills(p.Entries, got, true)
	ins, placed, diags := p.insertions(src, tgt, got)
	fills = append(fills, ins...)
	r.Diags = append(r.Diags, diags...)
	for _, e := range p.Entries {
		x := got[e.Unit.ID]
		if x == nil || e.Target != nil && sameText(e.Target.Text, x.Text) {
			continue // none, or counted above
		}
		if e.Target != nil || placed[e.Unit.ID] {
			r.Imported++
			r.Touched = true
		} else {
			r.Kept++
			r.Done = false
		}
	}
	for _, u := range p.Extra {
		r.Diags = append(r.Diags, diag.Warnf(tgt.File, u.Line, 0, "exchange-kept",
			"%s only the translation has (no source unit pairs with it) is kept: %q", u.What, short(u.Text)))
	}
	r.Data = Rebuild(tgt.Raw, fills)
	return r
}

// fills are the holes of the translation (inTarget) or of the source that the accepted
// translations go into.
func (p *Pairing) fills(entries []Entry, got map[string]*Incoming, inTarget bool) []Fill {
	var out []Fill
	for _, e := range entries {
		x := got[e.Unit.ID]
		switch {
		case x == nil:
		case !inTarget:
			out = append(out, Fill{Hole: e.Unit.Hole, Old: e.Unit.Text, New: p.anchored(&e, x.Text)})
		case e.Target != nil:
			out = append(out, Fill{Hole: e.Target.Hole, Old: e.Target.Text, New: x.Text})
		}
	}
	return out
}

// insertions are the source blocks and sections the translation lacks, each made from the
// source's bytes with every unit translated, and where they go in the translation; placed
// lists the units they hold. A block or section with a unit left untranslated is not
// added: the site shows no English in a translation. A translated unit that cannot be
// placed (its block is in the translation with fewer parts, or the place found for it is
// not between two blocks) is reported and left out.
func (p *Pairing) insertions(src, tgt *Page, got map[string]*Incoming) ([]Fill, map[string]bool, diag.List) {
	placed := map[string]bool{}
	var out []Fill
	var diags diag.List
	type piece struct{ sec, blk int }
	var order []piece
	units := map[piece][]*Entry{}
	for i := range p.Entries {
		e := &p.Entries[i]
		k := e.Unit.Key
		if e.Target != nil || k.Section < 0 {
			continue
		}
		pc := piece{k.Section, k.Block}
		if _, ok := p.secs[k.Section]; !ok {
			pc.blk = -1 // the whole section is missing
		}
		if units[pc] == nil {
			order = append(order, pc)
		}
		units[pc] = append(units[pc], e)
	}
	noPlace := func(es []*Entry, why string) {
		for _, e := range es {
			if x := got[e.Unit.ID]; x != nil {
				diags = append(diags, diag.Warnf(x.File, x.Line, 0, "exchange-kept",
					"unit %s is translated but has no place in %s: %s; add it there by hand", e.Unit.ID, tgt.File, why))
			}
		}
	}
	for _, pc := range order {
		es := units[pc]
		if _, paired := p.blocks[[2]int{pc.sec, pc.blk}]; paired {
			noPlace(es, "its block is translated there with fewer parts")
			continue
		}
		if _, paired := p.secs[pc.sec]; paired && pc.blk < 0 {
			noPlace(es, "its section's heading is not translated there")
			continue
		}
		if slices.ContainsFunc(es, func(e *Entry) bool { return got[e.Unit.ID] == nil }) {
			continue // not every unit is translated: the block stays out
		}
		text, ok := p.sourcePiece(src, pc.sec, pc.blk, es, got)
		at := p.insertAt(src, tgt, pc.sec, pc.blk)
		if !ok || !betweenBlocks(tgt, at) {
			noPlace(es, "the place of its block could not be told for sure")
			continue
		}
		out = append(out, Fill{Hole: Hole{Start: at, End: at, Raw: true}, New: "\n" + string(text) + "\n"})
		for _, e := range es {
			placed[e.Unit.ID] = true
		}
	}
	return out, placed, diags
}

// anchored is the translation of a heading the import writes from the source's skeleton
// (a page or a section the translation lacks) with its section's anchor, {#id}, unless
// the source gives one: the translation's anchors are then the source's, whatever the
// alignment of its new heading makes of them.
func (p *Pairing) anchored(e *Entry, text string) string {
	k := e.Unit.Key
	if k.Section < 0 || k.Block >= 0 || k.Field != "" || k.Footnote != "" || p.src == nil {
		return text
	}
	sec := p.src.Sections[k.Section]
	if sec.Explicit != "" || sec.ID == "" || sec.Level == 0 {
		return text
	}
	return text + " {#" + sec.ID + "}"
}

// sourcePiece is the source's block (blk -1: its section) with its units translated; false
// when its lines do not hold exactly the units es.
func (p *Pairing) sourcePiece(src *Page, sec, blk int, es []*Entry, got map[string]*Incoming) ([]byte, bool) {
	s := src.Outline.Sections[sec]
	first, last := s.Line, s.EndLine
	if blk >= 0 {
		b := s.Blocks[blk]
		first, last = b.Line, b.EndLine
	}
	lines := fileLines(src.Raw, first, last)
	if len(lines) == 0 {
		return nil, false
	}
	start, end := lines[0][0], lines[len(lines)-1][1]
	mine := map[string]bool{}
	var fills []Fill
	for _, e := range es {
		h := e.Unit.Hole
		if h.Start < start || h.End > end {
			return nil, false
		}
		mine[e.Unit.ID] = true
		h.Start, h.End = h.Start-start, h.End-start
		fills = append(fills, Fill{Hole: h, Old: e.Unit.Text, New: p.anchored(e, got[e.Unit.ID].Text)})
	}
	for _, e := range p.Entries {
		if h := e.Unit.Hole; !mine[e.Unit.ID] && h.End > start && h.Start < end {
			return nil, false // another unit's text is in these lines
		}
	}
	return Rebuild(src.Raw[start:end], fills), true
}

// betweenBlocks reports whether offset at of the translation is a place for a new block:
// the start of a blank line (or the end of the file), outside any code block.
func betweenBlocks(tgt *Page, at int) bool {
	if at > len(tgt.Raw) || at > 0 && tgt.Raw[at-1] != '\n' {
		return false
	}
	if at < len(tgt.Raw) {
		end := bytes.IndexByte(tgt.Raw[at:], '\n')
		if end < 0 {
			end = len(tgt.Raw) - at
		}
		if len(bytes.TrimSpace(tgt.Raw[at:at+end])) != 0 {
			return false
		}
	}
	inCode := false
	ast.Walk(tgt.Doc.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			if entering && n.Lines().Len() > 0 {
				first, last := n.Lines().At(0), n.Lines().At(n.Lines().Len()-1)
				if at > first.Start && at <= last.Stop {
					inCode = true
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return !inCode
}

// insertAt is the offset in the translation after which source block blk of section sec
// goes (blk -1: the whole section): after the translation of the block, or section, before
// it.
func (p *Pairing) insertAt(src, tgt *Page, sec, blk int) int {
	for b := blk - 1; blk >= 0 && b >= 0; b-- {
		if bp, ok := p.blocks[[2]int{sec, b}]; ok {
			t := p.secs[sec].to
			return afterLine(tgt.Raw, tgt.Outline.Sections[t].Blocks[bp.to].EndLine)
		}
	}
	if blk >= 0 {
		t := tgt.Outline.Sections[p.secs[sec].to]
		if t.Level == 0 && len(t.Blocks) > 0 {
			return lineStart(tgt.Raw, t.Blocks[0].Line) // before the intro's first block
		}
		return afterLine(tgt.Raw, t.Line)
	}
	for s := sec - 1; s >= 0; s-- {
		if sp, ok := p.secs[s]; ok {
			t := tgt.Outline.Sections[sp.to]
			return afterLine(tgt.Raw, t.EndLine)
		}
	}
	if len(tgt.Outline.Sections) > 0 {
		return lineStart(tgt.Raw, tgt.Outline.Sections[0].Line)
	}
	return len(tgt.Raw)
}

// afterLine is the offset just after line (1-based) and its line break.
func afterLine(src []byte, line int) int {
	ls := fileLines(src, line, line)
	if len(ls) == 0 {
		return len(src)
	}
	at := ls[0][1]
	if at < len(src) && src[at] == '\r' {
		at++
	}
	if at < len(src) && src[at] == '\n' {
		at++
	}
	return at
}

// lineStart is the offset where line (1-based) starts.
func lineStart(src []byte, line int) int {
	ls := fileLines(src, line, line)
	if len(ls) == 0 {
		return len(src)
	}
	return ls[0][0]
}

// sameGuards reports whether a translation keeps its source's protected markup (link
// destinations, code spans, shortcodes, HTML tags, footnote references, inline ids), in
// any order; why says what differs when it does not. A reference link counts by the
// destination its label has in its page (srcRef for the source, tgtRef for the page the
// translation goes into), so a translation may rename the label its page defines.
func sameGuards(source, translation string, srcRef, tgtRef func(string) (string, bool), why *string) bool {
	want := resolveRefs(append(Guards(Tokenize(source)), shortcutGuards(source, srcRef)...), srcRef)
	have := resolveRefs(append(Guards(Tokenize(translation)), shortcutGuards(translation, tgtRef)...), tgtRef)
	if slices.Equal(want, have) {
		return true
	}
	missing, added := difference(want, have), difference(have, want)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "lost "+strings.Join(quoteAll(missing), ", "))
	}
	if len(added) > 0 {
		parts = append(parts, "added "+strings.Join(quoteAll(added), ", "))
	}
	*why = "the translation changed its protected markup: " + strings.Join(parts, "; ")
	return false
}

// difference is a minus b, counting repeats (both sorted).
func difference(a, b []string) []string {
	var out []string
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i < len(b) && b[i] == x {
			i++
			continue
		}
		out = append(out, x)
	}
	return out
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}

// short is s cut to 60 characters for a message.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// resolveRefs writes each reference guard ("ref label") as the link it stands for, when
// the page defines the label, and sorts the guards again.
func resolveRefs(guards []string, ref func(string) (string, bool)) []string {
	for i, g := range guards {
		if label, ok := strings.CutPrefix(g, "ref "); ok {
			if dest, ok := ref(label); ok {
				guards[i] = "link " + dest
			}
		}
	}
	slices.Sort(guards)
	return guards
}
