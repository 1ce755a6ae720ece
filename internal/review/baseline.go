package review

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"docsite/internal/diag"
)

// ID identifies a finding across runs, for baselines: a hash of its language, page,
// section, check and message, and of its Key when it has one. Lines are left out, so a
// finding keeps its identity when text is added above it; an edit that changes what the
// message quotes makes it a new finding, which is what a reviewer wants to see again. No
// two findings of a report share an ID (distinguish).
func (f Finding) ID() string {
	h := sha256.New()
	for _, s := range []string{f.Locale, f.Page, f.Section, f.Check, f.Message} {
		fmt.Fprintf(h, "%d:%s;", len(s), s)
	}
	if f.Key != "" {
		fmt.Fprintf(h, "%d:%s;", len(f.Key), f.Key)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// distinguish gives the findings of fs that would share an ID (the same message about
// several rows of one section, say) a Key that tells them apart: the text of the source
// line each points at; where that is the same too, the text of the target line; where
// that is too, their place among their like ("#2"), in the order of fs. The text of a
// line, not its number, so that an edit elsewhere leaves the IDs as they were (a row
// index or a line number would shift with every row or line added above), and an edit of
// that line makes a new finding, as an edit of what its message quotes does. A finding no
// other shares an ID with keeps the ID it always had. srcText and tgtText are the files'
// text (nil: the line is not read).
func distinguish(fs []Finding, srcText, tgtText []byte) {
	shared := sharedIDs(fs)
	if len(shared) == 0 {
		return // the common case: no ID to tell apart, none to hash again
	}
	for _, group := range shared {
		for _, k := range group {
			fs[k].Key += "source: " + lineText(srcText, fs[k].Source.Line)
		}
	}
	for _, group := range sharedIDs(fs) {
		for _, k := range group {
			fs[k].Key += "\ntarget: " + lineText(tgtText, fs[k].Target.Line)
		}
	}
	numberShared(fs)
}

// numberShared gives the findings of fs that share an ID their place among their like
// ("#2", "#3") in their Key, in the order of fs: what tells apart findings alike in all.
func numberShared(fs []Finding) {
	for _, group := range sharedIDs(fs) {
		for n, k := range group[1:] {
			fs[k].Key += "\n#" + strconv.Itoa(n+2)
		}
	}
}

// sharedIDs lists the indexes of the findings of fs that share an ID, group by group, in
// the order of fs.
func sharedIDs(fs []Finding) [][]int {
	at := make(map[string]int, len(fs)) // ID → its group in groups
	var groups [][]int
	for k := range fs {
		id := fs[k].ID()
		g, ok := at[id]
		if !ok {
			at[id] = len(groups)
			groups = append(groups, []int{k})
			continue
		}
		groups[g] = append(groups[g], k)
	}
	return slices.DeleteFunc(groups, func(g []int) bool { return len(g) < 2 })
}

// lineText is line n of src with its runs of white space as one space ("" for none).
func lineText(src []byte, n int) string {
	if src == nil || n <= 0 {
		return ""
	}
	return strings.Join(strings.Fields(Lines(src, n, n)), " ")
}

// WriteBaseline writes the IDs of the report's findings, one a line with what they say
// after it (for the reader of a diff), sorted by ID.
func WriteBaseline(w io.Writer, r *Report) error {
	lines := make([]string, 0, len(r.Findings))
	for _, f := range r.Findings {
		lines = append(lines, fmt.Sprintf("%s %s %s %s: %s", f.ID(), f.Locale, f.Target, f.Check, oneLine(f.Message)))
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	if _, err := fmt.Fprintf(w, "# docsite review baseline: findings known and accepted; docsite review -baseline FILE reports only others.\n"); err != nil {
		return err
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// ReadBaseline reads the IDs of a baseline file (WriteBaseline); name is for errors.
func ReadBaseline(data []byte, name string) (map[string]bool, error) {
	ids := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		id, _, _ := strings.Cut(t, " ")
		if len(id) != 16 || strings.Trim(id, "0123456789abcdef") != "" {
			return nil, diag.Errorf(name, line, 1, "baseline", "not a finding ID: %q (a line starts with 16 hex digits)", id)
		}
		ids[id] = true
	}
	if err := sc.Err(); err != nil {
		return nil, diag.Errorf(name, 0, 0, "baseline", "%v", err)
	}
	return ids, nil
}

// Without returns the report without the findings whose IDs known holds (-baseline).
func (r *Report) Without(known map[string]bool) *Report {
	out := *r
	out.Findings = slices.DeleteFunc(slices.Clone(r.Findings), func(f Finding) bool { return known[f.ID()] })
	return &out
}

// Filter returns the report with only the findings of the given checks (all when checks
// is empty) and at least severity min (diag.Warning keeps all, diag.Error errors only).
func (r *Report) Filter(checks []string, min diag.Severity) *Report {
	out := *r
	out.Findings = slices.DeleteFunc(slices.Clone(r.Findings), func(f Finding) bool {
		asked := slices.Contains(checks, f.Check) ||
			f.Check == Revision && slices.Contains(checks, Stale) // the stale check could not be made
		return len(checks) > 0 && !asked || f.Severity < min
	})
	return &out
}

// KnownCheck reports whether id names a check (Checks).
func KnownCheck(id string) bool {
	for _, c := range Checks {
		if c.ID == id {
			return true
		}
	}
	return false
}
