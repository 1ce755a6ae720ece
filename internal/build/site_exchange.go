package build

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"

	"github.com/yuin/goldmark/parser"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/exchange"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/route"
)

// ExchangePage is a page's source and its version in one language, parsed for export and
// import (package exchange).
type ExchangePage struct {
	Key        string         // the page in the review and in exchange files
	SourceLang config.Lang    // the source's language: the default, or the first that has the page
	Source     *exchange.Page // as of the work tree, or of ExchangeOptions.SourceAt
	Target     *exchange.Page // nil when the language has no version of the page
	TargetFile string         // where the version is, or would be
	// Revision is the source commit the version records in the revision key ("" when
	// none); Old is the source as it was then (nil when it cannot be read).
	Revision string
	Old      *exchange.Page
}

// ExchangeSite is what export and import need of a site for one language.
type ExchangeSite struct {
	Lang        config.Lang
	RevisionKey string
	Head        string // the work tree's commit, "" outside git
	HeadDate    string // its commit date, as PO headers write dates
	Glossary    []string
	Pages       []ExchangePage
	Diags       diag.List // revisions that could not be read
}

// ExchangeOptions choose what Exchange reads.
type ExchangeOptions struct {
	Lang string // the language to translate into
	// SourceAt reads the sources as they were at this commit (an import resolves unit
	// IDs against the revision its files were exported from); a page the commit does not
	// have is read from the work tree.
	SourceAt string
}

// Exchange parses every page of the site in its source language and in xo.Lang.
func Exchange(ctx context.Context, opts Options, xo ExchangeOptions) (*ExchangeSite, error) {
	opts.Drafts = true // a draft is translated too, and must not be taken for a missing page
	s, closeRoot, err := open(opts, nil)
	if err != nil {
		return nil, err
	}
	defer closeRoot()
	lang, ok := s.cfg.Lang(xo.Lang)
	if !ok {
		return nil, fmt.Errorf("no language %q in the site", xo.Lang)
	}
	x := &ExchangeSite{Lang: lang, RevisionKey: s.cfg.RevisionKey, Glossary: s.review.Glossary[lang.Code]}
	if head, err := exec.Command("git", "-C", opts.Source, "rev-parse", "HEAD").Output(); err == nil {
		x.Head = strings.TrimSpace(string(head))
		if date, err := exec.Command("git", "-C", opts.Source, "show", "-s", "--format=%cd", "--date=format:%Y-%m-%d %H:%M%z", x.Head).Output(); err == nil {
			x.HeadDate = strings.TrimSpace(string(date))
		}
	}
	var rev *load.Revisions
	if r, err := load.OpenRevisions(opts.Source); err == nil {
		rev = r
		defer rev.Close()
	}
	key := strings.ToLower(s.cfg.RevisionKey)
	for _, g := range s.groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		src := g.Pages[0]
		if src.Lang == lang.Code {
			continue // the language is this page's source
		}
		if src.Err != nil {
			return nil, *src.Err
		}
		srcLang, _ := s.cfg.Lang(src.Lang)
		xp := ExchangePage{Key: reviewKey(g), SourceLang: srcLang, TargetFile: "content/" + lang.Code + "/" + strings.TrimPrefix(src.File, "content/"+src.Lang+"/")}
		md := s.md[src.Lang]
		raw, err := s.sourceAt(rev, xo.SourceAt, src.File)
		if err != nil {
			return nil, err
		}
		if xp.Source, err = exchange.Parse(src.File, raw, md, s.exchangeSetup(src)); err != nil {
			return nil, diag.Errorf(src.File, 1, 0, "front-matter", "%v", err)
		}
		xp.Source.TextKeys = s.cfg.TextKeys
		p := g.Page(lang.Code)
		if p != nil && p.Err != nil {
			x.Diags = append(x.Diags, diag.Warnf(p.File, p.Err.Line, 0, "exchange-kept",
				"the translation cannot be read (%s): the page is neither exported nor imported", p.Err.Message))
			continue
		}
		if p != nil {
			xp.TargetFile = p.File
			raw, err := fs.ReadFile(s.fsys, p.File)
			if err != nil {
				return nil, err
			}
			if xp.Target, err = exchange.Parse(p.File, raw, s.md[lang.Code], s.exchangeSetup(p)); err != nil {
				return nil, diag.Errorf(p.File, 1, 0, "front-matter", "%v", err)
			}
			xp.Target.TextKeys = s.cfg.TextKeys
			if v, ok := p.Meta.Params[key]; ok && v != nil {
				xp.Revision = fmt.Sprint(v)
				xp.Old, err = oldSource(rev, xp.Revision, src.File, md, s.exchangeSetup(src))
				if xp.Old != nil {
					xp.Old.TextKeys = s.cfg.TextKeys
				}
				if err != nil {
					x.Diags = append(x.Diags, diag.Warnf(p.File, p.Meta.Line(key), 0, "revision", "%s %s: %v", s.cfg.RevisionKey, xp.Revision, err))
				}
			}
		}
		x.Pages = append(x.Pages, xp)
	}
	return x, nil
}

// sourceAt reads a source file at commit, or from the work tree when commit is "" or
// does not have it.
func (s *site) sourceAt(rev *load.Revisions, commit, file string) ([]byte, error) {
	if commit != "" && rev != nil {
		if data, err := rev.File(commit, file); err == nil {
			return data, nil
		}
	}
	return fs.ReadFile(s.fsys, file)
}

// oldSource parses the source as it was at commit.
func oldSource(rev *load.Revisions, commit, file string, md *markdown.Parser, setup func(parser.Context)) (*exchange.Page, error) {
	if rev == nil {
		return nil, load.ErrNoRepository
	}
	data, err := rev.File(commit, file)
	if errors.Is(err, load.ErrUnknownRevision) {
		return nil, fmt.Errorf("the repository has no such commit, or %s did not exist in it", file)
	}
	if err != nil {
		return nil, err
	}
	return exchange.Parse(file, data, md, setup)
}

// exchangeSetup prepares the parser's context for page p as revisionStates does: the
// page's shortcode context, and GPU links whose destinations do not matter.
func (s *site) exchangeSetup(p *load.Page) func(parser.Context) {
	return func(pc parser.Context) {
		if s.catalog != nil {
			s.catalog.SetPage(pc, p.Lang, "")
		}
		markdown.SetPage(pc, s.shortcodePage(p, route.URL(p.Lang, p.Path)), &s.pages)
	}
}
