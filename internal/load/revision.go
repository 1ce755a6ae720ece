package load

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Revisions reads files of the site root as they were at a commit of the git repository
// the site root is in: what a translation was made from, when its front matter records
// the source's commit. It runs the git binary (one `git cat-file --batch` process for
// every file asked for): git is what such a site is kept in, the binary reads every
// repository format git writes (packs, partial clones, worktrees), and a library
// re-implementing it would add a large dependency for one command. Safe for concurrent
// use; requests are served one at a time.
type Revisions struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	prefix string // the site root's path inside the repository, "" or ending in "/"
	dir    string // the site root
	// The renames since a commit in a folder (renamesSince), by "commit:folder".
	renameMu sync.Mutex
	renames  map[string]*renameList
}

// ErrNoRepository is returned by OpenRevisions for a site root outside any git work tree,
// or where no git binary is installed.
var ErrNoRepository = errors.New("the site root is not in a git work tree (or git is not installed)")

// OpenRevisions starts reading revisions of the repository the site root dir is in.
func OpenRevisions(dir string) (*Revisions, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	prefix, err := exec.Command("git", "-C", abs, "rev-parse", "--show-prefix").Output()
	if err != nil {
		return nil, ErrNoRepository
	}
	cmd := exec.Command("git", "-C", abs, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, ErrNoRepository
	}
	return &Revisions{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10), prefix: strings.TrimSpace(string(prefix)), dir: abs}, nil
}

// ErrUnknownRevision is returned by File when the repository has no such commit, or no
// such file in it.
var ErrUnknownRevision = errors.New("no such commit or file in the repository")

// File returns the file name (a slash path from the site root) as it was at commit.
func (r *Revisions) File(commit, name string) ([]byte, error) {
	if strings.ContainsAny(commit, " \t\n:") || commit == "" {
		return nil, ErrUnknownRevision
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := fmt.Fprintf(r.in, "%s:%s%s\n", commit, r.prefix, name); err != nil {
		return nil, err
	}
	header, err := r.out.ReadString('\n')
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(header)
	if len(fields) == 2 && fields[1] == "missing" || len(fields) == 2 && fields[1] == "ambiguous" {
		return nil, ErrUnknownRevision
	}
	if len(fields) != 3 || fields[1] != "blob" {
		return nil, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(header))
	}
	size, err := strconv.Atoi(fields[2])
	if err != nil {
		return nil, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(header))
	}
	data := make([]byte, size+1) // the content and a newline
	if _, err := io.ReadFull(r.out, data); err != nil {
		return nil, err
	}
	return data[:size], nil
}

// Former finds the name file (a slash path from the site root) had at commit when it was
// renamed or moved since: the same page at another of its paths (a.md, a/index.md,
// a/_index.md), else the name git's rename detection follows it back to through the
// renames since commit in its language folder. ok is false when neither had it at commit.
func (r *Revisions) Former(commit, name string) (former string, ok bool) {
	for _, alt := range pagePaths(name) {
		if _, err := r.File(commit, alt); err == nil {
			return alt, true
		}
	}
	renames := r.renamesSince(commit, langFolder(name))
	former = name
	for _, rn := range renames { // newest first
		if rn[1] == former {
			former = rn[0]
		}
	}
	if former == name {
		return "", false
	}
	if _, err := r.File(commit, former); err != nil {
		return "", false
	}
	return former, true
}

// renamesSince lists the renames (old and new name, from the site root) git finds in folder
// since commit, newest first; each commit and folder is asked once.
func (r *Revisions) renamesSince(commit, folder string) [][2]string {
	key := commit + ":" + folder
	r.renameMu.Lock()
	if r.renames == nil {
		r.renames = map[string]*renameList{}
	}
	l := r.renames[key]
	if l == nil {
		l = &renameList{}
		r.renames[key] = l
	}
	r.renameMu.Unlock()
	l.once.Do(func() {
		if strings.ContainsAny(commit, " \t\n:") || strings.HasPrefix(commit, "-") || commit == "" {
			return
		}
		out, err := exec.Command("git", "-C", r.dir, "log", "-M", "--diff-filter=R", "--name-status", "--format=",
			commit+"..HEAD", "--", r.prefix+folder).Output()
		if err != nil {
			return
		}
		for line := range strings.SplitSeq(string(out), "\n") {
			f := strings.Split(line, "\t")
			if len(f) != 3 || !strings.HasPrefix(f[0], "R") {
				continue
			}
			old, ok1 := strings.CutPrefix(f[1], r.prefix)
			new, ok2 := strings.CutPrefix(f[2], r.prefix)
			if ok1 && ok2 {
				l.list = append(l.list, [2]string{old, new})
			}
		}
	})
	return l.list
}

// renameList is what git listed of the renames since one commit in one folder.
type renameList struct {
	once sync.Once
	list [][2]string
}

// langFolder is the language folder a content file is in: "content/en" of
// "content/en/docs/a.md"; the file's folder for any other.
func langFolder(name string) string {
	parts := strings.SplitN(name, "/", 3)
	if len(parts) == 3 && parts[0] == "content" {
		return parts[0] + "/" + parts[1]
	}
	return path.Dir(name)
}

// pagePaths are the other paths of the page at name: a.md is also a/index.md and
// a/_index.md, and each of those the two others.
func pagePaths(name string) []string {
	dir, base := path.Split(name)
	var stem string
	switch base {
	case "index.md", "_index.md":
		stem = strings.TrimSuffix(dir, "/")
		if stem == "" {
			return nil
		}
	default:
		stem = strings.TrimSuffix(name, ".md")
	}
	var out []string
	for _, alt := range []string{stem + ".md", stem + "/index.md", stem + "/_index.md"} {
		if alt != name {
			out = append(out, alt)
		}
	}
	return out
}

// Close stops git.
func (r *Revisions) Close() error {
	r.in.Close()
	return r.cmd.Wait()
}

// Body returns a page's source with its front matter blanked, as a build reads it; the
// front matter must decode (the error says why not).
func Body(src []byte) ([]byte, error) {
	body, _, err := BodyMeta(src)
	return body, err
}

// BodyMeta is Body and the front matter it blanked.
func BodyMeta(src []byte) ([]byte, FrontMatter, error) {
	src = bytes.Clone(src)
	var fm FrontMatter
	if _, err := splitFrontMatter(src, &fm); err != nil {
		return nil, fm, err
	}
	return src, fm, nil
}
