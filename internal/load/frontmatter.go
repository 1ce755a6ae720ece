package load

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// A front matter block sits at the very top of a page, in one of the three formats Hugo
// reads: YAML between --- lines, TOML between +++ lines, or a JSON object starting on the
// first line. A UTF-8 byte-order mark before it (as Windows editors write) is skipped.
//
// The keys of FrontMatter are typed; every other key is the author's, kept in Params
// whatever its value. Keys match without regard to case (linkTitle, linktitle), as in Hugo.

// fmError is a front matter problem at a line of the file (1-based), col when known.
type fmError struct {
	line, col int
	msg       string
}

func (e *fmError) Error() string { return e.msg }

// bom is the UTF-8 encoding of U+FEFF, the byte-order mark.
var bom = []byte("\uFEFF")

// splitFrontMatter finds a front matter block at the very top of src, decodes it into fm
// and blanks its lines in place (keeping the newlines), so that line numbers of the
// markdown body stay those of the file. It returns how many bytes it blanked: a leading
// byte-order mark is blanked whether or not a block follows it.
func splitFrontMatter(src []byte, fm *FrontMatter) (int, error) {
	n, err := decodeFrontMatter(src, fm)
	if err == nil {
		blankFrontMatter(src[:n])
	}
	return n, err
}

// decodeFrontMatter is splitFrontMatter without the blanking: it returns the length of
// the block and leaves src as it was.
func decodeFrontMatter(src []byte, fm *FrontMatter) (int, error) {
	skip := 0
	if bytes.HasPrefix(src, bom) {
		skip = len(bom)
	}
	rest := src[skip:]
	var end, next int // the markdown starts at rest[next:]
	var body []byte
	var format byte
	switch {
	case opensJSON(rest):
		n, err := jsonEnd(rest)
		if err != nil {
			return 0, err
		}
		body, next, format = rest[:n], n, '{'
	default:
		fence := fenceOf(rest)
		if fence == nil {
			return skip, nil
		}
		start := bytes.IndexByte(rest, '\n') + 1
		end, next = closingFence(rest, start, fence)
		if end < 0 {
			return 0, &fmError{line: 1, col: 1, msg: fmt.Sprintf("front matter opened with %s is never closed", fence)}
		}
		body, format = rest[start:end], fence[0]
	}
	var err error
	switch format {
	case '+':
		err = decodeTOML(body, fm)
	case '-':
		err = decodeYAML(body, fm)
	default:
		err = decodeJSON(body, fm)
	}
	if err != nil {
		return 0, err
	}
	return skip + next, nil
}

// opensJSON tells whether src opens with a JSON object: a brace followed by a quoted key or
// the closing brace. A page that opens with a shortcode ({{< … >}}) does not.
func opensJSON(src []byte) bool {
	if len(src) == 0 || src[0] != '{' {
		return false
	}
	t := bytes.TrimLeft(src[1:], " \t\r\n")
	return len(t) > 0 && (t[0] == '"' || t[0] == '}')
}

// fenceOf returns the fence (--- or +++) src opens with, or nil.
func fenceOf(src []byte) []byte {
	for _, f := range [][]byte{[]byte("---"), []byte("+++")} {
		if after, ok := bytes.CutPrefix(src, f); ok {
			line, _, _ := bytes.Cut(after, []byte("\n"))
			if len(bytes.TrimRight(line, "\r \t")) == 0 {
				return f
			}
		}
	}
	return nil
}

// closingFence finds the line holding only fence at or after offset i: end is where that
// line starts and next where it ends (at its newline); end is -1 when there is none.
func closingFence(src []byte, i int, fence []byte) (end, next int) {
	for i < len(src) {
		j := bytes.IndexByte(src[i:], '\n')
		lineEnd := len(src)
		if j >= 0 {
			lineEnd = i + j
		}
		if bytes.Equal(bytes.TrimRight(src[i:lineEnd], "\r \t"), fence) {
			return i, lineEnd
		}
		if j < 0 {
			break
		}
		i = lineEnd + 1
	}
	return -1, -1
}

// jsonEnd returns the length of the JSON object src opens with.
func jsonEnd(src []byte) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		line, col := 1, 1
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col = lineCol(src, int(se.Offset))
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return 0, &fmError{line: 1, col: 1, msg: "front matter opened with { is never closed"}
		}
		return 0, &fmError{line: line, col: col, msg: "front matter: " + err.Error()}
	}
	return int(dec.InputOffset()), nil
}

