package gpu

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every figure in content/data must appear on the line of the repository file it cites, and that
// line must be the seed's line 4 lines earlier (the repository adds a 4-line front matter).
func TestEveryFigureTracesToItsSeedLine(t *testing.T) {
	c := loadReal(t)
	seeds := map[string]string{
		"content/zh/gpu-survey.md":    "003_",
		"content/zh/gpu-platforms.md": "004_",
	}
	check := func(what string, src Source, text string) {
		t.Helper()
		prefix, ok := seeds[src.File]
		if !ok {
			t.Errorf("%s cites %s, not a seed page", what, src)
			return
		}
		line := fileLine(t, "../../"+src.File, src.Line)
		if !strings.Contains(line, text) {
			t.Errorf("%s: %q not on %s: %q", what, text, src, line)
		}
		matches, _ := filepath.Glob("/work/shared/seeds/" + prefix + "*.txt")
		if len(matches) == 1 {
			if seed := fileLine(t, matches[0], src.Line-4); seed != line {
				t.Errorf("%s: %s differs from seed line %d", what, src, src.Line-4)
			}
		}
	}
	figures := 0
	for _, g := range c.GPUs {
		for _, f := range g.Figures {
			check(g.ID+" "+f.Metric.String(), f.Source, f.Value.Text)
			figures++
		}
	}
	for _, o := range c.Offers {
		for field, n := range map[string]Number{"gpu_count": o.GPUCount, "vcpus": o.VCPUs, "price": o.Price,
			"gpu_memory": o.GPUMemory.Number, "ram": o.RAM.Number} {
			if !n.Stated() {
				continue
			}
			figures++
			if r, ok := o.ReadingOf(field); ok {
				src := r.Source
				if src.File == "" {
					src = o.Source
				}
				check(o.ID+" "+field+" (read)", src, r.Original)
				continue
			}
			check(o.ID+" "+field, o.Source, n.Text)
		}
	}
	if figures < 240 { // 244 when written
		t.Errorf("checked only %d figures", figures)
	}
}

func fileLine(t *testing.T, name string, n int) string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return sc.Text()
		}
	}
	t.Fatalf("%s has no line %d", name, n)
	return ""
}
