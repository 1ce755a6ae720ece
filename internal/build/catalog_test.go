package build

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The GPU catalog is a module behind one seam: one file of the build imports it (the one
// that declares catalogModule), and no other imports package gpu or its subpackages.
func TestOneSeamImportsTheCatalog(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var importers []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "docsite/internal/gpu" || strings.HasPrefix(p, "docsite/internal/gpu/") {
				importers = append(importers, name)
				if !declares(f, "catalogModule") {
					t.Errorf("%s imports %s but is not the seam (the file that declares catalogModule)", name, p)
				}
			}
		}
	}
	if len(importers) != 1 {
		t.Errorf("files of the build that import the GPU packages: %v, want only the seam", importers)
	}
}

// declares reports whether file f declares the type name.
func declares(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, spec := range g.Specs {
				if spec.(*ast.TypeSpec).Name.Name == name {
					return true
				}
			}
		}
	}
	return false
}
