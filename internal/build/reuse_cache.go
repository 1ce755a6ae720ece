package build

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"docsite/internal/cache"
	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/write"
)

// The build cache (Options.Cache; package cache keeps the file). A page group's output
// depends on its own files and on what the whole site shares; the cache keys each group
// by both and keeps what the group left (groupOut) with the path, content sum and size
// of every file it wrote, not the bytes: a hit hands those to the output tree (keeper),
// which publishes each from the spare or the published tree, where the last builds left
// them. A group whose files are not all there is built again.
//
// What the site shares (siteKey) is everything a group's output can depend on besides
// the group's own markdown: the docsite executable, the build options, every file of
// site.toml (or a Hugo configuration), content/, templates/, static/, locales/, i18n/ and data/ other than the pages (by path,
// size, mode and modification time; folders by path), and of every page what the others see of it: path,
// kind, translation key, title and front matter (by its SHA-256). So an edit of a page's
// body rebuilds that page's group only; an edit of its front matter or title (a sidebar,
// a ref, an alias may show it), or of any other file, rebuilds every group.
//
// When every group hits, the listings and the search index (which depend on all
// groups) are kept too, with the build's result (siteEntry): a build with nothing
// changed writes nothing and renders nothing. Otherwise the listings are written again
// (the tree writes only what changed) and so is each language's search index whose
// pages changed, compressing only its files whose content changed (reuse_cache_search.go).
//
// The cache's files: pages, read by every build as it loads the pages, what the last
// build saw of each page file (load.Seen), so that a file whose status did not change is
// not read at all; site, read by every build, holds the last build's siteEntry (with
// every file it wrote); groups, read only when something changed, the groups' entries
// (reuse_cache_entry.go); search-<lang>, read only when that language's index is made again,
// its pages for the index.
//
// The cache is off for review builds (Options.Review: the review pages and index need
// each group's alignment, which the cache does not keep) and for sinks that cannot keep
// files (the preview server's memory, which has its own live rebuilds): chooseReuser.
// It is a reuser (reuse.go): start, open, wholeSite, readGroups, group, listings, writeIndex (in
// reuse_cache_search.go), absentBefore and done are what the build calls.

// keeper is a sink that can publish a file it was given before by its content sum and
// size (write.Tree).
type keeper interface {
	Sink
	WriteSummed(rel string, data []byte, sum write.Sum) error
	Has(rel string, sum write.Sum, size int64) bool
	Keep(rel string, sum write.Sum, size int64) error
	Read(rel string, sum write.Sum, size int64) ([]byte, error)
}

// The cache's files and the values they hold (besides search-<lang>, reuse_cache_search.go).
const (
	groupsFile = "groups" // cachedGroup by group key, in groupShards files (reuse_cache_groups.go)
	siteFile   = "site"   // the last build's siteEntry, at lastBuild
	pagesFile  = "pages"  // load.Seen of each page file, by seenKey (blobs)
)

// lastBuild is the key of the one entry of the site file.
var lastBuild cache.Key

// buildCache is the cache during one build.
type buildCache struct {
	dir     string
	early   *cacheStart // what start reads while the pages load
	version cache.Key
	keep    keeper
	site    cache.Key                  // siteKey
	keys    map[*load.Group]cache.Key  // each group's key
	bodies  map[*load.Group]cache.Key  // and its body key (reuse_bodies.go)
	whole   cache.Key                  // the site's entry: site key and every group's
	last    *siteEntry                 // the last build's, from the site file; nil when none
	files   map[string]cachedFile      // the last build's files, by path
	raw     map[string][32]byte        // the raw SHA-256 of this build's index files, by path
	index   map[string]cache.Key       // this build's index keys, by language code
	groups1 map[cache.Key]*cachedGroup // read from the groups files: the entries this build can use
	byBody  map[cache.Key]*cachedGroup // and the entries whose bodies it can use, by body key
	shards  [groupShards][]cache.Key   // the keys each groups file held, sorted; nil where unread
	mu      sync.Mutex
	next    map[cache.Key]*cachedGroup        // what the next build can use: the groups taken from the cache
	made    map[cache.Key]madeGroup           // and those built, made entries when saved
	byKey   map[string]*load.Group            // the groups, by translation key
	again   map[string]func() *groupOut       // groups built again for their search pages (rebuilt)
	sums    map[*groupOut]map[string][32]byte // the Sums of the search pages of groups built, by language
	hits    int                               // groups taken from the cache
	bodied  int                               // pages written again around the last build's bodies
	reused  int                               // pages of the groups taken from the cache
	warns   diag.List
}

