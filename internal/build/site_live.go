package build

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"docsite/internal/cache"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/review"
	"docsite/internal/route"
	"docsite/internal/search"
	"docsite/internal/write"
)

// Live keeps a built site in memory and rebuilds it after edits. When only content pages
// changed it re-renders only the page groups an edit touches and updates the rest from the
// last build's state (the files, the review report and index, the counts and the
// warnings), so a rebuild after a one-page edit costs about that page, not the site. It is
// not safe for concurrent use; the preview server calls it from one goroutine.
type Live struct {
	opts Options
	fsys fs.FS
	root *load.Root
	// last is the state of the last good build, replaced whole when a build commits; nil
	// before the first.
	last *liveState
}

// liveState is one good build as the next rebuild starts from it. A rebuild makes the next
// state beside it and commits by putting that in Live.last; a rebuild that fails leaves
// the last state as it was. The one exception is the review tally, which the next state
// shares and changes in place as a rebuild's last step that can fail (writing the review
// index): after such a failure the state is replaced by one that keeps only its result
// (spent), and the next build is a full one.
type liveState struct {
	s      *site                 // nil in a spent state
	pages  []*load.Page          // in load order
	byFile map[string]int        // index in pages by file
	groups []*load.Group         // sorted by key
	at     map[string]int        // index in groups by key
	built  map[string]*liveGroup // by translation key
	// listings are the files writeListings wrote last and what it reported.
	listings     map[string][]byte
	listingDiags diag.List
	// catalog is the catalog pages' text the listings gave the search index; search the
	// index's files, written again after every edit.
	catalog   map[string][]search.Prepared
	search    map[string][]byte
	tally     *review.Tally
	files     *write.Files
	res       *Result
	siteDiags diag.List // the diagnostics of the site rather than of a group, sorted
	// read holds a hash of each page source an incremental build read, as it was then
	read   map[string][sha256.Size]byte
	counts pageCounts
	// links and dead count the internal links checked and those broken (deadLinks).
	links, dead int
	// structure is the site's structure key (siteKey), which the groups' body keys hold.
	structure cache.Key
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
	out     *groupOut
	files   map[string][]byte
	bodyKey cache.Key // what its bodies depend on (reuse_bodies.go)
}

// pageCounts are the pages written, by language.
type pageCounts struct {
	pages, standIns map[string]int
	files           int
}

