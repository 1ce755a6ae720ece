package build

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/parser"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/outline"
	"docsite/internal/review"
	"docsite/internal/route"
)

// revisionStates judges translations by the source revision they record. A translation
// whose front matter holds the commit of its source it was made from (the key is
// site.toml's [review] revisionKey, sourceCommit by default) is compared with its source
// as it was at that commit: read from git, outlined, each section's hash recorded as if a
// translator had accepted it then. The review then reports stale exactly the sections
// whose source changed since, with the change as a diff, and readers see the stale
// notice on them. Translations without the key keep the accepted state of .reviewed.toml.
func (s *site) revisionStates() ([]review.State, diag.List) {
	return s.revisionStatesOf(s.groups)
}

// revisionStatesOf is revisionStates for the pages of groups.
func (s *site) revisionStatesOf(groups []*load.Group) ([]review.State, diag.List) {
	key := strings.ToLower(s.cfg.RevisionKey)
	type job struct {
		g      *load.Group
		p      *load.Page
		commit string
	}
	var jobs []job
	for _, g := range groups {
		for _, p := range g.Pages[1:] {
			if p.Err != nil {
				continue
			}
			if v, ok := p.Meta.Params[key]; ok && v != nil {
				jobs = append(jobs, job{g, p, fmt.Sprint(v)}) // a commit of digits only reads as a number
			}
		}
	}
	s.revisionKeyUsed = s.revisionKeyUsed || len(jobs) > 0 || s.cfg.RevisionKey != config.DefaultRevisionKey
	if len(jobs) == 0 {
		return nil, nil
	}
	rev, err := load.OpenRevisions(s.opts.Source)
	if err != nil {
		p := jobs[0].p
		d := diag.Warnf(p.File, p.Meta.Line(key), 0, "revision",
			"%d translations record their source's commit in %s, but %v: stale sections are told by .reviewed.toml only",
			len(jobs), s.cfg.RevisionKey, err)
		// The review reports it once per language, at that language's first such page.
		count := map[string]int{}
		for _, j := range jobs {
			count[j.p.Lang]++
		}
		for _, j := range jobs {
			if n := count[j.p.Lang]; n > 0 {
				count[j.p.Lang] = 0
				s.revisionFindings = append(s.revisionFindings, revisionFinding(j.g, j.p, key, fmt.Sprintf(
					"%d %s translations record their source's commit in %s, but %v: their stale sections cannot be told from it",
					n, j.p.Lang, s.cfg.RevisionKey, err)))
			}
		}
		return nil, diag.List{d}
	}
	defer rev.Close()
	// Read each source revision once (translations of one page often record one commit),
	// with git, one at a time; then outline them on every core.
	type revision struct {
		src  *load.Page
		body []byte
		meta load.FrontMatter
		err  error
		secs []review.Accepted // Page and Commit set per translation below
	}
	revs := map[[2]string]*revision{}
	var order [][2]string
	for _, j := range jobs {
		src := j.g.Pages[0]
		k := [2]string{j.commit, src.File}
		if revs[k] != nil {
			continue
		}
		r := &revision{src: src}
		old, err := rev.File(j.commit, src.File)
		if err == nil {
			r.body, r.meta, err = load.BodyMeta(old)
		}
		r.err = err
		revs[k] = r
		order = append(order, k)
	}
	// A source renamed or moved since is read under the name it had then; git takes a
	// while to follow a file back, so those are looked up side by side.
	s.parallel(context.Background(), len(order), func(i int) {
		r := revs[order[i]]
		if !errors.Is(r.err, load.ErrUnknownRevision) {
			return
		}
		if former, ok := rev.Former(order[i][0], order[i][1]); ok {
			old, err := rev.File(order[i][0], former)
			if err == nil {
				r.body, r.meta, err = load.BodyMeta(old)
			}
			r.err = err
		}
	})
	s.parallel(context.Background(), len(order), func(i int) {
		r := revs[order[i]]
		if r.err != nil {
			return
		}
		src := r.src
		doc := s.md[src.Lang].Parse(r.body, func(pc parser.Context) {
			if s.catalog != nil {
				s.catalog.SetPage(pc, src.Lang, "") // links do not matter here
			}
			markdown.SetPage(pc, s.shortcodePage(src, route.URL(src.Lang, src.Path)), &s.pages)
			setMDX(pc, src.File)
		})
		o := outline.Build(doc.Root, doc.Src, src.File)
		for _, sec := range o.Sections {
			r.secs = append(r.secs, review.Accepted{Section: sec.ID, Hash: sec.Hash, Old: review.SectionText(doc.Src, sec)})
		}
	})
	byLocale := map[string]*review.State{}
	var diags diag.List
	for _, j := range jobs {
		src := j.g.Pages[0]
		r := revs[[2]string{j.commit, src.File}]
		if r.err != nil {
			msg := fmt.Sprintf("%s %s: %v", s.cfg.RevisionKey, j.commit, r.err)
			if errors.Is(r.err, load.ErrUnknownRevision) {
				msg = fmt.Sprintf("%s %s: the repository has no such commit, or %s did not exist in it", s.cfg.RevisionKey, j.commit, src.File)
			}
			diags = append(diags, diag.Warnf(j.p.File, j.p.Meta.Line(key), 0, "revision", "%s", msg))
			s.revisionFindings = append(s.revisionFindings, revisionFinding(j.g, j.p, key, msg+": its stale sections cannot be told"))
			continue
		}
		s.frontMatterFindings = append(s.frontMatterFindings, frontMatterChanges(j.g, j.p, r.meta, j.commit)...)
		st := byLocale[j.p.Lang]
		if st == nil {
			st = &review.State{Locale: j.p.Lang}
			byLocale[j.p.Lang] = st
		}
		for _, a := range r.secs {
			a.Page, a.Commit = reviewKey(j.g), j.commit
			st.Accepted = append(st.Accepted, a)
		}
	}
	var out []review.State
	for _, l := range s.cfg.Langs {
		if st := byLocale[l.Code]; st != nil {
			out = append(out, *st)
		}
	}
	return out, diags
}

