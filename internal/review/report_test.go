package review

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"docsite/internal/diag"
)

// TestJSONShape: exactly the shape, keys in its order.
func TestJSONShape(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return strings.Replace(s, "125.6T", "152.6T", 1) },
	}))
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if got := keys(t, b.Bytes()); got != "source locales findings" {
		t.Errorf("top-level keys %s", got)
	}
	var locales []json.RawMessage
	json.Unmarshal(v["locales"], &locales)
	if got := keys(t, locales[0]); got != "locale pages translated standIns complete" {
		t.Errorf("locale keys %s", got)
	}
	var findings []json.RawMessage
	json.Unmarshal(v["findings"], &findings)
	if got := keys(t, findings[0]); got != "id check severity locale page section source target message" {
		t.Errorf("finding keys %s", got)
	}
	var f struct {
		Check, Severity, Locale, Page, Section, Message string
		Source, Target                                  struct {
			File string
			Line int
		}
	}
	for _, raw := range findings {
		json.Unmarshal(raw, &f)
		if f.Check == NumberMismatch {
			break
		}
	}
	want := struct {
		Check, Severity, Locale, Page, Section, Message string
		Source, Target                                  struct {
			File string
			Line int
		}
	}{"number-mismatch", "error", "zh", "gpu-cloud", "why-cloud-gpu-service", "numbers differ: source has 125.6; translation has 152.6",
		struct {
			File string
			Line int
		}{"content/en/gpu-cloud.md", 46}, struct {
			File string
			Line int
		}{"content/zh/gpu-cloud.md", 46}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("finding %+v", f)
	}
	if !strings.Contains(b.String(), `"source": "en"`) {
		t.Error("source is not the default language")
	}
}

func TestJSONNoFindingsIsEmptyList(t *testing.T) {
	var b bytes.Buffer
	WriteJSON(&b, &Report{Source: "en"})
	if !strings.Contains(b.String(), `"findings": []`) {
		t.Errorf("%s", b.String())
	}
}

// keys lists an object's keys in document order.
func keys(t *testing.T, data []byte) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '{' || tok == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			if depth == 1 && dec.More() {
				out = append(out, tok)
				var skip json.RawMessage
				dec.Decode(&skip)
			}
		}
	}
	return strings.Join(out, " ")
}

func TestWriteText(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return deleteLines(s, 46, 67) },
	}))
	var b bytes.Buffer
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	want := `language  pages  translated  stand-ins  sections aligned  complete  findings
en        1      1           0          0/0               100.0%    -
zh        1      1           0          2/2               100.0%    table-shape 1, missing-row 1
ja        1      1           0          2/2               100.0%    -

zh: to do: fix 2 errors (1 file)

content/zh/gpu-cloud.md: 2 errors
content/zh/gpu-cloud.md:9: error: table-shape: table has 5 rows × 3 columns, the source 6 × 3 (header rows included) (source content/en/gpu-cloud.md:9)
content/zh/gpu-cloud.md:46: error: missing-row: row 3 is missing: "High-performance | It supports GPU pass-through to make the …" (source content/en/gpu-cloud.md:46)
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestDeterministic: the same input gives byte-identical reports.
func TestDeterministic(t *testing.T) {
	var first []byte
	for range 3 {
		var b bytes.Buffer
		WriteJSON(&b, Run(site(t)))
		files := writeSeedReview(t)
		for _, rel := range []string{"_review/index.html", "_review/gpu-cloud/index.html"} {
			b.Write(files[rel])
		}
		if first == nil {
			first = b.Bytes()
		} else if !bytes.Equal(first, b.Bytes()) {
			t.Fatal("output differs between runs")
		}
	}
}

func BenchmarkRunSeedSite(b *testing.B) {
	in := site(b)
	b.ReportAllocs()
	for b.Loop() {
		Run(in)
	}
}

func TestForLocaleAndHasErrors(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return strings.Replace(s, "125.6T", "152.6T", 1) },
	}))
	if !r.HasErrors() || r.ForLocale("ja").HasErrors() || !r.ForLocale("zh").HasErrors() {
		t.Error("errors are in zh only")
	}
	zh := r.ForLocale("zh")
	if len(zh.Locales) != 1 || zh.Locales[0].Locale != "zh" || len(zh.Findings) != 1 {
		t.Errorf("zh report %+v", zh)
	}
}

func TestSingleLanguagePageGetsIDs(t *testing.T) {
	in := site(t)
	Run(in)
	for _, d := range in.Docs {
		if d.Page != "gpu-survey" {
			continue
		}
		n := 0
		for h := d.Root.FirstChild(); h != nil; h = h.NextSibling() {
			if _, ok := h.AttributeString("id"); ok {
				n++
			}
		}
		if n == 0 {
			t.Error("no heading of the survey has an id")
		}
	}
}

func TestAddKeepsOrder(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return strings.Replace(s, "125.6T", "152.6T", 1) },
	}))
	r.Add(Finding{Check: "data-inconsistent", Severity: diag.Warning, Locale: "en", Page: "gpus", Source: Pos{"data/gpus.toml", 4}, Message: "x"})
	if len(r.Findings) != 2 || r.Findings[0].Check != "data-inconsistent" || r.Findings[1].Check != NumberMismatch {
		t.Errorf("findings %v", summary(r.Findings, "", ""))
	}
}

// A baseline keeps known findings out of the next report; a finding keeps its ID when
// lines above it move, and filters narrow by check and severity.
func TestBaselineAndFilters(t *testing.T) {
	broken := func(s string) string { return deleteLines(s, 46, 67) }
	r := Run(seeds(t, map[string]func(string) string{"content/zh/gpu-cloud.md": broken}))
	var b bytes.Buffer
	if err := WriteBaseline(&b, r); err != nil {
		t.Fatal(err)
	}
	known, err := ReadBaseline(b.Bytes(), "baseline.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(known) == 0 || len(r.Without(known).Findings) != 0 {
		t.Fatalf("baseline of %d IDs leaves %d findings", len(known), len(r.Without(known).Findings))
	}
	// Lines added above the finding: same IDs.
	moved := Run(seeds(t, map[string]func(string) string{"content/zh/gpu-cloud.md": func(s string) string {
		return "\n\n" + broken(s)
	}}))
	if n := len(moved.Without(known).Findings); n != 0 {
		t.Errorf("after moving lines, %d findings are new: %v", n, moved.Without(known).Findings)
	}
	if got := r.Filter([]string{"missing-row"}, diag.Warning).Findings; len(got) != 1 || got[0].Check != "missing-row" {
		t.Errorf("-check missing-row: %v", got)
	}
	if got := Run(seeds(t, nil)).Filter(nil, diag.Error).Findings; len(got) != 0 {
		t.Errorf("-severity error on the clean seeds: %v", got)
	}
	if _, err := ReadBaseline([]byte("# c\nnot-an-id x\n"), "b.txt"); err == nil || !strings.Contains(err.Error(), "b.txt:2:1") {
		t.Errorf("bad baseline: err = %v", err)
	}
}
