package review

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"docsite/internal/config"
)

// pair reviews one page in two languages, en the source.
func pair(t *testing.T, tgtLocale, en, tgt string) *Report {
	t.Helper()
	return Run(Input{
		Default: "en",
		Locales: []config.Lang{{Code: "en"}, {Code: tgtLocale}},
		Docs: []Doc{
			doc("en", "p", "en/p.md", []byte(en)),
			doc(tgtLocale, "p", tgtLocale+"/p.md", []byte(tgt)),
		},
	})
}

func checks(r *Report) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Check+" "+f.Source.String()+" -> "+f.Target.String())
	}
	return out
}

const enPage = `Intro with 2048 units.

## Setup

Install the tool first, then configure it.

![diagram](/img/setup.png)

## Use

Run the tool with care, and read the [guide](/en/guide/).

| Plan | Price |
| --- | --- |
| Basic | 100 |
| Pro | 250 |
`

const jaPage = `2048 ユニットの紹介。

## セットアップ

最初にツールをインストールしてから設定します。

![図](/img/setup.png)

## 使い方

ツールは注意して実行し、[ガイド](/ja/guide/)を読んでください。

| プラン | 価格 |
| --- | --- |
| ベーシック | 100 |
| プロ | 250 |
`

func TestCleanPairHasNoFindings(t *testing.T) {
	expect(t, checks(pair(t, "ja", enPage, jaPage)))
}

func TestMissingPage(t *testing.T) {
	r := Run(Input{Default: "en", Locales: []config.Lang{{Code: "en"}, {Code: "ja"}},
		Docs: []Doc{doc("en", "p", "content/en/p.md", []byte(enPage))}})
	expect(t, checks(r), "missing-page content/en/p.md:1 -> content/ja/p.md")
	if r.Findings[0].Severity.String() != "warning" {
		t.Error("missing-page is a warning")
	}
}

func TestMissingAndExtraSection(t *testing.T) {
	ja := strings.Replace(jaPage, "## セットアップ\n\n最初にツールをインストールしてから設定します。\n\n![図](/img/setup.png)\n\n", "", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)), "missing-section en/p.md:3 -> ja/p.md:3")

	ja = jaPage + "\n## 付録\n\n追加の説明がここにあります。\n"
	expect(t, checks(pair(t, "ja", enPage, ja)), "extra-section en/p.md:17 -> ja/p.md:18")
}

// A translation that writes the source's introduction under a heading of its own has it:
// one warning, and the introduction's blocks are checked against that section's.
func TestIntroductionUnderAHeading(t *testing.T) {
	en := "Kubernetes is an open source system for deploying applications.\n\n## Setup\n\nInstall the tool first, then configure it.\n"
	zh := "## 简介 {#introduction}\n\nKubernetes 是一个用于部署应用程序的开源系统。\n\n## 设置\n\n首先安装该工具，然后进行配置。\n"
	r := pair(t, "zh", en, zh)
	expect(t, checks(r), "extra-section en/p.md:1 -> zh/p.md:1")
	if r.Findings[0].Severity.String() != "warning" {
		t.Errorf("%v", r.Findings[0])
	}
	zh = strings.Replace(zh, "Kubernetes 是一个用于部署应用程序的开源系统。", "Kubernetes is an open source system for deploying applications.", 1)
	expect(t, checks(pair(t, "zh", en, zh)), "extra-section en/p.md:1 -> zh/p.md:1", "untranslated en/p.md:1 -> zh/p.md:3")
}

// A paragraph the translation joins to the one before it, shortened, is there when the
// other carries its link; the sentence introducing a table that the translation's table
// took as its caption is there too.
func TestJoinedParagraphsByAnchors(t *testing.T) {
	en := "## Trace\n\nA [trace](/docs/trace/) is the path of a request through the services of an application, span by span, from end to end.\n\nSee [Distributed tracing](/docs/dt/).\n\n## Next\n\nRead on.\n"
	ko := "## 추적\n\n[트레이스](/docs/trace/)는 애플리케이션의 서비스를 통과하는 요청의 경로로, 스팬 단위로 처음부터 끝까지 추적된다. [분산 트레이싱](/docs/dt/)을 참고한다.\n\n## 다음\n\n계속 읽는다.\n"
	expect(t, checks(pair(t, "ko", en, ko)))
	en = "## Parameters\n\nThe attribute supports the following optional parameters to allow\ncustomization of spans:\n\n| name | type |\n| --- | --- |\n| `value` | `String` |\n| `kind` | `SpanKind` |\n"
	zh := "## 参数\n\n该注解支持以下可选参数，用于对 Span 进行自定义：\n\n| 名称 | 类型 |\n| --- | --- |\n| `value` | `String` |\n| `kind` | `SpanKind` |\n"
	r := pair(t, "zh", en, zh)
	for _, f := range r.Findings {
		if f.Severity.String() == "error" {
			t.Errorf("%+v", f)
		}
	}
}

