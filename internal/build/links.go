package build

import (
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
	"docsite/internal/write"
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

// linkRef is an internal link of a page, to check once the site is written.
type linkRef struct {
	File     string // the page's source file, for the diagnostic
	Line     int
	Dest     string // as written
	Target   string // site path the link resolves to
	Fragment string // without '#'; "" for none
}

// resolveLinks rewrites the links of page p (at site path pageURL) as the comment above
// says and returns them for the check, with the local files they lead to (downloads
// beside the page), to publish beside it.
func (s *site) resolveLinks(p *load.Page, pageURL string, doc *markdown.Doc) (refs []linkRef, files []asset) {
	dir := path.Dir(p.File) // the folder markdown paths are relative to
	langRoot := "content/" + p.Lang
	ast.Walk(doc.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if img, ok := n.(*ast.Image); ok && entering {
			// Root-relative images (/images/a.png: the site's static/) are made relative
			// too, or a sub-path baseURL breaks them; relative ones are the page's own.
			if dest := string(img.Destination); strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
				if u, err := url.Parse(dest); err == nil {
					target := s.rootRelative(p.Lang, u.Path)
					img.Destination = []byte(withFragment(route.Rel(pageURL, target), u))
					refs = append(refs, linkRef{File: p.File, Line: imageLine(img, doc), Dest: dest, Target: target})
				}
			}
			return ast.WalkContinue, nil
		}
		l, ok := n.(*ast.Link)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		dest := string(l.Destination)
		u, err := url.Parse(dest)
		if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(dest, "//") || u.Opaque != "" {
			return ast.WalkContinue, nil // external, or not a URL: not ours to check
		}
		ref := linkRef{File: p.File, Line: linkLine(l, doc), Dest: dest, Fragment: u.Fragment}
		switch {
		case u.Path == "":
			ref.Target = pageURL // #fragment on the page itself
		case strings.HasSuffix(u.Path, ".md"):
			file := path.Join(dir, u.Path)
			if strings.HasPrefix(u.Path, "/") {
				file = path.Join(langRoot, u.Path)
			}
			target, found := s.mdTarget(p.Lang, langRoot, file)
			if !found {
				ref.Target = "" // reported below, as a page that does not exist
				refs = append(refs, ref)
				return ast.WalkContinue, nil
			}
			ref.Target = target
			l.Destination = []byte(withFragment(route.Rel(pageURL, target), u))
		case strings.HasPrefix(u.Path, "/"):
			ref.Target = s.rootRelative(p.Lang, u.Path)
			l.Destination = []byte(withFragment(route.Rel(pageURL, ref.Target), u))
		default:
			ref.Target = resolveURL(pageURL, u.Path)
			// A file beside the page (a download in a bundle) is published beside it.
			if file, local := localFile(p.File, u.Path); local && !strings.HasSuffix(u.Path, "/") {
				if !s.isFile(file) {
					file = s.inOtherLanguage(p.Lang, file)
				}
				if file != "" && s.isFile(file) && path.Ext(file) != ".md" {
					files = append(files, asset{file: file, rel: path.Clean(u.Path)})
				}
			}
		}
		refs = append(refs, ref)
		return ast.WalkContinue, nil
	})
	return refs, files
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

// contentKey is the key of pageIndex for a markdown file below a language folder.
func contentKey(rest string) string {
	p := strings.TrimSuffix(rest, ".md")
	for _, idx := range []string{"_index", "index"} {
		if p == idx {
			return ""
		}
		p = strings.TrimSuffix(p, "/"+idx)
	}
	return p
}

// rootRelative is the site path a root-relative link p means in a page of language lang.
func (s *site) rootRelative(lang, p string) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if _, ok := s.cfg.Lang(first); ok || s.rootFiles[strings.TrimPrefix(path.Clean(p), "/")] {
		return p
	}
	if first == "static" || first == "_review" || first == "_search" {
		return p
	}
	return "/" + lang + p
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

func (p *published) WriteFile(rel string, data []byte) error {
	p.mu.Lock()
	p.files[rel] = true
	p.mu.Unlock()
	return nil
}

// recorder is a sink that records what it passes on.
type recorder struct {
	Sink
	pub *published
}

func (r recorder) WriteFile(rel string, data []byte) error {
	r.pub.WriteFile(rel, data)
	return r.Sink.WriteFile(rel, data)
}

// writeSummed writes a file whose content sum the caller has (keeper.WriteSummed), so
// that a write.Tree does not hash it again; other sinks take it as it is.
func (r recorder) writeSummed(rel string, data []byte, sum write.Sum) error {
	k, ok := r.Sink.(keeper)
	if !ok {
		return r.WriteFile(rel, data)
	}
	r.pub.WriteFile(rel, nil)
	return k.WriteSummed(rel, data, sum)
}

// summer is a sink that takes a file with its content sum: recorder and capture.
type summer interface {
	writeSummed(rel string, data []byte, sum write.Sum) error
}

// writeSummed writes data, whose content sum is sum, to sink.
func writeSummed(sink Sink, rel string, data []byte, sum write.Sum) error {
	if w, ok := sink.(summer); ok {
		return w.writeSummed(rel, data, sum)
	}
	return sink.WriteFile(rel, data)
}

// keep publishes a file the cache says an earlier build wrote (keeper.Keep).
func (r recorder) keep(f cachedFile) error {
	r.pub.WriteFile(f.Rel, nil)
	return r.Sink.(keeper).Keep(f.Rel, f.Sum, f.Size)
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
	for _, r := range refs {
		switch {
		case r.Target == "":
			report(r, "link %q: no such page", r.Dest)
		case !pub.exists(route.File(r.Target)) && !pub.exists(route.File(r.Target+"/")):
			report(r, "link %q: nothing is published at %s", r.Dest, r.Target)
		case r.Fragment != "" && pub.ids[r.Target] != "" && !hasID(pub.ids[r.Target], r.Fragment):
			report(r, "link %q: %s has no anchor #%s", r.Dest, r.Target, r.Fragment)
		}
	}
	return out
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
		case isLang, first == "static", first == "_review", first == "_search":
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
