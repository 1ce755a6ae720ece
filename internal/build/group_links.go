package build

import (
	"fmt"
	"html"
	"net/url"
	"path"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/route"
	"docsite/internal/table"
)

// A link in a page's markdown is resolved where the author meant it, in the page's own
// language, and made relative (so the site works under any base URL):
//
//   - a link to a markdown file, relative to the page's file (other.md, ../a/b.md#part) or
//     to the language's content folder (/docs/x.md), is that page's URL in the language,
//     its stand-in where it has no version there;
//   - a root-relative path (/docs/concepts/) is the page at that path in the page's
//     language, as a per-locale build does in Docusaurus, unless it already starts with a
//     language folder (/ja/docs/) or names a file published from the site root's static/;
//   - a relative URL (../concepts/) is left as written.
//
// Every internal link is then checked once the site is written (checkLinks): the target
// must be a published file, and its #fragment an id in it.

// linkRef is an internal link or image of a page, to check once the site is written.
type linkRef struct {
	File     string // the page's source file, for the diagnostic
	Line     int
	Dest     string // as written
	Target   string // site path the link resolves to
	Fragment string // without '#'; "" for none
	Image    bool   // an image's source: missing-image, not dead-link, when it is not there
}

// resolved is what resolving one destination of a page gives.
type resolved struct {
	dest    string   // the destination to write instead
	ref     *linkRef // to check once the site is written; nil for an external one
	asset   *asset   // a file to publish beside the page; nil for none
	missing bool     // an image whose file is nowhere under the site root
	target  string   // site path a missing image was looked for at
	link    string   // a missing image's file beside the page is a symbolic link out of the root (or to nothing)
}

// resolveDest resolves the destination dest of a link, or with image of an image, written
// at line of page p (published at site path pageURL), as the comment above says. Every
// link and image of a page goes through it, wherever it stands: paragraphs, tables,
// raw HTML, shortcode output.
func (s *site) resolveDest(p *load.Page, pageURL, dest string, line int, image bool) resolved {
	r := resolved{dest: dest}
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(dest, "//") || u.Opaque != "" {
		return r // external, or not a URL: not ours to check
	}
	ref := linkRef{File: p.File, Line: line, Dest: dest, Fragment: u.Fragment, Image: image}
	switch {
	case u.Path == "" && image:
		return r
	case u.Path == "":
		ref.Target = pageURL // #fragment on the page itself
	case isPageFile(u.Path) && !image:
		langRoot := "content/" + p.Lang
		file := path.Join(path.Dir(p.File), u.Path)
		if strings.HasPrefix(u.Path, "/") {
			file = path.Join(langRoot, u.Path)
		}
		// Not found: Target stays "", reported as a page that does not exist.
		if target, found := s.mdTarget(p.Lang, langRoot, file); found {
			ref.Target = target
			r.dest = withFragment(route.Rel(pageURL, target), u)
		}
	case strings.HasPrefix(u.Path, "/"):
		// Root-relative images (/images/a.png: the site's static/) are made relative
		// too, or a sub-path baseURL breaks them.
		ref.Target = s.rootRelative(p.Lang, u.Path)
		r.dest = withFragment(route.Rel(pageURL, ref.Target), u)
	default:
		// Relative to the page's URL, as a browser reads it: a file of the content tree
		// is published there (contentFiles). A file beside the page's source (an image
		// or a download of a bundle) is also published beside the page.
		ref.Target = resolveURL(pageURL, u.Path)
		r.asset = s.besideFile(p, u.Path)
		if r.asset == nil {
			if alt, ok := s.fromSource(p, u.Path, ref.Target, image); ok {
				ref.Target = alt
				r.dest = withFragment(route.Rel(pageURL, alt), u)
			}
		}
		if image && r.asset == nil && s.content[strings.TrimPrefix(ref.Target, "/")] == "" {
			r.missing, r.target = true, ref.Target
			if file, local := localFile(p.File, u.Path); local && s.isLink(file) {
				r.link = file
			}
			return r // reported now, at the page: the build knows every file it can publish
		}
	}
	r.ref = &ref
	return r
}

