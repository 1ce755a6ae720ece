package build

import (
	"html/template"
	"maps"
	"slices"
	"sync"

	"docsite/internal/cache"
	"docsite/internal/load"
	"docsite/internal/render"
	"docsite/internal/route"
)

// Bodies from the last build, through the build cache or, in the preview server, the
// last live state (livePrior). Editing a page's title or weight changes every page whose
// sidebar shows it, so the site key changes and no group is taken from the cache; but
// the other pages' bodies are what they were. A group's bodies depend on its own files
// and on the site's structure (every other file, and of each page its place, its
// translation key, whether it is a draft, and the aliases: where links and refs lead),
// which the body key digests (siteKey); not on what other pages show of themselves.
//
// So a group whose key changed but whose body key did not is written again from the
// bodies in the pages the last build published, as their entry says where each starts
// (render.Published.BodyAt): its pages are not parsed, reviewed or rendered, only put in
// the templates again. Its anchors, links, headings, diagnostics and search pages are
// the entry's. A body is read from the published tree, where its manifest says the page
// is (by the file's size and time, as when a file is kept), and checked against the
// checksum the entry has of it: a body that is not the one the last build wrote is not
// used, and the group is built.
//
// A group is built instead when one of its versions could not be built (its source stands
// in), when it is the home pages' introductions (they have no page of their own), when a
// template did not write a body as it is, and when the last build asked for
// user-interface strings no locale has: a body asks for some (a callout's title), and a
// body not rendered again would not be counted among those missing.

// cachedBody is where a version's body is in the page the group wrote in its language,
// and what writing the page needs besides the body and the front matter.
type cachedBody struct {
	At, Len     int
	CRC         uint32 // CRC-32C of the body
	TOC         []render.TOCEntry
	TitleInBody bool
	Assets      []cachedAsset
	// Lead is the text of the body's first paragraph when the page is dated: the
	// summary its feed entry shows when it has no description (summary.go).
	Lead string
}

type cachedAsset struct{ File, Rel string }

// bodiesOf notes where the bodies of v's versions are in the pages out wrote; nil when a
// template did not write one as it is.
func bodiesOf(out *groupOut, v *versions) map[string]cachedBody {
	bodies := map[string]cachedBody{}
	for _, po := range out.pages {
		b := v.real[po.Lang]
		if b == nil || po.Fallback {
			continue
		}
		if po.BodyAt < 0 {
			return nil
		}
		cb := cachedBody{At: po.BodyAt, Len: len(b.Body), CRC: po.BodyCRC, TOC: b.TOC, TitleInBody: b.TitleInBody,
			Lead: b.lead}
		for _, a := range b.assets {
			cb.Assets = append(cb.Assets, cachedAsset{a.file, a.rel})
		}
		bodies[po.Lang] = cb
	}
	return bodies
}

// bodiesUsable reports whether groups may be written from the last build's bodies: it
// asked for no string the locales lack.
func (c *buildCache) bodiesUsable() bool {
	return c.last != nil && !anyAbsent(c.last.Absent)
}

// anyAbsent reports whether absent, strings no locale has by language code, has any.
func anyAbsent(absent map[string][]string) bool {
	for _, ids := range absent {
		if len(ids) > 0 {
			return true
		}
	}
	return false
}

// fromBodies writes group g from the bodies the last build published, when its entry has
// them all; nil, nil when it cannot, and the group is to be built.
func (c *buildCache) fromBodies(s *site, g *load.Group, sink *capture, spare bool) (*groupOut, error) {
	e := c.byBody[c.bodies[g]]
	if e == nil {
		return nil, nil
	}
	files := make(map[string]cachedFile, len(e.Files))
	for _, f := range e.Files {
		files[f.Rel] = f
	}
	out, err := s.writeAround(g, e.out(), func(rel string) []byte {
		f, ok := files[rel]
		if !ok {
			return nil
		}
		data, err := c.keep.Read(f.Rel, f.Sum, f.Size)
		if err != nil {
			return nil
		}
		return data
	}, sink, spare)
	if out != nil {
		c.mu.Lock()
		c.bodied += len(out.pages)
		c.mu.Unlock()
	}
	return out, err
}

