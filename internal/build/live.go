package build

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/review"
	"docsite/internal/write"
)

// Live keeps a built site in memory and rebuilds it after edits. When only content pages
// changed it re-renders only the page groups an edit touches and updates the rest from
// running state (the files, the review report and index, the counts and the warnings), so
// a rebuild after a one-page edit costs about that page, not the site. It is not safe for
// concurrent use; the preview server calls it from one goroutine.
type Live struct {
	opts Options
	fsys fs.FS
	root *load.Root

	// state of the last good build; s is nil before the first one, and after a rebuild
	// failed half-way (the next build is then a full one)
	s      *site
	pages  []*load.Page          // in load order
	byFile map[string]int        // index in pages by file
	groups []*load.Group         // sorted by key
	at     map[string]int        // index in groups by key
	built  map[string]*liveGroup // by translation key
	// listings are the files writeListings wrote last and what it reported.
	listings     map[string][]byte
	listingDiags diag.List
	tally        *review.Tally
	files        *write.Files
	res          *Result
	siteDiags    diag.List // the diagnostics of the site rather than of a group, sorted
	// read holds a hash of each page source an incremental build read, as it was then
	read   map[string][sha256.Size]byte
	counts pageCounts
}

// Snapshot is one complete build held in memory.
type Snapshot struct {
	Files  *write.Files // by slash path: "en/gpu-cloud/index.html"
	Result *Result
	// NewDiags are the diagnostics of Result.Diags that the previous good build did not
	// report (all of them after the first build), in the same order.
	NewDiags diag.List
	// Same is set when the changed pages were as the last build read them: Files and
	// Result are the last build's, and there is nothing to reload.
	Same bool
}

type liveGroup struct {
	out   *groupOut
	files map[string][]byte
}

// pageCounts are the pages written, by language.
type pageCounts struct {
	pages, fallbacks map[string]int
	files            int
}

func (c *pageCounts) fold(o *groupOut, sign int) {
	for _, p := range o.pages {
		c.pages[p.Lang] += sign
		if p.Fallback {
			c.fallbacks[p.Lang] += sign
		}
	}
	c.files += sign * len(o.pages)
}

// NewLive returns a live builder of the site root opts.Source. Sources are read through
// an os.Root, so symlinks out of the site root are refused.
func NewLive(opts Options) (*Live, error) {
	root, err := load.OpenRoot(opts.Source)
	if err != nil {
		return nil, err
	}
	return &Live{opts: opts, fsys: root, root: root}, nil
}

// Close releases the site root.
func (l *Live) Close() error { return l.root.Close() }

// Build builds the site. changed lists the slash paths, relative to the site root, that
// changed since the last call; nil means everything. On error the previous build stays
// the last good one.
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
	outs, files, err := l.renderGroups(ctx, s, s.groups)
	if err != nil {
		return nil, err
	}
	mem := write.NewMemory()
	listingDiags, err := s.writeListings(outs, mem)
	if err != nil {
		return nil, err
	}
	next := &Live{opts: l.opts, fsys: l.fsys, root: l.root, s: s, pages: pages, groups: s.groups,
		built: map[string]*liveGroup{}, listings: mem.Files(), listingDiags: listingDiags, read: map[string][sha256.Size]byte{},
		tally:  review.NewTally(s.review),
		counts: pageCounts{pages: map[string]int{}, fallbacks: map[string]int{}}}
	next.index()
	all := map[string][]byte{}
	var results []*review.PageResult
	var groupDiags diag.List
	for i, o := range outs {
		next.built[o.key] = &liveGroup{out: o, files: files[i]}
		maps.Copy(all, files[i])
		if o.review != nil {
			results = append(results, o.review)
		}
		next.counts.fold(o, 1)
		groupDiags = append(groupDiags, o.diags...)
	}
	groupDiags.Sort()
	maps.Copy(all, next.listings)
	next.tally.Update(nil, results)
	next.tally.SetExtra(dataFindings(s.dataDiags))
	if err := next.tally.WriteIndex(reviewURLs(outs), writeTo(all)); err != nil {
		return nil, err
	}
	next.files = write.NewFiles(all)
	var before diag.List
	if l.res != nil {
		before = l.res.Diags
	}
	next.siteDiags = next.siteDiagnostics()
	next.sum(mergeDiags(next.siteDiags, groupDiags))
	snap := &Snapshot{Files: next.files, Result: next.res, NewDiags: newDiags(next.res.Diags, before)}
	*l = *next
	return snap, nil
}

