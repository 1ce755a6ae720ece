package diag

import (
	"errors"
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"
)

// Template returns err, an error of parsing or executing the template file name
// (text/template or html/template), as a diagnostic with code "template" at the place it
// names, in the template author's terms: no repeated "template:" prefix, no Go type names.
//
// text/template reports positions only inside its messages ("template: NAME:LINE:COL: …"
// or "template: NAME:LINE: …") and has no structured error; html/template's escaping
// errors carry Name and Line.
func Template(name string, err error) Diagnostic {
	var he *template.Error
	if errors.As(err, &he) && he.Name != "" {
		return Errorf(he.Name, he.Line, 0, "template", "%s", he.Description)
	}
	msg := err.Error()
	if m := templatePos.FindStringSubmatch(strings.SplitN(msg, "\n", 2)[0]); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return Errorf(m[1], line, col, "template", "%s", TemplateMessage(m[4]))
	}
	return Errorf(name, 0, 0, "template", "%s", TemplateMessage(msg))
}

var templatePos = regexp.MustCompile(`^template: ([^:]+):(\d+)(?::(\d+))?: (.*)$`)

// TemplateMessage rewrites a message of text/template in the terms of the template's
// text: `executing "a.html" at <.Page.Foo>: can't evaluate field Foo in type
// *shortcode.Page` becomes `.Page has no field Foo (in {{.Page.Foo}})`.
func TemplateMessage(msg string) string {
	for strings.HasPrefix(msg, "template: ") {
		msg = strings.TrimPrefix(msg, "template: ")
	}
	expr := ""
	if m := executing.FindStringSubmatch(msg); m != nil {
		expr, msg = m[1], m[2]
	}
	if m := noField.FindStringSubmatch(msg); m != nil {
		owner := strings.TrimSuffix(expr, "."+m[1])
		if owner == expr || owner == "" {
			owner = "."
		}
		msg = fmt.Sprintf("%s has no field %s", owner, m[1])
	}
	msg = goType.ReplaceAllString(msg, "a value")
	if expr != "" {
		msg += " (in {{" + expr + "}})"
	}
	return msg
}

var (
	executing = regexp.MustCompile(`^executing "[^"]*" at <(.*?)>: (.*)$`)
	noField   = regexp.MustCompile(`^can't evaluate field (\w+) in type \S+$`)
	// goType is a package-qualified Go type name: *shortcode.Page, []gpu.Offer.
	goType = regexp.MustCompile(`(?:\*|\[\])*\b[a-z][a-z0-9]*\.[A-Z]\w*`)
)
