package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
)

// readTree returns every file under root by slash-separated relative path.
func readTree(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		rel, _ := filepath.Rel(root, name)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func writeTree(t *testing.T, opt Options) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	if err := WriteContent(opt, dir); err != nil {
		t.Fatal(err)
	}
	return readTree(t, dir)
}

func TestSameSeedSameTree(t *testing.T) {
	a := writeTree(t, Options{Pages: 40, Seed: 7})
	b := writeTree(t, Options{Pages: 40, Seed: 7})
	if want := 3*40 + len(SectionFiles()); len(a) != want {
		t.Fatalf("wrote %d files, want %d", len(a), want)
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two runs with the same seed", name)
		}
	}
	c := writeTree(t, Options{Pages: 40, Seed: 8})
	same := 0
	for name, data := range a {
		if bytes.Equal(data, c[name]) && !strings.HasSuffix(name, "/_index.md") { // sections are fixed
			same++
		}
	}
	if same > 0 {
		t.Errorf("%d pages are identical for seeds 7 and 8", same)
	}
}

func TestRejectsEmptyCorpus(t *testing.T) {
	if err := WriteContent(Options{Pages: 0}, t.TempDir()); err == nil {
		t.Error("WriteContent with 0 pages: no error")
	}
}

// skeleton reduces a page to its sequence of block kinds: headings by level, paragraphs,
// list items, pipe table rows, raw HTML tables, images and code fences. Wrapping and
// the one-line or indented form of the HTML table do not change it.
func skeleton(md string) []string {
	md = regexp.MustCompile(`(?s)<table.*?</table>`).ReplaceAllString(md, "\n<table/>\n")
	var sk []string
	inText := false
	for _, line := range strings.Split(md, "\n") {
		kind := lineKind(line)
		if kind == "p" && inText {
			continue
		}
		inText = kind == "p"
		if kind != "" {
			sk = append(sk, kind)
		}
	}
	return sk
}

func lineKind(line string) string {
	switch {
	case line == "":
		return ""
	case strings.HasPrefix(line, "#"):
		return strings.Fields(line)[0]
	case strings.HasPrefix(line, "| ---"):
		return "delimiter"
	case strings.HasPrefix(line, "|"):
		return "row"
	case strings.HasPrefix(line, "- "):
		return "li"
	case strings.HasPrefix(line, "!["):
		return "img"
	case strings.HasPrefix(line, "```"):
		return "fence"
	case line == "<table/>":
		return "html"
	default:
		return "p"
	}
}

var number = regexp.MustCompile(`\d+(\.\d+)?`)

// tableNumbers lists the numbers in the pipe table rows of a page, in order.
func tableNumbers(md string) []string {
	var nums []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "|") {
			nums = append(nums, number.FindAllString(line, -1)...)
		}
	}
	return nums
}

// TestLanguagesAreParallel checks that the three files of a page have the same
// structure and the same table numbers, except for the divergences the page declares,
// and that those divergences are there to be found.
func TestLanguagesAreParallel(t *testing.T) {
	opt := Options{Pages: 300, Seed: 3}
	seen := map[divergenceKind]int{}
	for i := range opt.Pages {
		files := PageFiles(opt, i)
		p := newPage(opt.Seed, i, opt.Pages)
		for lang := range files {
			want, got := skeleton(string(files[0].Data)), skeleton(string(files[lang].Data))
			if declared(p, lang, missingBlock) != declared(p, 0, missingBlock) {
				seen[missingBlock]++
				if !oneParagraphLess(want, got) && !oneParagraphLess(got, want) {
					t.Errorf("page %d: want one paragraph less in en or %s, got %v\nand en %v", i, files[lang].Lang, got, want)
				}
				continue
			}
			if !slices.Equal(want, got) {
				t.Errorf("page %d: %s skeleton %v\ndiffers from en %v", i, files[lang].Lang, got, want)
			}
			wantN, gotN := tableNumbers(string(files[0].Data)), tableNumbers(string(files[lang].Data))
			changed := declared(p, lang, changedNumber) != declared(p, 0, changedNumber)
			if changed {
				seen[changedNumber]++
			}
			if changed == slices.Equal(wantN, gotN) {
				t.Errorf("page %d %s: declared changed number %v, table numbers %v vs en %v", i, files[lang].Lang, changed, gotN, wantN)
			}
		}
	}
	if seen[missingBlock] == 0 || seen[changedNumber] == 0 {
		t.Errorf("divergences found: %v; want both kinds", seen)
	}
}

