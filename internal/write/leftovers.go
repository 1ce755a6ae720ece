package write

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// Leftover names. Everything this package creates beside dest is a directory
// named
//
//	.<base>.docsite-tmp-<16 hex digits>   a tree being written, or the old
//	                                      tree after the exchange
//	.<base>.docsite-old-<16 hex digits>   the old tree during the fallback swap
//
// where <base> is dest's own name. Cleanup removes only directories (never
// symlinks or files) whose whole name matches this pattern for this dest.
const (
	tmpKind = "tmp"
	oldKind = "old"
)

func leftoverPattern(dest string) *regexp.Regexp {
	base := regexp.QuoteMeta(filepath.Base(dest))
	return regexp.MustCompile(`^\.` + base + `\.docsite-(tmp|old)-[0-9a-f]{16}$`)
}

func leftoverName(dest, kind string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("write: %w", err)
	}
	base := "." + filepath.Base(dest) + ".docsite-" + kind + "-" + hex.EncodeToString(b[:])
	return filepath.Join(filepath.Dir(dest), base), nil
}

// leftovers lists the leftover directories of dest by kind, sorted by name.
func leftovers(dest string) (map[string][]string, error) {
	entries, err := os.ReadDir(filepath.Dir(dest))
	if err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	re := leftoverPattern(dest)
	found := map[string][]string{}
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if m == nil || e.Type()&os.ModeType != os.ModeDir {
			continue
		}
		found[m[1]] = append(found[m[1]], filepath.Join(filepath.Dir(dest), e.Name()))
	}
	return found, nil
}

// removeLeftovers deletes every leftover directory of dest.
func removeLeftovers(dest string) error {
	found, err := leftovers(dest)
	if err != nil {
		return err
	}
	for _, kind := range []string{tmpKind, oldKind} {
		for _, dir := range found[kind] {
			if err := os.RemoveAll(dir); err != nil {
				return fmt.Errorf("write: removing leftover %s: %w", dir, err)
			}
		}
	}
	return nil
}

// restoreOld puts the old tree back when a build was killed between the two
// renames of the fallback swap: dest is missing and exactly one old tree
// waits beside it. Anything else is left to removeLeftovers.
func restoreOld(dest string) error {
	if _, err := os.Lstat(dest); !os.IsNotExist(err) {
		return nil
	}
	found, err := leftovers(dest)
	if err != nil || len(found[oldKind]) != 1 {
		return err
	}
	if err := os.Rename(found[oldKind][0], dest); err != nil {
		return fmt.Errorf("write: restoring %s: %w", dest, err)
	}
	return nil
}
