package nu

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

const jar = "../tools/node_modules/vnu-jar/build/dist/vnu.jar"

// options returns the checker's paths, skipping the test outside CI when they are missing.
func options(t *testing.T) Options {
	t.Helper()
	java, err := exec.LookPath("java")
	_, jarErr := os.Stat(jar)
	if err == nil && jarErr == nil {
		return Options{Java: java, Jar: jar}
	}
	msg := "java or vnu.jar missing (run .ci/install-deps)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return Options{}
}

func check(t *testing.T, dir string) diag.List {
	t.Helper()
	o := options(t)
	tree, err := site.Load(dir, "/")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Check(context.Background(), tree, o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestCleanSitePasses(t *testing.T) {
	t.Parallel()
	for _, d := range check(t, "../testdata/clean") {
		t.Errorf("clean fixture: %s", d)
	}
}

func TestInvalidSiteFails(t *testing.T) {
	t.Parallel()
	var got []string
	for _, d := range check(t, "testdata/invalid") {
		if d.Severity == diag.Error {
			got = append(got, d.Pos()+" "+d.Code)
		}
	}
	want := "testdata/invalid/bad.css:2:12 css\n" +
		"testdata/invalid/日本/index.html:8:19 html\n" +
		"testdata/invalid/日本/index.html:9:1 html"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("got:\n%s\nwant:\n%s", g, want)
	}
}

func TestDecodeKeepsWarningsDropsInfo(t *testing.T) {
	report := `{"messages":[
{"type":"info","subType":"warning","url":"file:/x/a.html","lastLine":3,"firstColumn":2,"message":"w"},
{"type":"info","url":"file:/x/a.html","lastLine":4,"message":"i"},
{"type":"non-document-error","url":"file:/x/b.html","message":"IO"}]}`
	l, err := decode([]byte(report), map[string]string{"/x/a.html": "site/a.html"}, "html")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range l {
		got = append(got, d.Error())
	}
	want := "site/a.html:3:2: warning: html: w\n/x/b.html: error: html: IO"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("got:\n%s\nwant:\n%s", g, want)
	}
}
