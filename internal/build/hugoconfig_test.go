package build

import (
	"encoding/xml"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// hugoConfigSite is the fixture site of testdata/hugo/config in the configuration format
// named (toml, yaml, json, dir): the shared site.txtar and that format's file.
func hugoConfigSite(t *testing.T, format string) string {
	t.Helper()
	dir := siteDir(t, "testdata/hugo/config/site.txtar")
	a, err := txtar.ParseFile("testdata/hugo/config/" + format + ".txtar")
	if err != nil {
		t.Fatal(err)
	}
	return extract(t, a, dir)
}

// docsitePages lists the URLs of the pages docsite published in files, not the
// stand-ins of untranslated pages (which Hugo does not make): those its sitemap lists.
func docsitePages(t *testing.T, files map[string][]byte) []string {
	t.Helper()
	var set struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(files["sitemap.xml"], &set); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	var out []string
	for _, u := range set.URLs {
		out = append(out, strings.TrimPrefix(u.Loc, "https://example.org"))
	}
	slices.Sort(out)
	return out
}

// hugoPages builds the site at dir with Hugo and lists the URLs of the pages it
// published (the fixture's layouts print "PAGE" and the URL; redirects do not).
func hugoPages(t *testing.T, hugo, dir string) []string {
	t.Helper()
	dest := t.TempDir()
	cmd := exec.Command(hugo, "--source", dir, "--destination", dest, "--quiet")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	var out []string
	filepath.WalkDir(dest, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if u, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "PAGE "); ok {
			out = append(out, u)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// A Hugo site builds from its own configuration, in each of its formats, with no
// site.toml: the same languages, pages and URLs as Hugo publishes (docsite also makes
// stand-ins of untranslated pages, which the comparison leaves out).
func TestHugoConfigLikeHugo(t *testing.T) {
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Skip("no hugo here to compare with")
	}
	for _, format := range []string{"toml", "yaml", "json", "dir"} {
		t.Run(format, func(t *testing.T) {
			dir := hugoConfigSite(t, format)
			want := hugoPages(t, hugo, dir)
			os.RemoveAll(filepath.Join(dir, "resources")) // what Hugo left in the root
			files, res := mustBuild(t, dir, Options{Cache: ""})
			if got := docsitePages(t, files); !slices.Equal(got, want) {
				t.Errorf("docsite published\n  %s\nHugo\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			checkHugoConfigSite(t, format, files, res)
		})
	}
}

// checkHugoConfigSite checks what the fixture's configuration says besides its pages:
// params, trusted raw HTML, language names, mounted static files, one note.
func checkHugoConfigSite(t *testing.T, format string, files map[string][]byte, res *Result) {
	t.Helper()
	wantIn(t, files, "en/index.html", []string{"Welcome, version 1.2.3.", "Fixture"}, nil)
	wantIn(t, files, "en/docs/a/index.html", []string{"<b>raw</b> HTML."}, nil)
	wantIn(t, files, "fr/index.html", []string{"Version fr-1."}, nil)
	wantIn(t, files, "fr/docs/a/index.html", []string{`lang="fr-FR"`, "Français", "Deutsch"}, nil)
	if format == "dir" {
		if _, ok := files["files/x.txt"]; !ok {
			t.Error("the mounted static file is not at files/x.txt")
		}
	}
	var notes []string
	for _, d := range res.Diags {
		if d.Code == "config" {
			notes = append(notes, d.Error())
		}
	}
	if len(notes) != 1 || !strings.HasSuffix(notes[0], "2 of its settings: disableKinds sitemap, robotsTXT, 404 (docsite makes them all the same), enableRobotsTXT") {
		t.Errorf("want one config note naming enableRobotsTXT and the kinds docsite makes, got %q", notes)
	}
}

// Mounts show other folders of the site root in the site, in site.toml as in a Hugo
// configuration; a missing one is one warning, and links into it one more.
func TestSiteTOMLMounts(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/hugo/mounts.txtar"), Options{})
	wantIn(t, files, "en/docs/spec/one/index.html", []string{`id="one">One</h1>`}, nil)
	wantIn(t, files, "ja/docs/spec/one/index.html", []string{"One"}, nil) // a stand-in
	if _, ok := files["en/docs/spec/README/index.html"]; ok {
		t.Error("the excluded README.md is published")
	}
	if _, ok := files["shared/logo.txt"]; !ok {
		t.Error("the mounted static file is not published")
	}
	var got []string
	for _, d := range res.Diags {
		if d.Code == "mount" || d.Code == "dead-link" {
			got = append(got, d.Error())
		}
	}
	want := []string{
		"site.toml:8: warning: mount: 3 links on 2 pages lead into content/en/docs/gone, whose mount source vendor/missing is missing: they are not checked one by one",
		"site.toml:8: warning: mount: mount source vendor/missing is missing (a git submodule not checked out?): nothing is shown at content/en/docs/gone",
		`content/en/docs/_index.md:4: warning: dead-link: link "/docs/nowhere/": nothing is published at /en/docs/nowhere/`,
		`vendor/spec/one.md:3: warning: dead-link: link "/docs/spec/none/": nothing is published at /en/docs/spec/none/`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// Under -strict the links into a missing mount fail the build, as dead links do.
func TestMissingMountLinksStrict(t *testing.T) {
	_, _, err := buildDir(t, siteDir(t, "testdata/hugo/mounts.txtar"), Options{Strict: true})
	if err == nil || !strings.Contains(err.Error(), "site.toml:8: error: mount: 3 links on 2 pages lead into content/en/docs/gone") {
		t.Errorf("error = %v", err)
	}
}
