package build

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"docsite/internal/cache"
)

// The groups' entries are kept in groupShards files by the first byte of their key, so
// that a build which changed a page encodes and writes again only the file that holds
// its group (a thirtieth of the 29 MB a corpus of 30,000 pages keeps), and reads the
// files on all cores.
const groupShards = 32

func groupShard(k cache.Key) int { return int(k[0]) % groupShards }

func groupsName(shard int) string { return fmt.Sprintf("%s-%02d", groupsFile, shard) }

// readGroups reads the groups' entries, when the whole site's did not do, a file a core.
func (c *buildCache) readGroups(s *site) {
	want := make(map[cache.Key]bool, len(c.keys))
	for _, k := range c.keys {
		want[k] = true
	}
	wantBody := make(map[cache.Key]bool, len(c.bodies))
	if c.bodiesUsable() {
		for _, k := range c.bodies {
			wantBody[k] = true
		}
	}
	c.groups1 = make(map[cache.Key]*cachedGroup, len(c.keys))
	c.byBody = map[cache.Key]*cachedGroup{}
	var mu sync.Mutex
	s.parallel(context.Background(), groupShards, func(i int) {
		got, err := cache.Read[*cachedGroup](c.dir, groupsName(i), c.version, func(cache.Key) bool { return true })
		c.warn(err)
		if err != nil || got == nil {
			return
		}
		c.shards[i] = slices.SortedFunc(maps.Keys(got), compareKeys)
		mu.Lock()
		defer mu.Unlock()
		for k, e := range got {
			if want[k] {
				c.groups1[k] = e
			} else if wantBody[e.BodyKey] && e.Bodies != nil {
				c.byBody[e.BodyKey] = e
			}
		}
	})
}

// saveGroups writes the groups files whose entries changed: those of the groups built,
// and those that held groups the site no longer has.
func (c *buildCache) saveGroups(s *site) error {
	var keys [groupShards][]cache.Key
	for _, g := range s.groups {
		k := c.keys[g]
		keys[groupShard(k)] = append(keys[groupShard(k)], k)
	}
	for i := range keys {
		slices.SortFunc(keys[i], compareKeys)
		if c.shards[i] != nil && slices.Equal(keys[i], c.shards[i]) {
			continue // the same entries: an entry never changes under its key
		}
		if err := cache.Write(c.dir, groupsName(i), c.version, keys[i], c.next); err != nil {
			return err
		}
	}
	os.Remove(filepath.Join(c.dir, groupsFile)) // the one file of docsite before the shards
	return nil
}

func compareKeys(a, b cache.Key) int { return bytes.Compare(a[:], b[:]) }
