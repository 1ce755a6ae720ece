package render

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"

	"docsite/internal/nav"
	"docsite/internal/route"
)

// The tree file. A page's sidebar holds the top level and the way to the page
// (Sidebar); a section off that way is a link to its section page with a folded button.
// Unfolding it needs its entries: site.js reads them from the language's whole tree,
// one JSON file (route.NavTree) written once per language, which every page of the
// language links with the same cache-busting query, so a reader's browser fetches it once.
//
// The file is
//
//	{"base": "../", "home": "/en/", "lang": "en", "standIn": "…", "draft": "…", "nodes": [node, …]}
//
// where base is the way from the file to the site root, home the site path of the
// language's home page, the parent of the top level, the marks are those the sidebar
// writes (in language lang), and nodes are the top level in reading order, each
//
//	{"t": title, "u": path, "l": title's language, "f": 1, "d": 1, "c": [node, …]}
//
// u is the node's site path without its parent's (its segment, "a/"), or its whole site
// path where it does not extend its parent's (a permalink); "l" is there for a title in
// another language, "f" for a stand-in (not translated), "d" for a draft, "c" for a node
// with children. Keys in this order, nothing else: the same tree gives the same bytes.
type navTreeFile struct {
	Base    string        `json:"base"`
	Home    string        `json:"home"`
	Lang    string        `json:"lang"`
	StandIn string        `json:"standIn"`
	Draft   string        `json:"draft"`
	Nodes   []navTreeNode `json:"nodes"`
}

type navTreeNode struct {
	T string        `json:"t"`
	U string        `json:"u"`
	L string        `json:"l,omitempty"`
	F int           `json:"f,omitempty"`
	D int           `json:"d,omitempty"`
	C []navTreeNode `json:"c,omitempty"`
}

// navTree is a language's tree file: its bytes and the query its links carry.
type navTree struct {
	data    []byte
	version string // "?v=" and a short hash of data
}

// makeNavTree makes the tree file of t, whose language is lang (BCP 47) and whose
// sidebar marks are stand-in and draft (as the sidebar shows them, not escaped).
func makeNavTree(t *nav.Tree, code, lang, standIn, draft string) navTree {
	f := navTreeFile{Base: route.Rel(route.NavTree(code), "/"), Home: t.Root.URL, Lang: lang, StandIn: standIn,
		Draft: draft, Nodes: navTreeNodes(t.Root)}
	data, err := json.Marshal(f)
	if err != nil {
		panic(err) // strings, ints and slices of them only
	}
	sum := sha256.Sum256(data)
	return navTree{data: data, version: "?v=" + hex.EncodeToString(sum[:5])}
}

func navTreeNodes(parent *nav.Node) []navTreeNode {
	if len(parent.Children) == 0 {
		return nil
	}
	out := make([]navTreeNode, len(parent.Children))
	for i, n := range parent.Children {
		u := n.URL
		if rest, ok := strings.CutPrefix(n.URL, parent.URL); ok && rest != "" && !strings.HasPrefix(rest, "/") {
			u = rest
		}
		out[i] = navTreeNode{T: n.NavTitle(), U: u, L: n.TitleLang, C: navTreeNodes(n)}
		if n.StandIn {
			out[i].F = 1
		}
		if n.Draft {
			out[i].D = 1
		}
	}
	return out
}

// writeNavTrees writes each language's tree file.
func (r *Renderer) writeNavTrees(sink Sink) error {
	for _, l := range r.cfg.Langs {
		if t, ok := r.navTrees[l.Code]; ok {
			if err := sink.WriteFile(route.File(route.NavTree(l.Code)), t.data); err != nil {
				return err
			}
		}
	}
	return nil
}
