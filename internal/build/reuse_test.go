package build

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// A live build takes nothing from the build cache, whatever the options say: its reuser
// is the last live build's (chosen in Live.full), and its pages have their sidebars as a
// build without the cache gives them.
func TestLiveIgnoresBuildCache(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	_, snap := startLiveWith(t, Options{Source: dir, Cache: t.TempDir()})
	sameAsFullWith(t, "live with a cache folder", Options{Source: dir}, snap, nil)
}

// The build writes through one output type: no value is taken for one of the package's
// own types (a sink for a *capture, say) by an assertion that panics when it is not,
// x.(T) alone; an assertion of the package's types tells what it finds (v, ok := x.(T),
// or a type switch).
func TestNoUncheckedTypeAssertions(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
					checked[n.Rhs[0]] = true
				}
			case *ast.ValueSpec:
				if len(n.Names) == 2 && len(n.Values) == 1 {
					checked[n.Values[0]] = true
				}
			case *ast.TypeAssertExpr:
				if n.Type != nil && !checked[n] && ownType(n.Type) {
					t.Errorf("%s: unchecked type assertion", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}

// ownType reports whether the type expression e names a type declared without a package
// (this package's, or a predeclared one such as error), or a pointer to one: T or *T, not
// pkg.T, []T or *[]T.
func ownType(e ast.Expr) bool {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	_, ok := e.(*ast.Ident)
	return ok
}
