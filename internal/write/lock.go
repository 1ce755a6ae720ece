package write

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// dirLock is an exclusive flock on the directory that holds dest, so that
// two builds into the same place cannot remove each other's temporary trees.
// The kernel drops it when the process dies, so a killed build never leaves
// it behind.
type dirLock struct{ f *os.File }

func lockDir(dir string) (*dirLock, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		f.Close()
		return nil, fmt.Errorf("write: %s: another build is writing here", dir)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("write: locking %s: %w", dir, err)
	}
	return &dirLock{f: f}, nil
}

func (l *dirLock) release() {
	l.f.Close() // closing the last descriptor drops the flock
}
