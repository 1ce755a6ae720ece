package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"docsite/internal/write"
)

// Every error of a failed build names the file it comes from (and the line, where a
// value of the front matter made it), never a bare ": error:" or a bare output path.
func TestBuildErrorsNameTheirFile(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		link  string // a symbolic link to outside made at this path, when set
		want  string // the start of an error line
	}{
		{name: "slug", files: map[string]string{
			"content/en/a.md": "---\ntitle: A\nslug: \"..\"\n---\nA\n",
		}, want: "content/en/a.md:3:"}, // at load since slugs are checked as URL segments
		{name: "alias", files: map[string]string{
			"content/en/a.md": "---\ntitle: A\naliases: [\"/en/x/\", \"/en/x/index.html\"]\n---\nA\n",
		}, want: "content/en/a.md:3: error: build: the redirect page of alias /en/x/"},
		{name: "static symlink", files: map[string]string{
			"content/en/a.md": "# A\n",
		}, link: "static/images/leak.txt", want: "static/images/leak.txt: error: unreadable: a symbolic link leading out of the site root"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, dest := t.TempDir(), filepath.Join(t.TempDir(), "public")
			writeFiles(t, src, tc.files)
			if tc.link != "" {
				p := filepath.Join(src, filepath.FromSlash(tc.link))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.Symlink(outside, p); err != nil {
					t.Fatal(err)
				}
			}
			code, stderr := runCmd(t, "build", "-source", src, "-dest", dest, "-cache", "off")
			if code == 0 {
				t.Fatalf("exit 0, want a failure:\n%s", stderr)
			}
			found := false
			for line := range strings.Lines(stderr) {
				found = found || strings.HasPrefix(line, tc.want)
				if strings.HasPrefix(line, ":") || strings.HasPrefix(line, "write:") || strings.HasPrefix(line, "open ") {
					t.Errorf("an error without its file: %q", line)
				}
			}
			if !found {
				t.Errorf("no line starting %q in:\n%s", tc.want, stderr)
			}
		})
	}
}

// goName is a Go type or field name in a message: config.Site.BaseURL, *shortcode.Page,
// gpu.gpuRecord.ID, or the "of type int64" of a decoder.
var goName = regexp.MustCompile(`\*?\b(config|shortcode|gpu|render|load|diag|main|review)\.[a-z]*[A-Z]\w*|of type |int64|template: template:`)

// Errors speak of the user's files, keys and types, never of Go's; one wrong value in
// the GPU data is one error, not one for every record that refers to its file.
func TestMessagesInUserTerms(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "content", "data", "gpus.toml"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	gpus := regexp.MustCompile(`(?m)^id = "k40"$`).ReplaceAllStringFunc(string(data), func(string) string { n++; return "id = 40" })
	if n != 1 {
		t.Fatalf("content/data/gpus.toml has %d records with id \"k40\", want 1", n)
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		site  bool   // on a copy of the bundled site
		want  string // an error line
	}{
		{name: "site.toml", files: map[string]string{
			"site.toml": "baseURL = 5\n", "content/en/a.md": "# A\n",
		}, want: "site.toml:1:11: error: config: baseURL: want text, not a whole number"},
		{name: "shortcode field", files: map[string]string{
			"templates/shortcodes/note.html": "<div>{{ .Page.Foo }}{{ .Inner }}</div>\n",
			"content/en/a.md":                "# A\n\n{{< note >}}hi{{< /note >}}\n",
		}, want: "content/en/a.md:3:1: error: shortcode: note: templates/shortcodes/note.html:1:13: .Page has no field Foo (in {{.Page.Foo}})"},
		{name: "shortcode syntax", files: map[string]string{
			"templates/shortcodes/note.html": "<div>{{ .Inner </div>\n",
			"content/en/a.md":                "# A\n",
		}, want: `templates/shortcodes/note.html:1: error: template: unexpected "<" in operand`},
		{name: "locale", files: map[string]string{
			"locales/en.toml": "[hello]\nother = 5\n", "content/en/a.md": "# A\n",
		}, want: "locales/en.toml:2: error: locale: hello.other: want text, not a whole number"},
		{name: "data", site: true, files: map[string]string{"content/data/gpus.toml": gpus},
			want: "content/data/gpus.toml:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, dest := t.TempDir(), filepath.Join(t.TempDir(), "public")
			if tc.site {
				if err := os.CopyFS(filepath.Join(src, "content"), os.DirFS(filepath.Join("..", "..", "content"))); err != nil {
					t.Fatal(err)
				}
				site, err := os.ReadFile(filepath.Join("..", "..", "site.toml"))
				if err != nil {
					t.Fatal(err)
				}
				tc.files["site.toml"] = string(site)
			}
			writeFiles(t, src, tc.files)
			code, stderr := runCmd(t, "build", "-source", src, "-dest", dest, "-cache", "off")
			if code == 0 {
				t.Fatalf("exit 0, want a failure:\n%s", stderr)
			}
			var errs []string
			for line := range strings.Lines(stderr) {
				if strings.Contains(line, ": error: ") {
					errs = append(errs, line)
				}
				if m := goName.FindString(line); m != "" {
					t.Errorf("%q names Go's %q", line, m)
				}
			}
			if len(errs) != 1 || !strings.HasPrefix(errs[0], tc.want) {
				t.Errorf("%d errors, want one starting %q:\n%s", len(errs), tc.want, stderr)
			}
		})
	}
}

// A file of the output no page makes (a listing, a GPU page, the search index) that
// cannot be written is named under -dest, without the spare tree's path.
func TestOutputErrorNamesTheFile(t *testing.T) {
	err := fmt.Errorf("listing: %w", &write.FileError{Rel: "en/gpus/k40/index.html",
		Err: &fs.PathError{Op: "write", Path: "/site/.public.docsite/spare/en/gpus/k40/index.html", Err: syscall.ENOSPC}})
	got := outputError(err, "public").Error()
	if want := filepath.FromSlash("public/en/gpus/k40/index.html") + ": error: build: cannot write it: no space left on device"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