// index makes the look-up tables of pages and groups.
func (l *Live) index() {
	l.byFile = make(map[string]int, len(l.pages))
	for i, p := range l.pages {
		l.byFile[p.File] = i
	}
	l.at = make(map[string]int, len(l.groups))
	for i, g := range l.groups {
		l.at[g.Key] = i
	}
}

// renderGroups renders groups in memory; files[i] are the files of outs[i].
func (l *Live) renderGroups(ctx context.Context, s *site, groups []*load.Group) (outs []*groupOut, files []map[string][]byte, err error) {
	mems := make([]*write.Memory, len(groups))
	for i := range mems {
		mems[i] = write.NewMemory()
	}
	outs, err = s.renderGroups(ctx, groups, func(i int) Sink { return mems[i] })
	if err != nil {
		return nil, nil, err
	}
	files = make([]map[string][]byte, len(groups))
	for i, m := range mems {
		files[i] = m.Files()
	}
	return outs, files, nil
}

// reviewURLs maps the pages of outs to the site paths their review links to.
func reviewURLs(outs []*groupOut) review.PageURL {
	urls := pageURLs{}
	for _, o := range outs {
		urls.add(o)
	}
	return urls.url
}

func writeTo(m map[string][]byte) func(string, []byte) error {
	return func(rel string, data []byte) error {
		m[rel] = data
		return nil
	}
}

// incremental rebuilds after edits of content pages: it reads the changed pages again,
// renders the groups they belong to (before and after the edit), and updates the rest.
func (l *Live) incremental(ctx context.Context, changed []string) (*Snapshot, error) {
	read := map[string][sha256.Size]byte{}
	pages := slices.Clone(l.pages)
	dirty := map[string]bool{}
	regroup := false // pages were added, removed or moved to another group
	var removed []int
	for _, name := range changed {
		i, known := l.byFile[name]
		if known {
			dirty[pages[i].Key] = true
		}
		if _, err := fs.Stat(l.fsys, name); errors.Is(err, fs.ErrNotExist) {
			if known {
				removed = append(removed, i)
				regroup = true
			}
			continue
		}
		p := load.Read(l.fsys, strings.SplitN(name, "/", 3)[1], name)
		read[name] = sha256.Sum256(p.Src)
		p.Release()
		dirty[p.Key] = true
		if known {
			regroup = regroup || p.Key != pages[i].Key
			pages[i] = p
		} else {
			pages = append(pages, p)
			regroup = true
		}
	}
	for _, i := range removed {
		pages[i] = nil
	}
	if l.unchanged(changed, read) {
		res := *l.res // Build sets Elapsed; the last Result stays as it was returned
		return &Snapshot{Files: l.files, Result: &res, Same: true}, nil
	}
	pages = deleteNil(pages)
	groups, err := l.regroup(pages, dirty, regroup)
	if err != nil {
		return nil, err
	}
	var todo []*load.Group
	for _, key := range slices.Sorted(maps.Keys(dirty)) {
		if i, ok := groupIndex(groups, key); ok {
			todo = append(todo, groups[i])
		}
	}
	outs, files, err := l.renderGroups(ctx, l.s, todo)
	if err != nil {
		return nil, err
	}
	snap, err := l.update(groups, pages, dirty, regroup, outs, files)
	if err == nil {
		maps.Copy(l.read, read)
	}
	return snap, err
}

// unchanged reports whether every changed page is as the last incremental build read it:
// the events of an editor's save that straddled that build, say.
func (l *Live) unchanged(changed []string, read map[string][sha256.Size]byte) bool {
	for _, name := range changed {
		h, ok := read[name]
		if last, seen := l.read[name]; !ok || !seen || h != last {
			return false
		}
	}
	return true
}

