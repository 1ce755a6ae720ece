package nav

import (
	"time"

	"docsite/internal/route"
)

// Link is a node as a page's navigation shows it; Href is relative to that page.
type Link struct {
	Title       string
	Href        string
	Description string
	Lang        string // BCP 47 tag of Title when it is another language's
	Current     bool   // the page itself
	Open        bool   // on the way to the page: shown with its children
	Section     bool
	StandIn     bool // not translated: the source stands in
	Draft       bool
	Date        time.Time // the page's date (Entry.Date); zero when it has none
	Children    []Link
}

// View is the navigation of one page. Its parts are made when asked for (a template
// that shows no breadcrumbs costs none); the zero View is a page outside every tree.
type View struct {
	t   *Tree
	cur *Node
}

// View returns the navigation of the page at site path url; the zero View when the tree
// has no such page.
func (t *Tree) View(url string) View {
	if cur := t.byURL[url]; cur != nil {
		return View{t: t, cur: cur}
	}
	return View{}
}

// InTree reports whether the page has a place in a tree with something to show.
func (v View) InTree() bool { return v.cur != nil && len(v.t.Root.Children) > 0 }

// Node is the page's node; nil outside a tree.
func (v View) Node() *Node { return v.cur }

// Sidebar is the top level, with the sections on the way to the page open (their children
// listed), and the page's own children when it is a section.
func (v View) Sidebar() []Link {
	if v.cur == nil {
		return nil
	}
	onPath := v.cur.OnPath()
	var list func(n *Node) []Link
	list = func(n *Node) []Link {
		out := make([]Link, 0, len(n.Children))
		for _, c := range n.Children {
			l := link(c, v.cur.URL)
			if onPath[c] && len(c.Children) > 0 {
				l.Open = true
				l.Children = list(c)
			}
			out = append(out, l)
		}
		return out
	}
	return list(v.t.Root)
}

// OnPath is the set of n and its ancestors.
func (n *Node) OnPath() map[*Node]bool {
	on := map[*Node]bool{}
	for ; n != nil; n = n.Parent {
		on[n] = true
	}
	return on
}

// Breadcrumbs are the page's ancestors, from the home page down to its parent.
func (v View) Breadcrumbs() []Link {
	if v.cur == nil {
		return nil
	}
	var out []Link
	for n := v.cur.Parent; n != nil; n = n.Parent {
		out = append(out, link(n, v.cur.URL))
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Prev is the page before this one in reading order; nil for the first.
func (v View) Prev() *Link {
	if v.cur == nil || v.cur.order <= 0 {
		return nil
	}
	l := link(v.t.order[v.cur.order-1], v.cur.URL)
	return &l
}

// Next is the page after this one in reading order; nil for the last.
func (v View) Next() *Link {
	if v.cur == nil || v.cur.order < 0 || v.cur.order+1 >= len(v.t.order) {
		return nil
	}
	l := link(v.t.order[v.cur.order+1], v.cur.URL)
	return &l
}

// Children are a section's pages and sections in reading order, for its listing; nil for
// a page that is not a section.
func (v View) Children() []Link {
	if v.cur == nil || !v.cur.Section {
		return nil
	}
	out := make([]Link, 0, len(v.cur.Children))
	for _, c := range v.cur.Children {
		out = append(out, link(c, v.cur.URL))
	}
	return out
}

// Top is the root's children: the top level of the tree.
func (t *Tree) Top() []*Node { return t.Root.Children }

// link is node n as a link from the page at site path from.
func link(n *Node, from string) Link {
	return Link{Title: n.NavTitle(), Href: route.Rel(from, n.URL), Description: n.Description,
		Lang: n.TitleLang, Current: n.URL == from, Section: n.Section, StandIn: n.StandIn, Draft: n.Draft, Date: n.Date}
}

// Link is node n as a link from the page at site path from, for listings made outside
// the tree (a tag's pages).
func (n *Node) Link(from string) Link { return link(n, from) }
