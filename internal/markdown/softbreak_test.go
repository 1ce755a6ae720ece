package markdown

import (
	"strings"
	"testing"
)

// render parses and renders src with a parser of no options.
func render(t *testing.T, p *Parser, src string) string {
	t.Helper()
	got, err := p.RenderString(p.Parse([]byte(src), nil), nil)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return got
}

// A soft line break stays a break (a space to the reader) after every ASCII punctuation
// character, in any script: only a break between two East Asian wide characters goes.
func TestSoftBreakAfterASCIIPunctuation(t *testing.T) {
	p := New(Options{})
	// Characters that would start markup at the end of a line or alone are escaped in
	// the source; what is checked is the break after the character as the reader sees it.
	for _, c := range "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" {
		src := "word" + string(c) + "\nNext"
		want := "word" + string(c) + "\nNext"
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '&', '"':
			src = "word\\" + string(c) + "\nNext"
		}
		got := render(t, p, src)
		if !strings.Contains(got, "\nNext") {
			t.Errorf("after %q: %q glues the lines (want the break kept, as in %q)", c, got, want)
		}
	}
}

// The break goes only between two wide East Asian characters (Han, kana, full-width
// punctuation), never next to Hangul, Latin, Cyrillic or Arabic letters.
func TestSoftBreakByScript(t *testing.T) {
	p := New(Options{})
	for _, tc := range []struct{ name, src, want string }{
		{"en sentence", "Join the community.\nStart here", "<p>Join the community.\nStart here</p>\n"},
		{"en comma", "the API,\nprocessing", "<p>the API,\nprocessing</p>\n"},
		{"en colon", "as follows:\nfirst", "<p>as follows:\nfirst</p>\n"},
		{"en paren", "(see below)\nthen", "<p>(see below)\nthen</p>\n"},
		{"en quote", "it's \"done\"\nnow", "<p>it's &quot;done&quot;\nnow</p>\n"},
		{"ru", "Привет, мир.\nДалее", "<p>Привет, мир.\nДалее</p>\n"},
		{"ar", "مرحبا، بالعالم.\nالتالي", "<p>مرحبا، بالعالم.\nالتالي</p>\n"},
		{"ko", "한국어 문장입니다.\n다음 문장", "<p>한국어 문장입니다.\n다음 문장</p>\n"},
		{"ko words", "한국어\n문장", "<p>한국어\n문장</p>\n"},
		{"ja", "日本語の文\nです。", "<p>日本語の文です。</p>\n"},
		{"ja punct", "日本語の文です。\n次の文", "<p>日本語の文です。次の文</p>\n"},
		{"ja kana", "カタカナ\nひらがな", "<p>カタカナひらがな</p>\n"},
		{"zh", "中文句子，\n下一句。", "<p>中文句子，下一句。</p>\n"},
		{"zh then en", "使用\nOpenTelemetry", "<p>使用\nOpenTelemetry</p>\n"},
		{"en then zh", "OpenTelemetry.\n使用", "<p>OpenTelemetry.\n使用</p>\n"},
		{"ja ascii punct then ja", "設定:\n次に", "<p>設定:\n次に</p>\n"},
		{"zh before code", "使用\n`go build`", "<p>使用\n<code dir=\"ltr\">go build</code></p>\n"},
		{"en before link", "Join the community.\n[Start here](s)", "<p>Join the community.\n<a href=\"s\">Start here</a></p>\n"},
		{"zero-width space", "foo\u200b\nbar", "<p>foo\u200bbar</p>\n"},
		{"hard break", "line  \nnext", "<p>line<br>\nnext</p>\n"},
		{"escaped space", "**「強調」**\\ の後", "<p><strong>「強調」</strong>の後</p>\n"},
		{"escaped space mid-text", "日本語\\ です", "<p>日本語です</p>\n"},
	} {
		if got := render(t, p, tc.src); got != tc.want {
			t.Errorf("%s: %q\ngot  %q\nwant %q", tc.name, tc.src, got, tc.want)
		}
	}
}

// A mixed paragraph: English, Japanese and Korean lines in one.
func TestSoftBreakMixedParagraph(t *testing.T) {
	p := New(Options{})
	src := "Install the SDK.\nSDKをインストールします。\n次に設定します。\nThen configure it:\n설정합니다.\n끝"
	want := "<p>Install the SDK.\nSDKをインストールします。次に設定します。\nThen configure it:\n설정합니다.\n끝</p>\n"
	if got := render(t, p, src); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
