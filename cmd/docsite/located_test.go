package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		}, want: "content/en/a.md:3: error: "},
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
