package shortcode

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/theme"
)

// Set is the shortcode templates of a site: every templates/shortcodes/**/NAME.html of the
// overlaid theme tree, the site's own overriding the built-in ones of the same name. A
// template in a sub-folder is called by its path: shortcodes/blog/note.html is "blog/note".
//
// Templates are html/template files executed with a *Context (see there for .Get, .Inner,
// .Page, .Site, .Lang, .Parent) and may call T (a UI string of the page's language), ref
// and relref (the link to a page by content path: {{ ref . "docs/install.md" }}), errorf
// (stop with an error at the shortcode's position), param and include (the built-in
// shortcodes of those names), partial (templates/partials/NAME.html) and the Hugo
// functions of funcs.go.
type Set struct {
	names    []string
	tmpl     map[string]*template.Template
	inner    map[string]Inner
	partials map[string]*template.Template // templates/partials/NAME.html, by NAME
}

// Dir is the folder of the templates tree that holds shortcode templates.
const Dir = "shortcodes"

// PartialsDir is the folder of the templates tree whose templates shortcode templates
// call with partial ({{ partial "name" . }} runs partials/name.html).
const PartialsDir = "partials"

// Load parses every shortcode template of the overlaid templates tree fsys.
func Load(fsys fs.FS) (*Set, error) {
	s := &Set{tmpl: map[string]*template.Template{}, inner: map[string]Inner{}, partials: map[string]*template.Template{}}
	if err := parseDir(fsys, PartialsDir, func(name string, t *template.Template, _ []byte) {
		s.partials[name] = t
	}); err != nil {
		return nil, err
	}
	err := parseDir(fsys, Dir, func(name string, t *template.Template, src []byte) {
		s.names = append(s.names, name)
		s.tmpl[name] = t
		// As in Hugo: a template that mentions .Inner takes inner content.
		s.inner[name] = InnerNone
		if bytes.Contains(src, []byte(".Inner")) {
			s.inner[name] = InnerRequired
		}
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(s.names)
	return s, nil
}

// parseDir parses every dir/**/NAME.html of fsys and hands each to add by its name below
// dir, without ".html".
func parseDir(fsys fs.FS, dir string, add func(name string, t *template.Template, src []byte)) error {
	if _, err := fs.Stat(fsys, dir); err != nil {
		return nil
	}
	files, err := theme.Files(fsys, dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		if path.Ext(f) != ".html" {
			continue
		}
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(strings.TrimPrefix(f, dir+"/"), ".html")
		t, err := template.New("templates/" + f).Funcs(funcs(nil, nil)).Parse(string(src))
		if err != nil {
			return diag.Template("templates/"+f, err)
		}
		add(name, t, src)
	}
	return nil
}

// Names lists the templates, sorted.
func (s *Set) Names() []string { return s.names }

// Inner says whether the template called name takes inner content; InnerUnknown when
// there is no such template.
func (s *Set) Inner(name string) Inner { return s.inner[name] }

// Strings looks up the UI strings of one language.
type Strings func(id string, data ...map[string]any) string

// Lang binds the set to one language's UI strings (the T function of its templates).
func (s *Set) Lang(t Strings) (*LangSet, error) {
	ls := &LangSet{set: s, tmpl: make(map[string]*template.Template, len(s.tmpl)),
		partials: make(map[string]*template.Template, len(s.partials))}
	for _, from := range []struct{ src, dst map[string]*template.Template }{{s.tmpl, ls.tmpl}, {s.partials, ls.partials}} {
		for name, tm := range from.src {
			c, err := tm.Clone()
			if err != nil {
				return nil, err
			}
			from.dst[name] = c.Funcs(funcs(t, ls))
		}
	}
	return ls, nil
}

// LangSet is a Set bound to one language; it runs templates concurrently.
type LangSet struct {
	set      *Set
	tmpl     map[string]*template.Template
	partials map[string]*template.Template
	render   Render
}

// SetRender hands the set what the markdown stage renders for its templates; call it
// once, before any template runs.
func (ls *LangSet) SetRender(r Render) { ls.render = r }

// Inner is Set.Inner.
func (ls *LangSet) Inner(name string) Inner { return ls.set.Inner(name) }

// Has reports whether there is a template called name.
func (ls *LangSet) Has(name string) bool { return ls.tmpl[name] != nil }

// Run executes the template of ctx.Name.
func (ls *LangSet) Run(ctx *Context) (template.HTML, error) {
	t := ls.tmpl[ctx.Name]
	if t == nil {
		return "", fmt.Errorf("no template for shortcode %q", ctx.Name)
	}
	ctx.render = &ls.render
	var b bytes.Buffer
	if err := t.Execute(&b, ctx); err != nil {
		var ee *execError
		if errors.As(err, &ee) {
			return "", ee
		}
		return "", templateError{diag.Template("", err)}
	}
	out := ctx.takeWarnings(b.String())
	// Template files end with a line break, which would put a space after an inline call.
	return template.HTML(strings.TrimRight(out, "\n")), nil
}

// execError is an error a template raised on purpose (errorf, a missing ref target): its
// message is for the page's author, without the template's position.
type execError struct{ msg string }

// templateError is a template's failure, told at its place in the template: the call's
// diagnostic (at the page) quotes it.
type templateError struct{ d diag.Diagnostic }

func (e templateError) Error() string { return e.d.Pos() + ": " + e.d.Message }

func (e *execError) Error() string { return e.msg }

// IsAuthorError reports whether err is a problem of the page (a missing ref target, an
// argument a template rejected with errorf) rather than of the template.
func IsAuthorError(err error) bool {
	var ee *execError
	return errors.As(err, &ee)
}

func funcs(t Strings, ls *LangSet) template.FuncMap {
	tr := func(id string, kv ...any) string {
		if t == nil {
			return id
		}
		if len(kv) == 0 {
			return t(id)
		}
		data := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			if k, ok := kv[i].(string); ok {
				data[k] = kv[i+1]
			}
		}
		return t(id, data)
	}
	m := template.FuncMap{
		"T":       tr,
		"i18n":    tr,
		"heading": heading,
		"ref":     ref,
		"relref":  ref,
		"param":   param,
		"include": include,
		"errorf": func(format string, args ...any) (string, error) {
			return "", &execError{fmt.Sprintf(format, args...)}
		},
		"partial": func(name string, data ...any) (template.HTML, error) {
			return ls.partial(name, data...)
		},
		// markdownify is Hugo's (one paragraph loses its <p>); markdown keeps blocks as
		// they are, for inner content.
		"markdownify": func(s any) (template.HTML, error) {
			h, err := ls.markdown(s)
			if inner, ok := strings.CutPrefix(string(h), "<p>"); ok && strings.HasSuffix(inner, "</p>") && !strings.Contains(inner, "<p>") {
				h = template.HTML(strings.TrimSuffix(inner, "</p>"))
			}
			return h, err
		},
		"markdown": ls.markdown,
		"highlight": func(code any, lang string, opts ...string) (template.HTML, error) {
			if ls == nil || ls.render.Highlight == nil {
				return template.HTML("<pre><code>" + template.HTMLEscapeString(toString(code)) + "</code></pre>"), nil
			}
			return ls.render.Highlight(toString(code), lang, strings.Join(opts, ","))
		},
	}
	for name, f := range hugoFuncs {
		m[name] = f
	}
	return m
}

func (ls *LangSet) markdown(s any) (template.HTML, error) {
	if ls == nil || ls.render.Markdown == nil {
		return template.HTML(template.HTMLEscapeString(toString(s))), nil
	}
	return ls.render.Markdown(toString(s))
}

// partial runs the partial template name (partials/NAME.html; "NAME.html" is the same)
// with data as dot.
func (ls *LangSet) partial(name string, data ...any) (template.HTML, error) {
	var t *template.Template
	if ls != nil {
		t = ls.partials[strings.TrimSuffix(name, ".html")]
	}
	if t == nil {
		return "", fmt.Errorf("partial %q: no templates/%s/%s.html", name, PartialsDir, strings.TrimSuffix(name, ".html"))
	}
	var dot any
	if len(data) > 0 {
		dot = data[0]
	}
	var b bytes.Buffer
	if err := t.Execute(&b, dot); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// heading writes <hN class="class">text</hN>: html/template allows no action in a tag name.
func heading(level int, class, text string) template.HTML {
	level = min(max(level, 2), 6)
	h := "h" + strconv.Itoa(level)
	return template.HTML("<" + h + ` class="` + template.HTMLEscapeString(class) + `">` + template.HTMLEscapeString(text) + "</" + h + ">")
}
