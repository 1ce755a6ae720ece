package outline

import "testing"

func TestWeight(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"GPU 4", 4}, // letters and digits count 1, spaces nothing
		{"云服务器", 12}, // Han 3 each
		{"クラウド", 6},  // kana 1.5 each
		{"ＧＰＵ。", 3},  // full-width letters are letters; punctuation nothing
		{"Café — ok!", 6},
	}
	for _, tt := range tests {
		if got := Weight(tt.in); got != tt.want {
			t.Errorf("Weight(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
