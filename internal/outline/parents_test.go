package outline

import (
	"bytes"
	"docsite/internal/markdown"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// manyHeadings is a page of n sections after an intro: one h1 first, then headings at
// levels 2–6 in a varied order, every third one titled "Notes".
func manyHeadings(n int) []byte {
	var b bytes.Buffer
	b.WriteString("Intro.\n\n")
	for i := range n {
		level := 2 + (i*i+3*i)%5
		if i == 0 {
			level = 1
		}
		title := "Section " + strconv.Itoa(i)
		if i%3 == 0 {
			title = "Notes"
		}
		fmt.Fprintf(&b, "%s %s\n\ntext %d\n\n", strings.Repeat("#", level), title, i)
	}
	return b.Bytes()
}

// randomHeadings is a page of n headings at random levels (seeded), titles drawn from a
// few, some with an explicit id, with text or nothing between them.
func randomHeadings(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	titles := []string{"Notes", "Setup", "Notes 2", "???", "Setup"}
	var b bytes.Buffer
	if r.IntN(2) == 0 {
		b.WriteString("Intro text.\n\n")
	}
	for i := range n {
		fmt.Fprintf(&b, "%s %s", strings.Repeat("#", 1+r.IntN(6)), titles[r.IntN(len(titles))])
		if r.IntN(8) == 0 {
			fmt.Fprintf(&b, " {#notes-%d}", r.IntN(4))
		}
		b.WriteString("\n\n")
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "text %d\n\n", i)
		}
	}
	return b.Bytes()
}

// plainParents is each section's parent as the outline once found it: the nearest
// section before it with a heading of a lower level, -1 when none.
func plainParents(p *Page) []int {
	out := make([]int, len(p.Sections))
	for k, s := range p.Sections {
		out[k] = -1
		for i := k - 1; i >= 0; i-- {
			if l := p.Sections[i].Level; l > 0 && l < s.Level {
				out[k] = i
				break
			}
		}
	}
	return out
}

// plainSlugs is setSlugs the plain way: Hugo's slug of each heading (these pages' headings
// are plain text, their title), the author's ids reserved, a taken one numbered from 1 up
// to the first free number every time.
func plainSlugs(p *Page) []string {
	used := map[string]bool{"": true}
	for _, s := range p.Sections {
		if s.Explicit != "" {
			used[s.Explicit] = true
		}
	}
	out := make([]string, len(p.Sections))
	for i, s := range p.Sections {
		switch {
		case s.Level == 0:
			continue
		case s.Explicit != "":
			out[i] = s.Explicit
			continue
		}
		base := markdown.HeadingSlug([]byte(s.Title))
		id := base
		for n := 1; used[id]; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		used[id] = true
		out[i] = id
	}
	return out
}

// TestParentsAndSlugs compares each section's parent and slug with the plain way of
// finding them, on pages of headings at varied levels.
func TestParentsAndSlugs(t *testing.T) {
	pages := [][]byte{manyHeadings(300), []byte("# A\n\n## B\n\n### C\n\n## B\n\n# A\n\n### C\n\n###### D\n\n## B\n")}
	for seed := range uint64(50) {
		pages = append(pages, randomHeadings(seed, 1+int(seed)*3))
	}
	for _, src := range pages {
		p := parse(t, "p.md", src)
		parents := plainParents(p)
		slugs := plainSlugs(p)
		for i, s := range p.Sections {
			if s.Parent != parents[i] || s.Slug != slugs[i] {
				t.Fatalf("section %d (h%d %q): parent %d, slug %q; want %d, %q\npage:\n%s", i, s.Level, s.Title, s.Parent, s.Slug, parents[i], slugs[i], src)
			}
		}
	}
}