// cacheStart is what opening the cache reads that does not depend on the pages: the
// docsite version, what the last builds saw of each page file (for load.Pages, which
// waits for it), the last build's site entry, and the site's files. A build starts
// reading it before the pages (start), and open waits for it.
type cacheStart struct {
	seenReady  chan struct{}
	done       chan struct{}
	version    cache.Key
	versionErr error
	seen       cache.Blobs // load.Seen by seenKey
	seenErr    error
	last       *siteEntry
	readErr    error
	files      []siteFileInfo // every file of the folders siteKey covers, pages too
}

// seenKey is the key of page file name's load.Seen in the pages file.
func seenKey(name string) cache.Key { return sha256.Sum256([]byte(name)) }

// known gives load.Pages what the last builds saw of each page file.
func (e *cacheStart) known() load.Known {
	return func(name string) (load.Seen, bool) {
		<-e.seenReady
		b, ok := e.seen[seenKey(name)]
		if !ok {
			return load.Seen{}, false
		}
		s, err := load.ParseSeen(b)
		return s, err == nil
	}
}

// siteFileInfo is a file as siteKey sees it.
type siteFileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime int64
	err   error // why it could not be read; the rest is then zero
	// page is set for a markdown file, not stated: siteKey states those that are not
	// pages (a partial, an unpublished draft is a page too).
	page bool
}

// startCache starts reading the cache folder dir and listing the site's files.
func startCache(fsys fs.FS, dir string) *cacheStart {
	e := &cacheStart{seenReady: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(e.done)
		e.version, e.versionErr = cache.Version()
		if e.versionErr == nil {
			e.seen, e.seenErr = cache.ReadBlobs(dir, pagesFile, e.version)
		}
		close(e.seenReady)
		e.files = siteFiles(fsys)
		if e.versionErr != nil {
			return
		}
		var last map[cache.Key]*siteEntry
		last, e.readErr = cache.Read[*siteEntry](dir, siteFile, e.version, func(k cache.Key) bool { return k == lastBuild })
		e.last = last[lastBuild]
	}()
	return e
}

// newBuildCache is the cache in folder dir, for a build into keep.
func newBuildCache(dir string, keep keeper) *buildCache {
	return &buildCache{dir: dir, keep: keep, keys: map[*load.Group]cache.Key{}, bodies: map[*load.Group]cache.Key{},
		next: map[cache.Key]*cachedGroup{}, made: map[cache.Key]madeGroup{}, byKey: map[string]*load.Group{},
		sums: map[*groupOut]map[string][32]byte{}}
}

// start starts reading the cache while the pages load (startCache).
func (c *buildCache) start(fsys fs.FS) load.Known {
	c.early = startCache(fsys, c.dir)
	return c.early.known()
}

// open reads the cache for the build of s. Why a cache that exists cannot be used is a
// warning, once; a cache whose version cannot be had is not used at all (noReuse).
func (c *buildCache) open(s *site) reuser {
	<-c.early.done
	if err := c.early.versionErr; err != nil {
		s.diags = append(s.diags, diag.Warnf(c.dir, 0, 0, "cache", "building without the cache: %v", err))
		return noReuse{}
	}
	c.version = c.early.version
	var structure cache.Key
	c.site, structure = s.siteKey(c.early.files)
	whole := sha256.New()
	whole.Write(c.site[:])
	for _, g := range s.groups {
		k := groupKey(c.site, g)
		c.keys[g], c.byKey[g.Key] = k, g
		c.bodies[g] = groupKey(structure, g)
		whole.Write(k[:])
	}
	whole.Sum(c.whole[:0])
	c.warn(c.early.seenErr)
	c.warn(c.early.readErr)
	if c.last = c.early.last; c.last != nil {
		c.files = make(map[string]cachedFile, len(c.last.Files))
		for _, f := range c.last.Files {
			c.files[f.Rel] = f
		}
	}
	return c
}

