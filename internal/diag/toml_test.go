package diag

import (
	"bytes"
	"errors"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func TestTOML(t *testing.T) {
	type site struct {
		Title string `toml:"title"`
		Lang  struct {
			Code string `toml:"code"`
		} `toml:"lang"`
	}
	decode := func(text string) error {
		dec := toml.NewDecoder(bytes.NewReader([]byte(text)))
		dec.DisallowUnknownFields()
		var s site
		return dec.Decode(&s)
	}
	tests := []struct {
		text      string
		firstLine int
		want      []string
	}{
		{"title = \"a\"\ntitel = 1\n[lang]\ncolour = 2\n", 1, []string{
			`f.toml:2:1: error: unknown: unknown key "titel"`,
			`f.toml:4:1: error: unknown: unknown key "lang.colour"`}},
		{"title = \"a\"\ntitle = \"b\"\n", 1, []string{`f.toml:2:1: error: syntax: key title is already defined`}},
		// A wrong type is told in the file's terms: its key and the type wanted, no Go name.
		{"\ntitle = 3\n", 2, []string{`f.toml:3:9: error: syntax: title: want text, not a whole number`}},
		{"[lang]\ncode = [1]\n", 1, []string{`f.toml:2:8: error: syntax: lang.code: want text, not a list`}},
	}
	for _, tt := range tests {
		got := TOML("f.toml", tt.firstLine, decode(tt.text), "syntax", "unknown")
		var lines []string
		for _, d := range got {
			lines = append(lines, d.Error())
		}
		if len(lines) != len(tt.want) {
			t.Errorf("%q: got %q, want %q", tt.text, lines, tt.want)
			continue
		}
		for i := range lines {
			if lines[i] != tt.want[i] {
				t.Errorf("%q: got %s\nwant %s", tt.text, lines[i], tt.want[i])
			}
		}
	}
	if got := TOML("f.toml", 1, errors.New("no file"), "syntax", "unknown"); len(got) != 1 || got[0].Error() != "f.toml: error: syntax: no file" {
		t.Errorf("other error: %v", got)
	}
}
