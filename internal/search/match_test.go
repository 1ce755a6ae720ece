package search

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
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
// they are apart (issue 38: コンテナ found メンテナー), even in a long section where its
// first pair is at many places and the others follow one another elsewhere (コンテキスト
// … メンテナー: コン ンテ, ンテ テナ, never コン ンテ テナ).
func TestRunsAreFoundWhole(t *testing.T) {
	var long strings.Builder
	for i := range 40 {
		long.WriteString("コンテキスト" + strings.Repeat("を", i%7+1) + "渡す。")
	}
	long.WriteString("メンテナーが決めます。")
	ix, _ := open(t, []Doc{
		{URL: "/ja/context/", Title: "伝搬", Sections: []Section{{Text: long.String()}}},
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
		{"テナ", []string{"ja/console/", "ja/container/", "ja/context/", "ja/maintainer/"}}, // one pair: wherever it is
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
	at := func(places ...int32) []int32 { return places }
	for _, tc := range []struct {
		places [][]int32
		want   bool
	}{
		{[][]int32{at(3)}, true},
		{[][]int32{at(3), at(4), at(5)}, true},
		{[][]int32{at(3), at(5)}, false},
		{[][]int32{at(15), at(16)}, true},
		{[][]int32{at(3), at(244)}, false}, // 240 apart (the bits modulo 16 and 15 of old)
		{[][]int32{at(3, 9), at(10), at(4)}, false},
		{[][]int32{at(9, 3), at(10, 4), at(5, 11)}, true},
		{[][]int32{at(3), nil}, false},
		{nil, false},
	} {
		if got := Adjacent(tc.places); got != tc.want {
			t.Errorf("Adjacent(%v) = %v, want %v", tc.places, got, tc.want)
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

// A pair's places are read back as writeTerm wrote them, one place as it is, several
// as the first and the distances to the next, all but the last negative.
func TestPlacesRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		places []uint32
		json   string
	}{
		{[]uint32{0}, `["ab",[5,2,9,0]]`},
		{[]uint32{7}, `["ab",[5,2,9,7]]`},
		{[]uint32{0, 1, 5}, `["ab",[5,2,9,-1,-1,4]]`},
		{[]uint32{3, 1000}, `["ab",[5,2,9,-4,997]]`},
	} {
		var set termSet
		e := termEnt{}
		for _, p := range tc.places {
			set.addPlace(&e, p)
		}
		arena := set.appendPlaces(nil, e)
		var b bytes.Buffer
		writeTerm(&b, "ab", []posting{{page: 5, sec: 2, impact: 9, places: 1}}, arena, true)
		if b.String() != tc.json {
			t.Errorf("places %v: wrote %s, want %s", tc.places, b.String(), tc.json)
		}
		var raw [2]json.RawMessage
		var ps []int32
		if err := json.Unmarshal(b.Bytes(), &raw); err != nil || json.Unmarshal(raw[1], &ps) != nil {
			t.Fatalf("%s: %v", b.String(), err)
		}
		k, got := ReadPlaces(ps, 3, nil)
		want := make([]int32, len(tc.places))
		for i, p := range tc.places {
			want[i] = int32(p)
		}
		if k != len(ps) || !slices.Equal(got, want) {
			t.Errorf("%s: read %v up to %d, want %v up to %d", b.String(), got, k, want, len(ps))
		}
	}
}