// revisionFinding is, for the review, a translation whose source revision could not be
// read: the build only warns, but a review that cannot tell its stale sections must not
// pass for one that found none (a shallow clone in CI), so it is an error there.
func revisionFinding(g *load.Group, p *load.Page, key, msg string) review.Finding {
	return review.Finding{Check: review.Revision, Severity: review.SeverityOf(review.Revision),
		Locale: p.Lang, Page: reviewKey(g),
		Source: review.Pos{File: g.Pages[0].File}, Target: review.Pos{File: p.File, Line: p.Meta.Line(key)},
		Message: msg}
}

// frontMatterChanges reports the front matter text of p's source (its title and
// description, which readers see in the page's head, the navigation and listings) that
// changed since the revision p records, as stale findings of p.
func frontMatterChanges(g *load.Group, p *load.Page, old load.FrontMatter, commit string) []review.Finding {
	src := g.Pages[0]
	var out []review.Finding
	for _, k := range []struct{ key, was, now string }{
		{"title", old.Title, src.Meta.Title},
		{"description", old.Description, src.Meta.Description},
	} {
		if strings.TrimSpace(k.was) == strings.TrimSpace(k.now) {
			continue
		}
		out = append(out, review.Finding{Check: review.Stale, Severity: review.SeverityOf(review.Stale), Locale: p.Lang,
			Page: reviewKey(g), Source: review.Pos{File: src.File, Line: src.Meta.Line(k.key)},
			Target:  review.Pos{File: p.File, Line: max(p.Meta.Line(k.key), 1)},
			Message: fmt.Sprintf("source %s changed since %s, the revision this translation was made from", k.key, commit[:min(len(commit), 10)]),
			Diff:    "-" + k.was + "\n+" + k.now})
	}
	return out
}
