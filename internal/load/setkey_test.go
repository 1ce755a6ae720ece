package load

import "testing"

func TestSetKey(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"---\ntitle: A\ndefault_lang_commit: abc # old\nweight: 2\n---\nbody\n", "---\ntitle: A\ndefault_lang_commit: 123\nweight: 2\n---\nbody\n"},
		{"---\ntitle: A\r\n---\r\nbody\r\n", "---\ntitle: A\r\ndefault_lang_commit: 123\n---\r\nbody\r\n"},
		{"+++\ntitle = \"A\"\n+++\nbody\n", "+++\ntitle = \"A\"\ndefault_lang_commit = \"123\"\n+++\nbody\n"},
		{"# No front matter\n", "---\ndefault_lang_commit: 123\n---\n# No front matter\n"},
		{"\uFEFF---\nx: 1\n---\n", "\uFEFF---\nx: 1\ndefault_lang_commit: 123\n---\n"},
	} {
		got, err := SetKey([]byte(tt.in), "default_lang_commit", "123")
		if err != nil || string(got) != tt.want {
			t.Errorf("SetKey(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		var fm FrontMatter
		if _, err := splitFrontMatter(got, &fm); err != nil || fm.Params["default_lang_commit"] == nil {
			t.Errorf("%q: front matter after SetKey: %v, %v", got, fm.Params, err)
		}
	}
	if _, err := SetKey([]byte("{\"title\": \"A\"}\n"), "k", "v"); err == nil {
		t.Error("JSON front matter was edited")
	}
}
