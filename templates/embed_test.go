package templates

import (
	"io/fs"
	"os"
	"path"
	"testing"
)

// Every template in this folder is embedded: go:embed leaves out files whose names start
// with "_" or "." when it embeds a folder, and a site without templates of its own would
// then miss them (gpu/_offers.html once did).
func TestEveryTemplateEmbedded(t *testing.T) {
	err := fs.WalkDir(os.DirFS("."), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if path.Ext(name) == ".html" {
			if _, err := fs.Stat(FS, name); err != nil {
				t.Errorf("%s is not embedded: %v", name, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
