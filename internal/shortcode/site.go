package shortcode

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Site is the site a shortcode's page belongs to, as its template sees it (.Site, and
// .Page.Site), in the page's language: what Hugo's shortcodes read most.
type Site struct {
	Title string
	// Params are site.toml's [params] table, keys lowercased at every depth as Hugo has
	// them (.Site.Params.someKey is written .Site.Params.somekey).
	Params map[string]any
	// Data is the site root's data/ folder: data/a/b.yaml is .Site.Data.a.b (TOML,
	// YAML and JSON files).
	Data     map[string]any
	Language Language

	// content reads the files of content/ (site root relative paths) for include.
	content fs.FS
	// defaultLang is the default language's folder code: include's stand-in.
	defaultLang string
}

// Language is .Site.Language: Hugo's names for the page's language.
type Language struct {
	Lang         string // folder code: "zh"
	LanguageName string // native name
	LanguageCode string // BCP 47 tag: "zh-Hans"
}

// NewSite is the site in language l; root is the site root (for include's files of
// content/), defaultLang the default language's code.
func NewSite(title string, params, data map[string]any, l Lang, root fs.FS, defaultLang string) *Site {
	return &Site{Title: title, Params: params, Data: data, content: root, defaultLang: defaultLang,
		Language: Language{Lang: l.Code, LanguageName: l.Name, LanguageCode: l.Tag}}
}

// Site is the site of the call's page (.Site); nil when the page has none.
func (c *Context) Site() *Site {
	if c.Page == nil {
		return nil
	}
	return c.Page.Site
}

// Param is Hugo's .Page.Param: the page's front matter value of key (dotted for nested
// maps: "versions.java"; title and description too), else the site's [params]; nil when
// neither sets it.
func (p *Page) Param(key string) any {
	switch strings.ToLower(key) {
	case "title":
		return p.Title
	case "description":
		if p.Description != "" {
			return p.Description
		}
	}
	if v, ok := lookup(p.Params, key); ok {
		return v
	}
	if p.Site != nil {
		if v, ok := lookup(p.Site.Params, key); ok {
			return v
		}
	}
	return nil
}

// lookup finds a dotted key in nested maps, ignoring case as Hugo does.
func lookup(m map[string]any, key string) (any, bool) {
	var v any = m
	for part := range strings.SplitSeq(strings.ToLower(key), ".") {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = mm[part]; !ok {
			return nil, false
		}
	}
	return v, v != nil
}

// param is the template function behind the built-in param shortcode: the page's or the
// site's value of key, printed; a key set nowhere is a warning, and prints nothing (Hugo
// fails the build: a migrated site would then not build at all over one missing value).
func param(ctx *Context, key string) string {
	if key == "" {
		return ctx.Warnf("param needs the name of a parameter: {{< param \"name\" >}}")
	}
	if ctx.Page == nil {
		return ""
	}
	v := ctx.Page.Param(key)
	if v == nil {
		return ctx.Warnf("parameter %q is set neither in the page's front matter nor in site.toml's [params]", key)
	}
	return fmt.Sprint(v)
}

// Render is what templates call that the markdown stage provides (it imports this
// package, so it hands these over once its parser exists: LangSet.SetRender).
type Render struct {
	// Markdown renders markdown text (markdownify, details' inner content written
	// between {{< >}} tags); shortcodes in it are not read again.
	Markdown func(src string) (template.HTML, error)
	// Page renders a file of markdown (include) as part of ctx's page: shortcodes in
	// it run, with its page's .Page; file names it in warnings.
	Page func(ctx *Context, file string, src []byte) (template.HTML, error)
	// Highlight writes code as the page's code blocks are written: lang and Hugo's
	// options ("linenos=table,hl_lines=2 4-6,linenostart=5").
	Highlight func(code, lang, opts string) (template.HTML, error)
}

// maxIncludeDepth bounds includes within includes (a file that includes itself).
const maxIncludeDepth = 8