func TestMissingAndExtraBlock(t *testing.T) {
	ja := strings.Replace(jaPage, "![図](/img/setup.png)\n\n", "", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)), "missing-block en/p.md:7 -> ja/p.md:6")

	ja = strings.Replace(jaPage, "![図](/img/setup.png)\n", "![図](/img/setup.png)\n\n注意：管理者権限が必要です。\n", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)), "extra-block en/p.md:8 -> ja/p.md:9")
}

func TestMovedBlockIsNotMissing(t *testing.T) {
	// The image comes before the paragraph in the translation: paired out of order.
	ja := strings.Replace(jaPage, "最初にツールをインストールしてから設定します。\n\n![図](/img/setup.png)",
		"![図](/img/setup.png)\n\n最初にツールをインストールしてから設定します。", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)))
}

func TestTableShapeAndMissingRow(t *testing.T) {
	ja := strings.Replace(jaPage, "| ベーシック | 100 |\n", "", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)),
		"table-shape en/p.md:13 -> ja/p.md:13",
		"missing-row en/p.md:15 -> ja/p.md:15")

	ja = strings.NewReplacer("| プラン | 価格 |", "| プラン | 価格 | 備考 |", "| --- | --- |", "| --- | --- | --- |").Replace(jaPage)
	expect(t, checks(pair(t, "ja", enPage, ja)), "table-shape en/p.md:13 -> ja/p.md:13")
}

func TestNumberMismatch(t *testing.T) {
	// Full-width digits are the same number; a different one is not.
	ja := strings.Replace(jaPage, "2048", "２０４８", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)))
	ja = strings.Replace(jaPage, "| プロ | 250 |", "| プロ | 2500 |", 1)
	r := pair(t, "ja", enPage, ja)
	expect(t, checks(r), "number-mismatch en/p.md:16 -> ja/p.md:16")
	if got := r.Findings[0].Message; got != "numbers differ: source has 250; translation has 2500" {
		t.Errorf("message %q", got)
	}
}

// A number the translation says once where the source says it twice, or quotes as inline
// code, is the same number; so is one written in words with a hyphen, or as an hour.
func TestNumbersSaidOtherwise(t *testing.T) {
	for _, c := range []struct{ en, ja string }{
		{"Compression of 15x to 30x (15 to 30 times smaller) on our data.", "データでは 15 分の 1 から 30 分の 1 に圧縮されます。"},
		{"The application must listen at port 8080 by default.", "アプリケーションは既定で `8080` 番ポートで待ち受けます。"},
		{"Values like `\"200\"` and `\"404\"` have low cardinality here.", "200 や 404 のような値のカーディナリティは低いです。"},
		{"Thirty-two contributors responded to the survey.", "32人のコントリビューターが調査に回答しました。"},
		{"The group meets every Thursday at 0600 PT.", "グループは毎週木曜日の午前6時（PT）に集まります。"},
		{"Traces as large as three to four thousand spans, and 500-600 thousand spans/second.", "3,000 から 4,000 のスパンを持つトレース、毎秒 50 万〜60 万スパン。"},
		{"Supported from version `7.0.0+` of the package.", "パッケージのバージョン 7.0.0 以降でサポートされます。"},
		{"Supported from version 7.0.0 of the package.", "パッケージのバージョン `v7.0.0` 以降でサポートされます。"},
	} {
		en := strings.Replace(enPage, "Install the tool first, then configure it.", c.en, 1)
		ja := strings.Replace(jaPage, "最初にツールをインストールしてから設定します。", c.ja, 1)
		if got := checks(pair(t, "ja", en, ja)); len(got) > 0 {
			t.Errorf("%q / %q: %v", c.en, c.ja, got)
		}
	}
}

