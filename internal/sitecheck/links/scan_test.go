package links

import (
	"strconv"
	"strings"
	"testing"
)

func TestScanPositionsCountCharacters(t *testing.T) {
	s := scan(strings.NewReader("<p>日本語 <a href=\"x\">x</a>\r\n  <img\nsrc=\"y\" srcset=\"a 1x,  b 2x\" id=\"i\"><a name=\"n\"></a>"))
	var got []string
	for _, r := range s.Refs {
		got = append(got, strings.Join([]string{strconv.Itoa(r.Line), strconv.Itoa(r.Col), r.Attr, r.URL}, " "))
	}
	want := "1 8 a href x|2 3 img src y|2 3 img srcset a|2 3 img srcset b"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("refs = %s, want %s", g, want)
	}
	if !s.IDs["i"] || !s.IDs["n"] {
		t.Errorf("ids = %v, want i and n", s.IDs)
	}
}

func TestRefreshURL(t *testing.T) {
	for v, want := range map[string]string{"0; url=/en/": "/en/", "0;URL='/ja/'": "/ja/", "5": "", "0; /x": ""} {
		if got := refreshURL(v); got != want {
			t.Errorf("refreshURL(%q) = %q, want %q", v, got, want)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add("<a href=\"/x/#y\" id=z>t</a>")
	f.Add("<img srcset=\",, a 1x,\" src>\n<meta http-equiv=refresh content=\"0;url=\">")
	f.Add("<!-- <a href=x> -->\n<script>\"<a href=y>\"</script><svg><a xlink:href=\"#q\"/></svg>")
	f.Fuzz(func(t *testing.T, doc string) {
		s := scan(strings.NewReader(doc))
		for _, r := range s.Refs {
			if r.Line < 1 || r.Col < 1 || r.URL == "" {
				t.Fatalf("bad ref %+v", r)
			}
		}
	})
}

func FuzzStyleRefs(f *testing.F) {
	f.Add("a { background: url( 'x.png' ) }\n@import \"y.css\";")
	f.Add("url(\nurl(\"\")url(#frag)")
	f.Fuzz(func(t *testing.T, css string) {
		for _, r := range styleRefs(css) {
			if r.Line < 1 || r.Col < 1 || r.URL == "" {
				t.Fatalf("bad ref %+v", r)
			}
		}
	})
}

func FuzzSitemapRefs(f *testing.F) {
	f.Add(`<urlset><url><loc> https://x/a/ </loc><xhtml:link href="https://x/b/"/></url></urlset>`)
	f.Add(`<loc><loc>a</loc>`)
	f.Fuzz(func(t *testing.T, doc string) {
		refs, _ := sitemapRefs(strings.NewReader(doc))
		for _, r := range refs {
			if r.Line < 1 || r.Col < 1 {
				t.Fatalf("bad ref %+v", r)
			}
		}
	})
}
