package search

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// smallSite is a few pages in one language: a translation, a stand-in, a page with no text.
var smallSite = []Doc{
	{URL: "/zh/cloud/", Title: "GPU 云服务器", Sections: []Section{
		{Text: "GPU 云服务器是基于 GPU 的计算服务。"},
		{Heading: "价格", Anchor: "价格", Text: "V100 实例的价格按小时计费，显存 16 GB。"},
	}},
	{URL: "/zh/survey/", Title: "调研", StandIn: true, Sections: []Section{
		{Text: "Cloud GPU prices, surveyed."},
		{Heading: "Memory", Anchor: "memory", Text: "Each card has 16 GB of memory (VRAM)."},
	}},
	{URL: "/zh/empty/", Title: "", Sections: []Section{{}}},
}

// open opens the index files of docs.
func open(t testing.TB, docs []Doc) (*Index, map[string][]byte) {
	files, _ := Build(docs)
	ix, err := Open(func(name string) ([]byte, error) {
		b, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("no file %s", name)
		}
		return b, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ix, files
}

func TestSearchSmallSite(t *testing.T) {
	ix, _ := open(t, smallSite)
	for _, tc := range []struct {
		q, want string // want: url#anchor of the first result, standIn marked with "*"
	}{
		{"显存", "zh/cloud/#价格"},
		{"价格", "zh/cloud/#价格"},
		{"V100 价格", "zh/cloud/#价格"},
		{"ｖ１００", "zh/cloud/#价格"},
		{"memory", "zh/survey/#memory*"},
		{"MEM", "zh/survey/#memory*"}, // a prefix, as typed
		{"云", "zh/cloud/#"},           // one character: the pairs it starts
		{"prices surveyed", "zh/survey/#*"},
	} {
		rs, err := ix.Search(tc.q, 5)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if len(rs) == 0 {
			t.Errorf("%q: nothing found, want %s", tc.q, tc.want)
			continue
		}
		got := rs[0].URL + "#" + rs[0].Anchor
		if rs[0].StandIn {
			got += "*"
		}
		if got != tc.want {
			t.Errorf("%q: first %s, want %s", tc.q, got, tc.want)
		}
	}
	for _, q := range []string{"", "   ", "🚀", "nothing-here", ".*[(", "\xff\xfe", "\xed\xa0\x80"} { // the last: a lone surrogate in UTF-8
		rs, err := ix.Search(q, 5)
		if err != nil || len(rs) != 0 {
			t.Errorf("%q: %d results, %v; want none", q, len(rs), err)
		}
	}
	long := strings.Repeat("显存 memory ", 1000) // 10 KB pasted
	if rs, err := ix.Search(long, 5); err != nil || len(rs) != 2 {
		t.Errorf("10 KB query: %d results, %v; want 2", len(rs), err)
	}
}

// The same pages in any order give the same bytes; an edit to one page changes its
// chunk and the shards of its terms, not every file.
func TestBuildDeterministic(t *testing.T) {
	a, _ := Build(smallSite)
	rev := slices.Clone(smallSite)
	slices.Reverse(rev)
	b, _ := Build(rev)
	if !maps.EqualFunc(a, b, bytes.Equal) {
		t.Fatalf("the order of the pages changed the index: %v vs %v", slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)))
	}
	var many []Doc
	for i := range 400 {
		many = append(many, Doc{URL: fmt.Sprintf("/en/p%03d/", i), Title: fmt.Sprintf("Page %d", i),
			Sections: []Section{{Text: fmt.Sprintf("word%d common text about gpus", i)}}})
	}
	before, st := Build(many)
	if st.Chunks < 3 || st.Pages != 400 {
		t.Fatalf("400 pages in %d chunks (%+v)", st.Chunks, st)
	}
	many[200].Sections[0].Text += " edited"
	after, _ := Build(many)
	same := 0
	for name := range after {
		if _, ok := before[name]; ok {
			same++
		}
	}
	if same < len(after)-4 {
		t.Errorf("an edit to one page kept %d of %d files", same, len(after))
	}
}

// A term on more pages than MaxPostings keeps its strongest postings: the page where it is
// the title is found first.
func TestMaxPostings(t *testing.T) {
	var docs []Doc
	for i := range MaxPostings + 200 {
		docs = append(docs, Doc{URL: fmt.Sprintf("/en/p%05d/", i), Sections: []Section{{Text: "gpu " + strings.Repeat("filler ", i%50)}}})
	}
	docs = append(docs, Doc{URL: "/en/zz/", Title: "GPU", Sections: []Section{{Text: "about the gpu"}}})
	ix, _ := open(t, docs)
	_, st := Build(docs)
	if st.Dropped < 201 {
		t.Errorf("dropped %d postings, want at least the 201 of gpu", st.Dropped)
	}
	rs, err := ix.Search("gpu", 3)
	if err != nil || len(rs) == 0 || rs[0].URL != "en/zz/" {
		t.Errorf("gpu: %v %v, want en/zz/ first", rs, err)
	}
}

// No query fails or panics, whatever it holds.
func FuzzSearch(f *testing.F) {
	ix, _ := open(f, smallSite)
	for _, s := range []string{"显存", "v100 价格", "a", ".*", "\xed\xa0\x80", "🚀", strings.Repeat("x", 5000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if _, err := ix.Search(q, 10); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// The builder gathers terms from two halves of the pages at once; wherever the halves
// split, it holds what one pass over all the pages gives (and so the index is the same
// bytes).
func TestReadInHalvesIsOnePass(t *testing.T) {
	for _, lang := range []string{"en", "zh", "ja"} {
		docs := synthPages(lang, 200)
		pages := make([]Prepared, len(docs))
		for i, d := range docs {
			pages[i] = Prepare(d)
		}
		page := Slice(pages).Page
		var one builder
		one.readSplit(page, len(pages), len(pages))
		for _, mid := range []int{0, 1, 57, 100, 199} {
			var two builder
			two.readSplit(page, len(pages), mid)
			if !reflect.DeepEqual(one, two) {
				t.Errorf("%s: split at page %d, the builder differs from one pass's", lang, mid)
			}
		}
	}
}
