package corpus

import (
	"fmt"
	"math/rand/v2"
	"path"
	"strconv"
)

// page is one page's language-independent structure; every language renders it,
// so the three files of a page are parallel except where divergences say otherwise.
type page struct {
	index    int
	dir      string
	slug     string
	topic    int
	fact     fact
	sections []section
	damage   damage
	diverge  []divergence
}

type section struct {
	heading int
	level   int
	blocks  []block
}

type blockKind int

const (
	paragraph  blockKind = iota
	bulletList           // a list of sentences
	specTable            // GFM pipe table
	looseTable           // pipe table without its delimiter row
	comparison           // damaged raw HTML comparison table
	image
	codeBlock
)

type block struct {
	kind      blockKind
	sentences []sentence   // paragraph and list items
	rows      []fact       // pipe tables
	compare   []compareRow // comparison table
	picture   string       // image target
	wrap      int          // soft line break width in runes; 0 keeps the paragraph on one line
}

// sentence is a template from the vocabulary filled with one fact.
type sentence struct {
	tmpl int
	fact fact
	link string // target of {link}: a relative .md path or an external URL
}

// fact is the set of numbers and names a sentence or a table row talks about.
type fact struct {
	gpu    string
	code   string
	count  int
	mem    int
	cores  int
	tenths int // single-precision TFLOPS × 10
	cents  int // hourly price in US cents
}

func (f fact) tflopsText() string { return strconv.FormatFloat(float64(f.tenths)/10, 'f', 1, 64) }
func (f fact) priceText() string  { return strconv.FormatFloat(float64(f.cents)/100, 'f', 2, 64) }

type compareRow struct {
	feature     int
	cloud, self []sentence
}

// damage says how the comparison table of a page is broken, per language where the
// seed pages differ between languages.
type damage struct {
	oneLine     [3]bool   // the table on one line, followed by markdown with no blank line
	hiTag       [3]string // tag opening the highlighted cells; they are always closed by </td>
	unclosedLi  bool      // one <li> is never closed
	blankInCell bool      // a blank line inside a cell ends the raw HTML block early
}

type divergenceKind int

const (
	missingBlock  divergenceKind = iota // the language leaves out a paragraph
	changedNumber                       // the language prints another price in a spec table
)

// divergence is a deliberate difference of one language from the others.
type divergence struct {
	lang    int
	kind    divergenceKind
	section int
	block   int
}

// newPage builds page i of a corpus of n pages per language. It depends only on
// (seed, i, n), so pages can be generated in any order and in parallel.
func newPage(seed uint64, i, n int) *page {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	p := &page{
		index: i,
		dir:   pageDir(seed, i),
		slug:  pageSlug(i),
		topic: r.IntN(len(topics)),
	}
	p.fact = newFact(r)
	p.sections = newSections(r, seed, p, n)
	p.damage = newDamage(r)
	p.diverge = newDivergences(r, p.sections)
	return p
}

func pageDir(seed uint64, i int) string {
	r := rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, uint64(i)))
	return dirs[r.IntN(len(dirs))]
}

func pageSlug(i int) string { return fmt.Sprintf("page-%05d", i) }

// relPath is the path of page i's file relative to its language's content folder.
func relPath(seed uint64, i int) string {
	return path.Join(pageDir(seed, i), pageSlug(i)+".md")
}

func newFact(r *rand.Rand) fact {
	count := []int{1, 2, 4, 8}[r.IntN(4)]
	return fact{
		gpu:    gpus[r.IntN(len(gpus))],
		code:   instanceFamilies[r.IntN(len(instanceFamilies))] + "." + instanceSizes[r.IntN(len(instanceSizes))],
		count:  count,
		mem:    []int{16, 24, 32, 40, 48, 80}[r.IntN(6)],
		cores:  count * []int{4, 8, 10, 12, 14}[r.IntN(5)],
		tenths: 50 + r.IntN(1500),
		cents:  count * (60 + r.IntN(400)),
	}
}

func newSections(r *rand.Rand, seed uint64, p *page, n int) []section {
	ss := make([]section, 3+r.IntN(4))
	heads := r.Perm(len(headings))
	level := 2
	for k := range ss {
		if k > 0 {
			level = nextLevel(r, level)
		}
		ss[k] = section{heading: heads[k], level: level}
		for range 1 + r.IntN(2) {
			ss[k].blocks = append(ss[k].blocks, newParagraph(r, seed, p, n))
		}
	}
	for _, kind := range []blockKind{specTable, looseTable, comparison, bulletList, image, codeBlock} {
		if kind == codeBlock && r.IntN(2) == 0 {
			continue
		}
		k := r.IntN(len(ss))
		ss[k].blocks = append(ss[k].blocks, newBlock(r, seed, p, n, kind))
	}
	return ss
}

