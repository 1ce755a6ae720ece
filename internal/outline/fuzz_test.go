package outline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"docsite/internal/table"
)

// FuzzBuild: any markdown outlines without a panic, and every line it reports lies in the
// file, blocks in order inside their section.
func FuzzBuild(f *testing.F) {
	for _, lang := range []string{"en", "zh", "ja"} {
		src, err := os.ReadFile("testdata/seeds/" + lang + "/gpu-cloud.md")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Add("<table><tr><td>a</table>\n# h\n<TABLE>\n\n<tr><td>x\n\n</TABLE>tail\n![i](/x)\n")
	f.Add("| a |\n|---|\n| 1 |\n\n```\ncode\n")
	f.Fuzz(func(t *testing.T, s string) {
		src := []byte(s)
		p := parse(t, "f.md", src)
		checkRowNumbers(t, p)
		checkDerived(t, p)
		checkUnhashed(t, src)
		checkForSections(t, src)
		n := len(newLineIndex(src))
		for _, sec := range p.Sections {
			if want := plainHash(src, sec.Line, sec.EndLine); sec.Hash != want {
				t.Fatalf("section %q hash %s, want %s", sec.Title, sec.Hash, want)
			}
			if sec.Line < 1 || sec.Line > n || sec.EndLine < sec.Line || sec.EndLine > n {
				t.Fatalf("section %q lines %d-%d of %d", sec.Title, sec.Line, sec.EndLine, n)
			}
			for _, b := range sec.Blocks {
				if b.Line < 1 || b.Line > n || b.EndLine < b.Line || b.EndLine > n {
					t.Fatalf("%s block lines %d-%d of %d", b.Kind, b.Line, b.EndLine, n)
				}
				for _, sg := range b.Segments {
					if sg.Line < 1 || sg.Line > n {
						t.Fatalf("segment line %d of %d", sg.Line, n)
					}
				}
			}
		}
	})
}

// checkDerived: what Build reads once from a block's or row's text is what reading it
// again gives: the text is the segments joined by spaces, each segment collapsed and not
// empty; weights and anchors are those of the text; a block's numbers are those of each
// segment in turn; a row's text is its cells' each followed by a line break.
func checkDerived(t *testing.T, p *Page) {
	t.Helper()
	for _, s := range p.Sections {
		for _, b := range s.Blocks {
			var texts []string
			var numbers []Number
			for _, sg := range b.Segments {
				if sg.Text == "" || collapse(sg.Text) != sg.Text {
					t.Fatalf("segment %q not collapsed", sg.Text)
				}
				texts = append(texts, sg.Text)
				for _, n := range SignificantNumbers(sg.Text) {
					numbers = append(numbers, Number{n, sg.Line})
				}
			}
			text := strings.Join(texts, " ")
			a := TextAnchors(text)
			if b.Text() != text || b.Weight != Weight(text) || !slices.Equal(b.Anchors.Numbers, a.Numbers) || !slices.Equal(b.Anchors.Codes, a.Codes) {
				t.Fatalf("block at line %d: text %q weight %v anchors %q %q; want %q %v %q %q", b.Line, b.Text(), b.Weight, b.Anchors.Numbers, b.Anchors.Codes, text, Weight(text), a.Numbers, a.Codes)
			}
			if b.Table == nil && !slices.Equal(b.Numbers, numbers) {
				t.Fatalf("block at line %d: numbers %v, want %v", b.Line, b.Numbers, numbers)
			}
			if b.Table == nil && b.ByRune != FoldsByRune(text) {
				t.Fatalf("block at line %d: ByRune %v for %q", b.Line, b.ByRune, text)
			}
			if b.Table == nil {
				continue
			}
			for _, r := range b.Table.Rows {
				var rt strings.Builder
				w := 0.0
				for _, c := range r.Cells {
					if c.Weight != Weight(c.Text) || c.ByRune != FoldsByRune(c.Text) {
						t.Fatalf("cell %q weight %v ByRune %v", c.Text, c.Weight, c.ByRune)
					}
					w += c.Weight
					rt.WriteString(c.Text + "\n")
				}
				a := TextAnchors(rt.String())
				if r.Weight != w || !slices.Equal(r.Anchors.Numbers, a.Numbers) || !slices.Equal(r.Anchors.Codes, a.Codes) {
					t.Fatalf("row at line %d: weight %v anchors %q %q; want %v %q %q", r.Line, r.Weight, r.Anchors.Numbers, r.Anchors.Codes, w, a.Numbers, a.Codes)
				}
			}
		}
	}
}

// plainHash is Section.Hash by its definition: the first 16 hex digits of the SHA-256 of
// lines from..to (1-based), each without trailing white space and followed by a line break.
func plainHash(src []byte, from, to int) string {
	lines := bytes.SplitAfter(src, []byte{'\n'})
	h := sha256.New()
	for l := from; l <= to && l <= len(lines); l++ {
		h.Write(bytes.TrimRight(lines[l-1], " \t\r\n"))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// checkForSections: BuildForSections is Build but for what a table's rows carry beyond
// their lines and cells' texts, and a table's weight.
func checkForSections(t testing.TB, src []byte) {
	t.Helper()
	doc, src := parseDoc(src)
	want, got := Build(doc, src, "f.md"), BuildForSections(doc, src, "f.md", true)
	for _, s := range want.Sections {
		for i := range s.Blocks {
			b := &s.Blocks[i]
			if b.Table == nil {
				continue
			}
			b.Weight = 0
			for k := range b.Table.Rows {
				r := &b.Table.Rows[k]
				r.Weight, r.Anchors, r.Numbers = 0, Anchors{}, nil
				for c := range r.Cells {
					r.Cells[c].Weight, r.Cells[c].ByRune = 0, false
				}
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		for i, s := range want.Sections {
			for k := range s.Blocks {
				if i < len(got.Sections) && k < len(got.Sections[i].Blocks) && !reflect.DeepEqual(s.Blocks[k], got.Sections[i].Blocks[k]) {
					t.Fatalf("section %d block %d: BuildForSections gives\n%+v\nBuild\n%+v", i, k, got.Sections[i].Blocks[k], s.Blocks[k])
				}
			}
		}
		t.Fatalf("BuildForSections differs from Build beyond the tables' rows")
	}
}

// parseDoc parses src, its front matter blanked, as parse does, and returns the tree and
// the source it was parsed from.
func parseDoc(src []byte) (ast.Node, []byte) {
	src = blankFrontMatter(src)
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK, table.NewExtension()))
	return md.Parser().Parse(text.NewReader(src)), src
}

// checkUnhashed: BuildUnhashed outlines src as Build does, but for the sections' hashes.
func checkUnhashed(t *testing.T, src []byte) {
	t.Helper()
	doc, src := parseDoc(src)
	want, got := Build(doc, src, "f.md"), BuildUnhashed(doc, src, "f.md")
	for _, s := range want.Sections {
		s.Hash = ""
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BuildUnhashed differs from Build beyond the hashes")
	}
}
