// Package review checks translations against their source and reports findings as plain data.
//
// It finds, section by section, what is missing, wrong or stale in each translation; the
// report is written as text, JSON or HTML by thin writers. Page reviews one page in every
// language; a Tally folds page results into the site's report and keeps it up to date as
// pages are reviewed again (the preview server's rebuilds), and Assemble is a Tally filled
// once.
//
// # Pages and sources
//
// Pages pair across languages by their page key (the path under content/<lang>/). A page's
// source is its default-language version. Every other language's version is aligned
// against the source (package align) and checked; a language without one gets
// missing-page. A page the default language lacks is an orphan: translations whose source
// was renamed or removed, published only in their own languages. Each of its versions is
// reported orphan (naming, when Input.Gone knows it, the source file git saw go); its
// versions are still aligned against the first of them (in site order), so that they
// share their sections' anchors, but no language is missing it.
//
// # Checks
//
// Finding ids are part of the interface. Errors are what a reader of the translation would
// get wrong or not get at all; warnings are what may be intended, or is a heuristic.
//
//	check            severity  reported when
//	missing-page     warning   the page has no version in the language; the site shows the source with a notice
//	page-error       error     the language's version cannot be built (a dead ref, bad front matter); the
//	                           site shows the source instead, and the rest of the review goes on
//	missing-section  error     a source section has no counterpart
//	extra-section    warning   a section of the translation has no counterpart in the source
//	missing-block    error     a block of an aligned section has no counterpart
//	extra-block      warning   a block of the translation has no counterpart
//	table-shape      error     aligned tables differ in row or column count
//	missing-row      error     a source table row has no counterpart in the aligned table
//	number-mismatch  error     aligned blocks or table rows hold different numbers (after width
//	                           folding and NFKC: "１２５.６" = "125.6", "6,144" = "6144", "M 40" = "M40";
//	                           single-digit integers are not compared: "one" → "1つ", "2." → "(二)";
//	                           versions are compared as written: "2.30.0", "v0.110")
//	untranslated     error     a sentence of the translation equals one of the source, or is written in
//	                           the source's script where the language does not use it (a warning in a
//	                           table column the translation keeps whole, or for a likely term)
//	length-ratio     warning   a block or cell says 2.5 times more or less than its source, relative to
//	                           the median ratio of the language pair across the site (outline.Weight)
//	link-mismatch    warning   aligned blocks link to or show different targets
//	syntax           warning   a callout of the source and one of the translation, both without a
//	                           counterpart, next to each other and written differently ({{% alert %}},
//	                           > [!NOTE]): the same note, in the syntax the source moved to
//	stale            warning   the source section changed since the translation was accepted
//	revision         error     the source commit the translation records cannot be read (added by
//	                           the build package): its stale sections cannot be told
//	orphan           warning   a translation without a source: the page has no default-language version
//	new              warning   the source section was added since the source revision the translation
//	                           records (no section of that revision has its id or most of its text)
//
// # Use
//
// The review command calls Run (or Page per page, then Assemble), then Accept for -accept,
// ForLocale for -lang, WriteText or WriteJSON, and HasErrors for -strict. A build streams:
// per page group, after parsing and before rendering, Page gives every heading the id of its
// section's source heading (so /ja/p/#why-x works and the language switcher can keep the
// fragment) and PageReview.StaleSections tells the renderer which translated sections need
// the notice that their source changed; once the page is written, WritePage writes its
// review page and Compact drops the alignment, so the build holds only a small summary per
// page. At the end Assemble makes the report and WriteIndex writes _review/index.html, which
// also lists the length-ratio outliers (judged against site-wide medians, they are known only
// then). Run keeps every alignment, and WriteHTML writes the index and every review page.
//
// # Reviewed state
//
// `docsite review -accept LANG` records, for each aligned section of each page in LANG, a
// hash of the source section as it is now (Accept, State.Marshal) in content/LANG/.reviewed.toml.
// When a source section's hash later differs from the recorded one, that section — and no
// other — is stale in LANG. Report.Stale answers the same question for the renderer.
package review

import (
	"docsite/internal/align"
	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/outline"

	"github.com/yuin/goldmark/ast"
)

// Check ids.
const (
	MissingPage    = "missing-page"
	PageError      = "page-error"
	MissingSection = "missing-section"
	ExtraSection   = "extra-section"
	MissingBlock   = "missing-block"
	ExtraBlock     = "extra-block"
	TableShape     = "table-shape"
	MissingRow     = "missing-row"
	NumberMismatch = "number-mismatch"
	Untranslated   = "untranslated"
	LengthRatio    = "length-ratio"
	LinkMismatch   = "link-mismatch"
	Syntax         = "syntax"
	Stale          = "stale"
	// Revision: the source revision a translation records cannot be read, so its stale
	// sections cannot be told (see build's revision warning).
	Revision = "revision"
	Orphan   = "orphan"
	New      = "new"
)

// Checks lists every check id with its severity, in the order of the package documentation.
var Checks = []struct {
	ID       string
	Severity diag.Severity
}{
	{MissingPage, diag.Warning},
	{PageError, diag.Error},
	{MissingSection, diag.Error},
	{ExtraSection, diag.Warning},
	{MissingBlock, diag.Error},
	{ExtraBlock, diag.Warning},
	{TableShape, diag.Error},
	{MissingRow, diag.Error},
	{NumberMismatch, diag.Error},
	{Untranslated, diag.Error},
	{LengthRatio, diag.Warning},
	{LinkMismatch, diag.Warning},
	{Syntax, diag.Warning},
	{Stale, diag.Warning},
	{Revision, diag.Error},
	{Orphan, diag.Warning},
	{New, diag.Warning},
}

