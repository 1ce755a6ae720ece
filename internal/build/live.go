package build

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"strings"
	"time"

	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/write"
)

// Live keeps a built site in memory and rebuilds it after edits, re-rendering only the
// page groups an edit touches when only content pages changed. It is not safe for
// concurrent use; the preview server calls it from one goroutine.
type Live struct {
	opts Options
	fsys fs.FS
	root *os.Root

	// state of the last good build; nil before the first one
	s      *site
	pages  []*load.Page
	groups map[string]*liveGroup // by translation key
	// listings are the files writeListings wrote last, what it reported, and the digest of
	// the groups' listing data they were written from.
	listings       map[string][]byte
	listingDiags   diag.List
	listingsDigest [32]byte
}

type liveGroup struct {
	out   *groupOut
	files map[string][]byte
}

// Snapshot is one complete build held in memory.
type Snapshot struct {
	Files  map[string][]byte // by slash path: "en/gpu-cloud/index.html"
	Result *Result
}

// NewLive returns a live builder of the site root opts.Source. Sources are read through
// an os.Root, so symlinks out of the site root are refused.
func NewLive(opts Options) (*Live, error) {
	root, err := os.OpenRoot(opts.Source)
	if err != nil {
		return nil, err
	}
	return &Live{opts: opts, fsys: root.FS(), root: root}, nil
}

// Close releases the site root.
func (l *Live) Close() error { return l.root.Close() }

// Build builds the site. changed lists the slash paths, relative to the site root, that
// changed since the last call; nil means everything. On error the previous state is kept.
func (l *Live) Build(ctx context.Context, changed []string) (*Snapshot, error) {
	start := time.Now()
	var snap *Snapshot
	var err error
	if l.s == nil || changed == nil || !l.contentOnly(changed) {
		snap, err = l.full(ctx)
	} else {
		snap, err = l.incremental(ctx, changed)
	}
	if err != nil {
		return nil, err
	}
	snap.Result.Elapsed = time.Since(start)
	return snap, nil
}

// contentOnly reports whether every changed path is a markdown page of a site language.
func (l *Live) contentOnly(changed []string) bool {
	for _, p := range changed {
		parts := strings.SplitN(p, "/", 3)
		if len(parts) < 3 || parts[0] != "content" || path.Ext(p) != ".md" {
			return false
		}
		if _, ok := l.s.cfg.Lang(parts[1]); !ok {
			return false
		}
	}
	return true
}

func (l *Live) full(ctx context.Context) (*Snapshot, error) {
	s, err := prepare(l.fsys, l.opts)
	if err != nil {
		return nil, err
	}
	var pages []*load.Page
	for _, g := range s.groups {
		pages = append(pages, g.Pages...)
	}
	return l.render(ctx, s, pages, s.groups, nil)
}

func (l *Live) incremental(ctx context.Context, changed []string) (*Snapshot, error) {
	byFile := map[string]int{}
	for i, p := range l.pages {
		byFile[p.File] = i
	}
	pages := append([]*load.Page(nil), l.pages...)
	dirty := map[string]bool{}
	var removed []int
	for _, name := range changed {
		i, known := byFile[name]
		if known {
			dirty[pages[i].Key] = true
		}
		if _, err := fs.Stat(l.fsys, name); errors.Is(err, fs.ErrNotExist) {
			if known {
				removed = append(removed, i)
			}
			continue
		}
		p := load.Read(l.fsys, strings.SplitN(name, "/", 3)[1], name)
		p.Release()
		dirty[p.Key] = true
		if known {
			pages[i] = p
		} else {
			byFile[name] = len(pages)
			pages = append(pages, p)
		}
	}
	for _, i := range removed {
		pages[i] = nil
	}
	pages = deleteNil(pages)
	groups, err := load.GroupPages(pages, l.s.cfg.Langs)
	if err != nil {
		return nil, err
	}
	return l.render(ctx, l.s, pages, groups, dirty)
}

// render builds the groups whose keys are dirty (all when dirty is nil), reuses the rest
// from the last build, writes the site-wide files and makes the snapshot. The live state
// changes only when all of it succeeded.
func (l *Live) render(ctx context.Context, s *site, pages []*load.Page, groups []*load.Group, dirty map[string]bool) (*Snapshot, error) {
	var todo []*load.Group
	for _, g := range groups {
		if dirty == nil || dirty[g.Key] || l.groups[g.Key] == nil {
			todo = append(todo, g)
		}
	}
	mems := make([]*write.Memory, len(todo))
	for i := range mems {
		mems[i] = write.NewMemory()
	}
	outs, err := s.renderGroups(ctx, todo, func(i int) Sink { return mems[i] })
	if err != nil {
		return nil, err
	}
	next := map[string]*liveGroup{}
	for i, g := range todo {
		next[g.Key] = &liveGroup{out: outs[i], files: mems[i].Files()}
	}
	all := make([]*groupOut, len(groups))
	files := map[string][]byte{}
	for i, g := range groups {
		lg := next[g.Key]
		if lg == nil {
			lg = l.groups[g.Key]
			next[g.Key] = lg
		}
		all[i] = lg.out
		maps.Copy(files, lg.files)
	}
	// The listings (home pages, catalog, sitemap) depend on the pages' titles, URLs and
	// mentions, not their bodies: an edit that keeps those keeps the listings.
	digest := sha256.New()
	for _, o := range all {
		digest.Write(o.digest[:])
	}
	var sum [32]byte
	digest.Sum(sum[:0])
	listings, listingDiags := l.listings, l.listingDiags
	if dirty == nil || s != l.s || sum != l.listingsDigest || listings == nil {
		mem := write.NewMemory()
		if listingDiags, err = s.writeListings(all, mem); err != nil {
			return nil, err
		}
		listings = mem.Files()
	}
	reviewFiles := write.NewMemory()
	res, err := s.summarise(all, reviewFiles, listingDiags)
	if err != nil {
		return nil, err
	}
	maps.Copy(files, listings)
	maps.Copy(files, reviewFiles.Files())
	l.s, l.pages, l.groups = s, pages, next
	l.listings, l.listingDiags, l.listingsDigest = listings, listingDiags, sum
	return &Snapshot{Files: files, Result: res}, nil
}

func deleteNil(pages []*load.Page) []*load.Page {
	out := pages[:0]
	for _, p := range pages {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}
