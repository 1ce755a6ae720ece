// Package sanitize cleans untrusted raw HTML in page bodies and checks that HTML is free of script.
//
// Body runs one bluemonday allow-list (policy.go) over a rendered body and
// then parses and re-serialises the result with golang.org/x/net/html, so
// that the fragment is well-formed and cannot leak unclosed tags into the
// page template. CheckSafe parses HTML the way a browser does and reports
// anything that could run script; tests use it to judge Body.
package sanitize

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Body returns the sanitised, well-formed form of a page body as goldmark
// rendered it. It never fails: whatever the input, the output is HTML that
// CheckSafe accepts, and Body(Body(x)) equals Body(x).
func Body(body []byte) []byte {
	out, _ := BodyFlat(body)
	return out
}

// BodyFlat is Body, and reports whether the body's elements nested too deep for the
// HTML parser, which it then flattened (deep.go): the caller should tell the author.
func BodyFlat(body []byte) (out []byte, flattened bool) {
	out, flattened = pass(body)
	for range maxPasses - 1 {
		next, flat := pass(out)
		flattened = flattened || flat
		if bytes.Equal(next, out) {
			break
		}
		out = next
	}
	return out, flattened
}

// maxPasses bounds the passes Body makes to reach a fixed point. Parsing and
// serialising HTML is not always a round trip: the parser repairs misnested
// markup (<a> inside <a>, blocks inside <p>) into trees whose serialisation
// parses differently, so one pass may leave work for the next. Two or three
// passes settle every input the fuzzer has found.
const maxPasses = 4

// pass sanitises once, then parses (flattened where it nests too deep) and
// re-serialises the result.
func pass(body []byte) (_ []byte, flattened bool) {
	nodes, flattened := parseFlat(policy().SanitizeBytes(body))
	var out bytes.Buffer
	for _, n := range nodes {
		// Render fails only for <plaintext>, which the policy never lets through.
		if err := html.Render(&out, n); err != nil {
			break
		}
	}
	return out.Bytes(), flattened
}

// fragmentContext is the element a page body is parsed inside: the body's
// children behave as they would in the page template's content element.
func fragmentContext() *html.Node {
	return &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
}
