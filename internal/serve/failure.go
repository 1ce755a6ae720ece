package serve

import (
	"errors"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// failureLines turns a build error into the lines the overlay and the
// terminal show: "file:line: message" for each diagnostic, else the error's
// own lines.
func failureLines(err error) []string {
	var list diag.ErrorList
	if errors.As(err, &list) {
		return diagnosticLines(list)
	}
	var d diag.Diagnostic
	if errors.As(err, &d) {
		return diagnosticLines(diag.ErrorList{d})
	}
	return strings.Split(strings.TrimRight(err.Error(), "\n"), "\n")
}

func diagnosticLines(list diag.ErrorList) []string {
	sorted := diag.List(slices.Clone(list))
	sorted.Sort()
	var lines []string
	for _, d := range sorted {
		if d.Severity == diag.Error {
			lines = append(lines, diagnosticLine(d))
		}
	}
	if len(lines) == 0 {
		lines = []string{"build failed without an error diagnostic"}
	}
	return lines
}

func diagnosticLine(d diag.Diagnostic) string {
	if d.Code == "" {
		return d.Pos() + ": " + d.Message
	}
	return d.Pos() + ": " + d.Code + ": " + d.Message
}
