// Package build runs the pipeline: it turns a site root into the files of its site, all at
// once (Run) or again after edits (Live). The stages are other packages; build decides
// what runs when, in parallel where it can, and what each step hands the next.
//
// # Sites
//
// A build reads the site root through an os.Root, so no symlink leads out of it. It
// first reads, once, what every page shares (prepare): site.toml and the language folders
// (config), the theme and its UI strings (theme, locale), the reviewed states (review), the
// GPU catalog when the site has GPU data under content/data (gpu/catalog, a module the
// build calls through one seam, catalog.go), a markdown parser per language (markdown), a
// renderer (render), and the pages of every language, grouped by translation key and
// checked for two groups publishing at one URL (load). Then it builds the page groups, in
// parallel, and last what lists them.
//
// # Page groups
//
// A page group is one page in every site language (buildGroup). In order:
//
//  1. Parse every version: markdown, tables normalised, GPU names linked in text and
//     tables, links and images resolved (in tables too) and local images looked for. A
//     source that fails fails the build; a translation that fails is replaced by its
//     source with a warning (an error with Options.Strict).
//  2. Review the translations against the source (review.Page): every version is
//     outlined, which gives its headings their ids, and each translation's sections,
//     once paired with the source's, take their ids (outline.ShareIDs); the review tells
//     which sections are stale.
//  3. Render each body: a notice on each stale section, the links and images of raw HTML
//     and shortcode output resolved, raw HTML sanitised unless the language is trusted,
//     and the sections that name a GPU noted.
//  4. Write the page in every language (render.WritePage): its own version, or its
//     source standing in, at the place package route gives, with the images it shows
//     beside it. A group without a default-language page (an orphan) is written only
//     in the languages whose version parsed: stand-ins are of default-language pages
//     only, and the section trees, listings, sitemap and search index of the other
//     languages leave it out. Whether a group is an orphan changes only when pages are
//     added, removed or rekeyed, which the cache and live rebuilds treat as a change of
//     the site's structure (everything is built again).
//  5. With Options.Review, write its review page (_review/<key>/); release the alignment
//     behind it.
//
// A group leaves its files, what each language's page is for the listings (title, URL,
// weight, whether it stands in, the sections naming a GPU), its review result and its
// diagnostics (groupOut). The home pages' introductions, content/<lang>/index.md, are a
// group that writes no page of its own: its step 4 keeps their bodies for the home pages.
//
// # Listings
//
// Once every group is built, what depends on the list of pages rather than on their
// bodies is written (render.WriteListings): the home pages, the root language chooser,
// 404.html, the catalog pages with the sections that mention each GPU, sitemap.xml, the
// sections' Atom feeds (whose summaries come from the bodies: a feed entry is the
// description or the lead, the first paragraph's text, of a dated page), the
// static files and the files of the content tree that are not pages; then, with Options.Review, the review's index (_review/), with the GPU
// data's warnings.
//
// Last, every internal link is checked against what was written (checkLinks): its target
// must be a file the build published, and its #fragment an id of that page, as the ids
// are read back from the rendered body (idsOf). Reading back HTML the build has just made
// is deliberate, as is the search index's reading of the same bodies (package search):
// ids and text come from several stages (the outline's heading ids, the table normaliser,
// raw HTML, shortcode templates, GPU links), and only the rendered body holds all of them.
// A check of the output cannot disagree with what readers get, and no stage has to report
// its ids or its text on the side; the cost is one pass over each body, kept in memory.
//
// # Whole builds
//
// Run writes the site into a Sink (write.Tree: atomically, beside the destination) and
// sums it up in a Result: pages and stand-ins per language, warnings. The errors of all
// groups are reported together, sorted, and the output does not depend on the number of
// cores. Review stops after step 2, for docsite review. Every step writes through one
// type, output (site_output.go), which also records each file for the link check and,
// for the build cache, notes what a group or the listings wrote.
//
// # Reuse
//
// What a build takes from an earlier one is a reuser (reuse.go), chosen once before the
// site is read (chooseReuser for Run, Live.reuser for Live) and opened by prepare: the
// build cache, the live server's last build, or none. run, renderGroups, writeSearch and
// Live call its methods and never ask which one they have.
//
// With Options.Cache, a whole build into a write.Tree keeps what each page group left, and
// the next build takes a group whose inputs did not change from there instead of building
// it: its files are kept as the last build left them (reuse_cache.go says what a key
// covers). When no group changed, the listings, the search index and the result are kept
// too. A group whose own files did not change but whose sidebar did is written again
// around the bodies the last build published (reuse_bodies.go).
//
// # Live rebuilds
//
// Live keeps a built site in memory (write.Files) for the preview server. After edits of
// content pages only, it rebuilds the groups the edits touch, as they were and as they are,
// and keeps the listings when none of those groups changed what the listings show
// (listingDigest); any other change, and the first build, is a full build, which writes
// the groups whose bodies did not change around the last build's (livePrior,
// reuse_live.go). A rebuild commits its state all at once: one that fails leaves the last
// good site as it was.
//
// # Files
//
// The files are named by layer: site*.go is what a build shares (site.go: Options, Run,
// prepare, run; site_live.go: Live), group*.go a page group (group.go: buildGroup and its
// steps), reuse*.go what a build takes from an earlier one. catalog.go wires the GPU
// catalog in, search.go the search index (its spool is search.Spool).
//
// # Where to change what
//
//   - A page kind: route.Kind and route.Parse say what a content file is; load reads it;
//     versionOf (group.go) is what page assembly gets of it, navEntry and makeTrees
//     (site_tree.go) how the sidebars show it, and render.WritePage writes it.
//   - An output file: its URL and path come from package route. A file per page is
//     written in writeVersions or writePage (group.go); one that lists pages, in
//     render.WriteListings, which writeListings (site_listings.go) calls. Either way
//     through the output it is given, never to a Sink of its own: the link check and the
//     build cache then know it. A file that depends on every page's body (the search
//     index) also needs a reuser method, as writeIndex is.
//   - A front matter key: a typed field of load.FrontMatter (every other key is kept in
//     its Params). Page templates get it through versionOf into render.Version. If a sidebar
//     shows it, add it to navEntry: live rebuilds compare navEntry to tell a full build
//     (readEdit), and the build cache's site key covers all front matter already
//     (load.Page.FrontSum).
//   - A reuse strategy: a type with the reuser methods (reuse.go), chosen in
//     chooseReuser or Live.reuser. It must give byte for byte what building gives:
//     TestCacheMatchesCleanBuild and TestLiveIncrementalMatchesFull are the models.
//   - A check: a warning or error is a diag.Diagnostic with the file and line of what
//     the author wrote, and its code is documented in diag.Codes. A check of one page
//     goes where the page is parsed (parsePage, group.go) into the group's diagnostics,
//     which the build cache keeps with the group; one of links once the site is written,
//     in checkLinks (group_links.go); one of the translations, in package review. A check
//     that depends on other pages than the group's must be in what the cache's keys cover
//     (siteKey), or a cached group keeps a stale warning.
package build

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"docsite/internal/cache"
	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/locale"
	"docsite/internal/markdown"
	"docsite/internal/nav"
	"docsite/internal/render"
	"docsite/internal/review"
	"docsite/internal/search"
	"docsite/internal/shortcode"
	"docsite/internal/theme"
)

