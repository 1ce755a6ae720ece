package search

import (
	"reflect"
	"testing"
)

func TestSections(t *testing.T) {
	body := `<div class="heading"><h1 id="t">Page title</h1><a class="anchor" href="#t">#</a></div>
<p>Intro with <code>GPU_MEMORY</code> and <strong>bold</strong>text.</p>
<div class="notice notice-stale" role="note"><p>This section changed in the source.</p></div>
<div class="heading"><h2 id="prices">料金<b>表</b></h2><a class="anchor" href="#prices"><span aria-hidden="true">#</span></a></div>
<p>料金は<ruby>税込<rt>ぜいこみ</rt></ruby>です。</p>
<pre><code>go run ./cmd/docsite</code></pre>
<table><tr><th>GPU</th><td>V100</td></tr></table>
<h4>Detail</h4><p>more</p>
<h3 id="more">More &amp; more</h3>
<ul data-search-ignore><li>left out</li></ul>
<script>var x = "left out";</script>
<p>end<br>line<img src="a.png" data-search-ignore>after</p>
<h2>No id</h2><p>joins the last section</p>`
	got := Sections(body)
	want := []Section{
		{Text: "Intro with GPU_MEMORY and boldtext."},
		{Heading: "料金表", Anchor: "prices", Text: "料金は税込です。 GPU V100 Detail more"},
		{Heading: "More & more", Anchor: "more", Text: "end line after No id joins the last section"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sections:\n got %q\nwant %q", got, want)
	}
	if got := Sections(""); !reflect.DeepEqual(got, []Section{{}}) {
		t.Errorf("Sections of nothing = %q", got)
	}
	title, secs := Page(`<html><body><nav>menu</nav><main id="main"><p class="breadcrumb"><a href="../">Up</a></p><h1>Tesla <span>V100</span></h1><p>Specs</p></main><footer>f</footer></body></html>`)
	if title != "Tesla V100" || len(secs) != 1 || secs[0].Text != "Specs" {
		t.Errorf("Page = %q, %q", title, secs)
	}
}

// No input makes Sections panic or loop, and every section's text is trimmed.
func FuzzSections(f *testing.F) {
	for _, s := range []string{"<h2 id=a>x</h2>y", "<pre><pre>x</pre>", "<script>", "<nav><nav></nav>", "<h2 id=a><h3 id=b>x</h2>", "<img data-search-ignore>x", "<p class='anchor'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sec := range Sections(s) {
			if collapse(sec.Text) != sec.Text || collapse(sec.Heading) != sec.Heading {
				t.Fatalf("untrimmed section %q", sec)
			}
		}
	})
}
