package outline

import (
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Why Cloud GPU Service?", "why-cloud-gpu-service"},
		{"为什么选择 GPU 云服务器", "为什么选择-gpu-云服务器"},
		{"なぜGPUクラウドサーバを選択", "なぜgpuクラウドサーバを選択"},
		{"ＧＰＵ　比較", "gpu-比較"},
		{"  C++ & Go: 2024 ", "c-go-2024"},
		{"Café crème", "café-crème"},
		{"!!!", ""},
	}
	for _, tt := range tests {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSectionIDsUnique(t *testing.T) {
	p := parse(t, "p.md", []byte("Intro.\n\n## Setup\n\n## Setup\n\n### ???\n\n## Setup 2\n\n## Setup\n\n"+
		"## Tencent\n\n### Price\n\n## Alibaba\n\n### Price\n\n#### Price\n"))
	var ids []string
	for _, s := range p.Sections {
		ids = append(ids, s.ID)
	}
	want := ",setup,setup-2,section-4,setup-2-2,setup-3,tencent,price,alibaba,alibaba-price,alibaba-price-price"
	if got := strings.Join(ids, ","); got != want {
		t.Errorf("ids %s\nwant %s", got, want)
	}
}

func TestSetIDs(t *testing.T) {
	p := parse(t, "p.md", []byte("## Why?\n\ntext\n"))
	SetIDs(p)
	v, ok := p.Sections[0].Heading.AttributeString("id")
	if !ok || string(v.([]byte)) != "why" {
		t.Errorf("id attribute %v", v)
	}
}
