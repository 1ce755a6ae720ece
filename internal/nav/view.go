package nav

import "docsite/internal/route"

// Link is a node as a page's navigation shows it; Href is relative to that page.
type Link struct {
	Title       string
	Href        string
	Description string
	Lang        string // BCP 47 tag of Title when it is another language's
	Current     bool   // the page itself
	Open        bool   // on the way to the page: shown with its children
	Section     bool
	Fallback    bool // not translated: the source stands in
	Draft       bool
	Children    []Link
}

// View is the navigation of one page.
type View struct {
	Sidebar     []Link // top level, with the sections on the way to the page open
	Breadcrumbs []Link // from the home page down to the page's parent
	Prev, Next  *Link  // in reading order
	Children    []Link // a section's pages and sections, for its listing
}

// View returns the navigation of the page at site path url; the zero View when the tree
// has no such page.
func (t *Tree) View(url string) View {
	cur := t.byURL[url]
	if cur == nil {
		return View{}
	}
	var v View
	onPath := map[*Node]bool{}
	for n := cur; n != nil; n = n.Parent {
		onPath[n] = true
	}
	var list func(n *Node) []Link
	list = func(n *Node) []Link {
		out := make([]Link, 0, len(n.Children))
		for _, c := range n.Children {
			l := link(c, url)
			if onPath[c] && len(c.Children) > 0 {
				l.Open = true
				l.Children = list(c)
			}
			out = append(out, l)
		}
		return out
	}
	v.Sidebar = list(t.Root)
	for n := cur.Parent; n != nil; n = n.Parent {
		v.Breadcrumbs = append(v.Breadcrumbs, link(n, url))
	}
	for i, j := 0, len(v.Breadcrumbs)-1; i < j; i, j = i+1, j-1 {
		v.Breadcrumbs[i], v.Breadcrumbs[j] = v.Breadcrumbs[j], v.Breadcrumbs[i]
	}
	if i := cur.order; i > 0 {
		l := link(t.order[i-1], url)
		v.Prev = &l
	}
	if i := cur.order; i+1 < len(t.order) {
		l := link(t.order[i+1], url)
		v.Next = &l
	}
	if cur.Section {
		v.Children = make([]Link, 0, len(cur.Children))
		for _, c := range cur.Children {
			v.Children = append(v.Children, link(c, url))
		}
	}
	return v
}

// link is node n as a link from the page at site path from.
func link(n *Node, from string) Link {
	return Link{Title: n.NavTitle(), Href: route.Rel(from, n.URL), Description: n.Description,
		Lang: n.TitleLang, Current: n.URL == from, Section: n.Section, Fallback: n.Fallback, Draft: n.Draft}
}