// fromSource is where relative path rel of page p leads when it is read from the page's
// source file, as Docusaurus reads it, rather than from its URL, as a browser (and Hugo)
// does: target is the URL's reading, kept when a page or a file of the content tree is
// published there. A Docusaurus page at docs/a/b (no trailing slash) links to a sibling
// folder with ../c/d and to its images with ../img/x.png; docsite's pretty URL
// (docs/a/b/) has one more folder, so the URL's reading misses them. The source's reading
// is taken only when it names a page (rel, rel.md, rel/_index.md, rel/index.md) or a file
// of the content tree, in the page's language.
func (s *site) fromSource(p *load.Page, rel, target string, image bool) (string, bool) {
	if s.content[strings.TrimPrefix(target, "/")] != "" || (!image && (s.pages.Published(target) || s.pages.Published(target+"/"))) {
		return "", false
	}
	langRoot := "content/" + p.Lang + "/"
	file := path.Join(path.Dir(p.File), strings.TrimSuffix(rel, "/"))
	rest, ok := strings.CutPrefix(file, langRoot)
	if !ok {
		return "", false
	}
	if out := route.ContentFile(p.Lang, rest); s.content[out] != "" {
		return route.FileURL(out), true
	}
	if image {
		return "", false
	}
	if u, ok := s.pages.PagePath(p.Lang, contentKey(rest)); ok && u != target {
		return u, true
	}
	return "", false
}

// besideFile is the file that relative path rel names beside the source of page p (in
// another language's tree where p's has none), to publish beside the page; nil when
// there is none, or rel names a page or a folder.
func (s *site) besideFile(p *load.Page, rel string) *asset {
	file, local := localFile(p.File, rel)
	if !local || strings.HasSuffix(rel, "/") || isPageFile(file) {
		return nil
	}
	if !s.isFile(file) {
		if file = s.inOtherLanguage(p.Lang, file); file == "" {
			return nil
		}
	}
	return &asset{file: file, rel: path.Clean(rel)}
}

