package review

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"docsite/internal/diag"
)

// summary renders findings as "check source-line->target-line" for comparison.
func summary(fs []Finding, locale, page string) []string {
	var out []string
	for _, f := range fs {
		if (locale == "" || f.Locale == locale) && (page == "" || f.Page == page) {
			out = append(out, fmt.Sprintf("%s %s:%d -> %s:%d", f.Check, f.Source.File, f.Source.Line, f.Target.File, f.Target.Line))
		}
	}
	return out
}

func expect(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCleanSeeds: the untouched product page yields no finding at all in zh and ja, and the
// whole site no error. The only warnings are the Chinese-only surveys, which have no
// default-language (en) version: orphans, published in Chinese only.
//
// Places that look suspicious but are not findings, and why:
//   - ja table 2 says "M 40" and "6144" where en says "M40" and "6,144": the same numbers
//     after folding (TestFoldedNumbersMatch in outline).
//   - ja table 2 numbers its points "1." "(二)" "3." and "(一)" "(2)" "3.": single-digit integers
//     are not compared, since translations renumber them; no content number differs.
//   - ja table 1 says "1つ" (one) where en says "one or more": a single digit again.
//   - the headers "GPU" and "CPU" are the same in every language: acronyms need no translation.
//   - the zh and ja intros keep "GPU Cloud Computing" in Latin letters inside a Chinese or
//     Japanese sentence: the sentence is mostly in the page's own script.
//   - the ja table 1 swallows the caption and image (no blank line after </table>): the outline
//     reads them as markdown again, so no block is missing.
//   - en table 1 opens cells with <th> and closes them with </td>, zh with <td>: the same
//     shape (a header row and 5 rows × 3 columns) either way.
//   - every block's length ratio is within 2.5× of the median for its pair; the largest, the
//     zh CPU cell of "Product Features" (2.0×), says "arithmetic units (ALU)" for "ALUs".
func TestCleanSeeds(t *testing.T) {
	expect(t, summary(Run(seeds(t, nil)).Findings, "", ""))
	r := Run(site(t))
	expect(t, summary(r.Findings, "", "gpu-cloud"))
	expect(t, summary(r.Findings, "", ""),
		"orphan content/en/gpu-platforms.md:0 -> content/zh/gpu-platforms.md:1",
		"orphan content/en/gpu-survey.md:0 -> content/zh/gpu-survey.md:1",
	)
	for _, f := range r.Findings {
		if f.Severity == diag.Error {
			t.Errorf("error on clean seeds: %v", f.Diagnostic())
		}
	}
}

func TestSeedDropRow(t *testing.T) {
	// The zh "性能" row, lines 46–67, goes; the rows after it move up 22 lines.
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return deleteLines(s, 46, 67) },
	}))
	expect(t, summary(r.Findings, "zh", "gpu-cloud"),
		"table-shape content/en/gpu-cloud.md:9 -> content/zh/gpu-cloud.md:9",
		"missing-row content/en/gpu-cloud.md:46 -> content/zh/gpu-cloud.md:46",
	)
}

func TestSeedDropRowOneLineTable(t *testing.T) {
	// The ja tables are each on one line: every row is on line 11.
	r := Run(seeds(t, map[string]func(string) string{
		"content/ja/gpu-cloud.md": func(s string) string {
			i := strings.Index(s, `<tr><td><div><span class="unit-text">使いやすい`)
			j := strings.Index(s, `<tr><td><div><span class="unit-text">安全だ`)
			return s[:i] + s[j:]
		},
	}))
	expect(t, summary(r.Findings, "ja", "gpu-cloud"),
		"table-shape content/en/gpu-cloud.md:9 -> content/ja/gpu-cloud.md:11",
		"missing-row content/en/gpu-cloud.md:68 -> content/ja/gpu-cloud.md:11",
	)
}

func TestSeedChangeNumber(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return strings.Replace(s, "125.6T", "152.6T", 1) },
		"content/ja/gpu-cloud.md": func(s string) string { return strings.Replace(s, "6144", "614", 1) },
	}))
	expect(t, summary(r.Findings, "zh", "gpu-cloud"),
		"number-mismatch content/en/gpu-cloud.md:46 -> content/zh/gpu-cloud.md:46")
	expect(t, summary(r.Findings, "ja", "gpu-cloud"),
		"number-mismatch content/en/gpu-cloud.md:151 -> content/ja/gpu-cloud.md:15")
	for _, f := range r.Findings {
		if f.Check == NumberMismatch && f.Locale == "zh" && f.Message != "numbers differ: source has 125.6; translation has 152.6" {
			t.Errorf("message %q", f.Message)
		}
	}
}

func TestSeedUntranslatedSentence(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		// The second sentence of the ja intro (line 5) left in English.
		"content/ja/gpu-cloud.md": func(s string) string {
			return strings.Replace(s, "GPUクラウドサーバは、標準CVMクラウドサーバと一致した便利で迅速な管理方式を提供している。",
				"Cloud GPU Service is easily managed in the same way as the CVMs. ", 1)
		},
		// A zh table cell (row on line 68) left in English, in other words than the source.
		"content/zh/gpu-cloud.md": func(s string) string {
			return strings.Replace(s, "需跳板机登录，操作复杂。", "A jump server is needed to log in, which is complicated.", 1)
		},
	}))
	expect(t, summary(r.Findings, "ja", "gpu-cloud"),
		"untranslated content/en/gpu-cloud.md:5 -> content/ja/gpu-cloud.md:5")
	expect(t, summary(r.Findings, "zh", "gpu-cloud"),
		"untranslated content/en/gpu-cloud.md:68 -> content/zh/gpu-cloud.md:68")
}

