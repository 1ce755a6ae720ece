package markdown

import (
	"bytes"
	"html/template"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"

	"docsite/internal/diag"
	"docsite/internal/shortcode"
)

// Shortcodes are read before goldmark parses a page, as Hugo reads them: a tag is
// recognised anywhere, in code and in raw HTML too, and its pairs nest across markdown
// blocks. Goldmark then parses a masked copy of the source (see mask), in which every tag
// keeps its length but reads as one inert word, so that every byte offset in the tree
// points into the real source as well:
//
//   - a tag that starts a line, or closes a pair that did, is a block: the shortcode block
//     parser opens a container node for a pair (children parsed as markdown for {{% %}},
//     kept as raw HTML for {{< >}}) or a leaf node for a single tag;
//   - any other tag is inline: the shortcode inline parser makes a node of it, and pairs
//     take the inline nodes between their tags as children;
//   - a tag inside a code block, a code span or raw HTML is replaced by its output when
//     that is written (expand.go); a tag that is a link's destination is resolved at
//     parse time.
//
// Calls without inner content run at parse time, so that their errors (a missing ref
// target, a figure without alt text) fail the page where the build can still fall back
// to the source page; pairs run when the page is rendered, when their inner content is.

// scDoc is what one page's parse knows about its shortcodes. The parser context carries
// it while parsing and the document's meta after that, for the renderers.
type scDoc struct {
	src     []byte    // the real source
	lines   LineIndex // of src
	lastCol position  // the last offset lineCol located: tags are located in order
	tree    *shortcode.Tree
	block   []bool               // by tag index: the tag is a block (it starts a line once masked)
	flat    []bool               // by call index: a pair nested too deep, left out (flattenDeep)
	byOff   map[int]int          // tag start offset → tag index
	ctxs    []*shortcode.Context // by call index
	out     []template.HTML      // by call index: output of calls run at parse time
	set     *shortcode.LangSet
	env     *pageEnv
	diags   diag.List
	unknown []UnknownShortcode
	// rawHTML: a call's output holds raw HTML of the site's content (an included file's)
	rawHTML bool
}

// UnknownShortcode is a use of a shortcode that has no template.
type UnknownShortcode struct {
	Name      string
	Line, Col int
}

// pageEnv is the page a parse is for, as shortcode templates see it.
type pageEnv struct {
	page     *shortcode.Page
	resolver shortcode.Resolver
}

var (
	scKey  = parser.NewContextKey()
	envKey = parser.NewContextKey()
)

const scMeta = "docsite.shortcodes"

// SetPage tells the parse which page it reads, for shortcode templates (.Page, ref).
// Call it from the setup function of Parse.
func SetPage(pc parser.Context, p *shortcode.Page, r shortcode.Resolver) {
	pc.Set(envKey, &pageEnv{page: p, resolver: r})
}

var tagStarts = [][]byte{[]byte("{{<"), []byte("{{%")}

// prepareShortcodes reads the tags of src; it returns nil when there are none.
func prepareShortcodes(src []byte, set *shortcode.LangSet, pc parser.Context) *scDoc {
	if !bytes.Contains(src, tagStarts[0]) && !bytes.Contains(src, tagStarts[1]) {
		return nil
	}
	inner := func(string) shortcode.Inner { return shortcode.InnerUnknown }
	if set != nil {
		inner = set.Inner
	}
	tree, errs := shortcode.Parse(src, inner)
	d := &scDoc{src: src, lines: NewLineIndex(src), tree: tree, set: set, byOff: make(map[int]int, len(tree.Tags))}
	if e, ok := pc.Get(envKey).(*pageEnv); ok {
		d.env = e
	} else {
		d.env = &pageEnv{}
	}
	for _, e := range errs {
		line, col := d.lineCol(e.Off)
		if e.Warning {
			d.diags = append(d.diags, diag.Warnf("", line, col, "shortcode-syntax", "%s", e.Msg))
		} else {
			d.diags = append(d.diags, diag.Errorf("", line, col, "shortcode-syntax", "%s", e.Msg))
		}
	}
	for i := range tree.Tags {
		d.byOff[tree.Tags[i].Start] = i
	}
	d.flattenDeep()
	d.classify()
	d.ctxs = make([]*shortcode.Context, len(tree.Calls))
	d.out = make([]template.HTML, len(tree.Calls))
	for _, c := range tree.Calls {
		var parent *shortcode.Context
		if c.Parent != nil {
			parent = d.ctxs[c.Parent.Index]
		}
		d.ctxs[c.Index] = shortcode.NewContext(c, d.env.page, parent, d.env.resolver)
		if c.Paired() {
			d.ctxs[c.Index].RawInner = string(src[c.Open.End:c.Close.Start])
		}
	}
	return d
}

