package build

import (
	"regexp"
	"strings"
	"testing"
)

// listed is the titles of the links of a page's listing ("In this section"), in order.
func listed(t *testing.T, files map[string][]byte, rel string) string {
	t.Helper()
	page := string(files[rel])
	_, list, ok := strings.Cut(page, `class="page-list"`)
	if !ok {
		t.Fatalf("%s has no listing", rel)
	}
	list, _, _ = strings.Cut(list, "</ul>")
	var out []string
	for _, m := range regexp.MustCompile(`<li><a href="[^"]*"[^>]*>([^<]*)</a>`).FindAllStringSubmatch(list, -1) {
		out = append(out, m[1])
	}
	return strings.Join(out, " | ")
}

// A section lists its pages as Hugo sorts them by default (weight, then date newest first,
// then link title), each with its date in the page's locale.
func TestHugoLists(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/hugo/lists.txtar"), Options{})
	if got, want := listed(t, files, "en/blog/index.html"),
		"2025 | Pinned | A new default bind address | 2024 GC Candidates | Zebra crossings"; got != want {
		t.Errorf("blog listing\ngot  %s\nwant %s", got, want)
	}
	wantIn(t, files, "en/blog/index.html", []string{
		`<a href="bind-address/">A new default bind address</a> <time datetime="2024-05-10">May 10, 2024</time></li>`,
		`<a href="zebra/">Zebra crossings</a> <time datetime="2023-01-01">January 1, 2023</time><p>An old post, with a description.</p></li>`,
	}, nil)
	wantIn(t, files, "de/blog/index.html", []string{
		`<a href="bind-address/">Eine neue Standardadresse</a> <time datetime="2024-05-10">10. Mai 2024</time></li>`,
	}, nil)
	wantIn(t, files, "en/docs/index.html", []string{`<a href="setup/">Setup</a></li>`}, nil)
}
