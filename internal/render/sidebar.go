package render

import (
	"html/template"
	"strings"
	"sync"

	"docsite/internal/nav"
	"docsite/internal/route"
)

// Sidebar is the page's branch of the section tree as nested lists (what
// .Navigation.Sidebar holds, written out): the top level, and each section on the way to
// the page open with all its entries (a glossary of 200 pages keeps its alphabet). Every
// other section with entries of its own is folded: a link to its section page, which
// lists them (so the sidebar works without JavaScript). Each section with entries has
// its site path in data-path: site.js gives it a button that folds it, or unfolds it in
// place from the language's tree file (navtree.go), and keeps the reader's choices by
// that path from page to page. The buttons are the script's, as they do nothing
// without it; the style sheet keeps their place, so they move nothing when they come.
// The current page is marked with aria-current, pages shown in another language as not
// translated, drafts as drafts. A list of more than sidebarWhole entries shows the
// sidebarChunk of them that holds the way to the page, and a link to the section's page.
//
// It is written in Go rather than by a recursive template, and once for all the pages of
// a section that have no children of their own: their sidebars differ only in which
// entry is current (their links, one folder below the section, are the same), so each
// gets the shared list with its own entry marked. On a site of thousands of pages that is
// the difference between a few and a few hundred milliseconds. A theme that wants other
// markup ranges over .Navigation.Sidebar itself.
func (p *Page) Sidebar() template.HTML {
	if p.sidebar == nil {
		s := p.makeSidebar()
		p.sidebar = &s
	}
	return *p.sidebar
}

func (p *Page) makeSidebar() template.HTML {
	cur := p.Navigation.Node()
	if cur == nil || !p.Navigation.InTree() {
		return ""
	}
	if len(cur.Children) > 0 || cur.Parent == nil {
		var b strings.Builder
		path := cur.OnPath()
		p.sidebars.write(&b, p.tree.Top(), cur.URL, path, path, cur, nil)
		return template.HTML(b.String())
	}
	s := p.sidebars.shared(p.tree, cur.Parent, chunkOf(cur))
	at, ok := s.at[cur]
	if !ok {
		return template.HTML(s.html)
	}
	return template.HTML(s.html[:at] + ` aria-current="page"` + s.html[at:])
}

// outsideSidebar gives a page outside the section tree (a catalog page) the sidebar of
// the tree's top level, no entry current and no section open, so that it has a way back
// into the docs like every other page.
func (p *Page) outsideSidebar() {
	if p.tree == nil || p.sidebars == nil || len(p.tree.Top()) == 0 || p.Navigation.Node() != nil {
		return
	}
	var b strings.Builder
	none := map[*nav.Node]bool{}
	p.sidebars.write(&b, p.tree.Top(), p.URL, none, none, nil, nil)
	s := template.HTML(b.String())
	p.sidebar, p.InTree = &s, true
}

// sidebars writes sidebars and keeps the ones shared by the pages of a section.
type sidebars struct {
	marks  sidebarMarks
	mu     sync.Mutex
	byNode map[chunkKey]*sharedSidebar
}

// chunkKey names the shared sidebar of the childless pages of one chunk of a section.
type chunkKey struct {
	parent *nav.Node
	chunk  int
}

type sidebarMarks struct{ standIn, draft, more, lang string }

// sidebarWhole and sidebarChunk bound a list of the sidebar: a section with more than
// sidebarWhole entries shows the sidebarChunk of them holding the way to the page (or the
// first), with a link to the section's page, which lists them all (and site.js's tree
// file has them all). Without a bound a section of 3,000 pages would repeat 3,000 links
// on each of them: the navigation, and the build, would grow with the square of the
// section's size. 300 keeps whole every section of the sites docsite is measured on (the
// largest of opentelemetry.io has 62 entries), at about 22 KB a page for 300 entries
// with titles of 30 characters.
const (
	sidebarWhole = 300
	sidebarChunk = 100
)

// chunkOf is the chunk of its parent's children node n is in.
func chunkOf(n *nav.Node) int {
	if n.Parent == nil || len(n.Parent.Children) <= sidebarWhole {
		return 0
	}
	for i, c := range n.Parent.Children {
		if c == n {
			return i / sidebarChunk
		}
	}
	return 0
}