// lineCol is the 1-based line and column (in characters) of byte offset off.
func (d *scDoc) lineCol(off int) (int, int) {
	off = min(off, len(d.src))
	line := d.lines.Line(off)
	from, col := d.lines.Start(line), 1
	if p := d.lastCol; p.line == line && p.off <= off { // counted up to there already
		from, col = p.off, p.col
	}
	col += utf8.RuneCount(d.src[from:off])
	d.lastCol = position{off, line, col}
	return line, col
}

// position is an offset and its line and column.
type position struct{ off, line, col int }

// tagAt returns the tag starting at byte offset off.
func (d *scDoc) tagAt(off int) (*shortcode.Tag, int, bool) {
	i, ok := d.byOff[off]
	if !ok {
		return nil, 0, false
	}
	return &d.tree.Tags[i], i, true
}

// call returns the call tag t belongs to.
func (d *scDoc) call(t *shortcode.Tag) *shortcode.Call { return d.tree.ByOffset[t.Start] }

// classify decides which tags are blocks. A single tag is a block when only blanks,
// quote markers and block tags stand before it on its line and only blanks and tags after
// it; an opening tag of a pair when only those stand before it, and its closing tag
// starts a line or follows a blank (which the mask turns into a line break). Each tag's
// answers build on its neighbour's, so that a line of many tags is read once, not once
// for each of them.
func (d *scDoc) classify() {
	tags := d.tree.Tags
	d.block = make([]bool, len(tags))
	before, after := make([]bool, len(tags)), d.onlyTagsAfter()
	for i := range tags {
		before[i] = d.onlyBlocksBefore(i, before)
		t := &tags[i]
		c := d.call(t)
		if t.Escaped || c == nil {
			continue
		}
		switch {
		case d.left(t):
			d.block[i] = true // blanks, once masked
		case t.Close:
			d.block[i] = d.block[d.byOff[c.Open.Start]]
		case c.Paired():
			d.block[i] = before[i] && d.splittable(c.Close)
		default:
			d.block[i] = before[i] && after[i]
		}
	}
}

// lineStart is the offset of the line of the masked source that holds offset off: tags
// span no lines once masked.
func (d *scDoc) lineStart(off int) int {
	for {
		start := d.lines.Start(d.lines.Line(off))
		if start == 0 {
			return 0
		}
		if j := d.tagCovering(start - 1); j >= 0 { // the line break is inside a tag
			off = d.tree.Tags[j].Start
			continue
		}
		return start
	}
}

// tagCovering returns the index of the tag whose bytes include off, or -1.
func (d *scDoc) tagCovering(off int) int {
	tags := d.tree.Tags
	i := sort.Search(len(tags), func(i int) bool { return tags[i].End > off })
	if i < len(tags) && tags[i].Start <= off {
		return i
	}
	return -1
}

// onlyBlocksBefore reports whether only blanks, quote markers and block tags stand
// before tag i on its line, before telling it for the tags before i: it reads back to
// the tag before i at most.
func (d *scDoc) onlyBlocksBefore(i int, before []bool) bool {
	tags := d.tree.Tags
	start := d.lineStart(tags[i].Start)
	for off := tags[i].Start; off > start; off-- {
		if k := i - 1; k >= 0 && tags[k].End == off {
			return d.block[k] && before[k]
		}
		if c := d.src[off-1]; c != ' ' && c != '\t' && c != '>' {
			return false
		}
	}
	return true
}

// onlyTagsAfter tells, by tag index, whether only blanks and tags (not escaped ones)
// follow a tag on its line: from the last tag back, each reading forward to the next
// tag at most.
func (d *scDoc) onlyTagsAfter() []bool {
	tags := d.tree.Tags
	after := make([]bool, len(tags))
	for i := len(tags) - 1; i >= 0; i-- {
		after[i] = d.tagsAfter(i, after)
	}
	return after
}