// regroup returns the groups of pages: when no page was added, removed or given another
// key, the old groups with the dirty ones remade, else all of them remade.
func (l *Live) regroup(pages []*load.Page, dirty map[string]bool, all bool) ([]*load.Group, error) {
	if all {
		return load.GroupPages(pages, l.s.cfg.Langs)
	}
	groups := slices.Clone(l.groups)
	for key := range dirty {
		i := l.at[key]
		g := &load.Group{Key: key}
		for _, p := range groups[i].Pages {
			g.Pages = append(g.Pages, pages[l.byFile[p.File]])
		}
		groups[i] = g
	}
	return groups, nil
}

func groupIndex(groups []*load.Group, key string) (int, bool) {
	return slices.BinarySearchFunc(groups, key, func(g *load.Group, key string) int { return strings.Compare(g.Key, key) })
}

// update makes the next state from the last one and the groups just rendered (outs, with
// their files), for the dirty keys. Until it commits nothing of l changes, so a failure
// keeps the last good build.
func (l *Live) update(groups []*load.Group, pages []*load.Page, dirty map[string]bool, regroup bool, outs []*groupOut, files []map[string][]byte) (*Snapshot, error) {
	s := l.s
	// The listings (home pages, catalog, sitemap) depend on the pages' titles, URLs and
	// mentions, not their bodies: an edit that keeps those keeps the listings.
	keep := !regroup
	for _, o := range outs {
		if old := l.built[o.key]; old == nil || old.out.digest != o.digest {
			keep = false
		}
	}
	var gone []*liveGroup
	for _, key := range slices.Sorted(maps.Keys(dirty)) {
		if old := l.built[key]; old != nil {
			gone = append(gone, old)
		}
	}
	fresh := map[string]*groupOut{}
	for _, o := range outs {
		fresh[o.key] = o
	}
	listings, listingDiags := l.listings, l.listingDiags
	if !keep {
		all := make([]*groupOut, len(groups))
		for i, g := range groups {
			if all[i] = fresh[g.Key]; all[i] == nil {
				all[i] = l.built[g.Key].out
			}
		}
		mem := write.NewMemory()
		var err error
		if listingDiags, err = s.writeListings(all, mem); err != nil {
			return nil, err
		}
		listings = mem.Files()
	}

	// From here on nothing fails but writing the review index, after which the state is
	// rebuilt whole next time.
	set := map[string][]byte{}
	var del []string
	for _, g := range gone {
		del = append(del, slices.Collect(maps.Keys(g.files))...)
	}
	for name := range l.listings {
		if _, ok := listings[name]; !ok {
			del = append(del, name)
		}
	}
	for _, m := range files {
		maps.Copy(set, m)
	}
	if !keep {
		maps.Copy(set, listings)
	}

	counts := pageCounts{pages: maps.Clone(l.counts.pages), fallbacks: maps.Clone(l.counts.fallbacks), files: l.counts.files}
	var oldResults, newResults []*review.PageResult
	var oldGroup, newGroup diag.List
	for _, g := range gone {
		counts.fold(g.out, -1)
		oldGroup = append(oldGroup, g.out.diags...)
		if g.out.review != nil {
			oldResults = append(oldResults, g.out.review)
		}
	}
	for _, o := range outs {
		counts.fold(o, 1)
		newGroup = append(newGroup, o.diags...)
		if o.review != nil {
			newResults = append(newResults, o.review)
		}
	}
	oldGroup.Sort()
	newGroup.Sort()
	l.tally.Update(oldResults, newResults)
	if err := l.tally.WriteIndex(reviewURLs(outs), writeTo(set)); err != nil {
		l.s = nil
		return nil, err
	}

	for key := range dirty {
		delete(l.built, key)
	}
	for i, o := range outs {
		l.built[o.key] = &liveGroup{out: o, files: files[i]}
	}
	l.pages, l.groups = pages, groups
	if regroup {
		l.index()
	}
	l.listings, l.listingDiags = listings, listingDiags
	l.files = l.files.With(set, del)
	l.counts = counts
	// The diagnostics are those of the last build with the dirty groups' and the site's
	// own replaced; only those can be new. (A group's and the site's diagnostics name
	// different files, so merging them apart orders them as diag.List.Sort does.)
	oldSite, site := l.siteDiags, l.siteDiagnostics()
	was, now := mergeDiags(oldSite, oldGroup), mergeDiags(site, newGroup)
	l.siteDiags = site
	l.sum(replaceSorted(l.res.Diags, was, now))
	return &Snapshot{Files: l.files, Result: l.res, NewDiags: newDiags(now, was)}, nil
}

