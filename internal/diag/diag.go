// Package diag defines the one diagnostic type every stage reports with: file:line:col, a code and a message.
//
// Codes documents every code (codes.go): what it means, an example, and the fix. TOML turns
// go-toml's decode errors into diagnostics at their line and column (toml.go).
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity says whether a diagnostic stops the build.
type Severity int

const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// Diagnostic is a problem found in an input, located where a user can fix it.
// Line and Col are 1-based; zero means unknown.
type Diagnostic struct {
	File     string
	Line     int
	Col      int
	Severity Severity
	Code     string // short stable identifier, e.g. "front-matter", "table-repair"; see Codes
	Message  string
}

// Pos returns "file:line:col", leaving out the parts that are unknown.
func (d Diagnostic) Pos() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Col > 0 {
			fmt.Fprintf(&b, ":%d", d.Col)
		}
	}
	return b.String()
}

// Error formats the diagnostic as "file:line:col: severity: code: message".
func (d Diagnostic) Error() string {
	if d.Code == "" {
		return fmt.Sprintf("%s: %s: %s", d.Pos(), d.Severity, d.Message)
	}
	return fmt.Sprintf("%s: %s: %s: %s", d.Pos(), d.Severity, d.Code, d.Message)
}

// Errorf makes an error diagnostic.
func Errorf(file string, line, col int, code, format string, args ...any) Diagnostic {
	return Diagnostic{File: file, Line: line, Col: col, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Warnf makes a warning diagnostic.
func Warnf(file string, line, col int, code, format string, args ...any) Diagnostic {
	return Diagnostic{File: file, Line: line, Col: col, Severity: Warning, Code: code, Message: fmt.Sprintf(format, args...)}
}

// List is a set of diagnostics; its zero value is ready to use.
type List []Diagnostic

// HasErrors reports whether any diagnostic in l is an error.
func (l List) HasErrors() bool {
	return slices.ContainsFunc(l, func(d Diagnostic) bool { return d.Severity == Error })
}

// Sort orders l by Compare, so output does not depend on the order in which concurrent
// stages reported.
func (l List) Sort() { slices.SortStableFunc(l, Compare) }

// Compare orders diagnostics by file, line, column, code and message.
func Compare(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.Code, b.Code),
		cmp.Compare(a.Message, b.Message),
	)
}

// Err returns l as an error when it holds at least one error diagnostic, else nil.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return ErrorList(l)
}

// ErrorList is a List used as an error value; its message lists the errors one per line.
type ErrorList List

func (e ErrorList) Error() string {
	var b strings.Builder
	for _, d := range e {
		if d.Severity != Error {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}
