package nav

import (
	"cmp"
	"slices"
)

// A section has a feed when a page below it, at any depth, is dated, listed and the
// language's own (a stand-in's feed entry would repeat the source language's, which has
// its own feed). The home page has none: its language's sections have theirs.

// markFeeds marks the sections of t that have a feed.
func (t *Tree) markFeeds() {
	for _, n := range t.order {
		if !n.feedEntry() {
			continue
		}
		for p := n.Parent; p != nil && p != t.Root && !p.feed; p = p.Parent {
			p.feed = true
		}
	}
}

// feedEntry reports whether n is a page a feed lists.
func (n *Node) feedEntry() bool {
	return !n.Section && !n.StandIn && !n.Unlisted && !n.Date.IsZero()
}

// Feeds are the sections with a feed, in reading order.
func (t *Tree) Feeds() []*Node {
	var out []*Node
	for _, n := range t.order {
		if n.feed {
			out = append(out, n)
		}
	}
	return out
}

// FeedEntries are the pages section n's feed lists: its dated pages at any depth, newest
// first (then in reading order), at most max of them.
func (t *Tree) FeedEntries(n *Node, max int) []*Node {
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		for _, c := range n.Children {
			if c.feedEntry() {
				out = append(out, c)
			}
			walk(c)
		}
	}
	walk(n)
	slices.SortFunc(out, func(a, b *Node) int {
		return cmp.Or(cmp.Compare(b.Date.Unix(), a.Date.Unix()), cmp.Compare(a.order, b.order))
	})
	return out[:min(len(out), max)]
}

// Feeds are the sections whose feed the page links to: itself when it is a section with a
// feed, and the sections above it with one, nearest first.
func (v View) Feeds() []*Node {
	if v.cur == nil {
		return nil
	}
	var out []*Node
	for n := v.cur; n != nil; n = n.Parent {
		if n.feed {
			out = append(out, n)
		}
	}
	return out
}
