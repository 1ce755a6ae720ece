package search

import (
	"slices"
	"testing"
)

// urls are the site paths of results.
func urls(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.URL)
	}
	return out
}

// A run of unspaced characters is found where its pairs follow one another, not where
// they are apart (issue 38: コンテナ found メンテナー).
func TestRunsAreFoundWhole(t *testing.T) {
	ix, _ := open(t, []Doc{
		{URL: "/ja/container/", Title: "導入", Sections: []Section{{Text: "コンテナで動かします。"}}},
		{URL: "/ja/maintainer/", Title: "役割", Sections: []Section{{Text: "メンテナーが決めます。"}}},
		// コン, ンテ and テナ all there, never one after the other
		{URL: "/ja/console/", Title: "画面", Sections: []Section{{Text: "メンテナーはコンソールを使います。"}}},
		{URL: "/zh/a/", Title: "显卡", Sections: []Section{{Text: "显存容量很大。"}}},
		{URL: "/zh/b/", Title: "容量", Sections: []Section{{Text: "容器的显存。"}}},
	})
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"コンテナ", []string{"ja/container/"}},
		{"テナ", []string{"ja/console/", "ja/container/", "ja/maintainer/"}}, // one pair: wherever it is
		{"显存容量", []string{"zh/a/"}},
		{"显存 容量", []string{"zh/a/", "zh/b/"}}, // two runs, each found alone
	} {
		rs, err := ix.Search(tc.q, 10)
		if err != nil {
			t.Fatal(err)
		}
		got := urls(rs)
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: found %v, want %v", tc.q, got, tc.want)
		}
	}
}

func TestAdjacent(t *testing.T) {
	at := func(places ...int) uint32 { // the bits of pairs at places
		var m uint32
		for _, p := range places {
			m |= 1<<(p%16) | 1<<(16+p%15)
		}
		return m
	}
	for _, tc := range []struct {
		places []uint32
		want   bool
	}{
		{[]uint32{at(3)}, true},
		{[]uint32{at(3), at(4), at(5)}, true},
		{[]uint32{at(3), at(5)}, false},
		{[]uint32{at(15), at(16)}, true}, // across both moduli
		{[]uint32{at(3), at(20)}, false}, // 4 modulo 16, not modulo 15
		{[]uint32{at(3), at(19)}, false}, // 4 modulo 15, not modulo 16
		{[]uint32{at(3), at(244)}, true}, // 240 apart: the same bits
		{[]uint32{at(3, 9), at(10), at(4)}, false},
		{[]uint32{at(3), 0}, false},
		{nil, false},
	} {
		if got := Adjacent(tc.places); got != tc.want {
			t.Errorf("Adjacent(%b) = %v, want %v", tc.places, got, tc.want)
		}
	}
}

// A Latin word of five letters or more that matches nothing finds the words one edit
// away; one that matches something does not look further.
func TestTypos(t *testing.T) {
	ix, _ := open(t, []Doc{
		{URL: "/en/exporter/", Title: "Exporters", Sections: []Section{{Text: "An exporter sends data."}}},
		{URL: "/en/container/", Title: "Images", Sections: []Section{{Text: "Run it in a container."}}},
		{URL: "/en/expert/", Title: "Experts", Sections: []Section{{Text: "Ask an expert."}}},
		{URL: "/en/export/", Title: "Export", Sections: []Section{{Text: "How to export."}}},
	})
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"expoter", []string{"en/exporter/"}},   // a letter left out
		{"contaner", []string{"en/container/"}}, // a letter left out
		{"containre", []string{"en/container/"}},
		{"exporterr", []string{"en/exporter/"}},
		{"exprot", []string{"en/export/"}},                 // two swapped
		{"export", []string{"en/export/", "en/exporter/"}}, // matches: no typos (expert)
		{"expor", []string{"en/export/", "en/exporter/"}},
		{"expet", []string{"en/expert/"}},
		{"cntainer", nil}, // the typo is in the letters kept
		{"expt", nil},     // too short
	} {
		rs, err := ix.Search(tc.q, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := urls(rs); !slices.Equal(got, tc.want) {
			t.Errorf("%q: found %v, want %v", tc.q, got, tc.want)
		}
	}
}

func TestOneEdit(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"exporter", "expoter", true}, {"expoter", "exporter", true}, {"abcde", "abxde", true},
		{"abcde", "abdce", true}, {"abcde", "abcde", false}, {"abcde", "abced", true},
		{"abcde", "ab", false}, {"abcde", "badce", false}, {"größe", "grösse", false}, {"größe", "grüße", true},
	} {
		if got := oneEdit(tc.a, tc.b); got != tc.want {
			t.Errorf("oneEdit(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// A page's result lists its other sections that match; an excerpt comes from the next
// section where the one found has no text.
func TestSubsAndExcerpts(t *testing.T) {
	ix, _ := open(t, []Doc{{URL: "/en/exporters/", Title: "Exporters", Sections: []Section{
		{},
		{Heading: "OTLP", Anchor: "otlp", Text: "The OTLP exporter."},
		{Heading: "Console", Anchor: "console", Text: "The console exporter prints."},
		{Heading: "Other", Anchor: "other", Text: "Nothing here."},
	}}})
	rs, err := ix.Search("exporters", 5) // in the title, with the first section
	if err != nil || len(rs) != 1 {
		t.Fatalf("%v, %v", rs, err)
	}
	if r := rs[0]; r.Anchor != "" || r.Text != "The OTLP exporter." {
		t.Errorf("first section #%s with excerpt %q, want # and the next section's text", r.Anchor, r.Text)
	}
	rs, err = ix.Search("exporter", 5)
	if err != nil || len(rs) != 1 {
		t.Fatalf("%v, %v", rs, err)
	}
	r := rs[0]
	var subs []string
	for _, s := range r.Subs {
		subs = append(subs, s.Anchor)
	}
	if got := append([]string{r.Anchor}, subs...); len(got) != 3 || !slices.Contains(got, "otlp") || !slices.Contains(got, "console") {
		t.Errorf("result #%s, sub-results %v; want the first section, otlp and console", r.Anchor, subs)
	}
}

func TestPackPlaces(t *testing.T) {
	for p := range 240 {
		m := uint32(1<<(p%16) | 1<<(16+p%15))
		if v := packPlaces(m); v != uint32(p) || UnpackPlaces(v) != m {
			t.Errorf("place %d: packed %d, unpacked %b", p, v, UnpackPlaces(v))
		}
	}
	for _, m := range []uint32{1<<3 | 1<<5 | 1<<17, 1<<3 | 1<<17 | 1<<20, 0xffff | 0x7fff<<16} {
		if v := packPlaces(m); v != m || UnpackPlaces(v) != m {
			t.Errorf("%b: packed %d, unpacked %b", m, v, UnpackPlaces(v))
		}
	}
}
