package shortcode

import (
	"fmt"
	"html/template"
	"path"
	"strconv"
	"strings"

	"docsite/internal/route"
)

// Page is the page a shortcode is used in, as its template sees it (.Page).
type Page struct {
	Title       string
	Description string
	URL         string // site path: "/en/docs/install/"
	Lang        Lang
	Path        string // content path below content/<lang>/, without ".md": "docs/install"
	File        string // "content/en/docs/install.md"
	// Params are the page's front matter keys that are not typed (load.FrontMatter),
	// lowercased, nested maps included.
	Params map[string]any
	Site   *Site // nil when the build gives none

	includeDepth int // how many includes deep the page's text is
}

// Lang is the page's language (.Lang, .Page.Lang).
type Lang struct {
	Code string // folder code: "zh"
	Tag  string // BCP 47: "zh-Hans"
	Name string // native name
}

// Resolver finds the pages of the site for ref and relref; the build implements it.
type Resolver interface {
	// PagePath returns the site path of the page with content path p ("docs/install",
	// "" for the language's home page) in language lang.
	PagePath(lang, p string) (string, bool)
}

// Context is what a shortcode template receives as dot.
type Context struct {
	Name  string
	Inner template.HTML // inner content: rendered markdown ({{% %}}) or HTML as written ({{< >}})
	Page  *Page
	Lang  Lang
	// Parent is the context of the enclosing shortcode, nil at the top.
	Parent *Context
	// Ordinal is the call's position among its parent's inner calls (0-based).
	Ordinal int
	// HeadingLevel is the level a heading inside the shortcode's output takes: one
	// below the section it is in (2 below the page title), at most 6.
	HeadingLevel int
	// Markdown is set for {{% %}} calls (inner content is markdown).
	Markdown bool
	// RawInner is the inner content as the page writes it, tags in it as written (code
	// for highlight).
	RawInner string

	args     []Arg
	resolver Resolver
	render   *Render // set by LangSet.Run
	warnings []string
	rawHTML  bool
}

// Resolver is what the call's ref and relref look pages up in.
func (c *Context) Resolver() Resolver { return c.resolver }

// MarkRawHTML records that the call's output holds raw HTML of the site's content (an
// included file's): the page it is in is then sanitised as if it held it itself.
func (c *Context) MarkRawHTML() { c.rawHTML = true }

// RawHTML reports whether MarkRawHTML was called.
func (c *Context) RawHTML() bool { return c.rawHTML }

// Included is page p as the text of a file it includes sees it: one include deeper.
func (p *Page) Included() *Page {
	q := *p
	q.includeDepth++
	return &q
}

// Warnf records a warning about the call for the page's diagnostics and prints nothing:
// a template's way to flag a problem that should not fail the build ({{.Warnf "…" args}}),
// where errorf does. It is reported for shortcodes without inner content.
func (c *Context) Warnf(format string, args ...any) string {
	c.warnings = append(c.warnings, fmt.Sprintf(format, args...))
	return ""
}

// Warnings are what the call's template recorded with Warnf.
func (c *Context) Warnings() []string { return c.warnings }

// NewContext is the context of call c in page p; parent is its enclosing call's context.
func NewContext(c *Call, p *Page, parent *Context, r Resolver) *Context {
	ctx := &Context{Name: c.Open.Name, Page: p, Parent: parent, args: c.Open.Args, resolver: r,
		Markdown: c.Open.Delim == '%', HeadingLevel: 2}
	if p != nil {
		ctx.Lang = p.Lang
	}
	if c.Parent != nil {
		for i, s := range c.Parent.Children {
			if s == c {
				ctx.Ordinal = i
			}
		}
	}
	return ctx
}

// Get returns an argument: by position (.Get 0) or by name (.Get "title"); "" when absent.
func (c *Context) Get(key any) string {
	switch k := key.(type) {
	case int:
		n := 0
		for _, a := range c.args {
			if a.Key == "" {
				if n == k {
					return a.Value
				}
				n++
			}
		}
	case string:
		for _, a := range c.args {
			if a.Key == k {
				return a.Value
			}
		}
	}
	return ""
}

// IsNamedParams reports whether the call's arguments are key="value" pairs.
func (c *Context) IsNamedParams() bool { return len(c.args) > 0 && c.args[0].Key != "" }

// Params returns the named arguments as a map (for range).
func (c *Context) Params() map[string]string {
	m := map[string]string{}
	for i, a := range c.args {
		k := a.Key
		if k == "" {
			k = strconv.Itoa(i)
		}
		m[k] = a.Value
	}
	return m
}

// ref is the template function behind ref and relref: the link from the page to the page
// at content path target in the page's language, relative (docsite's links always are, so
// that a site works from any path). target is relative to the page's folder unless it
// starts with "/"; ".md" (or ".mdx"), "_index.md" and "index.md" may be written or left out; a
// "#fragment" is kept.
func ref(ctx *Context, target string) (string, error) {
	if ctx == nil || ctx.Page == nil || ctx.resolver == nil {
		return "", &execError{"ref " + strconv.Quote(target) + ": no pages to look in"}
	}
	p, frag, _ := strings.Cut(target, "#")
	if frag != "" {
		frag = "#" + frag
	}
	if p == "" {
		return frag, nil
	}
	cp := ContentPath(ctx.Page.Dir(), p)
	site, ok := ctx.resolver.PagePath(ctx.Page.Lang.Code, cp)
	if !ok {
		return "", &execError{"ref " + strconv.Quote(target) + ": no page " + strconv.Quote(cp) + " in " + ctx.Page.Lang.Code}
	}
	return route.Rel(ctx.Page.URL, site) + frag, nil
}

// Dir is the folder of the page's file below content/<lang>/ ("" at the top): relative
// ref targets start there, as in Hugo.
func (p *Page) Dir() string {
	rel := strings.TrimPrefix(p.File, "content/"+p.Lang.Code+"/")
	if d := path.Dir(rel); d != "." {
		return d
	}
	return ""
}

// ContentPath resolves target, as written in a ref, against the folder dir of the page
// that writes it: the result is a content path without extension and without index names.
func ContentPath(dir, target string) string {
	var p string
	if strings.HasPrefix(target, "/") {
		p = path.Clean(target)
	} else {
		p = path.Join("/", dir, target)
	}
	if stem, ok := route.PageFile(p); ok {
		p = stem
	}
	for _, idx := range []string{"/_index", "/index"} {
		p = strings.TrimSuffix(p, idx)
	}
	return strings.Trim(p, "/")
}
