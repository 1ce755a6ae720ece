// Package nav owns each language's section tree: reading order, the sidebar, breadcrumbs,
// previous/next links and the listings of section pages.
//
// A folder under content/<lang>/ is a section; its _index.md is the section's own page
// (route.Section), and a folder without one gets a generated section page titled after the
// folder. The language's home page is the root. Children are read in Hugo's default
// order of pages: by weight (lower first; no weight, 0, after every weighted page), then
// date (newer first; undated after dated), then link title in the language's collation,
// then page path (Hugo's file path), then URL. Reading order (previous/next) is the tree
// depth first: a section page, then its children.
//
// The sidebar of a page does not repeat the whole tree: it holds the top level, the
// children of each section on the way to the page (so its siblings), and the page's own
// children when it is a section. That keeps the navigation of a page proportional to its
// path and siblings, whatever the size of the site.
package nav

import (
	"bytes"
	"cmp"
	"path"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"docsite/internal/route"
)

// Entry is a page as one language shows it.
type Entry struct {
	Path        string // page path in the language's tree: "" for home, "docs", "docs/a"
	URL         string // site path
	Title       string
	LinkTitle   string // shorter title for navigation; Title when empty
	Description string
	Weight      int
	// Date is the page's date as Hugo's .Date: front matter's date, else publishDate,
	// else lastmod; zero when it has none. Listings show it, feeds are made of the pages
	// that have one.
	Date      time.Time
	Section   bool   // an _index.md: its folder's page
	StandIn   bool   // the source language's page stands in
	TitleLang string // BCP 47 tag of the title when it is another language's (a stand-in's)
	Draft     bool
	// Unlisted: the page is in no listing, sidebar or reading order (Hugo's build.list
	// never); it still has its breadcrumbs.
	Unlisted bool
}

// Node is an entry in the tree.
type Node struct {
	Entry
	Parent    *Node
	Children  []*Node
	Generated bool // a folder without _index.md: its page is made here
	feed      bool // a section with a feed (feed.go)
	order     int  // position in reading order
	key       []byte
}

// NavTitle is the title the navigation shows.
func (n *Node) NavTitle() string { return cmp.Or(n.LinkTitle, n.Title) }

// Tree is one language's section tree.
type Tree struct {
	Lang  string
	Root  *Node
	byURL map[string]*Node
	order []*Node // depth first, the root first
}

// Build makes language lang's tree from its entries; tag orders titles. Entries whose
// folder has no section page get a generated one. An entry at the home path is the root;
// without one the root is generated.
func Build(lang string, tag language.Tag, entries []Entry) *Tree {
	t := &Tree{Lang: lang, byURL: make(map[string]*Node, len(entries))}
	byPath := make(map[string]*Node, len(entries))
	col := collate.New(tag)
	var buf collate.Buffer
	add := func(n *Node) {
		n.key = col.KeyFromString(&buf, n.NavTitle())
		byPath[n.Path] = n
		t.byURL[n.URL] = n
	}
	for _, e := range entries {
		if byPath[e.Path] != nil {
			continue // two entries at one path: load refuses those before
		}
		add(&Node{Entry: e})
	}
	if byPath[""] == nil {
		add(&Node{Entry: Entry{Path: "", URL: route.URL(lang, ""), Title: lang, Section: true}, Generated: true})
	}
	t.Root = byPath[""]
	t.Root.Section = true
	// Link each node to its folder's node, making the missing folders on the way.
	var link func(n *Node)
	link = func(n *Node) {
		if n.Path == "" || n.Parent != nil {
			return
		}
		dir := path.Dir(n.Path)
		if dir == "." {
			dir = ""
		}
		p := byPath[dir]
		if p == nil {
			p = &Node{Entry: Entry{Path: dir, URL: route.URL(lang, dir), Title: folderTitle(dir), Section: true}, Generated: true}
			add(p)
			link(p)
		}
		p.Section = true
		n.Parent = p
		if n.Unlisted {
			n.order = -1
			return
		}
		p.Children = append(p.Children, n)
	}
	nodes := make([]*Node, 0, len(byPath))
	for _, n := range byPath {
		nodes = append(nodes, n)
	}
	slices.SortFunc(nodes, func(a, b *Node) int { return strings.Compare(a.Path, b.Path) })
	for _, n := range nodes {
		link(n)
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		n.order = len(t.order)
		t.order = append(t.order, n)
		slices.SortFunc(n.Children, readingOrder)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
	t.markFeeds()
	for _, n := range t.order {
		n.key = nil // only for sorting: the keys hold the collation buffer (20 MB at 30,000 pages)
	}
	return t
}

// readingOrder orders siblings as Hugo's default sort does: by weight, unweighted last,
// then date, newest first (a page without one counts as the oldest, as Hugo's zero
// date; to the second, as Hugo), then link title, then path, then URL.
func readingOrder(a, b *Node) int {
	wa, wb := a.Weight, b.Weight
	if (wa == 0) != (wb == 0) {
		if wa == 0 {
			return 1
		}
		return -1
	}
	return cmp.Or(cmp.Compare(wa, wb), cmp.Compare(b.Date.Unix(), a.Date.Unix()), bytes.Compare(a.key, b.key),
		strings.Compare(a.Path, b.Path), strings.Compare(a.URL, b.URL))
}

// folderTitle is the title of a generated section page: its folder's name with dashes and
// underscores as spaces and the first letter upper-cased.
func folderTitle(dir string) string {
	name := strings.NewReplacer("-", " ", "_", " ").Replace(path.Base(dir))
	if name == "" {
		return dir
	}
	r := []rune(name)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// Node returns the node at site path url, or nil.
func (t *Tree) Node(url string) *Node { return t.byURL[url] }

// Generated lists the generated section pages, in reading order.
func (t *Tree) Generated() []*Node {
	var out []*Node
	for _, n := range t.order {
		if n.Generated && n != t.Root {
			out = append(out, n)
		}
	}
	return out
}

// Len is how many nodes the tree has, generated ones and the root included.
func (t *Tree) Len() int { return len(t.order) }

// Sort orders nodes, pages of any sections, as siblings are ordered (Hugo's default
// order), their titles in tag's collation: for the listings that gather pages from
// several sections, such as a tag's.
func Sort(tag language.Tag, nodes []*Node) {
	col := collate.New(tag)
	var buf collate.Buffer
	keyed := make([]Node, len(nodes)) // copies with their keys: the tree's nodes stay as they are
	for i, n := range nodes {
		keyed[i] = Node{Entry: n.Entry, key: col.KeyFromString(&buf, n.NavTitle())}
	}
	idx := make([]int, len(nodes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return readingOrder(&keyed[a], &keyed[b]) })
	sorted := make([]*Node, len(nodes))
	for i, j := range idx {
		sorted[i] = nodes[j]
	}
	copy(nodes, sorted)
}
