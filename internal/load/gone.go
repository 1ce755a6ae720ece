package load

import (
	"bufio"
	"bytes"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"docsite/internal/route"
)

// Gone is what git remembers of the files that left a folder of the site root: for each
// file removed or renamed, the file it became ("" when it was removed). The review names
// it where a translation's source is missing (an orphan page).
type Gone map[string]string

// GoneFrom reads, with one `git log`, the files removed from or renamed out of folder (a
// slash path from the site root dir, such as content/en) in the history of the git
// repository dir is in, latest first. Outside a work tree, or without git, it is nil:
// the hint is optional.
func GoneFrom(dir, folder string) Gone {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	prefix, err := exec.Command("git", "-C", abs, "rev-parse", "--show-prefix").Output()
	if err != nil {
		return nil
	}
	pre := strings.TrimSpace(string(prefix))
	out, err := exec.Command("git", "-C", abs, "log", "-M", "--diff-filter=DR", "--name-status",
		"--format=", "--no-color", "--", folder).Output()
	if err != nil {
		return nil
	}
	gone := Gone{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 2 {
			continue
		}
		from, _ := strings.CutPrefix(f[1], pre)
		if _, seen := gone[from]; seen { // the latest change is the one that counts
			continue
		}
		switch {
		case f[0] == "D":
			gone[from] = ""
		case strings.HasPrefix(f[0], "R") && len(f) == 3:
			to, _ := strings.CutPrefix(f[2], pre)
			gone[from] = to
		}
	}
	return gone
}

// Source is the file that was most likely the source of a translation whose source file
// want (where it would be) is missing: want itself when git saw it go, else the file gone
// with the same name (a section's or bundle's index.md by its folder's name too; the first
// by path); ok is false when none is. to is what the file became ("" when removed).
func (g Gone) Source(want string) (from, to string, ok bool) {
	if to, ok := g[want]; ok {
		return want, to, true
	}
	best := ""
	for f := range g {
		if goneName(f) == goneName(want) && (best == "" || f < best) {
			best = f
		}
	}
	if best == "" {
		return "", "", false
	}
	return best, g[best], true
}

// goneName is what Source matches files by: a file's name, with its folder's for an
// index.md or _index.md (the folder names the page).
func goneName(file string) string {
	dir, base := path.Split(file)
	if stem, _ := route.PageFile(base); stem == "index" || stem == "_index" {
		return path.Base(dir) + "/" + base
	}
	return base
}