// oneParagraphLess reports whether short is long without one paragraph.
func oneParagraphLess(long, short []string) bool {
	for k, kind := range long {
		if kind == "p" && slices.Equal(slices.Delete(slices.Clone(long), k, k+1), short) {
			return true
		}
	}
	return false
}

func declared(p *page, lang int, kind divergenceKind) bool {
	return slices.ContainsFunc(p.diverge, func(d divergence) bool { return d.lang == lang && d.kind == kind })
}

// damageKind names a way the seed pages are broken and says whether a file shows it.
type damageKind struct {
	name    string
	present func(md string) bool
}

func contains(s string) func(string) bool {
	return func(md string) bool { return strings.Contains(md, s) }
}

func matches(re string) func(string) bool {
	return regexp.MustCompile(re).MatchString
}

var damageKinds = []damageKind{
	{"GFM pipe table", contains("| --- |")},
	{"pipe table without delimiter row", matches(`\n\| \*\*[^\n]*\n\| [^-]`)},
	{"th closed by td", thClosedByTd},
	{"td for the highlighted cell", contains(`<td class="stress-item`)},
	{"ul as a closer (indented)", contains("\n<ul>\n")},
	{"ul as a closer (one line)", contains("<ul></ul></ul>")},
	{"div/span wrapper", contains(`<div><span class="unit-text">`)},
	{"class=stress-item", contains(`class="stress-item"`)},
	{"unclosed li", matches(`<li>[^<]*<ul>`)},
	{"blank line inside a cell", contains("<div>\n\n<ul")},
	{"one-line table followed by markdown", matches(`\n<table[^\n]*</table>\n[^\n]`)},
	{"image", contains("![")},
	{"relative link", contains("](../")},
	{"external link", contains("](https://")},
	{"code fence", contains("```bash")},
	{"nested heading", contains("\n### ")},
	{"CJK soft line break", cjkSoftBreak},
}

func thClosedByTd(md string) bool {
	for rest := md; ; {
		k := strings.Index(rest, `<th class="stress-item`)
		if k < 0 {
			return false
		}
		rest = rest[k+1:]
		th, td := strings.Index(rest, "</th>"), strings.Index(rest, "</td>")
		if td >= 0 && (th < 0 || td < th) {
			return true
		}
	}
}

func cjkSoftBreak(md string) bool {
	lines := strings.Split(md, "\n")
	for k := 1; k < len(lines); k++ {
		last, _ := utf8.DecodeLastRuneInString(lines[k-1])
		first, _ := utf8.DecodeRuneInString(lines[k])
		if isCJK(last) && isCJK(first) {
			return true
		}
	}
	return false
}

func TestEveryDamageKindIsPresent(t *testing.T) {
	opt := Options{Pages: 30, Seed: 1}
	for lang, name := range Languages {
		found := make([]bool, len(damageKinds))
		for i := range opt.Pages {
			md := string(PageFiles(opt, i)[lang].Data)
			for k, d := range damageKinds {
				found[k] = found[k] || d.present(md)
			}
		}
		for k, d := range damageKinds {
			if !found[k] && !(lang == 0 && d.name == "CJK soft line break") {
				t.Errorf("%s: no page shows %s", name, d.name)
			}
		}
	}
}

func TestFilesHaveFrontMatterAndNestedFolders(t *testing.T) {
	tree := writeTree(t, Options{Pages: 50, Seed: 2})
	depth := 0
	sections := 0
	for name, data := range tree {
		if strings.HasSuffix(name, "/_index.md") {
			sections++
			if !bytes.HasPrefix(data, []byte("+++\ntitle = \"")) || !bytes.Contains(data, []byte("\nweight = ")) {
				t.Errorf("%s: no TOML front matter with title and weight", name)
			}
			continue
		}
		if !bytes.HasPrefix(data, []byte("+++\ntitle = \"")) || !bytes.Contains(data, []byte("\ntranslationKey = \"page-")) {
			t.Errorf("%s: no TOML front matter with title and translationKey", name)
		}
		depth = max(depth, strings.Count(name, "/"))
	}
	if depth < 4 { // content/<lang>/a/b/c/page.md
		t.Errorf("deepest file is %d folders down, want nested folders", depth)
	}
	// Every folder below content/<lang>/ that holds a page has an _index.md, as in Hugo.
	for name := range tree {
		for d := path.Dir(name); strings.Count(d, "/") > 1; d = path.Dir(d) {
			if _, ok := tree[d+"/_index.md"]; !ok {
				t.Errorf("%s: folder %s has no _index.md", name, d)
			}
		}
	}
	if want := len(sectionDirs()) * len(Languages); sections != want {
		t.Errorf("%d section files, want %d", sections, want)
	}
}

