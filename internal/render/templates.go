package render

import (
	"bytes"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/theme"
)

// Templates are the parsed page templates: one set per page kind, each the base layout
// (baseof.html) plus the kind's file, which defines "main" (and may define "title").
// Files whose name starts with "_" are partials, parsed into every set of their folder.
//
// Every template may call the functions T (UI string), TN (plural UI string) and rel (a
// site path made relative to the page). They depend on the page, so a set that uses them
// is cloned and bound for each page it renders; the top-level kinds use the page's
// methods (.T, .N, .Rel) instead and need no clone.
//
// The files of notices/ are not pages but notices the build puts into a page's body, each
// a template of its own (notices/stale.html: StaleNotice).
type Templates struct {
	kinds   map[string]*template.Template
	bound   map[string]bool    // kinds whose templates call the page-bound functions
	notices *template.Template // the files of notices/, by name "templates/notices/<file>"
}

// funcs are the page-bound template functions; at parse time they are placeholders.
func funcs(p *Page) template.FuncMap {
	return template.FuncMap{
		"T":   func(id string) string { return p.T(id) },
		"TN":  func(id string, n int) string { return p.N(id, n) },
		"rel": func(to string) string { return p.Rel(to) },
		// mark wraps the Han and kana runs of s in spans with lang tag (see MarkLang).
		"mark": MarkLang,
	}
}

// standalone templates do not use the base layout.
var standalone = map[string]bool{"root": true, "alias": true}

// LoadTemplates parses every .html file of the theme's templates tree but the shortcodes
// (templates/shortcodes/, see package shortcode). A file a/b.html defines page kind "a/b".
// Template names are the files' paths from the site root, so errors read
// "templates/page.html:12: …".
func LoadTemplates(fsys fs.FS) (*Templates, error) {
	files, err := theme.Files(fsys, ".")
	if err != nil {
		return nil, err
	}
	base, err := parseFile(template.New("templates/baseof.html").Funcs(funcs(nil)), fsys, "baseof.html")
	if err != nil {
		return nil, err
	}
	t := &Templates{kinds: map[string]*template.Template{}, bound: map[string]bool{}, notices: template.New("")}
	for _, f := range files {
		if path.Ext(f) != ".html" || f == "baseof.html" || strings.HasPrefix(path.Base(f), "_") || strings.HasPrefix(f, "shortcodes/") {
			continue
		}
		if path.Dir(f) == "notices" {
			if t.notices, err = parseFile(t.notices, fsys, f); err != nil {
				return nil, err
			}
			continue
		}
		kind := strings.TrimSuffix(f, ".html")
		var set *template.Template
		if standalone[kind] {
			set = template.New("templates/" + f)
		} else if set, err = base.Clone(); err != nil {
			return nil, err
		}
		for _, partial := range files {
			if path.Dir(partial) == path.Dir(f) && strings.HasPrefix(path.Base(partial), "_") {
				if set, err = parseFile(set, fsys, partial); err != nil {
					return nil, err
				}
			}
		}
		if set, err = parseFile(set, fsys, f); err != nil {
			return nil, err
		}
		t.kinds[kind] = set
		t.bound[kind] = path.Dir(f) != "."
	}
	return t, nil
}

func parseFile(set *template.Template, fsys fs.FS, f string) (*template.Template, error) {
	src, err := fs.ReadFile(fsys, f)
	if err != nil {
		return nil, diag.Errorf("templates/"+f, 0, 0, "unreadable", "%v", err)
	}
	name := "templates/" + f
	if set.Name() != name {
		set = set.New(name)
	}
	if _, err := set.Parse(string(src)); err != nil {
		return nil, templateError(name, err)
	}
	return set, nil
}

// Has reports whether the templates have a set for page kind.
func (t *Templates) Has(kind string) bool { _, ok := t.kinds[kind]; return ok }

// Execute renders page p with the template set of kind.
func (t *Templates) Execute(kind string, p *Page) ([]byte, error) {
	set, ok := t.kinds[kind]
	if !ok {
		return nil, diag.Errorf("templates/"+kind+".html", 0, 0, "template", "no template for page kind %q", kind)
	}
	if t.bound[kind] {
		clone, err := set.Clone()
		if err != nil {
			return nil, err
		}
		set = clone.Funcs(funcs(p))
	}
	var buf bytes.Buffer
	// The body, the sidebar and a page shell (2-4 KB with the other navigation), without
	// regrowing: a buffer that doubles its way up copies a page several times over.
	buf.Grow(len(p.Body) + len(p.Sidebar()) + 4<<10)
	name := "templates/baseof.html"
	if standalone[kind] {
		name = "templates/" + kind + ".html"
	}
	if err := set.ExecuteTemplate(&buf, name, p); err != nil {
		return nil, templateError(name, err)
	}
	return buf.Bytes(), nil
}

// notice renders notices/<name>.html with data; a trailing newline of the file is not
// part of the notice.
func (t *Templates) notice(name string, data any) (string, error) {
	file := "templates/notices/" + name + ".html"
	if t.notices.Lookup(file) == nil {
		return "", diag.Errorf(file, 0, 0, "template", "no template for notice %q", name)
	}
	var buf bytes.Buffer
	if err := t.notices.ExecuteTemplate(&buf, file, data); err != nil {
		return "", templateError(file, err)
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// templateError is diag.Template: the error at the place it names, in the template's terms.
func templateError(name string, err error) error { return diag.Template(name, err) }