// Options are what a build needs to know besides the site root's own files.
type Options struct {
	Source  string // site root: content/<lang>/…, optional site.toml, templates/, static/, locales/
	BaseURL string // overrides site.toml's baseURL when not empty
	Strict  bool   // a translation that cannot be built is an error, not a stand-in
	Drafts  bool   // publish pages whose front matter says draft: true, marked as drafts
	Future  bool   // publish pages whose publishDate is after Now (build -future)
	Expired bool   // publish pages whose expiryDate is Now or before (build -expired)
	// Now is the moment publishDate and expiryDate are compared with; zero means the
	// clock's time when the build starts. So a build's output depends on the clock when
	// pages have such dates: the same sources built later may publish other pages.
	Now time.Time
	// Review writes the translation review's pages under _review/ (build -review, serve).
	// A published site does not need them: they are half the output's bytes on a site
	// with many translations. The alignment they show is made either way (it gives
	// translations their anchors and stale notices).
	Review bool
	// NoSearch leaves the search index out (build -search=false): the pages then show
	// no search box.
	NoSearch bool
	Verbose  bool // report every repair the normaliser made
	// Cache is the folder of the build cache (package cache; cache.Folder names one per
	// site and destination); "" builds without one. It is used only for sinks that can
	// keep files (write.Tree) and builds without Review: see reuse_cache.go.
	Cache string
	Log   io.Writer
	// Loaded, when set, is told how many pages the site has once they are read, before
	// any is built (the command sizes its memory limit by it).
	Loaded func(pages int)
}

