package write

import (
	"io/fs"
	"maps"
	"sync"
)

// Memory collects a built site in memory, for the preview server and tests. It is safe
// for concurrent use.
type Memory struct {
	mu    sync.Mutex
	files map[string][]byte
}

// NewMemory returns an empty in-memory tree.
func NewMemory() *Memory { return &Memory{files: map[string][]byte{}} }

// WriteFile stores data at the slash path rel, which must be clean as Tree.WriteFile
// wants it: "en/../index.html" is refused, not stored as "index.html".
func (m *Memory) WriteFile(rel string, data []byte) error {
	if !validRel(rel) {
		return &FileError{Rel: rel, Err: ErrUnsafePath}
	}
	m.mu.Lock()
	m.files[rel] = data
	m.mu.Unlock()
	return nil
}

// Files returns the stored files by path; the map is the Memory's own, do not modify it
// while writes go on.
func (m *Memory) Files() map[string][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.files
}

// FS returns a read-only file system of the files written so far.
func (m *Memory) FS() fs.FS {
	m.mu.Lock()
	defer m.mu.Unlock()
	return NewFiles(maps.Clone(m.files))
}
