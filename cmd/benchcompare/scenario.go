package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"docsite/internal/bench/corpus"
)

// A scenario is what users wait for: a build from nothing, or a rebuild into the output
// of the last build after they changed nothing, a page's body or a page's title. Before
// every measured run of a tool, prepare readies that tool's output and input.
type scenario struct {
	name string
	// rebuild: the run builds into the output the previous run left (one unmeasured
	// build first); otherwise the output is removed before each run.
	rebuild bool
	// edit changes the tool's copy of the corpus before run k (nil: no edit).
	edit func(e *editor, k int) error
}

var scenarios = map[string]scenario{
	"fresh": {name: "fresh"},
	"noop":  {name: "noop", rebuild: true},
	"body":  {name: "body", rebuild: true, edit: (*editor).body},
	"title": {name: "title", rebuild: true, edit: (*editor).title},
}

// scenarioOrder is the order of the report.
var scenarioOrder = []string{"fresh", "noop", "body", "title"}

// editor edits one page of one tool's copy of the corpus and puts it back afterwards.
// The page is page 0 in the first language: every tool gets the same edit.
type editor struct {
	file     string
	original []byte
}

func newEditor(input string, c corpusDirs) (*editor, error) {
	f := corpus.PageFiles(corpus.Options{Pages: c.pages, Seed: c.seed}, 0)[0]
	name := filepath.Join(input, "content", f.Lang, filepath.FromSlash(f.Path))
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &editor{file: name, original: data}, nil
}

// body appends a paragraph that names run k, so each run changes the page again.
func (e *editor) body(k int) error {
	data := fmt.Appendf(bytes.Clone(e.original), "\nEdited for run %d of the benchmark.\n", k)
	return os.WriteFile(e.file, data, 0o644)
}

// title changes the page's title, which every listing and navigation showing the page
// shows too.
func (e *editor) title(k int) error {
	head, rest, ok := bytes.Cut(e.original, []byte("\ntitle = \""))
	if !ok {
		return fmt.Errorf("%s: no title line", e.file)
	}
	data := fmt.Appendf(bytes.Clone(head), "\ntitle = \"Run %d: %s", k, rest)
	return os.WriteFile(e.file, data, 0o644)
}

func (e *editor) restore() error { return os.WriteFile(e.file, e.original, 0o644) }

func parseScenarios(s string) ([]scenario, error) {
	var out []scenario
	for f := range strings.SplitSeq(s, ",") {
		sc, ok := scenarios[strings.TrimSpace(f)]
		if !ok {
			return nil, fmt.Errorf("-scenarios: unknown scenario %q (want %s)", f, strings.Join(scenarioOrder, ","))
		}
		out = append(out, sc)
	}
	return out, nil
}
