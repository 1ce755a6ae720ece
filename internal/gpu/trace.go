package gpu

import (
	"io/fs"
	"strings"

	"docsite/internal/diag"
)

// trace checks that every figure in the data appears on the seed line it cites: the number as
// written, or, where a reading explains a garbled cell, the cell's original text.
func (c *Catalog) trace(fsys fs.FS) diag.List {
	t := tracer{fsys: fsys, files: map[string][]string{}}
	for _, g := range c.GPUs {
		for _, f := range g.Figures {
			t.check(f.Pos, f.Source, f.Value.Text, "%s %s", g.ID, f.Metric)
		}
		if g.MemoryType != "" {
			t.check(g.Pos, g.MemoryTypeSource, g.MemoryType, "%s memory_type", g.ID)
		}
	}
	for _, p := range c.Providers {
		for _, s := range p.SeenAs {
			t.check(p.Pos, s.Source, s.Text, "%s seen_as", p.ID)
		}
	}
	for _, o := range c.Offers {
		t.offer(o)
	}
	return t.diags
}

type tracer struct {
	fsys  fs.FS
	files map[string][]string // nil entry: unreadable, already reported
	diags diag.List
}

func (t *tracer) offer(o Offer) {
	fields := []struct{ name, text string }{
		{"gpu", o.GPUText}, {"gpu_count", o.GPUCount.Text}, {"gpu_memory", o.GPUMemory.Text},
		{"vcpus", o.VCPUs.Text}, {"ram", o.RAM.Text}, {"price", o.Price.Text},
	}
	for _, f := range fields {
		if _, read := o.ReadingOf(f.name); !read && f.text != "" {
			t.check(o.Pos, o.Source, f.text, "offer %s %s", o.ID, f.name)
		}
	}
	if _, read := o.ReadingOf("family"); !read && o.Family != "" {
		t.check(o.Pos, o.FamilySource, o.Family, "offer %s family", o.ID)
	}
	for _, r := range o.Readings {
		src := r.Source
		if src.File == "" {
			src = o.Source
		}
		t.check(o.Pos, src, r.Original, "offer %s reading of %s", o.ID, r.Field)
	}
}

// check reports, at the data record pos, a cited line that does not hold text.
func (t *tracer) check(pos, src Source, text, what string, args ...any) {
	if src.File == "" {
		return
	}
	lines, ok := t.lines(pos, src.File)
	if !ok {
		return
	}
	if src.Line > len(lines) {
		t.diags = append(t.diags, diag.Errorf(pos.File, pos.Line, 0, "data-provenance",
			what+": cites %s, which has only %d lines", append(args, src, len(lines))...))
		return
	}
	if !strings.Contains(lines[src.Line-1], text) {
		t.diags = append(t.diags, diag.Errorf(pos.File, pos.Line, 0, "data-provenance",
			what+": %q is not on %s", append(args, text, src)...))
	}
}

func (t *tracer) lines(pos Source, file string) ([]string, bool) {
	if l, seen := t.files[file]; seen {
		return l, l != nil
	}
	b, err := fs.ReadFile(t.fsys, file)
	if err != nil {
		t.files[file] = nil
		t.diags = append(t.diags, diag.Errorf(pos.File, pos.Line, 0, "data-provenance", "cited file: %v", err))
		return nil, false
	}
	l := strings.Split(string(b), "\n")
	t.files[file] = l
	return l, true
}
