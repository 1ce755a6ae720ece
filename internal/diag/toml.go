package diag

import (
	"errors"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// TOML returns err, an error of go-toml's decoder reading TOML text of file, as
// diagnostics at their line and column: one per unknown key, with code unknownKey, when a
// strict decoder found any (unknown key "a.b"); else the syntax or type error go-toml
// located, with code; else err with no line. The text starts on line firstLine of file (1
// for a whole file, 2 for front matter after its opening line).
func TOML(file string, firstLine int, err error, code, unknownKey string) List {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		var l List
		for _, e := range strict.Errors {
			line, col := e.Position()
			l = append(l, Errorf(file, line+firstLine-1, col, unknownKey, "unknown key %q", strings.Join(e.Key(), ".")))
		}
		return l
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		return List{Errorf(file, line+firstLine-1, col, code, "%s", strings.TrimPrefix(de.Error(), "toml: "))}
	}
	return List{Errorf(file, 0, 0, code, "%v", err)}
}
