package shortcode

import (
	"fmt"
	"html/template"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Hugo template functions shortcode templates can call, besides text/template's own
// (and, or, not, eq, ne, lt, le, gt, ge, index, len, print, printf). These are the
// ones Hugo sites' shortcodes use most: the number after each is how many times the
// shortcode folders (layouts/_shortcodes; the partials they call not counted) of three
// Hugo documentation sites call it: opentelemetry.io (43 templates), google/docsy (24, its
// theme and docsy.dev) and gohugoio/hugoDocs (23), as of August 2026:
//
//	dict 150, default 79, humanize 68, merge 53, slice 38 (Hugo's: a list of its
//	arguments, not Go's slicing), partial 29, append 28, i18n 25 (T's other name),
//	safeHTML 15, cond 14, lower 13, delimit 11, warnf 11, int 11, add 9, replace 9,
//	replaceRE 7, split 6, hasPrefix 5, highlight 4, markdownify 4, isset 4, string 4,
//	trim 2, hasSuffix 2, sub 2, upper 1.
//
// Left out, for now: sort 16 (one site), apply 14 and where 7 (collections of pages),
// site.GetPage 14 (page objects), strings.* and hugo.Data (namespaces; .Site.Data is there).
var hugoFuncs = template.FuncMap{
	"dict":      dict,
	"slice":     func(v ...any) []any { return v },
	"default":   defaultValue,
	"humanize":  humanize,
	"merge":     merge,
	"append":    appendTo,
	"safeHTML":  func(s any) template.HTML { return template.HTML(toString(s)) },
	"cond":      func(c bool, a, b any) any { return map[bool]any{true: a, false: b}[c] },
	"lower":     func(s any) string { return strings.ToLower(toString(s)) },
	"upper":     func(s any) string { return strings.ToUpper(toString(s)) },
	"delimit":   delimit,
	"warnf":     warnf,
	"int":       toInt,
	"add":       func(a, b any) (any, error) { return arith(a, b, '+') },
	"sub":       func(a, b any) (any, error) { return arith(a, b, '-') },
	"replace":   func(s, old, new any) string { return strings.ReplaceAll(toString(s), toString(old), toString(new)) },
	"replaceRE": replaceRE,
	"split":     func(s any, sep string) []string { return strings.Split(toString(s), sep) },
	"hasPrefix": func(s, p any) bool { return strings.HasPrefix(toString(s), toString(p)) },
	"hasSuffix": func(s, p any) bool { return strings.HasSuffix(toString(s), toString(p)) },
	"isset":     isset,
	"string":    toString,
	"trim":      func(s any, cut string) string { return strings.Trim(toString(s), cut) },
}

func toString(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case template.HTML:
		return string(v)
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, fmt.Errorf("dict wants key and value pairs, got %d arguments", len(kv))
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		m[toString(kv[i])] = kv[i+1]
	}
	return m, nil
}

// defaultValue is Hugo's default: v when it is set (not empty, zero or false), else def.
func defaultValue(def any, v ...any) any {
	if len(v) == 0 || !truth(v[0]) {
		return def
	}
	return v[0]
}

func truth(v any) bool {
	if v == nil {
		return false
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.String, reflect.Map, reflect.Slice, reflect.Array:
		return r.Len() > 0
	case reflect.Pointer, reflect.Interface:
		return !r.IsNil()
	}
	return !r.IsZero()
}

// humanize is Hugo's: a number gets its English ordinal suffix ("3rd"); a word has its
// hyphens and underscores made spaces and its first letter capitalised.
func humanize(v any) string {
	if n, err := toInt(v); err == nil {
		if _, isString := v.(string); !isString {
			return strconv.Itoa(n) + ordinal(n)
		}
	}
	s := strings.NewReplacer("-", " ", "_", " ").Replace(toString(v))
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

func ordinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	return [...]string{"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"}[(n%10+10)%10]
}

// merge is Hugo's: the maps merged from left to right, nested maps merged too.
func merge(ms ...map[string]any) map[string]any {
	out := map[string]any{}
	for _, m := range ms {
		for k, v := range m {
			a, aok := out[k].(map[string]any)
			b, bok := v.(map[string]any)
			if aok && bok {
				v = merge(a, b)
			}
			out[k] = v
		}
	}
	return out
}

