package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"docsite/internal/exchange"
	"docsite/internal/markdown"
)

// exchangeSite makes the exchange tests' site (internal/exchange/testdata/site.txtar) in a
// git repository: the rev1 files committed, then rev2's over them, whose Japanese page
// records the first commit. It returns the site root and the two commits.
func exchangeSite(t *testing.T) (dir, rev1, rev2 string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	a, err := txtar.ParseFile("../../internal/exchange/testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	put := func(prefix, rev string) {
		files := map[string]string{}
		for _, f := range a.Files {
			if name, ok := strings.CutPrefix(f.Name, prefix); ok {
				files[name] = strings.ReplaceAll(string(f.Data), "REV1", rev)
			}
		}
		writeFiles(t, dir, files)
	}
	put("rev1/", "")
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-q", "-m", "first")
	rev1 = gitIn(t, dir, "rev-parse", "HEAD")
	put("rev2/", rev1)
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-q", "-m", "second")
	return dir, rev1, gitIn(t, dir, "rev-parse", "HEAD")
}

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=docsite", "-c", "user.email=docsite@example.org"}, args...)...)
	// fixed dates: the same site makes the same commits
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// exportTo runs docsite export and returns the files it wrote.
func exportTo(t *testing.T, site, format string, extra ...string) []string {
	t.Helper()
	out := t.TempDir()
	args := append([]string{"export", "-source", site, "-lang", "ja", "-format", format, "-o", out}, extra...)
	code, _, stderr := runOut(t, args...)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	t.Logf("%s", stderr)
	var files []string
	filepath.WalkDir(filepath.Join(out, "ja"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("export wrote no file")
	}
	return files
}

func importFiles(t *testing.T, site string, files []string, extra ...string) (int, string) {
	t.Helper()
	args := append(append([]string{"import", "-source", site, "-lang", "ja"}, extra...), files...)
	code, _, stderr := runOut(t, args...)
	return code, stderr
}

// Importing an untouched export changes no byte of any page.
func TestExchangeUntouchedRoundTrip(t *testing.T) {
	site, _, _ := exchangeSite(t)
	for _, format := range []string{"po", "xliff2", "xliff"} {
		files := exportTo(t, site, format)
		code, stderr := importFiles(t, site, files)
		if code != 0 {
			t.Fatalf("%s: import: exit %d: %s", format, code, stderr)
		}
		if st := gitIn(t, site, "status", "--porcelain"); st != "" {
			t.Errorf("%s: an untouched round trip changed files:\n%s\n%s", format, st, gitIn(t, site, "diff"))
		}
		if !strings.Contains(stderr, "0 rejected; 0 pages written") {
			t.Errorf("%s: summary: %s", format, stderr)
		}
	}
}

// The PO export is pre-filled from the translation, marks the unit whose source changed
// since the recorded revision fuzzy with its previous source, leaves the new paragraph
// untranslated, and passes msgfmt -c --check-format.
func TestExportPO(t *testing.T) {
	site, rev1, rev2 := exchangeSite(t)
	files := exportTo(t, site, "po")
	guide := readFile(t, pick(t, files, "guide.po"))
	for _, want := range []string{
		"\"X-Docsite-Source-Revision: " + rev2 + "\\n\"",
		"\"Language: ja\\n\"",
		"msgctxt \"guide#download.p0.0\"\nmsgid \"Pick a **release** from the [downloads page][dl] and <kbd>Ctrl</kbd>+C to copy.\"\nmsgstr \"[ダウンロードページ][dl]から**リリース**を選び、<kbd>Ctrl</kbd>+C でコピーします。\"",
		"#, fuzzy\n#| msgctxt \"guide#old.p0.0\"\n#| msgid \"This section will change.\"\nmsgctxt \"guide#old.p0.0\"\nmsgid \"This section has changed since.\"\nmsgstr \"この節は**変わります。**\"",
		"msgctxt \"guide#old.p1.0\"\nmsgid \"A new paragraph.\"\nmsgstr \"\"",
		"#. glossary (keep as written): Ctrl\n#: content/en/guide.md:16\nmsgctxt \"guide#download.p0.0\"",
		"msgctxt \"guide#options.t0.r1.c1\"\nmsgid \"The configuration file\"\nmsgstr \"設定ファイル\"",
		"msgctxt \"guide#_.fm.title\"\nmsgid \"Install the collector\"\nmsgstr \"コレクターのインストール\"",
	} {
		if !strings.Contains(guide, want) {
			t.Errorf("guide.po lacks\n%s\n--- it is:\n%s", want, guide)
		}
	}
	for _, never := range []string{"receivers:", "[!NOTE]", ":::", "{#", "[dl]:", "{{% alert", "{{% /alert", "weight", "cSpell", "| ---", rev1 + "\\n"} {
		if strings.Contains(guide, never) {
			t.Errorf("guide.po holds skeleton %q", never)
		}
	}
	if _, err := exec.LookPath("msgfmt"); err == nil {
		for _, f := range files {
			if out, err := exec.Command("msgfmt", "-c", "--check-format", "-o", os.DevNull, f).CombinedOutput(); err != nil {
				t.Errorf("msgfmt -c --check-format %s: %v\n%s", f, err, out)
			}
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func pick(t *testing.T, files []string, base string) string {
	t.Helper()
	for _, f := range files {
		if filepath.Base(f) == base {
			return f
		}
	}
	t.Fatalf("no %s among %v", base, files)
	return ""
}

// fillPO does what podebug --rewrite=xxx and msgattrib --clear-fuzzy do, for machines
// without translate-toolkit: every msgstr becomes itself, or its msgid when empty or fuzzy, between
// "xxx" markers, and no entry is fuzzy.
func fillPO(t *testing.T, name string) {
	t.Helper()
	lines := strings.Split(readFile(t, name), "\n")
	var out, msgid []string
	fuzzy := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "msgid "):
			msgid = []string{strings.TrimPrefix(l, "msgid ")}
			out = append(out, l)
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], `"`) {
				i++
				msgid = append(msgid, lines[i])
				out = append(out, lines[i])
			}
		case strings.HasPrefix(l, "msgstr "):
			kept := []string{l}
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], `"`) {
				i++
				kept = append(kept, lines[i])
			}
			if len(msgid) == 1 && msgid[0] == `""` {
				out = append(out, kept...) // the header
				continue
			}
			m := append([]string{}, msgid...)
			if !fuzzy && (len(kept) > 1 || kept[0] != `msgstr ""`) {
				m = append([]string{strings.TrimPrefix(kept[0], "msgstr ")}, kept[1:]...) // as podebug does
			}
			first := 0
			if m[0] == `""` {
				first = 1
			}
			m[first] = `"xxx` + m[first][1:]
			m[len(m)-1] = m[len(m)-1][:len(m[len(m)-1])-1] + `xxx"`
			out = append(out, "msgstr "+m[0])
			out = append(out, m[1:]...)
			fuzzy = false
		case l == "#, fuzzy":
			fuzzy = true
		default:
			out = append(out, l)
		}
	}
	if err := os.WriteFile(name, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fill fills the PO files as a client would: podebug --rewrite=xxx then msgattrib
// --clear-fuzzy where translate-toolkit and gettext are installed, else fillPO.
func fill(t *testing.T, files []string) {
	t.Helper()
	_, errPD := exec.LookPath("podebug")
	_, errMA := exec.LookPath("msgattrib")
	for _, f := range files {
		if errPD != nil || errMA != nil {
			fillPO(t, f)
			continue
		}
		for _, c := range [][]string{{"podebug", "--rewrite=xxx", f, f + ".tmp"}, {"msgattrib", "--clear-fuzzy", "-o", f, f + ".tmp"}} {
			if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(c, " "), err, out)
			}
		}
		os.Remove(f + ".tmp")
	}
}

