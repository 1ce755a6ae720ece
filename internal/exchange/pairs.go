package exchange

import (
	"docsite/internal/align"
	"docsite/internal/outline"
)

// State is where a unit's translation stands.
type State int

const (
	Untranslated State = iota
	Fuzzy              // a suggestion: the aligner is unsure, or the source changed since
	Translated
)

func (s State) String() string { return [...]string{"untranslated", "fuzzy", "translated"}[s] }

// Entry is one source unit and what the translation has of it.
type Entry struct {
	Unit   Unit  // the source's
	Target *Unit // the translation's unit paired with it; nil when none
	State  State
	// Previous is, for a unit whose source changed since the translation was made, the
	// source's text then.
	Previous string
	Section  string // the title of the unit's section, for notes
}

// Translation is the translation's text of the entry: the paired unit's, or "".
func (e *Entry) Translation() string {
	if e.Target == nil {
		return ""
	}
	return e.Target.Text
}

// Unsure is the confidence under which a pair of blocks is a suggestion, not a translation.
const Unsure = 0.3

// Pairing is a page's source units paired with a translation's.
type Pairing struct {
	Entries []Entry
	// Extra are the translation's units with no source unit: text only the translation
	// has, which import keeps.
	Extra []Unit
	// ByID finds an entry by its unit's ID.
	ByID map[string]*Entry
	// The source's outline, and the alignment's pairs by their source side.
	src    *outline.Page
	secs   map[int]pairTo
	blocks map[[2]int]pairTo
}

// Pair cuts source and translation (nil when the page has none) into units and pairs them
// through their alignment.
func Pair(src, tgt *Page) *Pairing {
	su := Segment(src)
	AssignIDs(su, src.Outline)
	p := &Pairing{ByID: map[string]*Entry{}, src: src.Outline}
	var tu []Unit
	byKey := map[Key]int{}
	claimed := map[int]bool{}
	var a *align.Page
	if tgt != nil {
		tu = Segment(tgt)
		for i, u := range tu {
			byKey[u.Key] = i
		}
		a = align.Align(src.Outline, tgt.Outline)
	}
	secPairs, blockPairs, rowPairs := pairIndex(a)
	p.secs, p.blocks = secPairs, blockPairs
	counts := func(units []Unit) map[[2]int]int {
		c := map[[2]int]int{}
		for _, u := range units {
			if u.Key.Section >= 0 && u.Key.Block >= 0 {
				c[[2]int{u.Key.Section, u.Key.Block}]++
			}
		}
		return c
	}
	sCount, tCount := counts(su), counts(tu)
	for _, u := range su {
		e := Entry{Unit: u}
		if u.Key.Section >= 0 {
			e.Section = src.Outline.Sections[u.Key.Section].Title
		}
		k, conf, ok := targetKey(u.Key, secPairs, blockPairs, rowPairs)
		if ok && tgt != nil {
			if i, found := byKey[k]; found && !claimed[i] {
				claimed[i] = true
				e.Target = &tu[i]
				e.State = Translated
				sb, tb := [2]int{u.Key.Section, u.Key.Block}, [2]int{k.Section, k.Block}
				if conf < Unsure || u.Key.Block >= 0 && sCount[sb] != tCount[tb] && !isTable(src.Outline, u.Key) {
					e.State = Fuzzy
				}
			}
		}
		p.Entries = append(p.Entries, e)
	}
	for i := range p.Entries {
		p.ByID[p.Entries[i].Unit.ID] = &p.Entries[i]
	}
	for i, u := range tu {
		if !claimed[i] {
			p.Extra = append(p.Extra, u)
		}
	}
	return p
}

func isTable(o *outline.Page, k Key) bool {
	return k.Section >= 0 && k.Block >= 0 && o.Sections[k.Section].Blocks[k.Block].Kind == outline.TableBlock
}

type pairTo struct {
	to    int
	conf  float64
	table bool // a pair of tables: its cells pair by row
}

// pairIndex indexes an alignment's pairs by their source side.
func pairIndex(a *align.Page) (secs map[int]pairTo, blocks map[[2]int]pairTo, rows map[[3]int]int) {
	secs, blocks, rows = map[int]pairTo{}, map[[2]int]pairTo{}, map[[3]int]int{}
	if a == nil {
		return
	}
	for _, sp := range a.Sections {
		if sp.Source < 0 || sp.Target < 0 {
			continue
		}
		secs[sp.Source] = pairTo{sp.Target, sp.Confidence, false}
		for _, bp := range sp.Blocks {
			if bp.Source < 0 || bp.Target < 0 {
				continue
			}
			blocks[[2]int{sp.Source, bp.Source}] = pairTo{bp.Target, bp.Confidence, len(bp.Rows) > 0}
			for _, rp := range bp.Rows {
				if rp.Source >= 0 && rp.Target >= 0 {
					rows[[3]int{sp.Source, bp.Source, rp.Source}] = rp.Target
				}
			}
		}
	}
	return
}

// targetKey is where the unit at source key k is in the translation.
func targetKey(k Key, secs map[int]pairTo, blocks map[[2]int]pairTo, rows map[[3]int]int) (Key, float64, bool) {
	if k.Section < 0 {
		return k, 1, true // front matter and footnotes pair by name
	}
	sp, ok := secs[k.Section]
	if !ok {
		return k, 0, false
	}
	t := k
	t.Section = sp.to
	if k.Block < 0 {
		return t, sp.conf, true
	}
	bp, ok := blocks[[2]int{k.Section, k.Block}]
	if !ok {
		return k, 0, false
	}
	t.Block = bp.to
	if bp.table {
		r, ok := rows[[3]int{k.Section, k.Block, k.Row}]
		if !ok {
			return k, 0, false
		}
		t.Row = r
	}
	return t, bp.conf, true
}

// MarkStale compares the source with old, the source as it was when the translation was
// made, unit by unit (through their alignment): a translated unit whose source text
// changed since becomes Fuzzy with that text as Previous, and a unit new since then is
// Untranslated even where the aligner found it a counterpart. It returns how many units
// it changed.
func (p *Pairing) MarkStale(src, old *Page) int {
	was := Pair(src, old)
	n := 0
	for i := range p.Entries {
		e := &p.Entries[i]
		w := was.ByID[e.Unit.ID]
		switch {
		case w == nil || e.State == Untranslated:
		case w.Target == nil:
			if e.Target != nil {
				p.Extra = append(p.Extra, *e.Target)
			}
			e.State, e.Target = Untranslated, nil
			n++
		case !sameText(w.Target.Text, e.Unit.Text):
			e.State, e.Previous = Fuzzy, w.Target.Text
			n++
		}
	}
	return n
}
