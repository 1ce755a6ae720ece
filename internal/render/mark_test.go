package render

import "testing"

func TestMarkLang(t *testing.T) {
	tests := map[string]string{
		"双卡 = two cards":        `<span lang="zh-Hans">双卡</span> = two cards`,
		"given as 未知 (unknown)": `given as <span lang="zh-Hans">未知</span> (unknown)`,
		"plain <b>":             "plain &lt;b&gt;",
		"产品价格不详！":               `<span lang="zh-Hans">产品价格不详！</span>`,
	}
	for in, want := range tests {
		if got := string(MarkLang(in, "zh-Hans")); got != want {
			t.Errorf("MarkLang(%q) = %q, want %q", in, got, want)
		}
	}
}