// Sink receives the built files; WriteFile is called concurrently.
type Sink interface {
	WriteFile(rel string, data []byte) error
}

// Result sums up a build.
type Result struct {
	Langs     []config.Lang
	Pages     map[string]int // language code → pages written (stand-ins included)
	StandIns  map[string]int // language code → pages shown in another language
	Files     int
	Reused    int       // of which taken from the build cache, not built again
	Rewritten int       // pages written again around bodies the last build rendered
	Links     int       // internal links and images checked
	DeadLinks int       // of which broken (dead-link warnings)
	Diags     diag.List // warnings; errors are returned as the error
	Elapsed   time.Duration

	// MissingImages counts the images found nowhere (missing-image warnings).
	MissingImages int
}

// Run builds the site at opts.Source into sink.
func Run(ctx context.Context, opts Options, sink Sink) (*Result, error) {
	start := time.Now()
	s, closeRoot, err := open(opts, sink)
	if err != nil {
		return nil, err
	}
	defer closeRoot()
	res, err := s.run(ctx, sink)
	var wf *writeFailure
	if errors.As(err, &wf) {
		err = diag.ErrorList{wf.diagnostic()} // an alias's redirect page
	}
	if err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// open prepares the site at opts.Source, read through an os.Root so that symlinks leading
// out of the site root are refused, for a build into sink (nil: one that writes nothing);
// closeRoot releases it.
func open(opts Options, sink Sink) (s *site, closeRoot func() error, err error) {
	root, err := load.OpenRoot(opts.Source)
	if err != nil {
		return nil, nil, diag.Errorf(opts.Source, 0, 0, "unreadable", "site root: %v", err)
	}
	if s, err = prepare(root, opts, chooseReuser(opts, sink)); err != nil {
		root.Close()
		return nil, nil, err
	}
	return s, root.Close, nil
}

// chooseReuser is what a whole build into sink takes from an earlier one: the build cache
// when the options name one, the build writes no review (whose pages need every group's
// alignment, which the cache does not keep) and sink can keep files (write.Tree); else
// nothing.
func chooseReuser(opts Options, sink Sink) reuser {
	if k, ok := sink.(keeper); ok && opts.Cache != "" && !opts.Review {
		return newBuildCache(opts.Cache, k)
	}
	return noReuse{}
}

// sourceNames names the files of diags as the site root has them where mounts show them
// elsewhere (content/en/docs/spec/a.md is vendor/spec/a.md).
func (s *site) sourceNames(diags diag.List) {
	root, ok := s.fsys.(*load.Root)
	if !ok || len(s.cfg.Mounts) == 0 {
		return
	}
	for i := range diags {
		if diags[i].File != "" {
			diags[i].File = root.Source(diags[i].File)
		}
	}
}

// site is everything a build shares across pages, read once.
type site struct {
	opts   Options
	fsys   fs.FS // the site root
	cfg    *config.Resolved
	render *render.Renderer
	ui     *locale.Catalog
	locs   map[string]*locale.Localizer
	md     map[string]*markdown.Parser // by language code
	// catalog is the GPU catalog (catalog.go); nil when the site has no GPU data
	catalog catalogModule
	// dataDiags are the catalog's data-inconsistent warnings: they belong to the review
	// report, and the build only counts them.
	dataDiags diag.List
	groups    []*load.Group
	loaded    []*load.Page         // every page read, drafts too (the cache's key covers them)
	trees     map[string]*nav.Tree // each language's section tree, by code
	rootFiles map[string]bool      // files of the site root's static/ published at the root
	content   map[string]string    // files of the content tree, by output path (contentFiles)
	aliases   map[string]aliasOut  // front matter aliases, by site path
	// revisionKeyUsed: translations record their source's commit (revisionStates).
	revisionKeyUsed bool
	// revisionFindings: the revision warnings, as the review reports them.
	revisionFindings []review.Finding
	reuse            reuser                     // what the build takes from an earlier one (reuse.go)
	structure        func() cache.Key           // the site's structure key (structureKey)
	spill            *search.Spool              // where the pages' search entries wait; nil keeps them in memory
	pages            pages                      // what ref and relref link to
	review           review.Input               // languages and reviewed states, for the per-page review
	scSites          map[string]*shortcode.Site // .Site of shortcode templates, by language code
	diags            diag.List

	// frontMatterFindings are the changes of the sources' titles and descriptions since
	// the revisions the translations record, as the review reports them.
	frontMatterFindings []review.Finding
}

// prepare reads what every page of the site at fsys shares, and the pages; r is what the
// build takes from an earlier one, which it opens once the pages are grouped.
func prepare(fsys fs.FS, opts Options, r reuser) (*site, error) {
	folders, ferr := config.ReadFolders(fsys)
	cfg, err := config.Load(fsys, folders, opts.BaseURL)
	if ferr != nil && (err != nil || len(cfg.Own) == 0) {
		return nil, ferr // a Hugo configuration names its content folders itself
	}
	if err != nil {
		return nil, err
	}
	if root, ok := fsys.(*load.Root); ok {
		root.Mount(cfg.Mounts, cfg.Own)
	}
	th, err := theme.Load(fsys)
	if err != nil {
		return nil, err
	}
	s := &site{opts: opts, fsys: fsys, cfg: cfg, locs: map[string]*locale.Localizer{}, diags: slices.Clone(cfg.Diags)}
	s.structure = sync.OnceValue(func() cache.Key {
		_, st := s.siteKey(siteFiles(s.fsys))
		return st
	})
	tmpl, err := render.LoadTemplates(th.Templates)
	if err != nil {
		return nil, err
	}
	assets, err := render.LoadAssets(th.Static)
	if err != nil {
		return nil, err
	}
	s.rootFiles = assets.RootFiles()
	if err := checkRootFiles(s.rootFiles, cfg); err != nil {
		return nil, err
	}
	if s.ui, err = locale.Load(locale.Files{Theme: th.Locales, Site: th.SiteLocales, Hugo: th.HugoI18n}, cfg.Langs); err != nil {
		return nil, err
	}
	for _, l := range cfg.Langs {
		s.locs[l.Code] = s.ui.Localizer(l)
	}
	if s.review, err = reviewInput(fsys, cfg); err != nil {
		return nil, err
	}
	s.review.AlignOnly = !opts.Review // only the review's pages show the findings
	if err := s.loadCatalog(fsys); err != nil {
		return nil, err
	}
	shortcodes, err := loadShortcodes(th)
	if err != nil {
		return nil, err
	}
	if err := s.shortcodeSites(fsys); err != nil {
		return nil, err
	}
	if err := s.makeParsers(shortcodes); err != nil {
		return nil, err
	}
	s.render = render.New(cfg, tmpl, assets, s.locs, s.nav)
	if !opts.NoSearch {
		s.render.UseSearch()
	}
	pages, err := load.Pages(fsys, cfg.Langs, r.start(fsys))
	if err != nil {
		return nil, err
	}
	if opts.Loaded != nil {
		opts.Loaded(len(pages))
	}
	for _, p := range pages {
		s.permalink(p)
	}
	s.loaded = pages
	s.content = contentFiles(fsys, cfg)
	cascade(pages, cfg.Default().Code)
	if s.opts.Now.IsZero() {
		s.opts.Now = time.Now()
	}
	if s.groups, err = load.GroupPages(s.publishable(pages), cfg.Langs); err != nil {
		return nil, err
	}
	s.pages.set(s.groups, cfg.Langs)
	if err := s.collectAliases(); err != nil {
		return nil, err
	}
	revStates, revDiags := s.revisionStates()
	s.review.States = review.Merge(s.review.States, revStates)
	s.diags = append(s.diags, revDiags...)
	s.diags = append(s.diags, s.missingStrings()...)
	if opts.Review {
		s.review.Gone = s.goneSources()
	}
	s.reuse = r.open(s)
	return s, nil
}

// structureKey is the site's structure key (siteKey) from its files as they are now: what
// the groups' bodies depend on besides their own pages (live rebuilds; the build cache
// keys the files it listed while the pages loaded). Made on first use, once the site is
// prepared.
func (s *site) structureKey() cache.Key { return s.structure() }

// missingStrings warns, once per key and language, about the strings a language lacks
// that the site shows, with the number of its pages that show them in the default
// language instead: the GPU catalog's strings only when the site has GPU data.
func (s *site) missingStrings() diag.List {
	def := s.cfg.Default().Code
	pages := len(s.groups) + 1 // each group is a page in every language (or its stand-in), and the home page
	var out diag.List
	for _, g := range s.ui.Gaps(s.cfg.Langs) {
		var where string
		switch g.Set {
		case catalogStrings:
			if s.catalog == nil {
				continue
			}
			where = fmt.Sprintf("on its %d catalog pages", s.catalog.PageCount())
		case "":
			where = fmt.Sprintf("on its %d pages", pages)
		default:
			where = fmt.Sprintf("wherever one of its %d pages uses it", pages)
		}
		out = append(out, diag.Warnf(g.File, 0, 0, "missing-string",
			"key %q missing in locale %s; using %s %s", g.ID, g.Lang, def, where))
	}
	return out
}

// makeParsers makes the markdown parser of each language, which links GPU names when
// the site has GPU data.
func (s *site) makeParsers(shortcodes *shortcode.Set) error {
	s.md = map[string]*markdown.Parser{}
	for _, l := range s.cfg.Langs {
		var mo markdown.Options
		if s.catalog != nil {
			mo.Transformers = append(mo.Transformers, s.catalog.Transformer(l))
		}
		if err := s.markupOptions(shortcodes, l, &mo); err != nil {
			return err
		}
		s.md[l.Code] = markdown.New(mo)
	}
	return nil
}

// run builds every page group into sink, then the listings and the review index, taking
// from an earlier build what did not change (s.reuse). The section trees are made here,
// not in prepare: a build with nothing changed needs none.
func (s *site) run(ctx context.Context, sink Sink) (*Result, error) {
	pub := &published{files: map[string]bool{}, ids: map[string]string{}}
	out := newOutput(sink, pub)
	s.spill = &search.Spool{}
	defer s.spill.Close()
	if res, err := s.reuse.wholeSite(s, out); res != nil || err != nil {
		return res, err
	}
	var read sync.WaitGroup
	read.Go(func() { s.reuse.readGroups(s) }) // while the trees are made
	s.makeTrees()
	read.Wait()
	outs, err := s.renderGroups(ctx, s.groups, func(int) *output { return out })
	if err != nil {
		return nil, err
	}
	listings := s.reuse.listings(out)
	res, err := s.finish(outs, listings)
	if err != nil {
		return nil, err
	}
	var refs []linkRef
	for _, o := range outs {
		refs = append(refs, o.links...)
		for url, ids := range o.ids {
			pub.ids[url] = ids
		}
	}
	dead := s.checkLinks(refs, pub)
	dead = append(dead, strictImages(res.Diags, s.opts.Strict)...)
	dead.Sort()
	if s.opts.Strict && len(dead) > 0 {
		return nil, diag.ErrorList(dead)
	}
	res.Links = len(refs)
	res.Diags = append(res.Diags, dead...)
	s.sourceNames(res.Diags)
	res.Diags.Sort()
	res.DeadLinks, res.MissingImages = countCode(res.Diags, "dead-link"), countCode(res.Diags, "missing-image")
	s.reuse.done(s, res, listings)
	return res, nil
}

// renderGroups builds the given page groups in parallel, or takes them from an earlier
// build (s.reuse); outFor gives the output of the i-th group. Errors of all groups are
// returned together, sorted.
func (s *site) renderGroups(ctx context.Context, groups []*load.Group, outFor func(i int) *output) ([]*groupOut, error) {
	outs := make([]*groupOut, len(groups))
	errs := make([]error, len(groups))
	var done atomic.Int64
	stop := s.progress(&done, len(groups))
	// Fewer groups than cores (a live rebuild after an edit): each group uses the spare
	// ones for its languages.
	spare := len(groups) < runtime.GOMAXPROCS(0)
	s.parallel(ctx, len(groups), func(i int) {
		outs[i], errs[i] = s.reuse.group(s, groups[i], outFor(i), spare)
		if errs[i] == nil {
			outs[i].digest = listingDigest(outs[i])
		}
		done.Add(1)
	})
	stop()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fatal := writeDiags(errs)
	if len(fatal) > 0 {
		fatal.Sort()
		return nil, diag.ErrorList(fatal)
	}
	return outs, nil
}

// finish writes the site-wide files for the built groups and sums up.
func (s *site) finish(outs []*groupOut, out *output) (*Result, error) {
	listingDiags, catalog, err := s.writeListings(outs, out)
	if err != nil {
		return nil, err
	}
	if err := s.writeSearch(outs, catalog, out); err != nil {
		return nil, err
	}
	return s.summarise(outs, out, listingDiags)
}

// summarise writes the review of the built groups and sums the build up; listingDiags are
// what writing the listings reported.
func (s *site) summarise(outs []*groupOut, out *output, listingDiags diag.List) (*Result, error) {
	if s.opts.Review {
		if err := s.writeReview(outs, out); err != nil {
			return nil, err
		}
	}
	diags := slices.Clone(s.diags)
	diags = append(diags, listingDiags...)
	diags = append(diags, s.absentStrings()...)
	res := &Result{Langs: s.cfg.Langs, Pages: map[string]int{}, StandIns: map[string]int{}}
	for _, o := range outs {
		diags = append(diags, o.diags...)
		for _, p := range o.pages {
			res.Pages[p.Lang]++
			if p.StandIn {
				res.StandIns[p.Lang]++
			}
		}
		res.Files += len(o.pages)
	}
	diags.Sort()
	res.Diags = foldUnknownShortcodes(diags)
	if s.opts.Strict {
		if errs := strictUnknownShortcodes(res.Diags); len(errs) > 0 {
			return nil, diag.ErrorList(errs)
		}
	}
	return res, nil
}

// absent lists, by language code, the user-interface strings the build asked for that no
// locale defines, with those the groups taken from an earlier build asked for then.
func (s *site) absent() map[string][]string {
	before := s.reuse.absentBefore()
	out := map[string][]string{}
	for _, l := range s.cfg.Langs {
		ids := slices.Concat(s.locs[l.Code].Absent(), before[l.Code])
		slices.Sort(ids)
		out[l.Code] = slices.Compact(ids)
	}
	return out
}

// absentStrings are the warnings about user-interface strings no locale defines.
func (s *site) absentStrings() diag.List {
	var out diag.List
	absent := s.absent()
	for _, l := range s.cfg.Langs {
		for _, id := range absent[l.Code] {
			out = append(out, diag.Warnf("locales/"+l.Code+".toml", 0, 0, "missing-string",
				"key %q is defined in no locale; rendered as the key", id))
		}
	}
	return out
}

// progress prints, every second while the build runs, how many page groups are done;
// builds that take less than a second print nothing. The returned func stops it.
func (s *site) progress(done *atomic.Int64, total int) (stop func()) {
	if s.opts.Log == nil {
		return func() {}
	}
	t := time.NewTicker(time.Second)
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-t.C:
				fmt.Fprintf(s.opts.Log, "docsite: %d/%d pages rendered\n", done.Load(), total)
			case <-quit:
				return
			}
		}
	}()
	return func() {
		t.Stop()
		close(quit)
		<-finished
	}
}

