package serve

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"docsite/internal/diag"
)

func TestFailureLines(t *testing.T) {
	list := diag.ErrorList{
		diag.Errorf("content/zh/b.md", 7, 3, "front-matter", "unknown key %q", "titel"),
		diag.Warnf("content/en/a.md", 2, 0, "table-repair", "repaired a table"),
		diag.Errorf("content/en/a.md", 12, 0, "", "unclosed code fence"),
	}
	tests := []struct {
		err  error
		want []string
	}{
		{list, []string{"content/en/a.md:12: unclosed code fence", "content/zh/b.md:7:3: front-matter: unknown key \"titel\""}},
		{fmt.Errorf("building: %w", list), []string{"content/en/a.md:12: unclosed code fence", "content/zh/b.md:7:3: front-matter: unknown key \"titel\""}},
		{diag.Errorf("site.toml", 3, 0, "config", "unknown key"), []string{"site.toml:3: config: unknown key"}},
		{errors.New("templates/page.html:4: bad action\nsecond line\n"), []string{"templates/page.html:4: bad action", "second line"}},
		{diag.ErrorList{diag.Warnf("a.md", 1, 0, "", "only a warning")}, []string{"build failed without an error diagnostic"}},
	}
	for _, tt := range tests {
		if got := failureLines(tt.err); !slices.Equal(got, tt.want) {
			t.Errorf("failureLines(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
	if list[0].File != "content/zh/b.md" {
		t.Error("failureLines sorted the builder's own list")
	}
}