func TestSeedDeleteSection(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return deleteLines(s, 7, 175) },
	}))
	expect(t, summary(r.Findings, "zh", "gpu-cloud"),
		"missing-section content/en/gpu-cloud.md:7 -> content/zh/gpu-cloud.md:6")
}

func TestSeedSourceGainsSection(t *testing.T) {
	r := Run(seeds(t, map[string]func(string) string{
		"content/en/gpu-cloud.md": func(s string) string {
			return strings.Replace(s, "## Why Cloud GPU Service?", "## Pricing\nBilled by the hour or by the month.\n\n## Why Cloud GPU Service?", 1)
		},
	}))
	expect(t, summary(r.Findings, "", "gpu-cloud"),
		"missing-section content/en/gpu-cloud.md:7 -> content/zh/gpu-cloud.md:7",
		"missing-section content/en/gpu-cloud.md:7 -> content/ja/gpu-cloud.md:7",
	)
}

func TestSeedStaleAfterAccept(t *testing.T) {
	clean := Run(seeds(t, nil))
	st, err := ParseState("content/ja/.reviewed.toml", "ja", Accept(clean, "ja").Marshal())
	if err != nil {
		t.Fatal(err)
	}
	// The English table gains a word; only the section holding it changes.
	in := seeds(t, map[string]func(string) string{
		"content/en/gpu-cloud.md": func(s string) string { return strings.Replace(s, "Dozens of kernels", "Dozens of CPU kernels", 1) },
	})
	in.States = []State{st}
	r := Run(in)
	expect(t, summary(r.Findings, "", "gpu-cloud"),
		"stale content/en/gpu-cloud.md:7 -> content/ja/gpu-cloud.md:7")
	if !r.Stale("ja", "gpu-cloud", "why-cloud-gpu-service") || r.Stale("ja", "gpu-cloud", "") || r.Stale("zh", "gpu-cloud", "why-cloud-gpu-service") {
		t.Errorf("stale sections ja %v zh %v", r.StaleSections("ja", "gpu-cloud"), r.StaleSections("zh", "gpu-cloud"))
	}
	// Accepting again clears it.
	in.States = []State{Accept(r, "ja")}
	expect(t, summary(Run(in).Findings, "", "gpu-cloud"))
}

// TestAlignOnly: a build that writes no review runs no check but still marks stale sections,
// the same as a full review does.
func TestAlignOnly(t *testing.T) {
	st := Accept(Run(seeds(t, nil)), "ja")
	in := seeds(t, map[string]func(string) string{
		"content/en/gpu-cloud.md": func(s string) string { return strings.Replace(s, "Dozens of kernels", "Dozens of CPU kernels", 1) },
		"content/zh/gpu-cloud.md": func(s string) string { return strings.Replace(s, "125.6T", "152.6T", 1) },
	})
	in.States = []State{st}
	full := Run(in)
	expect(t, summary(full.Findings, "", "gpu-cloud"),
		"number-mismatch content/en/gpu-cloud.md:46 -> content/zh/gpu-cloud.md:46",
		"stale content/en/gpu-cloud.md:7 -> content/ja/gpu-cloud.md:7")
	in.AlignOnly = true
	quick := Run(in)
	expect(t, summary(quick.Findings, "", "gpu-cloud"),
		"stale content/en/gpu-cloud.md:7 -> content/ja/gpu-cloud.md:7")
	for _, l := range []string{"zh", "ja"} {
		if f, q := full.StaleSections(l, "gpu-cloud"), quick.StaleSections(l, "gpu-cloud"); !slices.Equal(f, q) {
			t.Errorf("%s: stale sections %v with the checks, %v without", l, f, q)
		}
	}
	// The sections are paired alike (their IDs are shared by them), the blocks not at all.
	for i, p := range full.Pages {
		for k, tr := range p.Translations {
			q := quick.Pages[i].Translations[k]
			if !slices.Equal(tr.Aligned, q.Aligned) {
				t.Errorf("%s %s: sections paired %v with the checks, %v without", p.Page, tr.Locale, tr.Aligned, q.Aligned)
			}
			if q.Done != 0 && !tr.Missing {
				t.Errorf("%s %s: %d blocks paired without the checks", p.Page, tr.Locale, q.Done)
			}
		}
	}
}

func TestSeedStaleIntro(t *testing.T) {
	st := Accept(Run(seeds(t, nil)), "zh")
	in := seeds(t, map[string]func(string) string{
		"content/en/gpu-cloud.md": func(s string) string { return strings.Replace(s, "fast, stable", "fast, very stable", 1) },
	})
	in.States = []State{st}
	expect(t, summary(Run(in).Findings, "", "gpu-cloud"),
		"stale content/en/gpu-cloud.md:5 -> content/zh/gpu-cloud.md:5")
}

// deleteLines removes lines from..to (1-based, inclusive).
func deleteLines(s string, from, to int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(append(lines[:from-1:from-1], lines[min(to, len(lines)):]...), "")
}
