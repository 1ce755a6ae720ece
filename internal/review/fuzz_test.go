package review

import (
	"os"
	"testing"

	"docsite/internal/config"
)

// FuzzRun: any source and translation review without a panic, and every finding names a
// line inside its files (or 0).
func FuzzRun(f *testing.F) {
	en, err := os.ReadFile(seedsDir + "/en/gpu-cloud.md")
	if err != nil {
		f.Fatal(err)
	}
	ja, err := os.ReadFile(seedsDir + "/ja/gpu-cloud.md")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(en), string(ja))
	f.Add(enPage, jaPage)
	f.Add("## A\n\n| a |\n|---|\n| 1 |\n", "<table><tr><td>1<tr><td>2</table>\n## A\n")
	f.Fuzz(func(t *testing.T, src, tgt string) {
		r := Run(Input{Default: "en", Locales: []config.Lang{{Code: "en"}, {Code: "ja"}}, Docs: []Doc{
			doc("en", "p", "en/p.md", []byte(src)),
			doc("ja", "p", "ja/p.md", []byte(tgt)),
		}})
		srcLines, tgtLines := lineCount(src), lineCount(tgt)
		for _, fd := range r.Findings {
			if fd.Source.Line < 0 || fd.Source.Line > srcLines+1 || fd.Target.Line < 0 || fd.Target.Line > tgtLines+1 {
				t.Fatalf("%s at %v -> %v, files of %d and %d lines", fd.Check, fd.Source, fd.Target, srcLines, tgtLines)
			}
		}
		if err := WriteHTML(r, nil, func(string, []byte) error { return nil }); err != nil {
			t.Fatal(err)
		}
	})
}

func lineCount(s string) int {
	n := 1
	for _, c := range s {
		if c == '\n' {
			n++
		}
	}
	return n
}
