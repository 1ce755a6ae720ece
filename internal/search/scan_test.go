package search

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The pages the build writes for its golden sites: the renderer's output in three
// languages, with normalised tables, shortcodes, callouts, code and the theme around them.
const goldenPages = "../build/testdata/golden"

func readGoldenPages(t testing.TB) map[string]string {
	t.Helper()
	pages := map[string]string{}
	err := filepath.WalkDir(goldenPages, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		pages[p] = string(b)
		return err
	})
	if err != nil || len(pages) < 20 {
		t.Fatalf("golden pages: %d read, %v", len(pages), err)
	}
	return pages
}

// sectionsBy reads body with scan (ok false if it would not) or with the tokenizer.
func sectionsBy(body string, useScan bool) (secs []Section, ok bool) {
	var r sectionsReader
	if useScan {
		if !scan(body, &r) {
			return nil, false
		}
	} else {
		tokenize(body, &r)
	}
	return r.done(), true
}

// scan reads every page the build writes, whole and its <main>, as the tokenizer does:
// what makes Sections fast is not lost to a change in the theme or the renderer unseen.
func TestScanReadsBuiltPages(t *testing.T) {
	for name, page := range readGoldenPages(t) {
		for _, body := range []string{MainOf(page)} {
			got, ok := sectionsBy(body, true)
			if !ok {
				t.Errorf("%s: scan hands the page to the tokenizer", name)
				continue
			}
			if want, _ := sectionsBy(body, false); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: scan read\n%q\nthe tokenizer\n%q", name, got, want)
			}
		}
	}
}

func TestScanHandsOver(t *testing.T) {
	for _, body := range []string{
		"<p>a</p><script>if (a<b) x()</script>",
		"<p>1 < 2</p>",
		"<p title=\"&amp;\">x</p>",
		"<p>x\r\ny</p>",
		"<p>x\x00</p>",
		"<p class=a/>",
		"<!-->x",
		"<!-- a --!> b -->",
		"<!DOCTYPE html>",
		"<p",
		"</ p>",
		"<textarea><b></textarea>",
		"<p>&copy</p>",
		"<p>&#0</p>",
		"<p>&amp</p>",
	} {
		if _, ok := sectionsBy(body, true); ok {
			t.Errorf("scan read %q itself", body)
		}
	}
	for _, body := range []string{
		"<p>a &amp; b &lt;c&gt; &#43;&#39;&#34;&quot;&nbsp;</p>",
		"<h2 id=x class='a b'>T</h2><br/><img src=a.png alt=\"x\" />",
		"<!-- c -->a<!---->b",
		"<H2 ID=\"x\">T</H2 >",
		"<input disabled/><input disabled >",
	} {
		if _, ok := sectionsBy(body, true); !ok {
			t.Errorf("scan hands %q to the tokenizer", body)
		}
	}
}

// Whatever scan reads itself, it reads as the tokenizer does.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"<h2 id=a>x</h2>y", "<h2 id=a id=b class=anchor class=x>x</h2>", "<p class='notice'>x</p><p>y",
		"<a b=c/>d", "<a b='c'/>d", "<a b/>d", "<br/>a<br />b", "a&amp;b&ampc&#x41;&#0;", "&#0", "&nbsp;&#43;&#39;", "<!---->a<!-- -- -->b",
		"<pre><pre>x</pre></pre>y", "<nav data-search-ignore>x</nav>y", "<rt>x</rt>", "<P ID=\"Q\">x</P>",
	} {
		f.Add(s)
	}
	for _, page := range readGoldenPages(f) {
		f.Add(MainOf(page))
	}
	f.Fuzz(func(t *testing.T, body string) {
		got, ok := sectionsBy(body, true)
		if !ok {
			return
		}
		if want, _ := sectionsBy(body, false); !reflect.DeepEqual(got, want) {
			t.Fatalf("scan read\n%q\nthe tokenizer\n%q", got, want)
		}
	})
}