// include is the template function behind include and readfile: the file of the content
// tree that target names, rendered as markdown in the page, with the call's arguments put
// in for {{ $name }} and {{ $1 }} (as OpenTelemetry's include does).
func include(ctx *Context, target string) (template.HTML, error) {
	if target == "" {
		return "", &execError{"include needs a file: {{% include \"file.md\" %}}"}
	}
	site := ctx.Site()
	if site == nil || site.content == nil || ctx.render == nil || ctx.render.Page == nil {
		return "", &execError{"include " + strconv.Quote(target) + ": no files to look in"}
	}
	if ctx.Page.includeDepth >= maxIncludeDepth {
		return "", &execError{"include " + strconv.Quote(target) + ": includes nest deeper than " + strconv.Itoa(maxIncludeDepth) + " (does a file include itself?)"}
	}
	file, src, err := findInclude(ctx.Page, target)
	if err != nil {
		return "", err
	}
	src = substitute(stripFrontMatter(src), ctx.args)
	return ctx.render.Page(ctx, file, src)
}

// findInclude looks for the file target names for page p, as OpenTelemetry's include
// does: a target starting with "/" is below content/<lang>/, one starting with "." below
// the page's folder, and any other is looked for in the _includes folders of the page's
// folder and of each folder above it, nearest first. At each place the page's language's
// file comes first, then the default language's (the stand-in rule of pages).
func findInclude(p *Page, target string) (string, []byte, error) {
	site := p.Site
	var places []string
	switch {
	case strings.HasPrefix(target, "/"):
		places = []string{path.Clean(target)}
	case strings.HasPrefix(target, "."):
		places = []string{path.Join("/", p.Dir(), target)}
	default:
		for d := path.Join("/", p.Dir()); ; d = path.Dir(d) {
			places = append(places, path.Join(d, "_includes", target))
			if d == "/" {
				break
			}
		}
	}
	langs := []string{p.Lang.Code}
	if site.defaultLang != "" && site.defaultLang != p.Lang.Code {
		langs = append(langs, site.defaultLang)
	}
	for _, place := range places {
		for _, l := range langs {
			name := "content/" + l + place
			if src, err := fs.ReadFile(site.content, name); err == nil {
				return name, src, nil
			}
		}
	}
	return "", nil, &execError{"include " + strconv.Quote(target) + ": no such file in content/" + p.Lang.Code + "/ (looked for " + strings.Join(places, ", ") + ")"}
}

// stripFrontMatter drops a ---/+++ block on top of an included file, keeping its lines
// (blank) so that nothing shifts.
func stripFrontMatter(src []byte) []byte {
	for _, fence := range []string{"---", "+++"} {
		if !bytes.HasPrefix(src, []byte(fence+"\n")) && !bytes.HasPrefix(src, []byte(fence+"\r\n")) {
			continue
		}
		rest := src[len(fence)+1:]
		for off := 0; off < len(rest); {
			line := rest[off:]
			if i := bytes.IndexByte(line, '\n'); i >= 0 {
				line = line[:i+1]
			}
			if string(bytes.TrimRight(line, "\r\n")) == fence {
				end := len(fence) + 1 + off + len(line)
				return append(bytes.Repeat([]byte{'\n'}, bytes.Count(src[:end], []byte{'\n'})), src[end:]...)
			}
			off += len(line)
		}
	}
	return src
}

var (
	placeholder = regexp.MustCompile(`\{\{\s*\$(\w+)\s*\}\}`)
	ifBlock     = regexp.MustCompile(`(?ms)^\{\{\s*if(\s+not)?\s+\$(\w+)\s*\}\}\n?(.*?)^\{\{\s*end\s*\}\}\n?`)
)

// substitute puts the call's arguments into an included file: {{ $name }} is the named
// argument, {{ $1 }} the second positional one (the first names the file), and a block
// from a line {{ if $name }} (or {{ if not $name }}) to a line {{ end }} is kept only when
// the argument is set (is not). A placeholder without an argument is left as written.
func substitute(src []byte, args []Arg) []byte {
	if !bytes.Contains(src, []byte("{{")) {
		return src
	}
	vals := map[string]string{}
	n := 0
	for _, a := range args {
		if a.Key == "" {
			vals[strconv.Itoa(n)] = a.Value
			n++
		} else {
			vals[a.Key] = a.Value
		}
	}
	src = ifBlock.ReplaceAllFunc(src, func(m []byte) []byte {
		sub := ifBlock.FindSubmatch(m)
		set := vals[string(sub[2])] != ""
		if (len(sub[1]) > 0) != set {
			return sub[3]
		}
		return nil
	})
	return placeholder.ReplaceAllFunc(src, func(m []byte) []byte {
		if v, ok := vals[string(placeholder.FindSubmatch(m)[1])]; ok {
			return []byte(v)
		}
		return m
	})
}
