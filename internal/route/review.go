package route

import (
	"path"
	"strings"
)

// The translation review's index and style sheet, which the review package writes
// beside the site's pages.
const (
	ReviewIndex = "/" + reviewDir + "/"
	ReviewStyle = ReviewIndex + "review.css"
)

// ReviewFile is the file of the review of the page with key key: _review/<key>/index.html.
func ReviewFile(key string) string { return path.Join(reviewDir, key, IndexFile) }

// InReview reports whether output file file is one of the review's (_review/…).
func InReview(file string) bool {
	rest, ok := strings.CutPrefix(file, reviewDir)
	return ok && strings.HasPrefix(rest, "/")
}

// ReviewLink is the link from the review index to the review of the page with key key.
func ReviewLink(key string) string { return NoScheme(key + "/") }

// FromFile is the link from the output file from (a slash path from the output root) to
// site path to: one "../" per folder of from, then to without its leading slash. Review
// pages link to the site so.
func FromFile(from, to string) string {
	return NoScheme(ToRoot(from) + strings.TrimPrefix(to, "/"))
}

// ToRoot is the way from the folder of output file name back to the output root: "" for
// "index.html", "../../" for "_review/a/index.html".
func ToRoot(name string) string {
	return strings.Repeat("../", strings.Count(name, "/"))
}