// warn notes why the cache could not be read; unsaved why it could not be saved. A build
// warns once: the first problem says what is wrong with the folder.
func (c *buildCache) warn(err error) {
	c.warnOnce(err, "cache ignored, the build starts it afresh: %v")
}

func (c *buildCache) unsaved(err error) {
	c.warnOnce(err, "the cache could not be saved; the next build starts afresh: %v")
}

func (c *buildCache) warnOnce(err error, format string) {
	if err == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.warns) == 0 {
		c.warns = append(c.warns, diag.Warnf(c.dir, 0, 0, "cache", format, err))
	}
}

// siteFiles lists every file of the folders siteKey covers, in lexical order.
func siteFiles(fsys fs.FS) []siteFileInfo {
	var files []siteFileInfo
	for _, dir := range append(config.Files(), "content", "templates", "static", "locales", "i18n", DataDir) {
		fs.WalkDir(fsys, dir, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				files = append(files, siteFileInfo{name: name, err: err})
				return nil
			}
			if d.IsDir() {
				files = append(files, siteFileInfo{name: name, mode: fs.ModeDir})
				return nil
			}
			if isPageFile(name) {
				files = append(files, siteFileInfo{name: name, page: true})
				return nil
			}
			info, err := d.Info()
			if err != nil {
				files = append(files, siteFileInfo{name: name, err: err})
				return nil
			}
			files = append(files, siteFileInfo{name: name, size: info.Size(), mode: info.Mode(), mtime: info.ModTime().UnixNano()})
			return nil
		})
	}
	return files
}

// siteKey digests what every page group's output depends on besides its own pages, with
// files the site's files (siteFiles). structure digests the same but what the pages show
// of themselves to others (title and front matter; a sidebar shows them): what a group's
// bodies depend on besides its own pages (reuse_bodies.go). Its pages' places are in it
// (where links and refs lead, the drafts left out, the aliases published), and so is
// every other file.
func (s *site) siteKey(files []siteFileInfo) (site, structure cache.Key) {
	var k, st keyWriter
	o := s.opts
	k.str("docsite-site-key 2").str(o.BaseURL).flags(o.Strict, o.Drafts, o.NoSearch, o.Verbose)
	st.str("docsite-structure-key 1").str(o.BaseURL).flags(o.Strict, o.Drafts, o.NoSearch, o.Verbose)
	pages := make(map[string]bool, len(s.loaded))
	for _, p := range s.loaded {
		pages[p.File] = true
		k.str("page").str(p.File).str(p.Lang).str(p.Path).str(p.FilePath).int(int64(p.Kind)).str(p.Key).str(p.Title()).bytes(p.FrontSum[:]).flags(s.published(p))
		st.str("page").str(p.File).str(p.Lang).str(p.Path).str(p.FilePath).int(int64(p.Kind)).str(p.Key).flags(p.Meta.Draft, s.published(p))
		if p.Err != nil {
			k.str("error").str(p.Err.Error())
			st.str("error").str(p.Err.Error())
		}
	}
	for _, url := range slices.Sorted(maps.Keys(s.aliases)) {
		st.str("alias").str(url).str(s.aliases[url].To)
	}
	// The rest is in both.
	var t keyWriter
	for _, f := range files {
		switch {
		case f.err != nil:
			t.str("unreadable").str(f.name).str(f.err.Error())
		case pages[f.name]:
		case f.mode.IsDir():
			// Its name only: its time changes with every file made in it (an editor's
			// swap file too), and the files it holds are keyed each.
			t.str("dir").str(f.name)
		case f.page:
			// markdown that is not a page (a partial, another language's folder)
			info, err := fs.Stat(s.fsys, f.name)
			if err != nil {
				t.str("unreadable").str(f.name).str(err.Error())
				continue
			}
			t.str("file").str(f.name).int(info.Size()).int(int64(info.Mode())).int(info.ModTime().UnixNano())
		default:
			t.str("file").str(f.name).int(f.size).int(int64(f.mode)).int(f.mtime)
		}
	}
	// What the build read from elsewhere: the source revisions translations record (a
	// Git repository), and what reading the data and the settings reported.
	t.str(fmt.Sprintf("%#v\n%#v\n%#v\n%#v", s.review.States, s.review.Glossary, s.dataDiags, s.diags))
	k.buf = append(k.buf, t.buf...)
	st.buf = append(st.buf, t.buf...)
	return k.sum(), st.sum()
}

