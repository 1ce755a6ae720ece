package write

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"testing"
	"testing/fstest"
)

// Files derived by overlays must read as the plain set of their files, as an fs.FS too,
// before and after the overlay is folded into a new base.
func TestFilesOverlay(t *testing.T) {
	base := map[string][]byte{
		"index.html":         []byte("root"),
		"en/a/index.html":    []byte("a"),
		"en/b/index.html":    []byte("b"),
		"zh/a/index.html":    []byte("甲"),
		"static/site.css":    []byte("css"),
		"_review/index.html": []byte("review"),
	}
	want := maps.Clone(base)
	f := NewFiles(base)
	steps := []struct {
		set map[string][]byte
		del []string
	}{
		{map[string][]byte{"en/a/index.html": []byte("a2")}, nil},
		{nil, []string{"en/b/index.html", "nowhere.html"}},
		{map[string][]byte{"en/c/d/index.html": []byte("cd"), "en/a/index.html": []byte("a")}, []string{"zh/a/index.html"}},
		{map[string][]byte{"en/b/index.html": []byte("b again")}, []string{"en/b/index.html"}},
	}
	for i, step := range steps {
		prev, prevWant := f, maps.Clone(want)
		f = f.With(step.set, step.del)
		for _, name := range step.del {
			delete(want, name)
		}
		maps.Copy(want, step.set)
		check(t, fmt.Sprint("step ", i), f, want)
		check(t, fmt.Sprint("before step ", i), prev, prevWant)
	}
	if f.isDir("zh") || f.isDir("zh/a") || !f.isDir("en/b") || !f.isDir("en/c") {
		t.Error("folders do not follow their files")
	}
	// Enough changes to fold the overlay into a new base.
	big := map[string][]byte{}
	for i := range f.maxOverlay() + 1 {
		big[fmt.Sprintf("gen/%d/index.html", i)] = []byte{byte(i)}
	}
	folded := f.With(big, nil)
	if folded.over != nil {
		t.Error("overlay not folded")
	}
	maps.Copy(want, big)
	sameMap(t, "folded", folded.Map(), want)
	if folded.Len() != len(want) {
		t.Errorf("folded: Len %d, want %d", folded.Len(), len(want))
	}
	if data, err := folded.ReadFile("gen/7/index.html"); err != nil || string(data) != "\x07" {
		t.Errorf("folded: gen/7/index.html: %q, %v", data, err)
	}
}

func check(t *testing.T, step string, f *Files, want map[string][]byte) {
	t.Helper()
	sameMap(t, step, f.Map(), want)
	if f.Len() != len(want) {
		t.Errorf("%s: Len %d, want %d", step, f.Len(), len(want))
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	if err := fstest.TestFS(f, names...); err != nil {
		t.Errorf("%s: %v", step, err)
	}
}

func sameMap(t *testing.T, step string, got, want map[string][]byte) {
	t.Helper()
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Errorf("%s: files differ\n got %q\nwant %q", step, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		return
	}
	for name, data := range want {
		if !bytes.Equal(got[name], data) {
			t.Errorf("%s: %s is %q, want %q", step, name, got[name], data)
		}
	}
}
