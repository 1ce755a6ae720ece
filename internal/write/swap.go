package write

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// swap puts the directory tmp in dest's place and returns where the old tree
// now is ("" if there was none).
//
// With a dest: renameat2(RENAME_EXCHANGE) swaps the two names in one step;
// the old tree ends up at tmp's name. Without one: renameat2(RENAME_NOREPLACE)
// so that a dest created meanwhile is never silently replaced.
//
// Fallback, where renameat2 or its flags are unsupported (ENOSYS, EINVAL:
// old kernels, some network and FUSE filesystems): dest is renamed aside to
// a ".docsite-old-" leftover, then tmp is renamed to dest. Between the two
// renames dest does not exist. A build killed in that window leaves dest
// missing and the old tree beside it; the next Begin renames the old tree
// back, so dest is again the whole old tree, never a mix.
func swap(tmp, dest string) (old string, err error) {
	info, err := os.Lstat(dest)
	switch {
	case os.IsNotExist(err):
		return "", moveNew(tmp, dest)
	case err != nil:
		return "", fmt.Errorf("write: %w", err)
	case !info.IsDir():
		return "", fmt.Errorf("write: %s exists and is not a directory; refusing to replace it", dest)
	}
	err = unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dest, unix.RENAME_EXCHANGE)
	if unsupported(err) {
		return renameTwice(tmp, dest)
	}
	if err != nil {
		return "", fmt.Errorf("write: exchanging %s and %s: %w", tmp, dest, err)
	}
	return tmp, nil
}

func moveNew(tmp, dest string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dest, unix.RENAME_NOREPLACE)
	if unsupported(err) {
		err = os.Rename(tmp, dest)
	}
	if err != nil {
		return fmt.Errorf("write: moving %s to %s: %w", tmp, dest, err)
	}
	return nil
}

// renameTwice is the non-atomic fallback described on swap.
func renameTwice(tmp, dest string) (string, error) {
	old, err := leftoverName(dest, oldKind)
	if err != nil {
		return "", err
	}
	if err := os.Rename(dest, old); err != nil {
		return "", fmt.Errorf("write: moving %s aside: %w", dest, err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		if rerr := os.Rename(old, dest); rerr != nil {
			return "", fmt.Errorf("write: moving %s to %s: %w (and restoring the old tree: %v; the next build restores it)", tmp, dest, err, rerr)
		}
		return "", fmt.Errorf("write: moving %s to %s: %w", tmp, dest, err)
	}
	return old, nil
}

func unsupported(err error) bool {
	return errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL)
}