// A column of names or types the translation keeps whole, while it translates the rest
// of the table, is the translator's choice: a warning. A table left all in the source's
// words stays an error.
func TestKeptColumn(t *testing.T) {
	table := "\n| Library | Type | Notes |\n| --- | --- | --- |\n| Akka Actor | list of strings | %s |\n| Additional methods tracing | string | %s |\n"
	en := enPage + fmt.Sprintf(table, "Traces the actors of a system.", "Traces the methods you name.")
	ja := jaPage + fmt.Sprintf(table, "システムのアクターをトレースします。", "指定したメソッドをトレースします。")
	r := pair(t, "ja", en, ja)
	expect(t, checks(r), "untranslated en/p.md:20 -> ja/p.md:20", "untranslated en/p.md:21 -> ja/p.md:21")
	for _, f := range r.Findings {
		if f.Severity.String() != "warning" || !strings.Contains(f.Message, "every cell of its column") {
			t.Errorf("%+v", f)
		}
	}
	// The head translated, the body kept: a table of names.
	names := "\n| %s | %s |\n| --- | --- |\n| Additional methods tracing | `methods` |\n| Additional tracing annotations | `external-annotations` |\n"
	r = pair(t, "ja", enPage+fmt.Sprintf(names, "Library", "Instrumentation name"), jaPage+fmt.Sprintf(names, "ライブラリ", "計装名"))
	expect(t, checks(r), "untranslated en/p.md:20 -> ja/p.md:20", "untranslated en/p.md:21 -> ja/p.md:21")
	for _, f := range r.Findings {
		if f.Severity.String() != "warning" {
			t.Errorf("%+v", f)
		}
	}
	ja = jaPage + fmt.Sprintf(table, "Traces the actors of a system.", "Traces the methods you name.")
	r = pair(t, "ja", en, ja)
	for _, f := range r.Findings {
		if f.Severity.String() != "error" {
			t.Errorf("a table left untranslated: %+v", f)
		}
	}
	if len(r.Findings) == 0 {
		t.Error("a table left untranslated has no finding")
	}
}

