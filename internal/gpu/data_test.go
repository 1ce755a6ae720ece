package gpu

import (
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// loadCase loads testdata/<name>/data and returns its diagnostics, one string each.
func loadCase(t *testing.T, name string) (*Catalog, []string) {
	t.Helper()
	c, diags := Load(os.DirFS("testdata/"+name), "data")
	var out []string
	for _, d := range diags {
		out = append(out, d.Error())
	}
	return c, out
}

func checkDiags(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// Unknown keys are errors at their place, and nothing else is: the file's [rate] table is
// not reported missing because the file could not be decoded.
func TestStrictDecoding(t *testing.T) {
	_, got := loadCase(t, "strict")
	checkDiags(t, got, []string{
		"data/a.toml:10:1: error: data-unknown-key: unknown key \"gpu.colour\"",
		"data/a.toml:12:65: error: data-unknown-key: unknown key \"gpu.unit\"",
	})
}

// A provider's names are one table by language code: the keys name_en, name_zh and name_ja
// of older data files are errors at their place that say what to write instead.
func TestOldNameKeys(t *testing.T) {
	_, got := loadCase(t, "oldnames")
	checkDiags(t, got, []string{
		"data/a.toml:9:1: error: data-unknown-key: unknown key \"provider.name_en\": write name.en = \"…\" instead (a provider's names are one table by language code: name = { en = \"…\", zh = \"…\" })",
		"data/a.toml:10:1: error: data-unknown-key: unknown key \"provider.name_zh\": write name.zh = \"…\" instead (a provider's names are one table by language code: name = { en = \"…\", zh = \"…\" })",
	})
}

func TestSyntaxError(t *testing.T) {
	_, got := loadCase(t, "syntax")
	want := "data/a.toml:3:14: error: data-syntax: expected newline but got U+002E '.'"
	if !slices.Contains(got, want) {
		t.Errorf("got %q, want %q among them", got, want)
	}
}

func TestValidationErrors(t *testing.T) {
	_, got := loadCase(t, "invalid")
	checkDiags(t, got, []string{
		"data/a.toml:12: error: data-invalid: unknown metric \"fp16_tflops\" (want one of fp32_tflops, fp64_tflops, int8_tops, memory_gb)",
		"data/a.toml:12: error: data-number: value: malformed number \"1O\" (want digits with an optional decimal point)",
		"data/a.toml:13: error: data-provenance: x1 memory_gb: \"99\" is not on seed.md:3",
		"data/a.toml:16: error: data-duplicate-id: duplicate gpu id \"x1\" (first at data/a.toml:7)",
		"data/b.toml:1: error: data-unknown-id: offer \"o1\": unknown GPU \"x9\"",
		"data/b.toml:1: error: data-unknown-id: offer \"o1\": unknown provider \"nope\"",
		"data/b.toml:6: error: data-number: gpu_count: malformed number \"13x\" (want digits with an optional decimal point)",
		"data/b.toml:7: error: data-number: gpu_memory: malformed size \"16GB\" (want e.g. \"32 GB\" or \"1.38 TB\")",
		"data/b.toml:8: error: data-number: price: malformed number \"1,50\" (want digits with an optional decimal point)",
		"data/b.toml:9: error: data-invalid: currency \"EUR\": want CNY or USD",
		"data/b.toml:10: error: data-invalid: period \"week\": want hour or month",
		"data/b.toml:13: error: data-duplicate-id: duplicate offer id \"o1\" (first at data/b.toml:1)",
		"data/b.toml:13: error: data-provenance: offer o1 gpu: cites seed.md:99, which has only 8 lines",
		"data/b.toml:13: error: data-provenance: offer o1 gpu_count: cites seed.md:99, which has only 8 lines",
		"seed.md:4: warning: data-inconsistent: offer \"o1\" (data/b.toml:1): price missing in the source (shown as not listed)",
		"seed.md:99: warning: data-inconsistent: offer \"o1\" (data/b.toml:13): price missing in the source (shown as not listed)",
	})
}

func TestDataWarnings(t *testing.T) {
	c, got := loadCase(t, "warnings")
	checkDiags(t, got, []string{
		"data/a.toml:50: warning: data-inconsistent: price without a period (hour or month): ambiguous, left out of the comparison",
		"data/a.toml:61: warning: data-inconsistent: price without a period (hour or month): ambiguous, left out of the comparison",
		"seed.md:4: warning: data-inconsistent: offer \"garbled\" (data/a.toml:21): garbled source cell or assumption: gpu_count \"13\" read as \"1\": one 16 GB GPU",
		"seed.md:5: warning: data-inconsistent: offer \"memory\" (data/a.toml:38): 48 GB GPU memory for 2 × X1 is 24 GB per GPU; the model is stated with 16 GB",
		"seed.md:5: warning: data-inconsistent: offer \"memory\" (data/a.toml:38): price missing in the source (shown as not listed)",
		"seed.md:7: warning: data-inconsistent: offer \"same-b\" (data/a.toml:61): same configuration as \"same-a\" (seed.md:6) at a different price (3.50 vs 3.00)",
	})
	if _, ok := c.USDPerGPUHour(c.Offers[2]); ok {
		t.Error("an offer without a period was normalised")
	}
}

// A GPU's or provider's id names its page (/<lang>/gpus/<id>/): one that is not a safe URL
// segment is refused where it is written, as a page's file name is.
func TestIDsAreURLSegments(t *testing.T) {
	fsys := fstest.MapFS{"data/a.toml": {Data: []byte(`[rate]
currency = "CNY"
per_usd = "7"
date = "2019-01"
source = "test"

[[gpu]]
id = "javascript:alert(1)"
name = "X1"

[[provider]]
id = ".."
name = { en = "P" }
`)}}
	_, diags := Load(fsys, "data")
	var got []string
	for _, d := range diags {
		if d.Code == "data-invalid" {
			got = append(got, d.Error())
		}
	}
	checkDiags(t, got, []string{
		`data/a.toml:8: error: data-invalid: id "javascript:alert(1)" holds ':' (a URL segment cannot hold / \ : ? # or %): it is the name of the record's page`,
		`data/a.toml:12: error: data-invalid: id ".." is "..": it is the name of the record's page`,
	})
}