func (c *pageCounts) fold(o *groupOut, sign int) {
	for _, p := range o.pages {
		c.pages[p.Lang] += sign
		if p.StandIn {
			c.standIns[p.Lang] += sign
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
	if l.last == nil || l.last.s == nil || changed == nil || !l.last.contentOnly(changed) {
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
func (st *liveState) contentOnly(changed []string) bool {
	for _, p := range changed {
		src, ok := route.Parse(p)
		if !ok {
			return false
		}
		if _, ok := st.s.cfg.Lang(src.Lang); !ok {
			return false
		}
	}
	return true
}

// full builds the whole site into a new state.
func (l *Live) full(ctx context.Context) (*Snapshot, error) {
	s, err := prepare(l.fsys, l.opts, l.reuser())
	if err != nil {
		return nil, err
	}
	s.makeTrees()
	var pages []*load.Page
	for _, g := range s.groups {
		pages = append(pages, g.Pages...)
	}
	structure := s.structureKey()
	bodyKeys := map[string]cache.Key{}
	for _, g := range s.groups {
		bodyKeys[g.Key] = groupKey(structure, g)
	}
	outs, files, err := renderInMemory(ctx, s, s.groups)
	if err != nil {
		return nil, err
	}
	mem := write.NewMemory()
	listingDiags, catalog, err := s.writeListings(outs, s.reuse.listings(newOutput(mem, nil)))
	if err != nil {
		return nil, err
	}
	found := write.NewMemory()
	if err := s.writeSearch(outs, catalog, newOutput(found, nil)); err != nil {
		return nil, err
	}
	next := &liveState{s: s, pages: pages, groups: s.groups, built: map[string]*liveGroup{}, structure: structure,
		listings: mem.Files(), listingDiags: listingDiags, read: map[string][sha256.Size]byte{},
		catalog: catalog, search: found.Files(),
		tally:  review.NewTally(s.review),
		counts: pageCounts{pages: map[string]int{}, standIns: map[string]int{}}}
	next.byFile, next.at = index(pages, s.groups)
	all := map[string][]byte{}
	var results []*review.PageResult
	var groupDiags diag.List
	for i, o := range outs {
		next.built[o.key] = &liveGroup{out: o, files: files[i], bodyKey: bodyKeys[o.key]}
		maps.Copy(all, files[i])
		if o.review != nil {
			results = append(results, o.review)
		}
		next.counts.fold(o, 1)
		groupDiags = append(groupDiags, o.diags...)
	}
	groupDiags.Sort()
	maps.Copy(all, next.listings)
	maps.Copy(all, next.search)
	next.tally.Update(nil, results)
	next.tally.SetExtra(dataFindings(s.dataDiags))
	if s.opts.Review {
		if err := next.tally.WriteIndex(reviewURLs(outs), writeTo(all)); err != nil {
			return nil, err
		}
	}
	next.files = write.NewFiles(all)
	var before diag.List
	if l.last != nil {
		before = l.last.res.Diags
	}
	next.siteDiags = next.siteDiagnostics()
	next.res = next.result(mergeDiags(next.siteDiags, groupDiags))
	s.reuse.done(s, next.res, nil)
	l.last = next
	return &Snapshot{Files: next.files, Result: next.res, NewDiags: newDiags(next.res.Diags, before)}, nil
}

// reuser is what a full build takes from the last one: a title or weight edit rebuilds
// the site for its sidebars, but the other pages' bodies are the last build's (unless it
// met strings no locale has, which a body not rendered again would not ask for:
// bodiesUsable).
func (l *Live) reuser() reuser {
	if l.last != nil && l.last.s != nil && !anyAbsent(l.last.s.absent()) {
		return &livePrior{groups: l.last.built}
	}
	return noReuse{}
}

// index makes the look-up tables of pages, by file, and groups, by key.
func index(pages []*load.Page, groups []*load.Group) (byFile, at map[string]int) {
	byFile = make(map[string]int, len(pages))
	for i, p := range pages {
		byFile[p.File] = i
	}
	at = make(map[string]int, len(groups))
	for i, g := range groups {
		at[g.Key] = i
	}
	return byFile, at
}

// renderInMemory renders groups in memory; files[i] are the files of outs[i].
func renderInMemory(ctx context.Context, s *site, groups []*load.Group) (outs []*groupOut, files []map[string][]byte, err error) {
	mems := make([]*write.Memory, len(groups))
	ws := make([]*output, len(groups))
	for i := range mems {
		mems[i] = write.NewMemory()
		ws[i] = newOutput(mems[i], nil)
	}
	outs, err = s.renderGroups(ctx, groups, func(i int) *output { return ws[i] })
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
// renders the groups they belong to (before and after the edit), and makes the next state
// from the last one.
func (l *Live) incremental(ctx context.Context, changed []string) (*Snapshot, error) {
	last := l.last
	e := last.readEdit(l.fsys, changed)
	if last.unchanged(changed, e.read) {
		res := *last.res // Build sets Elapsed; the last Result stays as it was returned
		return &Snapshot{Files: last.files, Result: &res, Same: true}, nil
	}
	if e.regroup || e.navChanged {
		// Every page shows the section tree: a page added, removed, moved or retitled
		// changes the navigation of others, so the whole site is built again.
		return l.full(ctx)
	}
	if err := last.regroup(e); err != nil {
		return nil, err
	}
	outs, files, err := renderInMemory(ctx, last.s, e.todo())
	if err != nil {
		return nil, err
	}
	u, err := last.update(e, outs, files)
	if err != nil {
		return nil, err
	}
	// The last step that can fail changes the review tally the states share.
	if err := u.writeReviewIndex(); err != nil {
		l.last = last.spent()
		return nil, err
	}
	next, snap := u.commit()
	l.last = next
	return snap, nil
}

// edit is what the changed pages are now.
type edit struct {
	pages   []*load.Page    // every page, in load order, nil where one was removed
	groups  []*load.Group   // every group, sorted by key; set by regroup
	dirty   map[string]bool // keys of the groups the edit touches, before and after it
	regroup bool            // pages were added, removed or moved to another group
	// navChanged is set when a page changed what the section trees show of it (title,
	// link title, weight, description, draft) or its aliases.
	navChanged bool
	read       map[string][sha256.Size]byte
}

// readEdit reads the changed pages again.
func (st *liveState) readEdit(fsys fs.FS, changed []string) *edit {
	e := &edit{pages: slices.Clone(st.pages), dirty: map[string]bool{}, read: map[string][sha256.Size]byte{}}
	var removed []int
	for _, name := range changed {
		i, known := st.byFile[name]
		if known {
			e.dirty[e.pages[i].Key] = true
		}
		if _, err := fs.Stat(fsys, name); errors.Is(err, fs.ErrNotExist) {
			if known {
				removed = append(removed, i)
				e.regroup = true
			}
			continue
		}
		src, _ := route.Parse(name) // contentOnly checked it
		p := load.Read(fsys, src.Lang, name)
		st.s.permalink(p)
		e.read[name] = sha256.Sum256(p.Src)
		p.Release()
		e.dirty[p.Key] = true
		if known {
			e.regroup = e.regroup || p.Key != e.pages[i].Key
			e.navChanged = e.navChanged || navEntry(p) != navEntry(e.pages[i]) ||
				!slices.Equal(p.Meta.Aliases, e.pages[i].Meta.Aliases)
			e.pages[i] = p
		} else {
			e.pages = append(e.pages, p)
			e.regroup = true
		}
	}
	for _, i := range removed {
		e.pages[i] = nil
	}
	var fresh []*load.Page
	for _, name := range changed {
		if i, ok := st.byFile[name]; ok && e.pages[i] != nil && e.pages[i] != st.pages[i] {
			fresh = append(fresh, e.pages[i])
		}
	}
	for _, p := range e.pages[len(st.pages):] {
		fresh = append(fresh, p)
	}
	cascadeTo(e.pages, fresh, st.s.cfg.Default().Code)
	return e
}

// unchanged reports whether every changed page is as the last incremental build read it:
// the events of an editor's save that straddled that build, say.
func (st *liveState) unchanged(changed []string, read map[string][sha256.Size]byte) bool {
	for _, name := range changed {
		h, ok := read[name]
		if last, seen := st.read[name]; !ok || !seen || h != last {
			return false
		}
	}
	return true
}

// regroup sets the edit's groups: when no page was added, removed or given another key,
// the last ones with the dirty ones remade, else all of them remade.
func (st *liveState) regroup(e *edit) error {
	e.pages = deleteNil(e.pages)
	if e.regroup {
		var err error
		if e.groups, err = load.GroupPages(st.s.publishable(e.pages), st.s.cfg.Langs); err == nil {
			st.s.pages.set(e.groups, st.s.cfg.Langs) // ref targets come and go with pages
		}
		return err
	}
	e.groups = slices.Clone(st.groups)
	for key := range e.dirty {
		i := st.at[key]
		g := &load.Group{Key: key}
		for _, p := range e.groups[i].Pages {
			g.Pages = append(g.Pages, e.pages[st.byFile[p.File]])
		}
		e.groups[i] = g
	}
	return nil
}

// todo lists the groups to render: the dirty keys that still have a group, by key.
func (e *edit) todo() []*load.Group {
	var todo []*load.Group
	for _, key := range slices.Sorted(maps.Keys(e.dirty)) {
		if i, ok := groupIndex(e.groups, key); ok {
			todo = append(todo, e.groups[i])
		}
	}
	return todo
}

func groupIndex(groups []*load.Group, key string) (int, bool) {
	return slices.BinarySearchFunc(groups, key, func(g *load.Group, key string) int { return strings.Compare(g.Key, key) })
}

// liveUpdate is a rebuild on its way from the last state to the next: the groups just
// rendered, what they replace, and the files and figures that change.
type liveUpdate struct {
	last  *liveState
	e     *edit
	outs  []*groupOut         // the groups rendered, with their files
	files []map[string][]byte // files[i] are outs[i]'s
	gone  []*liveGroup        // the last build's groups of the dirty keys
	// listings, and what writing them reported: the last ones when kept
	listings     map[string][]byte
	listingDiags diag.List
	keepListings bool
	catalog      map[string][]search.Prepared // the catalog pages' text for the index
	search       map[string][]byte            // the index, always written again
	set          map[string][]byte            // files added or replaced
	del          []string                     // files removed
	counts       pageCounts
	// the diagnostics and review results of the groups taken out and put in
	oldGroup, newGroup     diag.List
	oldResults, newResults []*review.PageResult
}

// update works out the next state, short of the review index, from the last one and the
// groups just rendered (outs, with their files) for the edit's dirty keys. It changes
// nothing of st.
func (st *liveState) update(e *edit, outs []*groupOut, files []map[string][]byte) (*liveUpdate, error) {
	u := &liveUpdate{last: st, e: e, outs: outs, files: files}
	u.gone = st.goneGroups(e.dirty)
	if err := u.relist(); err != nil {
		return nil, err
	}
	u.changeFiles()
	u.recount()
	return u, nil
}

// goneGroups are the groups of the last build with the keys dirty, by key.
func (st *liveState) goneGroups(dirty map[string]bool) []*liveGroup {
	var gone []*liveGroup
	for _, key := range slices.Sorted(maps.Keys(dirty)) {
		if old := st.built[key]; old != nil {
			gone = append(gone, old)
		}
	}
	return gone
}

// relist writes the listings again, unless they stay as they were. The listings (home
// pages, catalog, sitemap) depend on the pages' titles, URLs and mentions, not their
// bodies: an edit that keeps those, and the groups, keeps the listings.
func (u *liveUpdate) relist() error {
	st := u.last
	fresh := map[string]*groupOut{}
	for _, o := range u.outs {
		fresh[o.key] = o
	}
	all := make([]*groupOut, len(u.e.groups))
	for i, g := range u.e.groups {
		if all[i] = fresh[g.Key]; all[i] == nil {
			all[i] = st.built[g.Key].out
		}
	}
	u.keepListings = !u.e.regroup
	for _, o := range u.outs {
		if old := st.built[o.key]; old == nil || old.out.digest != o.digest {
			u.keepListings = false
		}
	}
	if u.keepListings {
		u.listings, u.listingDiags, u.catalog = st.listings, st.listingDiags, st.catalog
	} else {
		mem := write.NewMemory()
		diags, catalog, err := st.s.writeListings(all, newOutput(mem, nil))
		if err != nil {
			return err
		}
		u.listings, u.listingDiags, u.catalog = mem.Files(), diags, catalog
	}
	// The index holds the bodies, which any edit may change.
	found := write.NewMemory()
	if err := st.s.writeSearch(all, u.catalog, newOutput(found, nil)); err != nil {
		return err
	}
	u.search = found.Files()
	return nil
}

// changeFiles lists the files to remove (those of the gone groups, and listings no longer
// written) and to add or replace (those of the rendered groups and the new listings).
func (u *liveUpdate) changeFiles() {
	u.set = map[string][]byte{}
	for _, g := range u.gone {
		u.del = append(u.del, slices.Collect(maps.Keys(g.files))...)
	}
	for name := range u.last.listings {
		if _, ok := u.listings[name]; !ok {
			u.del = append(u.del, name)
		}
	}
	for name := range u.last.search {
		if _, ok := u.search[name]; !ok {
			u.del = append(u.del, name)
		}
	}
	maps.Copy(u.set, u.search)
	for _, m := range u.files {
		maps.Copy(u.set, m)
	}
	if !u.keepListings {
		maps.Copy(u.set, u.listings)
	}
}

// recount takes the gone groups' pages, diagnostics and review results out of the
// figures and puts the rendered groups' in.
func (u *liveUpdate) recount() {
	c := u.last.counts
	u.counts = pageCounts{pages: maps.Clone(c.pages), standIns: maps.Clone(c.standIns), files: c.files}
	for _, g := range u.gone {
		u.counts.fold(g.out, -1)
		u.oldGroup = append(u.oldGroup, g.out.diags...)
		if g.out.review != nil {
			u.oldResults = append(u.oldResults, g.out.review)
		}
	}
	for _, o := range u.outs {
		u.counts.fold(o, 1)
		u.newGroup = append(u.newGroup, o.diags...)
		if o.review != nil {
			u.newResults = append(u.newResults, o.review)
		}
	}
	u.oldGroup.Sort()
	u.newGroup.Sort()
}

// writeReviewIndex updates the review tally, which the last and the next state share, and
// writes the review index among the files to set.
func (u *liveUpdate) writeReviewIndex() error {
	u.last.tally.Update(u.oldResults, u.newResults)
	if !u.last.s.opts.Review {
		return nil
	}
	return u.last.tally.WriteIndex(reviewURLs(u.outs), writeTo(u.set))
}

// commit makes the next state and the snapshot of the build. The diagnostics are those of
// the last build with the dirty groups' and the site's own replaced; only those can be new.
// (A group's and the site's diagnostics name different files, so merging them apart orders
// them as diag.List.Sort does.)
func (u *liveUpdate) commit() (*liveState, *Snapshot) {
	st, e := u.last, u.e
	next := &liveState{s: st.s, pages: e.pages, byFile: st.byFile, groups: e.groups, at: st.at,
		built: maps.Clone(st.built), listings: u.listings, listingDiags: u.listingDiags, tally: st.tally,
		catalog: u.catalog, search: u.search,
		files: st.files.With(u.set, u.del), read: maps.Clone(st.read), counts: u.counts, structure: st.structure}
	if e.regroup {
		next.byFile, next.at = index(next.pages, next.groups)
	}
	for key := range e.dirty {
		delete(next.built, key)
	}
	// An incremental build leaves the site's structure as it was: pages added, removed,
	// moved or retitled, and any other file, make a full build (incremental, contentOnly).
	for i, o := range u.outs {
		next.built[o.key] = &liveGroup{out: o, files: u.files[i], bodyKey: groupKey(st.structure, e.groups[next.at[o.key]])}
	}
	maps.Copy(next.read, e.read)
	next.siteDiags = next.siteDiagnostics()
	was, now := mergeDiags(st.siteDiags, u.oldGroup), mergeDiags(next.siteDiags, u.newGroup)
	next.res = next.result(replaceSorted(st.res.Diags, was, now))
	return next, &Snapshot{Files: next.files, Result: next.res, NewDiags: newDiags(now, was)}
}

// spent is what remains of st once a rebuild changed its review tally and then failed:
// its result, for telling which diagnostics of the next (full) build are new.
func (st *liveState) spent() *liveState { return &liveState{res: st.res} }

// siteDiagnostics are the diagnostics of the site rather than of a group, sorted.
func (st *liveState) siteDiagnostics() diag.List {
	site := slices.Clone(st.s.diags)
	site = append(site, st.listingDiags...)
	site = append(site, st.deadLinks()...)
	site = append(site, st.s.absentStrings()...)
	site.Sort()
	return site
}

// deadLinks checks the links of every built group against the files of the state, as a
// whole build does after writing (it sets the counts of links and broken ones).
func (st *liveState) deadLinks() diag.List {
	pub := &published{ids: map[string]string{}, has: func(rel string) bool {
		_, ok := st.files.Get(rel)
		return ok
	}}
	st.links = 0
	var refs []linkRef
	for _, key := range slices.Sorted(maps.Keys(st.built)) {
		o := st.built[key].out
		refs = append(refs, o.links...)
		maps.Copy(pub.ids, o.ids)
	}
	dead := st.s.checkLinks(refs, pub)
	st.links, st.dead = len(refs), countCode(dead, "dead-link")
	return dead
}

// result sums up the state, with all its diagnostics, sorted.
func (st *liveState) result(diags diag.List) *Result {
	res := &Result{Langs: st.s.cfg.Langs, Pages: maps.Clone(st.counts.pages), StandIns: maps.Clone(st.counts.standIns),
		Files: st.counts.files, Diags: diags, Links: st.links, DeadLinks: st.dead,
		MissingImages: countCode(diags, "missing-image")}
	for _, m := range []map[string]int{res.Pages, res.StandIns} {
		maps.DeleteFunc(m, func(_ string, n int) bool { return n == 0 })
	}
	return res
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
