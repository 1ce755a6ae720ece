package load

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"docsite/internal/route"
)

// FrontMatter is the metadata a page declares on top (see splitFrontMatter for the
// formats). The keys below are typed, with Hugo's names and meanings; a known key of
// another type is an error at its line. Every other key is kept in Params.
type FrontMatter struct {
	Title          string
	LinkTitle      string // the page's title in navigation, when shorter than Title
	Description    string
	Weight         int // reading order among siblings: lower first, 0 (unset) last
	Date, Lastmod  time.Time
	Draft          bool
	Aliases        []string // former URLs of the page, each to redirect here
	TranslationKey string
	Slug           string // replaces the last segment of the page's URL
	Tags           []string
	// PublishDate and ExpiryDate bound when the page is published (zero: no bound):
	// a build leaves it out before the one and from the other on (build -future,
	// -expired keep it).
	PublishDate, ExpiryDate time.Time
	// Build is Hugo's build options: whether the page is written and listed.
	Build BuildOptions
	// Headless: the page (a bundle's index) is neither written nor listed.
	Headless bool
	// Params holds every other key, its value as decoded (maps, lists, text, numbers,
	// booleans, dates), keys lowercased at every depth as Hugo does, so that a template
	// reads .Params.somekey whatever case the author wrote. The entries of a params map
	// (Hugo's newer place for them) are merged in, and win.
	Params map[string]any
	// Lines are the file lines of the keys as written, lowercased: for diagnostics
	// about a key.
	Lines map[string]int
	// KeyLine is the line of the file that sets translationKey (0 when none does).
	KeyLine int
}

// Line returns the file line that sets key (any case), or 0.
func (fm *FrontMatter) Line(key string) int { return fm.Lines[strings.ToLower(key)] }

// set fills fm from the decoded top-level entries of a block.
func (fm *FrontMatter) set(entries []entry) error {
	var nested map[string]any
	seen := make(map[string]entry, len(entries))
	for _, e := range entries {
		k := strings.ToLower(e.key)
		if first, ok := seen[k]; ok {
			return twiceError(e, first)
		}
		seen[k] = e
		if fm.Lines == nil {
			fm.Lines = map[string]int{}
		}
		fm.Lines[k] = e.line
		var err error
		switch k {
		case "title":
			fm.Title, err = text(e)
		case "linktitle":
			fm.LinkTitle, err = text(e)
		case "description":
			fm.Description, err = text(e)
		case "translationkey":
			fm.TranslationKey, err = text(e)
			fm.KeyLine = e.line
		case "slug":
			fm.Slug, err = text(e)
			if why := route.SlugProblem(fm.Slug); err == nil && fm.Slug != "" && why != "" {
				err = valueError(e, "%q %s", fm.Slug, why)
			}
		case "weight":
			fm.Weight, err = integer(e)
		case "draft":
			b, ok := e.value.(bool)
			if !ok {
				err = typeError(e, "true or false")
			}
			fm.Draft = b
		case "date":
			fm.Date, err = date(e)
		case "lastmod":
			fm.Lastmod, err = date(e)
		case "publishdate", "pubdate", "published":
			fm.PublishDate, err = date(e)
		case "expirydate", "unpublishdate":
			fm.ExpiryDate, err = date(e)
		case "headless":
			b, ok := e.value.(bool)
			if !ok {
				err = typeError(e, "true or false")
			}
			fm.Headless = b
		case "build", "_build":
			fm.Build, err = buildOptions(e)
		case "aliases":
			fm.Aliases, err = texts(e)
			if err == nil {
				err = checkAliases(e, fm.Aliases)
			}
		case "tags":
			fm.Tags, err = texts(e)
		case "params":
			m, ok := lower(e.value).(map[string]any)
			if !ok {
				err = typeError(e, "a map of keys")
			}
			nested = m
		default:
			if fm.Params == nil {
				fm.Params = map[string]any{}
			}
			fm.Params[k] = lower(e.value)
		}
		if err != nil {
			return err
		}
	}
	for k, v := range nested {
		if fm.Params == nil {
			fm.Params = map[string]any{}
		}
		fm.Params[k] = v
	}
	return nil
}

// BuildOptions are Hugo's build front matter: Render is "always" (the default), "never"
// (the page is not written) or "link" (not written, but its URL stays); List is
// "always" (the default), "never" (in no listing) or "local" (in its section's listing
// only). Zero values mean the defaults.
type BuildOptions struct {
	Render, List string
}

