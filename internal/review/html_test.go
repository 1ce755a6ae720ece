package review

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/text/language"

	"docsite/internal/config"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var htmlOut = flag.String("htmlout", "", "also write the seed review pages to this directory (to check them by eye or with a validator)")

// writeSeedReview writes the HTML review of the seeds, with one row dropped from the zh table
// and the source edited after accepting ja, so that errors and staleness show.
func writeSeedReview(t *testing.T) map[string][]byte {
	t.Helper()
	st := Accept(Run(seeds(t, nil)), "ja")
	in := seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return deleteLines(s, 46, 67) },
		"content/en/gpu-cloud.md": func(s string) string { return strings.Replace(s, "Dozens of kernels", "Dozens of CPU kernels", 1) },
	})
	in.States = []State{st}
	files := map[string][]byte{}
	err := WriteHTML(Run(in), nil, func(rel string, data []byte) error {
		if _, dup := files[rel]; dup {
			t.Errorf("%s written twice", rel)
		}
		files[rel] = data
		if *htmlOut != "" {
			p := filepath.Join(*htmlOut, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, data, 0o644)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestWriteHTMLAllPages(t *testing.T) {
	var names []string
	var survey string
	err := WriteHTML(Run(site(t)), nil, func(rel string, data []byte) error {
		names = append(names, rel)
		if rel == "_review/gpu-survey/index.html" {
			survey = string(data)
		}
		return nil
	})
	// A page in Chinese only has one column; it is an orphan (no en source), which no other
	// language is missing.
	if strings.Count(survey, `scope="col"`) != 1 || strings.Count(survey, "missing-page") != 0 ||
		strings.Count(survey, "orphan: translation without a source") != 1 {
		t.Errorf("survey review:\n%.1500s", survey)
	}
	want := "_review/review.css _review/index.html _review/gpu-cloud/index.html _review/gpu-platforms/index.html _review/gpu-survey/index.html"
	if err != nil || strings.Join(names, " ") != want {
		t.Errorf("wrote %v, %v", names, err)
	}
}

func TestWriteHTML(t *testing.T) {
	files := writeSeedReview(t)
	var names []string
	for rel := range files {
		names = append(names, rel)
	}
	for _, want := range []string{"_review/index.html", "_review/review.css", "_review/gpu-cloud/index.html"} {
		if files[want] == nil {
			t.Errorf("%s not written; have %v", want, names)
		}
	}
	page := string(files["_review/gpu-cloud/index.html"])
	for _, want := range []string{
		`<meta name="robots" content="noindex">`,
		`<a href="../../ja/gpu-cloud/" hreflang="ja">ja</a>`,
		`href="../../_review/review.css"`,
		`<strong>error</strong> missing-row: row 3 is missing`,
		`<strong>warning</strong> stale: source section`,
		`lang="zh-Hans"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("gpu-cloud review lacks %q", want)
		}
	}
	golden(t, "testdata/gpu-cloud-review.html", files["_review/gpu-cloud/index.html"])
	golden(t, "testdata/index-review.html", files["_review/index.html"])
	if _, err := html.Parse(strings.NewReader(page)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page, "page-findings") {
		t.Errorf("some finding found no cell:\n%s", page[strings.Index(page, "page-findings"):][:500])
	}
}

// golden compares data with a reviewed file, or rewrites the file under -update.
func golden(t *testing.T, file string, data []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, data) {
		t.Errorf("%s differs; run go test -update and review the diff", file)
	}
}

// What a finding quotes in Chinese, Japanese or Korean is marked with its language on the
// review's English pages, and the rest is escaped as it was.
func TestQuotedMarksCJKRuns(t *testing.T) {
	for _, tt := range []struct {
		f    Finding
		want string
	}{
		{Finding{Message: `cell "当 <b>" read as 1`, Source: Pos{File: "content/zh/a.md"}}, `cell &#34;<span lang="zh-Hans">当</span> &lt;b&gt;&#34; read as 1`},
		{Finding{Message: "名前「テスト」と한국", Source: Pos{File: "content/ja/a.md"}}, `<span lang="ja">名前「テスト」と</span><span lang="ko">한국</span>`},
		{Finding{Message: "plain English"}, "plain English"},
	} {
		langs := []config.Lang{{Code: "en", Tag: language.English, BCP47: "en"}, {Code: "zh", Tag: language.Make("zh-Hans"), BCP47: "zh-Hans"}, {Code: "ja", Tag: language.Japanese, BCP47: "ja"}}
		if got := string(quoted(tt.f, langs)); got != tt.want {
			t.Errorf("quoted(%q) = %s, want %s", tt.f.Message, got, tt.want)
		}
	}
}
