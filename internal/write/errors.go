package write

import "errors"

// FileError is a failure to write one file of the tree: the build reports it at the
// source that made the file (a page, an alias), found by Rel.
type FileError struct {
	Rel string // the file's path in the tree
	Err error  // ErrUnsafePath, ErrWrittenTwice, or what the file system said
}

func (e *FileError) Error() string { return "write: " + e.Rel + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

var (
	// ErrUnsafePath: the path is not clean, relative and slash-separated inside the tree.
	ErrUnsafePath = errors.New("not a clean relative slash-separated path inside the site")
	// ErrWrittenTwice: two files of one build have the same path.
	ErrWrittenTwice = errors.New("written twice")
)