// lineCol is the 1-based line and column (in bytes) of offset off in src.
func lineCol(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	line = 1 + bytes.Count(src[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(src[:off], '\n')
}

// blankFrontMatter turns every byte of b but newlines into a space.
func blankFrontMatter(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}

// entry is one top-level key of a front matter block, its value decoded, with the
// position of the key in the file.
type entry struct {
	key       string
	value     any
	line, col int
}

func decodeYAML(body []byte, fm *FrontMatter) error {
	var doc yaml.Node
	err := yaml.Unmarshal(body, &doc)
	if err != nil {
		return yamlError(err)
	}
	if len(doc.Content) == 0 {
		return nil // an empty block
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return &fmError{line: top.Line + 1, col: top.Column, msg: "front matter: want key: value pairs, got " + kindName(top)}
	}
	var entries []entry
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		var val any
		if err := v.Decode(&val); err != nil {
			return &fmError{line: v.Line + 1, col: v.Column, msg: fmt.Sprintf("front matter: %s: %v", k.Value, err)}
		}
		if v.Tag == "!!timestamp" {
			val = v.Value // dates are read by the date keys' own rules
		}
		entries = append(entries, entry{key: k.Value, value: val, line: k.Line + 1, col: k.Column})
	}
	return fm.set(entries)
}

// kindName names a YAML node's kind for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a single value"
	}
	return "something else"
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// yamlError places a YAML syntax error: yaml reports positions only inside its message
// ("yaml: line 3: …"), so the line is taken from the text.
func yamlError(err error) error {
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	return &fmError{line: line + 1, msg: "front matter: " + err.Error()}
}

func decodeTOML(body []byte, fm *FrontMatter) error {
	var m map[string]any
	if err := toml.Unmarshal(body, &m); err != nil {
		d := diag.TOML("", 2, err, "front-matter", "front-matter")[0] // the body starts after +++
		return &fmError{line: max(d.Line, 1), col: d.Col, msg: "front matter: " + d.Message}
	}
	return fm.set(entriesAt(body, m, 2, tomlKey))
}

func decodeJSON(body []byte, fm *FrontMatter) error {
	if err := jsonTwice(body); err != nil {
		return err
	}
	var top any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return &fmError{line: 1, col: 1, msg: "front matter: " + err.Error()}
	}
	m, ok := top.(map[string]any)
	if !ok {
		return &fmError{line: 1, col: 1, msg: "front matter: want a JSON object"}
	}
	for k, v := range m {
		m[k] = config.JSONNumbers(v)
	}
	return fm.set(entriesAt(body, m, 1, jsonKey))
}

// jsonTwice finds a key set twice in one object of a JSON body, at any depth, which
// encoding/json would decode keeping the last value: the error is at the second.
// (Top-level keys that differ only in case are fm.set's to report.)
func jsonTwice(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	type object struct {
		keys     map[string]int // key → its line
		wantsKey bool           // the next token is a key
	}
	var stack []*object
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or an error Decode reports
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.wantsKey {
			if k, ok := tok.(string); ok {
				start := before + len(body[before:]) - len(bytes.TrimLeft(body[before:], " \t\r\n,"))
				line, col := lineCol(body, start)
				if first, ok := top.keys[k]; ok {
					return &fmError{line: line, col: col,
						msg: fmt.Sprintf("front matter: key %q is set twice: first at line %d; keep one", k, first)}
				}
				top.keys[k] = line
				top.wantsKey = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &object{keys: map[string]int{}, wantsKey: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		case json.Delim('['):
			stack = append(stack, nil)
			continue
		}
		// A value ended: the object it belongs to, if any, wants its next key.
		if len(stack) > 0 && stack[len(stack)-1] != nil {
			stack[len(stack)-1].wantsKey = true
		}
	}
}

// entriesAt lists the keys of m, in the order they appear in body, each with its
// position: first is the file line body starts on; at finds a key's offset in body.
func entriesAt(body []byte, m map[string]any, first int, at func(body []byte, key string) int) []entry {
	out := make([]entry, 0, len(m))
	for k, v := range m {
		e := entry{key: k, value: v, line: first, col: 1}
		if off := at(body, k); off >= 0 {
			l, c := lineCol(body, off)
			e.line, e.col = first+l-1, c
		}
		out = append(out, e)
	}
	sortEntries(out)
	return out
}

// tomlKey is the offset of top-level key k in a TOML body: the first line, before any
// table header, that assigns it.
func tomlKey(body []byte, k string) int {
	off := 0
	for line := range bytes.Lines(body) {
		t := bytes.TrimLeft(line, " \t")
		if bytes.HasPrefix(t, []byte("[")) {
			return -1
		}
		name := bytes.Trim(bytes.TrimSpace(bytes.SplitN(t, []byte("="), 2)[0]), `"'`)
		if bytes.Contains(t, []byte("=")) && string(name) == k {
			return off + len(line) - len(t)
		}
		off += len(line)
	}
	return -1
}

// jsonKey is the offset of key k, quoted, in a JSON body: the first place it appears.
func jsonKey(body []byte, k string) int {
	q, _ := json.Marshal(k)
	return bytes.Index(body, q)
}

// sortEntries orders entries by position, then key.
func sortEntries(es []entry) {
	slices.SortFunc(es, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.key, b.key))
	})
}

// lower lowercases the keys of the maps in v, as Hugo does for params, so that a
// template reads .Params.somekey whatever case the author wrote it in.
func lower(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[strings.ToLower(k)] = lower(e)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[strings.ToLower(fmt.Sprint(k))] = lower(e)
		}
		return out
	case []any:
		for i, e := range v {
			v[i] = lower(e)
		}
	}
	return v
}
