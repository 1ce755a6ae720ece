package build

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"syscall"

	"docsite/internal/diag"
	"docsite/internal/write"
)

// writeFailure is a file of the site that could not be written, reported at the source
// that makes it (a page, an alias), not as a bare path of the output.
type writeFailure struct {
	file string // the source, and the line whose value makes the file's path (0: none)
	line int
	what string // the file as the source makes it: "its page", "the redirect page of alias /en/x/"
	err  *write.FileError
}

func (w *writeFailure) Error() string { return w.diagnostic().Error() }
func (w *writeFailure) Unwrap() error { return w.err }

// errno is what the file system said, when it said it with a system error (ENOSPC): the
// failures of one cause are reported once.
func (w *writeFailure) errno() syscall.Errno {
	var no syscall.Errno
	errors.As(w.err.Err, &no)
	return no
}

func (w *writeFailure) diagnostic() diag.Diagnostic {
	rel := w.err.Rel
	var msg string
	switch {
	case errors.Is(w.err.Err, write.ErrUnsafePath):
		msg = fmt.Sprintf("%s would be written at %q, which is not a safe path inside the site; nothing was written", w.what, rel)
	case errors.Is(w.err.Err, write.ErrWrittenTwice):
		msg = fmt.Sprintf("%s is written at %s, which another page, alias or file of the site is written at too", w.what, rel)
	default:
		cause := w.err.Err
		var pe *fs.PathError
		if errors.As(cause, &pe) {
			cause = pe.Err // its path is the spare tree's, not one the user knows
		}
		msg = fmt.Sprintf("cannot write %s (%s): %v", w.what, rel, cause)
	}
	return diag.Errorf(w.file, w.line, 0, "build", "%s", msg)
}

// locateWrite turns a failure to write a file of the output into one reported at the
// source file (and line) that makes it; what names that file. Other errors are returned
// as they are.
func locateWrite(err error, file string, line int, what string) error {
	var fe *write.FileError
	if !errors.As(err, &fe) {
		return err
	}
	if !errors.Is(fe.Err, write.ErrUnsafePath) && !errors.Is(fe.Err, write.ErrWrittenTwice) {
		line = 0 // the disk failed, not the value at that line
	}
	return &writeFailure{file: file, line: line, what: what, err: fe}
}

// writeDiags is asDiags of the groups' errors, with the write failures of one system error
// (a full disk fails every page at once) given as one, with their count.
func writeDiags(errs []error) diag.List {
	var out diag.List
	byErrno := map[syscall.Errno][]*writeFailure{}
	for _, err := range errs {
		var wf *writeFailure
		if errors.As(err, &wf) && wf.errno() != 0 {
			byErrno[wf.errno()] = append(byErrno[wf.errno()], wf)
			continue
		}
		out = append(out, asDiags(err)...)
	}
	for _, fails := range byErrno {
		ds := make(diag.List, len(fails))
		for i, wf := range fails {
			ds[i] = wf.diagnostic()
		}
		d := slices.MinFunc(ds, func(a, b diag.Diagnostic) int { return diag.Compare(a, b) })
		if len(ds) > 1 {
			d.Message += fmt.Sprintf(" (and %d more files: the same error)", len(ds)-1)
		}
		out = append(out, d)
	}
	return out
}