func TestUntranslated(t *testing.T) {
	// Equal to the source.
	ja := strings.Replace(jaPage, "最初にツールをインストールしてから設定します。", "Install the tool first, then configure it.", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)), "untranslated en/p.md:5 -> ja/p.md:5")
	// Different words, still English.
	ja = strings.Replace(jaPage, "## 使い方", "## How to use it", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)), "untranslated en/p.md:9 -> ja/p.md:9")
	// Acronyms and product names alone are no reason.
	ja = strings.Replace(jaPage, "| プロ | 250 |", "| Pro | 250 |", 1)
	expect(t, checks(pair(t, "ja", enPage, ja)))
	// Nor are code and bare URLs, which every language writes alike.
	en := enPage + "\n`docsite review -strict -lang ja`\n\n<https://example.com/docs/start-here>\n"
	ja = jaPage + "\n`docsite review -strict -lang ja`\n\n<https://example.com/docs/start-here>\n"
	expect(t, checks(pair(t, "ja", en, ja)))
	// Nor is the title of an article on another site kept as its link's text, when the link
	// runs over two lines, is a reference, is set in brackets, or a sentence of the title is
	// the sentence.
	for _, c := range []struct{ en, ja string }{
		{"- [Simplifying the Configuration of Services - A Talk\n  by Two People][yt]\n\n[yt]: https://example.org/v",
			"- [Simplifying the Configuration of Services - A Talk\n  by Two People][yt]\n\n[yt]: https://example.org/v"},
		{"It started with [a pull request](https://example.org/i/1).", "議論が始まり\n（[Add Distributed Tracing using OpenTelemetry](https://example.org/i/1)）、\nマージされました。"},
		{"- **[Keynote: Fluent Bit vs. OpenTelemetry Collector - Why Not Both?](https://example.org/k)**",
			"- **[Keynote: Fluent Bit vs. OpenTelemetry Collector - Why Not Both?](https://example.org/k)**（両方使えばいいのでは？）"},
		{"  - [Good first issue](<{{% param issues %}}label>)", "  - [Good first issue](<{{% param issues %}}label>)"},
		{"- **[Lightning Talk: Semantics Matter! Lessons From Stabilizing the System Conventions](https://example.org/s)**<br>by\n  Roger Coll, Elastic",
			"- **[Lightning Talk: Semantics Matter! Lessons From Stabilizing the System Conventions](https://example.org/s)**<br>by\n  Roger Coll, Elastic"},
		{"- **[⚡Lightning Talk: The < Meta /> Trick: Connecting Page Load To Traces](https://example.org/t)**<br>\n  Wolfgang Therrien, Honeycomb<br> Monday March 23, 2026 09:45 - 09:55CET",
			"- **[⚡Lightning Talk: The < Meta /> Trick: Connecting Page Load To Traces](https://example.org/t)**<br>\n  Wolfgang Therrien, Honeycomb<br> Monday March 23, 2026 09:45 - 09:55CET"},
	} {
		en := enPage + "\n" + c.en + "\n"
		ja := jaPage + "\n" + c.ja + "\n"
		if got := checks(pair(t, "ja", en, ja)); len(got) > 0 {
			t.Errorf("%q: %v", c.ja, got)
		}
	}
	// Nor are addresses, nor data written as key = value.
	en = enPage + "\n| Default | Meaning |\n| --- | --- |\n| `localhost:4317` (gRPC), `localhost:4318` (http/protobuf) | Where telemetry is sent to. |\n"
	ja = jaPage + "\n| Default | Meaning |\n| --- | --- |\n| `localhost:4317` (gRPC), `localhost:4318` (http/protobuf) | テレメトリーの送信先。 |\n"
	expect(t, checks(pair(t, "ja", en, ja)))
	en = enPage + "\n- value = 1, name = `apple`, color = `red`\n"
	ja = jaPage + "\n- value = 1, name = `apple`, color = `red`\n"
	expect(t, checks(pair(t, "ja", en, ja)))
	// Nor is a template action of a partial.
	en = enPage + "\n{{ if not $lang }}\n\n{{ $lang = .Get 0 | default \"go\" }}\n"
	ja = jaPage + "\n{{ if not $lang }}\n\n{{ $lang = .Get 0 | default \"go\" }}\n"
	expect(t, checks(pair(t, "ja", en, ja)))
}

func TestUntranslatedChineseInJapanese(t *testing.T) {
	zh := "## 安装\n\n首先安装工具然后根据需要完成配置文件的全部设置。\n"
	r := Run(Input{Default: "zh", Locales: []config.Lang{{Code: "zh"}, {Code: "ja"}}, Docs: []Doc{
		doc("zh", "p", "zh/p.md", []byte(zh)),
		doc("ja", "p", "ja/p.md", []byte("## インストール\n\n首先安装工具然后根据需要完成配置文件设置。\n")),
	}})
	expect(t, checks(r), "untranslated zh/p.md:3 -> ja/p.md:3")
}

func TestLengthRatio(t *testing.T) {
	var en, ja strings.Builder
	for i := range 6 {
		en.WriteString("The service keeps every copy of your data in three separate zones, always.\n\n")
		if i == 4 {
			ja.WriteString("データを保存します。\n\n") // a fraction of the sentence
			continue
		}
		ja.WriteString("このサービスは、データのすべてのコピーを常に三つの別々のゾーンに保管します。\n\n")
	}
	r := pair(t, "ja", en.String(), ja.String())
	expect(t, checks(r), "length-ratio en/p.md:9 -> ja/p.md:9")

	// Outliers are judged against the whole site, after every page's review page is written:
	// the index lists them, the page's own review does not.
	files := map[string]string{}
	if err := WriteHTML(r, nil, func(rel string, data []byte) error { files[rel] = string(data); return nil }); err != nil {
		t.Fatal(err)
	}
	if index := files["_review/index.html"]; !regexp.MustCompile(`<li class="warning" data-finding="[0-9a-f]{16}"><a href="p/">p</a> ja: en/p.md:9 → ja/p.md:9: translation is 0\.`).MatchString(index) {
		t.Errorf("index lacks the outlier:\n%s", index)
	}
	if page := files["_review/p/index.html"]; page == "" || strings.Contains(page, LengthRatio) {
		t.Errorf("page review:\n%s", page)
	}
}

