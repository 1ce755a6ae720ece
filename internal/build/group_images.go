package build

import (
	"io/fs"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/markdown"
	"docsite/internal/route"
	"docsite/internal/theme"
	"docsite/internal/write"
)

// asset is a local file a page refers to, published beside the page.
type asset struct {
	file string // slash path from the site root
	rel  string // path relative to the page's URL
}

// imageLine is the line of img in doc: its alt text's, else that of the block holding it
// (an image without alt text inside emphasis has no text of its own to place it).
func imageLine(img *ast.Image, doc *markdown.Doc) int { return inlineLine(img, doc) }

// inlineLine is the line of inline node n (a link, an image): its text's, else that of
// the block holding it.
func inlineLine(n ast.Node, doc *markdown.Doc) int {
	if line := doc.NodeLine(n); line > 0 {
		return line
	}
	for n.Parent() != nil && n.Type() != ast.TypeBlock {
		n = n.Parent()
	}
	return doc.NodeLine(n)
}

// Files of the content tree. Every file under content/<lang>/ that is not a page (an
// image, a download, a diagram's source) is published at its path in that language's tree,
// as Hugo publishes a section's non-page files: content/en/docs/img/a.png at
// /en/docs/img/a.png, where a page's relative link (../img/a.png) expects it. A file of the
// default language is published in every other language that has none of its own at that
// path, as the mounts of multilingual Hugo sites do, so that translations and stand-ins
// show it at their own URLs. Files and folders named ".…" (the review's glossary and
// reviewed states) are not published, nor files named index.html, where pages and aliases
// are written.

// contentFiles maps the output path of every file of the content tree the build publishes
// to the file it publishes there (slash paths from the site root).
func contentFiles(fsys fs.FS, cfg *config.Resolved) map[string]string {
	own := map[string]map[string]string{} // by language: path in its tree → file
	for _, l := range cfg.Langs {
		root := "content/" + l.Code
		own[l.Code] = map[string]string{}
		fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil // a folder that cannot be read: the pages' loading reports it
			case strings.HasPrefix(d.Name(), ".") && name != root:
				if d.IsDir() {
					return fs.SkipDir
				}
			case d.Type().IsRegular() && !isPageFile(name) && route.Publishable(d.Name()):
				own[l.Code][strings.TrimPrefix(name, root+"/")] = name
			}
			return nil
		})
	}
	out := map[string]string{}
	def := cfg.Default().Code
	for _, l := range cfg.Langs {
		for rest, file := range own[l.Code] {
			out[route.ContentFile(l.Code, rest)] = file
		}
		if l.Code == def {
			continue
		}
		for rest, file := range own[def] {
			if _, ok := own[l.Code][rest]; !ok {
				out[route.ContentFile(l.Code, rest)] = file
			}
		}
	}
	return out
}

// writeContentFiles publishes the files of the content tree (contentFiles), each read
// once however many languages show it.
func (s *site) writeContentFiles(w *output) error {
	byFile := map[string][]string{}
	for rel, file := range s.content {
		byFile[file] = append(byFile[file], rel)
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		data, err := fs.ReadFile(s.fsys, file)
		if err != nil {
			return diag.Errorf(file, 0, 0, "unreadable", "%v", err)
		}
		sum := write.SumOf(data)
		rels := byFile[file]
		slices.Sort(rels)
		for _, rel := range rels {
			if err := w.writeSummed(rel, data, sum); err != nil {
				return err
			}
		}
	}
	return nil
}

// inOtherLanguage finds the image file of a page of language lang in the same place of
// another language's tree, the default language's first: a translated bundle usually
// shows its source's images without copying them (Hugo sites mount the default language's
// files under the others for the same reason). "" when no language has it.
func (s *site) inOtherLanguage(lang, file string) string {
	rest, ok := strings.CutPrefix(file, "content/"+lang+"/")
	if !ok {
		return ""
	}
	for _, l := range s.cfg.Langs {
		if other := "content/" + l.Code + "/" + rest; l.Code != lang && s.isFile(other) {
			return other
		}
	}
	return ""
}

// localFile resolves an image destination relative to the page's source file; it reports
// false for remote, protocol-relative, data and absolute destinations.
func localFile(pageFile, dest string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(dest, "//") || strings.HasPrefix(u.Path, "/") || u.Path == "" {
		return "", false
	}
	file := path.Join(path.Dir(pageFile), u.Path)
	if !strings.HasPrefix(file, "content/") || strings.HasPrefix(path.Clean(u.Path), "../") {
		return "", false // outside the page's folder: not a page asset the build can place
	}
	return file, true
}

// isLink reports whether name is a symbolic link in the site root (theme.IsLink).
func (s *site) isLink(name string) bool { return theme.IsLink(s.fsys, name) }

// isFile reports whether name is a regular file of the site root (not a folder).
func (s *site) isFile(name string) bool {
	st, err := fs.Stat(s.fsys, name)
	return err == nil && st.Mode().IsRegular()
}

// writeAssets publishes a page's local images at their place relative to the page URL,
// reading them through the group's files.
func (s *site) writeAssets(pageURL string, assets []asset, files *assetFiles, w *output) error {
	seen := map[string]bool{}
	for _, a := range assets {
		out := route.Beside(pageURL, a.rel)
		if seen[out] || s.content[out] != "" { // the content tree's file is published there
			continue
		}
		seen[out] = true
		f, err := files.read(s.fsys, a.file)
		if err != nil {
			return diag.Errorf(a.file, 0, 0, "unreadable", "%v", err)
		}
		if err := w.writeSummed(out, f.data, f.sum); err != nil {
			return err
		}
	}
	return nil
}

// assetFiles are the images a page group publishes, each read and summed once: a page
// shown in another language as a stand-in publishes the source's images again, beside
// that language's URL (on opentelemetry.io, hashing the copies was 3% of a build's CPU).
// It lives as long as one group's writing, so a file edited later is read again.
type assetFiles struct {
	mu    sync.Mutex
	files map[string]assetFile
}

type assetFile struct {
	data []byte
	sum  write.Sum
}

// read returns file's content and sum, reading it on first use.
func (af *assetFiles) read(fsys fs.FS, file string) (assetFile, error) {
	af.mu.Lock()
	f, ok := af.files[file]
	af.mu.Unlock()
	if ok {
		return f, nil
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return assetFile{}, err
	}
	f = assetFile{data, write.SumOf(data)}
	af.mu.Lock()
	if af.files == nil {
		af.files = map[string]assetFile{}
	}
	af.files[file] = f
	af.mu.Unlock()
	return f, nil
}