// Exporting, filling every unit as a client does and importing changes only unit text
// and the revision line: the skeleton's lines stay, the paragraph only the translation has
// stays, the new source paragraph comes in translated, the page the language lacked is
// made, and the built site shows the marker in no href, src, id, code or pre.
func TestExchangeFilledImport(t *testing.T) {
	site, rev1, rev2 := exchangeSite(t)
	before := readFile(t, filepath.Join(site, "content/ja/guide.md"))
	files := exportTo(t, site, "po")
	fill(t, files)
	code, stderr := importFiles(t, site, files, "-strict")
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	t.Log(stderr)
	guide := readFile(t, filepath.Join(site, "content/ja/guide.md"))
	if strings.Contains(guide, rev1) || !strings.Contains(guide, "default_lang_commit: "+rev2+"\n") {
		t.Errorf("the revision line is not the export's:\n%s", guide)
	}
	// every line is the same but for unit text, which is marked
	bl, al := strings.Split(before, "\n"), strings.Split(guide, "\n")
	for _, l := range bl {
		switch {
		case strings.Contains(l, "default_lang_commit"):
		case strings.Contains(l, "翻訳にだけある段落です。"), strings.TrimSpace(l) == "", !hasLetter(l):
			if !contains(al, l) {
				t.Errorf("line %q is gone", l)
			}
		}
	}
	for _, want := range []string{
		"title: xxxコレクターのインストールxxx", "```yaml title=\"config.yaml\"", "receivers:", "> [!NOTE]", "> xxxバイナリは*大きい*です。xxx",
		":::tip[xxx時間の節約xxx]", "| xxxFlagxxx       | xxx意味xxx |", "| `--config` | xxx設定ファイルxxx |", "[dl]: https://example.org/downloads",
		"{{% alert title=\"xxx警告xxx\" color=\"warning\" %}}", "{{% /alert %}}", "翻訳にだけある段落です。",
		"xxxThis section has changed since.xxx\n\nxxxA new paragraph.xxx\n", "[^1]: xxx[リンク](https://example.org/a)付きの脚注。xxx",
		"![xxxコレクターの図xxx](/img/collector.png \"xxxコレクターxxx\")", "## xxxオプションxxx {#options}",
	} {
		if !strings.Contains(guide, want) {
			t.Errorf("guide lacks %q:\n%s", want, guide)
		}
	}
	concepts := readFile(t, filepath.Join(site, "content/ja/concepts.md"))
	for _, want := range []string{"title = \"xxxConceptsxxx\"", "default_lang_commit = \"" + rev2 + "\"", "xxxA pipeline has receivers.xxx", "## xxxPipelinesxxx {#pipelines}\n"} {
		if !strings.Contains(concepts, want) {
			t.Errorf("the new page lacks %q:\n%s", want, concepts)
		}
	}
	if st := gitIn(t, site, "status", "--porcelain"); st != "M content/ja/guide.md\n?? content/ja/concepts.md" {
		t.Errorf("import changed:\n%s", st)
	}
	out := t.TempDir()
	if code, stderr := runCmd(t, "build", "-source", site, "-dest", out, "-cache", "off", "-search=false"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	page := readFile(t, filepath.Join(out, "ja", "guide", "index.html"))
	// A translated heading also answers to the id Hugo would give its own text, on its
	// wrapper (<div class="heading" id="…">): that id is made of the translation, marker
	// and all, by design; the heading's own id stays the source's.
	page = regexp.MustCompile(`<div class="heading" id="[^"]*"`).ReplaceAllString(page, `<div class="heading"`)
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(href|src|id)="[^"]*xxx`), regexp.MustCompile(`<code[^>]*>[^<]*xxx`), regexp.MustCompile(`(?s)<pre[^>]*>(?:[^<]|<[^/]|</[^p])*xxx`),
	} {
		if m := bad.FindString(page); m != "" {
			t.Errorf("the marker is in markup: %s", m)
		}
	}
	if n := strings.Count(page, "xxx"); n < 40 {
		t.Errorf("the built page shows the marker %d times", n)
	}
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x2e80 }) >= 0
}

func contains(lines []string, l string) bool {
	for _, x := range lines {
		if x == l {
			return true
		}
	}
	return false
}

// A hostile client that mangles every unit's text (podebug --rewrite=unicode) has each
// unit with protected markup rejected by name, and the page keeps its text; import exits 0,
// and 1 under -strict.
func TestExchangeHostileRejected(t *testing.T) {
	site, _, _ := exchangeSite(t)
	files := exportTo(t, site, "po")
	guide := pick(t, files, "guide.po")
	if _, err := exec.LookPath("podebug"); err == nil {
		if out, err := exec.Command("podebug", "--rewrite=unicode", guide, guide+".tmp").CombinedOutput(); err != nil {
			t.Fatalf("podebug: %v\n%s", err, out)
		}
		os.Rename(guide+".tmp", guide)
	} else {
		data := readFile(t, guide)
		data = strings.ReplaceAll(data, "/docs/overview/", "/ḓǿƈş/overview/")
		data = strings.ReplaceAll(data, "`otelcol --config x.yaml`", "`ǿŧḗŀƈǿŀ --config x.yaml`")
		data = strings.ReplaceAll(data, "][dl]", "][ḓŀ]")
		os.WriteFile(guide, []byte(data), 0o644)
	}
	code, stderr := importFiles(t, site, []string{guide}, "-strict")
	if code != 1 {
		t.Errorf("-strict: exit %d, want 1: %s", code, stderr)
	}
	for _, id := range []string{"install-the-collector.p0.0", "download.p0.0"} {
		if !regexp.MustCompile(`guide\.po:\d+: warning: exchange-rejected: unit ` + regexp.QuoteMeta(id) + ` of content/en/guide\.md:\d+ \(content/ja/guide\.md:\d+\)`).MatchString(stderr) {
			t.Errorf("unit %s is not rejected by name:\n%s", id, stderr)
		}
	}
	if !strings.Contains(readFile(t, filepath.Join(site, "content/ja/guide.md")), "まず[概要](/docs/overview/ \"Overview page\")を読み、") {
		t.Error("a rejected unit's text changed in the page")
	}
}

// schemaDir is Debian's copy of the OASIS XLIFF schemas (package php-symfony-translation).
const schemaDir = "/usr/share/php/Symfony/Component/Translation/Resources/schemas"

// validateXLIFF validates files against the XLIFF schema of their version with xmllint,
// reading the schemas from where Debian installs them (copied beside each other, so that
// their import of xml.xsd needs no network); it skips when either is missing.
func validateXLIFF(t *testing.T, schema string, files []string) {
	t.Helper()
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Skip("no xmllint (Debian: libxml2-utils)")
	}
	if _, err := os.Stat(filepath.Join(schemaDir, schema)); err != nil {
		t.Skip("no OASIS XLIFF schemas (Debian: php-symfony-translation)")
	}
	dir := t.TempDir()
	local := regexp.MustCompile(`schemaLocation="[^"]*xml\.xsd"`)
	for _, name := range []string{schema, "xml.xsd"} {
		data := local.ReplaceAllString(readFile(t, filepath.Join(schemaDir, name)), `schemaLocation="xml.xsd"`)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		out, err := exec.Command("xmllint", "--noout", "--nonet", "--schema", filepath.Join(dir, schema), f).CombinedOutput()
		if err != nil {
			t.Errorf("xmllint %s: %v\n%s", f, err, out)
		}
	}
}