// siteDiagnostics are the diagnostics of the site rather than of a group, sorted.
func (l *Live) siteDiagnostics() diag.List {
	site := slices.Clone(l.s.diags)
	site = append(site, l.listingDiags...)
	site = append(site, l.s.absentStrings()...)
	site.Sort()
	return site
}

// sum makes the result of the current state, with all its diagnostics, sorted.
func (l *Live) sum(diags diag.List) {
	res := &Result{Langs: l.s.cfg.Langs, Pages: maps.Clone(l.counts.pages), Fallbacks: maps.Clone(l.counts.fallbacks),
		Files: l.counts.files, Diags: diags}
	for _, m := range []map[string]int{res.Pages, res.Fallbacks} {
		maps.DeleteFunc(m, func(_ string, n int) bool { return n == 0 })
	}
	l.res = res
}

// newDiags returns the diagnostics of now that before does not hold.
func newDiags(now, before diag.List) diag.List {
	seen := make(map[diag.Diagnostic]bool, len(before))
	for _, d := range before {
		seen[d] = true
	}
	var out diag.List
	for _, d := range now {
		if !seen[d] {
			out = append(out, d)
		}
	}
	return out
}

// mergeDiags merges two sorted lists as diag.List.Sort would order a, then b: on a tie a's
// comes first. a is short.
func mergeDiags(a, b diag.List) diag.List {
	if len(a)+len(b) == 0 {
		return nil
	}
	return spliceSorted(b, nil, a, func(x, y diag.Diagnostic) bool { return diag.Compare(x, y) <= 0 })
}

// replaceSorted returns sorted list with the diagnostics of old (all in it) taken out and
// those of add (sorted) merged in, in a new list.
func replaceSorted(list, old, add diag.List) diag.List {
	var drop []int // indexes in list, sorted
	for _, d := range old {
		i, _ := slices.BinarySearchFunc(list, d, diag.Compare)
		for ; i < len(list) && diag.Compare(list[i], d) == 0; i++ {
			if list[i] == d && !slices.Contains(drop, i) {
				drop = append(drop, i)
				break
			}
		}
	}
	slices.Sort(drop)
	if len(list)-len(drop)+len(add) == 0 {
		return nil // as diag.List.Sort leaves an empty list
	}
	return spliceSorted(list, drop, add, func(x, y diag.Diagnostic) bool { return diag.Compare(x, y) < 0 })
}

// spliceSorted returns list without the elements at the indexes drop (sorted) and with
// those of add merged in, in a new slice; before(x, y) reports whether x goes before y, and
// both list and add are in that order. It copies list in runs and searches the place of
// each added element, so it costs one copy of list and a few comparisons per change.
func spliceSorted[T any](list []T, drop []int, add []T, before func(x, y T) bool) []T {
	out := make([]T, 0, len(list)-len(drop)+len(add))
	start, d := 0, 0
	copyTo := func(end int) {
		for ; d < len(drop) && drop[d] < end; d++ {
			out = append(out, list[start:drop[d]]...)
			start = drop[d] + 1
		}
		out = append(out, list[start:end]...)
		start = end
	}
	for _, x := range add {
		copyTo(start + sort.Search(len(list)-start, func(i int) bool { return before(x, list[start+i]) }))
		out = append(out, x)
	}
	copyTo(len(list))
	return out
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
