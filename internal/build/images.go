package build

import (
	"io/fs"
	"net/url"
	"path"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/route"
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

// checkImages finds the images of a page with a local source. One that exists is returned
// as an asset to publish beside the page; one that does not is removed from the document
// with a warning naming the file and line: a broken image helps no reader, and the author
// learns where to fix it. Remote images are kept as they are.
func (s *site) checkImages(p *load.Page, doc *markdown.Doc) (assets []asset, diags diag.List) {
	var missing []*ast.Image
	ast.Walk(doc.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		img, ok := n.(*ast.Image)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		dest := string(img.Destination)
		file, local := localFile(p.File, dest)
		if local && !s.isFile(file) {
			if other := s.inOtherLanguage(p.Lang, file); other != "" {
				file = other
			}
		}
		switch {
		case !local:
		case s.isFile(file):
			u, _ := url.Parse(dest)
			assets = append(assets, asset{file: file, rel: path.Clean(u.Path)})
		case s.isLink(file):
			missing = append(missing, img)
			diags = append(diags, diag.Warnf(p.File, imageLine(img, doc), 0, "missing-image",
				"image %q (%s) is a symbolic link leading out of the site root, or to no file; left out of the page", dest, file))
		default:
			missing = append(missing, img)
			diags = append(diags, diag.Warnf(p.File, imageLine(img, doc), 0, "missing-image",
				"image %q not found (looked for %s); left out of the page", dest, file))
		}
		return ast.WalkSkipChildren, nil
	})
	for _, img := range missing {
		parent := img.Parent()
		parent.RemoveChild(parent, img)
		if parent.Kind() == ast.KindParagraph && parent.ChildCount() == 0 {
			parent.Parent().RemoveChild(parent.Parent(), parent)
		}
	}
	return assets, diags
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

// isFile reports whether name is a regular file of the site root (not a folder).
func (s *site) isFile(name string) bool {
	st, err := fs.Stat(s.fsys, name)
	return err == nil && st.Mode().IsRegular()
}

// isLink reports whether name is a symbolic link in the site root: one isFile does not
// find leads out of the root (which the build does not follow) or to nothing.
func (s *site) isLink(name string) bool {
	entries, err := fs.ReadDir(s.fsys, path.Dir(name))
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() == path.Base(name) {
			return e.Type()&fs.ModeSymlink != 0
		}
	}
	return false
}

// writeAssets publishes a page's local images at their place relative to the page URL,
// reading them through the group's files.
func (s *site) writeAssets(pageURL string, assets []asset, files *assetFiles, sink Sink) error {
	seen := map[string]bool{}
	for _, a := range assets {
		out := route.Beside(pageURL, a.rel)
		if seen[out] {
			continue
		}
		seen[out] = true
		f, err := files.read(s.fsys, a.file)
		if err != nil {
			return diag.Errorf(a.file, 0, 0, "unreadable", "%v", err)
		}
		if err := writeSummed(sink, out, f.data, f.sum); err != nil {
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
