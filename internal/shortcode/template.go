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
// .Page, .Lang, .Parent) and may call T (a UI string of the page's language), ref and
// relref (the link to a page by content path: {{ ref . "docs/install.md" }}) and errorf
// (stop with an error at the shortcode's position).
type Set struct {
	names []string
	tmpl  map[string]*template.Template
	inner map[string]Inner
}

// Dir is the folder of the templates tree that holds shortcode templates.
const Dir = "shortcodes"

// Load parses every shortcode template of the overlaid templates tree fsys.
func Load(fsys fs.FS) (*Set, error) {
	s := &Set{tmpl: map[string]*template.Template{}, inner: map[string]Inner{}}
	if _, err := fs.Stat(fsys, Dir); err != nil {
		return s, nil
	}
	files, err := theme.Files(fsys, Dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if path.Ext(f) != ".html" {
			continue
		}
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(strings.TrimPrefix(f, Dir+"/"), ".html")
		t, err := template.New("templates/" + f).Funcs(funcs(nil)).Parse(string(src))
		if err != nil {
			return nil, diag.Template("templates/"+f, err)
		}
		s.names = append(s.names, name)
		s.tmpl[name] = t
		// As in Hugo: a template that mentions .Inner takes inner content.
		s.inner[name] = InnerNone
		if bytes.Contains(src, []byte(".Inner")) {
			s.inner[name] = InnerRequired
		}
	}
	slices.Sort(s.names)
	return s, nil
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
	ls := &LangSet{set: s, tmpl: make(map[string]*template.Template, len(s.tmpl))}
	for name, tm := range s.tmpl {
		c, err := tm.Clone()
		if err != nil {
			return nil, err
		}
		ls.tmpl[name] = c.Funcs(funcs(t))
	}
	return ls, nil
}

// LangSet is a Set bound to one language; it runs templates concurrently.
type LangSet struct {
	set  *Set
	tmpl map[string]*template.Template
}

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
	var b bytes.Buffer
	if err := t.Execute(&b, ctx); err != nil {
		var ee *execError
		if errors.As(err, &ee) {
			return "", ee
		}
		return "", templateError{diag.Template("", err)}
	}
	// Template files end with a line break, which would put a space after an inline call.
	return template.HTML(strings.TrimRight(b.String(), "\n")), nil
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

func funcs(t Strings) template.FuncMap {
	return template.FuncMap{
		"T": func(id string, kv ...any) string {
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
		},
		"heading": heading,
		"ref":     ref,
		"relref":  ref,
		"errorf": func(format string, args ...any) (string, error) {
			return "", &execError{fmt.Sprintf(format, args...)}
		},
	}
}

// heading writes <hN class="class">text</hN>: html/template allows no action in a tag name.
func heading(level int, class, text string) template.HTML {
	level = min(max(level, 2), 6)
	h := "h" + strconv.Itoa(level)
	return template.HTML("<" + h + ` class="` + template.HTMLEscapeString(class) + `">` + template.HTMLEscapeString(text) + "</" + h + ">")
}