// parallel runs fn(0..n-1) on GOMAXPROCS workers; it stops handing out work when ctx ends.
func (s *site) parallel(ctx context.Context, n int, fn func(i int)) {
	var wg sync.WaitGroup
	var next atomic.Int64
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}

func asDiags(err error) diag.List {
	var wf *writeFailure
	switch e := err.(type) {
	case nil:
		return nil
	case diag.ErrorList:
		return diag.List(e)
	case diag.Diagnostic:
		return diag.List{e}
	default:
		if errors.As(err, &wf) {
			return diag.List{wf.diagnostic()}
		}
	}
	return diag.List{diag.Errorf("", 0, 0, "build", "%v", err)}
}

// plural is the s of a count other than one.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Summary is the one line printed after a build.
func (r *Result) Summary() string {
	s := fmt.Sprintf("built %d pages (", r.Files)
	for i, l := range r.Langs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %d", l.Code, r.Pages[l.Code])
		if f := r.StandIns[l.Code]; f > 0 {
			s += fmt.Sprintf(" incl. %d stand-in%s", f, plural(f))
		}
	}
	warns := 0
	for _, d := range r.Diags {
		if d.Severity == diag.Warning {
			warns++
		}
	}
	s += fmt.Sprintf("), %d warnings", warns)
	if r.DeadLinks > 0 {
		s += fmt.Sprintf(" (%d of %d internal links broken)", r.DeadLinks, r.Links)
	}
	if r.MissingImages > 0 {
		s += fmt.Sprintf(" (%d images not found)", r.MissingImages)
	}
	if r.Reused > 0 {
		s += fmt.Sprintf(", %d pages unchanged (from the cache)", r.Reused)
	}
	if r.Rewritten > 0 {
		s += fmt.Sprintf(", %d pages written again around their cached bodies", r.Rewritten)
	}
	return s + fmt.Sprintf(" in %s", r.Elapsed.Round(time.Millisecond))
}
