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

// scan reads the <main> of every page the build writes as the tokenizer does: what makes
// Sections fast is not lost to a change in the theme or the renderer unseen. (Whole pages
// hold a doctype and scripts, which scan leaves to the tokenizer; Sections is given
// bodies.)
func TestScanReadsBuiltPages(t *testing.T) {
	for name, page := range readGoldenPages(t) {
		body := MainOf(page)
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

func TestScanHandsOver(t *testing.T) {
	for _, body := range []string{
		"<p>a</p><script>if (a<b) x()</script>",
		"<p>1 < 2</p>",
		"<p id=\"a&amp;b\">x</p>",
		"<p class='a&amp;b'>x</p>",
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
		"<p>&#128;</p>",
		"<p>&#x110000;</p>",
		"<p>&#xD800;</p>",
		"<p>&#1234567890;</p>",
		"<p>&#160</p>",
	} {
		if _, ok := sectionsBy(body, true); ok {
			t.Errorf("scan read %q itself", body)
		}
	}
	for _, body := range []string{
		"<p>a &amp; b &lt;c&gt; &#43;&#39;&#34;&quot;&nbsp;</p>",
		"<p>&#160;<a href=\"#fnref:1\">&#x21a9;&#xfe0e;</a></p>",
		"<h2 id=x class='a b'>T</h2><br/><img src=a.png alt=\"x\" />",
		"<!-- c -->a<!---->b",
		"<a href=\"?a=1&amp;b=2&c\" title='&lt;'>x</a>",
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
		"<a b=c/>d", "<a b='c'/>d", "<a b/>d", "<br/>a<br />b", "a&amp;b&ampc&#x41;&#0;", "&#0", "&nbsp;&#43;&#39;", "&#160;&#x21A9;&#Xfe0e;&#128;&#xd800;&#1114111;&#0000065;&#x0000041;", "<!---->a<!-- -- -->b",
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

// On a real site's built pages (DOCSITE_EVAL_OUT, a folder docsite built), scan reads each
// page's <main> as the tokenizer does, and says how many it handed over (the pages it
// does not speed up):
//
//	DOCSITE_EVAL_OUT=/tmp/otel-out go test ./internal/search -run ScanRealSite -v
func TestScanRealSite(t *testing.T) {
	dir := os.Getenv("DOCSITE_EVAL_OUT")
	if dir == "" {
		t.Skip("DOCSITE_EVAL_OUT is not set")
	}
	pages, handed := 0, map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "index.html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		body := MainOf(string(b))
		pages++
		got, ok := sectionsBy(body, true)
		if !ok {
			handed[strings.SplitN(strings.TrimPrefix(p, dir+"/"), "/", 2)[0]]++
			return nil
		}
		if want, _ := sectionsBy(body, false); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: scan and the tokenizer read it otherwise", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages; handed to the tokenizer, by top folder: %v", pages, handed)
}
