package load

import (
	"encoding/binary"
	"errors"
	"time"

	"golang.org/x/sys/unix"
)

// Pages a build has seen. Reading and checking 30,000 markdown files is most of a build
// that finds nothing changed; a build cache (package build) keeps what reading each page
// found (Seen) with the file's status when it was read, and the next build takes that
// instead of the file while the file's status is the same: its size, modification and
// change times, inode and device. The change time is set by the kernel on every write,
// rename or chmod, and no program can set it back, so a file edited and given its old
// modification time again is read again.
//
// A file whose times are within StableAfter of the build that read it is not kept: a
// file system with coarse times (a second, two on FAT) gives a file written twice in one
// tick the same status, and the build may have read the first version. Make compares
// times the same way and has the same blind spot; Git and the go command close it with
// the same kind of margin.

// StableAfter is how old a file's times must be, when a build starts reading, for what it
// reads to be kept (Seen). Tests that write files and build at once set it to 0: on a
// file system with nanosecond times, a build lasting longer than a clock tick is enough.
var StableAfter = 2 * time.Second

// FileStat is the status of a file a build compares.
type FileStat struct {
	Dev, Ino     uint64
	Size         int64
	Mtime, Ctime int64 // nanoseconds since 1970
}

func statOf(st *unix.Stat_t) FileStat {
	return FileStat{Dev: st.Dev, Ino: st.Ino, Size: st.Size,
		Mtime: st.Mtim.Sec*1e9 + st.Mtim.Nsec, Ctime: st.Ctim.Sec*1e9 + st.Ctim.Nsec}
}

// Seen is what a build found reading a page file: all a later build needs of the page
// before it builds it (Pages), as long as the file's status is Stat.
type Seen struct {
	Stat          FileStat
	Sum, FrontSum [32]byte // Page.Sum and Page.FrontSum
	Size, Blank   int      // the file's length, its front matter block's
	Title         string   // Page.Title
	Front         []byte   // the front matter block as in the file: Pages decodes it again
}

// Seen returns what the build found reading the page, when a later build can take it
// instead of the file: the page read cleanly, and the file had not changed for a while.
func (p *Page) Seen() (Seen, bool) {
	if p.seen == nil || p.Err != nil {
		return Seen{}, false
	}
	return *p.seen, true
}

// Known gives what an earlier build saw of the page file at file (a slash path from the
// site root), if it kept it.
type Known func(file string) (Seen, bool)

// AppendBinary appends s in the form ParseSeen reads.
func (s Seen) AppendBinary(b []byte) ([]byte, error) {
	for _, n := range []uint64{s.Stat.Dev, s.Stat.Ino, uint64(s.Stat.Size), uint64(s.Stat.Mtime), uint64(s.Stat.Ctime), uint64(s.Size), uint64(s.Blank)} {
		b = binary.AppendUvarint(b, n)
	}
	b = append(b, s.Sum[:]...)
	b = append(b, s.FrontSum[:]...)
	b = binary.AppendUvarint(b, uint64(len(s.Title)))
	b = append(b, s.Title...)
	return append(b, s.Front...), nil
}

// ParseSeen reads what AppendBinary wrote. Front is a slice of b.
func ParseSeen(b []byte) (Seen, error) {
	bad := errors.New("load: damaged page record")
	var n [7]uint64
	for i := range n {
		v, k := binary.Uvarint(b)
		if k <= 0 {
			return Seen{}, bad
		}
		n[i], b = v, b[k:]
	}
	s := Seen{Stat: FileStat{Dev: n[0], Ino: n[1], Size: int64(n[2]), Mtime: int64(n[3]), Ctime: int64(n[4])},
		Size: int(n[5]), Blank: int(n[6])}
	if len(b) < 64 {
		return Seen{}, bad
	}
	copy(s.Sum[:], b)
	copy(s.FrontSum[:], b[32:])
	b = b[64:]
	l, k := binary.Uvarint(b)
	if k <= 0 || l > uint64(len(b)-k) {
		return Seen{}, bad
	}
	s.Title, s.Front = string(b[k:k+int(l)]), b[k+int(l):]
	if s.Size < 0 || s.Blank != len(s.Front) || s.Blank > s.Size || s.Stat.Size != int64(s.Size) {
		return Seen{}, bad
	}
	return s, nil
}

// fromSeen makes the page at name from what an earlier build saw, when the file's status
// is still s.Stat and was already stable then; nil when the file must be read. A front
// matter that no longer decodes the same way (a newer docsite) is read from the file.
func fromSeen(r *Root, lang, name string, s Seen, start time.Time) *Page {
	if !stable(s.Stat, start) {
		return nil
	}
	st, ok := r.statBeneath(name)
	if !ok || st != s.Stat {
		return nil
	}
	p := newPage(lang, name)
	if p.badName() != nil {
		return nil // read reports it
	}
	blank, err := decodeFrontMatter(s.Front, &p.Meta)
	if err != nil || blank != s.Blank {
		return nil
	}
	p.Sum, p.FrontSum, p.size, p.blank, p.title = s.Sum, s.FrontSum, s.Size, s.Blank, s.Title
	p.bySum = true
	p.settle()
	p.seen = &s
	return p
}

// stable reports whether a file of status st had not changed for stableAfter when the
// build started reading.
func stable(st FileStat, start time.Time) bool {
	limit := start.Add(-StableAfter).UnixNano()
	return st.Mtime < limit && st.Ctime < limit
}

// statBeneath gives the status of name, resolved beneath the root; ok is false where
// openat2 cannot say.
func (r *Root) statBeneath(name string) (FileStat, bool) {
	if r.mounts != nil {
		name = r.fileName(name)
	}
	if r.slow.Load() {
		return FileStat{}, false
	}
	fd, err := r.openBeneath(name, unix.O_PATH|unix.O_CLOEXEC)
	if err != nil {
		return FileStat{}, false
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return FileStat{}, false
	}
	return statOf(&st), true
}