// buildOptions reads build: {render, list}; Hugo's older booleans mean always / never.
func buildOptions(e entry) (BuildOptions, error) {
	m, ok := lower(e.value).(map[string]any)
	if !ok {
		return BuildOptions{}, typeError(e, "a map with render and list")
	}
	var b BuildOptions
	for k, v := range m {
		var s string
		switch v := v.(type) {
		case bool:
			s = map[bool]string{true: "always", false: "never"}[v]
		case string:
			s = strings.ToLower(v)
		default:
			return b, valueError(e, "%s: want text, got %s", k, describe(v))
		}
		switch strings.ToLower(k) {
		case "render":
			if s != "always" && s != "never" && s != "link" {
				return b, valueError(e, "render: %q is not always, never or link", s)
			}
			b.Render = s
		case "list":
			if s != "always" && s != "never" && s != "local" {
				return b, valueError(e, "list: %q is not always, never or local", s)
			}
			b.List = s
		}
	}
	return b, nil
}

// typeError is the error for a known key whose value is not of the type want describes.
func typeError(e entry, want string) error {
	return &fmError{line: e.line, col: e.col,
		msg: fmt.Sprintf("front matter: %s: want %s, got %s", e.key, want, describe(e.value))}
}

// twiceError is the error for key e set again after first, in the same spelling or,
// since keys match whatever their case, in another: one of the values would be lost.
func twiceError(e, first entry) error {
	again := ""
	if e.key != first.key {
		again = fmt.Sprintf(" as %q (keys match whatever their case)", first.key)
	}
	return &fmError{line: e.line, col: e.col,
		msg: fmt.Sprintf("front matter: key %q is set twice: first at line %d%s; keep one", e.key, first.line, again)}
}

// valueError is the error for a known key whose value is of the right type but cannot
// be used.
func valueError(e entry, format string, args ...any) error {
	return &fmError{line: e.line, col: e.col, msg: "front matter: " + e.key + ": " + fmt.Sprintf(format, args...)}
}

// checkAliases refuses an alias with a folder or file name that is not a safe URL
// segment (route.Segment); "." and ".." lead from the page's folder, as in a path, and
// empty segments (a leading, trailing or doubled slash) are ignored.
func checkAliases(e entry, aliases []string) error {
	for _, a := range aliases {
		for seg := range strings.SplitSeq(a, "/") {
			if seg == "" || seg == "." || seg == ".." {
				continue
			}
			if why := route.Segment(seg); why != "" {
				return valueError(e, "alias %q: %q %s", a, seg, why)
			}
		}
	}
	return nil
}

// describe names a decoded value for messages: its kind and, if short, itself.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		if len(v) > 40 {
			v = v[:37] + "..."
		}
		return fmt.Sprintf("text %q", v)
	case bool:
		return fmt.Sprintf("boolean %t", v)
	case map[string]any, map[any]any:
		return "a map"
	case []any:
		return "a list"
	case int, int64, uint64, float64:
		return fmt.Sprintf("number %v", v)
	}
	return fmt.Sprintf("%v", v)
}

// text reads a text key. A number or boolean is taken as written (title: 2024), as Hugo
// does; a list or map is an error.
func text(e entry) (string, error) {
	switch v := e.value.(type) {
	case string:
		return v, nil
	case int, int64, uint64, float64, bool:
		return fmt.Sprint(v), nil
	case nil:
		return "", nil
	}
	return "", typeError(e, "text")
}

// integer reads an integer key.
func integer(e entry) (int, error) {
	switch v := e.value.(type) {
	case int:
		return v, nil
	case int64:
		if v >= math.MinInt32 && v <= math.MaxInt32 {
			return int(v), nil
		}
	case uint64:
		if v <= math.MaxInt32 {
			return int(v), nil
		}
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= math.MaxInt32 {
			return int(v), nil
		}
	case nil:
		return 0, nil
	}
	return 0, typeError(e, "a whole number")
}

// texts reads a list of text; a single text is a list of one.
func texts(e entry) ([]string, error) {
	switch v := e.value.(type) {
	case string:
		return []string{v}, nil
	case nil:
		return nil, nil
	case []any:
		out := make([]string, 0, len(v))
		for _, item := range v {
			s, err := text(entry{key: e.key, value: item, line: e.line, col: e.col})
			if err != nil {
				return nil, typeError(e, "a list of text")
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, typeError(e, "a list of text")
}

// dateLayouts are the forms a date may be written in, as text: RFC 3339 and its
// shortenings, the ones Hugo sites use.
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 -07:00",
	"2006-01-02 15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	"2006-01-02",
}

// date reads a date key: a TOML date or date-time, or text in one of dateLayouts. A date
// without a zone is UTC.
func date(e entry) (time.Time, error) {
	switch v := e.value.(type) {
	case time.Time:
		return v, nil
	case toml.LocalDate:
		return v.AsTime(time.UTC), nil
	case toml.LocalDateTime:
		return v.AsTime(time.UTC), nil
	case nil:
		return time.Time{}, nil
	case string:
		s := strings.TrimSpace(v)
		for _, layout := range dateLayouts {
			if t, err := time.Parse(layout, s); err == nil {
				return t, nil
			}
		}
	}
	return time.Time{}, typeError(e, "a date such as 2024-05-31 or 2024-05-31T14:00:00Z")
}