// SeverityOf returns the severity of a check id.
func SeverityOf(check string) diag.Severity {
	for _, c := range Checks {
		if c.ID == check {
			return c.Severity
		}
	}
	return diag.Error
}

// Doc is one language version of a page, as parsed by the markdown stage.
type Doc struct {
	Locale string   // content folder code, e.g. "ja"
	Page   string   // page key shared by all its languages, e.g. "gpu-cloud" or "guide/install"
	File   string   // the file as findings name it, e.g. "content/ja/gpu-cloud.md"
	Root   ast.Node // the goldmark document
	Src    []byte   // the source it was parsed from, front matter blanked
	// Errs, when set, are why this version cannot be built (Root and Src are then nil): it
	// is reviewed as missing, with one page-error finding naming the first of them.
	Errs diag.List
}

// Input is everything a review needs.
type Input struct {
	Default string        // the default language's code
	Locales []config.Lang // every language, in site order: the review reads Code and BCP47
	Docs    []Doc
	States  []State // reviewed state of any languages that have one
	// Glossary holds each language's terms kept as in the source (ReadGlossaries).
	Glossary map[string][]string
	// AlignOnly aligns the versions' sections (not their blocks and rows) and marks stale
	// sections but runs no other check: for a build that writes no review, which needs the
	// shared anchors and the stale notices but would throw the findings away. A
	// translation's Done then counts no blocks.
	AlignOnly bool
	// Gone, when set, names the default-language file a missing source most likely was
	// (want is where it would be) and what it became ("" when removed): see load.Gone.
	Gone func(want string) (from, to string, ok bool)
}

// Report is the outcome of a review.
type Report struct {
	Source   string          `json:"source"` // the default language
	Locales  []LocaleSummary `json:"locales"`
	Findings []Finding       `json:"findings"`
	// Pages holds what the summary, the HTML index, Stale and Accept need of each page.
	Pages []PageReview  `json:"-"`
	Langs []config.Lang `json:"-"`
	// RevisionKey is the front matter key in which translations record their source's
	// commit (config.Resolved.RevisionKey); RevisionKeyUsed is set when site.toml names it
	// or a translation has it, and -accept then writes it instead of .reviewed.toml.
	RevisionKey     string `json:"-"`
	RevisionKeyUsed bool   `json:"-"`
	// results are the pages' results; WriteHTML writes the review page of those that still
	// hold their alignment (Run keeps it, a build releases it once it wrote the page).
	results []*PageResult
}

// LocaleSummary is the state of one language across the site.
type LocaleSummary struct {
	Locale     string  `json:"locale"`
	Pages      int     `json:"pages"`      // pages of the site
	Translated int     `json:"translated"` // pages with a version in this language
	StandIns   int     `json:"standIns"`   // pages shown from their source (stand-ins)
	Complete   float64 `json:"complete"`   // percent of source blocks translated and not stale
	Sections   int     `json:"-"`          // source sections of the pages this language translates
	Aligned    int     `json:"-"`          // of which have a counterpart
}

// Finding is one problem, located in the source and in the translation.
type Finding struct {
	Check    string        `json:"check"`
	Severity diag.Severity `json:"-"`
	Locale   string        `json:"locale"`
	Page     string        `json:"page"`
	Section  string        `json:"section"` // the section's id, "" for the intro
	Source   Pos           `json:"source"`
	Target   Pos           `json:"target"`
	Message  string        `json:"message"`
	// Diff is, for a stale section judged by the source revision the translation records,
	// how the source section changed since: "-" old lines, "+" new ones.
	Diff string `json:"diff,omitempty"`
	// Key tells the finding from others of its page, section and check with the same
	// message, when there are such; its ID hashes it (distinguish).
	Key string `json:"-"`
}

// Pos is a place in a file; Line 0 means the whole file (or a file that does not exist).
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

// Diagnostic returns the finding as a diagnostic located in the translation, for build output.
func (f Finding) Diagnostic() diag.Diagnostic {
	return diag.Diagnostic{File: f.Target.File, Line: f.Target.Line, Severity: f.Severity, Code: f.Check, Message: f.Message}
}

// PageReview is what a report keeps of one page once its alignment is released: its
// languages, counts for the summary, and per translation the stale sections and the source
// hashes of the aligned sections (for Accept). It stays small however long the page is.
type PageReview struct {
	Page         string
	Source       string              // the source's language
	File         string              // the source's file
	Blocks       int                 // blocks of the source
	Sections     int                 // sections of the source
	Translations []TranslationReview // in site order, every language but the source's
}

// TranslationReview is one language's translation of a page, as the report keeps it.
type TranslationReview struct {
	Locale  string
	File    string        // where the translation is, or would be when Missing
	Missing bool          // the page has no version in this language
	Stale   []string      // ids of the sections that are stale, in page order
	Aligned []SectionHash // the source sections with a counterpart, in page order
	Done    int           // source blocks with a counterpart in a section that is not stale
}

// SectionHash is an aligned source section: its id and outline.Section.Hash.
type SectionHash struct{ ID, Hash string }

// pageDetail is a page's full review: outlines and alignments, for its HTML review page.
type pageDetail struct {
	Page         string
	Source       version
	Translations []translation // in site order; Align is nil for a missing version
	langs        []config.Lang
}

// version is one language version of a page, outlined.
type version struct {
	Locale  string
	File    string
	Outline *outline.Page
}

// translation is a translation and its alignment against the source.
type translation struct {
	version
	Align *align.Page // nil when the page is missing in this language
	Stale []string    // ids of the sections that are stale, in page order
}