// resolveLinks rewrites the links and images of page p (at site path pageURL) with
// resolveDest, in paragraphs, footnotes, callouts and tables alike, and returns them for
// the check, with the local files they lead to, to publish beside it. An image found
// nowhere is left out of the page (a broken image helps no reader; in a table, its alt
// text stays) with a missing-image warning at its line.
func (s *site) resolveLinks(p *load.Page, pageURL string, doc *markdown.Doc) (refs []linkRef, files []asset, diags diag.List) {
	use := func(r resolved, line int) { s.useResolved(p, r, line, &refs, &files, &diags, true) }
	var missing []*ast.Image
	ast.Walk(doc.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			line := imageLine(n, doc)
			r := s.resolveDest(p, pageURL, string(n.Destination), line, true)
			if r.missing {
				missing = append(missing, n)
			}
			n.Destination = []byte(r.dest)
			use(r, line)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			line := linkLine(n, doc)
			r := s.resolveDest(p, pageURL, string(n.Destination), line, false)
			n.Destination = []byte(r.dest)
			use(r, line)
		case *table.Node:
			if n.Table != nil {
				s.resolveTable(n, func(dest string, line int, image bool) (string, bool) {
					r := s.resolveDest(p, pageURL, dest, line, image)
					use(r, line)
					return r.dest, !r.missing
				})
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, img := range missing {
		parent := img.Parent()
		parent.RemoveChild(parent, img)
		if parent.Kind() == ast.KindParagraph && parent.ChildCount() == 0 {
			parent.Parent().RemoveChild(parent.Parent(), parent)
		}
	}
	return refs, files, diags
}

// useResolved adds what resolving a destination of page p at line gave to the page's
// links to check, files to publish beside it, or warnings; leftOut: a missing image is
// left out of the page (raw HTML keeps it as written).
func (s *site) useResolved(p *load.Page, r resolved, line int, refs *[]linkRef, files *[]asset, diags *diag.List, leftOut bool) {
	if r.missing {
		end := ""
		if leftOut {
			end = "; left out of the page"
		}
		if r.link != "" {
			*diags = append(*diags, diag.Warnf(p.File, line, 0, "missing-image",
				"image %q (%s) is a symbolic link leading out of the site root, or to no file%s", r.dest, r.link, end))
			return
		}
		*diags = append(*diags, diag.Warnf(p.File, line, 0, "missing-image",
			"image %q not found: no such file beside %s, nor one of the content tree published at %s%s",
			r.dest, p.File, r.target, end))
		return
	}
	if r.ref != nil {
		*refs = append(*refs, *r.ref)
	}
	if r.asset != nil {
		*files = append(*files, *r.asset)
	}
}

// resolveTable resolves the links and images of a normalised table with resolve, which
// returns the destination to write and whether an image is there; one that is not is
// replaced by its alt text. Each is placed at its row's line.
func (s *site) resolveTable(n *table.Node, resolve func(dest string, line int, image bool) (string, bool)) {
	t := n.Table
	t.Caption = resolveInlines(t.Caption, n.Line, resolve)
	for _, rows := range [][]table.Row{t.Head, t.Body} {
		for i := range rows {
			line := rows[i].Line
			if line == 0 {
				line = n.Line
			}
			for j := range rows[i].Cells {
				resolveBlocks(rows[i].Cells[j].Blocks, line, resolve)
			}
		}
	}
}

func resolveBlocks(bs []table.Block, line int, resolve func(string, int, bool) (string, bool)) {
	for i := range bs {
		bs[i].Inlines = resolveInlines(bs[i].Inlines, line, resolve)
		for j := range bs[i].Items {
			resolveBlocks(bs[i].Items[j].Blocks, line, resolve)
		}
	}
}

func resolveInlines(ins []table.Inline, line int, resolve func(string, int, bool) (string, bool)) []table.Inline {
	for i := range ins {
		in := &ins[i]
		switch in.Kind {
		case table.Link:
			in.Href, _ = resolve(in.Href, line, false)
		case table.Image:
			var found bool
			if in.Href, found = resolve(in.Href, line, true); !found {
				*in = table.Inline{Kind: table.Text, Text: in.Text}
			}
		}
		in.Children = resolveInlines(in.Children, line, resolve)
	}
	return ins
}

// withFragment is link with u's query and fragment.
func withFragment(link string, u *url.URL) string {
	if u.RawQuery != "" {
		link += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		link += "#" + u.EscapedFragment()
	}
	return link
}

// mdTarget is the site path, in language lang, of the markdown file file (a slash path
// from the site root, under langRoot or another language's folder).
func (s *site) mdTarget(lang, langRoot, file string) (string, bool) {
	rest, ok := strings.CutPrefix(file, langRoot+"/")
	if !ok {
		src, ok := route.Parse(file) // a link into another language's folder
		if !ok {
			return "", false
		}
		lang, rest = src.Lang, strings.TrimPrefix(file, "content/"+src.Lang+"/")
	}
	return s.pages.PagePath(lang, contentKey(rest))
}

// isPageFile reports whether a link's path names a page's file, x.md or x.mdx.
func isPageFile(p string) bool {
	_, ok := route.PageFile(p)
	return ok
}

// contentKey is the key of pageIndex for a markdown file below a language folder.
func contentKey(rest string) string {
	p, _ := route.PageFile(rest)
	for _, idx := range []string{"_index", "index"} {
		if p == idx {
			return ""
		}
		p = strings.TrimSuffix(p, "/"+idx)
	}
	return p
}

// rootRelative is the site path a root-relative link p means in a page of language lang
// (route.RootRelative).
func (s *site) rootRelative(lang, p string) string {
	return route.RootRelative(lang, p, s.isLang, s.rootFiles)
}

// isLang reports whether code is a site language's.
func (s *site) isLang(code string) bool {
	_, ok := s.cfg.Lang(code)
	return ok
}

// resolveURL is relative URL ref resolved against the page at site path base.
func resolveURL(base, ref string) string {
	b := &url.URL{Path: base}
	return b.ResolveReference(&url.URL{Path: ref}).Path
}

// linkLine is the line of a link: its text's, else its block's.
func linkLine(l *ast.Link, doc *markdown.Doc) int { return inlineLine(l, doc) }

// published records what a build writes, for the link check: every file, and the ids of
// every page.
type published struct {
	mu    sync.Mutex
	files map[string]bool   // slash paths from the output root
	ids   map[string]string // by site path of the page (idsOf)
	// has, when set, answers for files instead (a live build asks its in-memory tree).
	has func(rel string) bool
}

// exists reports whether a file was published at rel.
func (p *published) exists(rel string) bool {
	if p.has != nil {
		return p.has(rel)
	}
	return p.files[rel]
}

// add records that a file was published at rel; a nil p records nothing.
func (p *published) add(rel string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.files[rel] = true
	p.mu.Unlock()
}

// idsOf lists the id attributes of an HTML fragment: a page's anchors.
//
// They are kept as one string, "\x00a\x00b\x00", rather than a map: a build keeps the ids of
// every page until the link check, and a map a page costs ten times the memory, which at
// 30,000 pages is what the collector then spends its time on.
func idsOf(body string) string {
	var b strings.Builder
	b.WriteByte(0)
	for rest := body; ; {
		i := strings.Index(rest, ` id="`)
		if i < 0 {
			return b.String()
		}
		rest = rest[i+5:]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return b.String()
		}
		b.WriteString(html.UnescapeString(rest[:j]))
		b.WriteByte(0)
		rest = rest[j:]
	}
}

// hasID reports whether ids (idsOf) holds id.
func hasID(ids, id string) bool { return strings.Contains(ids, "\x00"+id+"\x00") }

// checkLinks reports each link whose target was not published, or whose fragment is no
// id of its target, at the link's file and line: warnings, or errors under -strict.
func (s *site) checkLinks(refs []linkRef, pub *published) diag.List {
	var out diag.List
	report := func(r linkRef, format string, args ...any) {
		out = append(out, s.strictWarnf(r.File, r.Line, "dead-link", format, args...))
	}
	into := s.missingMountLinks()
	for _, r := range refs {
		if r.Target != "" && into.count(r) {
			continue
		}
		if r.Image {
			if !pub.exists(route.File(r.Target)) {
				out = append(out, s.strictWarnf(r.File, r.Line, "missing-image", "image %q: nothing is published at %s", r.Dest, r.Target))
			}
			continue
		}
		switch {
		case r.Target == "":
			report(r, "link %q: no such page", r.Dest)
		case !pub.exists(route.File(r.Target)) && !pub.exists(route.File(r.Target+"/")):
			report(r, "link %q: nothing is published at %s", r.Dest, r.Target)
		case r.Fragment != "" && pub.ids[r.Target] != "" && !hasID(pub.ids[r.Target], r.Fragment):
			report(r, "link %q: %s has no anchor #%s", r.Dest, r.Target, r.Fragment)
		}
	}
	return append(out, into.summary(s)...)
}

// mountLinks counts the links and images into the targets of the mounts whose source is
// missing: a missing submodule would otherwise be a dead link at each of them, thousands
// that say one thing. Each such mount is one warning with the count.
type mountLinks struct {
	prefixes []string // site path of each missing mount's target
	mounts   []*config.Mount
	links    []int
	pages    []map[string]bool
}

// missingMountLinks is the count of links into s's missing mounts, at zero.
func (s *site) missingMountLinks() *mountLinks {
	ml := &mountLinks{}
	def := s.cfg.Default().Code
	for i := range s.cfg.Missing {
		m := &s.cfg.Missing[i]
		rest, ok := strings.CutPrefix(m.Target+"/", "content/")
		if !ok {
			continue
		}
		lang, p, _ := strings.Cut(strings.TrimSuffix(rest, "/"), "/")
		if at, ok := route.Parse(m.Target); ok { // a page mounted as a file
			lang, p = at.Lang, at.Path
		}
		langs := []string{lang}
		if lang == def { // the other languages show its pages as stand-ins
			langs = langs[:0]
			for _, l := range s.cfg.Langs {
				langs = append(langs, l.Code)
			}
		}
		for _, l := range langs {
			ml.prefixes = append(ml.prefixes, route.URL(l, p))
			ml.mounts = append(ml.mounts, m)
		}
	}
	ml.links = make([]int, len(ml.prefixes))
	ml.pages = make([]map[string]bool, len(ml.prefixes))
	return ml
}

// count reports whether r leads into a missing mount's target, and counts it there.
func (ml *mountLinks) count(r linkRef) bool {
	for i, p := range ml.prefixes {
		if r.Target+"/" == p || strings.HasPrefix(r.Target, p) {
			ml.links[i]++
			if ml.pages[i] == nil {
				ml.pages[i] = map[string]bool{}
			}
			ml.pages[i][r.File] = true
			return true
		}
	}
	return false
}

// count is n things, in the singular for one.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// summary is one warning per missing mount that links lead into, at the mount.
func (ml *mountLinks) summary(s *site) diag.List {
	type sum struct {
		m            config.Mount
		links, pages int
	}
	by := map[*config.Mount]*sum{}
	var order []*sum
	for i := range ml.mounts {
		if ml.links[i] == 0 {
			continue
		}
		m := ml.mounts[i]
		if by[m] == nil {
			by[m] = &sum{m: *m}
			order = append(order, by[m])
		}
		by[m].links += ml.links[i]
		by[m].pages += len(ml.pages[i])
	}
	var out diag.List
	for _, x := range order {
		out = append(out, s.strictWarnf(x.m.File, x.m.Line, "mount",
			"%s on %s lead into %s, whose mount source %s is missing: they are not checked one by one",
			count(x.links, "link"), count(x.pages, "page"), x.m.Target, x.m.Source))
	}
	return out
}

// strictImages is, under -strict, the missing-image warnings of diags as errors; nothing
// otherwise.
func strictImages(diags diag.List, strict bool) diag.List {
	var out diag.List
	for _, d := range diags {
		if strict && d.Code == "missing-image" {
			d.Severity = diag.Error
			out = append(out, d)
		}
	}
	return out
}

// countCode is how many of diags have code code.
func countCode(diags diag.List, code string) int {
	n := 0
	for _, d := range diags {
		if d.Code == code {
			n++
		}
	}
	return n
}

// checkRootFiles refuses site static files that would be published where the build
// writes its own files: a language's tree, the theme's static/, the review, the search
// index, the root pages.
func checkRootFiles(files map[string]bool, cfg *config.Resolved) error {
	var errs diag.List
	for f := range files {
		first, _, _ := strings.Cut(f, "/")
		_, isLang := cfg.Lang(first)
		switch {
		case isLang, route.OwnFolder(first):
			errs = append(errs, diag.Errorf("static/"+f, 0, 0, "url-conflict",
				"published at /%s, inside the folder /%s/ the build writes its own pages and files to; move it", f, first))
		case f == route.File(route.Root), f == route.File(route.NotFound), f == route.File(route.Sitemap):
			errs = append(errs, diag.Errorf("static/"+f, 0, 0, "url-conflict",
				"published at /%s, where the build writes its own %s; remove it or rename it", f, f))
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return diag.ErrorList(errs)
	}
	return nil
}

// strictWarnf is a warning, or an error under -strict: for what a site can be published
// with but a careful author fixes (dead links, clashing aliases).
func (s *site) strictWarnf(file string, line int, code, format string, args ...any) diag.Diagnostic {
	d := diag.Warnf(file, line, 0, code, format, args...)
	if s.opts.Strict {
		d.Severity = diag.Error
	}
	return d
}
