package outline

import (
	"os"
	"testing"
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
		n := len(newLineIndex(src))
		for _, sec := range p.Sections {
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
