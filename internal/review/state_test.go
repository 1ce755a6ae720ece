package review

import (
	"strings"
	"testing"
	"testing/fstest"

	"docsite/internal/config"
	"docsite/internal/diag"
)

func TestStateMarshal(t *testing.T) {
	s := State{Locale: "ja", Accepted: []Accepted{
		{Page: "a/b", Section: "为什么", Hash: "01"},
		{Page: "gpu-cloud", Section: "", Hash: "02"},
		{Page: "gpu-cloud", Section: "why", Hash: "03"},
	}}
	want := `# Reviewed translations for "ja", written by ` + "`docsite review -accept ja`" + `.
# Per page: section id = hash of the source section as the translator approved it.

["a/b"]
"为什么" = "01"

["gpu-cloud"]
"" = "02"
"why" = "03"
`
	if got := string(s.Marshal()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	back, err := ParseState("ja/.reviewed.toml", "ja", s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Marshal()) != want {
		t.Errorf("round trip:\n%s", back.Marshal())
	}
}

func TestParseStateError(t *testing.T) {
	_, err := ParseState("content/ja/.reviewed.toml", "ja", []byte("[\"p\"]\n\"a\" = \"1\"\nbroken line\n"))
	d, ok := err.(diag.Diagnostic)
	if !ok || d.File != "content/ja/.reviewed.toml" || d.Line != 3 || d.Severity != diag.Error {
		t.Fatalf("error %#v", err)
	}
	if !strings.HasPrefix(d.Error(), "content/ja/.reviewed.toml:3:8: error: reviewed-state: ") {
		t.Errorf("message %q", d.Error())
	}
}

func TestAcceptRecordsAlignedSections(t *testing.T) {
	// The zh section is deleted: ja keeps both sections, zh only its intro.
	r := Run(seeds(t, map[string]func(string) string{
		"content/zh/gpu-cloud.md": func(s string) string { return deleteLines(s, 7, 175) },
	}))
	for locale, want := range map[string]string{"ja": "gpu-cloud# gpu-cloud#why-cloud-gpu-service", "zh": "gpu-cloud#", "en": ""} {
		var got []string
		for _, a := range Accept(r, locale).Accepted {
			got = append(got, a.Page+"#"+a.Section)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s accepted %v, want %s", locale, got, want)
		}
	}
}

func FuzzParseState(f *testing.F) {
	f.Add([]byte("[\"p\"]\n\"\" = \"1\"\n"))
	f.Add([]byte("x = 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseState("f", "ja", data)
		if err != nil {
			return
		}
		if _, err := ParseState("f", "ja", s.Marshal()); err != nil {
			t.Fatalf("own output does not parse: %v\n%s", err, s.Marshal())
		}
	})
}

func TestReadStates(t *testing.T) {
	fsys := fstest.MapFS{
		"content/ja/.reviewed.toml": {Data: []byte("[\"gpu-cloud\"]\n\"\" = \"abc\"\n")},
		"content/zh/.reviewed.toml": {Data: []byte("oops")},
	}
	states, err := ReadStates(fsys, "content", []config.Lang{{Code: "en"}, {Code: "ja"}})
	if err != nil || len(states) != 1 || states[0].Locale != "ja" || states[0].Accepted[0].Hash != "abc" {
		t.Fatalf("states %+v, %v", states, err)
	}
	_, err = ReadStates(fsys, "content", []config.Lang{{Code: "zh"}})
	if d, ok := err.(diag.Diagnostic); !ok || d.File != "content/zh/.reviewed.toml" || d.Line != 1 {
		t.Errorf("error %#v", err)
	}
}
