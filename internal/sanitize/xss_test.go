package sanitize

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// vector is one record of testdata/xss.txt; the file documents the format.
type vector struct {
	line     int
	family   string
	swallows bool // hides the text after it, in a browser too
	inert    bool // not active as written; CheckSafe need not flag it raw
	html     string
}

var reCodePoint = regexp.MustCompile(`\{\{U\+([0-9A-F]{4,6})\}\}`)

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/xss.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, err := parseVector(n, line)
		if err != nil {
			t.Fatalf("testdata/xss.txt:%d: %v", n, err)
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

func parseVector(n int, line string) (vector, error) {
	fields := strings.SplitN(line, " | ", 3)
	if len(fields) != 3 || fields[2] == "" {
		return vector{}, fmt.Errorf("want FAMILY | FLAGS | VECTOR")
	}
	v := vector{line: n, family: fields[0]}
	for _, flag := range strings.Split(fields[1], ",") {
		switch flag {
		case "-":
		case "swallows":
			v.swallows = true
		case "inert":
			v.inert = true
		default:
			return vector{}, fmt.Errorf("unknown flag %q", flag)
		}
	}
	v.html = reCodePoint.ReplaceAllStringFunc(fields[2], func(m string) string {
		r, _ := strconv.ParseUint(reCodePoint.FindStringSubmatch(m)[1], 16, 32)
		return string(rune(r))
	})
	return v, nil
}

// surroundings are the sentences placed before and after each vector, one
// pair per language of the site.
var surroundings = []struct{ lang, before, after string }{
	{"en", "Before the vector comes this plain English sentence.", "After the vector the reader still sees this sentence."},
	{"zh", "在向量之前是这句普通的中文。", "向量之后，读者仍能看到这句话。"},
	{"ja", "ベクトルの前にあるこの普通の日本語の文。", "ベクトルの後でも、読者にはこの文が見える。"},
}

// placements put a vector into a body the way a page would hold it: as a raw
// HTML block between paragraphs, and inline inside a paragraph.
var placements = []struct {
	name string
	page func(before, vector, after string) string
}{
	{"block", func(b, v, a string) string { return "<p>" + b + "</p>\n" + v + "\n<p>" + a + "</p>\n" }},
	{"inline", func(b, v, a string) string { return "<p>" + b + " " + v + " " + a + "</p>\n" }},
}

func TestXSSVectorsFile(t *testing.T) {
	if n := len(readVectors(t)); n < 80 {
		t.Fatalf("testdata/xss.txt holds %d vectors, want at least 80", n)
	}
}

// TestCheckSafeFlagsRawVectors proves the judge: every active vector is
// reported by CheckSafe before it is sanitised.
func TestCheckSafeFlagsRawVectors(t *testing.T) {
	for _, v := range readVectors(t) {
		s := surroundings[0]
		err := CheckSafe([]byte(placements[0].page(s.before, v.html, s.after)))
		if !v.inert && err == nil {
			t.Errorf("xss.txt:%d: CheckSafe accepts active vector %q", v.line, v.html)
		}
		if v.inert && err != nil {
			t.Errorf("xss.txt:%d: vector marked inert but CheckSafe reports %v", v.line, err)
		}
	}
}

func TestBodyNeutralisesVectors(t *testing.T) {
	for _, v := range readVectors(t) {
		for _, s := range surroundings {
			for _, p := range placements {
				name := fmt.Sprintf("%s/line%d/%s/%s", v.family, v.line, s.lang, p.name)
				t.Run(name, func(t *testing.T) {
					in := p.page(s.before, v.html, s.after)
					out := Body([]byte(in))
					if err := CheckSafe(out); err != nil {
						t.Fatalf("%v\nin:  %q\nout: %q", err, in, out)
					}
					text := textContent(t, out)
					if !strings.Contains(text, s.before) {
						t.Errorf("text before the vector lost\nin:  %q\nout: %q", in, out)
					}
					if !v.swallows && !strings.Contains(text, s.after) {
						t.Errorf("text after the vector lost\nin:  %q\nout: %q", in, out)
					}
					if again := Body(out); !bytes.Equal(again, out) {
						t.Errorf("not idempotent\nonce:  %q\ntwice: %q", out, again)
					}
				})
			}
		}
	}
}

// textContent is the text a reader sees in a fragment.
func textContent(t *testing.T, fragment []byte) string {
	t.Helper()
	nodes, err := html.ParseFragment(bytes.NewReader(fragment), fragmentContext())
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, n := range nodes {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for d := range n.Descendants() {
			if d.Type == html.TextNode {
				b.WriteString(d.Data)
			}
		}
	}
	return b.String()
}
