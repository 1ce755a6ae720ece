// Package cache keeps, between builds, what a build made of each page group, so that a
// rebuild does not read, parse, align or render again a page whose inputs did not change.
//
// The cache is a folder (by default under the user's cache directory) holding one folder
// per site and destination (Folder), and in each the files the last build wrote (the
// build names them): entries files, a header and a gob stream of keyed values (Read,
// Write), and blobs files, a header and keyed byte strings read in place (blobs.go).
// What a key covers is the build's business (package build); this package makes sure
// that only what a build of this very docsite executable wrote is ever read back, and
// only when every byte of it is as written:
//
//   - the header holds a version: the SHA-256 of the docsite executable, so a cache made
//     by another build of docsite is never decoded;
//   - the header holds the payload's length and CRC-32C, checked before anything is
//     decoded: a truncated or damaged file is ignored, never trusted;
//   - a file is written under a temporary name and renamed into place, so that two builds
//     sharing a folder, or a build killed while writing, leave the last whole file.
//
// The cache stays bounded: each build replaces its folder's files with the entries it
// used, and folders that no build used for Unused are removed (Prune), if they hold
// nothing but docsite's cache files.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Key identifies what a cached value was made from.
type Key [sha256.Size]byte

// Unused is how long a site's folder is kept after the last build that used it.
const Unused = 30 * 24 * time.Hour

const (
	magic      = "docsite-cache-1\n" // 16 bytes; the number changes with the header's layout
	headerSize = len(magic) + sha256.Size + 8 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Folder returns the folder under root that holds the cache of the site at source built
// into dest: one per pair, so that builds of one site into two places do not replace
// each other's entries.
func Folder(root, source, dest string) string {
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	sum := sha256.Sum256([]byte(abs(source) + "\x00" + abs(dest)))
	return filepath.Join(root, hex.EncodeToString(sum[:8]))
}

// DefaultRoot is the cache root when none is given: docsite under the user's cache
// directory ($XDG_CACHE_HOME, ~/.cache, …).
func DefaultRoot() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "docsite"), nil
}