// appendTo is Hugo's append: the last argument is the list, the others are added to it
// (a list alone is appended element by element).
func appendTo(args ...any) ([]any, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("append wants values and a list")
	}
	var out []any
	list := reflect.ValueOf(args[len(args)-1])
	if list.IsValid() {
		if list.Kind() != reflect.Slice && list.Kind() != reflect.Array {
			return nil, fmt.Errorf("append: the last argument is not a list")
		}
		for i := range list.Len() {
			out = append(out, list.Index(i).Interface())
		}
	}
	vals := args[:len(args)-1]
	if len(vals) == 1 {
		if r := reflect.ValueOf(vals[0]); r.Kind() == reflect.Slice {
			for i := range r.Len() {
				out = append(out, r.Index(i).Interface())
			}
			return out, nil
		}
	}
	return append(out, vals...), nil
}

// delimit joins a list (or a map's values, by key order) with sep, and last before the
// final element when given.
func delimit(list any, sep string, last ...string) (string, error) {
	r := reflect.ValueOf(list)
	var parts []string
	switch r.Kind() {
	case reflect.Slice, reflect.Array:
		for i := range r.Len() {
			parts = append(parts, toString(r.Index(i).Interface()))
		}
	case reflect.Map:
		keys := r.MapKeys()
		strs := make([]string, len(keys))
		for i, k := range keys {
			strs[i] = toString(k.Interface())
		}
		byKey := map[string]reflect.Value{}
		for i, k := range keys {
			byKey[strs[i]] = r.MapIndex(k)
		}
		slices.Sort(strs)
		for _, k := range strs {
			parts = append(parts, toString(byKey[k].Interface()))
		}
	default:
		return "", fmt.Errorf("delimit: not a list")
	}
	if len(last) > 0 && len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], sep) + last[0] + parts[len(parts)-1], nil
	}
	return strings.Join(parts, sep), nil
}

func toInt(v any) (int, error) {
	switch v := v.(type) {
	case int:
		return v, nil
	case int64:
		return int(v), nil
	case float64:
		return int(v), nil
	case string:
		return strconv.Atoi(strings.TrimSpace(v))
	case bool:
		if v {
			return 1, nil
		}
		return 0, nil
	}
	return 0, fmt.Errorf("int: cannot make a number of %T", v)
}

func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f, err == nil
	}
	return 0, false
}

// arith adds or subtracts: whole numbers stay whole.
func arith(a, b any, op byte) (any, error) {
	x, ok1 := toFloat(a)
	y, ok2 := toFloat(b)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%c: %v and %v are not both numbers", op, a, b)
	}
	r := x + y
	if op == '-' {
		r = x - y
	}
	if _, ai := a.(float64); !ai {
		if _, bi := b.(float64); !bi && r == float64(int(r)) {
			return int(r), nil
		}
	}
	return r, nil
}

func replaceRE(pattern, repl string, s any) (string, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", err
	}
	return re.ReplaceAllString(toString(s), repl), nil
}

// isset reports whether a map has key, or a list index key.
func isset(c any, key any) bool {
	r := reflect.ValueOf(c)
	switch r.Kind() {
	case reflect.Map:
		k := reflect.ValueOf(key)
		if !k.IsValid() || !k.Type().AssignableTo(r.Type().Key()) {
			if s, ok := key.(string); ok && r.Type().Key().Kind() == reflect.String {
				k = reflect.ValueOf(s).Convert(r.Type().Key())
			} else {
				return false
			}
		}
		return r.MapIndex(k).IsValid()
	case reflect.Slice, reflect.Array:
		n, err := toInt(key)
		return err == nil && n >= 0 && n < r.Len()
	}
	return false
}

// Warnings a template raises with warnf travel in its output between these marks (a
// template function does not know the call it runs for); Run takes them out.
const warnOpen, warnClose = "\uE000warnf:", "\uE001"

func warnf(format string, args ...any) template.HTML {
	msg := strings.NewReplacer(warnOpen, "", warnClose, "").Replace(fmt.Sprintf(format, args...))
	return template.HTML(warnOpen + msg + warnClose)
}

// takeWarnings removes the warnf marks from a template's output, recording each warning.
func (c *Context) takeWarnings(out string) string {
	for {
		i := strings.Index(out, warnOpen)
		if i < 0 {
			return out
		}
		j := strings.Index(out[i:], warnClose)
		if j < 0 {
			return out[:i]
		}
		c.warnings = append(c.warnings, out[i+len(warnOpen):i+j])
		out = out[:i] + out[i+j+len(warnClose):]
	}
}
