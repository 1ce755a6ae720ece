package markdown

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Highlighted code is docsite's own markup: chroma's spans with its class names around
// text chroma escaped. When a body goes through a filter (the sanitiser, for a body with
// raw HTML), the code renderer holds that markup back and writes a marker inside the
// <code> element instead; once the filter has run, each marker is replaced by the code it
// stands for. On a code-heavy site the highlighted code is about half the bytes of a
// body and two thirds of its tags (opentelemetry.io), which the sanitiser would otherwise
// read, allow-list, parse and write again on every pass.
//
// A marker is text, so the filter moves it wherever it moves the <code> element's content
// and keeps it as it is. If any marker does not come out of the filter exactly once (a
// shortcode template that shows its inner content twice, say), the body is rendered and
// filtered again with the code in place, as it was before markers: the result is the
// same either way, which TestHeldCodeIsFilteredAlike checks.

// heldCodeMeta is the document meta key of the heldCode of a render in progress.
const heldCodeMeta = "docsite.heldcode"

// heldCode is the code one render of a body holds back, by marker number.
type heldCode struct {
	code []string
	size int // bytes of code held
}

// markerStart opens every marker: a private-use character and a random string chosen
// when the program starts, which a page cannot know, so no text of a page reads as one.
// A marker is markerStart, the number of the code it holds, and markerEnd.
var markerStart = func() string {
	var b [12]byte
	rand.Read(b[:])
	return "\ue000" + hex.EncodeToString(b[:]) + ":"
}()

const markerEnd = "\ue001"

// hold keeps code and returns the marker to write in its place.
func (h *heldCode) hold(code string) string {
	h.code = append(h.code, code)
	h.size += len(code)
	return markerStart + strconv.Itoa(len(h.code)-1) + markerEnd
}

// restore returns filtered with every marker replaced by its code; ok is false when a
// marker is missing, repeated, not one this render wrote, or not the whole content of a
// <code> element as the filter wrote it (a marker the filter turned into escaped text,
// where the code's tags would have been escaped too, say).
func (h *heldCode) restore(filtered []byte) (out string, ok bool) {
	var b strings.Builder
	b.Grow(len(filtered) + h.size)
	seen := make([]bool, len(h.code))
	start, end := []byte(markerStart), []byte(markerEnd)
	for rest := filtered; ; {
		i := bytes.Index(rest, start)
		if i < 0 {
			b.Write(rest)
			break
		}
		if !inCode(rest[:i]) {
			return "", false
		}
		b.Write(rest[:i])
		rest = rest[i+len(start):]
		j := bytes.Index(rest, end)
		if j < 0 {
			return "", false
		}
		n, err := strconv.Atoi(string(rest[:j]))
		if err != nil || n < 0 || n >= len(seen) || seen[n] {
			return "", false
		}
		rest = rest[j+len(end):]
		if !bytes.HasPrefix(rest, []byte("</code>")) {
			return "", false
		}
		seen[n] = true
		b.WriteString(h.code[n])
	}
	for _, s := range seen {
		if !s {
			return "", false
		}
	}
	return b.String(), true
}

// inCode reports whether before ends with a <code> start tag, attributes and all. The
// filter writes a '>' in an attribute's value as a reference, so the tag is the text from
// the last '<'.
func inCode(before []byte) bool {
	lt := bytes.LastIndexByte(before, '<')
	tag := before[max(lt, 0):]
	return lt >= 0 && (bytes.HasPrefix(tag, []byte("<code>")) || bytes.HasPrefix(tag, []byte("<code "))) &&
		bytes.IndexByte(tag, '>') == len(tag)-1
}

func heldCodeOf(n ast.Node) *heldCode {
	if doc := n.OwnerDocument(); doc != nil {
		h, _ := doc.Meta()[heldCodeMeta].(*heldCode)
		return h
	}
	return nil
}
