package review

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"

	"github.com/pelletier/go-toml/v2"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// StateFile is the reviewed-state file of a language, relative to the content directory.
func StateFile(locale string) string { return path.Join(locale, ".reviewed.toml") }

// State is what a language's translators have approved: per page and section, the hash of
// the source section they reviewed against (outline.Section.Hash).
type State struct {
	Locale   string
	Accepted []Accepted // sorted by page, then section id
}

// Accepted records one approved section.
type Accepted struct {
	Page    string
	Section string // section id, "" for the intro
	Hash    string
	// Commit is set when the section's state comes from the source revision the
	// translation records (RevisionStates), with the section's text then in Old.
	Commit string
	Old    string
}

// entry returns what is recorded of a section, if anything.
func (s *State) entry(page, section string) (Accepted, bool) {
	i, ok := slices.BinarySearchFunc(s.Accepted, Accepted{Page: page, Section: section}, compareAccepted)
	if !ok {
		return Accepted{}, false
	}
	return s.Accepted[i], true
}

// pageEntries returns what is recorded of page's sections.
func (s *State) pageEntries(page string) []Accepted {
	i, _ := slices.BinarySearchFunc(s.Accepted, Accepted{Page: page}, compareAccepted)
	j := i
	for j < len(s.Accepted) && s.Accepted[j].Page == page {
		j++
	}
	return s.Accepted[i:j]
}

// Merge returns the states with the pages that rev has a state of taken from rev: a
// translation that records its source revision is judged by it, others by their accepted
// state.
func Merge(states, rev []State) []State {
	out := slices.Clone(states)
	for _, r := range rev {
		pages := map[string]bool{}
		for _, a := range r.Accepted {
			pages[a.Page] = true
		}
		st := stateFor(out, r.Locale)
		if st == nil {
			out = append(out, State{Locale: r.Locale})
			st = &out[len(out)-1]
		}
		kept := slices.DeleteFunc(slices.Clone(st.Accepted), func(a Accepted) bool { return pages[a.Page] })
		st.Accepted = append(kept, r.Accepted...)
		slices.SortFunc(st.Accepted, compareAccepted)
	}
	return out
}

func compareAccepted(a, b Accepted) int {
	return cmp.Or(cmp.Compare(a.Page, b.Page), cmp.Compare(a.Section, b.Section))
}

func stateFor(states []State, locale string) *State {
	for i := range states {
		if states[i].Locale == locale {
			return &states[i]
		}
	}
	return nil
}

// Marshal writes the state as TOML: a table per page, one `"section-id" = "hash"` line per
// section, all sorted, so accepting a change shows as a one-line diff.
func (s State) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Reviewed translations for %q, written by `docsite review -accept %s`.\n", s.Locale, s.Locale)
	b.WriteString("# Per page: section id = hash of the source section as the translator approved it.\n")
	page := "\x00"
	for _, a := range s.Accepted {
		if a.Page != page {
			page = a.Page
			fmt.Fprintf(&b, "\n[%s]\n", strconv.Quote(page))
		}
		fmt.Fprintf(&b, "%s = %s\n", strconv.Quote(a.Section), strconv.Quote(a.Hash))
	}
	return b.Bytes()
}

// ParseState reads a state file of locale; file names it in errors.
func ParseState(file, locale string, data []byte) (State, error) {
	var pages map[string]map[string]string
	if err := toml.Unmarshal(data, &pages); err != nil {
		return State{}, diag.TOML(file, 1, err, "reviewed-state", "reviewed-state")[0]
	}
	s := State{Locale: locale}
	for page, secs := range pages {
		for sec, h := range secs {
			s.Accepted = append(s.Accepted, Accepted{Page: page, Section: sec, Hash: h})
		}
	}
	slices.SortFunc(s.Accepted, compareAccepted)
	return s, nil
}

// Accept returns locale's state as approving every section the report aligns in locale, at
// its source's current hash. It replaces the old state whole: entries of sections that no
// longer exist or no longer align go, so the file always describes the content beside it.
func Accept(r *Report, locale string) State {
	s := State{Locale: locale}
	for _, p := range r.Pages {
		tr := p.translation(locale)
		if tr == nil || tr.Missing {
			continue
		}
		for _, sec := range tr.Aligned {
			s.Accepted = append(s.Accepted, Accepted{Page: p.Page, Section: sec.ID, Hash: sec.Hash})
		}
	}
	slices.SortFunc(s.Accepted, compareAccepted)
	return s
}

// ReadStates reads the reviewed-state file of every language that has one: fsys is the site
// root and dir the content directory in it ("content"). A missing file is an empty state.
func ReadStates(fsys fs.FS, dir string, locales []config.Lang) ([]State, error) {
	var out []State
	for _, l := range locales {
		name := path.Join(dir, StateFile(l.Code))
		data, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, diag.Errorf(name, 0, 0, "reviewed-state", "%v", err)
		}
		s, err := ParseState(name, l.Code, data)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
