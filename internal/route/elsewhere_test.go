package route

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The package comment says no other package computes a URL or an output file name. This
// test holds the code to it: it reads the Go files of every other package (tests aside)
// and reports each string literal that spells a name the build publishes or a folder it
// writes to. Where such a literal is no rule of the output (a template's file name, a
// static host's rule that a checker or a server imitates), it is listed in spelled with
// the reason.

// outputNames are the names of the build's own files and folders: a literal holding one
// of them, or ending in ".html", spells an output file name.
var outputNames = []string{
	"index.html", "404.html", "sitemap.xml", "atom.xml", "index.xml",
	"_search", "_review", "/static/",
}

// spelled are the literals other packages may spell, by package folder and literal, and
// why.
var spelled = map[[2]string]string{
	// A static host's rules, which the preview server and the output checks imitate on
	// their own: a checker that took them from route would agree with any mistake of it.
	{"internal/serve", "index.html"}:             "a static host serves a folder's index.html",
	{"internal/serve", "/404.html"}:              "a static host serves a language folder's 404.html",
	{"internal/serve", "404.html"}:               "a static host serves the root's 404.html",
	{"internal/serve", ".html"}:                  "the media type of a file by its extension",
	{"internal/sitecheck/site", "index.html"}:    "a static host serves a folder's index.html",
	{"internal/sitecheck/site", "/index.html"}:   "a static host serves a folder's index.html",
	{"internal/sitecheck/site", ".html"}:         "the checks read every HTML file of the output",
	{"internal/sitecheck/browser", "404.html"}:   "a not-found page has no language switcher to check",
	{"cmd/benchcompare", ".html"}:                "Hugo's and docsite's output compared, and a plain goldmark floor's",
	{"internal/render", ".html"}:                 "template files (templates/*.html), not output",
	{"internal/render", "baseof.html"}:           "a template file",
	{"internal/render", "templates/baseof.html"}: "a template file",
	{"internal/shortcode", ".html"}:              "shortcode and partial templates (templates/shortcodes/*.html)",
	{"internal/review", "html/*.html"}:           "the review's embedded templates",
	{"internal/review", "page.html"}:             "a template of the review",
	{"internal/review", "page-end.html"}:         "a template of the review",
}

func TestNoOtherPackageSpellsAnOutputName(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	seen := map[[2]string]bool{}
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "route" && filepath.Dir(name) == filepath.Join(root, "internal")) {
				return filepath.SkipDir
			}
			if d.IsDir() || filepath.Ext(name) != ".go" || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			pkg, _ := filepath.Rel(root, filepath.Dir(name))
			pkg = filepath.ToSlash(pkg)
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || prose(s) || !outputName(s) {
					return true
				}
				key := [2]string{pkg, s}
				if _, ok := spelled[key]; ok {
					seen[key] = true
					return true
				}
				t.Errorf("%s: %s spells an output file name or folder: ask package route", fset.Position(lit.Pos()), lit.Value)
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for key := range spelled {
		if !seen[key] {
			t.Errorf("spelled lists %q in %s, which no longer spells it: remove it", key[1], key[0])
		}
	}
}

// prose reports whether literal s is text for a reader (a message, a flag's help, an
// example in the table of codes) or a URL of another site, which name output files without
// deciding them.
func prose(s string) bool {
	return strings.ContainsAny(s, " \n") || strings.Contains(s, "//")
}

// outputName reports whether literal s spells a name the build publishes (outputNames).
func outputName(s string) bool {
	return strings.HasSuffix(s, ".html") || slices.ContainsFunc(outputNames, func(n string) bool { return strings.Contains(s, n) })
}
