// Package load owns reading a site root: language folders, markdown pages, front matter and positions.
package load

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"hash/maphash"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/route"
)

// Page is one markdown file of one language, read but not parsed.
type Page struct {
	Lang string     // language folder code
	Path string     // page path, as route.Parse reads it from File: "a/b"; an index.md or _index.md stands for its folder ("" at the top)
	Kind route.Kind // what the file is to the site: a regular page, a section's, a bundle, the home page
	// FilePath is the page path the file's name gives, before front matter's slug
	// replaces its last segment in Path: what links to the file (a/b.md) resolve by.
	FilePath string
	File     string      // slash path from the site root, used in every diagnostic: "content/en/a/b.md"
	Key      string      // translation key: front matter translationKey, else Path
	Meta     FrontMatter // decoded front matter
	// Src is the whole file with its front matter blanked to spaces, so that byte offsets
	// and line numbers in the markdown body are those of the file. Pages keeps it only
	// until the title is known: a build reads each page again when it builds it (Source),
	// so that a site of any size never holds all its markdown at once.
	Src []byte
	// Sum is the SHA-256 of the file as read, FrontSum that of its front matter block:
	// what a build's cache keys a page's output by (package build).
	Sum, FrontSum [32]byte
	title         string
	// sum is a hash of the file as read, and blank the length of its front matter block:
	// Source reads the file again and, when the bytes are the same, only blanks that many
	// instead of validating and decoding it all over again.
	sum   uint64
	blank int
	size  int // length of the file as read: Source reads it again into a buffer this big
	// bySum is set when the page was not read but taken from what an earlier build saw
	// (seen.go): Source then checks the file again by Sum, sum being unknown.
	bySum bool
	seen  *Seen // what a later build can take instead of reading the file; nil when none
	// Err is set when the page cannot be built (unreadable, invalid UTF-8, bad front
	// matter). The build decides whether that is fatal (a source page) or not (a translation).
	Err *diag.Diagnostic
}

// Title returns the page title: front matter, else the first level-one heading, else the
// last path element.
func (p *Page) Title() string {
	if p.title != "" {
		return p.title
	}
	if p.Meta.Title != "" {
		return p.Meta.Title
	}
	for line := range bytes.Lines(p.Src) {
		if t, ok := bytes.CutPrefix(line, []byte("# ")); ok {
			return strings.TrimSpace(string(t))
		}
	}
	if p.Path == "" {
		return p.Lang
	}
	return path.Base(p.Path)
}

// isIndex reports whether a file's base name is a section's own page, _index.md (or
// _index.mdx): not a partial despite its "_".
func isIndex(base string) bool { return base == "_index.md" || base == "_index.mdx" }

// Pages reads every .md and .mdx file under content/<lang>/ for each language, in a deterministic
// order: by language order, then path. Files that are not markdown are ignored; dot files
// and folders are skipped, and so are partials: names starting with "_" but _index.md. The files are read on a few goroutines per core (readers), and the pages come
// back released (Source reads each again): a site of any size is never all in memory.
//
// Where known gives what an earlier build saw of a file (seen.go), and the file's status
// says it did not change since, the page is made from that and the file is not read.
func Pages(fsys fs.FS, langs []config.Lang, known Known) ([]*Page, error) {
	start := time.Now()
	type file struct{ lang, name string }
	var files []file
	for _, l := range langs {
		root := path.Join("content", l.Code)
		err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return diag.Errorf(name, 0, 0, "unreadable", "%v", err)
			}
			// Dot files are hidden; files and folders whose name starts with "_" (but
			// _index.md) are partials, content to include rather than pages, as in
			// Docusaurus and the _includes of Hugo sites.
			if (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") && !isIndex(d.Name())) && name != root {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if _, page := route.PageFile(name); d.IsDir() || !page {
				return nil
			}
			files = append(files, file{l.Code, name})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	pages := make([]*Page, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	root, _ := fsys.(*Root)
	for range readers * runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			buf := make([]byte, 0, 16<<10) // each file is read into it, then released
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				if root != nil && known != nil {
					if s, ok := known(files[i].name); ok {
						if p := fromSeen(root, files[i].lang, files[i].name, s, start); p != nil {
							pages[i] = p
							continue
						}
					}
				}
				p := read(fsys, files[i].lang, files[i].name, buf, start)
				if cap(p.Src) > cap(buf) {
					buf = p.Src[:0]
				}
				p.Release()
				pages[i] = p
			}
		})
	}
	wg.Wait()
	return pages, nil
}