// groupKey digests what group g's output depends on: the site's key and its files.
func groupKey(site cache.Key, g *load.Group) cache.Key {
	var k keyWriter
	k.bytes(site[:]).str("group").str(g.Key)
	for _, p := range g.Pages {
		k.str(p.File).bytes(p.Sum[:])
	}
	return k.sum()
}

// keyWriter digests a sequence of values, each preceded by its length, so that no two
// sequences digest alike.
type keyWriter struct{ buf []byte }

func (k *keyWriter) str(s string) *keyWriter {
	k.buf = binary.AppendUvarint(k.buf, uint64(len(s)))
	k.buf = append(k.buf, s...)
	return k
}

func (k *keyWriter) bytes(b []byte) *keyWriter { return k.str(string(b)) }

func (k *keyWriter) int(n int64) *keyWriter {
	k.buf = binary.AppendVarint(k.buf, n)
	return k
}

func (k *keyWriter) flags(fs ...bool) *keyWriter {
	for _, f := range fs {
		b := byte(0)
		if f {
			b = 1
		}
		k.buf = append(k.buf, b)
	}
	return k
}

func (k *keyWriter) sum() cache.Key { return sha256.Sum256(k.buf) }

// saveSeen writes the pages file: what the build saw of each page file that a later build
// can take instead of reading it (load.Seen).
func saveSeen(dir string, version cache.Key, loaded []*load.Page) error {
	var seen []*load.Page
	for _, p := range loaded {
		if _, ok := p.Seen(); ok {
			seen = append(seen, p)
		}
	}
	return cache.WriteBlobs(dir, pagesFile, version, len(seen), func(i int, buf []byte) (cache.Key, []byte, error) {
		s, _ := seen[i].Seen()
		b, err := s.AppendBinary(buf)
		return seenKey(seen[i].File), b, err
	})
}

// absentBefore returns the strings absent from the locales that the build that made
// the cache asked for, by language code, when it had this build's site key: a group
// taken from the cache renders nothing and so asks for none.
func (c *buildCache) absentBefore() map[string][]string {
	if c.hits == 0 || c.last == nil || c.last.Site != c.site {
		return nil
	}
	return c.last.Absent
}

// available reports whether the output tree can publish every file of files unwritten.
func (c *buildCache) available(files []cachedFile) bool {
	for _, f := range files {
		if !c.keep.Has(f.Rel, f.Sum, f.Size) {
			return false
		}
	}
	return true
}

// keepFiles publishes files unwritten through out, which records them for the link check.
func keepFiles(out *output, files []cachedFile) error {
	for _, f := range files {
		if err := out.keepFile(f); err != nil {
			return err
		}
	}
	return nil
}

// madeGroup is a group the build made, the files it wrote and its body key.
type madeGroup struct {
	out     *groupOut
	files   []cachedFile
	bodyKey cache.Key
}