var relLink = regexp.MustCompile(`\]\((\.\./[^)]*)\)`)

func TestRelativeLinksResolve(t *testing.T) {
	tree := writeTree(t, Options{Pages: 50, Seed: 4})
	links := 0
	for name, data := range tree {
		for _, m := range relLink.FindAllSubmatch(data, -1) {
			links++
			target := path.Join(path.Dir(name), string(m[1]))
			if _, ok := tree[target]; !ok {
				t.Errorf("%s: link %s points to missing %s", name, m[1], target)
			}
		}
	}
	if links == 0 {
		t.Error("no relative links in the corpus")
	}
}

func TestVocabularyExpands(t *testing.T) {
	s := sentence{fact: fact{gpu: "NVIDIA A100", code: "GN7.LARGE20", count: 2, mem: 40, cores: 16, tenths: 195, cents: 172}, link: "x.md"}
	for k := range sentences {
		s.tmpl = k
		for lang := range Languages {
			if got := s.expand(lang); strings.ContainsAny(got, "{}") || got == "" {
				t.Errorf("sentence %d in %s expands to %q", k, Languages[lang], got)
			}
		}
	}
}

// hugoConfig is the part of hugo.toml the corpus depends on.
type hugoConfig struct {
	DefaultContentLanguage string
	Languages              map[string]struct{ ContentDir string }
	Markup                 struct {
		Goldmark struct{ Renderer struct{ Unsafe bool } }
	}
}

func TestHugoConfig(t *testing.T) {
	dir := t.TempDir()
	if err := WriteHugoConfig(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "hugo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg hugoConfig
	if err := toml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf("hugo.toml: %v", err)
	}
	for _, lang := range Languages {
		if got := cfg.Languages[lang].ContentDir; got != "content/"+lang {
			t.Errorf("language %s: contentDir %q", lang, got)
		}
	}
	if !cfg.Markup.Goldmark.Renderer.Unsafe || cfg.DefaultContentLanguage != "en" {
		t.Errorf("config %+v: want unsafe HTML and en by default", cfg)
	}
	for _, f := range []string{"index.html", "_default/baseof.html", "_default/single.html", "_default/list.html"} {
		if _, err := os.Stat(filepath.Join(dir, "layouts", f)); err != nil {
			t.Error(err)
		}
	}
}

// TestHugoBuildsEveryPage runs the real hugo binary when it is installed.
func TestHugoBuildsEveryPage(t *testing.T) {
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Skip("hugo not installed")
	}
	dir, n := t.TempDir(), 20
	if err := WriteHugoConfig(dir); err != nil {
		t.Fatal(err)
	}
	if err := WriteContent(Options{Pages: n, Seed: 5}, dir); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(hugo, "--quiet", "--source", dir, "--destination", filepath.Join(dir, "public")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	got := map[string]int{}
	for name := range readTree(t, filepath.Join(dir, "public")) {
		if strings.HasPrefix(path.Base(path.Dir(name)), "page-") {
			got[strings.Split(name, "/")[0]]++
		}
	}
	for _, lang := range Languages {
		if got[lang] != n {
			t.Errorf("%s: hugo wrote %d pages, want %d", lang, got[lang], n)
		}
	}
}

func BenchmarkPageFiles(b *testing.B) {
	opt := Options{Pages: 10000, Seed: 1}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		PageFiles(opt, i%opt.Pages)
	}
}

func BenchmarkWriteContent(b *testing.B) {
	opt := Options{Pages: 200, Seed: 1}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteContent(opt, b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
}