// sharedSidebar is the sidebar of the childless pages of a section, no entry current: at
// holds, for each of those pages, where its aria-current goes.
type sharedSidebar struct {
	html string
	at   map[*nav.Node]int
}

func newSidebars(marks sidebarMarks) *sidebars {
	return &sidebars{marks: marks, byNode: map[chunkKey]*sharedSidebar{}}
}

// shared returns the sidebar of the childless pages of one chunk of section parent in
// tree t. Its links are made from a place one folder below the section that no page has
// (a folder named NUL), so that they are the same whichever page asks first: "../a/" for
// each sibling a, the page's own entry included.
func (s *sidebars) shared(t *nav.Tree, parent *nav.Node, chunk int) *sharedSidebar {
	from := parent.URL + "\x00/"
	key := chunkKey{parent, chunk}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sh := s.byNode[key]; sh != nil {
		return sh
	}
	sh := &sharedSidebar{at: map[*nav.Node]int{}}
	var b strings.Builder
	open := parent.OnPath()
	focus := parent.OnPath()
	if chunk*sidebarChunk < len(parent.Children) {
		focus[parent.Children[chunk*sidebarChunk]] = true // stands for the chunk's pages
	}
	s.write(&b, t.Top(), from, open, focus, nil, sh.at)
	sh.html = b.String()
	s.byNode[key] = sh
	return sh
}

// write writes the list of nodes as links from site path from: the nodes open (on the way
// to the page) with their children, cur marked current; a long list shows the chunk
// holding a node of focus. Where at is not nil, it records the offset at which each
// node's aria-current would go.
func (s *sidebars) write(b *strings.Builder, nodes []*nav.Node, from string, open, focus map[*nav.Node]bool, cur *nav.Node, at map[*nav.Node]int) {
	m := &s.marks
	b.WriteString("<ul>")
	shown := nodes
	if len(nodes) > sidebarWhole {
		start := 0
		for i, n := range nodes {
			if focus[n] {
				start = i / sidebarChunk * sidebarChunk
				break
			}
		}
		shown = nodes[start:min(start+sidebarChunk, len(nodes))]
		defer func() {
			if parent := nodes[0].Parent; parent != nil {
				b.WriteString("\n<li class=\"more\"><a href=\"")
				b.WriteString(template.HTMLEscapeString(route.Rel(from, parent.URL)))
				b.WriteString("\">")
				b.WriteString(m.more)
				b.WriteString("</a></li>")
			}
			b.WriteString("\n</ul>")
		}()
	}
	for _, n := range shown {
		b.WriteString("\n<li")
		expand := open[n] && len(n.Children) > 0
		if expand {
			b.WriteString(` class="open"`)
		}
		if len(n.Children) > 0 {
			b.WriteString(` data-path="`)
			b.WriteString(template.HTMLEscapeString(n.URL))
			b.WriteByte('"')
		}
		b.WriteString(`><a href="`)
		b.WriteString(template.HTMLEscapeString(route.Rel(from, n.URL)))
		b.WriteByte('"')
		if at != nil {
			at[n] = b.Len()
		}
		if n == cur {
			b.WriteString(` aria-current="page"`)
		}
		if n.TitleLang != "" {
			b.WriteString(` lang="`)
			b.WriteString(template.HTMLEscapeString(n.TitleLang))
			b.WriteByte('"')
		}
		b.WriteByte('>')
		b.WriteString(template.HTMLEscapeString(n.NavTitle()))
		if n.StandIn {
			b.WriteString(` <small class="mark" lang="`)
			b.WriteString(m.lang)
			b.WriteString(`">`)
			b.WriteString(m.standIn)
			b.WriteString("</small>")
		}
		if n.Draft {
			b.WriteString(` <small class="mark">`)
			b.WriteString(m.draft)
			b.WriteString("</small>")
		}
		b.WriteString("</a>")
		if expand {
			s.write(b, n.Children, from, open, focus, cur, at)
		}
		b.WriteString("</li>")
	}
	if len(nodes) <= sidebarWhole {
		b.WriteString("\n</ul>")
	}
}