// The XLIFF exports validate against the OASIS schemas: 2.0 core and 1.2 strict; a
// glossary term is marked translate="no".
func TestExportXLIFFValidates(t *testing.T) {
	site, _, _ := exchangeSite(t)
	files := exportTo(t, site, "xliff2")
	if guide := readFile(t, pick(t, files, "guide.xlf")); !strings.Contains(guide, `<ph id="3" dataRef="d3" canDelete="no"/><mrk id="g1" translate="no">Ctrl</mrk><ph id="4" dataRef="d4" canDelete="no"/>`) {
		t.Errorf("the glossary term is not marked translate=\"no\":\n%s", guide)
	}
	validateXLIFF(t, "xliff-core-2.0.xsd", files)
	validateXLIFF(t, "xliff-core-1.2-strict.xsd", exportTo(t, site, "xliff"))
}

var (
	segment2 = regexp.MustCompile(`(?s)<segment state="([a-z]+)">\n    <source>(.*?)</source>\n(?:    <target>(.*?)</target>\n)?`)
	target12 = regexp.MustCompile(`(?s)(    <target state="[a-z-]+">)(.*?)(</target>)`)
)

// fillXLIFF fills an XLIFF file as fillPO fills a PO file: each unit's target becomes
// itself (its source when not translated) between "xxx" markers, and 2.0's state
// translated; in 1.2 the state is left alone, as OmegaT leaves it.
func fillXLIFF(t *testing.T, name string) {
	t.Helper()
	data := readFile(t, name)
	if strings.Contains(data, `version="2.0"`) {
		data = segment2.ReplaceAllStringFunc(data, func(m string) string {
			g := segment2.FindStringSubmatch(m)
			tr := g[3]
			if g[1] != "translated" || tr == "" {
				tr = g[2]
			}
			return "<segment state=\"translated\">\n    <source>" + g[2] + "</source>\n    <target>xxx" + tr + "xxx</target>\n"
		})
	} else {
		data = target12.ReplaceAllString(data, "${1}xxx${2}xxx${3}")
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// filledPages exports the test site in format, fills the files with fill, imports them
// under -strict and returns the Japanese pages it left.
func filledPages(t *testing.T, format string, fill func(files []string) []string) string {
	t.Helper()
	site, _, _ := exchangeSite(t)
	name, extra, _ := strings.Cut(format, " ")
	files := fill(exportTo(t, site, name, strings.Fields(extra)...))
	code, stderr := importFiles(t, site, files, "-strict")
	if code != 0 {
		t.Fatalf("%s: import: exit %d: %s", format, code, stderr)
	}
	t.Logf("%s: %s", format, stderr)
	return readFile(t, filepath.Join(site, "content/ja/guide.md")) + readFile(t, filepath.Join(site, "content/ja/concepts.md"))
}

func fillPOs(t *testing.T) func([]string) []string {
	return func(files []string) []string {
		for _, f := range files {
			fillPO(t, f)
		}
		return files
	}
}

// The same translations brought back in PO, XLIFF 2.0 or XLIFF 1.2 give the same bytes.
func TestExchangeFormatsAgree(t *testing.T) {
	fillXLIFFs := func(files []string) []string {
		for _, f := range files {
			fillXLIFF(t, f)
		}
		return files
	}
	pages := []string{filledPages(t, "po", fillPOs(t)), filledPages(t, "xliff2", fillXLIFFs), filledPages(t, "xliff", fillXLIFFs)}
	if pages[0] != pages[1] || pages[0] != pages[2] {
		t.Errorf("the formats disagree:\n--- po\n%s\n--- xliff2\n%s\n--- xliff\n%s", pages[0], pages[1], pages[2])
	}
	if n := strings.Count(pages[0], "xxx"); n < 60 {
		t.Errorf("only %d markers came in:\n%s", n, pages[0])
	}
}

// omegatProject is an OmegaT 3.6 project: English to Japanese, one segment per unit (no
// sentence segmentation), tags kept.
const omegatProject = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat>
    <project version="1.0">
        <source_dir>__DEFAULT__</source_dir>
        <source_dir_excludes/>
        <target_dir>__DEFAULT__</target_dir>
        <tm_dir>__DEFAULT__</tm_dir>
        <glossary_dir>__DEFAULT__</glossary_dir>
        <glossary_file>__DEFAULT__</glossary_file>
        <dictionary_dir>__DEFAULT__</dictionary_dir>
        <source_lang>en</source_lang>
        <target_lang>ja</target_lang>
        <source_tok>org.omegat.tokenizer.LuceneEnglishTokenizer</source_tok>
        <target_tok>org.omegat.tokenizer.LuceneJapaneseTokenizer</target_tok>
        <sentence_seg>false</sentence_seg>
        <support_default_translations>true</support_default_translations>
        <remove_tags>false</remove_tags>
    </project>
</omegat>
`

var omegatTarget = regexp.MustCompile(`(?s)(<tuv lang="ja">\s*<seg>)(.*?)(</seg>)`)

// OmegaT 3.6 in console mode, on a project made of the XLIFF 1.2 export and its TMX,
// translates every segment as a translator would (its project memory holds, for each
// segment as OmegaT reads it, tags and all, that text between "xxx" markers); importing
// what it writes gives the pages the PO round trip gives.
func TestExchangeOmegaT(t *testing.T) {
	if _, err := exec.LookPath("omegat"); err != nil {
		t.Skip("no omegat (Debian: omegat)")
	}
	viaPO := filledPages(t, "po", fillPOs(t))
	viaOmegaT := filledPages(t, "xliff -tmx", func(files []string) []string {
		proj := t.TempDir()
		for _, d := range []string{"source", "target", "tm", "omegat", "glossary", "dictionary"} {
			os.MkdirAll(filepath.Join(proj, d), 0o755)
		}
		for _, f := range files {
			os.WriteFile(filepath.Join(proj, "source", filepath.Base(f)), []byte(readFile(t, f)), 0o644)
		}
		tmx := filepath.Join(filepath.Dir(filepath.Dir(files[0])), "ja.tmx")
		os.WriteFile(filepath.Join(proj, "tm", "ja.tmx"), []byte(readFile(t, tmx)), 0o644)
		os.WriteFile(filepath.Join(proj, "omegat.project"), []byte(omegatProject), 0o644)
		omegat := func(args ...string) {
			out, err := exec.Command("omegat", append([]string{proj}, args...)...).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "Finished") {
				t.Fatalf("omegat %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		}
		// the segments as OmegaT reads them, each translated as itself
		pseudo := filepath.Join(t.TempDir(), "pseudo.tmx")
		omegat("--mode=console-createpseudotranslatetmx", "--pseudotranslatetmx="+pseudo, "--pseudotranslatetype=equal")
		memory := omegatTarget.ReplaceAllString(readFile(t, pseudo), "${1}xxx${2}xxx${3}")
		os.WriteFile(filepath.Join(proj, "omegat", "project_save.tmx"), []byte(memory), 0o644)
		omegat("--mode=console-translate")
		var out []string
		for _, f := range files {
			out = append(out, filepath.Join(proj, "target", filepath.Base(f)))
		}
		return out
	})
	if viaPO != viaOmegaT {
		t.Errorf("OmegaT's translation differs from PO's:\n--- po\n%s\n--- omegat\n%s", viaPO, viaOmegaT)
	}
}

// -tmx writes a memory of the aligned pairs: the stale unit's previous source with its
// translation, never its new source; the unsure and the untranslated are left out; tags
// are numbered as the XLIFF codes.
func TestExportTMX(t *testing.T) {
	site, _, _ := exchangeSite(t)
	out := t.TempDir()
	if code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", "xliff", "-tmx", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	tmx := readFile(t, filepath.Join(out, "ja.tmx"))
	for _, want := range []string{
		`<tuv xml:lang="en"><seg>This section will change.</seg></tuv>` + "\n" + `   <tuv xml:lang="ja"><seg>この節は<bpt i="1" x="1">**</bpt>変わります。<ept i="1">**</ept></seg></tuv>`,
		`<seg>Pick a <bpt i="1" x="1">**</bpt>release<ept i="1">**</ept> from the <bpt i="2" x="2">[</bpt>downloads page<ept i="2">][dl]</ept> and <ph x="3">&lt;kbd&gt;</ph>Ctrl<ph x="4">&lt;/kbd&gt;</ph>+C to copy.</seg>`,
	} {
		if !strings.Contains(tmx, want) {
			t.Errorf("ja.tmx lacks %s\n%s", want, tmx)
		}
	}
	for _, never := range []string{"This section has changed since.", "A new paragraph.", "Concepts intro."} {
		if strings.Contains(tmx, never) {
			t.Errorf("ja.tmx holds %q", never)
		}
	}
	if _, err := exec.LookPath("xmllint"); err == nil {
		if out, err := exec.Command("xmllint", "--noout", filepath.Join(out, "ja.tmx")).CombinedOutput(); err != nil {
			t.Errorf("xmllint: %v\n%s", err, out)
		}
	}
}

// Import resolves unit IDs against the source revision the files were exported from: a
// paragraph added upstream during translation shifts the blocks' indexes, yet every
// translation lands where it was made, and the pages record the export's revision.
func TestImportResolvesAtExportRevision(t *testing.T) {
	site, _, rev2 := exchangeSite(t)
	files := exportTo(t, site, "po")
	fillPOs(t)(files)
	guide := readFile(t, filepath.Join(site, "content/en/guide.md"))
	writeFiles(t, site, map[string]string{"content/en/guide.md": strings.Replace(guide, "## Download {#download}\n\n", "## Download {#download}\n\nA paragraph added upstream.\n\n", 1)})
	gitIn(t, site, "commit", "-q", "-am", "third")
	code, stderr := importFiles(t, site, files, "-strict")
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	ja := readFile(t, filepath.Join(site, "content/ja/guide.md"))
	for _, want := range []string{
		"## xxxダウンロードxxx {#download}\n\nxxx[ダウンロードページ][dl]から**リリース**を選び、<kbd>Ctrl</kbd>+C でコピーします。xxx\n",
		"default_lang_commit: " + rev2 + "\n",
	} {
		if !strings.Contains(ja, want) {
			t.Errorf("the page lacks %q:\n%s", want, ja)
		}
	}
	if strings.Contains(ja, "added upstream") {
		t.Errorf("the upstream paragraph came in:\n%s", ja)
	}
}

// A draft translation is the page's translation (pre-filled from, written back into), and
// a translation that cannot be read is neither exported nor overwritten.
func TestExchangeDraftAndBrokenTranslations(t *testing.T) {
	site := t.TempDir()
	writeFiles(t, site, map[string]string{
		"content/en/a.md": "# Title\n\nText.\n",
		"content/ja/a.md": "---\ndraft: true\n---\n# 題\n\n本文。\n",
		"content/en/b.md": "# Bee\n\nMore text.\n",
		"content/ja/b.md": "---\ntitle: [unclosed\n---\n# 蜂\n",
	})
	out := t.TempDir()
	code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", "po", "-o", out)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	if !regexp.MustCompile(`content/ja/b\.md:\d+: warning: exchange-kept: the translation cannot be read`).MatchString(stderr) {
		t.Errorf("the broken translation is not reported:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "ja", "b.po")); err == nil {
		t.Error("the page with a broken translation was exported")
	}
	po := readFile(t, filepath.Join(out, "ja", "a.po"))
	if !strings.Contains(po, "msgid \"Text.\"\nmsgstr \"本文。\"") {
		t.Errorf("the draft did not pre-fill the export:\n%s", po)
	}
}

// A page that holds nothing to translate is not exported (an XLIFF 2.0 file needs a unit),
// and an import never copies it into a language that lacks it (it would be the source's
// text).
func TestNothingToTranslate(t *testing.T) {
	site := t.TempDir()
	writeFiles(t, site, map[string]string{
		"content/en/code.md": "```sh\nmake\n```\n",
		"content/en/a.md":    "# Title\n",
		"content/ja/a.md":    "# 題\n",
	})
	for _, format := range []string{"po", "xliff2"} {
		out := t.TempDir()
		if code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", format, "-o", out); code != 0 {
			t.Fatalf("export: exit %d: %s", code, stderr)
		}
		if entries, _ := os.ReadDir(filepath.Join(out, "ja")); len(entries) != 1 {
			t.Errorf("%s: export wrote %v, want a's file only", format, entries)
		}
	}
	src, err := exchange.Parse("content/en/code.md", []byte("```sh\nmake\n```\n"), markdown.New(markdown.Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res := exchange.Apply(exchange.Pair(src, nil), src, nil, nil); res.Data != nil {
		t.Errorf("import would make the page:\n%s", res.Data)
	}
}

// An untouched import leaves a complete translation's recorded revision alone, even when
// it is older than the export's; translating a unit moves it.
func TestUntouchedImportKeepsRevision(t *testing.T) {
	site := t.TempDir()
	writeFiles(t, site, map[string]string{
		"site.toml":       "[review]\nrevisionKey = \"default_lang_commit\"\n",
		"content/en/a.md": "# Title\n\nText.\n",
		"content/en/b.md": "# Bee\n",
	})
	gitIn(t, site, "init", "-q")
	gitIn(t, site, "add", ".")
	gitIn(t, site, "commit", "-q", "-m", "first")
	first := gitIn(t, site, "rev-parse", "HEAD")
	writeFiles(t, site, map[string]string{
		"content/en/b.md": "# Bee\n\nMore.\n",
		"content/ja/a.md": "---\ndefault_lang_commit: " + first + "\n---\n# 題\n\n本文。\n",
	})
	gitIn(t, site, "add", ".")
	gitIn(t, site, "commit", "-q", "-m", "second")
	head := gitIn(t, site, "rev-parse", "HEAD")
	out := t.TempDir()
	if code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", "po", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	po := filepath.Join(out, "ja", "a.po")
	if code, stderr := importFiles(t, site, []string{po}); code != 0 || gitIn(t, site, "status", "--porcelain") != "" {
		t.Fatalf("an untouched import: exit %d, changed %s: %s", code, gitIn(t, site, "status", "--porcelain"), stderr)
	}
	os.WriteFile(po, []byte(strings.Replace(readFile(t, po), `msgstr "本文。"`, `msgstr "新しい本文。"`, 1)), 0o644)
	if code, stderr := importFiles(t, site, []string{po}); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	if ja := readFile(t, filepath.Join(site, "content/ja/a.md")); ja != "---\ndefault_lang_commit: "+head+"\n---\n# 題\n\n新しい本文。\n" {
		t.Errorf("after a translation:\n%s", ja)
	}
}

// -stale-only exports only the units that need work.
func TestExportStaleOnly(t *testing.T) {
	site, _, _ := exchangeSite(t)
	guide := readFile(t, pick(t, exportTo(t, site, "po", "-stale-only"), "guide.po"))
	if !strings.Contains(guide, `msgctxt "guide#old.p0.0"`) || !strings.Contains(guide, `msgctxt "guide#old.p1.0"`) || strings.Contains(guide, `msgctxt "guide#download.p0.0"`) {
		t.Errorf("-stale-only:\n%s", guide)
	}
}

// A page the default language lacks has its first language's version as source, and its
// exchange file says that language.
func TestExportSourceLanguagePerPage(t *testing.T) {
	site := t.TempDir()
	writeFiles(t, site, map[string]string{
		"content/en/a.md": "# Title\n",
		"content/zh/b.md": "# 标题\n\n正文。\n",
		"content/ja/a.md": "# 題\n",
	})
	out := t.TempDir()
	if code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", "xliff2", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	if b := readFile(t, filepath.Join(out, "ja", "b.xlf")); !strings.Contains(b, `srcLang="zh" trgLang="ja"`) {
		t.Errorf("b.xlf:\n%s", b)
	}
}

// site.toml's [exchange] frontMatterKeys names the front matter keys that are units.
func TestExportFrontMatterKeys(t *testing.T) {
	site := t.TempDir()
	writeFiles(t, site, map[string]string{
		"site.toml":       "[exchange]\nfrontMatterKeys = [\"title\", \"summary\"]\n",
		"content/en/a.md": "---\ntitle: Title\ndescription: Not this one\nsummary: A summary\n---\nText.\n",
		"content/ja/a.md": "# 題\n",
	})
	out := t.TempDir()
	if code, _, stderr := runOut(t, "export", "-source", site, "-lang", "ja", "-format", "po", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	po := readFile(t, filepath.Join(out, "ja", "a.po"))
	if !strings.Contains(po, `msgid "A summary"`) || !strings.Contains(po, `msgid "Title"`) || strings.Contains(po, "Not this one") {
		t.Errorf("a.po:\n%s", po)
	}
}

// The bundled site, with GPU data whose names the parse links, exports and imports back
// untouched.
func TestExchangeBundledSite(t *testing.T) {
	site := t.TempDir()
	copyTree(t, "../../content", filepath.Join(site, "content"))
	for _, lang := range []string{"ja", "zh"} {
		out := t.TempDir()
		code, _, stderr := runOut(t, "export", "-source", site, "-lang", lang, "-format", "xliff2", "-o", out)
		if code != 0 {
			t.Fatalf("%s: export: exit %d: %s", lang, code, stderr)
		}
		var files []string
		filepath.WalkDir(filepath.Join(out, lang), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return nil
		})
		if code, stderr := importLang(t, site, lang, files); code != 0 || !strings.Contains(stderr, "0 rejected; 0 pages written") {
			t.Errorf("%s: import: exit %d: %s", lang, code, stderr)
		}
	}
}

func importLang(t *testing.T, site, lang string, files []string) (int, string) {
	t.Helper()
	code, _, stderr := runOut(t, append([]string{"import", "-source", site, "-lang", lang}, files...)...)
	return code, stderr
}

// A file import cannot read is an error at its file:line and changes nothing.
func TestImportBadFiles(t *testing.T) {
	site, _, _ := exchangeSite(t)
	dir := t.TempDir()
	for name, data := range map[string]string{
		"bad.po":     "msgid \"a\"\nmsgstr \"b\nmsgctxt",
		"bad.xlf":    "<xliff version=\"2.0\"><file id=\"f\"><unit id=\"u\"><segment><target>x</segment></unit></file></xliff>",
		"old.xlf":    "<xliff version=\"1.1\"></xliff>",
		"nopage.xlf": "<xliff version=\"2.0\" xmlns=\"urn:oasis:names:tc:xliff:document:2.0\"><file id=\"f\"></file></xliff>",
	} {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(data), 0o644)
		code, stderr := importFiles(t, site, []string{f})
		if code != 1 || !regexp.MustCompile(regexp.QuoteMeta(f)+`:\d+:(\d+:)? error: exchange-file: `).MatchString(stderr) {
			t.Errorf("%s: exit %d: %s", name, code, stderr)
		}
	}
	if st := gitIn(t, site, "status", "--porcelain"); st != "" {
		t.Errorf("changed: %s", st)
	}
}
