package diag

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEveryCodeDocumented reads the module's Go source (tests left out) for every code a
// diagnostic or review finding is made with, and checks that Codes documents each, and
// that Codes documents no other.
func TestEveryCodeDocumented(t *testing.T) {
	used := usedCodes(t, "../..")
	if len(used) < 40 {
		t.Fatalf("found only %d codes in the source; the scan is broken", len(used))
	}
	documented := map[string]bool{}
	for _, c := range Codes {
		documented[c.Code] = true
	}
	for _, code := range slices.Sorted(maps.Keys(used)) {
		if !documented[code] {
			t.Errorf("code %q (%s) is not documented in Codes", code, used[code])
		}
	}
	for _, c := range Codes {
		if _, ok := used[c.Code]; !ok {
			t.Errorf("Codes documents %q, which no code reports", c.Code)
		}
	}
}

// Every entry says what the code means, shows it, and says how to fix it; codes are
// kebab-case words (a family ends in "/<name>"), sorted, once each.
func TestCodesComplete(t *testing.T) {
	kebab := regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)*(/<[a-z]+>)?$`)
	for i, c := range Codes {
		if !kebab.MatchString(c.Code) {
			t.Errorf("code %q is not kebab-case", c.Code)
		}
		if i > 0 && Codes[i-1].Code >= c.Code {
			t.Errorf("code %q is not after %q: keep Codes sorted", c.Code, Codes[i-1].Code)
		}
		if c.Stage == "" || c.Severity == "" || c.Means == "" || c.Example == "" || c.Fix == "" {
			t.Errorf("code %q lacks a field: %+v", c.Code, c)
		}
		if base := strings.TrimSuffix(c.Code, "/<rule>"); !strings.Contains(c.Example, ": "+base) {
			t.Errorf("the example of %q does not show the code: %s", c.Code, c.Example)
		}
	}
}

// usedCodes finds, in the non-test Go files of the module at root, the codes diagnostics
// are made with: the code argument of diag.Errorf and diag.Warnf, the Code of a
// diag.Diagnostic literal and the Check of a review.Finding literal. A code is a constant
// (a literal, or a constant of any package), a constant prefix followed by a name (a
// family: "axe/"+id is "axe/<rule>"), or a parameter of a function that passes it on,
// whose calls are then read the same way. Reading a field (f.Check) passes on a code made
// elsewhere. The packages are type-checked, their imports read from the export data go
// list gives. It maps each code to the first place it is made.
func usedCodes(t *testing.T, root string) map[string]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{.Module}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	type pkg struct {
		path, dir string
		files     []string
	}
	var own []pkg
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		exports[f[0]] = f[1]
		if f[2] == "docsite" {
			own = append(own, pkg{f[0], f[3], strings.Fields(f[4])})
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	s := &codeScan{t: t, fset: fset, used: map[string]string{}, passers: map[passer]bool{}}
	for _, p := range own {
		var files []*ast.File
		for _, name := range p.files {
			f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		if _, err := (&types.Config{Importer: imp}).Check(p.path, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", p.path, err)
		}
		s.pkgs = append(s.pkgs, checked{files, info})
	}
	for _, p := range s.pkgs {
		s.made(p)
	}
	// Read the calls of the functions that pass a code on, until no new one is found.
	for read := 0; read < len(s.passers); {
		read = len(s.passers)
		for _, p := range s.pkgs {
			s.calls(p)
		}
	}
	return s.used
}

type checked struct {
	files []*ast.File
	info  *types.Info
}

type codeScan struct {
	t       *testing.T
	fset    *token.FileSet
	pkgs    []checked
	used    map[string]string
	passers map[passer]bool
}

// passer is a function (by its full name) and the index of a parameter it passes a code on
// in.
type passer struct {
	fn  string
	arg int
}

// made records the codes the diagnostics and findings of package p are made with.
func (s *codeScan) made(p checked) {
	eachInFunc(p, func(fn *types.Func, n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if f := callee(p.info, n); f != nil && f.Pkg() != nil && f.Pkg().Path() == "docsite/internal/diag" &&
				(f.Name() == "Errorf" || f.Name() == "Warnf") {
				s.code(p, fn, n.Args[3])
			}
		case *ast.CompositeLit:
			field := map[string]string{"docsite/internal/diag.Diagnostic": "Code", "docsite/internal/review.Finding": "Check"}[types.TypeString(p.info.Types[n].Type, nil)]
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok && field != "" {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
						s.code(p, fn, kv.Value)
					}
				}
			}
		}
	})
}

// calls reads the codes passed to the functions that pass one on.
func (s *codeScan) calls(p checked) {
	eachInFunc(p, func(fn *types.Func, n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if f := callee(p.info, call); f != nil {
				for ps := range s.passers {
					if ps.fn == f.FullName() {
						s.code(p, fn, call.Args[ps.arg])
					}
				}
			}
		}
	})
}

// eachInFunc calls visit with every node of p's function declarations and the function.
func eachInFunc(p checked, visit func(fn *types.Func, n ast.Node)) {
	for _, f := range p.files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, _ := p.info.Defs[fd.Name].(*types.Func)
			ast.Inspect(fd, func(n ast.Node) bool {
				visit(fn, n)
				return true
			})
		}
	}
}

func callee(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := call.Fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// code records the code expression e, in function fn of package p, stands for.
func (s *codeScan) code(p checked, fn *types.Func, e ast.Expr) {
	at := s.fset.Position(e.Pos()).String()
	if tv := p.info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
		s.add(constant.StringVal(tv.Value), at)
		return
	}
	switch e := e.(type) {
	case *ast.BinaryExpr: // a family: "axe/" + rule
		if tv := p.info.Types[e.X]; e.Op == token.ADD && tv.Value != nil && tv.Value.Kind() == constant.String {
			s.add(constant.StringVal(tv.Value)+"<rule>", at)
			return
		}
	case *ast.Ident:
		if i := paramIndex(fn, p.info.Uses[e]); i >= 0 {
			s.passers[passer{fn.FullName(), i}] = true
			return
		}
	case *ast.SelectorExpr:
		if sel := p.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			return // a field: passes on a code made elsewhere
		}
	}
	s.t.Errorf("%s: cannot tell which diagnostic code this is", at)
}

func (s *codeScan) add(code, at string) {
	if _, ok := s.used[code]; !ok {
		s.used[code] = at
	}
}

// paramIndex is the index of obj among fn's parameters, or -1.
func paramIndex(fn *types.Func, obj types.Object) int {
	if fn == nil || obj == nil {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == obj {
			return i
		}
	}
	return -1
}