// writeAround writes group g around the bodies of last, the group as a build before this
// one left it, whose page files read gives (nil for one it cannot); nil, nil when a body
// cannot be had, and the group is to be built. What the group gives the site-wide files
// besides its pages (anchors, links, headings, diagnostics, search pages, review) is
// last's.
func (s *site) writeAround(g *load.Group, last *groupOut, read func(rel string) []byte, sink Sink, spare bool) (*groupOut, error) {
	if last.bodies == nil || len(last.bodies) != len(g.Pages) || g.Pages[0].Path == "" { // (the home pages' introductions)
		return nil, nil
	}
	v := &versions{real: map[string]*built{}, failed: map[string]bool{}}
	for _, p := range g.Pages {
		cb, ok := last.bodies[p.Lang]
		if !ok || p.Err != nil {
			return nil, nil
		}
		url := route.URL(p.Lang, p.Path)
		data := read(route.File(url))
		if data == nil || cb.At < 0 || cb.Len < 0 || cb.At+cb.Len > len(data) ||
			render.BodyCRC(data[cb.At:cb.At+cb.Len]) != cb.CRC {
			return nil, nil
		}
		// (A page's date is in its own file: one dated since is built again, with its lead.)
		b := &built{page: p, url: url, Version: versionOf(p), lead: cb.Lead}
		b.Summary = summary(p, b.lead)
		b.Body = template.HTML(data[cb.At : cb.At+cb.Len])
		b.TOC, b.TitleInBody = cb.TOC, cb.TitleInBody
		for _, a := range cb.Assets {
			b.assets = append(b.assets, asset{a.File, a.Rel})
		}
		for _, po := range last.pages {
			if po.Lang == p.Lang && !po.Fallback {
				b.mentions = po.mentions
			}
		}
		v.real[p.Lang] = b
	}
	v.src = v.real[g.Pages[0].Lang]
	v.orphan = g.Orphan(s.cfg.Default().Code)
	out := &groupOut{key: g.Key, reviewKey: reviewKey(g), urls: map[string]string{}, review: last.review,
		diags: last.diags, links: last.links, ids: last.ids, headings: last.headings,
		search: last.search, searchSums: last.searchSums}
	if err := s.writeVersions(out, v, sink, spare); err != nil {
		return nil, err
	}
	out.bodies = bodiesOf(out, v)
	return out, nil
}

// livePrior holds the groups of the last live build (serve): a full rebuild writes a
// group whose body key did not change around its bodies there, in memory.
type livePrior struct {
	groups  map[string]*liveGroup // by translation key
	keys    map[string]cache.Key  // this build's body keys, by translation key
	mu      sync.Mutex
	rewrote int // pages written around their bodies
}

// group writes g around its last bodies, with its review pages as they were; nil, nil
// when it cannot, and the group is to be built.
func (p *livePrior) group(s *site, g *load.Group, sink Sink, spare bool) (*groupOut, error) {
	lg := p.groups[g.Key]
	if lg == nil || lg.bodyKey != p.keys[g.Key] {
		return s.buildGroup(g, sink, spare)
	}
	out, err := s.writeAround(g, lg.out, func(rel string) []byte { return lg.files[rel] }, sink, spare)
	if err != nil {
		return nil, err
	}
	if out == nil {
		return s.buildGroup(g, sink, spare)
	}
	for _, rel := range slices.Sorted(maps.Keys(lg.files)) {
		if route.InReview(rel) {
			if err := sink.WriteFile(rel, lg.files[rel]); err != nil {
				return nil, err
			}
		}
	}
	p.mu.Lock()
	p.rewrote += len(out.pages)
	p.mu.Unlock()
	return out, nil
}

// written is how many pages were written around their last bodies.
func (p *livePrior) written() int {
	if p == nil {
		return 0
	}
	return p.rewrote
}