// nextLevel nests headings at most one level deeper than the previous one.
func nextLevel(r *rand.Rand, prev int) int {
	switch {
	case prev < 4 && r.IntN(3) == 0:
		return prev + 1
	case prev > 2 && r.IntN(2) == 0:
		return prev - 1
	default:
		return prev
	}
}

func newBlock(r *rand.Rand, seed uint64, p *page, n int, kind blockKind) block {
	switch kind {
	case specTable, looseTable:
		return block{kind: kind, rows: newRows(r, p.fact.gpu)}
	case comparison:
		return block{kind: kind, compare: newCompareRows(r, p), picture: newPicture(r)}
	case bulletList:
		b := newParagraph(r, seed, p, n)
		b.kind, b.wrap = bulletList, 0
		return b
	case image:
		return block{kind: kind, picture: newPicture(r)}
	default:
		return block{kind: kind}
	}
}

func newParagraph(r *rand.Rand, seed uint64, p *page, n int) block {
	b := block{kind: paragraph}
	if r.IntN(2) == 0 {
		b.wrap = 40 + r.IntN(50)
	}
	for range 2 + r.IntN(4) {
		b.sentences = append(b.sentences, newSentence(r, seed, p, n))
	}
	return b
}

func newSentence(r *rand.Rand, seed uint64, p *page, n int) sentence {
	f := p.fact
	if r.IntN(3) == 0 {
		f = newFact(r)
	}
	s := sentence{tmpl: r.IntN(len(sentences)), fact: f}
	if r.IntN(2) == 0 && n > 1 {
		s.link = linkTo(seed, p.index, (p.index+1+r.IntN(n-1))%n)
	} else {
		s.link = "https://cloud.example.com/product/" + f.code
	}
	return s
}

// linkTo is the relative path from page from's file to page to's file.
func linkTo(seed uint64, from, to int) string {
	return relFrom(pageDir(seed, from), relPath(seed, to))
}

// relFrom makes target (relative to the content root) relative to folder dir.
func relFrom(dir, target string) string {
	up := ""
	for d := dir; d != "." && d != ""; d = path.Dir(d) {
		up += "../"
	}
	return up + target
}

func newRows(r *rand.Rand, gpu string) []fact {
	rows := make([]fact, 3+r.IntN(4))
	for k := range rows {
		rows[k] = newFact(r)
		rows[k].gpu = gpu
	}
	return rows
}

func newCompareRows(r *rand.Rand, p *page) []compareRow {
	rows := make([]compareRow, 3+r.IntN(3))
	first := r.IntN(len(features))
	for k := range rows {
		rows[k] = compareRow{
			feature: (first + k) % len(features),
			cloud:   newItems(r, p.fact, 2+r.IntN(2)),
			self:    newItems(r, p.fact, 1+r.IntN(3)),
		}
	}
	return rows
}

func newItems(r *rand.Rand, f fact, n int) []sentence {
	items := make([]sentence, n)
	for k := range items {
		t := r.IntN(len(sentences))
		for hasLink(t) {
			t = r.IntN(len(sentences))
		}
		items[k] = sentence{tmpl: t, fact: f}
	}
	return items
}

func newPicture(r *rand.Rand) string {
	hex := fmt.Sprintf("%016x%016x", r.Uint64(), r.Uint64())
	if r.IntN(2) == 0 {
		return "//img.example.com/static/img/" + hex + "/image.jpg"
	}
	return "img/" + hex + ".png"
}

func newDamage(r *rand.Rand) damage {
	var d damage
	for lang := range d.oneLine {
		chance := 6 // one in chance, as in the seeds where only Japanese is on one line
		if lang == 2 {
			chance = 2
		}
		d.oneLine[lang] = r.IntN(chance) == 0
		d.hiTag[lang] = []string{"th", "td"}[r.IntN(2)]
	}
	d.unclosedLi = r.IntN(2) == 0
	d.blankInCell = r.IntN(2) == 0
	return d
}

// newDivergences makes about one page in five differ in one language: a paragraph
// left out, or another price in a spec table.
func newDivergences(r *rand.Rand, ss []section) []divergence {
	roll, lang := r.IntN(10), r.IntN(3)
	d := divergence{lang: lang}
	var want blockKind
	switch roll {
	case 0:
		d.kind, want = missingBlock, paragraph
	case 1:
		d.kind, want = changedNumber, specTable
	default:
		return nil
	}
	var at [][2]int
	for k, s := range ss {
		for b, blk := range s.blocks {
			if blk.kind == want {
				at = append(at, [2]int{k, b})
			}
		}
	}
	pick := at[r.IntN(len(at))]
	d.section, d.block = pick[0], pick[1]
	return []divergence{d}
}

// diverges reports whether language lang has a divergence of kind at block (s, b).
func (p *page) diverges(lang int, kind divergenceKind, s, b int) bool {
	for _, d := range p.diverge {
		if d.lang == lang && d.kind == kind && d.section == s && d.block == b {
			return true
		}
	}
	return false
}
