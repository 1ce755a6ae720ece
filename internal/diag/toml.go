package diag

import (
	"errors"
	"fmt"
	"regexp"
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
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if m := tomlType.FindStringSubmatch(msg); m != nil && len(de.Key()) > 0 {
			msg = fmt.Sprintf("%s: want %s, not %s", strings.Join(de.Key(), "."), wantType(m[2]), tomlTypes[m[1]])
		}
		return List{Errorf(file, line+firstLine-1, col, code, "%s", msg)}
	}
	return List{Errorf(file, 0, 0, code, "%v", err)}
}

// tomlType is go-toml's message for a value of the wrong type, which names the Go field
// and type it was decoded into: "cannot decode TOML integer into struct field
// config.Site.BaseURL of type string".
var tomlType = regexp.MustCompile(`^cannot decode TOML (\w+) into .* of type (\S+)$`)

// tomlTypes name go-toml's TOML types as a user would.
var tomlTypes = map[string]string{
	"string": "text", "integer": "a whole number", "float": "a number", "boolean": "true or false",
	"array": "a list", "table": "a table", "datetime": "a date", "date": "a date", "time": "a time",
	"inline": "a table",
}

// wantType names the Go type a TOML value is decoded into in the user's terms.
func wantType(goType string) string {
	if elem, ok := strings.CutPrefix(goType, "[]"); ok {
		return "a list of " + strings.TrimPrefix(wantType(elem), "a ")
	}
	switch goType {
	case "string":
		return "text"
	case "bool":
		return "true or false"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	case "time.Time", "toml.LocalDate", "toml.LocalDateTime":
		return "a date"
	}
	if strings.HasPrefix(goType, "map[") || strings.Contains(goType, ".") {
		return "a table"
	}
	return "another type"
}
