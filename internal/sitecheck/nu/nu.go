// Package nu runs the W3C Nu Html Checker (vnu.jar) over a built site's pages and style sheets.
package nu

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// Options say where the checker and its runtime are.
type Options struct {
	Java string // the java command; "java" finds it on PATH
	Jar  string // vnu.jar, e.g. internal/sitecheck/tools/node_modules/vnu-jar/build/dist/vnu.jar
}

// Check validates every page of t as HTML and every style sheet as CSS, one JVM for each kind,
// both at once. Errors are errors; the checker's warnings are warnings; info messages are dropped.
func Check(ctx context.Context, t *site.Tree, o Options) (diag.List, error) {
	type result struct {
		l   diag.List
		err error
	}
	css := make(chan result, 1)
	go func() {
		l, err := run(ctx, t, o, t.Styles, "css")
		css <- result{l, err}
	}()
	out, err := run(ctx, t, o, t.Pages, "html")
	c := <-css
	out = append(out, c.l...)
	out.Sort()
	if err == nil {
		err = c.err
	}
	return out, err
}

// jvmFlags make one short run cheaper: the client compiler alone halves the CPU time of checking
// a few dozen pages (same report), and it needs a larger stack than the default for the HTML schema.
// -XX:-PrintWarnings keeps the JVM's own warnings (printed on stdout under memory pressure) out of
// the JSON report: once, on a loaded machine, one broke the report's decoding.
var jvmFlags = []string{"-Xss8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-PrintWarnings"}

// run checks files (relative to t.Dir) with one start of the checker in its mode kind,
// "html" or "css", which is also the code of what it finds.
func run(ctx context.Context, t *site.Tree, o Options, files []string, kind string) (diag.List, error) {
	mode := "--" + kind
	if len(files) == 0 {
		return nil, nil
	}
	byPath := map[string]string{}
	args := slices.Concat(jvmFlags, []string{"-jar", o.Jar, "--format", "json", "--stdout", "--exit-zero-always", mode})
	for _, f := range files {
		abs, err := filepath.Abs(t.Path(f))
		if err != nil {
			return nil, err
		}
		byPath[abs] = t.Path(f)
		args = append(args, abs)
	}
	cmd := exec.CommandContext(ctx, o.Java, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("vnu %s: %v\n%s", mode, err, strings.TrimSpace(stderr.String()))
	}
	return decode(stdout.Bytes(), byPath, kind)
}

// report is the checker's JSON output.
type report struct {
	Messages []message `json:"messages"`
}

type message struct {
	Type        string `json:"type"`    // "error", "info" or "non-document-error"
	SubType     string `json:"subType"` // "warning" for info messages that are warnings
	URL         string `json:"url"`
	FirstLine   int    `json:"firstLine"`
	LastLine    int    `json:"lastLine"`
	FirstColumn int    `json:"firstColumn"`
	Message     string `json:"message"`
}

// decode turns the checker's report into diagnostics on the files named in byPath.
func decode(b []byte, byPath map[string]string, code string) (diag.List, error) {
	var r report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("vnu %s: reading its report: %v", code, err)
	}
	var out diag.List
	for _, m := range r.Messages {
		d := diag.Diagnostic{File: fileOf(m.URL, byPath), Line: m.FirstLine, Col: m.FirstColumn, Code: code, Message: m.Message}
		if d.Line == 0 {
			d.Line = m.LastLine
		}
		switch {
		case m.Type == "info" && m.SubType == "warning":
			d.Severity = diag.Warning
		case m.Type == "info":
			continue
		default:
			d.Severity = diag.Error
		}
		out = append(out, d)
	}
	return out, nil
}

// fileOf maps a "file:/abs/path" URL from the report back to the path the user gave.
func fileOf(u string, byPath map[string]string) string {
	p := strings.TrimPrefix(u, "file:")
	if unescaped, err := url.PathUnescape(p); err == nil {
		p = unescaped
	}
	if f, ok := byPath[filepath.Clean(p)]; ok {
		return f
	}
	return p
}