func TestLinkMismatch(t *testing.T) {
	// /en/guide/ and /ja/guide/ are the same link in each language's tree.
	ja := strings.Replace(jaPage, "(/ja/guide/)", "(/ja/manual/)", 1)
	r := pair(t, "ja", enPage, ja)
	expect(t, checks(r), "link-mismatch en/p.md:11 -> ja/p.md:11")
	if got := r.Findings[0].Message; got != "source links to /{lang}/guide/; translation links to /{lang}/manual/" {
		t.Errorf("message %q", got)
	}
	// Another site's /en/ is no language of this one: the same URL in both is the same link.
	en := strings.Replace(enPage, "(/en/guide/)", "(https://example.org/en/guide/)", 1)
	ja = strings.Replace(jaPage, "(/ja/guide/)", "(https://example.org/en/guide/)", 1)
	expect(t, checks(pair(t, "ja", en, ja)))
}

func TestSeverities(t *testing.T) {
	want := map[string]string{
		MissingPage: "warning", MissingSection: "error", ExtraSection: "warning", MissingBlock: "error",
		ExtraBlock: "warning", TableShape: "error", MissingRow: "error", NumberMismatch: "error",
		Untranslated: "error", LengthRatio: "warning", LinkMismatch: "warning", Stale: "warning",
		Revision:  "error",
		Orphan:    "warning",
		PageError: "error", Syntax: "warning", New: "warning",
	}
	if len(Checks) != len(want) {
		t.Errorf("%d checks, want %d", len(Checks), len(want))
	}
	for _, c := range Checks {
		if want[c.ID] != c.Severity.String() {
			t.Errorf("%s is %s, want %s", c.ID, c.Severity, want[c.ID])
		}
	}
}

// Two source paragraphs the translation writes as one are no missing block, and the
// numbers of both are found in it.
func TestMergedParagraphs(t *testing.T) {
	en := "# Guide\n\nThe collector receives data from many sources at once.\n\n" +
		"It runs close to the application, on the same host.\n\n" +
		"Batching groups 512 spans before they are sent.\n\n" +
		"A timeout of 200 ms sends a smaller batch.\n\n" +
		"Exporters send the data on to the backends you choose.\n"
	ja := "# ガイド\n\nコレクターは多くのソースから同時にデータを受け取ります。\n\n" +
		"アプリケーションの近く、同じホストで実行されます。\n\n" +
		"バッチ処理は送信前に512個のスパンをまとめ、200ミリ秒のタイムアウトで小さなバッチを送ります。\n\n" +
		"エクスポーターは選んだバックエンドにデータを送ります。\n"
	expect(t, checks(pair(t, "ja", en, ja)))
}

// A long table the translation has an older version of (rows added to the source since,
// every row's prose alike) loses exactly the rows it lacks: a row whose inline code no other
// row has is paired with the translation's row of the same code, wherever the rows around
// it put it.
func TestMissingRowsByTheirCode(t *testing.T) {
	names := []string{"pump.flow", "pump.pressure", "pump.speed", "pump.temperature", "valve.state",
		"valve.opened", "valve.closed", "tank.level", "tank.volume", "tank.temperature", "pipe.leaks",
		"pipe.length", "filter.age", "filter.clogged", "sensor.battery", "sensor.signal"}
	added := map[int]bool{2: true, 3: true, 6: true, 9: true, 10: true, 11: true, 14: true}
	en := "## Metrics\n\n| Group | Name | Exported as | Shown |\n| --- | --- | --- | --- |\n"
	es := "## Métricas\n\n| Grupo | Nombre | Exportada como | Visible |\n| --- | --- | --- | --- |\n"
	var want []string
	for i, n := range names {
		group := strings.Split(n, ".")[0]
		en += fmt.Sprintf("| Plant | `%s` | `%s_total` | shown if the %s sensors are enabled |\n", n, strings.ReplaceAll(n, ".", "_"), group)
		if added[i] {
			want = append(want, fmt.Sprintf("missing-row en/p.md:%d", 5+i))
			continue
		}
		es += fmt.Sprintf("| Planta | `%s` | `%s_total` | visible si los sensores %s están habilitados |\n", n, strings.ReplaceAll(n, ".", "_"), group)
	}
	var got []string
	for _, f := range pair(t, "es", en, es).Findings {
		if f.Check == MissingRow {
			got = append(got, f.Check+" "+f.Source.String())
		}
	}
	expect(t, got, want...)
}

