package load

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
)

// SetKey returns src with front matter key set to value (a plain word such as a commit
// hash), changing that one line, or adding it as the block's last line when the key is
// absent, and leaving every other byte as it was. A page without front matter gets a YAML
// block. JSON front matter is not edited (an error says so).
func SetKey(src []byte, key, value string) ([]byte, error) {
	skip := 0
	if bytes.HasPrefix(src, bom) {
		skip = len(bom)
	}
	rest := src[skip:]
	if opensJSON(rest) {
		return nil, errors.New("JSON front matter is not edited; set " + key + " by hand")
	}
	fence := fenceOf(rest)
	if fence == nil {
		out := append([]byte{}, src[:skip]...)
		out = append(out, fmt.Sprintf("---\n%s: %s\n---\n", key, value)...)
		return append(out, rest...), nil
	}
	start := bytes.IndexByte(rest, '\n') + 1
	end, _ := closingFence(rest, start, fence)
	if end < 0 {
		return nil, errors.New("front matter is never closed")
	}
	line := fmt.Sprintf("%s: %s", key, value)
	pattern := `(?m)^` + regexp.QuoteMeta(key) + `[ \t]*:.*$`
	if fence[0] == '+' {
		line = fmt.Sprintf("%s = %q", key, value)
		pattern = `(?m)^` + regexp.QuoteMeta(key) + `[ \t]*=.*$`
	}
	body := rest[start:end]
	re := regexp.MustCompile(pattern)
	var newBody []byte
	if loc := re.FindIndex(body); loc != nil {
		newBody = append(append(append([]byte{}, body[:loc[0]]...), line...), body[loc[1]:]...)
	} else {
		newBody = append(append(append([]byte{}, body...), line...), '\n')
	}
	out := append([]byte{}, src[:skip+start]...)
	out = append(out, newBody...)
	return append(out, rest[end:]...), nil
}
