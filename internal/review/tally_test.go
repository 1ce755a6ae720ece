package review

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"docsite/internal/diag"
)

// pageResults reviews every page of in on its own, as a build does.
func pageResults(in Input) map[string]*PageResult {
	keys := pageKeys(in.Docs)
	out := map[string]*PageResult{}
	for i, docs := range docsOf(in, keys) {
		out[keys[i]] = Page(in, keys[i], docs)
	}
	return out
}

// reportBytes is everything a report shows: JSON and the HTML index.
func reportBytes(t *testing.T, r *Report, index func(write func(string, []byte) error) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	err := index(func(rel string, data []byte) error {
		b.WriteString(rel + "\n")
		b.Write(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A tally that takes a page's old result out and its new one in gives the report, and the
// index, of reviewing the edited site whole.
func TestTallyFollowsEdits(t *testing.T) {
	long := strings.Repeat("多得多的文字，", 40)
	steps := []struct {
		name    string
		edits   map[string]func(string) string
		changed []string // pages reviewed again
	}{
		{"first", nil, nil},
		{"outlier and number", map[string]func(string) string{
			"content/zh/gpu-cloud.md": func(s string) string {
				return strings.Replace(strings.Replace(s, "125.6T", "152.6T", 1), "。", "。"+long, 1)
			},
		}, []string{"gpu-cloud"}},
		{"source edited", map[string]func(string) string{
			"content/en/gpu-cloud.md": func(s string) string { return strings.Replace(s, "Dozens of kernels", "Dozens of CPU kernels", 1) },
		}, []string{"gpu-cloud"}},
		{"page gone", nil, []string{"gpu-survey"}},
		{"back again", nil, []string{"gpu-survey", "gpu-cloud"}},
	}
	data := []Finding{{Check: "data-inconsistent", Severity: diag.Warning, Page: "data", Source: Pos{"content/data/gpus.toml", 3}, Message: "m"}}
	tally := NewTally(site(t))
	tally.SetExtra(data)
	last := map[string]*PageResult{}
	for _, step := range steps {
		in := siteAt(t, "../../content", step.edits)
		if step.name == "page gone" {
			in.Docs = dropDoc(in.Docs, "gpu-survey")
		}
		now := pageResults(in)
		var remove, add []*PageResult
		for k, res := range now {
			if last[k] != nil && step.changed != nil && !slices.Contains(step.changed, k) {
				now[k] = last[k] // not reviewed again
				continue
			}
			if last[k] != nil {
				remove = append(remove, last[k])
			}
			add = append(add, res)
		}
		for k, res := range last {
			if now[k] == nil {
				remove = append(remove, res)
			}
		}
		if step.changed != nil && len(add)+len(remove) > 2*len(step.changed) {
			t.Fatalf("%s: %d results in, %d out", step.name, len(add), len(remove))
		}
		tally.Update(remove, add)
		last = now

		full := pageResults(in)
		var all []*PageResult
		for _, res := range full {
			all = append(all, res)
		}
		want := Assemble(in, all)
		want.Add(data...)
		got := tally.Report()
		wantBytes := reportBytes(t, want, func(w func(string, []byte) error) error { return WriteIndex(want, nil, w) })
		gotBytes := reportBytes(t, got, func(w func(string, []byte) error) error { return tally.WriteIndex(nil, w) })
		if !bytes.Equal(gotBytes, wantBytes) {
			t.Errorf("%s: tally differs from a whole review:\n got %.3000s\nwant %.3000s", step.name, gotBytes, wantBytes)
		}
		if step.name == "outlier and number" && !bytes.Contains(gotBytes, []byte(LengthRatio)) {
			t.Errorf("%s: no length outlier to compare", step.name)
		}
	}
}

func dropDoc(docs []Doc, page string) []Doc {
	var out []Doc
	for _, d := range docs {
		if d.Page != page {
			out = append(out, d)
		}
	}
	return out
}

// A unit list stays the sorted list of its units through random changes, across the
// splitting and dropping of blocks, with many units of the same ratio.
func TestUnitList(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l unitList
	var want []*ratioUnit
	for step := range 1500 {
		var gone, add []*ratioUnit
		for range rng.IntN(8) {
			if len(want) > 0 && rng.IntN(3) == 0 {
				i := rng.IntN(len(want))
				gone = append(gone, want[i])
				want = slices.Delete(want, i, i+1)
			}
		}
		n := rng.IntN(12)
		if step == 100 {
			n = 3000 // a fill
		}
		for range n {
			u := &ratioUnit{ratio: float64(rng.IntN(50)) / 10}
			add = append(add, u)
			want = append(want, u)
		}
		l.update(gone, add)
		slices.SortStableFunc(want, compareUnits)
		got := slices.Concat(l.blocks...)
		if l.n != len(want) || !slices.EqualFunc(got, want, func(a, b *ratioUnit) bool { return a.ratio == b.ratio }) {
			t.Fatalf("step %d: %d units, want %d", step, l.n, len(want))
		}
		for _, b := range l.blocks {
			if len(b) == 0 || len(b) > maxBlock {
				t.Fatalf("step %d: block of %d", step, len(b))
			}
		}
		if len(want) == 0 {
			continue
		}
		var out []float64
		l.outside(1, 3.5, func(u *ratioUnit) { out = append(out, u.ratio) })
		var wantOut []float64
		for _, u := range want {
			if u.ratio < 1 || u.ratio > 3.5 {
				wantOut = append(wantOut, u.ratio)
			}
		}
		slices.Sort(out)
		if !slices.Equal(out, wantOut) {
			t.Fatalf("step %d: outside %v, want %v", step, out, wantOut)
		}
		m := want[len(want)/2].ratio
		if len(want)%2 == 0 {
			m = (want[len(want)/2-1].ratio + want[len(want)/2].ratio) / 2
		}
		if l.median() != m {
			t.Fatalf("step %d: median %v, want %v", step, l.median(), m)
		}
	}
}
