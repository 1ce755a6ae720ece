package serve

import (
	"errors"
	"io/fs"
	"net/url"
	"strings"
)

// errBadPath is the answer to a request path that could name something outside the site.
var errBadPath = errors.New("refused request path")

// requestName turns a request's escaped path into a name in the site's fs.FS,
// relative to base (which starts and ends with "/"). It returns ok=false when the
// path is outside base, and errBadPath when the path is one the server refuses:
// encoded dots, slashes or backslashes, NUL, backslashes, empty, "." or ".."
// segments. The name is never joined onto a disk path; fs.ValidPath is the
// last word, except that it allows ".", the root folder, which is refused too.
//
// A path ending in "/" names the folder's index.html; the base itself gives "".
func requestName(escaped, base string) (name string, ok bool, err error) {
	if !strings.HasPrefix(escaped, "/") || hasRefusedEscape(escaped) {
		return "", false, errBadPath
	}
	if escaped+"/" == base {
		escaped = base
	}
	rest, ok := strings.CutPrefix(escaped, base)
	if !ok {
		return "", false, nil
	}
	rest, err = url.PathUnescape(rest)
	if err != nil {
		return "", false, errBadPath
	}
	if rest == "" {
		return "", true, nil
	}
	if strings.HasSuffix(rest, "/") {
		rest += "index.html"
	}
	if strings.ContainsAny(rest, "\\\x00") || !fs.ValidPath(rest) || rest == "." {
		return "", false, errBadPath
	}
	return rest, true, nil
}

// hasRefusedEscape reports whether p holds a percent-encoded dot, slash,
// backslash or NUL, which would let a path change shape after decoding.
func hasRefusedEscape(p string) bool {
	lower := strings.ToLower(p)
	for _, esc := range []string{"%2e", "%2f", "%5c", "%00"} {
		if strings.Contains(lower, esc) {
			return true
		}
	}
	return false
}