// Version identifies this docsite executable: the SHA-256 of its file, read once.
func Version() (Key, error) {
	versionOnce.Do(func() {
		var exe string
		if exe, versionErr = os.Executable(); versionErr != nil {
			return
		}
		var f *os.File
		if f, versionErr = os.Open(exe); versionErr != nil {
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, versionErr = io.Copy(h, f); versionErr == nil {
			h.Sum(version[:0])
		}
	})
	return version, versionErr
}

var (
	versionOnce sync.Once
	version     Key
	versionErr  error
)

// entry is one keyed value in the gob stream, which starts with their number.
type entry[T any] struct {
	Key   Key
	Value T
}

// Read returns the values of the entries of file name in folder dir whose keys want
// accepts. A file not written yet gives none and no error; an error says why the
// entries were ignored (unreadable, not a cache file, another docsite version, damaged):
// the caller goes on without them.
func Read[T any](dir, name string, version Key, want func(Key) bool) (map[Key]T, error) {
	payload, name, err := readPayload(dir, name, magic, version)
	if payload == nil || err != nil {
		return nil, err
	}
	dec := gob.NewDecoder(bytes.NewReader(payload))
	var n int
	if err := dec.Decode(&n); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out := map[Key]T{}
	for range n {
		var e entry[T]
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if want(e.Key) {
			out[e.Key] = e.Value
		}
	}
	return out, nil
}

// Write replaces file name of folder dir with the entries of values, in the order of keys;
// a key missing from values is skipped. The folder is made if needed; the file is written
// under a temporary name and renamed into place.
func Write[T any](dir, name string, version Key, keys []Key, values map[Key]T) error {
	return writeFile(dir, name, magic, version, func(w io.Writer) error {
		enc := gob.NewEncoder(w)
		n := 0
		for _, k := range keys {
			if _, ok := values[k]; ok {
				n++
			}
		}
		if err := enc.Encode(n); err != nil {
			return err
		}
		for _, k := range keys {
			if v, ok := values[k]; ok {
				if err := enc.Encode(entry[T]{k, v}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// readPayload reads file name of folder dir whole and checks it (checkBytes). It returns
// the payload (nil, with no error, when the file does not exist) and the file's path.
func readPayload(dir, name, magic string, version Key) ([]byte, string, error) {
	name = filepath.Join(dir, name)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, name, nil
	}
	if err != nil {
		return nil, name, err
	}
	payload, err := checkBytes(data, magic, version)
	if err != nil {
		return nil, name, fmt.Errorf("%s: %w", name, err)
	}
	if payload == nil {
		payload = []byte{}
	}
	return payload, name, nil
}

// header is a file's header: magic, version, the payload's length and CRC-32C.
func header(magic string, version Key, length uint64, sum uint32) []byte {
	h := make([]byte, headerSize)
	copy(h, magic)
	copy(h[len(magic):], version[:])
	binary.LittleEndian.PutUint64(h[len(magic)+sha256.Size:], length)
	binary.LittleEndian.PutUint32(h[len(magic)+sha256.Size+8:], sum)
	return h
}

// checkBytes checks a whole file read into data against its header and returns its
// payload.
func checkBytes(data []byte, magic string, version Key) ([]byte, error) {
	if len(data) < headerSize || string(data[:len(magic)]) != magic {
		return nil, errors.New("not a docsite cache file")
	}
	rest := data[len(magic):]
	if Key(rest[:sha256.Size]) != version {
		return nil, errors.New("written by another docsite version")
	}
	rest = rest[sha256.Size:]
	length, sum := binary.LittleEndian.Uint64(rest), binary.LittleEndian.Uint32(rest[8:])
	payload := data[headerSize:]
	if uint64(len(payload)) != length {
		return nil, errors.New("damaged (its length is not the one recorded)")
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return nil, errors.New("damaged (its checksum does not match)")
	}
	return payload, nil
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// Prune removes the site folders under root that no build used for Unused, and from the
// folder keep (the build's own) the temporary files a killed build left an hour or more
// ago. What it cannot remove it leaves.
//
// root is whatever -cache names, which may hold other programs' folders (-cache ~/.cache,
// -cache .): a folder is removed only when it is one of docsite's (ownFolder), and then
// file by file, so that a file someone puts there meanwhile keeps it.
func Prune(root, keep string, now time.Time) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if !e.IsDir() || dir == keep {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > Unused {
			if files, ok := ownFolder(dir); ok {
				for _, f := range files {
					os.Remove(filepath.Join(dir, f))
				}
				os.Remove(dir)
			}
		}
	}
	tmps, _ := filepath.Glob(filepath.Join(keep, "*.tmp"))
	for _, name := range tmps {
		if info, err := os.Stat(name); err == nil && now.Sub(info.ModTime()) > time.Hour {
			os.Remove(name)
		}
	}
}

// ownFolder says whether dir is a site folder a docsite build made, and lists its files:
// it is named as Folder names them, and holds nothing but regular files, each a cache
// file of some docsite version (its header starts with one of ownPrefixes) or a
// temporary file of one (…-<digits>.tmp), at least one of them a cache file.
func ownFolder(dir string) ([]string, bool) {
	if !folderName.MatchString(filepath.Base(dir)) {
		return nil, false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false
	}
	var files []string
	headed := false
	for _, e := range entries {
		if !e.Type().IsRegular() {
			return nil, false
		}
		switch {
		case tmpName.MatchString(e.Name()):
		case hasOwnHeader(filepath.Join(dir, e.Name())):
			headed = true
		default:
			return nil, false
		}
		files = append(files, e.Name())
	}
	return files, headed
}

var (
	folderName = regexp.MustCompile(`^[0-9a-f]{16}$`)
	tmpName    = regexp.MustCompile(`-[0-9]+\.tmp$`)
)

// ownPrefixes start the header of every cache file docsite writes, whatever its version.
var ownPrefixes = []string{"docsite-cache-", "docsite-blobs-"}

// hasOwnHeader says whether file name starts as a docsite cache file does.
func hasOwnHeader(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(f, head); err != nil {
		return false
	}
	for _, p := range ownPrefixes {
		if strings.HasPrefix(string(head), p) {
			return true
		}
	}
	return false
}