// Read reads the page at slash path name (from the site root, "content/<lang>/…md") of
// language folder lang. Problems are recorded in the page's Err.
func Read(fsys fs.FS, lang, name string) *Page {
	return read(fsys, lang, name, nil, time.Time{})
}

// read is Read; where fsys is a Root the file is read into buf, which the page then holds
// (Pages reuses it once the page is released), and what it finds is kept for a later
// build (Seen) if the file had not changed for a while at start.
func read(fsys fs.FS, lang, name string, buf []byte, start time.Time) *Page {
	p := newPage(lang, name)
	if d := p.badName(); d != nil {
		p.Err = d
		return p
	}
	var src []byte
	var err error
	var st FileStat
	stated := false
	if r, ok := fsys.(*Root); ok && buf != nil {
		src, st, stated, err = r.appendFileStat(buf, name)
	} else {
		src, err = fs.ReadFile(fsys, name)
	}
	if err != nil {
		p.Err = ptr(diag.Errorf(name, 0, 0, "unreadable", "%v", err))
		return p
	}
	p.Sum = sha256.Sum256(src)
	if line, col, ok := invalidUTF8(src); ok {
		p.Err = ptr(diag.Errorf(name, line, col, "invalid-utf8", "invalid UTF-8 byte sequence"))
		return p
	}
	p.sum, p.size = maphash.Bytes(fileSeed, src), len(src)
	blank, err := decodeFrontMatter(src, &p.Meta)
	if err != nil {
		fe := err.(*fmError)
		p.Err = ptr(diag.Errorf(name, fe.line, fe.col, "front-matter", "%s", fe.msg))
		return p
	}
	p.FrontSum = sha256.Sum256(src[:blank])
	if stated && st.Size == int64(len(src)) && stable(st, start) {
		p.seen = &Seen{Stat: st, Sum: p.Sum, FrontSum: p.FrontSum, Size: len(src), Blank: blank,
			Front: bytes.Clone(src[:blank])}
	}
	blankFrontMatter(src[:blank])
	p.Src, p.blank = src, blank
	p.settle()
	p.title = p.Title()
	if p.seen != nil {
		p.seen.Title = p.title
	}
	return p
}

// newPage is the page of file name in language folder lang, before it is read.
func newPage(lang, name string) *Page {
	at, _ := route.Parse(name) // name is content/<lang>/….md
	return &Page{Lang: lang, Path: at.Path, FilePath: at.Path, Kind: at.Kind, File: name, Key: at.Path}
}

// badName is the error for a page whose file or folder names below the language folder
// are not safe URL segments (route.Segment), or nil.
func (p *Page) badName() *diag.Diagnostic {
	if p.FilePath == "" {
		return nil
	}
	for seg := range strings.SplitSeq(p.FilePath, "/") {
		if why := route.Segment(seg); why != "" {
			return ptr(diag.Errorf(p.File, 1, 0, "bad-name",
				"the name %q %s: it would be part of the page's URL; rename the file or folder", seg, why))
		}
	}
	return nil
}

// settle sets what the front matter decides of the page's place: its translation key, and
// its path where a slug renames it.
func (p *Page) settle() {
	p.Key = cmp.Or(p.Meta.TranslationKey, p.Path)
	if p.Kind != route.Home {
		p.Path = route.WithSlug(p.Path, p.Meta.Slug)
	}
}

// fileSeed seeds the hashes that tell whether a file read again is the file loaded.
var fileSeed = maphash.MakeSeed()

// Release drops the page's source; Source reads it again.
func (p *Page) Release() { p.Src = nil }

