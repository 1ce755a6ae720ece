package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestUsageListsEveryFlag: "docsite help" names every flag that each command's -h
// describes, so a flag added to a command cannot be missing from the usage.
func TestUsageListsEveryFlag(t *testing.T) {
	var help strings.Builder
	if code := run(context.Background(), []string{"help"}, &help, &help); code != 0 {
		t.Fatalf("docsite help: exit %d", code)
	}
	usage := help.String()
	flagLine := regexp.MustCompile(`(?m)^  (-[\w-]+)`)
	for _, cmd := range []string{"build", "review", "serve", "export", "import"} {
		var out strings.Builder
		if code := run(context.Background(), []string{cmd, "-h"}, &out, &out); code != 2 {
			t.Errorf("docsite %s -h: exit %d, want 2", cmd, code)
		}
		flags := flagLine.FindAllStringSubmatch(out.String(), -1)
		if len(flags) == 0 {
			t.Fatalf("docsite %s -h lists no flags:\n%s", cmd, out.String())
		}
		line := synopsisLine(usage, cmd)
		if line == "" {
			t.Errorf("the usage has no line for docsite %s:\n%s", cmd, usage)
			continue
		}
		for _, f := range flags {
			if !regexp.MustCompile(`\[?` + regexp.QuoteMeta(f[1]) + `[ =\]]`).MatchString(line + " ") {
				t.Errorf("the usage of docsite %s lacks %s:\n%s", cmd, f[1], line)
			}
		}
	}
}

// synopsisLine is the usage's synopsis of command cmd, its continuation lines joined.
func synopsisLine(usage, cmd string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(usage, "\n") {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "docsite "+cmd+" "):
			in = true
		case in && strings.HasPrefix(l, "       "):
		default:
			in = false
		}
		if in {
			b.WriteString(" " + strings.TrimSpace(l))
		}
	}
	return b.String()
}

// TestREADMECommandsAreTheUsage: the README's list of commands is the usage's synopsis,
// as "docsite help" prints it.
func TestREADMECommandsAreTheUsage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(readme), "## Commands\n\n```sh\n")
	block, _, _ := strings.Cut(rest, "```")
	var help strings.Builder
	run(context.Background(), []string{"help"}, &help, &help)
	if !strings.Contains(help.String(), block) || block == "" {
		t.Errorf("README.md's commands:\n%s\nare not docsite help's:\n%s", block, help.String())
	}
}
