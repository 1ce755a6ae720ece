package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"docsite/internal/sanitize"
)

// TestHeldCodeIsFilteredAlike renders each page of testdata/heldcode through the
// sanitiser with its highlighted code held back and with it in place: the bytes must be
// the same, and the sanitiser must have run as often as the page's name says (once when
// the markers came through, so that the test is not passed by the fallback alone).
func TestHeldCodeIsFilteredAlike(t *testing.T) {
	a, p := heldCodePages(t)
	for _, f := range a.Files {
		name, runs, ok := strings.Cut(f.Name, " ")
		if !ok {
			continue
		}
		want, _ := strconv.Atoi(runs)
		t.Run(name, func(t *testing.T) {
			var inputs [][]byte
			filter := func(b []byte) []byte {
				inputs = append(inputs, bytes.Clone(b))
				return sanitize.Body(b)
			}
			held, err := p.RenderString(p.Parse(f.Data, nil), filter)
			if err != nil {
				t.Fatal(err)
			}
			if len(inputs) != want {
				t.Errorf("the sanitiser ran %d times, want %d", len(inputs), want)
			}
			if !strings.Contains(string(inputs[0]), markerStart) {
				t.Errorf("the sanitiser's first input holds no marker:\n%s", inputs[0])
			}
			if want == 1 && !strings.Contains(string(f.Data), "{{%") && strings.Contains(string(inputs[0]), `<span class="line">`) {
				t.Errorf("highlighted code reached the sanitiser:\n%s", inputs[0])
			}
			inPlace, err := p.renderString(p.Parse(f.Data, nil), sanitize.Body, false)
			if err != nil {
				t.Fatal(err)
			}
			if held != inPlace {
				t.Errorf("code held back:\n%s\ncode in place:\n%s", held, inPlace)
			}
			if strings.Contains(held, "\ue001") && !strings.Contains(string(f.Data), "\ue001") {
				t.Errorf("a marker reached the page:\n%s", held)
			}
		})
	}
}

// TestHeldCodeRestore checks restore on its own: every marker once, in any order, or the
// caller falls back.
func TestHeldCodeRestore(t *testing.T) {
	h := &heldCode{}
	m0, m1 := h.hold("<span>zero</span>"), h.hold("<span>one</span>")
	c := func(s string) string { return "<code>" + s + "</code>" }
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"a<code>" + m0 + "</code>b<code class=\"x\">" + m1 + "</code>c", "a<code><span>zero</span></code>b<code class=\"x\"><span>one</span></code>c", true},
		{c(m1) + c(m0), c("<span>one</span>") + c("<span>zero</span>"), true},
		{c(m0), "", false},                                         // one missing
		{c(m0) + c(m1) + c(m1), "", false},                         // one twice
		{c(m0) + c(m1) + c(markerStart+"2"+markerEnd), "", false},  // one it never held
		{c(m0) + c(m1) + c(markerStart+"x"), "", false},            // cut off
		{c(m0) + "&lt;code&gt;" + m1 + "&lt;/code&gt;", "", false}, // escaped: in no code element
		{c(m0) + "<code title=\"a&gt;\">" + m1 + "</code>", c("<span>zero</span>") + "<code title=\"a&gt;\"><span>one</span></code>", true},
		{c(m0) + "<code>x" + m1 + "</code>", "", false}, // not the whole content
		{c(m0) + "<b>" + m1 + "</b>", "", false},
		{c(m0) + c(m1) + "\ue000" + "0" + markerEnd, c("<span>zero</span>") + c("<span>one</span>") + "\ue0000\ue001", true},
	} {
		got, ok := h.restore([]byte(tc.in))
		if ok != tc.ok || got != tc.want {
			t.Errorf("restore(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzHeldCode: whatever the page, holding the code back from the sanitiser changes no
// byte of the result.
func FuzzHeldCode(f *testing.F) {
	a, p := heldCodePages(f)
	for _, file := range a.Files {
		if !strings.HasPrefix(file.Name, "templates/") {
			f.Add(file.Data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) {
			return // the load stage refuses such pages
		}
		orig := bytes.Clone(src)
		held, err1 := p.RenderString(p.Parse(src, nil), sanitize.Body)
		if !bytes.Equal(src, orig) {
			t.Fatalf("parsing and rendering changed the page's bytes:\n%q\nwas\n%q", src, orig)
		}
		inPlace, err2 := p.renderString(p.Parse(src, nil), sanitize.Body, false)
		if (err1 == nil) != (err2 == nil) || held != inPlace {
			t.Fatalf("code held back: %q, %v\ncode in place: %q, %v", held, err1, inPlace, err2)
		}
	})
}

// heldCodePages reads testdata/heldcode/pages.txtar and makes an English parser with its
// shortcode templates.
func heldCodePages(tb testing.TB) (*txtar.Archive, *Parser) {
	tb.Helper()
	a, err := txtar.ParseFile("testdata/heldcode/pages.txtar")
	if err != nil {
		tb.Fatal(err)
	}
	return a, goldenParser(tb, "en", a)
}