// Source returns the page's source with its front matter blanked, reading the file again
// if it was released. A file that changed in between and no longer reads cleanly is an
// error naming the file.
func (p *Page) Source(fsys fs.FS) ([]byte, error) {
	if p.Src != nil {
		return p.Src, nil
	}
	var src []byte
	var err error
	if r, ok := fsys.(*Root); ok {
		// One byte more than the file had: the read that finds the end needs no new buffer.
		src, err = r.AppendFile(make([]byte, 0, p.size+1), p.File)
	} else {
		src, err = fs.ReadFile(fsys, p.File)
	}
	if err == nil && (!p.bySum && maphash.Bytes(fileSeed, src) == p.sum || p.bySum && sha256.Sum256(src) == p.Sum) {
		blankFrontMatter(src[:p.blank])
		return src, nil
	}
	q := Read(fsys, p.Lang, p.File)
	if q.Err != nil {
		return nil, *q.Err
	}
	return q.Src, nil
}

// invalidUTF8 returns the 1-based line and column (in bytes) of the first invalid UTF-8
// sequence in src.
func invalidUTF8(src []byte) (line, col int, found bool) {
	if utf8.Valid(src) {
		return 0, 0, false
	}
	line, lineStart := 1, 0
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return line, i - lineStart + 1, true
		}
		if r == '\n' {
			line, lineStart = line+1, i+1
		}
		i += size
	}
	return 0, 0, false
}

func ptr[T any](v T) *T { return &v }

// Group is one page in all the languages it exists in: the unit that alignment and
// rendering work on.
type Group struct {
	Key   string
	Pages []*Page // in site language order; at most one per language
}

// Orphan reports whether g has no page in the default language def: its pages are
// translations whose source is missing (renamed or removed). Such a page is published
// only in the languages that have it, as Hugo does: no language gets a stand-in of it.
func (g *Group) Orphan(def string) bool { return g.Pages[0].Lang != def }

// Page returns the group's page in language code, or nil.
func (g *Group) Page(code string) *Page {
	i := slices.IndexFunc(g.Pages, func(p *Page) bool { return p.Lang == code })
	if i < 0 {
		return nil
	}
	return g.Pages[i]
}

// GroupPages pairs pages across languages by translation key. Groups are sorted by key;
// two pages of one language with the same key are an error.
func GroupPages(pages []*Page, langs []config.Lang) ([]*Group, error) {
	order := map[string]int{}
	for i, l := range langs {
		order[l.Code] = i
	}
	byKey := map[string]*Group{}
	var groups []*Group
	for _, p := range pages {
		g := byKey[p.Key]
		if g == nil {
			g = &Group{Key: p.Key}
			byKey[p.Key] = g
			groups = append(groups, g)
		}
		if q := g.Page(p.Lang); q != nil && q.Path == p.Path && p.Meta.TranslationKey == "" && q.Meta.TranslationKey == "" {
			return nil, diag.Errorf(p.File, 1, 1, "url-conflict", "%s and %s are both the page at %s",
				q.File, p.File, route.URL(p.Lang, p.Path))
		} else if q != nil {
			return nil, diag.Errorf(p.File, max(p.Meta.KeyLine, 1), 1, "duplicate-key",
				"translation key %q is also used by %s", p.Key, q.File)
		}
		g.Pages = append(g.Pages, p)
	}
	for _, g := range groups {
		slices.SortFunc(g.Pages, func(a, b *Page) int { return cmp.Compare(order[a.Lang], order[b.Lang]) })
	}
	slices.SortFunc(groups, func(a, b *Group) int { return cmp.Compare(a.Key, b.Key) })
	if errs := checkPlaces(groups, langs); len(errs) > 0 {
		return nil, diag.ErrorList(errs)
	}
	return groups, nil
}

// readers is how many goroutines per core Pages reads files on. Where the files are not
// in the page cache (the first build after a while: the kernel drops file pages that sat
// unused), a read waits for the disk, and one reader per core leaves the core idle
// meanwhile; more readers keep it busy. Where they are cached, the extra readers cost only
// their buffers.
const readers = 4
