package load

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"docsite/internal/diag"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"
)

// FrontMatter is the metadata a page may declare on top, in YAML (---) or TOML (+++).
type FrontMatter struct {
	Title          string `toml:"title" yaml:"title"`
	TranslationKey string `toml:"translationKey" yaml:"translationKey"`
	Weight         int    `toml:"weight" yaml:"weight"`
	Draft          bool   `toml:"draft" yaml:"draft"`
	// KeyLine is the line of the file that sets translationKey (0 when none does), for
	// diagnostics about the key.
	KeyLine int `toml:"-" yaml:"-"`
}

// fmError is a front matter problem at a line of the file (1-based), col when known.
type fmError struct {
	line, col int
	msg       string
}

func (e *fmError) Error() string { return e.msg }

// splitFrontMatter finds a front matter block at the very top of src, decodes it into fm
// and blanks its lines in place (keeping the newlines), so that line numbers of the
// markdown body stay those of the file. It returns how many bytes it blanked.
func splitFrontMatter(src []byte, fm *FrontMatter) (int, error) {
	var fence []byte
	switch {
	case bytes.HasPrefix(src, []byte("---\n")), bytes.HasPrefix(src, []byte("---\r\n")):
		fence = []byte("---")
	case bytes.HasPrefix(src, []byte("+++\n")), bytes.HasPrefix(src, []byte("+++\r\n")):
		fence = []byte("+++")
	default:
		return 0, nil
	}
	start := bytes.IndexByte(src, '\n') + 1
	end, next := -1, -1
	for i := start; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		lineEnd := len(src)
		if j >= 0 {
			lineEnd = i + j
		}
		if bytes.Equal(bytes.TrimRight(src[i:lineEnd], "\r \t"), fence) {
			end, next = i, lineEnd
			break
		}
		if j < 0 {
			break
		}
		i = lineEnd + 1
	}
	if end < 0 {
		return 0, &fmError{line: 1, col: 1, msg: fmt.Sprintf("front matter opened with %s is never closed", fence)}
	}
	body := src[start:end]
	var err error
	if fence[0] == '+' {
		err = decodeTOML(body, fm)
	} else {
		err = decodeYAML(body, fm)
	}
	if err != nil {
		return 0, err
	}
	if fm.TranslationKey != "" {
		fm.KeyLine = keyLine(body)
	}
	blankFrontMatter(src[:next])
	return next, nil
}

// keyLine is the line of the file (the front matter body starts on line 2) where body
// sets translationKey, or 1, the fence, when no line starts with the key's name.
func keyLine(body []byte) int {
	n := 2
	for line := range bytes.Lines(body) {
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t\"'"), []byte("translationKey")) {
			return n
		}
		n++
	}
	return 1
}

// blankFrontMatter turns every byte of b but newlines into a space.
func blankFrontMatter(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}

func decodeTOML(body []byte, fm *FrontMatter) error {
	dec := toml.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(fm); err != nil {
		d := diag.TOML("", 2, err, "front-matter", "front-matter")[0] // the body starts after +++
		return &fmError{line: max(d.Line, 1), col: d.Col, msg: "front matter: " + d.Message}
	}
	return nil
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

func decodeYAML(body []byte, fm *FrontMatter) error {
	dec := yaml.NewDecoder(bytes.NewReader(body))
	dec.KnownFields(true)
	err := dec.Decode(fm)
	if err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	// yaml reports positions only inside its message ("yaml: line 3: …"); there is no
	// structured position to read, so the line is taken from the text.
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	return &fmError{line: line + 1, msg: "front matter: " + err.Error()}
}