func (d *scDoc) tagsAfter(i int, after []bool) bool {
	tags := d.tree.Tags
	for off := tags[i].End; off < len(d.src); off++ {
		if j := i + 1; j < len(tags) && tags[j].Start == off {
			return !tags[j].Escaped && after[j]
		}
		switch d.src[off] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

// splittable reports whether tag t starts a line, or can be made to by turning the blank
// before it into a line break.
func (d *scDoc) splittable(t *shortcode.Tag) bool {
	if t.Start == 0 {
		return true
	}
	c := d.src[t.Start-1]
	return c == ' ' || c == '\t' || c == '\n' || d.lineStart(t.Start) == t.Start
}

// mask returns the copy of the source goldmark parses: every tag becomes "{" + its
// index in base 36 + "Q"s + "}" of the same length (inert in markdown, in a link
// destination and in an HTML attribute alike), and the blank before a block tag that
// does not start its line becomes a line break. A tag with only blanks before it on its
// line keeps them: its indentation puts it in a list item, as its author meant.
func (d *scDoc) mask() []byte {
	m := bytes.Clone(d.src)
	for i := range d.tree.Tags {
		t := &d.tree.Tags[i]
		if d.left(t) {
			blank(m[t.Start:t.End])
			continue
		}
		tok := maskToken(i, t.End-t.Start)
		copy(m[t.Start:t.End], tok)
		if d.block[i] && t.Start > 0 && !onlyBlanks(m[d.lineStart(t.Start):t.Start]) {
			if c := m[t.Start-1]; c == ' ' || c == '\t' {
				m[t.Start-1] = '\n'
			}
		}
	}
	return m
}

// onlyBlanks reports whether b is only spaces and tabs.
func onlyBlanks(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// blank turns every byte of b but line breaks into a space.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}

func maskToken(i, n int) []byte {
	b := make([]byte, 0, n)
	b = append(b, '{')
	b = strconv.AppendInt(b, int64(i), 36)
	for len(b) < n-1 {
		b = append(b, 'Q')
	}
	return append(b[:n-1], '}')
}

// docState returns the shortcodes of the document n belongs to, nil when it has none.
func docState(n ast.Node) *scDoc {
	doc := n.OwnerDocument()
	if doc == nil {
		return nil
	}
	d, _ := doc.Meta()[scMeta].(*scDoc)
	return d
}

// maxPairDepth is how deep shortcode pairs nest at most. Goldmark asks every open block
// whether it continues, on every line, and keeps what it answers until the next blank
// line, and every pair renders its inner content and hands the template a copy: a page's
// cost grew with its size times the depth of its pairs (6,000 details nested in 270 KB
// took 2.4 GB). Tabs in tabs nest two or three deep.
const maxPairDepth = 32

// flattenDeep leaves out the pairs nested more than maxPairDepth deep: their tags are
// blanked in the masked source and skipped where tags are expanded, so that their inner
// content is part of the pair around them; one warning names the first.
func (d *scDoc) flattenDeep() {
	calls := d.tree.Calls
	depth := make([]int, len(calls))
	var first *shortcode.Tag
	for _, c := range calls { // a parent comes before its children
		if c.Parent != nil {
			depth[c.Index] = depth[c.Parent.Index]
		}
		if !c.Paired() || c.Open.Escaped {
			continue
		}
		if depth[c.Index]++; depth[c.Index] > maxPairDepth {
			if d.flat == nil {
				d.flat, first = make([]bool, len(calls)), c.Open
			}
			d.flat[c.Index] = true
		}
	}
	if first != nil {
		line, col := d.lineCol(first.Start)
		d.diags = append(d.diags, diag.Warnf("", line, col, "deep-nesting",
			"shortcode pairs nested more than %d deep, here and below: the deeper pairs' tags are left out, their inner content kept (nesting flattened, text kept)", maxPairDepth))
	}
}

// left reports whether tag t belongs to a pair flattenDeep left out.
func (d *scDoc) left(t *shortcode.Tag) bool {
	if d.flat == nil {
		return false
	}
	c := d.call(t)
	return c != nil && d.flat[c.Index]
}
