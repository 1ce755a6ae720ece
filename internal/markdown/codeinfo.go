package markdown

import (
	"strconv"
	"strings"
)

// codeInfo is what a fenced code block's info string asks for.
//
// The language comes first; then, in any order, the options Hugo, Docusaurus and MkDocs
// users write:
//
//	```go title="main.go" {2,4-6} showLineNumbers   Docusaurus (showLineNumbers=5 starts at 5)
//	```go {linenos=true,hl_lines=[2,"4-6"],linenostart=5}   Hugo (linenos=table/inline too)
//	```go title="main.go" linenums="5" hl_lines="2 4-6"   MkDocs
//	```go linenos                                   the bare word
//
// Highlighted lines count from the block's first line, whatever number it shows.
// Anything else is ignored, as those tools ignore what they do not know.
type codeInfo struct {
	Lang      string
	Title     string
	LineNos   bool
	Start     int // number of the first line, 1 unless given
	Highlight [][2]int
}

func parseCodeInfo(s string) codeInfo {
	ci := codeInfo{Start: 1}
	s = strings.TrimSpace(s)
	if s != "" && s[0] != '{' {
		end := strings.IndexAny(s, " \t{")
		if end < 0 {
			end = len(s)
		}
		ci.Lang = s[:end]
		s = s[end:]
	}
	for _, tok := range infoTokens(s) {
		if strings.HasPrefix(tok, "{") {
			body := strings.TrimSuffix(strings.TrimPrefix(tok, "{"), "}")
			if strings.Contains(body, "=") {
				for _, kv := range splitAttrs(body) {
					ci.option(kv)
				}
			} else {
				ci.Highlight = append(ci.Highlight, lineRanges(body)...)
			}
			continue
		}
		ci.option(tok)
	}
	return ci
}

// option applies one key=value (or bare key) option.
func (ci *codeInfo) option(kv string) {
	k, v, hasValue := strings.Cut(kv, "=")
	v = unquote(strings.TrimSpace(v))
	switch strings.TrimSpace(k) {
	case "title":
		ci.Title = v
	case "linenos", "showLineNumbers", "linenums":
		ci.LineNos = !hasValue || (v != "false" && v != "")
		if n, err := strconv.Atoi(v); err == nil && k != "linenos" {
			ci.Start = n
		}
	case "linenostart":
		if n, err := strconv.Atoi(v); err == nil {
			ci.Start = n
		}
	case "hl_lines":
		v = strings.NewReplacer("[", "", "]", "", `"`, "", ",", " ").Replace(v)
		ci.Highlight = append(ci.Highlight, lineRanges(v)...)
	}
}

// infoTokens splits the options into words, keeping quoted values and {…} groups whole.
func infoTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		start, quote, depth := i, byte(0), 0
		for ; i < len(s); i++ {
			c := s[i]
			if quote != 0 {
				if c == quote {
					quote = 0
				}
				continue
			}
			if c == '"' || c == '\'' {
				quote = c
			} else if c == '{' || c == '[' {
				depth++
			} else if c == '}' || c == ']' {
				depth--
			} else if (c == ' ' || c == '\t') && depth <= 0 {
				break
			}
		}
		out = append(out, s[start:i])
	}
	return out
}

// splitAttrs splits Hugo's {a=1,b="x, y",c=[1,2]} body at top-level commas and spaces.
func splitAttrs(s string) []string {
	var out []string
	start, quote, depth := 0, byte(0), 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || quote == 0 && depth == 0 && (s[i] == ',' || s[i] == ' ') {
			if t := strings.TrimSpace(s[start:i]); t != "" {
				out = append(out, t)
			}
			start = i + 1
			continue
		}
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		}
	}
	return out
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// lineRanges reads "2,4-6" or "2 4-6"; malformed parts are skipped.
func lineRanges(s string) [][2]int {
	var out [][2]int
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		a, b, isRange := strings.Cut(part, "-")
		from, err := strconv.Atoi(a)
		if err != nil || from < 1 {
			continue
		}
		to := from
		if isRange {
			if to, err = strconv.Atoi(b); err != nil || to < from {
				continue
			}
		}
		out = append(out, [2]int{from, min(to, from+100000)})
	}
	return out
}