// group builds page group g into out, or takes it from the cache: whole, or its bodies
// (fromBodies).
func (c *buildCache) group(s *site, g *load.Group, out *output, spare bool) (*groupOut, error) {
	key := c.keys[g]
	if e := c.groups1[key]; e != nil && c.available(e.Files) {
		if err := keepFiles(out, e.Files); err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.next[key] = e
		c.hits++
		c.reused += len(e.Pages)
		c.mu.Unlock()
		return e.out(), nil
	}
	noted := out.noting()
	o, err := c.fromBodies(s, g, noted, spare)
	if o == nil && err == nil {
		o, err = s.buildGroup(g, noted, spare)
	}
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.made[key] = madeGroup{o, noted.files(), c.bodies[g]}
	c.mu.Unlock()
	return o, nil
}

// listings notes the files of the listings and the search index, for the site's entry.
func (c *buildCache) listings(out *output) *output { return out.noting() }

// done counts the pages taken from the cache and saves it for the next build.
func (c *buildCache) done(s *site, res *Result, listings *output) {
	res.Reused, res.Rewritten = c.reused, c.bodied
	c.save(s, res, listings.files())
	if len(c.warns) > 0 {
		res.Diags = append(res.Diags, c.warns...)
		res.Diags.Sort()
	}
}

// wholeSite returns the result of the last build when nothing changed since and every
// file it wrote can be kept; it has then published them. Otherwise the build reads the
// groups' entries (readGroups).
func (c *buildCache) wholeSite(s *site, out *output) (*Result, error) {
	e := c.last
	if e == nil || e.Whole != c.whole || !c.available(e.Files) {
		return nil, nil
	}
	if err := keepFiles(out, e.Files); err != nil {
		return nil, err
	}
	c.hits = len(s.groups)
	now := time.Now()
	os.Chtimes(c.dir, now, now) // used: Prune keeps it
	res := &Result{Langs: s.cfg.Langs, Pages: e.Pages, StandIns: e.StandIns, Links: e.Links,
		DeadLinks: e.DeadLinks, Diags: slices.Clone(e.Diags)}
	res.MissingImages = countCode(res.Diags, "missing-image")
	for _, n := range res.Pages {
		res.Files += n
	}
	res.Reused = res.Files
	return res, nil
}

// save writes the cache for the next build: every group's entry, and the site's, made of
// res and the files the listings wrote. What fails is a warning in res.
func (c *buildCache) save(s *site, res *Result, listings []cachedFile) {
	// The groups built become entries only now: their output stays as it is until the
	// end of the build, and entries made as each was built would have doubled it. Every
	// search page of theirs needs its Sum in the entry (the index noted most), or a later
	// build taking the group from the cache would leave the page out of the index.
	for k, m := range c.made {
		g := cacheGroup(m.out, m.files)
		g.BodyKey = m.bodyKey
		if m.out.searchSums == nil { // built; one written from bodies has its entry's (reuse_bodies.go)
			g.SearchSums = c.sums[m.out]
		}
		for code, e := range m.out.search {
			if _, ok := g.SearchSums[code]; !ok {
				sum, err := s.spill.Sum(code, e)
				if err != nil {
					c.unsaved(err)
					return
				}
				if g.SearchSums == nil {
					g.SearchSums = map[string][32]byte{}
				}
				g.SearchSums[code] = sum
			}
		}
		c.next[k] = g
	}
	all := listings
	for _, g := range s.groups {
		all = append(all, c.next[c.keys[g]].Files...)
	}
	sortFiles(all)
	site := map[cache.Key]*siteEntry{lastBuild: {Site: c.site, Whole: c.whole, Files: all, Raw: c.raw, Index: c.index,
		Pages: res.Pages, StandIns: res.StandIns, Links: res.Links, DeadLinks: res.DeadLinks,
		Diags: res.Diags, Absent: s.absent()}}
	err := c.saveGroups(s)
	if err == nil {
		err = saveSeen(c.dir, c.version, s.loaded)
	}
	if err == nil {
		err = cache.Write(c.dir, siteFile, c.version, []cache.Key{lastBuild}, site)
	}
	c.unsaved(err)
	cache.Prune(filepath.Dir(c.dir), c.dir, time.Now())
}
