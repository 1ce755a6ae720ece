package build

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"docsite/internal/sanitize"
)

// The sanitiser's XSS vectors, placed in pages of all three languages (each vector in a
// page of its own, as raw HTML between paragraphs and inside one), plus markdown links with
// dangerous URLs: the built pages' main content must hold no script, no on* attribute and
// no javascript: URL, judged by parsing the output.
func TestXSSVectorsInAllLanguages(t *testing.T) {
	vectors := readXSSVectors(t)
	vectors = append(vectors,
		"[click](javascript:alert(1))", "[click](JaVaScRiPt:alert(1))", "![x](javascript:alert(1))",
		"[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "<javascript:alert(1)>")
	if len(vectors) < 80 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	var site strings.Builder
	texts := map[string][2]string{"en": {"Before the vector.", "After it."}, "zh": {"向量之前。", "之后。"}, "ja": {"ベクタの前。", "その後。"}}
	for i, v := range vectors {
		for _, lang := range []string{"en", "zh", "ja"} {
			tx := texts[lang]
			fmt.Fprintf(&site, "-- content/%s/v%03d.md --\n%s\n\n%s\n\n%s %s %s\n", lang, i, tx[0], v, tx[0], v, tx[1])
		}
	}
	files, _ := mustBuild(t, siteFromText(t, site.String()), Options{Review: true})
	checked := 0
	for name, data := range files {
		if strings.HasPrefix(name, "_review/") && strings.HasSuffix(name, ".html") {
			// The review shows the source text side by side: as text, never as markup.
			if err := sanitize.CheckSafe(data); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if !strings.HasSuffix(name, ".html") || !strings.Contains(name, "/v") {
			continue
		}
		main := mainContent(t, data)
		if err := sanitize.CheckSafe(main); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		checked++
	}
	if checked != 3*len(vectors) {
		t.Errorf("checked %d pages, want %d", checked, 3*len(vectors))
	}
}

// mainContent returns the serialised children of the page's <main>.
func mainContent(t *testing.T, page []byte) []byte {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var main *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "main" {
			main = n
			break
		}
	}
	if main == nil {
		t.Fatal("page has no <main>")
	}
	var buf bytes.Buffer
	for c := main.FirstChild; c != nil; c = c.NextSibling {
		html.Render(&buf, c)
	}
	return buf.Bytes()
}

var codePoint = regexp.MustCompile(`\{\{U\+([0-9A-F]{4})\}\}`)

// readXSSVectors reads the sanitiser's vector file (format documented at its top).
func readXSSVectors(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../sanitize/testdata/xss.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, " | ", 3)
		if len(parts) != 3 {
			t.Fatalf("bad vector line %q", line)
		}
		v := codePoint.ReplaceAllStringFunc(parts[2], func(m string) string {
			n, _ := strconv.ParseUint(m[4:8], 16, 32)
			return string(rune(n))
		})
		if strings.ContainsAny(v, "\n") {
			continue // a newline would change the markdown block structure the test intends
		}
		out = append(out, v)
	}
	return out
}

// The check above can fail: with a language marked trusted in site.toml, raw HTML passes
// as written and the same vectors are caught.
func TestTrustedLanguagePassesRawHTML(t *testing.T) {
	site := "-- site.toml --\n[languages.en]\ntrusted = true\n[languages.ja]\n" +
		"-- content/en/a.md --\nText.\n\n<img src=x onerror=alert(1)>\n" +
		"-- content/ja/a.md --\n本文。\n\n<img src=x onerror=alert(1)>\n"
	files, _ := mustBuild(t, siteFromText(t, site), Options{})
	if err := sanitize.CheckSafe(mainContent(t, files["en/a/index.html"])); err == nil {
		t.Error("trusted language: raw HTML was sanitised")
	}
	if err := sanitize.CheckSafe(mainContent(t, files["ja/a/index.html"])); err != nil {
		t.Errorf("untrusted language: %v", err)
	}
}