// A dotted version (two dots or more, or after a v) is compared and quoted as written: not
// read as a decimal that drops its last part and trailing zero.
func TestVersionsAsWritten(t *testing.T) {
	en := "## Agent\n\nThe agent 2.30.0 needs the collector v0.110 or later.\n"
	for _, tt := range []struct{ tgt, want string }{
		{"## Agente\n\nEl agente 2.30.0 necesita el colector v0.110 o posterior.\n", ""},
		{"## Agente\n\nEl agente 2.28.1 necesita el colector v0.110 o posterior.\n",
			"numbers differ: source has 2.30.0; translation has 2.28.1"},
		{"## Agente\n\nEl agente 2.3 necesita el colector v0.11 o posterior.\n",
			"numbers differ: source has 2.30.0, 0.110; translation has 2.3, 0.11"},
		// Thousands grouped by dots are no version: 1.000.000 is a million in Spanish.
		{"## Agente\n\nEl agente 2.30.0 necesita el colector v0.110 o posterior, con 1.000.000 filas.\n", ""},
	} {
		var got []string
		for _, f := range pair(t, "es", en, tt.tgt).Findings {
			got = append(got, f.Message)
		}
		if strings.Join(got, "\n") != tt.want {
			t.Errorf("%q: %q, want %q", tt.tgt, got, tt.want)
		}
	}
}

// No two findings of a report share an ID, even with the same message in one section
// (a number changed in every row, two rows alike missing), and an edit elsewhere in the
// page leaves every ID as it was.
func TestFindingIDsUnique(t *testing.T) {
	en := "## Modules\n\n| Module | Release |\n| --- | --- |\n| `core` | 1.64 |\n| `extra` | 1.64 |\n| `tools` | 1.64 |\n" +
		"| spare | — |\n| spare | — |\n\nText with 2048 items.\n"
	es := "## Módulos\n\n| Módulo | Versión |\n| --- | --- |\n| `core` | 1.62 |\n| `extra` | 1.62 |\n| `tools` | 1.62 |\n\nTexto con 2048 elementos.\n"
	ids := func(es string) []string {
		r := pair(t, "es", en, es)
		var out []string
		seen := map[string]bool{}
		for _, f := range r.Findings {
			if seen[f.ID()] {
				t.Errorf("%s shared: %s %s", f.ID(), f.Target, f.Message)
			}
			seen[f.ID()] = true
			out = append(out, f.ID())
		}
		if len(out) < 5 {
			t.Errorf("%d findings, want 3 number-mismatch and 2 missing-row at least", len(out))
		}
		slices.Sort(out)
		return out
	}
	before := ids(es)
	after := ids(strings.Replace(es, "## Módulos\n", "Una introducción.\n\n## Módulos\n\nUna frase más.\n", 1))
	for _, id := range before {
		if !slices.Contains(after, id) {
			t.Errorf("ID %s gone with an edit elsewhere:\n%v\n%v", id, before, after)
		}
	}
}

// A missing block or row is placed in the translation just after the aligned item before
// it in its section or table: where it would go, not at the next aligned item, which may be
// a table further down, or the table's last row for the row after it.
func TestMissingPlacedAfterThePreviousItem(t *testing.T) {
	en := "## Setup\n\nInstall the tool from the store.\n\nThen restart the machine twice.\n\n" +
		"| Step | Command |\n| --- | --- |\n| Fetch | `get` |\n| Build | `make` |\n| Check | `test` |\n"
	es := "## Instalación\n\nInstale la herramienta desde la tienda.\n\n" +
		"| Paso | Orden |\n| --- | --- |\n| Obtener | `get` |\n| Construir | `make` |\n\nFin.\n"
	var got []string
	for _, f := range pair(t, "es", en, es).Findings {
		if f.Check == MissingBlock || f.Check == MissingRow {
			got = append(got, f.Check+" "+f.Source.String()+" -> "+f.Target.String())
		}
	}
	expect(t, got, "missing-block en/p.md:5 -> es/p.md:4", "missing-row en/p.md:11 -> es/p.md:9")
}
